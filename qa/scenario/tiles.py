"""Agent tiles said to be revealed without all their values: a fact with no value, so that they are asked for."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from corpus.text import fold
from engine.cl2.cards import Colour
from engine.cl2.powers import AGENT_TILES
from qa.scenario.facts import Contradiction, Fact
from qa.scenario.lexicon import Kind, Token


def unread_tiles(
    tokens: list[Token], facts: list[Fact], count: int | None, colour: Colour | None, follows: bool = False
) -> list[Fact]:
    """Agent tiles said to be revealed without all their values ("une tuile Agent ... j'ai pas vu sa valeur",
    "two tiles, one is +1"): a fact with no value, so that the values are asked for. A follow-up (``follows``)
    states its districts in the earlier turn."""
    tiles = [t for t in tokens if t.kind is Kind.AGENT_TILE]
    read = [f for f in facts if f.path.startswith("agent_tiles.")]
    none = [t for t in tiles if _denied(tokens, t)]  # "pas de tuile agent sur le bleu": none there, said
    if none and not read:
        where = colour_of_tiles(tokens, none[0]) or colour
        return [] if where is None else [Fact(f"agent_tiles.{where.value}", (), none[0].start, none[0].end)]
    values = sum(len(f.value) if isinstance(f.value, tuple) else 1 for f in read)
    districts = [f for f in facts if f.path.startswith("capital") or ".city" in f.path]
    if not tiles or not (districts or follows) or (read and (count is None or values >= count)):
        return []  # no position stated, or every tile's value read
    where = colour_of_tiles(tokens, tiles[0]) or colour
    if where is None:
        return []
    return [Fact(f"agent_tiles.{where.value}", None, tiles[0].start, tiles[0].end)]


def _denied(tokens: list[Token], tile: Token) -> bool:
    k = tokens.index(tile)
    return any(fold(t.text) in _NO for t in tokens[max(0, k - 3) : k])


_NO = frozenset({"pas", "no", "aucune", "aucun", "sans", "without", "zero", "none"})


def colour_of_tiles(tokens: list[Token], tile: Token) -> Colour | None:
    """The colour named closest after (else before) the Agent tiles' mention."""
    after = [t for t in tokens if t.start > tile.start and t.kind is Kind.COLOUR]
    before = [t for t in tokens if t.start < tile.start and t.kind is Kind.COLOUR]
    found = after[0] if after else before[-1] if before else None
    return None if found is None else found.value  # type: ignore[return-value]


def _counts(tokens: list[Token]) -> list[tuple[Token, Token]]:
    """Each whole number said right before the Agent tiles it counts ("2 tuiles Agent"), with their word."""
    return [
        (t, tile)
        for t, tile in pairwise(tokens)
        if t.kind is Kind.NUMBER and tile.kind is Kind.AGENT_TILE and isinstance(t.value, int)
    ]


def too_many_tiles(question: str, tokens: list[Token]) -> list[Contradiction]:
    """More Agent tiles said than the game has ("Seven Agent tiles were revealed"): the texts give 5."""
    for t, tile in _counts(tokens):
        if int(str(t.value)) > AGENT_TILES:
            return [
                Contradiction(
                    question[t.start : tile.end],
                    t.start,
                    tile.end,
                    f"le jeu n'a que {AGENT_TILES} tuiles Agent",
                    f"the game has only {AGENT_TILES} Agent tiles",
                )
            ]
    return []


def tiles_counted(tokens: list[Token]) -> int | None:
    """How many Agent tiles the question counts ("2 tuiles Agent", "two Agent tiles revealed"); ``None`` when it
    counts none, or gives several counts."""
    counts = {int(str(t.value)) for t, _ in _counts(tokens) if int(str(t.value)) > 0}
    return next(iter(counts)) if len(counts) == 1 else None


def tiles_read(facts: tuple[Fact, ...] | list[Fact]) -> int:
    """How many Agent tiles a reading holds, on every colour."""
    return sum(len(f.value) for f in facts if f.path.startswith("agent_tiles.") and isinstance(f.value, tuple))


#: "both", "each", "chacune": one value said for every tile counted.
_EACH = frozenset({"both", "each", "chacune", "chacun", "toutes", "all"})


def each_tile(tokens: list[Token], facts: list[Fact], count: int | None) -> list[Fact]:
    """Agent tiles counted, then one value said for each: "two Agent tiles revealed on blue both show +1" is two
    tiles of +1."""
    read = [f for f in facts if f.path.startswith("agent_tiles.") and isinstance(f.value, tuple)]
    if count is None or count < 2 or len(read) != 1 or len(read[0].value) != 1:  # type: ignore[arg-type]
        return facts
    tile = read[0]
    named = next((t.start for t in tokens if t.kind is Kind.AGENT_TILE), tile.start)
    said = {fold(t.text) for t in tokens if named <= t.start and t.end <= tile.start}  # between the tiles and it
    if not said & _EACH:
        return facts
    return [replace(f, value=f.value * count) if f is tile else f for f in facts]  # type: ignore[operator]
