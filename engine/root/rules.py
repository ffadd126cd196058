"""The Necropossums' rules, simulated: Rituel, Cemetery removal, Revenant, battle losses, Aurore, Crépuscule.

Documented readings (stated in the steps when a verdict depends on them):

- a Ritual needs 3 regular warriors in a clearing with a Cemetery: Necros are not counted, since they cannot
  be removed (``notes/rituel-necro-count``);
- "half the warriors" on a Cemetery's removal counts the regular warriors, once the Necro has left
  (``notes/cemetery-removal-half``);
- at most one bird card boosts Fossoyer (``notes/fossoyer-bird-cards``);
- the starting warriors come out of the supply of 15 (``notes/warrior-supply``).

>>> p = RootPosition((Clearing("c1", Suit.FOX, warriors=7, cemetery=Suit.FOX, necros=frozenset({Suit.FOX})),))
>>> plan = ritual_plan(p)
>>> (plan.points, plan.uses)
(2, ('c1', 'c1'))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import ceil

from engine.errors import EngineError, MissingFact
from engine.root.position import Board, Clearing, RootPosition, Suit  # noqa: F401 - Clearing: the doctest
from engine.root.sections import (
    CEMETERIES,
    CEMETERY_HALF,
    EVENING_DRAW,
    FOSSOYER_BIRDS,
    GRAVEDIG,
    NECROS,
    REVENANT,
    RITUAL,
    RITUAL_NECROS,
    SINISTER,
)
from engine.steps import Step

RITUALS_PER_TURN, RITUAL_COST, HAND_LIMIT = 3, 3, 5


@dataclass(frozen=True)
class RitualPlan:
    """The most victory points Rituals can score this turn, and a plan that reaches them."""

    points: int
    #: The clearing of each Ritual, in order.
    uses: tuple[str, ...]
    steps: tuple[Step, ...]


def ritual_plan(position: RootPosition) -> RitualPlan:
    """Up to 3 Rituals: each removes 3 regular warriors from a clearing with a Cemetery and scores 1 point per
    Cemetery in play (the count does not change, since a Ritual removes no Cemetery)."""
    worth = len(position.cemeteries())
    uses: list[str] = []
    steps = [
        Step(
            RITUAL,
            f"{worth} Cimetière(s) en jeu : chaque Rituel rapporte {worth} point(s)",
            f"{worth} Cemetery(ies) in play: each Ritual scores {worth} point(s)",
            reading=RITUAL_NECROS,
        )
    ]
    for clearing in position.cemeteries():
        for _ in range(clearing.warriors // RITUAL_COST):
            if len(uses) < RITUALS_PER_TURN:
                uses.append(clearing.id)
    for i, cid in enumerate(uses, start=1):
        steps.append(
            Step(
                RITUAL,
                f"Rituel {i} : retirer 3 guerriers (pas de Nécro) de {cid}, +{worth} PV",
                f"Ritual {i}: remove 3 warriors (no Necro) from {cid}, +{worth} VP",
            )
        )
    return RitualPlan(worth * len(uses), tuple(uses), tuple(steps))


@dataclass(frozen=True)
class Removal:
    """A position after pieces were removed, the warriors returned to the supply, and the steps."""

    after: RootPosition
    warriors_removed: int
    steps: tuple[Step, ...]


def remove_necro(position: RootPosition, suit: Suit, *, with_cemetery: bool = False) -> Removal:
    """Revenant: a removed Necro goes at once to its Cemetery's clearing, or to the faction board when that
    Cemetery is not in play — and not back in play when one action removes it with its Cemetery."""
    here = position.necro_clearing(suit)
    if here is None:
        raise EngineError(f"the {suit.value} Necro is not in play", fr=f"le Nécro {suit.fr} n'est pas en jeu")
    position = position.with_clearing(replace(here, necros=here.necros - {suit}))
    cemetery = position.cemetery_clearing(suit)
    if cemetery is not None and not with_cemetery:
        position = position.with_clearing(replace(cemetery, necros=cemetery.necros | {suit}))
        step = Step(
            REVENANT,
            f"le Nécro {suit.fr} revient aussitôt dans {cemetery.id} (clairière de son Cimetière)",
            f"the {suit.value} Necro returns at once to {cemetery.id} (its Cemetery's clearing)",
        )
    else:
        why_fr = "retiré en même temps que son Cimetière" if with_cemetery else "son Cimetière n'est pas en jeu"
        why_en = "removed together with its Cemetery" if with_cemetery else "its Cemetery is not in play"
        step = Step(
            REVENANT,
            f"le Nécro {suit.fr} retourne sur le plateau de faction ({why_fr})",
            f"the {suit.value} Necro goes back to the faction board ({why_en})",
        )
    return Removal(position, 0, (step,))


def remove_cemetery(position: RootPosition, suit: Suit) -> Removal:
    """A removed Cemetery returns to the faction board; its Necro is removed at once, with half of the Cabal's
    warriors in that Necro's clearing, rounded up (regular warriors, counted once the Necro has left)."""
    clearing = position.cemetery_clearing(suit)
    if clearing is None:
        raise EngineError(f"the {suit.value} Cemetery is not in play", fr=f"le Cimetière {suit.fr} n'est pas en jeu")
    position = position.with_clearing(replace(clearing, cemetery=None))
    steps = [
        Step(
            CEMETERIES,
            f"le Cimetière {suit.fr} retourne sur le plateau de faction",
            f"the {suit.value} Cemetery returns to the faction board",
        )
    ]
    necro_at = position.necro_clearing(suit)
    if necro_at is None:
        return Removal(position, 0, tuple(steps))
    revenant = remove_necro(position, suit, with_cemetery=True)
    position = revenant.after
    at = position.clearing(necro_at.id)
    half = ceil(at.warriors / 2)
    position = position.with_clearing(replace(at, warriors=at.warriors - half))
    steps += [
        *revenant.steps,
        Step(
            CEMETERIES,
            f"la moitié des guerriers de la Cabale de {at.id}, arrondie au supérieur : {half} sur {at.warriors}",
            f"half of the Cabal's warriors in {at.id}, rounded up: {half} of {at.warriors}",
            reading=CEMETERY_HALF,
        ),
    ]
    board = position.board
    if board.supply is not None:
        position = replace(position, board=replace(board, supply=board.supply + half))
    return Removal(position, half, tuple(steps))


