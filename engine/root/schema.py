"""The JSON form of a Necropossums position and its queries (pydantic, exported as JSON Schema).

Example::

    {"game": "root",
     "clearings": [{"id": "c1", "suit": "fox", "warriors": 7, "necros": ["fox"], "cemetery": "fox"}],
     "board": {"supply": 5},
     "queries": [{"query": "ritual"}]}
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.errors import ImpossiblePosition
from engine.root.position import Board, Clearing, RootPosition, Suit

SuitName = Literal["mouse", "rabbit", "fox"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ClearingIn(_Model):
    """One clearing; enemy pieces are counts by faction."""

    id: str = Field(min_length=1)
    suit: SuitName
    warriors: int = Field(default=0, ge=0)
    necros: list[SuitName] = Field(default_factory=list)
    cemetery: SuitName | None = None
    enemy_warriors: dict[str, int] = Field(default_factory=dict)
    enemy_buildings: dict[str, int] = Field(default_factory=dict)
    enemy_tokens: dict[str, int] = Field(default_factory=dict)
    ruled: bool | None = None
    corner: bool | None = None
    edge: bool | None = None

    def to_clearing(self) -> Clearing:
        """The engine's value; ``ImpossiblePosition`` when a Necro is given twice (there is one of each colour)."""
        doubles = sorted({s for s in self.necros if self.necros.count(s) > 1})
        if doubles:
            raise ImpossiblePosition(f"there is one Necro of each colour, but {doubles[0]} appears twice")
        return Clearing(
            self.id,
            Suit(self.suit),
            self.warriors,
            frozenset(Suit(s) for s in self.necros),
            Suit(self.cemetery) if self.cemetery else None,
            dict(self.enemy_warriors),
            dict(self.enemy_buildings),
            dict(self.enemy_tokens),
            self.ruled,
            self.corner,
            self.edge,
        )


ActionName = Literal["boot", "sword", "card", "skull", "hammer"]


class BoardIn(_Model):
    """The faction board; a field left out is unknown."""

    supply: int | None = Field(default=None, ge=0)
    hand: list[str] | None = Field(default=None, description="Cards in hand by suit: mouse, rabbit, fox or bird")
    victory_points: int | None = None
    markers_up: list[SuitName] | None = Field(
        default=None, description="The Necro action markers still face up this turn"
    )
    wheel: tuple[ActionName, ActionName] | None = Field(
        default=None, description="The pair the Macabre Wheel points at, as [thumb, index]; left out: the centre"
    )


class RitualQuery(_Model):
    """The most points Rituals can score this turn, and a plan."""

    query: Literal["ritual"]


class CemeteryQuery(_Model):
    """What removing a Cemetery does."""

    query: Literal["remove_cemetery"]
    suit: SuitName


class BattleQuery(_Model):
    """The Cabal's losses in a battle (regular warriors first, then Necros)."""

    query: Literal["battle_losses"]
    clearing: str
    hits: int = Field(ge=0)


class AfterBattleQuery(_Model):
    """Where Ambiance lugubre and Présence morbide place warriors after a battle."""

    query: Literal["after_battle"]
    clearing: str
    enemy_warriors_removed: int = Field(ge=0)
    necro_removed: bool = False
    cemetery_removed: bool = False
    choice: str | None = None


class BirdsongQuery(_Model):
    """Aurore: Sinistre retour, then Fossoyer (optionally with one bird card)."""

    query: Literal["birdsong"]
    bird: bool = False
    choice: str | None = None


class GravediggingQuery(_Model):
    """Aurore, Fossoyer: a warrior in each clearing with a Cemetery (two with one bird card spent)."""

    query: Literal["gravedigging"]
    bird: bool = False


class RevenantQuery(_Model):
    """Revenant: where a Necro removed from the map goes."""

    query: Literal["remove_necro"]
    suit: SuitName
    with_cemetery: bool = Field(default=False, description="Removed by the same action as its Cemetery")


class WheelQuery(_Model):
    """A turn of the Macabre Wheel with a Necro: the pair must change; thumb first, then index."""

    query: Literal["wheel"]
    necro: SuitName
    pair: tuple[ActionName, ActionName] = Field(description="[thumb, index]")


class HammerQuery(_Model):
    """The Hammer: which of Crafting and Building the Necro can do here (Building: the hand's cards)."""

    query: Literal["hammer"]
    necro: SuitName


class SkullQuery(_Model):
    """The Skull: can the Necro perform it (an enemy warrior in its clearing)?"""

    query: Literal["skull"]
    necro: SuitName


RootQuery = Annotated[
    RitualQuery
    | CemeteryQuery
    | BattleQuery
    | AfterBattleQuery
    | BirdsongQuery
    | GravediggingQuery
    | RevenantQuery
    | WheelQuery
    | HammerQuery
    | SkullQuery,
    Field(discriminator="query"),
]


class RootPositionIn(_Model):
    """A Necropossums position (possibly partial) and the queries to run on it."""

    game: Literal["root"] = "root"
    clearings: list[ClearingIn] = Field(default_factory=list)
    board: BoardIn = Field(default_factory=BoardIn)
    queries: list[RootQuery] = Field(default_factory=list)

    def to_position(self) -> RootPosition:
        """The engine's value; ``ImpossiblePosition`` quotes what cannot be."""
        b = self.board
        board = Board(
            b.supply,
            None if b.hand is None else tuple(b.hand),
            b.victory_points,
            None if b.markers_up is None else frozenset(Suit(s) for s in b.markers_up),
            b.wheel,
        )
        return RootPosition(tuple(c.to_clearing() for c in self.clearings), board).check_warriors()


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a Root position file."""
    return RootPositionIn.model_json_schema()
