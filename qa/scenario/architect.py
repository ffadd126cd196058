"""The Architect's tiles in a question: the tile a player owns (``<player>.architect``), the two tiles face up when
the Architect is played (``architect_display``), the one taken (``choice.tile``) and whether it is kept or discarded
(``choice.keep``).

A tile is a total (``=12``, ``=14``, ``=16``, ``=18``: "=14", "the equals 14 one", "la égal 14") or two colours
joined ("pink=green", "rose égale vert", "blue/pink"), said next to the word "tile" or the Architect's name, or in a
list that goes on from one. What each tile is follows the words before it in its sentence: face up ("visibles",
"showing", "dispo"), taken ("je prends", "I grabbed"), else owned, by the player named in the sentence ("She has the
=14 tile": the player named before) or the asker.

>>> said = lex("Architecte en jaune. Je joue jaune 6 ; les tuiles visibles sont =12 et rose=vert, je prends rose=vert "
...            "et je la défausse.", "fr")
>>> [(f.path, f.value) for f in tile_facts(said)]
[('architect_display', ('=12', 'pink=green')), ('choice.tile', 'pink=green'), ('choice.keep', False)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from corpus.text import fold
from engine.cl2.power import Power
from qa.scenario.facts import Fact
from qa.scenario.lexicon import lex
from qa.scenario.tokens import Kind, Token, nearest_said, sentence_of

__all__ = ["lex", "tile_facts", "with_architect"]

TILES = frozenset({"tuile", "tuiles", "tile", "tiles", "tuille", "tuilles"})
TOTALS = frozenset({12, 14, 16, 18})
#: Words joining a tile's two colours, or saying its total.
_JOINS = frozenset({"=", "/", "-", "equals", "equal", "egal", "egale", "egalite"})
_SHOWN = frozenset(
    {"visible", "visibles", "showing", "shown", "dispo", "disponible", "disponibles", "available", "display"}
    | {"face-up", "faceup", "up", "revealed", "revelees", "parmi", "offered", "proposees", "retournees"}
)
_TAKEN = frozenset(
    {"prends", "pris", "prise", "prend", "prendre", "choisis", "choisi", "recupere", "take", "takes", "took", "taking"}
    | {"grab", "grabs", "grabbed", "pick", "picks", "picked", "choose", "chose", "select", "selected"}
)
_KEEP = frozenset({"garde", "gardes", "garder", "conserve", "keep", "keeps", "keeping", "kept"})
_DISCARD = frozenset({"defausse", "defausses", "defausser", "jette", "discard", "discards", "discarding", "discarded"})
_OWNED = frozenset({"ma", "mon", "my", "ai", "have", "has", "own", "owns", "hold", "holding", "holds", "devant"})
_ENDS = frozenset(".?!;\n")
_SWAP = frozenset({"echange", "swap", "echanges", "swaps"})
_PRONOUNS = frozenset({"she", "he", "elle", "il", "her", "his", "sa", "son"})
#: Words before the reward a question asks about ("je prends les 2 ors ?", "do I get 2 gold?").
_REFUSED = frozenset(
    {"prends", "prendre", "prend", "prenne", "recupere", "recuperer", "choisis", "choisir", "take", "takes", "taking"}
    | {"grab", "grabs", "pick", "picks", "gagne", "gagner", "touche", "toucher", "get", "gets", "earn", "claim"}
)


@dataclass(frozen=True)
class _Tile:
    value: str
    start: int
    end: int
    at: int  # the index of its first token


def _colour(token: Token) -> str:
    return str(getattr(token.value, "value", token.value))


def _tiles(tokens: Sequence[Token]) -> list[_Tile]:
    """Every tile said: two colours joined (by "/" or "-" only next to a tile word: "bleu/rose" is also a Swap
    tile), or a total after "=" or "equals", or a total next to a tile word."""
    found: list[_Tile] = []
    k = 0
    while k < len(tokens):
        t = tokens[k]
        join = k + 1 < len(tokens) and fold(tokens[k + 1].text) in _JOINS
        slashed = join and tokens[k + 1].text in ("/", "-")
        swap = any(fold(u.text) in _SWAP for u in tokens[max(0, k - 3) : k])  # "tuile échange bleu/rose"
        signed = join and (not slashed or (_by_a_tile_word(tokens, k + 1, 4) and not swap))
        if t.kind is Kind.COLOUR and signed and k + 2 < len(tokens) and tokens[k + 2].kind is Kind.COLOUR:
            found.append(_Tile(f"{_colour(t)}={_colour(tokens[k + 2])}", t.start, tokens[k + 2].end, k))
            k += 3
            continue
        if fold(t.text) in _JOINS and k + 1 < len(tokens) and tokens[k + 1].value in TOTALS:
            number = tokens[k + 1]
            if t.text in ("/", "-") and (k == 0 or tokens[k - 1].kind is Kind.NUMBER):
                k += 1
                continue  # "5/1/8": a list of cards
            found.append(_Tile(f"={number.value}", t.start, number.end, k))
            k += 2
            continue
        if t.kind is Kind.NUMBER and t.value in TOTALS and _by_a_tile_word(tokens, k):
            found.append(_Tile(f"={t.value}", t.start, t.end, k))
        if fold(t.text) in TILES and (pair := _pair_after(tokens, k)) is not None:
            found.append(pair)  # "my architect tile shows blue and yellow"
        k += 1
    return found


def _pair_after(tokens: Sequence[Token], k: int) -> _Tile | None:
    """Two colours said with "and" within a few words after a tile word: the tile's two districts."""
    for j in range(k + 1, min(k + 4, len(tokens) - 2)):
        a, link, b = tokens[j : j + 3]
        if a.kind is Kind.COLOUR and fold(link.text) in ("and", "et") and b.kind is Kind.COLOUR:
            return _Tile(f"{_colour(a)}={_colour(b)}", a.start, b.end, j)
        if tokens[j].kind is Kind.NUMBER or tokens[j].text in _ENDS:
            return None
    return None


