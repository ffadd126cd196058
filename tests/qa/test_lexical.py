"""BM25 ranking with French and English analysis."""

from __future__ import annotations

import pytest

from corpus import Corpus
from qa.analysis import analyze
from qa.lexical import LexicalRanker


@pytest.fixture(scope="module")
def ranker(corpus: Corpus) -> LexicalRanker:
    return LexicalRanker(corpus)


def test_analysis_folds_accents_and_stems() -> None:
    assert analyze("Prophète", "fr") == analyze("prophete", "fr")
    assert analyze("les Cimetières", "fr") == analyze("cimetiere", "fr")
    assert analyze("the warriors", "en") == ["warrior"]


def test_analysis_keeps_rule_numbers_whole() -> None:
    assert "cn.2.5" in analyze("que dit CN.2.5 ?", "fr")


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="no analysis for language 'de'"):
        analyze("Spielregeln", "de")


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        ("Combien rapporte un jeton Or ?", "fr", "cl2-rules/faq/jeton-or"),
        ("CN.6.1", "fr", "root-necropossums/cn-6-1"),
        ("Que fait le pouvoir du Marchand en fin de manche ?", "fr", "cl2-power-tiles/config-a/marchand"),
        ("What does the Intruder do?", "en", "cl2-expansion/set-e/intruder"),
        ("vector cards final score", "en", "cl2-expansion/set-e/vector"),
    ],
)
def test_exact_terms_find_their_section(ranker: LexicalRanker, question: str, lang: str, expected: str) -> None:
    hits = ranker.rank(question, lang)
    assert hits[0].section.id == expected
    assert hits[0].rank == 1 and hits[0].score > 0


def test_furniture_and_headings_are_never_ranked(ranker: LexicalRanker) -> None:
    hits = ranker.rank("Dans le même genre, du même auteur Kristian Amundsen Østby, fiches à imprimer", "fr", k=50)
    ids = {h.section.id for h in hits}
    assert "cl2-rules/meme-genre" not in ids and "cl2-rules/aide-de-jeu" not in ids
    assert all(h.section.text for h in hits)


def test_ranking_stays_in_the_question_language(ranker: LexicalRanker) -> None:
    assert {h.section.lang for h in ranker.rank("Rituel Cimetière guerriers", "fr", k=10)} == {"fr"}


def test_game_filter(ranker: LexicalRanker) -> None:
    hits = ranker.rank("carte guerriers manche district", "fr", k=20, games=["root"])
    assert hits and {h.section.game for h in hits} == {"root"}


def test_nothing_in_common_gives_no_hit(ranker: LexicalRanker) -> None:
    assert ranker.rank("zzzz qqqq", "fr") == []


def test_scores_are_sorted(ranker: LexicalRanker) -> None:
    hits = ranker.rank("carte Bonus égalité jeton Or", "fr", k=5)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert [h.rank for h in hits] == list(range(1, len(hits) + 1))
