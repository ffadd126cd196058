"""Words cut in two by a line break, as a phone's text recognition leaves them ("Cordel\nia", "VE\nRT", "Bon\nus"):
joined again when the whole is a word the reader knows, or a word the question says elsewhere (a player's name)."""

from __future__ import annotations

import re
from collections.abc import Callable

from corpus.text import fold

_CUT = re.compile(r"([^\W\d_]+)[ \t]*\n[ \t]*([^\W\d_]+)", re.UNICODE)
_WORDS = re.compile(r"[^\W\d_]+", re.UNICODE)


def broken_words(question: str, known: Callable[[str], bool]) -> dict[int, tuple[int, str]]:
    """For each word cut by a line break: where its first part starts, where its second part ends, and the word."""
    said = {fold(w) for w in _WORDS.findall(question)}
    joins: dict[int, tuple[int, str]] = {}
    for m in _CUT.finditer(question):
        first, second = m.group(1), m.group(2)
        whole = first + second
        if fold(whole) in said or (known(whole) and not (known(first) and known(second))):
            joins[m.start(1)] = (m.end(2), whole)
    return joins
