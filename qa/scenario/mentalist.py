"""The Mentalist's tiles in a question: the Secret Card (a card played in a Capital district of another colour)
and the Swap (a City card given for a Capital card of the same colour).

A swap is said with a verb ("j'échange", "I swap", "trade", "je donne") then the City card, then, after "contre",
"for" or "with", the Capital card: "J'échange mon rose 2 contre le rose 6 de la Capitale", "I swap my 8 for their
1". A card said without its colour takes the colour of the districts that hold it. The facts are the case
format's: ``choice.give``, ``choice.take``, ``choice.district``, and ``mentalist.swap`` for the tile named
("bleu/rose"). A Secret Card play gives ``<player>.plays_into``: the Capital district named after the card.

>>> said = lex("Tuile Échange jaune/vert. J'échange mon jaune 7 contre le 3 de la Capitale.", "fr")
>>> [(f.path, f.value) for f in mentalist_facts(said, [])][1:]
[('choice.district', 'yellow'), ('choice.give', 'yellow:7'), ('choice.take', 'yellow:3')]
"""

from __future__ import annotations

from collections.abc import Sequence

from corpus.text import fold
from qa.scenario.facts import Fact
from qa.scenario.lexicon import lex
from qa.scenario.tokens import Kind, Token

__all__ = ["SWAPPED", "lex", "mentalist_facts", "secret_card", "with_mentalist"]

#: The context of a follow-up to a swap ("et si à la place j'échange mon 6 contre le 5 ?"): still the Mentalist's.
SWAPPED = "swapped"

_SWAP = frozenset(
    {"echange", "echanges", "echanger", "swap", "swaps", "swapping", "trade", "trades", "trading", "troque", "donne"}
)
#: Verbs that give the City card ("je donne mon rose 9", "I give green 8", "je file mon jaune 7"): a swap said in
#: two halves, the card given first.
_GIVE = frozenset({"donne", "donnes", "file", "refile", "give", "gives", "giving", "hand", "cede"})
#: Verbs that take the Capital card in the second half ("et je prends le rose 8", "and take green 7").
_TAKE = frozenset(
    {"prends", "prend", "prendre", "recupere", "recuperes", "reprends", "take", "takes", "taking", "grab", "get"}
)
#: Words that name the Swap, without which "je donne mon 4" gives no card to the Capital.
_NAMES_SWAP = frozenset(
    {"echange", "echanges", "echanger", "swap", "swaps", "swapping", "trade", "trades", "trading", "troque"}
)
_MENTALIST = frozenset({"mentaliste", "mentalist", "mentalists", "mentalistes"})
_FOR = frozenset({"contre", "for", "with", "against", "avec"})
_SECRET = frozenset({"secrete", "secret"})
_ENDS = frozenset(".?!;")


def swaps(tokens: Sequence[Token]) -> bool:
    """The question swaps with the Mentalist: it names the Mentalist or a tile's two colours ("bleu/rose"), and a
    swap ("In late trading, Oriane's yellow closed at 16" is no swap, nor "j'échange avec le présentoir")."""
    mentalist = any(fold(t.text) in _MENTALIST for t in tokens) or _tile(tokens) is not None
    return mentalist and any(fold(t.text) in _NAMES_SWAP for t in tokens)


def secret_card(tokens: Sequence[Token]) -> bool:
    """The question names the Secret Card tile."""
    words = [fold(t.text) for t in tokens]
    return any(w in _SECRET for w in words)


def _tile(tokens: Sequence[Token]) -> Fact | None:
    """A Swap tile named by its two colours: "bleu/rose", "yellow/green" (as said, even a pair no tile has)."""
    for k in range(len(tokens) - 2):
        a, mark, b = tokens[k : k + 3]
        if a.kind is Kind.COLOUR and b.kind is Kind.COLOUR and mark.text in ("/", "-"):
            return Fact("mentalist.swap", f"{_name(a)}/{_name(b)}", a.start, b.end)
    return None


def _card_after(tokens: Sequence[Token], k: int, stop: int) -> tuple[int, str | None, int] | None:
    """The first number after token ``k`` (before ``stop``), with a colour said just before or after it."""
    for j in range(k + 1, stop):
        t = tokens[j]
        if t.kind is Kind.NUMBER and isinstance(t.value, int):
            colours = [u for u in tokens[max(k + 1, j - 2) : min(stop, j + 2)] if u.kind is Kind.COLOUR]
            return t.value, (_name(colours[0]) if colours else None), j
    return None


