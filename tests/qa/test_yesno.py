"""The yes or no by matching: each reason a reading gives an answer, or withholds it."""

from __future__ import annotations

import pytest

from corpus import Corpus
from qa.yesno import Because, Neighbour, labels, read_answer, tell_apart

KEEP = Neighbour("Est-ce que je garde mes cartes jaunes ?", "yes", 0.0)
LOSE = Neighbour("Est-ce que je perds mes cartes jaunes ?", "no", 0.0, trigger="perds", pair=KEEP.text)


def near(n: Neighbour, similarity: float) -> Neighbour:
    return Neighbour(n.text, n.label, similarity, n.trigger, n.pair)


def test_the_nearest_question_answers_when_the_other_answer_is_a_margin_further() -> None:
    reading = read_answer("je garde tout ?", "fr", (near(KEEP, 0.91), near(LOSE, 0.85)), margin=0.02)
    assert reading is not None
    assert (reading.label, reading.because) == ("yes", Because.NEAREST)
    assert reading.gap == pytest.approx(0.06)


def test_within_the_margin_the_words_that_turn_the_answer_decide() -> None:
    close = (near(KEEP, 0.90), near(LOSE, 0.895))
    lose = read_answer("du coup je perds mes jaunes ?", "fr", close, margin=0.02)
    keep = read_answer("du coup je garde mes jaunes ?", "fr", close, margin=0.02)
    assert lose is not None and (lose.label, lose.because) == ("no", Because.TRIGGER)
    assert keep is not None and (keep.label, keep.because) == ("yes", Because.TRIGGER)


def test_within_the_margin_and_nothing_to_tell_them_apart_it_is_withheld() -> None:
    close = (near(KEEP, 0.90), near(LOSE, 0.895))
    both = read_answer("je garde ou je perds mes jaunes ?", "fr", close, margin=0.02)
    neither = read_answer("qu'arrive-t-il à mes jaunes ?", "fr", close, margin=0.02)
    for reading in (both, neither):
        assert reading is not None and (reading.label, reading.because) == (None, Because.TOO_CLOSE)


def test_two_questions_that_are_no_minimal_pair_are_not_told_apart_by_words() -> None:
    other = Neighbour("Mes jaunes sont défaussées ?", "no", 0.0)
    assert tell_apart("je perds mes jaunes ?", "fr", near(KEEP, 0.9), near(other, 0.9)) is None


def test_questions_of_one_answer_only_give_no_yes_or_no() -> None:
    reading = read_answer("je garde ?", "fr", (near(KEEP, 0.9),), margin=0.02)
    assert reading is not None and (reading.label, reading.because) == (None, Because.ONE_ANSWER)
    assert read_answer("je garde ?", "fr", (), margin=0.02) is None


def test_a_near_miss_answers_unsettled() -> None:
    miss = Neighbour("Et si la Capitale n'a aucune carte jaune ?", "unsettled", 0.93)
    reading = read_answer("et si la capitale a rien en jaune ?", "fr", (miss, near(KEEP, 0.8)), margin=0.02)
    assert reading is not None and reading.label == "unsettled"


def test_labels_give_each_stored_question_its_answer(corpus: Corpus) -> None:
    for ruling in corpus.rulings.values():
        for lang in ("fr", "en"):
            found = labels(ruling, lang)
            assert len(found) == len(ruling.questions[lang]) + len(ruling.asked.get(lang, ()))
            own = {n.label for k, n in found.items() if "#a" not in k}
            expected = "unsettled" if ruling.kind == "silent" else ruling.verdict or "answered"
            assert own == {expected}
