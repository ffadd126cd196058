"""Rebel cards: the Infiltré (configuration B, the flag) and the Intruder (set E): different powers."""

from __future__ import annotations

import re

import pytest

from engine.cl2.cards import BASE_COLOURS, Card, Colour
from engine.cl2.plays import legal_plays
from engine.cl2.position import Player, Position
from engine.cl2.power import CONFIGURATIONS, Power
from engine.cl2.powers import play_to_capital
from engine.cl2.roundend import resolve_round
from engine.errors import EngineError, MissingFact


def c(text: str) -> Card:
    return Card.parse(text)


def infiltre(flag: Colour | None = Colour.BLUE, hand: tuple[str, ...] = ()) -> Position:
    return Position(
        players=(Player("Adam", city={col: () for col in BASE_COLOURS}, gold=0, bonus=(), hand=tuple(map(c, hand))),),
        capital={col: () for col in BASE_COLOURS},
        powers=CONFIGURATIONS["B"],
        rebel_deck=(c("rebel/pink:3"), c("rebel/green:5")),
        rebel_flag=flag,
        prophet_stack=(1,),
    )


def allowed(position: Position, card: str) -> set[tuple[str, str]]:
    return {(p.place, p.district.value) for p in legal_plays(position, c(card)) if p.allowed}


def test_the_infiltre_draws_a_rebel_card_and_may_move_the_flag() -> None:
    """Adam places the Rebel flag on the yellow Power card (the example)."""
    play = play_to_capital(infiltre(), "Adam", c("blue:2"), target=Colour.YELLOW)
    assert play.after.player("Adam").hand == (c("rebel/pink:3"),)
    assert play.after.rebel_flag is Colour.YELLOW and play.after.rebel_deck == (c("rebel/green:5"),)
    with pytest.raises(EngineError, match="already stands on blue"):
        play_to_capital(infiltre(), "Adam", c("blue:2"), target=Colour.BLUE)


def test_with_the_flag_on_yellow_rebel_cards_go_to_yellow_districts() -> None:
    assert allowed(infiltre(Colour.YELLOW), "rebel/pink:3") == {("capital", "yellow"), ("city", "yellow")}
    with pytest.raises(MissingFact, match=re.escape("rebel.flag")):
        legal_plays(infiltre(None), c("rebel/pink:3"))


def test_a_rebel_played_to_the_capital_counts_in_the_flag_district() -> None:
    play = play_to_capital(infiltre(Colour.PINK), "Adam", c("rebel/green:5"), into=Colour.PINK)
    assert play.power == Power.PROPHET and play.after.capital[Colour.PINK] == (c("rebel/green:5"),)


def test_rebels_kept_in_hand_are_laid_in_the_flag_district_at_round_end() -> None:
    result = resolve_round(infiltre(Colour.YELLOW, hand=("rebel/pink:3",)), BASE_COLOURS)
    assert result.districts[2].colour is Colour.YELLOW and result.districts[2].total == 3
    assert any(s.rule == "cl2-power-tiles/config-b/infiltre" for s in result.steps)


def intruder_table(hand: tuple[str, ...] = ()) -> Position:
    powers = dict(CONFIGURATIONS["C"]) | {Colour.BLUE: Power.INTRUDER}
    return Position(
        players=(Player("Ana", city={col: () for col in BASE_COLOURS}, gold=0, bonus=(), hand=tuple(map(c, hand))),),
        capital={col: () for col in BASE_COLOURS},
        powers=powers,
        rebel_deck=(c("rebel/pink:3"), c("rebel/green:5")),
    )


def test_the_intruder_puts_the_face_up_rebel_into_any_capital_district_without_its_power() -> None:
    play = play_to_capital(intruder_table(), "Ana", c("blue:1"), district=Colour.YELLOW)
    assert play.after.capital[Colour.YELLOW] == (c("rebel/pink:3"),)
    assert play.after.rebel_deck == (c("rebel/green:5"),) and play.after.player("Ana").gold == 0


def test_a_rebel_in_hand_with_the_intruder_goes_anywhere_and_never_activates() -> None:
    assert allowed(intruder_table(), "rebel/pink:3") == {
        (p, col.value) for p in ("capital", "city") for col in BASE_COLOURS
    }
    play = play_to_capital(intruder_table(hand=("rebel/pink:3",)), "Ana", c("rebel/pink:3"), into=Colour.YELLOW)
    assert not play.applied and play.after.player("Ana").gold == 0


def test_an_intruder_rebel_still_in_hand_leaves_for_the_score_pile() -> None:
    result = resolve_round(intruder_table(hand=("rebel/pink:3",)), BASE_COLOURS)
    assert all(d.total == 0 for d in result.districts)
    assert any(s.reading == "notes/infiltre-vs-intruder" for s in result.steps)


def test_a_flag_on_purple_lets_rebels_into_purple() -> None:
    from engine.cl2.undercover import Undercover, UndercoverCard

    base = infiltre(Colour.PURPLE)
    with_module = Position(
        players=base.players,
        powers=base.powers,
        rebel_flag=Colour.PURPLE,
        undercover=Undercover(UndercoverCard.parse("green")),
    )
    assert allowed(with_module, "rebel/pink:3") == {("capital", "purple"), ("city", "purple")}
