"""The scenario set: valid, the mix issue 19 asks for, and scoring that compares typed verdicts."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from corpus import Corpus
from eval.cases import CaseError
from eval.metrics import CaseResult
from eval.scenarios import (
    ScenarioCase,
    ScenarioResult,
    load_scenarios,
    reader_score,
    scenario_figures,
    verdict_matches,
)


@pytest.fixture(scope="module")
def cases() -> tuple[ScenarioCase, ...]:
    return load_scenarios()


def test_at_least_160_cases_in_both_languages_and_halves(cases: tuple[ScenarioCase, ...]) -> None:
    assert len(cases) >= 160
    assert min(Counter(c.lang for c in cases).values()) >= 60
    assert min(Counter(c.half for c in cases).values()) >= 60


def test_clarify_bad_input_and_follow_ups(cases: tuple[ScenarioCase, ...]) -> None:
    kinds = Counter(c.expects for c in cases)
    assert kinds["clarify"] >= 30 and kinds["bad_input"] >= 15
    assert sum(len(c.turns) == 2 for c in cases) >= 20


def test_every_section_named_is_in_the_corpus(cases: tuple[ScenarioCase, ...], corpus: Corpus) -> None:
    known = set(corpus.section_ids())
    assert {s for c in cases for s in c.sections} <= known


def test_every_bad_input_quote_is_in_its_question(cases: tuple[ScenarioCase, ...]) -> None:
    for case in cases:
        if case.expects == "bad_input":
            assert str(case.expected["quote"]) in case.turns[-1], case.id


def test_a_bad_case_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "scenarios.yaml"
    path.write_text("cases:\n- id: x\n  half: dev\n  lang: fr\n  turns: [q]\n  expect: {verdict: {}}\n", "utf-8")
    with pytest.raises(CaseError, match="a verdict names its query"):
        load_scenarios(path)


def test_a_verdict_matches_on_its_typed_fields_never_on_words() -> None:
    scenario = {
        "verdicts": [{"query": "bonus", "verdict": {"winner": None, "tied": ["Léo", "me"], "card": "yellow:7"}}]
    }
    assert verdict_matches({"query": "bonus", "tied": ["me", "Leo"], "card": "yellow:7"}, scenario)
    assert not verdict_matches({"query": "bonus", "tied": ["me"]}, scenario)
    assert not verdict_matches({"query": "district", "busted": True}, scenario)
    assert not verdict_matches({"query": "bonus", "winner": "me"}, None)


def test_a_verdict_matches_when_the_answer_gives_it_second() -> None:
    scenario = {
        "verdicts": [
            {"query": "gold_needed", "verdict": {"player": "me", "colour": "pink", "gold_needed": 3, "enough": True}},
            {"query": "district", "verdict": {"player": "me", "colour": "pink", "gold_spent": 3, "busted": False}},
        ]
    }
    assert verdict_matches({"query": "district", "gold_spent": 3, "busted": False}, scenario)
    assert not verdict_matches({"query": "district", "gold_spent": 2, "busted": False}, scenario)
    assert not verdict_matches({"query": "district", "gold_needed": 3}, scenario)


def test_the_reader_is_scored_fact_by_fact() -> None:
    scenario = {"facts": [{"path": "capital.green", "value": [2, 8, 5]}, {"path": "Me.city.green", "value": 16}]}
    expected = {"capital.green": [2, 8, 5], "me.city.green": [16], "me.gold": 2}
    assert reader_score(expected, scenario) == (2, 3)


def test_a_fresh_set_ships_with_its_brief_and_a_sealed_one_is_not_run() -> None:
    from eval.scenarios import SCENARIO_FILES, SEALED

    folder = Path(__file__).resolve().parents[2] / "eval"
    fresh = [name for name in SCENARIO_FILES if name.startswith("scenarios_fresh")] + list(SEALED)
    assert len(fresh) >= 4 and not set(SEALED) & set(SCENARIO_FILES)
    for name in fresh:
        brief = re.search(r"eval/(scenarios_brief\S*\.md)", (folder / name).read_text(encoding="utf-8").split("\n")[0])
        assert brief is not None and (folder / brief.group(1)).is_file(), name  # the brief its first line names
    for name in SEALED:
        assert len(load_scenarios(folder / name)) >= 120  # in the case format, though nobody has run it


def _solved(case_id: str, expect: dict[str, dict[str, str]], facts: dict[str, object], passed: bool) -> ScenarioResult:
    (kind, expected), *_ = expect.items()
    case = ScenarioCase(case_id, "test", "en", "capital-lux-2", ("plain",), ("q",), kind, expected, facts, (), "")
    result = CaseResult(case_id, "test", "scenario", "en", "plain", "scenario", (), passed, passed, passed, passed,
                        passed, 0.0, reason="scenario")  # fmt: skip
    return ScenarioResult(case, result, 0, 0)


def test_scenario_figures_are_given_by_frame_and_by_power_in_play() -> None:
    solved = [
        _solved("a", {"verdict": {"query": "district"}}, {"powers.yellow": "merchant"}, True),
        _solved("b", {"verdict": {"query": "district"}}, {"power": "merchant", "powers.blue": "agent"}, False),
        _solved("c", {"verdict": {"query": "bonus"}}, {}, True),
        _solved("d", {"clarify": {"ask": "capital.blue"}}, {"power": "agent"}, True),
        _solved("e", {"verdict": {"query": "maximum"}}, {"power": ["agent", "vector"]}, True),
    ]
    figures = scenario_figures(solved)
    assert (figures["frame district"]["cases"], figures["frame district"]["passed"]) == (2, 1)
    assert figures["frame bonus"]["passed"] == 1 and "frame clarify" not in figures
    assert (figures["power merchant"]["cases"], figures["power merchant"]["passed"]) == (2, 1)
    assert figures["power agent"]["cases"] == 3 and figures["power vector"]["cases"] == 1
    named = list(figures)
    assert named[named.index("all") + 1 :][-6:] == [
        *("frame bonus", "frame district", "frame maximum"),
        *("power agent", "power merchant", "power vector"),
    ]
