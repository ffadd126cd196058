"""The Necropossums' rules, with the text's own statements as cases (CN.2, CN.4, CN.6)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import EngineError, MissingFact
from engine.root.position import Board, Clearing, RootPosition, Suit
from engine.root.rules import (
    battle_losses,
    draw_and_discard,
    gravedigging,
    remove_cemetery,
    remove_necro,
    ritual_plan,
    sinister_return,
)

FOX, MOUSE, RABBIT = Suit.FOX, Suit.MOUSE, Suit.RABBIT


def cl(
    cid: str,
    suit: Suit,
    warriors: int = 0,
    *,
    necros: tuple[Suit, ...] = (),
    cemetery: Suit | None = None,
    enemies: int = 0,
) -> Clearing:
    return Clearing(cid, suit, warriors, frozenset(necros), cemetery, {"cats": enemies} if enemies else {})


def test_a_ritual_removes_three_warriors_and_scores_one_per_cemetery() -> None:
    p = RootPosition((cl("a", FOX, 3, necros=(FOX,), cemetery=FOX), cl("b", MOUSE, 1, cemetery=MOUSE)))
    plan = ritual_plan(p)
    assert (plan.points, plan.uses) == (2, ("a",))  # 2 Cemeteries in play: 2 points for the one Ritual possible


def test_at_most_three_rituals_a_turn_and_never_with_necros() -> None:
    p = RootPosition((cl("a", FOX, 11, necros=(FOX,), cemetery=FOX),))
    assert ritual_plan(p).uses == ("a", "a", "a")
    only_necros = RootPosition((cl("a", FOX, 2, necros=(FOX, MOUSE), cemetery=FOX),))
    assert ritual_plan(only_necros).points == 0  # 2 warriors and 2 Necros: Necros cannot be removed


@given(st.lists(st.integers(0, 12), min_size=1, max_size=3).filter(lambda ws: sum(ws) <= 18))
def test_ritual_points_never_exceed_three_times_the_cemeteries(warriors: list[int]) -> None:
    suits = [FOX, MOUSE, RABBIT]
    p = RootPosition(tuple(cl(f"c{i}", suits[i], w, cemetery=suits[i]) for i, w in enumerate(warriors)))
    assert ritual_plan(p).points <= 3 * len(p.cemeteries())


def test_a_removed_necro_returns_to_its_cemetery_clearing() -> None:
    p = RootPosition((cl("a", FOX, 2, necros=(MOUSE,)), cl("b", MOUSE, 0, cemetery=MOUSE)))
    after = remove_necro(p, MOUSE).after
    assert after.necro_clearing(MOUSE) == after.clearing("b")


def test_without_its_cemetery_a_removed_necro_goes_to_the_faction_board() -> None:
    after = remove_necro(RootPosition((cl("a", FOX, 2, necros=(MOUSE,)),)), MOUSE).after
    assert after.necro_clearing(MOUSE) is None


def test_cemetery_removal_takes_its_necro_and_half_the_warriors_rounded_up() -> None:
    p = RootPosition((cl("a", FOX, 5, necros=(FOX,), cemetery=FOX),), Board(supply=7))
    removal = remove_cemetery(p, FOX)
    a = removal.after.clearing("a")
    assert (a.cemetery, a.necros, a.warriors, removal.warriors_removed) == (None, frozenset(), 2, 3)
    assert removal.after.board.supply == 10
    assert removal.steps[-1].reading == "notes/cemetery-removal-half"
    assert "removed together with its Cemetery" in removal.steps[1].en  # the Necro does not come back


def test_battle_losses_go_to_regular_warriors_first_then_necros() -> None:
    p = RootPosition((cl("a", FOX, 2, necros=(FOX,)), cl("b", MOUSE, cemetery=FOX)), Board(supply=0))
    removal = battle_losses(p, "a", 3)
    assert removal.after.clearing("a").warriors == 0 and removal.warriors_removed == 2
    assert removal.after.necro_clearing(FOX) == removal.after.clearing("b")  # Revenant


@given(warriors=st.integers(0, 9), hits=st.integers(0, 12), supply=st.integers(0, 6))
def test_warriors_are_conserved_between_the_board_and_the_supply(warriors: int, hits: int, supply: int) -> None:
    p = RootPosition((cl("a", FOX, warriors, necros=(FOX,), cemetery=FOX),), Board(supply=supply))
    for removal in (battle_losses(p, "a", hits), remove_cemetery(p, FOX)):
        assert removal.after.clearing("a").warriors + (removal.after.board.supply or 0) == warriors + supply


def test_sinister_return_places_in_the_clearing_with_the_fewest_enemy_pieces() -> None:
    p = RootPosition((cl("a", FOX, enemies=3), cl("b", RABBIT, enemies=1), cl("c", MOUSE, enemies=2)), Board(supply=15))
    after, steps = sinister_return(p)
    b = after.clearing("b")
    assert (b.cemetery, b.necros, b.warriors, after.board.supply) == (RABBIT, frozenset({RABBIT}), 3, 12)
    assert [s.rule for s in steps] == ["root-necropossums/cn-4-1"] * 2


def test_sinister_return_asks_when_clearings_tie_and_does_nothing_with_a_cemetery() -> None:
    tied = RootPosition((cl("a", FOX), cl("b", RABBIT)), Board(supply=15))
    with pytest.raises(MissingFact, match=re.escape("sinister_return.clearing")):
        sinister_return(tied)
    assert sinister_return(tied, "b")[0].clearing("b").cemetery is RABBIT
    with_cemetery = RootPosition((cl("a", FOX, cemetery=FOX),), Board(supply=15))
    after, steps = sinister_return(with_cemetery)
    assert after.clearings == with_cemetery.clearings and after.board.markers_up == frozenset(Suit)
    assert steps[0].en == "the Necro action markers are flipped face up"


def test_gravedigging_adds_a_warrior_in_each_cemetery_clearing_two_with_a_bird_card() -> None:
    p = RootPosition(
        (cl("a", FOX, 1, cemetery=FOX), cl("b", MOUSE, 0, cemetery=MOUSE), cl("c", RABBIT, 4)),
        Board(supply=6, hand=("bird", "fox")),
    )
    one, _ = gravedigging(p)
    assert [one.clearing(i).warriors for i in "abc"] == [2, 1, 4] and one.board.supply == 4
    two, steps = gravedigging(p, bird=True)
    assert [two.clearing(i).warriors for i in "abc"] == [3, 2, 4] and two.board.hand == ("fox",)
    assert steps[0].reading == "notes/fossoyer-bird-cards"


def test_an_empty_supply_is_not_filled_in() -> None:
    p = RootPosition((cl("a", FOX, 1, cemetery=FOX),), Board(supply=0))
    with pytest.raises(EngineError, match="the texts do not say what happens then"):
        gravedigging(p)


def test_evening_draw_then_discard_down_to_five() -> None:
    board, discard, _ = draw_and_discard(Board(hand=("fox",) * 5), "bird")
    assert len(board.hand or ()) == 6 and discard == 1
    with pytest.raises(MissingFact, match=re.escape("board.hand")):
        draw_and_discard(Board(), "bird")


def test_impossible_positions_are_quoted() -> None:
    from engine.errors import ImpossiblePosition

    with pytest.raises(ImpossiblePosition, match="there is one Necro of each colour, but fox appears twice"):
        RootPosition((cl("a", FOX, necros=(FOX,)), cl("b", MOUSE, necros=(FOX,))))
    with pytest.raises(ImpossiblePosition, match="the supply holds 0 to 15 warriors, not 16"):
        RootPosition((), Board(supply=16))
    with pytest.raises(ImpossiblePosition, match="negative count"):
        cl("a", FOX, -1)
    with pytest.raises(ImpossiblePosition, match=r"at most 18 warriors .* not 40"):
        RootPosition((cl("a", FOX, 40),)).check_warriors()
    with pytest.raises(ImpossiblePosition, match="not 19"):
        RootPosition((cl("a", FOX, 10),), Board(supply=9)).check_warriors()
    assert RootPosition((cl("a", FOX, 10),), Board(supply=8)).check_warriors().known_supply() == 8  # 18 may be
    assert replace(Board(), supply=3).supply == 3
