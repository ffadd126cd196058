"""Jour (CN.5), set-up (CN.3) and the abilities after a battle (CN.2.2, CN.2.3)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from engine.errors import EngineError, MissingFact
from engine.root.day import (
    after_battle,
    build_cost,
    can_skull,
    check_pair,
    crafting_suits,
    funeral_march,
    hammer_options,
    pairs_allowed,
    perform_order,
    setup_board,
    setup_place,
    turn_wheel,
)
from engine.root.position import Board, Clearing, RootPosition, Suit

FOX, MOUSE, RABBIT = Suit.FOX, Suit.MOUSE, Suit.RABBIT


def table() -> RootPosition:
    return RootPosition(
        (
            Clearing("battle", FOX, 2, frozenset({MOUSE}), None, {"cats": 2}, ruled=True),
            Clearing("home", MOUSE, 1, frozenset({FOX}), FOX, {}, ruled=False),
            Clearing("other", RABBIT, 0, frozenset(), MOUSE),
        ),
        Board(supply=10),
    )


def test_gloomy_atmosphere_and_morbid_presence_add_up_with_two_enemy_warriors_removed() -> None:
    placed = after_battle(table(), "battle", 2)
    assert placed.clearings == ("home", "battle")


def test_with_one_enemy_warrior_removed_only_one_warrior_is_placed() -> None:
    with pytest.raises(MissingFact, match=re.escape("after_battle.choice")):
        after_battle(table(), "battle", 1)
    placed = after_battle(table(), "battle", 1, choice="battle")
    assert placed.clearings == ("battle",) and placed.steps[0].reading == "notes/ambiance-presence-stacking"


def test_no_effect_when_the_cemetery_or_the_necro_is_removed_in_the_battle() -> None:
    assert after_battle(table(), "battle", 2, cemetery_removed=True).clearings == ("battle",)
    assert after_battle(table(), "battle", 2, necro_removed=True).clearings == ("home",)


def test_one_pair_per_necro_and_never_the_same_pair_twice_in_a_row() -> None:
    assert pairs_allowed(table()) == 2
    assert (
        check_pair(table(), ("boot", "sword"), ("card", "skull")).en
        == "the Wheel points at boot (thumb) then sword (index)"
    )
    with pytest.raises(EngineError, match="twice in a row, even across turns"):
        check_pair(table(), ("boot", "sword"), ("boot", "sword"))
    with pytest.raises(EngineError, match="unknown action"):
        check_pair(table(), ("boot", "fly"), None)


def test_the_skull_needs_an_enemy_warrior_with_the_necro() -> None:
    assert can_skull(table(), MOUSE) and not can_skull(table(), FOX)


def test_building_costs_two_cards_of_the_ruled_clearing_suit() -> None:
    no_cemetery = replace(table(), clearings=tuple(replace(c, cemetery=None) for c in table().clearings))
    assert build_cost(no_cemetery, MOUSE, ["fox", "fox"]).rule == "root-necropossums/cn-5-2-g"
    with pytest.raises(EngineError, match="costs 2 fox cards"):
        build_cost(no_cemetery, MOUSE, ["fox", "mouse"])
    with pytest.raises(EngineError, match="needs a clearing the Cabal rules"):
        build_cost(no_cemetery, FOX, ["mouse", "mouse"])


def test_crafting_necros_take_their_clearing_suit() -> None:
    assert sorted(s.value for s in crafting_suits(table())) == ["fox", "fox", "mouse", "mouse"]


def test_setup_places_a_cemetery_its_necro_and_three_warriors_from_the_supply() -> None:
    empty = RootPosition((Clearing("corner", RABBIT, corner=True),), Board())
    after, steps = setup_place(empty, "corner")
    corner = after.clearing("corner")
    assert (corner.cemetery, corner.necros, corner.warriors, after.board.supply) == (RABBIT, frozenset({RABBIT}), 3, 12)
    assert steps[0].reading == "notes/warrior-supply"
    edge = RootPosition((Clearing("x", FOX, enemy_tokens={"otters": 1}, corner=False, edge=True),))
    with pytest.raises(EngineError, match="no enemy token or building"):
        setup_place(edge, "x", corner_free=False)
    with pytest.raises(EngineError, match="a corner clearing is available"):
        setup_place(edge, "x", corner_free=True)
    with pytest.raises(MissingFact, match=re.escape("clearing.y.corner")):
        setup_place(RootPosition((Clearing("y", FOX),)), "y")


def test_funeral_march_once_per_turn() -> None:
    assert funeral_march(False).rule == "root-necropossums/cn-5-1"
    with pytest.raises(EngineError, match="only once per turn"):
        funeral_march(True)


def test_faction_board_set_up() -> None:
    board, step = setup_board()
    assert (board.supply, board.markers_up, board.wheel) == (15, frozenset(Suit), None)
    assert step.rule == "root-necropossums/cn-3-3"


def test_turning_the_wheel_uses_a_necro_marker_and_changes_the_pair() -> None:
    p = replace(table(), board=Board(supply=10, markers_up=frozenset({MOUSE, FOX}), wheel=("card", "skull")))
    after, _ = turn_wheel(p, MOUSE, ("boot", "sword"))
    assert after.board.markers_up == frozenset({FOX}) and after.board.wheel == ("boot", "sword")
    with pytest.raises(EngineError, match="already used this turn"):
        turn_wheel(after, MOUSE, ("card", "skull"))
    with pytest.raises(EngineError, match="twice in a row"):
        turn_wheel(after, FOX, ("boot", "sword"))


def test_both_actions_thumb_first_an_impossible_skull_skipped() -> None:
    assert perform_order(table(), MOUSE, ("skull", "boot"))[0] == ("skull", "boot")
    assert perform_order(table(), FOX, ("skull", "card"))[0] == ("card",)


def test_the_hammer_is_crafting_or_building() -> None:
    no_fox_cemetery = replace(table(), clearings=tuple(replace(c, cemetery=None) for c in table().clearings))
    assert hammer_options(no_fox_cemetery, MOUSE, ["fox", "fox"]) == ("crafting", "building")
    assert hammer_options(table(), FOX, ["mouse", "mouse"]) == ("crafting",)


def test_building_needs_its_cemetery_off_the_map_then_two_cards_then_a_ruled_clearing() -> None:
    # the mouse Necro stands in a fox clearing; the fox Cemetery is already in play ("home"): it cannot be placed
    assert hammer_options(table(), MOUSE, ["fox", "fox"]) == ("crafting",)
    with pytest.raises(EngineError, match="fox Cemetery, already in play in 'home'"):
        build_cost(table(), MOUSE, ["fox", "fox"])
    free = replace(table(), clearings=tuple(replace(c, cemetery=None, ruled=None) for c in table().clearings))
    assert hammer_options(free, MOUSE, ["fox", "mouse"]) == ("crafting",)  # one fox card: ruled or not, no
    with pytest.raises(MissingFact, match=r"clearing\.battle\.ruled"):
        hammer_options(free, MOUSE, ["fox", "fox"])  # only whether the Cabal rules it decides
