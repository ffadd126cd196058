"""How the two readers did, per set of scenario cases: how often they agreed, how right the answers were when they
agreed, and what their disagreements became (``qa.scenario.accord``: asked back, decided by the learned reading,
or left to the rule reader), each with its share of right answers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eval.scenarios import ScenarioResult

#: The accords where both readers read a verdict that is the same.
AGREE = ("agreed", "renamed", "same_verdict")


def _share(n: int, d: int) -> float | None:
    return round(n / d, 3) if d else None


def accord_figures(results: Sequence[ScenarioResult]) -> dict[str, dict[str, Any]]:
    """Per set (the cases' file) and for all: cases with a learned reading, agreements and their accuracy, and each
    other accord's count and accuracy."""
    sets: dict[str, list[ScenarioResult]] = {"all": list(results)}
    for r in results:
        sets.setdefault(r.case.file.removesuffix(".yaml"), []).append(r)
    figures = {}
    for name, members in sets.items():
        read = [m for m in members if m.accord not in (None, "alone")]
        agreed = [m for m in read if m.accord in AGREE]
        became: dict[str, dict[str, Any]] = {}
        for m in read:
            if m.accord not in AGREE:
                slot = became.setdefault(str(m.accord), {"cases": 0, "passed": 0})
                slot["cases"] += 1
                slot["passed"] += m.result.passed
        figures[name] = {
            "cases": len(members),
            "both_read": len(read),
            "agreed": len(agreed),
            "agreed_share": _share(len(agreed), len(read)),
            "right_when_agreed": _share(sum(m.result.passed for m in agreed), len(agreed)),
            "disagreements": became,
        }
    return figures


def accord_lines(results: Sequence[ScenarioResult]) -> list[str]:
    """The figures as lines of text, one a set."""
    lines = []
    for name, fig in accord_figures(results).items():
        became = ", ".join(f"{k} {v['passed']}/{v['cases']}" for k, v in sorted(fig["disagreements"].items()))
        lines.append(
            f"  {name:22} both read {fig['both_read']:>4}/{fig['cases']:<4} agreed {fig['agreed']:>4} "
            f"({fig['agreed_share']}), right when agreed {fig['right_when_agreed']}; otherwise: {became or '-'}"
        )
    return lines
