"""A Dualist card said by its two sides: "carte Dualiste verte côté capitale / bleue côté cité, valeur 2", "yellow on
the Capital side / pink on the City side, 5". The card is ``dualist/<capital colour>|<city colour>:<value>``, and
where it lies is said around it: played (``<player>.plays``, into the City when the sentence says so), in a hand
(``<player>.hand``), or on the Dualist deck (``dualist_deck``). Whatever else its numbers were read as gives way.

>>> said = lex("Je joue ma carte Dualiste verte côté Capitale, bleue côté Cité, valeur 2, dans ma Cité.", "fr")
>>> [(f.path, f.value) for f in dualist_facts(said)]
[('me.plays', 'dualist/green|blue:2'), ('me.plays_into', 'city')]
"""

from __future__ import annotations

from collections.abc import Sequence

from corpus.text import fold
from qa.scenario.facts import Fact
from qa.scenario.lexicon import lex
from qa.scenario.roles import PLAY_WORDS
from qa.scenario.tokens import Kind, Token, nearest_said, sentence_of

__all__ = ["dualist_facts", "lex", "with_dualist"]

_SIDE = frozenset({"cote", "side"})
_VALUE = frozenset({"valeur", "value", "worth", "vaut"})
_HAND = frozenset({"main", "hand", "hold", "holding", "tiens", "garde"})
_DECK = frozenset({"pioche", "deck", "dessus", "top", "draw", "draws", "drew", "tire", "piocher", "pioches"})
_ENDS = frozenset(".?!;")


def _name(token: Token) -> str:
    return str(getattr(token.value, "value", token.value))


def dualist_facts(tokens: Sequence[Token]) -> list[Fact]:
    """The Dualist card said by its sides, and where it lies (see the module's doc)."""
    sides: dict[Kind, Token] = {}
    for k, t in enumerate(tokens):
        near = tokens[k + 1 : k + 5]
        if t.kind is Kind.COLOUR and any(fold(u.text) in _SIDE for u in near):
            place = next((u.kind for u in near if u.kind in (Kind.CAPITAL, Kind.CITY)), None)
            if place is not None:
                sides.setdefault(place, t)
    if set(sides) != {Kind.CAPITAL, Kind.CITY}:
        return []
    first = min(sides.values(), key=lambda t: t.start)
    last = max(sides.values(), key=lambda t: t.start)
    lo, hi = sentence_of(tokens, tokens.index(first))
    at = tokens.index(last)
    numbers = [j for j in range(at + 1, hi) if tokens[j].kind is Kind.NUMBER and isinstance(tokens[j].value, int)]
    valued = [j for j in numbers if any(fold(u.text) in _VALUE for u in tokens[max(lo, j - 2) : j])]
    before = _value_before(tokens, tokens.index(first))
    if not numbers and before is None:
        return []  # its value is said after its sides ("..., valeur 4"), not a district's before them
    pick = (valued or numbers)[0] if numbers else before
    assert pick is not None  # noqa: S101 - numbers or before, by the test above
    value = tokens[pick]
    card = f"dualist/{_name(sides[Kind.CAPITAL])}|{_name(sides[Kind.CITY])}:{value.value}"
    owner = _owner(tokens[lo : tokens.index(first)]) or _owner(tokens[lo:hi]) or "me"
    start, end = min(first.start, value.start), max(last.end, value.end)
    where = _lies(tokens, lo, min(tokens.index(first), pick), hi)
    if where == "plays":
        out = [Fact(f"{owner}.plays", card, start, end)]
        city_after = any(t.kind is Kind.CITY for t in tokens[pick + 1 : hi])
        return out + ([Fact(f"{owner}.plays_into", "city", start, end)] if city_after else [])
    if where == "deck":
        return [Fact("dualist_deck", (card,), start, end)]
    if where == "hand":
        return [Fact(f"{owner}.hand", (card,), start, end)]
    return []


def _owner(tokens: Sequence[Token]) -> str | None:
    """Who holds or plays the card: the player named nearest before it ("j'ai en main" is the asker)."""
    said = [t for t in tokens if t.kind in (Kind.NAME, Kind.ASKER)]
    return None if not said else "me" if said[-1].kind is Kind.ASKER else str(said[-1].value)


def _value_before(tokens: Sequence[Token], k: int) -> int | None:
    """The card's value said just before its sides ("it's a 5, pink on the Capital side ..."): a number, a comma,
    then the first side."""
    if k >= 2 and tokens[k - 1].text in (",", ":") and tokens[k - 2].kind is Kind.NUMBER:
        return k - 2 if isinstance(tokens[k - 2].value, int) else None
    return None


def _lies(tokens: Sequence[Token], lo: int, at: int, hi: int) -> str | None:
    """Where the card said at token ``at`` lies: the word nearest before it that says so (played, drawn, held),
    else the first after it in its sentence ("I play a green 3 and draw from the Dualist deck: it's a 5, ...")."""
    order = [*range(at - 1, lo - 1, -1), *range(at + 1, hi)]
    return nearest_said(tokens, order, {"plays": PLAY_WORDS, "deck": _DECK, "hand": _HAND})


def with_dualist(tokens: Sequence[Token], facts: Sequence[Fact]) -> list[Fact]:
    """``facts`` with the Dualist card said by its sides: a fact read over its words gives way."""
    found = dualist_facts(tokens)
    if not found:
        return list(facts)
    kept = [f for f in facts if not any(f.start < d.end and d.start < f.end for d in found)]
    paths = {f.path for f in found}
    return [f for f in kept if f.path not in paths] + found
