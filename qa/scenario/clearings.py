"""Root positions said clearing by clearing, each named by its number ("cimetière renard en clairière 1 avec 2
guerriers", "Cemeteries: rabbit in clearing 2 (1 warrior), fox in 5 (3 warriors)", "my fox Necro @ clearing 8
(mouse), Eyrie rules it"), and the cards in hand ("Main : renard, renard, souris", "I hold two fox cards").

The question is cut into chunks at commas, "et"/"and" and sentence ends (not inside brackets). A chunk that names
a clearing describes it: its suit ("(lapin)", "a fox clearing"), its Cemetery ("fox Cemetery", or a suit listed
after "Cemeteries:"), the Necros standing there, the Cabal's warriors and the enemy's, and whether the Cabal rules
it. A chunk that names no clearing goes on describing the last one named, unless it speaks of the hand, the
supply or a bird card. Each fact's path is ``clearing.<id>.<field>``.

>>> said = clearing_facts(lex("Cimetière renard en clairière 1 avec 2 guerriers, réserve à 9.", "fr"))
>>> [(f.path, f.value) for f in said]
[('clearing.1.cemetery', 'fox'), ('clearing.1.suit', 'fox'), ('clearing.1.warriors', 2), ('supply', 9)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from corpus.text import fold
from qa.scenario.daylight import FACTIONS
from qa.scenario.facts import Fact
from qa.scenario.lexicon import lex
from qa.scenario.tokens import Kind, Token

__all__ = ["bird_spent", "clearing_facts", "hand_fact", "lex", "names_clearings"]

_CLEARING = frozenset({"clairiere", "clairieres", "clearing", "clearings", "clr"})
_ENDS = frozenset(".?!;")
_SPLIT = frozenset({",", "et", "and"})
_NEGATIONS = frozenset({"no", "pas", "sans", "without", "aucun", "aucune", "not", "n", "ne", "none", "zero", "0"})
#: A Necro that has left the clearing the chunk describes ("est parti de là", "wandered off").
_LEFT = frozenset({"parti", "partie", "quitte", "left", "wandered", "off", "away"})
_RULE = frozenset({"controle", "controlee", "controles", "contrôle", "rule", "rules", "ruled", "control", "controls"})
_POSSESSIVE = frozenset({"son", "sa", "its", "their", "leur"})
_EACH = frozenset({"chacun", "chacune", "each"})
_HAND = frozenset({"main", "hand", "hold", "holding"})
_ONE = frozenset({"un", "une", "one", "a", "an", "single", "seul"})


def _folded(token: Token) -> str:
    return fold(token.text)


def _anchor_id(tokens: Sequence[Token], k: int) -> str | None:
    """The clearing's number when token ``k`` names a clearing by its number ("clairière 9", "clearing #3")."""
    if _folded(tokens[k]) not in _CLEARING:
        return None
    for t in tokens[k + 1 : k + 3]:
        if t.kind is Kind.NUMBER and isinstance(t.value, int):
            return str(t.value)
        if t.text not in ("#", "n", "°", "no", ":"):
            return None
    return None


def names_clearings(tokens: Sequence[Token]) -> bool:
    """The question names a clearing by its number."""
    return any(_anchor_id(tokens, k) for k in range(len(tokens)))


def _sentences(tokens: Sequence[Token], text: str) -> list[list[int]]:
    """Token indices cut at sentence ends, semicolons and line breaks."""
    out: list[list[int]] = [[]]
    for k, t in enumerate(tokens):
        if k and text and "\n" in text[tokens[k - 1].end : t.start] and out[-1]:
            out.append([])
        if t.text in _ENDS and t.kind in (Kind.MARK, Kind.LINK):
            out.append([])
            continue
        out[-1].append(k)
    return [c for c in out if c]


def _chunks(tokens: Sequence[Token], sentence: Sequence[int]) -> list[list[int]]:
    """A sentence cut at commas and "et"/"and" (not inside brackets), and at a colon that closes a heading
    ("Cimetières :", "Hand:"), not at one after a clearing ("clearing 4: 2")."""
    out: list[list[int]] = [[]]
    depth = 0
    for k in sentence:
        t = tokens[k]
        depth = depth + 1 if t.text == "(" else max(0, depth - 1) if t.text == ")" else depth
        heading = t.text == ":" and not any(_folded(tokens[j]) in _CLEARING for j in out[-1])
        if depth == 0 and ((t.kind is Kind.LINK and _folded(t) in _SPLIT) or heading):
            if heading:
                out[-1].append(k)  # a heading's chunk ends with its colon
            out.append([])
            continue
        out[-1].append(k)
    return [c for c in out if c]


