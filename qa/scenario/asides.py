"""Words that state no fact of a position, though they may hold a number or look like a name: a hashtag
(``#CapitalLux2``), a handle (``@remi_ludo``), a game's own name (``Capital Lux 2``, ``CL2``), as the games
registry (``corpus/data/games.yaml``) declares it, the marks of a layout: the numbers of a numbered list
("1. ...", "2) ..." opening lines, counted from 1) and footnote marks ("¹", "[2]" glued to a word or opening a
line), codes that name a place (a seat or a room: ``14C``, ``3A``, a number with one capital letter glued after
it), and the time that stamps a line of a chat log ("[21:04] Tom: ..."). Both readers leave them aside."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from corpus import load_corpus
from corpus.text import fold

_TAGS = re.compile(r"(?<![\w#@])[#@][^\W\d_]\w*", re.UNICODE)
#: A number opening a line and closed by "." or ")" before a space ("1. Capitale : 6, 2", "2) Mon or : 1").
_LISTED = re.compile(r"^[ \t]*(\d{1,2})[.)](?=[ \t]+\S)", re.MULTILINE)
#: A footnote's mark: superscript digits, or a number in brackets glued to a word ("61[2]") or opening a line.
_NOTES = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹]+|(?<=[^\s\[(])\[\d{1,2}\]|^[ \t]*\[\d{1,2}\]", re.MULTILINE)
#: A code naming a place: digits with one capital letter glued after them ("seat 14C", "au siège 3A"). A card is
#: written with its colour's letter first ("B9"), never after.
_CODES = re.compile(r"(?<![\w+-])\d{1,3}[A-Z](?!\w)")
#: A time of day that stamps a line of a chat log: "[21:04]", "21:04 Tom:", "(19h40)" opening a line.
_CLOCK = re.compile(r"^[ \t]*[\[(]?[0-2]?\d(?::|h)[0-5]\d(?::[0-5]\d)?[\])]?(?=[ \t])", re.MULTILINE)


def _list_marks(text: str) -> list[tuple[int, int]]:
    """The numbers of a numbered list: line-opening numbers that count 1, 2, 3... (a run of two at least), so that
    a line that opens with a value ("9. et 8 en bleu") is not taken for one."""
    marks: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    for m in _LISTED.finditer(text):
        if int(m.group(1)) == len(run) + 1:
            run.append(m.span(1))
            continue
        marks += run if len(run) > 1 else []
        run = [m.span(1)] if m.group(1) == "1" else []
    return marks + (run if len(run) > 1 else [])


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
    spans = [(m.start(), m.end()) for m in _TAGS.finditer(text)] + _list_marks(text)
    spans += [(m.start(), m.end()) for m in _NOTES.finditer(text)]
    spans += [(m.start(), m.end()) for m in _CODES.finditer(text)]
    spans += [(m.start(), m.end()) for m in _CLOCK.finditer(text)]
    titles = _titles()
    if titles is not None:
        spans += [(m.start(), m.end()) for m in titles.finditer(fold(text))]
    return tuple(sorted(spans))


def aside(spans: tuple[tuple[int, int], ...], start: int) -> bool:
    """The character at ``start`` lies in one of ``spans``."""
    return any(a <= start < b for a, b in spans)
