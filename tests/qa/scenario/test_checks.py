"""What a question says twice: a play, a correction or a contradiction."""

from __future__ import annotations

import pytest

from qa.scenario import route, write

PLAYED_OR_CORRECTED = [
    ("My yellow was 9, I add a 1. The Capital's yellow is 10. Do I bust?", "en", (9, 1), "No: your yellow cards stay"),
    ("Mon jaune était à 9, j'y ajoute un 1. Capitale jaune 10 : je saute ?", "fr", (9, 1), "Non : tes cartes jaunes"),
    ("Mon bleu fait 12, non pardon 13, la Capitale bleue 12 : je saute ?", "fr", 13, "Oui : ton district bleu saute"),
    ("My blue is 12, sorry I mean 13, and the Capital's blue is 12. Do I bust?", "en", 13, "Yes: your blue district"),
]


@pytest.mark.parametrize(("question", "lang", "value", "verdict"), PLAYED_OR_CORRECTED)
def test_a_play_or_a_correction_is_no_contradiction(question: str, lang: str, value: object, verdict: str) -> None:
    outcome = route(question, lang)
    assert outcome is not None and outcome.problem is None and not outcome.reading.contradictions
    (district,) = [f for f in outcome.reading.facts if ".city." in f.path]
    assert district.value == value
    assert write(outcome, lang).startswith(verdict)


def test_two_values_said_of_one_district_at_once_are_quoted() -> None:
    outcome = route("Mon bleu vaut 12. Mon bleu vaut 14. Capitale bleue 13, je saute ?", "fr")
    assert outcome is not None and outcome.problem is not None
    assert outcome.problem.quote == "12. Mon bleu vaut 14" and outcome.problem.fr == "12 ou 14 : lequel ?"


def test_a_card_played_keeps_its_kind() -> None:
    outcome = route(
        "Intruder game: a rebel 8 got dropped into the blue Capital next to a 5. My blue is 12. Bust?", "en"
    )
    assert outcome is not None and outcome.problem is not None and outcome.problem.quote == "rebel 8"


def test_a_play_then_what_the_cards_come_to() -> None:
    agreed = route("My yellow was 9, I add a 1, so 10. Capital yellow 10. Do I bust?", "en")
    assert agreed is not None and agreed.problem is None
    assert write(agreed, "en").startswith("No: your yellow cards stay (10 ≤ 10).")
    disagreed = route("My yellow was 9, I add a 1, so 11. Capital yellow 10. Do I bust?", "en")
    assert disagreed is not None and disagreed.problem is not None
    assert disagreed.problem.quote == "9, I add a 1, so 11"


def test_an_undercover_game_end_counts_its_purple_district() -> None:
    outcome = route(
        "End of game. My city: blue 14, pink 3, yellow 9, green 11, purple 10. One bonus card, an 8. No gold. Score?",
        "en",
    )
    assert outcome is not None and outcome.verdict is not None and outcome.plan is not None
    assert outcome.verdict.verdict["city"] == 47 and "undercover" in outcome.plan.position
    assert any("Undercover" in a.en for a in outcome.plan.assumptions)


@pytest.mark.parametrize(
    ("question", "lang", "total"),
    [
        (
            "Final scoring. My city: blue 8, pink 12, yellow 9, green 10. Bonus cards: one 6. Gold: none. Total?",
            "en",
            45,
        ),
        ("fin de partie : bleu 8, rose 12, jaune 9, vert 10. bonus : 6. or : aucun. total ?", "fr", 45),
    ],
)
def test_gold_said_to_be_none_after_its_name_is_no_gold(question: str, lang: str, total: int) -> None:
    outcome = route(question, lang)
    assert outcome is not None and outcome.problem is None and outcome.verdict is not None
    assert (outcome.verdict.verdict["gold"], outcome.verdict.verdict["total"]) == (0, total)


def test_rather_than_is_no_amendment() -> None:
    outcome = route("1 touche, j'ai mon Nécro et 3 guerriers, je peux perdre le Nécro plutôt qu'un guerrier ?", "fr")
    assert outcome is None or outcome.problem is None
