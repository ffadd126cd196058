"""A question that asks two things of one position gets both answered, each by its engine query."""

from __future__ import annotations

import pytest

from qa.scenario import Scenario, route, write
from qa.scenario.asks import clauses

TWO = [
    (
        "Capitale verte 12, mon vert 14, Léo 11 en vert : est-ce que je saute, et qui prend le Bonus vert ?",
        "fr",
        ("bonus", "district"),
        ("Léo prend la carte Bonus verte.", "Oui : ton district vert saute (14 > 12) ; ses cartes sont défaussées."),
    ),
    (
        "Capital green 12, my green 11, Leo has 9 in green. Am I safe? And who takes the green Bonus?",
        "en",
        ("bonus", "district"),
        ("You take the green Bonus card.", "Yes: your green cards stay (11 ≤ 12)."),
    ),
    (
        "Final scoring: my City is 40, Bonus cards 5 and 3, 2 gold. Léo City 45, 1 gold. "
        "What is my score, and who wins?",
        "en",
        ("winners", "score"),
        ("You win.", "Your score: 52 (40 + 8 + 4)."),
    ),
]


@pytest.mark.parametrize(("question", "lang", "queries", "verdicts"), TWO)
def test_both_questions_get_their_verdict(
    question: str, lang: str, queries: tuple[str, str], verdicts: tuple[str, str]
) -> None:
    outcome = route(question, lang)
    assert outcome is not None and outcome.then is not None and outcome.frame is not None
    assert (outcome.frame.query, outcome.then.frame.query) == queries  # type: ignore[union-attr]
    lines = write(outcome, lang).split("\n")
    assert lines[0] == verdicts[0] and verdicts[1] in lines[2:4]
    contract = Scenario.of(outcome, question, lang).to_dict()
    assert [v["query"] for v in contract["verdicts"]][:: len(contract["verdicts"]) - 1] == list(queries)
    assert [q["query"] for q in contract["queries"]] == [v["query"] for v in contract["verdicts"]]


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("How much gold do I need so that I do not bust? My blue 17, Capital blue 15, Merchant in play", "en"),
        ("Mon vert fait 14 et la Capitale verte 12, je saute ?", "fr"),
        ("Capital pink 6 and 6, my pink is 12. Do I bust and lose my pink cards?", "en"),
    ],
)
def test_one_question_said_in_two_clauses_gets_one_verdict(question: str, lang: str) -> None:
    outcome = route(question, lang)
    assert outcome is not None and outcome.verdict is not None and outcome.then is None


def test_clauses_split_at_question_marks_and_joins() -> None:
    assert clauses("Capitale 12, moi 14. Je saute ? Et qui prend le Bonus ?") == [
        "Capitale 12, moi 14. Je saute",
        "qui prend le Bonus",
    ]
