"""Numbers as players write them: digits, words in French or English, and signs.

>>> [number(w) for w in ("quinze", "twelve", "vingt-deux", "twenty-one", "7", "dix-sept", "zéro")]
[15, 12, 22, 21, 7, 17, 0]
>>> [number(w) for w in ("soixante-dix-sept", "quatre-vingts", "seventy-two", "vingt et un")]
[77, 80, 72, 21]
>>> number("seize"), number("foo")
(16, None)
"""

from __future__ import annotations

from corpus.text import fold
from qa.scenario.tokens import Kind, Token

_UNITS = {
    "fr": [
        "zero",
        "un",
        "deux",
        "trois",
        "quatre",
        "cinq",
        "six",
        "sept",
        "huit",
        "neuf",
        "dix",
        "onze",
        "douze",
        "treize",
        "quatorze",
        "quinze",
        "seize",
    ],
    "en": [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ],
}
_TENS = {
    "fr": {"vingt": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60},
    "en": {
        "twenty": 20,
        "thirty": 30,
        "forty": 40,
        "fifty": 50,
        "sixty": 60,
        "seventy": 70,
        "eighty": 80,
        "ninety": 90,
    },
}
_WORDS: dict[str, int] = {}
for _lang, _units in _UNITS.items():
    _WORDS.update({w: n for n, w in enumerate(_units)})
    _WORDS.update(_TENS[_lang])
_WORDS.update({"une": 1, "dix-sept": 17, "dix-huit": 18, "dix-neuf": 19, "a": 1, "an": 1, "single": 1})
#: Words that make the next number negative, and words for "plus".
MINUS = frozenset({"moins", "minus", "negative", "negatif", "-"})
#: Words that can mean 1 only next to a noun ("un", "a"): never read as a number on their own.
ARTICLES = frozenset({"un", "une", "a", "an"})


def number_words(lang: str) -> frozenset[str]:
    """The number words of ``lang`` that the other language does not share ("deux", "trente"; "two", "thirty"):
    a sign of the language a terse question is in ("cité : trente-huit / or : deux").

    >>> sorted(number_words("fr"))[:3], "six" in number_words("fr")
    (['cinq', 'cinquante', 'deux'], False)
    """
    other = "en" if lang == "fr" else "fr"
    mine = {*_UNITS[lang], *_TENS[lang]}
    return frozenset(mine - {*_UNITS[other], *_TENS[other]})


def number(word: str) -> int | None:
    """The whole number a word (digits, or a number word in either language) stands for; ``None`` otherwise.

    Articles (``un``, ``a``) are numbers only to a caller that knows a noun follows.
    """
    key = fold(word).strip()
    if key.lstrip("+-").isdecimal():
        return int(key)
    if key in _WORDS:
        return _WORDS[key]
    key = key.replace(" et ", "-").replace(" ", "-")
    if key.startswith("quatre-vingt"):  # "quatre-vingts", "quatre-vingt-dix-neuf"
        rest = key.removeprefix("quatre-vingt").removeprefix("s").strip("-")
        unit = number(rest) if rest else 0
        return None if unit is None or unit >= 20 else 80 + unit
    head, _, tail = key.partition("-")
    if head in _TENS["fr"] or head in _TENS["en"]:
        tens = _TENS["fr"].get(head) or _TENS["en"][head]
        unit = number(tail.removeprefix("et-")) if tail else None
        # "soixante-dix-sept" is 60 + 17; elsewhere a unit follows the tens ("vingt-deux")
        if unit is not None and 0 < unit < (20 if head == "soixante" else 10):
            return tens + unit
    return None


def times(count: Token | None, card: Token | None) -> int | None:
    """How many times ``card`` is said when ``count``, a count in words, comes right before it: "c'est deux 8",
    "two 6s", "trois 5" (2 to 4; a signed number is an Agent tile's, never a card said twice)."""
    if count is None or card is None or card.kind is not Kind.NUMBER or not count.text.isalpha():
        return None
    if not isinstance(count.value, int) or not card.text[:1].isdigit():
        return None
    return count.value if 2 <= count.value <= 4 else None
