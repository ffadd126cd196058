"""How close a decision came to going the other way.

Every time retrieval or composition compares a similarity with a threshold, or with a rival's, the distance
between the two is noted. The smallest is the decision's **margin**: the least change of a similarity that
could have changed the answer. Two builds of the embedding engine, or two machines, whose similarities differ
by less than a case's margin give that case the same answer; the regression gate uses this to tell a case
that flipped on a hair from a real regression.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Margins:
    """The comparisons of similarities one decision made (lexical scores are exact and not noted)."""

    #: The distance of each comparison, in the order made.
    distances: list[float] = field(default_factory=list)

    def at_least(self, score: float, bound: float) -> bool:
        """``score >= bound``, noting how far apart they are.

        >>> m = Margins()
        >>> m.at_least(0.72, 0.70), m.at_least(0.5, 0.6), round(m.margin or 0, 3)
        (True, False, 0.02)
        """
        self.distances.append(abs(score - bound))
        return score >= bound

    def gap(self, first: float, second: float) -> None:
        """Note that the order of two scores decided something (the closest ruling and its rival)."""
        self.distances.append(abs(first - second))

    def add(self, margin: float | None) -> None:
        """Note a margin computed elsewhere (retrieval's ranking)."""
        if margin is not None:
            self.distances.append(margin)

    @property
    def margin(self) -> float | None:
        """The smallest distance noted, or ``None`` when no similarity was compared."""
        return min(self.distances, default=None)
