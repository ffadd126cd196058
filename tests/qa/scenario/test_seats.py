"""The seats, the Undercover module and its current card, read from a question."""

from __future__ import annotations

import pytest

from qa.scenario.lexicon import lex
from qa.scenario.seats import seat_facts


@pytest.mark.parametrize(
    ("question", "current"),
    [
        (
            "The current undercover card shows the pink power and lets blue into purple; our pink is the Cleric.",
            "pink/blue",
        ),
        ("La carte Undercover visible montre le pouvoir vert et la couleur supplémentaire jaune.", "green/yellow"),
        ("Carte undercover : pouvoir jaune, couleur en plus bleu.", "yellow/blue"),
        ("Undercover module, with the Scholar as the green power. I play green 3.", None),  # no card said
    ],
)
def test_the_current_undercover_card_is_the_power_shown_then_the_extra_colour(
    question: str, current: str | None
) -> None:
    said = {f.path: f.value for f in seat_facts(lex(question, "en"))}
    assert said["undercover"] is True and said.get("undercover.current") == current


def test_the_seats_and_the_module() -> None:
    said = {f.path: f.value for f in seat_facts(lex("On est 5 joueurs avec le module Clandestin", "fr"))}
    assert said == {"players": 5, "undercover": True}