@dataclass
class _Clearing:
    id: str
    start: int
    end: int
    suit: str | None = None
    cemetery: str | None = None
    necros: list[str] = field(default_factory=list)
    warriors: int | None = None
    enemies: int | None = None
    ruled: bool | None = None
    #: Said to hold no Cemetery ("no Cemetery there").
    no_cemetery: bool = False


def _suit_near(tokens: Sequence[Token], k: int, reach: int = 2) -> str | None:
    """The suit said next to token ``k`` ("cimetière renard", "fox Cemetery", "the fox one"), after it first."""
    for j in [*range(k + 1, min(len(tokens), k + reach + 1)), *range(k - 1, max(-1, k - reach - 1), -1)]:
        if tokens[j].kind is Kind.SUIT:
            return str(tokens[j].value)
        if tokens[j].kind in (Kind.NECRO, Kind.CEMETERY, Kind.MARK) and tokens[j].text != ":":
            return None
    return None


def _negated(tokens: Sequence[Token], k: int) -> bool:
    return any(_folded(t) in _NEGATIONS for t in tokens[max(0, k - 2) : k])


def _enemy(tokens: Sequence[Token], k: int) -> bool:
    """The warriors at ``k`` are an enemy's ("2 guerriers adverses", "3 guerriers du Chat", "an Eyrie warrior")."""
    near = tokens[max(0, k - 2) : k + 4]
    return any(t.kind is Kind.ENEMY or _folded(t) in FACTIONS for t in near)


def _count_before(tokens: Sequence[Token], k: int, chunk: Sequence[int]) -> int | None:
    """The number said just before token ``k`` ("3 warriors", "aucun guerrier", "a single Eyrie warrior")."""
    for j in range(k - 1, max(chunk[0] - 1, k - 4), -1):
        t = tokens[j]
        if t.kind is Kind.NUMBER and isinstance(t.value, int):
            return t.value
        if _folded(t) in _NEGATIONS:
            return 0
        if _folded(t) in _ONE:
            return 1
    return None


def _describe(tokens: Sequence[Token], chunk: Sequence[int], clearing: _Clearing, listing: bool, anchor: int) -> bool:
    """What a chunk says of ``clearing``: ``listing`` when it follows "Cemeteries:" (a lone suit names one).
    True when the chunk itself lists Cemeteries ("Cemeteries in clearing 4 (mouse) and clearing 11")."""
    paren = lists = False
    for k in chunk:
        t = tokens[k]
        if t.text == "(":
            paren = True
        elif t.text == ")":
            paren = False
        if t.kind is Kind.CEMETERY:
            suit = _suit_near(tokens, k, 3)
            if _negated(tokens, k):
                clearing.cemetery, clearing.no_cemetery = None, True
            elif suit is not None and clearing.cemetery is None:
                clearing.cemetery = suit
            elif suit is None and k < anchor:
                listing = True  # "un seul cimetière en jeu, le souris, en clairière 5": the lone suit before it
                lists = True
        elif t.kind is Kind.NECRO:
            if any(_folded(u) in _LEFT for u in tokens[max(k, anchor) : chunk[-1] + 1]):
                continue  # "le Nécro lapin est parti de là", not "wandered off to clearing 6"
            suit = _suit_near(tokens, k, 1)
            plural = _folded(t).endswith("s")  # "Nécros renard et lapin"
            after = [
                tokens[j] for j in range(k + 1, min(k + 5, chunk[-1] + 1)) if plural and tokens[j].kind is Kind.SUIT
            ]
            if suit is None and _folded(tokens[k - 1]) in _POSSESSIVE:
                suit = clearing.cemetery
            for s in [suit, *(str(a.value) for a in after)]:
                if s is not None and s not in clearing.necros:
                    clearing.necros.append(s)
        elif t.kind is Kind.WARRIOR:
            n = _count_before(tokens, k, chunk)
            if n is None:
                continue
            if _enemy(tokens, k):
                clearing.enemies = n
            else:
                clearing.warriors = (clearing.warriors or 0) + n  # "2 guerriers ... et encore 2 à moi" add up
        elif t.kind is Kind.ENEMY and tokens[k - 1].kind is Kind.NUMBER:  # "zero enemy pieces"
            clearing.enemies = int(str(tokens[k - 1].value))
        elif t.kind is Kind.GOLD and k + 1 < len(tokens) and tokens[k + 1].kind is Kind.ENEMY:  # "pièce adverse"
            clearing.enemies = 0 if _negated(tokens, k) else clearing.enemies
        elif t.kind is Kind.SUIT and clearing.suit is None:
            beside = {_folded(u) for u in tokens[max(0, k - 1) : k + 2]}
            if (paren or beside & _CLEARING) and not _beside_piece(tokens, k):
                clearing.suit = str(t.value)
            elif listing and k < anchor and clearing.cemetery is None and not _beside_piece(tokens, k):
                clearing.cemetery = str(t.value)  # "Cemeteries: fox in 5"
        elif t.kind is Kind.NUMBER and isinstance(t.value, int) and k > anchor + 1 and clearing.warriors is None:
            opening = tokens[k - 1].text
            bare = k + 1 >= len(tokens) or tokens[k + 1].kind not in (Kind.WARRIOR, Kind.SUPPLY, Kind.CARD)
            if bare and opening in ("(", ":"):  # "clairière 6 (0)", "clearing 4: 2"
                clearing.warriors = t.value
        elif _folded(t) in _RULE:
            before = tokens[max(0, k - 3) : k]
            mine = any(u.kind is Kind.ASKER for u in before) or _folded(tokens[k - 1]) in ("which", "that", "que")
            theirs = any(_folded(u) in FACTIONS or u.kind is Kind.NAME for u in before)
            clearing.ruled = (
                False
                if theirs or _negated(tokens, k) or "pas" in {_folded(u) for u in tokens[k : k + 2]}
                else (True if mine else clearing.ruled)
            )
    return lists


