"""The style guard: the shipped questions do not give their yes or no away, and a wording that does is caught."""

from __future__ import annotations

from corpus import Corpus
from eval.style_guard import LIMIT, Labelled, guard, yes_no_questions


def test_the_shipped_questions_do_not_give_their_answer_away(corpus: Corpus) -> None:
    questions = yes_no_questions(corpus)
    assert len({q.ruling for q in questions}) >= 150
    result = guard(questions)
    assert result.passed, result
    assert 0.4 <= result.yes_share <= 0.6


def test_a_wording_that_gives_the_answer_away_is_caught() -> None:
    topics = ["cards", "gold", "tiles", "warriors", "districts", "bonus", "necros", "rounds", "powers", "flags"]
    questions = [
        Labelled(f"r{n}", "en", f"{opener} keep the {topic} number {k}?", answer)
        for n, topic in enumerate(topics)
        for k in range(4)
        for opener, answer in (("Do I really", "no"), ("Can I", "yes"))
    ]
    result = guard(questions)
    assert not result.passed
    assert result.balanced_accuracy > LIMIT