def battle_losses(position: RootPosition, clearing_id: str, hits: int) -> Removal:
    """The Cabal's losses in battle go to regular warriors first, then to Necros (each then returns: Revenant)."""
    clearing = position.clearing(clearing_id)
    regular = min(hits, clearing.warriors)
    position = position.with_clearing(replace(clearing, warriors=clearing.warriors - regular))
    steps = [
        Step(
            NECROS,
            f"{regular} guerrier(s) classique(s) retiré(s) d'abord",
            f"{regular} regular warrior(s) removed first",
        )
    ]
    for suit in sorted(clearing.necros, key=lambda s: s.value)[: hits - regular]:
        removal = remove_necro(position, suit)
        position = removal.after
        steps.append(Step(NECROS, f"puis le Nécro {suit.fr}", f"then the {suit.value} Necro"))
        steps += removal.steps
    board = position.board
    if board.supply is not None:
        position = replace(position, board=replace(board, supply=board.supply + regular))
    return Removal(position, regular, tuple(steps))


def sinister_return(position: RootPosition, choice: str | None = None) -> tuple[RootPosition, tuple[Step, ...]]:
    """Aurore, Sinistre retour: with no Cemetery in play, place a Cemetery, a Necro (of the clearing's suit) and
    3 warriors in the clearing with the fewest enemy pieces (``choice`` settles a tie). First, the Necro action
    markers are flipped face up."""
    flip = Step(
        SINISTER,
        "les marqueurs d'action Nécro sont retournés face visible",
        "the Necro action markers are flipped face up",
    )
    position = replace(position, board=replace(position.board, markers_up=frozenset(Suit)))
    if position.cemeteries():
        return position, (
            flip,
            Step(SINISTER, "un Cimetière est en jeu : rien à placer", "a Cemetery is in play: nothing to place"),
        )
    if not position.clearings:
        raise MissingFact("clearings", "Sinistre retour places a Cemetery in a clearing, and none is given")
    fewest = min(c.enemy_pieces for c in position.clearings)
    candidates = [c for c in position.clearings if c.enemy_pieces == fewest]
    if len(candidates) > 1 and choice is None:
        raise MissingFact(
            "sinister_return.clearing", f"clearings tied for the fewest enemy pieces: {[c.id for c in candidates]}"
        )
    target = position.clearing(choice) if choice else candidates[0]
    if target not in candidates:
        raise EngineError(f"{target.id!r} does not have the fewest enemy pieces ({fewest})")
    supply = position.known_supply()
    placed = min(3, supply)
    clearing = replace(
        target, cemetery=target.suit, necros=target.necros | {target.suit}, warriors=target.warriors + placed
    )
    after = replace(position.with_clearing(clearing), board=replace(position.board, supply=supply - placed))
    return after, (
        flip,
        Step(
            SINISTER,
            f"aucun Cimetière en jeu : Cimetière et Nécro {target.suit.fr} et {placed} guerriers dans {target.id} "
            f"({fewest} pièce(s) adverse(s), le moins)",
            f"no Cemetery in play: a {target.suit.value} Cemetery and Necro and {placed} warriors in {target.id} "
            f"({fewest} enemy piece(s), the fewest)",
        ),
    )