def _beside_piece(tokens: Sequence[Token], k: int) -> bool:
    near = tokens[max(0, k - 1) : k + 2]
    return any(u.kind in (Kind.CEMETERY, Kind.NECRO, Kind.CARD) for u in near)


def _global(tokens: Sequence[Token], chunk: Sequence[int]) -> bool:
    """A chunk about the hand, the supply or a bird card, not about a clearing."""
    return any(tokens[k].kind in (Kind.SUPPLY, Kind.BIRD, Kind.CARD) or _folded(tokens[k]) in _HAND for k in chunk)


def _supply(tokens: Sequence[Token]) -> Fact | None:
    for k, t in enumerate(tokens):
        if t.kind is not Kind.SUPPLY:
            continue
        near = [
            (abs(j - k), tokens[j])
            for j in range(max(0, k - 4), min(len(tokens), k + 4))
            if tokens[j].kind is Kind.NUMBER and isinstance(tokens[j].value, int) and _anchor_id(tokens, j - 1) is None
        ]
        near = [
            (d, u) for d, u in near if not any(v.kind is Kind.MARK and v.text in _ENDS for v in _between(tokens, u, t))
        ]
        if near:
            _, number = min(near, key=lambda x: x[0])
            return Fact("supply", number.value, min(number.start, t.start), max(number.end, t.end))
    return None


def _between(tokens: Sequence[Token], a: Token, b: Token) -> list[Token]:
    lo, hi = min(a.start, b.start), max(a.end, b.end)
    return [t for t in tokens if lo < t.start and t.end < hi]


_OFF = frozenset({"plateau", "board", "reserve", "built", "construit", "jeu", "play", "map", "carte"})
_OTHER = frozenset({"autre", "autres", "other", "others"})


def _off_map(tokens: Sequence[Token], chunk: Sequence[int]) -> bool:
    """A chunk about a Cemetery not in play ("the fox Cemetery is still on my board", "pas encore construit")."""
    words = {_folded(tokens[k]) for k in chunk}
    cemetery = any(tokens[k].kind is Kind.CEMETERY for k in chunk)
    return cemetery and (bool(words & {"plateau", "board"}) or bool(words & _NEGATIONS and words & _OFF))


def _other_enemies(tokens: Sequence[Token], chunk: Sequence[int]) -> int | None:
    """ "every other clearing has at least three enemy pieces": the fewest the clearings not named hold."""
    numbers = [tokens[k].value for k in chunk if tokens[k].kind is Kind.NUMBER and isinstance(tokens[k].value, int)]
    words = {_folded(tokens[k]) for k in chunk}
    if (numbers and any(tokens[k].kind is Kind.ENEMY for k in chunk)) or words & FACTIONS:
        return int(str(numbers[0])) if numbers else None
    return 1 if words & _ONE else None


