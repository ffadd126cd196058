"""How answers name players and colours."""

from __future__ import annotations

from qa.scenario.say import colour, district_of, of


def test_de_is_elided_before_a_vowel_or_a_mute_h_but_not_before_y() -> None:
    assert of("Ambroise") == "d’Ambroise" and of("Hortense") == "d’Hortense"
    assert of("Léo") == "de Léo" and of("Yolande") == "de Yolande"
    assert district_of("Ambroise", "blue", "fr") == "bleu d’Ambroise"
    assert district_of("me", "blue", "fr") == "ton bleu" and district_of("Ambroise", "blue", "en") == "Ambroise's blue"


def test_a_colour_agrees_with_a_feminine_noun_in_french() -> None:
    assert colour("blue", "fr", feminine=True) == "bleue" and colour("pink", "fr", feminine=True) == "rose"
