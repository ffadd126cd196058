"""The evaluation set: valid, and the mix the retrieval issue asks for."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from corpus import Corpus
from eval.cases import Case, CaseError, load_cases


@pytest.fixture(scope="module")
def cases(corpus: Corpus) -> tuple[Case, ...]:
    return load_cases(corpus)


def test_at_least_150_cases(cases: tuple[Case, ...]) -> None:
    assert len(cases) >= 150


def test_at_least_60_in_each_language(cases: tuple[Case, ...]) -> None:
    by_lang = Counter(c.lang for c in cases)
    assert by_lang["fr"] >= 60 and by_lang["en"] >= 60


def test_at_least_40_asked_in_the_other_language(cases: tuple[Case, ...], corpus: Corpus) -> None:
    crossed = [c for c in cases if c.sections and corpus.original(c.sections[0]).lang != c.lang]
    assert len(crossed) >= 40


def test_casual_phrasings_and_typos(cases: tuple[Case, ...]) -> None:
    styles = Counter(c.style for c in cases)
    assert styles["casual"] >= 20 and styles["typo"] >= 10


def test_at_least_25_the_rules_do_not_answer(cases: tuple[Case, ...]) -> None:
    assert sum(c.not_found for c in cases) >= 25


def test_every_document_and_every_power_tile_module_and_faction_rule_is_asked_about(
    cases: tuple[Case, ...], corpus: Corpus
) -> None:
    expected = {s for c in cases for s in c.sections}
    leaves = [i for i in corpus.section_ids() if corpus.original(i).is_retrievable]
    assert [i for i in leaves if i not in expected] == []


def test_split_once_into_two_balanced_halves(cases: tuple[Case, ...]) -> None:
    halves = Counter(c.half for c in cases)
    assert abs(halves["dev"] - halves["test"]) <= 0.1 * len(cases)
    for lang in ("fr", "en"):
        in_lang = Counter(c.half for c in cases if c.lang == lang)
        assert in_lang["test"] >= 0.4 * sum(in_lang.values())
    not_found = Counter(c.half for c in cases if c.not_found)
    assert not_found["test"] >= 10


def test_answerable_cases_have_facts(cases: tuple[Case, ...]) -> None:
    assert all(c.facts and all(c.facts) for c in cases if not c.not_found and not c.expect)
    assert all(c.expect in ("yes", "no") for c in cases if c.set == "polarity")


def test_bad_case_is_reported_with_file_and_line(tmp_path: Path, corpus: Corpus) -> None:
    bad = tmp_path / "cases.yaml"
    bad.write_text(
        "cases:\n- id: x\n  half: dev\n  question: q\n  lang: fr\n  game: null\n  style: plain\n"
        "  sections: [cl2-rules/nope]\n  facts: [[a]]\n  not_found: false\n",
        encoding="utf-8",
    )
    with pytest.raises(CaseError) as caught:
        load_cases(corpus, bad)
    assert caught.value.line == 2
    assert "case 'x': unknown section 'cl2-rules/nope'" in str(caught.value)


def test_not_found_case_must_have_no_sections(tmp_path: Path, corpus: Corpus) -> None:
    bad = tmp_path / "cases.yaml"
    bad.write_text(
        "cases:\n- id: y\n  half: test\n  question: q\n  lang: en\n  style: plain\n"
        "  sections: [cl2-rules/faq/jeton-or]\n  facts: []\n  not_found: true\n",
        encoding="utf-8",
    )
    with pytest.raises(CaseError, match="only a not_found case has none"):
        load_cases(corpus, bad)
