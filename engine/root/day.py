"""Jour (CN.5), set-up (CN.3) and the abilities after a battle (CN.2.2, CN.2.3).

The Macabre Wheel's action pairs are not listed in the texts: a pair is an input, given as (thumb, index).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.errors import EngineError, MissingFact
from engine.root.position import Board, RootPosition, Suit
from engine.root.sections import (
    BUILD,
    GLOOMY,
    MARCH,
    MORBID,
    PAIR,
    SETUP_BOARD,
    SETUP_PLACE,
    SETUP_SUPPLY,
    STACKING,
    TURN_WHEEL,
    WARRIOR_SUPPLY,
)
from engine.steps import Step

ACTIONS = frozenset({"boot", "sword", "card", "skull", "hammer"})


@dataclass(frozen=True)
class Placement:
    """Warriors the Cabal places after a battle, where, and why."""

    clearings: tuple[str, ...]
    steps: tuple[Step, ...]


def after_battle(
    position: RootPosition,
    clearing_id: str,
    enemy_warriors_removed: int,
    *,
    necro_removed: bool = False,
    cemetery_removed: bool = False,
    choice: str | None = None,
) -> Placement:
    """Ambiance lugubre and Présence morbide after a battle in ``clearing_id`` (pieces as before the battle).

    They add up only when at least 2 enemy warriors were removed. With exactly 1 and both applying, one warrior
    is placed, in the clearing ``choice`` names (reading of ``notes/ambiance-presence-stacking``).
    """
    battle = position.clearing(clearing_id)
    places: list[tuple[str, Step]] = []
    if enemy_warriors_removed >= 1 and battle.cemetery is None:
        home = position.cemetery_clearing(battle.suit)
        if home is not None and not cemetery_removed:
            places.append(
                (
                    home.id,
                    Step(
                        GLOOMY,
                        f"Ambiance lugubre : 1 guerrier dans {home.id}, le Cimetière {battle.suit.fr}",
                        f"Gloomy Atmosphere: 1 warrior in {home.id}, the {battle.suit.value} Cemetery's clearing",
                    ),
                )
            )
    if enemy_warriors_removed >= 1 and battle.necros and not necro_removed:
        places.append(
            (
                battle.id,
                Step(
                    MORBID,
                    f"Présence morbide : 1 guerrier dans {battle.id}",
                    f"Morbid Presence: 1 warrior in {battle.id}",
                ),
            )
        )
    if len(places) == 2 and enemy_warriors_removed < 2:
        if choice is None:
            raise MissingFact(
                "after_battle.choice", f"only 1 enemy warrior removed: 1 warrior, in {places[0][0]} or {places[1][0]}?"
            )
        chosen = [p for p in places if p[0] == choice]
        if not chosen:
            raise EngineError(f"{choice!r} is not one of {places[0][0]!r} and {places[1][0]!r}")
        note = Step(
            GLOOMY,
            "un seul guerrier adverse retiré : les deux capacités ne se cumulent pas",
            "only 1 enemy warrior removed: the two abilities do not add up",
            reading=STACKING,
        )
        return Placement((choice,), (note, chosen[0][1]))
    return Placement(tuple(p[0] for p in places), tuple(p[1] for p in places))


def check_pair(position: RootPosition, pair: tuple[str, str], previous: tuple[str, str] | None) -> Step:
    """A turn of the Macabre Wheel: the pair must change (even across turns); thumb first, then index."""
    if not set(pair) <= ACTIONS:
        raise EngineError(f"unknown action in {pair!r}; actions are {', '.join(sorted(ACTIONS))}")
    if previous is not None and pair == previous:
        raise EngineError(f"the Wheel cannot point at {pair[0]}/{pair[1]} twice in a row, even across turns")
    return Step(
        TURN_WHEEL,
        f"la Roue pointe sur {pair[0]} (pouce) puis {pair[1]} (index)",
        f"the Wheel points at {pair[0]} (thumb) then {pair[1]} (index)",
    )


def pairs_allowed(position: RootPosition) -> int:
    """How many action pairs this Daylight: one for each Necro in play."""
    return sum(len(c.necros) for c in position.clearings)


def can_skull(position: RootPosition, necro: Suit) -> bool:
    """The Skull needs an enemy warrior in the clearing of the Necro performing it."""
    here = position.necro_clearing(necro)
    if here is None:
        raise EngineError(f"the {necro.value} Necro is not in play")
    return here.enemy_warrior_count > 0


def build_cost(position: RootPosition, necro: Suit, hand: Sequence[str]) -> Step:
    """Construction: spend 2 cards of the suit of the ruled clearing where the Necro stands, and place the Cemetery
    of that suit there; there is one Cemetery of each suit, so one already in play cannot be placed. What rules
    Building out is checked before whether the clearing is ruled is asked for."""
    here = position.necro_clearing(necro)
    if here is None:
        raise EngineError(f"the {necro.value} Necro is not in play")
    built = position.cemetery_clearing(here.suit)
    if built is not None:
        raise EngineError(f"Construction places the {here.suit.value} Cemetery, already in play in {built.id!r}")
    if list(hand).count(here.suit.value) < 2:
        raise EngineError(f"Construction in {here.id!r} costs 2 {here.suit.value} cards")
    if here.ruled is None:
        raise MissingFact(f"clearing.{here.id}.ruled", "does the Cabal rule that clearing?")
    if not here.ruled:
        raise EngineError(f"Construction needs a clearing the Cabal rules; {here.id!r} is not")
    return Step(
        BUILD,
        f"Construction dans {here.id} : 2 cartes {here.suit.fr}, Cimetière et Nécro {here.suit.fr}",
        f"Building in {here.id}: 2 {here.suit.value} cards, the {here.suit.value} Cemetery and Necro",
    )


def crafting_suits(position: RootPosition) -> tuple[Suit, ...]:
    """Fabrication: each Cemetery, and at most 1 Necro per clearing taking that clearing's suit."""
    suits = [c.cemetery for c in position.clearings if c.cemetery is not None]
    suits += [c.suit for c in position.clearings if c.necros]
    return tuple(suits)


