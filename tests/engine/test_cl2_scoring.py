"""Capital Lux 2 game end: City + Bonus + 2 per unspent gold; ties to fewer gold, then shared."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cl2.cards import BASE_COLOURS, Card, Colour
from engine.cl2.position import Player
from engine.cl2.scoring import Score, final_score, winners
from engine.errors import MissingFact


def player(name: str, blue: tuple[int, ...] = (), gold: int = 0, bonus: tuple[int, ...] = ()) -> Player:
    city = {c: () for c in BASE_COLOURS} | {Colour.BLUE: tuple(Card(Colour.BLUE, v) for v in blue)}
    return Player(name, city=city, gold=gold, bonus=tuple(Card(Colour.PINK, v) for v in bonus))


def test_gold_is_worth_two_points() -> None:
    """cl2-rules FAQ: 2 points per gold token at game end, added to City and Bonus cards."""
    score = final_score(player("Ana", blue=(3, 4), gold=2, bonus=(5,)))
    assert (score.city, score.bonus, score.gold, score.total) == (7, 5, 4, 16)


def test_a_tie_goes_to_fewer_gold_then_is_shared() -> None:
    ana, bob = player("Ana", blue=(10,), gold=0), player("Bob", blue=(6,), gold=2)
    assert winners((ana, bob)) == ("Ana",)
    cy = player("Cy", blue=(10,), gold=0)
    assert winners((ana, bob, cy)) == ("Ana", "Cy")


def test_unknown_bonus_is_a_missing_fact() -> None:
    with pytest.raises(MissingFact, match=re.escape("Ana.bonus")):
        final_score(Player("Ana", city={c: () for c in BASE_COLOURS}, gold=0))


@given(
    blue=st.lists(st.integers(0, 7), max_size=8),
    gold=st.integers(0, 12),
    bonus=st.lists(st.integers(1, 7), max_size=4),
)
def test_scores_add_up_from_their_parts(blue: list[int], gold: int, bonus: list[int]) -> None:
    score = final_score(player("Ana", blue=tuple(blue), gold=gold, bonus=tuple(bonus)))
    assert score.total == score.city + score.bonus + score.gold
    assert (score.city, score.bonus, score.gold) == (sum(blue), sum(bonus), 2 * gold)


def test_a_city_and_bonus_known_by_their_totals_and_scores_stated_directly() -> None:
    ana = Player("Ana", gold=3, city_total=47, bonus_total=14)
    assert final_score(ana) == Score("Ana", 47, 14, 6, 67)
    with pytest.raises(MissingFact, match=re.escape("Ana.bonus")):
        final_score(Player("Ana", gold=3, city_total=47))
    me, sam, leo = Player("me", gold=2, score=64), Player("Sam", gold=1, score=64), Player("Leo", score=60)
    assert winners((me, sam, leo)) == ("Sam",)
