"""Calibrate the yes/no settings (``DecisionSettings.answer_margin`` and ``answer_least``) on the dev halves only.

Every dev yes/no case of every set is asked through the answer function once per candidate pair (the least
similarity of the nearest authored question, the margin over the nearest of another answer); each pair prints how
many get the right yes or no first, a wrong one, or none. The pair chosen answers most right while the wrong stay
at or under ``--max-wrong`` (a share); on a tie, the stricter.

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

MARGINS = (0.0, 0.01, 0.02, 0.03, 0.05)
LEAST = (0.0, 0.86, 0.88, 0.9, 0.91, 0.92, 0.93, 0.94)


@dataclass(frozen=True)
class Point:
    """The yes/no figures of one pair of settings."""

    least: float
    margin: float
    right: int
    wrong: int
    withheld: int

    @property
    def cases(self) -> int:
        """How many yes/no cases were asked."""
        return self.right + self.wrong + self.withheld


def measure(asker: Asker, cases: Sequence[Case], least: float, margin: float) -> Point:
    """Ask every case with these settings; count the right, wrong and withheld yes or no."""
    asker.decider.settings = replace(asker.decider.settings, answer_margin=margin, answer_least=least)
    said = [said_verdict(asker.ask(c.question).answer) for c in cases]
    right = sum(s == c.expect for s, c in zip(said, cases, strict=True))
    withheld = sum(s is None for s in said)
    return Point(least, margin, right, len(cases) - right - withheld, withheld)


def choose(points: Sequence[Point], max_wrong: float) -> Point:
    """The point with most right answers among those with at most ``max_wrong`` wrong; the stricter on a tie.

    >>> choose([Point(0.9, 0.0, 80, 10, 10), Point(0.9, 0.02, 70, 1, 29), Point(0.9, 0.04, 70, 0, 30)], 0.02).margin
    0.04
    """
    safe = [p for p in points if p.wrong <= max_wrong * p.cases] or [min(points, key=lambda p: p.wrong)]
    return max(safe, key=lambda p: (p.right, -p.wrong, p.least, p.margin))


@click.command()
@click.option("--max-wrong", default=0.02, show_default=True, help="The largest share of wrong yes or no.")
def main(max_wrong: float) -> None:
    """Print, for each candidate margin, the dev yes/no cases right, wrong and withheld; then the margin chosen."""
    asker = Asker(build=False)
    cases = [c for c in load_cases(asker.corpus) if c.half == "dev" and c.expect]
    base = DecisionSettings()
    points = []
    for least in LEAST:
        for margin in MARGINS:
            p = measure(asker, cases, least, margin)
            points.append(p)
            click.echo(
                f"least {least:<5} margin {margin:<5} right {p.right:4}  wrong {p.wrong:4}  withheld {p.withheld:4}"
            )
    best = choose(points, max_wrong)
    click.echo(
        f"{len(cases)} dev yes/no cases; chosen: least {best.least}, margin {best.margin} "
        f"(now {base.answer_least}, {base.answer_margin})"
    )


if __name__ == "__main__":
    main()
