"""The two readers' figures, per set: agreements and how right they were, and what disagreements became."""

from __future__ import annotations

from eval.accord import accord_figures, accord_lines
from eval.metrics import CaseResult
from eval.scenarios import ScenarioCase, ScenarioResult


def _result(case_id: str, file: str, accord: str | None, passed: bool) -> ScenarioResult:
    case = ScenarioCase(case_id, "test", "fr", "capital-lux-2", (), ("q",), "verdict", {}, {}, (), "", file)
    result = CaseResult(
        id=case_id, half="test", kind="scenario", lang="fr", style="plain", predicted="scenario", ranked=(),
        hit1=passed, hit5=True, accurate=passed, direct=passed, grounded=passed, seconds=0.0,
    )  # fmt: skip
    return ScenarioResult(case, result, 0, 0, accord)


def test_agreements_and_disagreements_are_counted_per_set() -> None:
    results = [
        _result("a", "one.yaml", "agreed", True),
        _result("b", "one.yaml", "same_verdict", False),
        _result("c", "one.yaml", "asked", False),
        _result("d", "two.yaml", "learned", True),
        _result("e", "two.yaml", "alone", True),
        _result("f", "two.yaml", None, False),
    ]
    figures = accord_figures(results)
    assert figures["one"] == {
        "cases": 3, "both_read": 3, "agreed": 2, "agreed_share": 0.667, "right_when_agreed": 0.5,
        "disagreements": {"asked": {"cases": 1, "passed": 0}},
    }  # fmt: skip
    assert figures["two"]["both_read"] == 1 and figures["two"]["agreed_share"] == 0.0
    assert figures["two"]["right_when_agreed"] is None  # no agreement to be right in
    assert figures["all"]["disagreements"] == {"asked": {"cases": 1, "passed": 0}, "learned": {"cases": 1, "passed": 1}}
    lines = accord_lines(results)
    assert lines[1].split()[0] == "one" and "asked 0/1" in lines[1]
