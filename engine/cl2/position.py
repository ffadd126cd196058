"""A Capital Lux 2 position: partial by design. A fact the question did not give is simply absent, and a
query that needs it raises :class:`~engine.errors.MissingFact` naming it.

Facts the texts never give (how many cards of each value exist, the values on Agent tiles) are inputs of
the position, never filled in from memory.

Powers follow one policy (:meth:`Position.power_on`): a colour left out of ``powers`` is unknown, and a query
asks for it (``MissingFact("powers.yellow")``) when, and only when, its power could change the answer; it is
never taken to be "not the Sentinel". A colour mapped to ``None`` is a stated assumption: no power on it matters
here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.cl2.cards import Card, Colour
from engine.cl2.power import Power, fits
from engine.cl2.tiles import ArchitectTile
from engine.cl2.undercover import Undercover
from engine.errors import ImpossiblePosition, MissingFact

#: What a position says of a colour's power: the power, or ``None`` when it says that no power on that colour
#: matters here (a stated assumption). A colour left out of ``Position.powers`` is unknown.
PowerOn = Power | None


class Powers(Mapping[Colour, PowerOn]):
    """What a position says of each colour's power, checked once when it is built: each power on a colour it can
    sit on, and on one colour only. A position keeps this value through every change that leaves it alone.

    >>> Powers({Colour.YELLOW: Power.MERCHANT, Colour.BLUE: None})[Colour.YELLOW]
    <Power.MERCHANT: 'merchant'>
    """

    __slots__ = ("_table",)

    def __init__(self, table: Mapping[Colour, PowerOn]) -> None:
        for colour, power in table.items():
            if power is not None and not isinstance(power, Power):
                raise ImpossiblePosition(f"{power!r} on {colour.value} is not a power; Power.parse({power!r}) reads it")
            if power is not None and not fits(power, colour):
                raise ImpossiblePosition(f"power {power.value!r} cannot sit on {colour.value}")
        placed = [p for p in table.values() if p is not None]
        if len(set(placed)) != len(placed):
            raise ImpossiblePosition(f"a power sits on two colours: {sorted(p.value for p in placed)!r}")
        self._table = dict(table)

    def __getitem__(self, colour: Colour) -> PowerOn:
        return self._table[colour]

    def __iter__(self) -> Iterator[Colour]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)

    def __eq__(self, other: object) -> bool:
        return dict(self._table) == dict(other) if isinstance(other, Mapping) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a mapping, compared by content

    def __repr__(self) -> str:
        return f"Powers({self._table!r})"


def _total(cards: tuple[Card, ...]) -> int:
    return sum(card.value for card in cards)


@dataclass(frozen=True)
class Player:
    """One player's side of the table; ``None`` or an absent colour is an unknown fact."""

    name: str
    #: The City (home base) districts that are known, by colour.
    city: Mapping[Colour, tuple[Card, ...]] = field(default_factory=dict)
    gold: int | None = None
    bonus: tuple[Card, ...] | None = None
    hand: tuple[Card, ...] | None = None
    #: The architect tile the player owns (at most one).
    architect: ArchitectTile | None = None
    #: At game end, what a player may state by its total only: their City, their Bonus cards, their final score.
    city_total: int | None = None
    bonus_total: int | None = None
    score: int | None = None

    def __post_init__(self) -> None:
        if self.gold is not None and self.gold < 0:
            raise ImpossiblePosition(f"player {self.name!r} cannot have {self.gold} gold")
        for colour, cards in self.city.items():
            # a played Rebel card is treated as a card of the district it lies in
            # (and a dualist card counts as the colour it takes in the City, or keeps its Capital colour when
            # the Clerc moved it there)
            wrong = [c.format() for c in cards if colour not in (c.colour, c.alt) and c.kind != "rebel"]
            if wrong:
                raise ImpossiblePosition(f"{self.name!r}'s {colour.value} district holds {', '.join(wrong)}")

    def district(self, colour: Colour) -> tuple[Card, ...]:
        """The cards of one City district; ``MissingFact`` when the position does not say."""
        if colour not in self.city:
            raise MissingFact(f"{self.name}.city.{colour.value}")
        return self.city[colour]

    def district_total(self, colour: Colour) -> int:
        """The total value of one City district."""
        return _total(self.district(colour))

    def known_gold(self) -> int:
        """The player's gold; ``MissingFact`` when unknown."""
        if self.gold is None:
            raise MissingFact(f"{self.name}.gold")
        return self.gold