def clearing_facts(tokens: Sequence[Token], text: str = "") -> list[Fact]:
    """The clearings ``tokens`` name by number, as facts (``clearing.<id>.<field>``), then the supply, and the
    fewest enemy pieces the other clearings hold when the question says so."""
    said: dict[str, _Clearing] = {}
    listed: set[str] = set()
    others: Fact | None = None
    for sentence in _sentences(tokens, text):
        chunks = _chunks(tokens, sentence)
        last: _Clearing | None = None
        listing = False
        lead: list[int] = []
        for n, chunk in enumerate(chunks):
            named = [(k, i) for k in chunk if (i := _anchor_id(tokens, k)) is not None]
            if not named and said and (bare := _bare_in(tokens, chunk)) is not None:
                named = [bare]
            if named:
                for anchor, ident in named:
                    clearing = said.setdefault(ident, _Clearing(ident, tokens[chunk[0]].start, tokens[chunk[-1]].end))
                    listing = _describe(tokens, [*lead, *chunk], clearing, listing, anchor) or listing
                    clearing.end = max(clearing.end, tokens[chunk[-1]].end)
                    if listing:
                        listed.add(ident)
                    last, lead = clearing, []
                continue
            words = {_folded(tokens[k]) for k in chunk}
            if tokens[chunk[-1]].text == ":" and any(tokens[k].kind is Kind.CEMETERY for k in chunk):
                listing = True  # "Cimetières :", "my 3 Cemeteries are in play:"
                continue
            if words & _OTHER:
                K = _other_enemies(tokens, chunk)
                if K is not None:
                    others = Fact("other_clearings.enemy_pieces", K, tokens[chunk[0]].start, tokens[chunk[-1]].end)
                last, lead = None, []
                continue
            if _off_map(tokens, chunk) or _global(tokens, chunk):
                last, lead = None, []
                continue
            pieces = any(tokens[k].kind in (Kind.CEMETERY, Kind.NECRO) for k in chunk)
            later = any(_anchor_id(tokens, k) for c in chunks[n + 1 :] for k in c)
            if last is not None and not (pieces and later):
                if words & _EACH:  # "chacun avec son Nécro dessus": every clearing of the list
                    for c in said.values():
                        if c.id in listed or c is last:
                            _describe(tokens, chunk, c, listing, chunk[0])
                else:
                    _describe(tokens, chunk, last, listing, chunk[0])
                last.end = max(last.end, tokens[chunk[-1]].end)
            else:
                lead += chunk
    facts: list[Fact] = []
    for c in said.values():
        if c.suit is None and c.cemetery is not None:
            c.suit = c.cemetery  # a Cemetery stands in a clearing of its suit, as players list them
        if c.id in listed and c.cemetery is None and c.suit is not None and not c.no_cemetery:
            c.cemetery = c.suit  # "Cemeteries in clearing 4 (mouse, 1 warrior)"
        values: dict[str, object] = {"cemetery": c.cemetery, "suit": c.suit, "necros": tuple(c.necros) or None}
        values |= {"warriors": c.warriors, "enemy_warriors": c.enemies, "ruled": c.ruled}
        facts += [Fact(f"clearing.{c.id}.{k}", v, c.start, c.end) for k, v in values.items() if v is not None]
    supply = _supply(tokens)
    return facts + [f for f in (supply, others) if f is not None]


def _bare_in(tokens: Sequence[Token], chunk: Sequence[int]) -> tuple[int, str] | None:
    """A clearing named by its number alone after "in"/"en" once clearings are being listed ("fox in 5", "resté
    en 9")."""
    for k in chunk:
        t = tokens[k]
        nxt = tokens[k + 1] if k + 1 < len(tokens) else None
        if t.kind is Kind.IN and nxt is not None and nxt.kind is Kind.NUMBER and isinstance(nxt.value, int):
            after = tokens[k + 2] if k + 2 < len(tokens) else None
            if after is None or after.kind not in (Kind.WARRIOR, Kind.HIT, Kind.CARD, Kind.SUPPLY):
                return k + 1, str(nxt.value)
    return None