def _by_a_tile_word(tokens: Sequence[Token], k: int, reach: int = 2) -> bool:
    near = tokens[max(0, k - reach) : k + reach + 1]
    return any(fold(u.text) in TILES or u.value is Power.ARCHITECT for u in near)


def _last_word(tokens: Sequence[Token], lo: int, at: int) -> str | None:
    """What the nearest telling word before token ``at`` (in its sentence) says of the tile: shown, taken, owned."""
    return nearest_said(tokens, range(at - 1, lo - 1, -1), {"taken": _TAKEN, "shown": _SHOWN, "owned": _OWNED})


def _owner(tokens: Sequence[Token], lo: int, at: int) -> str:
    """The player a tile owned is said of: a name in its sentence before it, a pronoun's earlier name, or the asker."""
    before = tokens[lo:at]
    if any(t.kind is Kind.ASKER for t in before):
        return "me"
    names = [t for t in before if t.kind is Kind.NAME]
    if names:
        return str(names[-1].value)
    if any(fold(t.text) in _PRONOUNS for t in before):
        earlier = [t for t in tokens[:lo] if t.kind is Kind.NAME]
        if earlier:
            return str(earlier[-1].value)
    return "me"


def tile_facts(tokens: Sequence[Token]) -> list[Fact]:
    """The tiles said and what each is (see the module's doc)."""
    said = _tiles(tokens)
    out: list[Fact] = []
    shown: list[_Tile] = []
    role_before: str | None = None
    for n, tile in enumerate(said):
        lo, hi = sentence_of(tokens, tile.at, _ENDS)
        role = _last_word(tokens, lo, tile.at)
        listed = n > 0 and said[n - 1].at >= lo and _only_list_words(tokens, said[n - 1], tile)
        if listed and role_before == "shown":
            role = "shown"  # "tiles showing were =14 and pink=green": the list goes on
        role_before = role
        if role == "shown":
            shown.append(tile)
        elif role == "taken":
            out.append(Fact("choice.tile", tile.value, tile.start, tile.end))
            keep = _kept(tokens, tile.at, hi)
            if keep is not None:
                out.append(Fact("choice.keep", keep, tile.start, tile.end))
        else:
            out.append(Fact(f"{_owner(tokens, lo, tile.at)}.architect", tile.value, tile.start, tile.end))
    if shown:
        out.insert(0, Fact("architect_display", tuple(t.value for t in shown), shown[0].start, shown[-1].end))
    return out


def _only_list_words(tokens: Sequence[Token], before: _Tile, tile: _Tile) -> bool:
    between = [t for t in tokens if before.end <= t.start < tile.start]
    return all(fold(t.text) in (",", "et", "and", "la", "le", "the", "l") for t in between)


def _kept(tokens: Sequence[Token], at: int, hi: int) -> bool | None:
    """Whether the tile taken is kept ("je la garde") or discarded ("but I'm discarding it"), said after it."""
    for t in tokens[at:hi]:
        word = fold(t.text)
        if word in _KEEP:
            return True
        if word in _DISCARD:
            return False
    return None


def with_architect(tokens: Sequence[Token], facts: Sequence[Fact]) -> list[Fact]:
    """``facts`` with the Architect's tiles, when the question names the Architect: whatever else a tile's words were
    read as is dropped, and so is the reward a question asks about ("je prends les 2 ors ?": no gold held)."""
    if not any(t.kind is Kind.POWER and t.value is Power.ARCHITECT for t in tokens):
        return list(facts)
    found = tile_facts(tokens)
    if not found:
        return list(facts)
    asked = [k for k, t in enumerate(tokens) if fold(t.text) in _REFUSED]
    reward = [t for k in asked for t in tokens[k + 1 : k + 4] if t.kind is Kind.NUMBER and t.value == 2]
    kept = []
    for f in facts:
        if any(f.path.endswith(".gold") and f.start <= t.start < f.end for t in reward):
            continue  # "je prends les 2 ors", "do I get 2 gold": the reward asked about
        over = [d for d in found if f.start < d.end and d.start < f.end]
        if over and isinstance(f.value, tuple) and len(f.value) > 1 and f.value[0] in TOTALS:
            f = replace(
                f, value=f.value[1:], start=over[-1].end, kinds=f.kinds[1:]
            )  # "=16 ..., my blue is 7 and 8": the tile, then cards
        elif over:
            continue  # the tile's own words
        kept.append(f)
    return [*kept, *found]
