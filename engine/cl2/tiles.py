"""Tiles that are values of a position (kept apart from the powers that use them).

>>> ArchitectTile.parse("=12").met({Colour.PINK: 12, Colour.GREEN: 3})
True
>>> ArchitectTile.parse("pink=green").met({Colour.PINK: 9, Colour.GREEN: 9})
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.cl2.cards import Colour
from engine.errors import EngineError

EXACT_TOTALS = (12, 14, 16, 18)


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
