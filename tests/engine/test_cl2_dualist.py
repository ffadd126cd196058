"""Dualist cards: their colour depends on where they are played."""

from __future__ import annotations

import re

import pytest

from engine.cl2.cards import BASE_COLOURS, Card, Colour
from engine.cl2.plays import legal_plays
from engine.cl2.position import Player, Position
from engine.cl2.power import CONFIGURATIONS
from engine.cl2.powers import play_to_capital, play_to_city
from engine.cl2.roundend import resolve_round
from engine.errors import EngineError, MissingFact

DUAL = "dualist/blue|pink:3"


def c(text: str) -> Card:
    return Card.parse(text)


def table(hand: tuple[str, ...] = (), capital_blue: tuple[str, ...] = (), powers: str = "C") -> Position:
    return Position(
        players=(Player("Ana", city={col: () for col in BASE_COLOURS}, gold=0, bonus=(), hand=tuple(map(c, hand))),),
        capital={col: () for col in BASE_COLOURS} | {Colour.BLUE: tuple(map(c, capital_blue))},
        powers=CONFIGURATIONS[powers],
        agent_tiles={col: () for col in BASE_COLOURS} if powers == "A" else {},
        dualist_deck=(c(DUAL),),
        recruiter_top=c("green:1"),
    )


def test_where_a_dualist_card_may_go() -> None:
    allowed = {(p.place, p.district.value) for p in legal_plays(table(), c(DUAL)) if p.allowed}
    assert allowed == {("capital", "blue"), ("city", "pink")}


def test_played_in_a_city_it_takes_its_city_colour() -> None:
    play = play_to_city(table(hand=(DUAL,)), "Ana", c(DUAL))
    assert play.after.player("Ana").city[Colour.PINK] == (c(DUAL),)
    with pytest.raises(EngineError, match=re.escape("cannot be played in the City's blue district")):
        play_to_city(table(hand=(DUAL,)), "Ana", c(DUAL), into=Colour.BLUE)


def test_the_dualiste_power_draws_a_dualist_card() -> None:
    play = play_to_capital(table(), "Ana", c("green:2"))
    assert play.after.player("Ana").hand == (c(DUAL),) and play.after.dualist_deck == ()
    with pytest.raises(MissingFact, match=re.escape("dualist.deck")):
        play_to_capital(
            Position(players=table().players, capital=table().capital, powers=CONFIGURATIONS["C"]), "Ana", c("green:2")
        )


def test_a_dualist_moved_by_the_clerc_keeps_its_capital_colour() -> None:
    """Note: moved by the Clerc from the blue Capital district, it goes to the blue City district (not turned)."""
    play = play_to_capital(table(capital_blue=(DUAL,), powers="A"), "Ana", c("pink:5"), district=Colour.BLUE)
    assert play.after.player("Ana").city[Colour.BLUE] == (c(DUAL),)


def test_leftover_dualists_go_to_the_city_with_the_city_colour() -> None:
    result = resolve_round(table(hand=(DUAL,)), BASE_COLOURS)
    pink = next(d for d in result.districts if d.colour is Colour.PINK)
    assert pink.total == 3


def test_only_dualists_have_two_colours() -> None:
    assert c(DUAL).format() == DUAL and c(DUAL).colour_in("capital") is Colour.BLUE
    with pytest.raises(EngineError, match="only a dualist card, has two colours"):
        c("blue|pink:3")
