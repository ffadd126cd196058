"""A token of a player's sentence: its kind, its text, its span in the question, and its value."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from corpus.text import fold


class Kind(Enum):
    """What a token is."""

    NUMBER = "number"
    COLOUR = "colour"
    CAPITAL = "capital"
    CITY = "city"
    GOLD = "gold"
    MAXIMUM = "maximum"
    POWER = "power"
    AGENT_TILE = "agent_tile"
    CONFIGURATION = "configuration"
    ASKER = "asker"
    NAME = "name"
    #: Joins the numbers of a list: "," "et" "and" "/" "+".
    LINK = "link"
    #: Announces a total: "donc", "so", "=", "total".
    TOTAL = "total"
    #: Announces where numbers go: "en", "in".
    IN = "in"
    #: A card word: "carte", "card" (a single number after it is a card, not a total).
    CARD = "card"
    #: A kind of card the rules treat apart ("Rebelle", "vector", "expérimentateur"): its value is checked.
    CARD_KIND = "card_kind"
    #: A pronoun for the last player named ("lui", "elle", "he", "his").
    PRONOUN = "pronoun"
    #: Root pieces and events.
    CEMETERY = "cemetery"
    WARRIOR = "warrior"
    NECRO = "necro"
    HIT = "hit"
    BIRD = "bird"
    SUPPLY = "supply"
    ENEMY = "enemy"
    #: A Root suit: its value is ``fox``, ``mouse`` or ``rabbit``.
    SUIT = "suit"
    #: A word that tells what the question asks (its value names the cue: ``bust``, ``who``...).
    CUE = "cue"
    #: A follow-up's opening: "and", "et si", "what if".
    AMEND = "amend"
    WORD = "word"
    MARK = "mark"


@dataclass(frozen=True)
class Token:
    """One token: its kind, its text, its span in the question, and its value (a number, a colour, a power...)."""

    kind: Kind
    text: str
    start: int
    end: int
    value: object = None


def sentence_of(tokens: Sequence[Token], k: int, ends: frozenset[str] = frozenset(".?!;")) -> tuple[int, int]:
    """The token indices ``[lo, hi)`` of the sentence holding token ``k``: up to the marks ``ends`` either side."""
    lo = k
    while lo > 0 and tokens[lo - 1].text not in ends:
        lo -= 1
    hi = k
    while hi < len(tokens) and tokens[hi].text not in ends:
        hi += 1
    return lo, hi


def nearest_said(tokens: Sequence[Token], order: Iterable[int], words: Mapping[str, frozenset[str]]) -> str | None:
    """The name in ``words`` of the first token, in ``order``, whose folded text is among that name's words (the names
    tried in ``words``' order); ``None`` when none is."""
    for j in order:
        word = fold(tokens[j].text)
        found = next((name for name, said in words.items() if word in said), None)
        if found is not None:
            return found
    return None