@dataclass(frozen=True)
class Position:
    """The Capital, the players, and which power sits on each colour."""

    players: tuple[Player, ...]
    capital: Mapping[Colour, tuple[Card, ...]] = field(default_factory=dict)
    #: The power on each colour; ``None``: no power on that colour matters here; absent: unknown.
    powers: Mapping[Colour, PowerOn] = field(default_factory=dict)
    #: The revealed Agent tiles' values on each colour's Power card (an input: the texts never give them).
    agent_tiles: Mapping[Colour, tuple[int, ...]] = field(default_factory=dict)
    #: Agent tiles placed face down this round, by Power card (revealed at round end).
    hidden_agent_tiles: Mapping[Colour, tuple[int, ...]] = field(default_factory=dict)
    #: The Agent tile stack, top first; ``()`` empty; ``None`` unknown.
    agent_stack: tuple[int, ...] | None = None
    #: The top of the citizen deck, top first; ``()`` empty; ``None`` unknown.
    deck_top: tuple[Card, ...] | None = None
    #: The Undercover module's state, when it is played.
    undercover: Undercover | None = None
    #: Prophète: the face-up tiles' values, and the stack (top first; ``None`` unknown).
    prophet_tiles: tuple[int, ...] = ()
    prophet_stack: tuple[int, ...] | None = None
    #: Prosélytiste: the display (face up).
    display: tuple[Card, ...] | None = None
    #: Recruteur: the face-up card on the recruiter deck, and the deck under it (top first; ``None`` unknown).
    recruiter_top: Card | None = None
    recruiter_deck: tuple[Card, ...] | None = None
    #: Rebel cards (Infiltré, Intruder): the deck, top first (with the Intruder its top card is face up).
    rebel_deck: tuple[Card, ...] | None = None
    #: Infiltré: the colour of the Power card the Rebel flag stands on.
    rebel_flag: Colour | None = None
    #: Dualiste: the dualist deck, top first (``None`` unknown).
    dualist_deck: tuple[Card, ...] | None = None
    #: Vector: the vector deck, top first; its top card is face up (``None`` unknown).
    vector_deck: tuple[Card, ...] | None = None
    #: Experimenter: the open display of experimenter cards, and the deck that refills it (top first).
    experimenter_display: tuple[Card, ...] | None = None
    experimenter_deck: tuple[Card, ...] | None = None
    #: Mentalist Secret Card: cards lying face down in the Capital (they cannot be moved, discarded or taken).
    face_down: tuple[Card, ...] = ()
    #: Architect: the two face-up tiles, the stack (top first; ``None`` unknown) and the discards.
    architect_display: tuple[ArchitectTile, ...] | None = None
    architect_stack: tuple[ArchitectTile, ...] | None = None
    architect_discard: tuple[ArchitectTile, ...] = ()

    def __post_init__(self) -> None:
        names = [p.name for p in self.players]
        if len(set(names)) != len(names):
            raise ImpossiblePosition(f"two players share a name in {names!r}")
        if not isinstance(self.powers, Powers):
            object.__setattr__(self, "powers", Powers(self.powers))
        if self.agent_tiles and self.powers.get(Colour.BLUE) is not Power.AGENT:
            raise ImpossiblePosition("Agent tiles are given but the Agent is not in play on blue")
        purple = Colour.PURPLE in self.capital or any(Colour.PURPLE in p.city for p in self.players)
        if purple and self.undercover is None:
            raise ImpossiblePosition("a purple district is given but the Undercover module is not in play")

    def player(self, name: str) -> Player:
        """The player called ``name``; ``ImpossiblePosition`` quoting an unknown one."""
        for p in self.players:
            if p.name == name:
                return p
        raise ImpossiblePosition(f"no player {name!r}; players: {', '.join(p.name for p in self.players)}")

    def capital_district(self, colour: Colour) -> tuple[Card, ...]:
        """The Capital's district of ``colour``; ``MissingFact`` when the position does not say."""
        if colour not in self.capital:
            raise MissingFact(f"capital.{colour.value}")
        return self.capital[colour]

    @property
    def colours_in_play(self) -> tuple[Colour, ...]:
        """The districts of this game, in the order the round end resolves them: purple first with the Undercover
        module (``cl2-expansion/undercover/round-end``: resolved and counted like any other district)."""
        return (Colour.PURPLE, *_BASE) if self.undercover is not None else _BASE

    # --- the one policy for powers: an unknown colour is asked for, never guessed ------------------------------

    def power_on(self, colour: Colour) -> Power | None:
        """The power on ``colour``, or ``None`` when the position says none there matters.

        ``MissingFact("powers.<colour>")`` when the position does not say. Purple has no Power card: ``None``.
        """
        if colour is Colour.PURPLE:
            return None
        if colour not in self.powers:
            raise MissingFact(f"powers.{colour.value}")
        return self.powers[colour]

    def in_play(self, colour: Colour, power: Power) -> bool:
        """True when ``power`` sits on ``colour``; ``MissingFact`` when the position does not say."""
        return self.power_on(colour) is power

    def power_in_game(self, power: Power) -> bool:
        """True when ``power`` sits on some colour. A preset power can only sit on its own colours; a set E power
        on any base colour, so every colour it could sit on must be known (or stated as mattering not) before
        the answer is no: ``MissingFact`` names the first that is not."""
        colours = [colour for colour in _BASE if fits(power, colour)]
        if any(self.powers.get(colour) is power for colour in colours):
            return True
        for colour in colours:
            self.power_on(colour)  # raises for the first colour the position does not give
        return False

    def with_player(self, player: Player, **changes: Any) -> Position:
        """The position with ``player`` replacing the player of the same name (and ``changes`` made to it, in one
        step)."""
        players = tuple(player if p.name == player.name else p for p in self.players)
        return replace(self, players=players, **changes)


_BASE = (Colour.BLUE, Colour.PINK, Colour.YELLOW, Colour.GREEN)
