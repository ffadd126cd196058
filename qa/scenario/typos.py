"""Typos of game words: one letter missing, added or (in a long word) wrong, or two neighbouring letters swapped."""

from __future__ import annotations

import difflib
from functools import lru_cache

from qa.analysis import stopwords

#: Stop words of both languages, folded: never a typo of a game word.
_STOP = stopwords("fr") | stopwords("en")


def close(word: str, choices: tuple[str, ...]) -> str | None:
    """The game word ``word`` is a typo of: one letter missing or added after the first ("pinkk", "jaunne"), or
    wrong in a long word ("capitalle"; not "bellow" for "yellow": a typo rarely changes the first letter), or
    two neighbouring letters swapped ("scroe"); among several, the closest by difflib's ratio.

    >>> close("scroe", ("score", "scores")), close("bleuu", ("bleu", "bleue")), close("jello", ("yellow",))
    ('score', 'bleu', None)
    >>> close("jaunne", ("jaune",)), close("killian", ("killing",)), close("vider", ("virer",))
    ('jaune', None, None)
    """
    if len(word) < 5 or word in _STOP:
        return None  # a common word is itself, never a typo
    return _typo(word, choices)


@lru_cache(maxsize=8192)
def _typo(word: str, choices: tuple[str, ...]) -> str | None:
    near = [
        c
        for c in choices
        if abs(len(c) - len(word)) <= 1 and ((c[0] == word[0] and _one_edit(word, c)) or _swapped(word, c))
    ]
    if not near:
        return None
    return max(near, key=lambda c: difflib.SequenceMatcher(None, word, c).ratio())


#: The shortest word read as a typo when one of its letters is wrong (rather than missing or added).
_WRONG_LETTER = 7


def _one_edit(a: str, b: str) -> bool:
    """True when ``a`` is ``b`` with one letter missing or added ("pinkk", "scor"), or wrong in a long word."""
    if len(a) == len(b):
        # a short word with one letter wrong is often another word ("vider" is not "virer"): long ones only
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1 and len(a) >= _WRONG_LETTER
    short, long = (a, b) if len(a) < len(b) else (b, a)
    k = next((k for k in range(len(short)) if short[k] != long[k]), len(short))
    return short[k:] == long[k + 1 :]


def _swapped(a: str, b: str) -> bool:
    """True when ``a`` is ``b`` with two neighbouring letters swapped ("scroe", "teh")."""
    if len(a) != len(b) or a == b:
        return False
    diff = [k for k in range(len(a)) if a[k] != b[k]]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
