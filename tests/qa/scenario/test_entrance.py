"""qa/scenario has one entrance: the rest of qa reaches it through the package, never through its modules."""

from __future__ import annotations

import re
from pathlib import Path

import qa
import qa.scenario

QA = Path(qa.__file__).parent
INSIDE = re.compile(r"^\s*(?:from|import)\s+qa\.scenario\.\w+", re.MULTILINE)


def test_no_module_outside_the_package_imports_one_of_its_modules() -> None:
    outside = [p for p in QA.rglob("*.py") if "scenario" not in p.relative_to(QA).parts]
    assert len(outside) > 30
    reaching = [str(p.relative_to(QA)) for p in outside if INSIDE.search(p.read_text(encoding="utf-8"))]
    assert reaching == []


def test_the_entrance_offers_what_the_decision_and_the_composer_call() -> None:
    assert set(qa.scenario.__all__) == {
        "Outcome",
        "PositionError",
        "Scenario",
        "check",
        "colour_words",
        "number_words",
        "route",
        "write",
    }
