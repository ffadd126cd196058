"""A question analysed once: its kind, its parts, whether it has anything to search for."""

from __future__ import annotations

import pytest

from qa.query import QuestionKind, read_query


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Can I do the Ritual twice?", QuestionKind.YES_NO),
        ("Est-ce que je perds mes cartes quand je dépasse ?", QuestionKind.YES_NO),  # "quand" in a yes/no question
        ("Peut-on jouer deux cartes ?", QuestionKind.YES_NO),
        ("Combien de guerriers retire le Rituel ?", QuestionKind.COUNT),
        ("Where do the removed warriors go?", QuestionKind.PLACE),
        ("How does the Agent work?", QuestionKind.OPEN),
    ],
)
def test_question_kind(question: str, kind: QuestionKind) -> None:
    assert read_query(question).kind is kind


def test_a_question_in_two_parts_is_split() -> None:
    query = read_query("How long does a game take, and from what age can you play?")
    assert query.parts == ("How long does a game take", "from what age can you play?")
    assert read_query("How many warriors does the Ritual remove?").parts == (
        "How many warriors does the Ritual remove?",
    )


@pytest.mark.parametrize("question", ["the", "le la les", "\x01\x02 the of ?"])
def test_stop_words_alone_leave_nothing_to_search(question: str) -> None:
    assert not read_query(question).has_content
