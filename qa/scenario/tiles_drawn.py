"""The Prophet's tiles and the Agent's stack a power question numbers: the tiles face up, the tiles drawn, and the Agent
tile drawn when a card is played. Whatever else their numbers were read as gives way."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from corpus.text import fold
from engine.cl2.power import Power
from qa.scenario.facts import Fact
from qa.scenario.tokens import Kind, Token

#: Where a clause ends: a tile's list is said within its clause.
_ENDS = frozenset(".?!;")
#: Tiles, and the words that say a tile is drawn rather than already face up.
_TILES = frozenset({"tuile", "tuiles", "tile", "tiles"})
_DRAWN = frozenset(
    [
        "tire",
        "tires",
        "tirer",
        "tiree",
        "tirees",
        "pioche",
        "pioches",
        "prochaine",
        "suivante",
        "dessus",
        "draw",
        "draws",
        "drew",
        "drawn",
        "next",
        "top",
        "stack",
        "pile",
    ]
)
#: A Prophet tile is drawn face up: turning one over draws it (an Agent tile turned over is revealed, not drawn).
_DRAWN_FACE_UP = _DRAWN | {"retourne", "retournee", "flip", "flips", "flipped"}


def prophet_tiles(tokens: Sequence[Token], facts: Sequence[Fact], roles: frozenset[str]) -> list[Fact]:
    """The Prophet's tiles a question numbers: in a clause that says a tile, the numbers after it are the tiles
    face up (``prophet_tiles``), or the tiles drawn when the clause says a draw before them (``prophet_stack``);
    whatever else the numbers were read as is dropped; a colour or a word of a card's role (``roles``) ends the
    list. Only when the Prophet is named or put in play by configuration B."""
    prophet = any(t.kind is Kind.POWER and t.value is Power.PROPHET for t in tokens) or any(
        f.path == "configuration" and f.value == "B" for f in facts
    )
    if not prophet:
        return list(facts)
    piles: dict[str, list[Token]] = {"prophet_tiles": [], "prophet_stack": []}
    pile: str | None = None  # the pile of the last piece that said a tile, within its sentence
    piece: list[Token] = []
    for token in [*tokens, None]:
        comma = token is not None and token.text in (",", ":")
        if token is not None and not comma and not (token.kind is Kind.MARK and token.text in _ENDS):
            piece.append(token)
            continue
        words = [fold(t.text) for t in piece]
        said_at = [k for k, w in enumerate(words) if w in _TILES]
        if said_at:  # each tile said opens its own list: "une tuile 1 est face visible et la tuile tirée est un 3"
            since = 0  # where the words that say how this tile lies begin
            for at, upto in zip(said_at, [*said_at[1:], len(piece)], strict=True):
                numbers = [k for k in range(at, upto) if piece[k].kind is Kind.NUMBER]
                first = numbers[0] if numbers else upto
                pile = "prophet_stack" if any(w in _DRAWN_FACE_UP for w in words[since:first]) else "prophet_tiles"
                piles[pile] += [piece[k] for k in numbers if isinstance(piece[k].value, int)]
                since = numbers[-1] + 1 if numbers else since
        elif any(t.kind is Kind.COLOUR or fold(t.text) in roles for t in piece):
            pile = None  # "tuile visible 1, je joue rose 3": the list of tiles has ended
        elif pile is not None:
            piles[pile] += [t for t in piece if t.kind is Kind.NUMBER and isinstance(t.value, int)]
        piece = []
        if not comma:
            pile = None
    said = [t for tiles in piles.values() for t in tiles]
    if not said:
        return list(facts)
    kept = [trimmed for f in facts if (trimmed := _without(tokens, f, said, facts)) is not None]
    for path, tiles in piles.items():
        if tiles:
            kept.append(Fact(path, tuple(int(str(t.value)) for t in tiles), tiles[0].start, tiles[-1].end))
    return kept


def _without(tokens: Sequence[Token], fact: Fact, said: Sequence[Token], facts: Sequence[Fact]) -> Fact | None:
    """``fact`` without the numbers ``said`` to be tiles ("tuiles 1 et 2, je joue rose 5": the pink 5 stays a
    card); ``None`` when nothing else is left or its numbers cannot be told apart. Its numbers are those of its span
    that no other fact states ("tuile 3 ..., la Capitale : bleu 2 et 6, rose 1 et 7": 3, 1 and 7)."""
    if not any(fact.start <= t.start and t.end <= fact.end for t in said):
        return fact
    values = fact.value if isinstance(fact.value, tuple) else (fact.value,)
    others = [f for f in facts if f is not fact and not (f.start <= fact.start and fact.end <= f.end)]
    numbers = [
        t
        for t in tokens
        if fact.start <= t.start and t.end <= fact.end and t.kind is Kind.NUMBER
        if not any(f.start <= t.start and t.end <= f.end for f in others)
    ]
    if len(numbers) != len(values) or [t.value for t in numbers] != list(values):
        return None
    kept = [n for n, t in enumerate(numbers) if t not in said]
    if not kept:
        return None
    value = tuple(values[n] for n in kept) if len(kept) > 1 else values[kept[0]]
    kinds = tuple(fact.kinds[n] for n in kept) if len(fact.kinds) == len(values) else fact.kinds
    return replace(fact, value=value, start=numbers[kept[0]].start, end=numbers[kept[-1]].end, kinds=kinds)


def agent_stack(tokens: Sequence[Token], facts: Sequence[Fact]) -> list[Fact]:
    """An Agent tile said drawn, not revealed, when a card is played ("the top Agent tile is a -1 and I put it on the
    pink Power card", "je pioche une tuile Agent +2"): the Agent's stack (``agent_stack``), not a tile revealed on
    a Power card. Read in the sentence that says the tile with a draw word before its value."""
    out = []
    for fact in facts:
        if not fact.path.startswith("agent_tiles.") or not isinstance(fact.value, tuple) or not fact.value:
            out.append(fact)
            continue
        before = [t for t in tokens if t.end <= fact.start]
        start = max((k for k, t in enumerate(before) if t.kind is Kind.MARK and t.text in _ENDS), default=-1)
        words = {fold(t.text) for t in before[start + 1 :]}
        said = before[start + 1 :]  # "the top Agent tile", "la tuile du dessus de la pile Agent"
        agent = any(t.kind is Kind.AGENT_TILE for t in said) or (
            bool(words & _TILES) and any(t.kind is Kind.POWER and t.value is Power.AGENT for t in said)
        )
        drawn = bool(words & _DRAWN) and agent
        out.append(Fact("agent_stack", fact.value, fact.start, fact.end) if drawn else fact)
    return out
