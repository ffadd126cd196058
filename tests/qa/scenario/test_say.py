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


def test_the_position_read_names_each_cards_kind() -> None:
    from qa.scenario import route, write

    outcome = route("Config C. Green City: 6 w/ gold token, 7. Capital green: 5. Bust at round end?", "en")
    assert outcome is not None and "your green = 6 (gold token) + 7 = 13" in write(outcome, "en")
    question = "Config B. La Capitale jaune : un jaune 4, un jaune 2 et un rebelle bleu 5. Le MAXIMUM jaune ?"
    outcome = route(question, "fr")
    assert outcome is not None and "4 + 2 + 5 (rebelle bleu) = 11" in write(outcome, "fr")