def _name(colour: Token) -> str:
    """A colour token's English name ("rose" -> "pink")."""
    return str(getattr(colour.value, "value", colour.value))


def _sentence_end(tokens: Sequence[Token], k: int) -> int:
    return next((j for j in range(k, len(tokens)) if tokens[j].text in _ENDS), len(tokens))


def mentalist_facts(tokens: Sequence[Token], facts: Sequence[Fact]) -> list[Fact]:
    """The Swap's facts (tile, district, card given, card taken): see the module's doc."""
    out: list[Fact] = []
    tile = _tile(tokens)
    if tile is not None:
        out.append(tile)
    giving = [k for k, t in enumerate(tokens) if fold(t.text) in _GIVE]  # the card given is said after its verb
    said = [
        k
        for k, t in enumerate(tokens)
        if fold(t.text) in _SWAP and not (k + 1 < len(tokens) and tokens[k + 1].text == "/")
    ]
    for k in giving + [k for k in said if k not in giving]:
        t = tokens[k]
        end = _sentence_end(tokens, k)
        given = _card_after(tokens, k, end)
        if given is None:
            continue
        value, colour, at = given
        bound = next((j for j in range(at + 1, end) if fold(tokens[j].text) in _FOR | _TAKE), None)
        taken = None if bound is None else _card_after(tokens, bound, end)
        colour = colour or (taken[1] if taken else None) or _colour_of(facts, value, taken)
        if colour is None:
            continue
        out.append(Fact("choice.district", colour, t.start, tokens[at].end))
        out.append(Fact("choice.give", f"{colour}:{value}", tokens[at].start, tokens[at].end))
        if taken is not None:
            out.append(Fact("choice.take", f"{colour}:{taken[0]}", tokens[taken[2]].start, tokens[taken[2]].end))
        break
    return out


def _colour_of(facts: Sequence[Fact], given: int, taken: tuple[int, str | None, int] | None) -> str | None:
    """The colour of the City district holding the card given (and of the Capital's holding the one taken)."""
    for fact in facts:
        head, _, rest = fact.path.partition(".")
        values = fact.value if isinstance(fact.value, tuple) else (fact.value,)
        if rest.startswith("city.") and given in values:
            return rest.split(".")[1]
        if head == "capital" and taken is not None and taken[0] in values:
            return rest
    return None


def _secret_into(tokens: Sequence[Token], facts: Sequence[Fact]) -> list[Fact]:
    """A card played with the Secret Card: ``<player>.plays_into`` the Capital district named after it, in place of
    what was read ("je joue mon jaune 5 dans le district vert de la Capitale")."""
    played = next((f for f in facts if f.path.endswith(".plays")), None)
    if played is None:
        return list(facts)
    owner, card = played.path.split(".")[0], str(played.value)
    end = _sentence_end(tokens, next((k for k, t in enumerate(tokens) if t.start >= played.end), len(tokens)))
    after = [k for k, t in enumerate(tokens) if t.start >= played.end and k < end and t.kind is Kind.COLOUR]
    for k in after:
        near = tokens[max(0, k - 3) : k + 4]
        if _name(tokens[k]) != card.split("/")[-1].split(":")[0] and any(
            u.kind in (Kind.CAPITAL, Kind.CITY) for u in near
        ):
            kept = [f for f in facts if f.path != f"{owner}.plays_into"]
            return [*kept, Fact(f"{owner}.plays_into", _name(tokens[k]), tokens[k].start, tokens[k].end)]
    return list(facts)


def with_mentalist(tokens: Sequence[Token], facts: Sequence[Fact], *, swapping: bool = False) -> list[Fact]:
    """``facts`` with the Swap's facts, when the question swaps (``swapping``: a follow-up to a swap): a fact read
    over the cards swapped gives way; with the Secret Card, the district a card is played in."""
    if secret_card(tokens):
        facts = _secret_into(tokens, facts)
    if not (swaps(tokens) or (swapping and any(fold(t.text) in _NAMES_SWAP | _GIVE for t in tokens))):
        return list(facts)
    found = mentalist_facts(tokens, facts)
    cards = [f for f in found if f.path in ("choice.give", "choice.take")]
    kept = [f for f in facts if not any(f.start < d.end and d.start < f.end for d in cards)]
    return kept + found
