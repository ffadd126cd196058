"""The Architect (set E): tiles with a criterion; meeting it during your turn gives 2 gold.

>>> ArchitectTile.parse("=12").met({Colour.PINK: 12, Colour.GREEN: 3})
True
>>> ArchitectTile.parse("pink=green").met({Colour.PINK: 9, Colour.GREEN: 9})
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from engine.cl2.cards import Colour
from engine.cl2.position import Position
from engine.errors import EngineError
from engine.steps import Step

ARCHITECT = "cl2-expansion/set-e/architect"
EXACT_TOTALS = (12, 14, 16, 18)
REWARD = 2


@dataclass(frozen=True)
class ArchitectTile:
    """Type 1: a district of exactly ``total``; type 2: the two ``pair`` districts equal and not empty."""

    total: int | None = None
    pair: tuple[Colour, Colour] | None = None

    def __post_init__(self) -> None:
        if (self.total is None) == (self.pair is None):
            raise EngineError(f"an architect tile has a total or a pair of districts: {self!r}")
        if self.total is not None and self.total not in EXACT_TOTALS:
            raise EngineError(f"type 1 architect tiles show =12, =14, =16 or =18, not ={self.total}")

    @classmethod
    def parse(cls, text: str) -> ArchitectTile:
        """``=12`` (type 1) or ``pink=green`` (type 2)."""
        left, sep, right = text.partition("=")
        if not sep:
            raise EngineError(f"an architect tile is written '=12' or 'pink=green', not {text!r}")
        if not left:
            return cls(total=int(right))
        return cls(pair=(Colour.parse(left), Colour.parse(right)))

    def format(self) -> str:
        """The form :meth:`parse` reads."""
        return f"={self.total}" if self.pair is None else f"{self.pair[0].value}={self.pair[1].value}"

    def met(self, totals: Mapping[Colour, int], non_empty: frozenset[Colour] | None = None) -> bool:
        """True when the criterion holds for these City district totals."""
        if self.pair is None:
            return self.total in totals.values()
        a, b = self.pair
        filled = non_empty if non_empty is not None else frozenset(c for c, t in totals.items() if t)
        return a in filled and b in filled and totals[a] == totals[b]


def claim(position: Position, name: str, tile: ArchitectTile) -> tuple[Position, Step]:
    """If ``name``'s City meets ``tile``'s criterion: discard the tile and take 2 gold.

    The rule says "at any point during your turn" and its examples "at the end of your turn"
    (``notes/architect-timing``): this checks the City as the position gives it.
    """
    player = position.player(name)
    colours = tile.pair or tuple(player.city)
    totals = {c: player.district_total(c) for c in colours}
    non_empty = frozenset(c for c in colours if player.district(c))
    if not tile.met(totals, non_empty):
        raise EngineError(f"{name}'s City does not meet the architect tile {tile.format()}")
    gold = player.known_gold()
    players = tuple(replace(p, gold=gold + REWARD) if p.name == name else p for p in position.players)
    return replace(position, players=players), Step(
        ARCHITECT,
        f"{name} remplit le critère {tile.format()} : il défausse la tuile et prend 2 jetons Or",
        f"{name} meets the criterion {tile.format()}: they discard the tile and take 2 gold",
        reading="notes/architect-timing",
    )
