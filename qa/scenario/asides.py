"""Words that state no fact of a position, though they may hold a number or look like a name: a hashtag
(``#CapitalLux2``), a handle (``@remi_ludo``), and a game's own name (``Capital Lux 2``, ``CL2``), as the games
registry (``corpus/data/games.yaml``) declares it. Both readers leave them aside."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from corpus import load_corpus
from corpus.text import fold

_TAGS = re.compile(r"(?<![\w#@])[#@][^\W\d_]\w*", re.UNICODE)


@cache
def _titles() -> re.Pattern[str] | None:
    """A game's names and aliases of several words or with a digit, folded, their words apart or together."""
    names = [n for game in load_corpus().games.values() for n in (*game.names.values(), *game.aliases)]
    forms = {fold(n).split(":")[0].strip() for n in names}
    kept = sorted((f for f in forms if " " in f or any(c.isdigit() for c in f)), key=len, reverse=True)
    if not kept:
        return None
    each = [r"\s*".join(re.escape(w) for w in re.findall(r"[^\W\d_]+|\d+", f)) for f in kept]
    return re.compile(rf"(?<!\w)(?:{'|'.join(each)})(?!\w)")


@lru_cache(maxsize=64)
def aside_spans(text: str) -> tuple[tuple[int, int], ...]:
    """The spans of ``text`` that state no fact (positions in ``text``; folding keeps them). Cached: the lexer and
    the learned reader's number list both ask for the same question's."""
    spans = [(m.start(), m.end()) for m in _TAGS.finditer(text)]
    titles = _titles()
    if titles is not None:
        spans += [(m.start(), m.end()) for m in titles.finditer(fold(text))]
    return tuple(sorted(spans))


def aside(spans: tuple[tuple[int, int], ...], start: int) -> bool:
    """The character at ``start`` lies in one of ``spans``."""
    return any(a <= start < b for a, b in spans)