def hand_fact(tokens: Sequence[Token]) -> Fact | None:
    """The suits of the cards in hand ("Main : renard, renard", "I hold two fox cards and one mouse card", "j'ai deux
    lapins en main"), each as often as said."""
    for k, t in enumerate(tokens):
        if not (_folded(t) in _HAND or t.kind is Kind.CARD):
            continue
        lo = k
        while lo > 0 and tokens[lo - 1].kind in (Kind.SUIT, Kind.NUMBER, Kind.IN) and lo > k - 5:
            lo -= 1
        hi = k + 1
        while hi < len(tokens) and hi <= k + 4 and tokens[hi].kind in (Kind.WORD, Kind.MARK, Kind.PRONOUN, Kind.ASKER):
            if tokens[hi].text in _ENDS:
                break
            hi += 1  # "my hand: it's mouse, ...", "hand is rabbit", "en main j'ai renard souris"
        while hi < len(tokens) and (
            tokens[hi].kind in (Kind.SUIT, Kind.NUMBER, Kind.LINK, Kind.CARD)
            or tokens[hi].text == ":"
            or _folded(tokens[hi]) in _ONE
        ):
            hi += 1
        suits: list[str] = []
        times = 1
        for u in tokens[lo:hi]:
            if u.kind is Kind.NUMBER and isinstance(u.value, int):
                times = u.value
            elif _folded(u) in _ONE:
                times = 1
            elif u.kind is Kind.SUIT:
                suits += [str(u.value)] * times
                times = 1
        if suits:
            return Fact("hand", tuple(suits), tokens[lo].start, tokens[hi - 1].end)
    return None


_SPEND = frozenset({"depense", "depensee", "depenses", "depenser", "spend", "spent", "spending", "utilise", "use"})
_KEEP = frozenset({"garde", "keep", "keeping", "won", "don", "dont", "pas", "no", "not", "sans", "without", "ne"})


def bird_spent(tokens: Sequence[Token]) -> bool | None:
    """Whether a bird card is spent at Gravedigging: ``None`` when the question names one without saying."""
    birds = [k for k, t in enumerate(tokens) if t.kind is Kind.BIRD]
    if not birds:
        return None
    for k in birds:
        clause = _clause(tokens, k)
        words = {_folded(t) for t in clause}
        if words & _KEEP or any(t.kind is Kind.NUMBER and t.value == 0 for t in clause):
            return False
        if words & _SPEND:
            return True
    return None


def _clause(tokens: Sequence[Token], k: int) -> list[Token]:
    """The words around token ``k`` up to a comma or a sentence's end."""

    def stops(t: Token) -> bool:
        return t.text in _ENDS or t.text == ","

    lo = k
    while lo > 0 and not stops(tokens[lo - 1]):
        lo -= 1
    hi = k
    while hi < len(tokens) and not stops(tokens[hi]):
        hi += 1
    return list(tokens[lo:hi])


#: Words of the frames that read clearings by number: Birdsong and the Hammer.
_ABOUT = frozenset(
    {"aurore", "birdsong", "fossoyer", "gravedigging", "sinistre", "sinister", "marteau", "hammer"}
    | {"fabrication", "fabriquer", "crafting", "craft", "construire", "construction", "build", "building"}
)


def reads_clearings(tokens: Sequence[Token]) -> bool:
    """The question names clearings by number and asks what Birdsong or the Hammer does with them."""
    return names_clearings(tokens) and any(_folded(t) in _ABOUT for t in tokens)


def with_clearings(tokens: Sequence[Token], facts: Sequence[Fact], text: str) -> list[Fact]:
    """``facts`` with the clearings read by number (when :func:`reads_clearings`), the hand and the acting Necro's:
    a fact read over the same words gives way to them."""
    hand = hand_fact(tokens)  # "Oops, my hand is mouse, rabbit, rabbit": a follow-up names no clearing
    found = clearing_facts(tokens, text) if reads_clearings(tokens) else []
    acting = _acting(tokens) if found else None
    found += [f for f in (hand, acting) if f is not None]
    kept = [f for f in facts if not any(f.start < d.end and d.start < f.end for d in found)]
    return kept + found


_HAMMER = frozenset({"marteau", "marteaux", "hammer", "hammers"})


def _acting(tokens: Sequence[Token]) -> Fact | None:
    """The Necro acting: the one named nearest a word naming the Hammer, or the first named."""
    named = []
    for k, t in enumerate(tokens):
        if t.kind is not Kind.NECRO:
            continue
        near = [u for u in tokens[max(0, k - 1) : k + 2] if u.kind is Kind.SUIT]
        if near:
            named.append((k, near[0]))
    if not named:
        return None
    hammers = [k for k, t in enumerate(tokens) if _folded(t) in _HAMMER]
    k, suit = min(named, key=lambda n: min(abs(n[0] - h) for h in hammers)) if hammers else named[0]
    return Fact("necro", suit.value, min(tokens[k].start, suit.start), max(tokens[k].end, suit.end))
