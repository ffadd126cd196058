"""Counts asked and answered in a dialogue: "How many Cemeteries has she in play? — Two.", "LE MAÎTRE : Combien de
guerriers s'y trouvaient ? L'ÉLÈVE : 7." The answer's number counts what the question before it asked about, as
if the answer had said it ("Two Cemeteries")."""

from __future__ import annotations

from corpus.text import fold
from qa.scenario.tokens import Kind, Token

#: What a count asked about counts.
_COUNTED = frozenset({Kind.CEMETERY, Kind.WARRIOR, Kind.NECRO, Kind.HIT, Kind.GOLD, Kind.BIRD})
#: Words that ask for a count: "how many", "how much", "combien".
_HOW_MANY = frozenset({"combien", "many", "much"})
#: What may stand before an answer's number: its speaker and their mark ("LYSIS :", "L'ÉLÈVE :", "—").
_LABEL = frozenset({Kind.NAME, Kind.WORD, Kind.ASKER})
_SENTENCE_END = frozenset({".", "?", "!"})


def answered(tokens: list[Token]) -> list[Token]:
    """``tokens`` with what a count asked about put after the number that answers it alone."""
    out = list(tokens)
    added = 0
    start = 0
    for k, t in enumerate(tokens):
        if t.kind is not Kind.MARK or t.text not in _SENTENCE_END:
            continue
        asked = tokens[start:k]
        start = k + 1
        if t.text != "?" or not {fold(u.text) for u in asked} & _HOW_MANY:
            continue
        things = [u for u in asked if u.kind in _COUNTED]
        n = _answer(tokens, k + 1)
        if n is None or len({u.kind for u in things}) != 1 or _counts_something(tokens, n):
            continue
        said = tokens[n]
        out.insert(n + 1 + added, Token(things[0].kind, things[0].text, said.end, said.end, things[0].value))
        added += 1
    return out


def _answer(tokens: list[Token], j: int) -> int | None:
    """The index of the number that opens the answer at ``j``, after its speaker's label; ``None`` when the answer
    does not open on a number said alone ("Two.", "3, Socrates.")."""
    k = j
    while k < len(tokens) and k - j < 5 and tokens[k].kind is not Kind.NUMBER:
        if tokens[k].kind not in _LABEL and tokens[k].text not in (":", "-", "—", "–"):
            return None
        k += 1
    if k >= len(tokens) or tokens[k].kind is not Kind.NUMBER or (k > j and tokens[k - 1].text not in ":-—–"):
        return None
    after = tokens[k + 1] if k + 1 < len(tokens) else None
    return k if after is None or after.kind in (Kind.MARK, Kind.LINK, Kind.NAME) else None


def _counts_something(tokens: list[Token], n: int) -> bool:
    """The answer's sentence says itself what it counts ("Two, and 7 warriors beside the fox one")."""
    for t in tokens[n + 1 :]:
        if t.kind is Kind.MARK and t.text in _SENTENCE_END:
            return False
        if t.kind in _COUNTED:
            return True
    return False
