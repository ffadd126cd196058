"""A Capital Lux 2 position: partial by design. A fact the question did not give is simply absent, and a
query that needs it raises :class:`~engine.errors.MissingFact` naming it.

Facts the texts never give (how many cards of each value exist, the values on Agent tiles) are inputs of
the position, never filled in from memory.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.cl2.cards import Card, Colour
from engine.cl2.tiles import ArchitectTile
from engine.cl2.undercover import Undercover
from engine.errors import ImpossiblePosition, MissingFact

#: The preset configurations: the power on each colour (cl2-power-tiles).
CONFIGURATIONS: dict[str, dict[Colour, str]] = {
    "A": {Colour.BLUE: "agent", Colour.PINK: "clerc", Colour.YELLOW: "marchand", Colour.GREEN: "savant"},
    "B": {Colour.BLUE: "infiltre", Colour.PINK: "prophete", Colour.YELLOW: "disciple", Colour.GREEN: "proselytiste"},
    "C": {Colour.BLUE: "recruteur", Colour.PINK: "missionnaire", Colour.YELLOW: "sentinelle", Colour.GREEN: "dualiste"},
}
#: The set E powers: which colour each sits on is an input (the texts do not say).
SET_E = frozenset({"intruder", "vector", "architect", "experimenter"})
#: The powers configuration A-C put on each colour; any mix is allowed, each power on its own colour.
POWERS = {colour: {config[colour] for config in CONFIGURATIONS.values()} for colour in CONFIGURATIONS["A"]}


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
    #: The power on each colour (``agent``, ``clerc``, ``marchand``, ``savant``); absent = unknown.
    powers: Mapping[Colour, str] = field(default_factory=dict)
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
        for colour, power in self.powers.items():
            if power not in POWERS.get(colour, set()) | SET_E:
                raise ImpossiblePosition(f"power {power!r} cannot sit on {colour.value}")
        if self.agent_tiles and self.powers.get(Colour.BLUE) != "agent":
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

    def in_play(self, colour: Colour, power: str) -> bool:
        """True when ``power`` sits on ``colour``; ``MissingFact`` when the position does not say."""
        if colour not in self.powers:
            raise MissingFact(f"powers.{colour.value}")
        return self.powers[colour] == power
