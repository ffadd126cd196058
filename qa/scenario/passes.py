"""Passes over the tokens once they are typed: numbers said in several words ("soixante et onze") and the English
"one" that is a pronoun ("the one I just played")."""

from __future__ import annotations

from corpus.text import fold
from qa.scenario.numbers import number
from qa.scenario.tokens import Kind, Token

_TENS_WORDS = frozenset({"vingt", "trente", "quarante", "cinquante", "soixante"})


def join_tens(question: str, tokens: list[Token]) -> list[Token]:
    """Numbers typed in words without their hyphens are one number: "vingt deux" is 22, "twenty one" 21, "dix
    sept" 17, "soixante dix sept" 77 (digits are never joined: "20 2" stays two numbers)."""
    out: list[Token] = []
    for t in tokens:
        last = out[-1] if out else None
        words = (
            last is not None and last.kind is Kind.NUMBER and last.text.replace(" ", "").isalpha() and t.text.isalpha()
        )
        joined = number(f"{fold(last.text)}-{fold(t.text)}".replace(" ", "-")) if words and last is not None else None
        if last is not None and joined is not None and t.start - last.end <= 2:
            out[-1] = Token(Kind.NUMBER, question[last.start : t.end], last.start, t.end, joined)
            continue
        out.append(t)
    return out


def and_one(question: str, tokens: list[Token]) -> list[Token]:
    """French tens joined to "un"/"onze" by "et" are one number: "soixante et un" is 61, "soixante et onze" 71."""
    out: list[Token] = []
    for t in tokens:
        if (
            len(out) >= 2
            and fold(t.text) in ("un", "une", "onze")
            and fold(out[-1].text) == "et"
            and fold(out[-2].text) in _TENS_WORDS
        ):
            tens = out[-2]
            value = int(str(tens.value)) + (11 if fold(t.text) == "onze" else 1)
            out[-2:] = [Token(Kind.NUMBER, question[tens.start : t.end], tens.start, t.end, value)]
            continue
        out.append(t)
    return out


#: Kinds of tokens a counted "one" goes with ("one card", "one Cemetery", "one gold"); otherwise "one" is a pronoun.
_COUNTED = frozenset(
    {Kind.CARD, Kind.CARD_KIND, Kind.GOLD, Kind.WARRIOR, Kind.CEMETERY, Kind.NECRO, Kind.HIT, Kind.BIRD, Kind.COLOUR}
)


def pronoun_one(tokens: list[Token]) -> list[Token]:
    """English "one" is a number only before what it counts: "the one I just played" is a pronoun."""
    out = list(tokens)
    for k, t in enumerate(out):
        if t.kind is Kind.NUMBER and fold(t.text) == "one":
            after = out[k + 1].kind if k + 1 < len(out) else None
            if after not in _COUNTED:
                out[k] = Token(Kind.WORD, t.text, t.start, t.end)
    return out
