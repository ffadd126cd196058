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
        """The engine's value."""
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


class BoardIn(_Model):
    """The faction board; a field left out is unknown."""

    supply: int | None = Field(default=None, ge=0)
    hand: list[str] | None = None
    victory_points: int | None = None


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


RootQuery = Annotated[
    RitualQuery | CemeteryQuery | BattleQuery | AfterBattleQuery | BirdsongQuery, Field(discriminator="query")
]


class RootPositionIn(_Model):
    """A Necropossums position (possibly partial) and the queries to run on it."""

    game: Literal["root"] = "root"
    clearings: list[ClearingIn] = Field(default_factory=list)
    board: BoardIn = Field(default_factory=BoardIn)
    queries: list[RootQuery] = Field(default_factory=list)

    def to_position(self) -> RootPosition:
        """The engine's value; ``ImpossiblePosition`` quotes what cannot be."""
        board = Board(
            self.board.supply, None if self.board.hand is None else tuple(self.board.hand), self.board.victory_points
        )
        return RootPosition(tuple(c.to_clearing() for c in self.clearings), board)


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a Root position file."""
    return RootPositionIn.model_json_schema()
