"""The regression gate: per-case results compared with a committed baseline."""

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

#: What the baseline records per case (latency is left out: it is noise, not a regression).
FIELDS = ("passed", "hit1", "hit5", "accurate", "predicted")


def default_baseline_file() -> Path:
    """The baseline committed beside the cases."""
    return Path(str(resources.files("eval").joinpath("baseline.json")))


def _record(result: CaseResult) -> dict[str, Any]:
    data = result.to_dict()
    return {field: data[field] for field in FIELDS}


@dataclass(frozen=True)
class Change:
    """One case whose recorded result changed."""

    id: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None

    @property
    def regression(self) -> bool:
        """A case that passed in the baseline and now fails."""
        return bool(self.before and self.before["passed"] and self.after is not None and not self.after["passed"])

    def describe(self) -> str:
        """One line: what changed."""
        if self.before is None:
            return f"+ {self.id}: new case ({'passes' if self.after and self.after['passed'] else 'fails'})"
        if self.after is None:
            return f"- {self.id}: no longer in the case set"
        diffs = ", ".join(f"{f} {self.before[f]} -> {self.after[f]}" for f in FIELDS if self.before[f] != self.after[f])
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
    before = {i: r for i, r in recorded.items() if scope is None or i in scope}
    after = {r.id: _record(r) for r in results}
    changes = [Change(i, before.get(i), after[i]) for i in after if before.get(i) != after[i]]
    changes += [Change(i, before[i], None) for i in before if i not in after]
    return changes


def write_baseline(path: Path, results: Sequence[CaseResult], backend: str) -> None:
    """Record ``results`` as the new baseline, atomically."""
    data = {"backend": backend, "results": {r.id: _record(r) for r in sorted(results, key=lambda r: r.id)}}
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".baseline-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(temp, path)
