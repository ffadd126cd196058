"""The powers in play: a configuration's, and a power of set E on the colour said with it."""

from __future__ import annotations

import pytest

from engine.cl2.power import Power
from qa.scenario.reader import read_facts


@pytest.mark.parametrize(
    ("question", "lang", "colour"),
    [
        ("Vecteur en rose. Je joue un vecteur jaune -3 dans la Capitale jaune.", "fr", "pink"),
        ("vector's on pink this game. the face up vector card is a green -2", "en", "pink"),
        ("Experimenter is the green power. I drop a green 5 in the Capital.", "en", "green"),
        ("the green power is the Experimenter", "en", "green"),
        ("Vector in play (pink). Round end. Capital green: 4, 3, and a green vector -2.", "en", "pink"),
    ],
)
def test_a_set_e_power_sits_on_the_colour_said_with_it(question: str, lang: str, colour: str) -> None:
    placed = {f.path for f in read_facts(question, lang).facts if isinstance(f.value, Power) and f.value.info.set_e}
    assert f"powers.{colour}" in placed
    assert not placed - {f"powers.{colour}", "power"}  # a vector card's colour ("green -2") places no power
