"""The one answer function, on the real model and index: any text gets an answer, never an exception."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qa.ask import Asker


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(min_size=1, max_size=60).filter(lambda t: t.strip()))
def test_any_text_gets_an_answer(asker: Asker, text: str) -> None:
    answer = asker.ask(text)
    assert answer.kind in ("rules", "clarify", "not_found") and answer.answer
    assert answer.reason is not None


@pytest.mark.parametrize(("question", "lang"), [("the", "en"), ("le la les", "fr"), ("\x01\x02 the of", "en")])
def test_a_question_of_stop_words_says_so_in_its_language(asker: Asker, question: str, lang: str) -> None:
    answer = asker.ask(question)
    assert (answer.kind, answer.reason, answer.lang) == ("clarify", "no_content", lang)
    assert ("Combien rapporte un jeton Or" if lang == "fr" else "gold token") in answer.answer


def test_a_question_in_two_parts_gets_both(asker: Asker) -> None:
    answer = asker.ask("How long does a game take, and from what age can you play?")
    assert answer.reason == "parts"
    assert "15 to 40" in answer.answer and "10" in answer.answer
    assert {c.section for c in answer.citations} >= {"cl2-rules/le-jeu"}


def test_a_thing_no_text_names_is_named(asker: Asker) -> None:
    answer = asker.ask("What does the Wizard tile do in configuration D?")
    assert (answer.kind, answer.reason) == ("not_found", "unknown_thing")
    assert "'configuration D'" in answer.answer and "'Wizard'" in answer.answer