def gravedigging(position: RootPosition, *, bird: bool = False) -> tuple[RootPosition, tuple[Step, ...]]:
    """Aurore, Fossoyer: 1 warrior in each clearing with a Cemetery; spending 1 bird card adds 1 more in each."""
    per = 2 if bird else 1
    if bird:
        if position.board.hand is None:
            raise MissingFact("board.hand")
        if "bird" not in position.board.hand:
            raise EngineError(
                "no bird card in hand to spend on Fossoyer",
                fr="aucune carte Oiseau en main à dépenser pour le Fossoyer",
            )
    supply = position.known_supply()
    need = per * len(position.cemeteries())
    if need > supply:
        raise EngineError(
            f"Fossoyer needs {need} warriors but the supply holds {supply}: "
            "the texts do not say what happens then (notes/warrior-supply)",
            fr=f"le Fossoyer demande {need} guerriers mais la réserve n'en a que {supply} : "
            "les textes ne disent pas ce qui se passe alors (notes/warrior-supply)",
        )
    for clearing in position.cemeteries():
        position = position.with_clearing(replace(clearing, warriors=clearing.warriors + per))
    board = replace(position.board, supply=supply - need)
    if bird and board.hand is not None:
        left = list(board.hand)
        left.remove("bird")
        board = replace(board, hand=tuple(left))
    return replace(position, board=board), (
        Step(
            GRAVEDIG,
            f"{per} guerrier(s) dans chaque clairière avec un Cimetière"
            + (" (1 carte Oiseau dépensée)" if bird else ""),
            f"{per} warrior(s) in each clearing with a Cemetery" + (" (1 bird card spent)" if bird else ""),
            reading=FOSSOYER_BIRDS if bird else None,
        ),
    )


def draw_and_discard(board: Board, drawn: str | None) -> tuple[Board, int, tuple[Step, ...]]:
    """Crépuscule, after the Rituals: draw 1 card, then discard down to 5; returns how many to discard."""
    if board.hand is None:
        raise MissingFact("board.hand")
    if drawn is None:
        raise MissingFact("deck.top", "which card is drawn?")
    hand = (*board.hand, drawn)
    discard = max(0, len(hand) - HAND_LIMIT)
    return (
        replace(board, hand=hand),
        discard,
        (
            Step(
                EVENING_DRAW,
                f"piocher 1 carte ({len(hand)} en main), puis défausser {discard} carte(s) pour revenir à 5",
                f"draw 1 card ({len(hand)} in hand), then discard {discard} card(s) down to 5",
            ),
        ),
    )
