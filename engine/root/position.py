"""A Necropossums position: clearings with their pieces, and the faction board. Partial by design.

The general Root rules (the map, movement, battle dice, who rules a clearing) are not in the texts: the map's
facts a question needs (suits, adjacency, corners, who rules) are inputs of the position, never filled in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from engine.errors import EngineError, ImpossiblePosition, MissingFact

#: The Cabal's supply of warriors (CN.3.1).
SUPPLY = 15
#: The warriors CN.3.2 places at set-up; whether they come out of the supply is not said (notes/warrior-supply).
STARTING = 3


class Suit(Enum):
    """A clearing's suit; a Cemetery, a Necro and an action marker each have one."""

    MOUSE = "mouse"
    RABBIT = "rabbit"
    FOX = "fox"

    @property
    def fr(self) -> str:
        """The French name."""
        return {Suit.MOUSE: "souris", Suit.RABBIT: "lapin", Suit.FOX: "renard"}[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its English or French name; ``EngineError`` quoting anything else."""
        key = text.strip().lower()
        for suit in cls:
            if key in (suit.value, suit.fr):
                return suit
        raise EngineError(f"unknown suit {text!r}; expected mouse, rabbit or fox")


@dataclass(frozen=True)
class Clearing:
    """One clearing: its suit and the pieces in it."""

    id: str
    suit: Suit
    #: The Cabal's regular warriors (Necros are counted apart).
    warriors: int = 0
    #: The Necros standing here, by their colour.
    necros: frozenset[Suit] = frozenset()
    #: The Cemetery here, if any, by its colour.
    cemetery: Suit | None = None
    #: Enemy pieces by faction: warriors, and buildings and tokens.
    enemy_warriors: Mapping[str, int] = field(default_factory=dict)
    enemy_buildings: Mapping[str, int] = field(default_factory=dict)
    enemy_tokens: Mapping[str, int] = field(default_factory=dict)
    #: Whether the Cabal rules this clearing (a general Root rule: an input).
    ruled: bool | None = None
    #: Map facts, inputs when a question needs them: a corner clearing, an edge clearing.
    corner: bool | None = None
    edge: bool | None = None

    def __post_init__(self) -> None:
        counts = [
            self.warriors,
            *self.enemy_warriors.values(),
            *self.enemy_buildings.values(),
            *self.enemy_tokens.values(),
        ]
        if any(n < 0 for n in counts):
            raise ImpossiblePosition(f"clearing {self.id!r} has a negative count of pieces")

    @property
    def enemy_pieces(self) -> int:
        """Every enemy piece here: warriors, buildings and tokens."""
        return sum(self.enemy_warriors.values()) + sum(self.enemy_buildings.values()) + sum(self.enemy_tokens.values())

    @property
    def enemy_warrior_count(self) -> int:
        """Enemy warriors here."""
        return sum(self.enemy_warriors.values())


@dataclass(frozen=True)
class Board:
    """The faction board: pieces not in play, the action markers, the wheel, the supply, hand and points."""

    #: Regular warriors left in the supply; ``None`` unknown.
    supply: int | None = None
    #: Cards in hand, by suit (``mouse``, ``rabbit``, ``fox`` or ``bird``); ``None`` unknown.
    hand: tuple[str, ...] | None = None
    victory_points: int | None = None
    #: The action markers that are face up (not yet used this turn).
    markers_up: frozenset[Suit] | None = None
    #: The action pair the Macabre Wheel points at, as (thumb, index); ``None`` unknown or at the centre.
    wheel: tuple[str, str] | None = None


@dataclass(frozen=True)
class RootPosition:
    """The clearings (with the Cabal's and enemies' pieces) and the faction board."""

    clearings: tuple[Clearing, ...]
    board: Board = field(default_factory=Board)

    def __post_init__(self) -> None:
        ids = [c.id for c in self.clearings]
        if len(set(ids)) != len(ids):
            raise ImpossiblePosition(f"two clearings share an id in {ids!r}")
        for kind, owners in (
            ("Necro", [s for c in self.clearings for s in c.necros]),
            ("Cemetery", [c.cemetery for c in self.clearings if c.cemetery]),
        ):
            doubles = sorted({s.value for s in owners if owners.count(s) > 1})
            if doubles:
                raise ImpossiblePosition(
                    f"there is one {kind} of each colour, but {doubles[0]} appears twice",
                    fr=f"il y a un seul {_FR[kind]} de chaque couleur, mais {doubles[0]} est donné deux fois",
                )
        if self.board.supply is not None and not 0 <= self.board.supply <= SUPPLY:
            raise ImpossiblePosition(f"the supply holds 0 to {SUPPLY} warriors, not {self.board.supply}")

    def check_warriors(self) -> RootPosition:
        """This position, as a player states it; ``ImpossiblePosition`` when it holds more warriors than the Cabal
        has (the rules' own steps move warriors one clearing at a time, so this is checked on input only)."""
        counted = sum(c.warriors for c in self.clearings) + (self.board.supply or 0)
        if counted > SUPPLY + STARTING:  # whether the 3 starting warriors are among the 15 is not said
            raise ImpossiblePosition(
                f"the Cabal has at most {SUPPLY + STARTING} warriors (a supply of {SUPPLY}, CN.3.1, perhaps with the "
                f"{STARTING} starting ones besides: notes/warrior-supply), not {counted}",
                fr=f"la Cabale a au plus {SUPPLY + STARTING} guerriers (une réserve de {SUPPLY}, CN.3.1, peut-être "
                f"avec les {STARTING} du départ en plus : notes/warrior-supply), pas {counted}",
            )
        return self

    def clearing(self, clearing_id: str) -> Clearing:
        """The clearing ``clearing_id``; ``ImpossiblePosition`` quoting an unknown one."""
        for c in self.clearings:
            if c.id == clearing_id:
                return c
        raise ImpossiblePosition(f"no clearing {clearing_id!r}; clearings: {', '.join(c.id for c in self.clearings)}")

    def cemeteries(self) -> tuple[Clearing, ...]:
        """The clearings that hold a Cemetery."""
        return tuple(c for c in self.clearings if c.cemetery is not None)

    def necro_clearing(self, suit: Suit) -> Clearing | None:
        """Where the Necro of ``suit`` stands, or ``None`` when it is not in play."""
        return next((c for c in self.clearings if suit in c.necros), None)

    def cemetery_clearing(self, suit: Suit) -> Clearing | None:
        """Where the Cemetery of ``suit`` is, or ``None`` when it is not in play."""
        return next((c for c in self.clearings if c.cemetery is suit), None)

    def known_supply(self) -> int:
        """The supply; ``MissingFact`` when unknown."""
        if self.board.supply is None:
            raise MissingFact("board.supply")
        return self.board.supply

    def with_clearing(self, clearing: Clearing) -> RootPosition:
        """The position with ``clearing`` replacing the one of the same id."""
        return RootPosition(tuple(clearing if c.id == clearing.id else c for c in self.clearings), self.board)


#: The pieces' French names, for the errors a player's position can meet.
_FR = {"Necro": "Nécro", "Cemetery": "Cimetière"}