def setup_place(
    position: RootPosition, corner: str, supply: int = 15, *, corner_free: bool | None = None
) -> tuple[RootPosition, tuple[Step, ...]]:
    """CN.3: a Cemetery, the Necro of its colour and 3 warriors in the chosen clearing: a corner clearing (if
    possible diagonally opposite another faction's set-up clearing), or, when no corner is available
    (``corner_free`` False), an edge clearing without enemy token or building. Which clearings are corners or
    edges is a map fact, an input. The warriors come from the supply of 15 (``notes/warrior-supply``)."""
    clearing = position.clearing(corner)
    if clearing.corner is None:
        raise MissingFact(f"clearing.{corner}.corner", "is it a corner clearing of the map?")
    if not clearing.corner:
        if corner_free is None:
            raise MissingFact("setup.corner_free", "is any corner clearing available?")
        if corner_free:
            raise EngineError(f"{corner!r} is not a corner, and a corner clearing is available")
        if not clearing.edge:
            raise EngineError(
                f"with no corner available, the starting clearing must be an edge clearing, not {corner!r}"
            )
        if clearing.enemy_buildings or clearing.enemy_tokens:
            raise EngineError(f"the starting edge clearing {corner!r} must have no enemy token or building")
    placed = replace(
        clearing, cemetery=clearing.suit, necros=clearing.necros | {clearing.suit}, warriors=clearing.warriors + 3
    )
    after = replace(position.with_clearing(placed), board=replace(position.board, supply=supply - 3))
    return after, (
        Step(
            SETUP_SUPPLY,
            "réserve de 15 guerriers ; les 3 guerriers de départ en sortent",
            "a supply of 15 warriors; the 3 starting warriors come out of it",
            reading=WARRIOR_SUPPLY,
        ),
        Step(
            SETUP_PLACE,
            f"Cimetière, Nécro {clearing.suit.fr} et 3 guerriers dans {corner}",
            f"a Cemetery, the {clearing.suit.value} Necro and 3 warriors in {corner}",
        ),
    )


def funeral_march(used_this_turn: bool) -> Step:
    """Marche funèbre: once per turn."""
    if used_this_turn:
        raise EngineError("Marche funèbre can be done only once per turn")
    return Step(
        MARCH,
        "Marche funèbre : 1 carte pour un déplacement depuis une clairière de sa couleur",
        "Funeral March: 1 card for a move from a clearing of its suit",
    )


def setup_board() -> tuple[Board, Step]:
    """CN.3.3: the remaining Cemeteries and Necros on their spots, the 3 action markers face up, the Wheel's
    marker at the centre (no pair yet); the supply holds 15 before the starting warriors are placed."""
    return Board(supply=15, markers_up=frozenset(Suit), wheel=None), Step(
        SETUP_BOARD,
        "plateau de faction : 3 marqueurs d'action face visible, marqueur de la Roue au centre",
        "faction board: 3 action markers face up, the Wheel's marker at the centre",
    )


def turn_wheel(position: RootPosition, necro: Suit, pair: tuple[str, str]) -> tuple[RootPosition, Step]:
    """CN.5.2 I: choose a Necro in play, flip its action marker to used, and turn the Wheel to a new pair."""
    if position.necro_clearing(necro) is None:
        raise EngineError(f"the {necro.value} Necro is not in play")
    up = position.board.markers_up
    if up is None:
        raise MissingFact("board.markers_up", "which Necro action markers are still face up?")
    if necro not in up:
        raise EngineError(f"the {necro.value} Necro's action marker is already used this turn")
    step = check_pair(position, pair, position.board.wheel)
    board = replace(position.board, markers_up=up - {necro}, wheel=pair)
    return replace(position, board=board), step


def perform_order(position: RootPosition, necro: Suit, pair: tuple[str, str]) -> tuple[tuple[str, ...], Step]:
    """CN.5.2 II: both actions if possible, thumb first then index; an impossible Skull is skipped."""
    done = tuple(a for a in pair if a != "skull" or can_skull(position, necro))
    return done, Step(
        PAIR,
        f"actions effectuées dans l'ordre pouce puis index : {', '.join(done) or 'aucune'}",
        f"actions performed thumb first, then index: {', '.join(done) or 'none'}",
    )


def hammer_options(position: RootPosition, necro: Suit, hand: Sequence[str]) -> tuple[str, ...]:
    """CN.5.2 e: the Hammer is Crafting or Building, one of the two; which are possible here. ``MissingFact`` when
    only whether the Cabal rules the Necro's clearing decides Building."""
    options = ["crafting"]
    try:
        build_cost(position, necro, hand)
        options.append("building")
    except MissingFact:
        raise
    except EngineError:
        pass
    return tuple(options)
