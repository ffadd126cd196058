"""Numbers typed in words, checked against num2words for every value a position can hold (0 to 99), in both
languages, with their hyphens and without them ("vingt-deux", "vingt deux", "twenty one")."""

from __future__ import annotations

import pytest
from num2words import num2words

from qa.scenario.lexicon import Kind, lex
from qa.scenario.numbers import number


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_number_word_up_to_99_is_one_number(lang: str) -> None:
    wrong = []
    for n in range(2, 100):  # 1 is "un"/"one": an article or a pronoun unless a noun follows
        for form in {num2words(n, lang=lang), num2words(n, lang=lang).replace("-", " ")}:
            assert number(num2words(n, lang=lang)) == n
            question = f"capitale {form} en bleu" if lang == "fr" else f"capital {form} in blue"
            read = [t.value for t in lex(question, lang) if t.kind is Kind.NUMBER]
            if read != [n]:
                wrong.append((form, read))
    assert wrong == []


def test_digits_side_by_side_stay_apart() -> None:
    assert [t.value for t in lex("capitale 20 2 et 5", "fr") if t.kind is Kind.NUMBER] == [20, 2, 5]
    assert [t.value for t in lex("deux trois", "fr") if t.kind is Kind.NUMBER] == [2, 3]


@pytest.mark.parametrize("word", ["፩", "➑", "𝟙𝟚x"])
def test_a_digit_int_cannot_read_is_no_number(word: str) -> None:
    """Characters Unicode calls digits but that are no decimal digits (Ethiopic, superscripts) are not read."""
    assert number(word) is None
