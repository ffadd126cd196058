"""Configuration A powers, played to the Capital; and when a power cannot apply at all."""

from __future__ import annotations

import re

import pytest

from engine.cl2.cards import BASE_COLOURS, Card, Colour
from engine.cl2.position import Player, Position
from engine.cl2.power import Power
from engine.cl2.powers import play_to_capital
from engine.cl2.roundend import maximum, prepare_next_round
from engine.errors import EngineError, MissingFact

A = {Colour.BLUE: Power.AGENT, Colour.PINK: Power.CLERIC, Colour.YELLOW: Power.MERCHANT, Colour.GREEN: Power.SCHOLAR}


def c(text: str) -> Card:
    return Card.parse(text)


def table(**changes: object) -> Position:
    fields: dict[str, object] = {
        "players": (Player("Ana", city={col: () for col in BASE_COLOURS}, gold=0, hand=()),),
        "capital": {
            Colour.BLUE: (c("blue:4"),),
            Colour.PINK: (c("pink:3"), c("pink:5")),
            Colour.YELLOW: (),
            Colour.GREEN: (c("green:2"), c("green:2")),
        },
        "powers": A,
        "agent_tiles": {col: () for col in BASE_COLOURS},
    }
    fields.update(changes)
    return Position(**fields)  # type: ignore[arg-type]


def test_merchant_takes_one_gold() -> None:
    play = play_to_capital(table(), "Ana", c("yellow:6"))
    assert play.applied and play.after.player("Ana").gold == 1
    assert play.after.capital[Colour.YELLOW] == (c("yellow:6"),)
    assert [s.rule for s in play.steps] == ["cl2-rules/un-tour/jouer", "cl2-power-tiles/config-a/marchand"]


def test_savant_draws_the_top_card_into_the_hand() -> None:
    play = play_to_capital(table(deck_top=(c("blue:7"), c("pink:1"))), "Ana", c("green:3"))
    assert play.after.player("Ana").hand == (c("blue:7"),)
    assert play.after.deck_top == (c("pink:1"),)


def test_savant_with_an_empty_deck_cannot_apply() -> None:
    play = play_to_capital(table(deck_top=()), "Ana", c("green:3"))
    assert not play.applied
    assert play.steps[-1].rule == "cl2-rules/faq/capitale-sans-pouvoir"
    assert play.after.capital[Colour.GREEN][-1] == c("green:3")  # the card is still played


def test_savant_needs_to_know_the_top_card() -> None:
    with pytest.raises(MissingFact, match=re.escape("deck.top")):
        play_to_capital(table(), "Ana", c("green:3"))


def test_agent_places_a_tile_even_on_a_card_that_has_one() -> None:
    first = play_to_capital(table(agent_stack=(2, -1)), "Ana", c("blue:1"), target=Colour.PINK)
    second = play_to_capital(first.after, "Ana", c("blue:2"), target=Colour.PINK)
    assert second.after.hidden_agent_tiles[Colour.PINK] == (2, -1)
    assert "already has an Agent tile: that is allowed" in second.steps[-1].en
    # revealed at round end: pink MAXIMUM = 3 + 5 + 2 - 1
    assert maximum(second.after, Colour.PINK).value == 9


def test_agent_with_no_tile_left_cannot_apply() -> None:
    assert not play_to_capital(table(agent_stack=()), "Ana", c("blue:1"), target=Colour.PINK).applied


def test_agent_tiles_are_gathered_between_rounds() -> None:
    placed = play_to_capital(table(agent_stack=(2,)), "Ana", c("blue:1"), target=Colour.PINK).after
    after, steps = prepare_next_round(placed)
    assert after.hidden_agent_tiles == {} and after.agent_tiles == {} and after.agent_stack is None
    assert after.capital == placed.capital and after.players == placed.players
    assert [s.rule for s in steps] == ["cl2-rules/faq/cartes-restent", "cl2-power-tiles/config-a/agent"]


def test_clerc_moves_the_lowest_card_to_the_same_city_district() -> None:
    """cl2-power-tiles, Clerc example: the lowest green card goes to the green City district."""
    play = play_to_capital(table(), "Ana", c("pink:6"), district=Colour.GREEN)
    assert play.after.player("Ana").city[Colour.GREEN] == (c("green:2"),)
    assert play.after.capital[Colour.GREEN] == (c("green:2"),)


def test_clerc_in_pink_leaves_the_card_just_played() -> None:
    """Note: in the pink district, when the card just played is the lowest, take the second lowest."""
    play = play_to_capital(table(), "Ana", c("pink:1"), district=Colour.PINK)
    assert play.after.player("Ana").city[Colour.PINK] == (c("pink:3"),)
    assert c("pink:1") in play.after.capital[Colour.PINK]
    assert play.steps[-1].reading == "notes/clerc-prophete-card-just-played"


def test_clerc_takes_only_a_lowest_card() -> None:
    with pytest.raises(EngineError, match=re.escape("the Clerc takes the lowest card of the district (3), not pink:5")):
        play_to_capital(table(), "Ana", c("pink:6"), district=Colour.PINK, take=c("pink:5"))


def test_clerc_with_nothing_to_take_cannot_apply() -> None:
    empty = table(capital={col: () for col in BASE_COLOURS})
    play = play_to_capital(empty, "Ana", c("pink:6"))
    assert not play.applied and play.after.capital[Colour.PINK] == (c("pink:6"),)


def test_clerc_needs_a_district_choice() -> None:
    with pytest.raises(MissingFact, match=re.escape("Ana.clerc_district")):
        play_to_capital(table(), "Ana", c("pink:6"))
