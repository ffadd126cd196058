"""The Architect (set E): take a tile; meeting its criterion during your turn gives 2 gold (tiles: ``tiles.py``)."""

from __future__ import annotations

from dataclasses import replace

from engine.cl2.position import Position
from engine.cl2.sections import ARCHITECT, ARCHITECT_TIMING
from engine.cl2.tiles import ArchitectTile
from engine.errors import EngineError, MissingFact
from engine.steps import Step

REWARD = 2


def meets(position: Position, name: str, tile: ArchitectTile | None = None) -> bool:
    """True when ``name``'s City meets the criterion of their architect tile (or ``tile``): a district of exactly
    the tile's total, or the tile's two districts equal and neither empty. ``EngineError`` without a tile."""
    player = position.player(name)
    tile = tile or player.architect
    if tile is None:
        raise EngineError(f"{name} has no architect tile")
    colours = tile.pair or tuple(player.city)
    totals = {c: player.district_total(c) for c in colours}
    non_empty = frozenset(c for c in colours if player.district(c))
    return tile.met(totals, non_empty)


def unmet(position: Position, name: str, tile: ArchitectTile) -> Step:
    """The step that says ``name``'s City does not meet ``tile``: the tile stays, no gold."""
    player = position.player(name)
    colours = tile.pair or tuple(player.city)
    said = ", ".join(f"{c.value} {player.district_total(c)}" for c in colours)
    dit = ", ".join(f"{c.fr} {player.district_total(c)}" for c in colours)
    return Step(
        ARCHITECT,
        f"{name} ne remplit pas le critère {tile.format()} ({dit}) : la tuile reste, pas d'Or",
        f"{name} does not meet the criterion {tile.format()} ({said}): the tile stays, no gold",
        reading=ARCHITECT_TIMING,
    )


def claim(position: Position, name: str, tile: ArchitectTile | None = None) -> tuple[Position, Step]:
    """If ``name``'s City meets the criterion of their architect tile (or ``tile``): discard it, take 2 gold.

    The rule says "at any point during your turn" and its examples "at the end of your turn"
    (``notes/architect-timing``): this checks the City as the position gives it. ``EngineError`` when the City
    does not meet it (:func:`meets` asks first).
    """
    player = position.player(name)
    tile = tile or player.architect
    if not meets(position, name, tile):
        raise EngineError(f"{name}'s City does not meet the architect tile {tile.format() if tile else ''}")
    assert tile is not None  # noqa: S101 - meets() refuses a player without a tile
    gold = player.known_gold()
    players = tuple(replace(p, gold=gold + REWARD, architect=None) if p.name == name else p for p in position.players)
    discard = (*position.architect_discard, tile)
    return replace(position, players=players, architect_discard=discard), Step(
        ARCHITECT,
        f"{name} remplit le critère {tile.format()} : il défausse la tuile et prend 2 jetons Or",
        f"{name} meets the criterion {tile.format()}: they discard the tile and take 2 gold",
        reading=ARCHITECT_TIMING,
    )


def take_tile(position: Position, name: str, tile: ArchitectTile, *, keep: bool) -> tuple[Position, tuple[Step, ...]]:
    """The Architect power: take one of the two face-up tiles and either keep it (A: every tile you owned is
    discarded, one tile at a time) or discard it (B); then reveal the next tile from the stack, which is
    rebuilt from the discards when it runs out (its new order is then unknown). A stack not given leaves one tile
    face up: the next one is unknown, and nothing of the play depends on it."""
    display = position.architect_display
    if display is None:
        raise MissingFact("architect.display", "which two architect tiles are face up?")
    if tile not in display:
        raise EngineError(f"{tile.format()} is not one of the face-up architect tiles")
    player = position.player(name)
    discard = list(position.architect_discard)
    owned: ArchitectTile | None = player.architect
    steps = []
    if keep:
        if owned is not None:
            discard.append(owned)
        owned = tile
        steps.append(
            Step(
                ARCHITECT,
                f"{name} garde la tuile {tile.format()} (une seule tuile à la fois)",
                f"{name} keeps the tile {tile.format()} (one tile at a time)",
            )
        )
    else:
        discard.append(tile)
        steps.append(
            Step(ARCHITECT, f"{name} défausse la tuile {tile.format()}", f"{name} discards the tile {tile.format()}")
        )
    left = list(display)
    left.remove(tile)
    stack = position.architect_stack
    if stack == () and discard:
        steps.append(
            Step(
                ARCHITECT,
                "la pile est épuisée : les tuiles défaussées sont mélangées en une nouvelle pile",
                "the stack ran out: the discarded tiles are shuffled into a new stack",
            )
        )
        stack, discard = None, []
    if stack is None:  # the tile revealed next decides nothing of this play: it is said, not asked
        steps.append(
            Step(
                ARCHITECT,
                "la tuile suivante de la pile est révélée (elle n'est pas donnée)",
                "the next tile of the stack is revealed (it is not given)",
            )
        )
    elif stack:
        left.append(stack[0])
        stack = stack[1:]
    players = tuple(replace(p, architect=owned) if p.name == name else p for p in position.players)
    after = replace(
        position,
        players=players,
        architect_display=tuple(left),
        architect_stack=stack,
        architect_discard=tuple(discard),
    )
    return after, tuple(steps)
