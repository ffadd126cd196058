"""Calibrate the yes/no margin (``DecisionSettings.answer_margin``) on the dev halves only.

Every dev yes/no case of every set is asked through the answer function once per candidate margin; each margin
prints how many get the right yes or no first, a wrong one, or none. The margin chosen is the one that answers
most right while the wrong stay at or under ``--max-wrong`` (a share), the smallest such margin on a tie.

    python -m eval.calibrate
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import click

from eval.cases import Case, load_cases
from eval.metrics import said_verdict
from qa.ask import Asker
from qa.decision import DecisionSettings

GRID = (0.0, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05, 0.06, 0.08)


@dataclass(frozen=True)
class Point:
    """The yes/no figures of one margin."""

    margin: float
    right: int
    wrong: int
    withheld: int

    @property
    def cases(self) -> int:
        """How many yes/no cases were asked."""
        return self.right + self.wrong + self.withheld


def measure(asker: Asker, cases: Sequence[Case], margin: float) -> Point:
    """Ask every case with ``margin``; count the right, wrong and withheld yes or no."""
    asker.decider.settings = replace(asker.decider.settings, answer_margin=margin)
    said = [said_verdict(asker.ask(c.question).answer) for c in cases]
    right = sum(s == c.expect for s, c in zip(said, cases, strict=True))
    withheld = sum(s is None for s in said)
    return Point(margin, right, len(cases) - right - withheld, withheld)


def choose(points: Sequence[Point], max_wrong: float) -> Point:
    """The point with most right answers among those with at most ``max_wrong`` wrong; the smallest margin on a tie.

    >>> choose([Point(0.0, 80, 10, 10), Point(0.02, 70, 1, 29), Point(0.04, 70, 0, 30)], 0.02).margin
    0.02
    """
    safe = [p for p in points if p.wrong <= max_wrong * p.cases] or [min(points, key=lambda p: p.wrong)]
    return max(safe, key=lambda p: (p.right, -p.margin))


@click.command()
@click.option("--max-wrong", default=0.02, show_default=True, help="The largest share of wrong yes or no.")
def main(max_wrong: float) -> None:
    """Print, for each candidate margin, the dev yes/no cases right, wrong and withheld; then the margin chosen."""
    asker = Asker(build=False)
    cases = [c for c in load_cases(asker.corpus) if c.half == "dev" and c.expect]
    base = DecisionSettings()
    points = []
    for margin in GRID:
        point = measure(asker, cases, margin)
        points.append(point)
        click.echo(f"margin {margin:<6} right {point.right:4}  wrong {point.wrong:4}  withheld {point.withheld:4}")
    best = choose(points, max_wrong)
    click.echo(f"{len(cases)} dev yes/no cases; chosen margin {best.margin} (now {base.answer_margin})")


if __name__ == "__main__":
    main()
