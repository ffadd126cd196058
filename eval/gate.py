"""The regression gate: per-case results compared with a committed baseline.

The baseline records, beside each case's result, its margin: how far the similarity that decided it stood
from the threshold or rival score it was compared with (:mod:`qa.margin`). Similarities are computed exactly
(:mod:`qa.vectors`) from the strict engine's vectors (:mod:`qa.e5_engine`), so every machine running it gives
the same figures; :data:`TOLERANCE` is the largest spread measured between computations that should agree. A case
that changes while its margin is within that tolerance, in the baseline and now, is reported as *marginal* and
does not fail the gate. (The prebuilt fast-math engine moves similarities by up to 8.7e-3: a gate run on it
against a baseline recorded on the strict one reports real changes, not marginal ones.)
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from eval.metrics import CaseResult

#: What the baseline records per case and compares (latency is left out: it is noise, not a regression).
FIELDS = ("passed", "hit1", "hit5", "accurate", "predicted")

#: The largest spread measured between two computations of the same similarity: Chroma's float32 kernel against
#: the exact fixed-point one (:mod:`qa.vectors`), 4.47e-7 over the 20 best sections of every case. The strict engine
#: (:mod:`qa.e5_engine`) gave bit-identical vectors compiled by gcc at -O1, -O2, -O3 and by clang, on 1 or 2
#: threads and in any batch order, so nothing wider was measured between builds that should agree. (The prebuilt
#: fast-math engine moved similarities by up to 8.7e-3 from the strict one: that is not noise to forgive.) Never
#: set it wider than measured: it decides which changes the gate forgives.
TOLERANCE = 4.47e-7


def default_baseline_file() -> Path:
    """The baseline committed beside the cases."""
    return Path(str(resources.files("eval").joinpath("baseline.json")))


def _record(result: CaseResult) -> dict[str, Any]:
    data = result.to_dict()
    return {field: data[field] for field in FIELDS}


def _margin(result: CaseResult) -> float | None:
    return None if result.margin is None else round(result.margin, 6)


def is_marginal(margin: float | None, tolerance: float = TOLERANCE) -> bool:
    """True when a decision came within ``tolerance`` of going the other way.

    >>> is_marginal(1e-7), is_marginal(0.03), is_marginal(None)
    (True, False, False)
    """
    return margin is not None and margin <= tolerance


@dataclass(frozen=True)
class Change:
    """One case whose recorded result changed."""

    id: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    #: The case's margin in the baseline and now.
    margins: tuple[float | None, float | None] = (None, None)

    @property
    def marginal(self) -> bool:
        """The decision stood within the tolerance both in the baseline and now: a change a build or a machine
        can make on its own."""
        return self.before is not None and self.after is not None and all(is_marginal(m) for m in self.margins)

    @property
    def regression(self) -> bool:
        """A case that passed in the baseline and now fails, and not on a margin within the tolerance."""
        return bool(
            self.before
            and self.before["passed"]
            and self.after is not None
            and not self.after["passed"]
            and not self.marginal
        )

    def describe(self) -> str:
        """One line: what changed."""
        if self.before is None:
            return f"+ {self.id}: new case ({'passes' if self.after and self.after['passed'] else 'fails'})"
        if self.after is None:
            return f"- {self.id}: no longer in the case set"
        diffs = ", ".join(f"{f} {self.before[f]} -> {self.after[f]}" for f in FIELDS if self.before[f] != self.after[f])
        if self.marginal:
            shown = " / ".join("—" if m is None else f"{m:.6f}" for m in self.margins)
            return f"≈ {self.id}: marginal (margin {shown} ≤ {TOLERANCE}): {diffs}"
        mark = (
            "REGRESSION"
            if self.regression
            else ("fixed" if self.after["passed"] and not self.before["passed"] else "changed")
        )
        return f"{'!' if self.regression else '~'} {self.id}: {mark}: {diffs}"


def load_baseline(path: Path) -> dict[str, Any] | None:
    """The baseline, or ``None`` when there is none yet."""
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def compare(
    baseline: dict[str, Any] | None, results: Sequence[CaseResult], scope: set[str] | None = None
) -> list[Change]:
    """Every case whose recorded fields differ from the baseline (new and removed cases included).

    ``scope`` limits the comparison to those case ids (when only part of the set was run).
    """
    recorded: dict[str, dict[str, Any]] = (baseline or {}).get("results", {})
    before = {i: {f: r[f] for f in FIELDS} for i, r in recorded.items() if scope is None or i in scope}
    margin_before = {i: r.get("margin") for i, r in recorded.items()}
    after = {r.id: _record(r) for r in results}
    margin_after = {r.id: _margin(r) for r in results}
    changes = [
        Change(i, before.get(i), after[i], (margin_before.get(i), margin_after[i]))
        for i in after
        if before.get(i) != after[i]
    ]
    changes += [Change(i, before[i], None, (margin_before.get(i), None)) for i in before if i not in after]
    return changes


def marginal_cases(results: Sequence[CaseResult], tolerance: float = TOLERANCE) -> list[str]:
    """The cases whose decision came within ``tolerance`` of going the other way: the gate cannot see a regression
    on them, so their count is always printed."""
    return [r.id for r in results if is_marginal(r.margin, tolerance)]


def write_baseline(path: Path, results: Sequence[CaseResult], backend: str) -> None:
    """Record ``results`` as the new baseline, atomically."""
    data = {
        "backend": backend,
        "tolerance": TOLERANCE,
        "results": {r.id: {**_record(r), "margin": _margin(r)} for r in sorted(results, key=lambda r: r.id)},
    }
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".baseline-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(temp, path)
