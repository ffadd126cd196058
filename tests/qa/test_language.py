"""Question language detection."""

from __future__ import annotations

import pytest

from qa.language import check_language, detect_language


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Combien rapporte un jeton Or ?", "fr"),
        ("si jai 2 or et le marchand je perd mon district?", "fr"),
        ("Can a Necro be removed during a ritual?", "en"),
        ("what happens w/ a tie for the bonus card", "en"),
        # the French "Or" (gold) inside a sentence is a game term, not the English "or"
        ("jeton Or combien ?", "fr"),
        ("Marchand : Or dépensé ?", "fr"),
        ("Or is it the Merchant who pays?", "en"),
        ("I have 2 gold. Can I spend it?", "en"),
        # number words are French or English too ("or : deux" is gold, not "or")
        ("cité : quarante / or : trois. total ?", "fr"),
        ("city: forty / gold: three. total?", "en"),
    ],
)
def test_detects_french_and_english(question: str, lang: str) -> None:
    assert detect_language(question) == lang


def test_undecidable_text_gets_the_default() -> None:
    assert detect_language("CN.6.1", default="en") == "en"
    assert detect_language("CN.6.1", default="fr") == "fr"


def test_check_language_quotes_bad_input() -> None:
    assert check_language("en") == "en"
    with pytest.raises(ValueError, match="unsupported language 'de'; expected one of fr, en"):
        check_language("de")


def test_colour_words_tell_a_terse_question_s_language() -> None:
    assert detect_language("score : bleu 9, rose 14, jaune 7, vert 8, bonus 7, 2 or") == "fr"
    assert detect_language("score: blue 9, pink 14, yellow 7, green 8, bonus 7, 2 gold") == "en"
