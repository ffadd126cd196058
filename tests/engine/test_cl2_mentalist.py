"""The new Mentalist tiles (Secret Card, Swap); the base Mentalist power is not in the texts."""

from __future__ import annotations

import pytest

from engine.cl2.cards import BASE_COLOURS, Card, Colour
from engine.cl2.mentalist import base_power, secret_card, swap
from engine.cl2.position import Player, Position
from engine.cl2.power import CONFIGURATIONS
from engine.cl2.powers import play_to_capital
from engine.cl2.roundend import resolve_round
from engine.errors import EngineError


def c(text: str) -> Card:
    return Card.parse(text)


def table() -> Position:
    return Position(
        players=(
            Player("Ana", city={col: () for col in BASE_COLOURS} | {Colour.GREEN: (c("green:2"),)}, gold=0, bonus=()),
        ),
        capital={col: () for col in BASE_COLOURS} | {Colour.GREEN: (c("green:6"),), Colour.PINK: (c("pink:4"),)},
        powers=CONFIGURATIONS["A"],
        agent_tiles={col: () for col in BASE_COLOURS},
    )


def test_the_base_mentalist_power_is_not_invented() -> None:
    with pytest.raises(EngineError, match="the base Mentalist power is not described in the texts"):
        base_power()


def test_a_secret_card_goes_in_any_district_face_down_and_cannot_be_taken() -> None:
    after, step = secret_card(table(), "Ana", c("blue:1"), Colour.PINK)
    assert after.capital[Colour.PINK] == (c("pink:4"), c("blue:1")) and after.face_down == (c("blue:1"),)
    assert step.reading == "notes/mentalist-secret-card"
    # the Clerc may not take the face-down card, though it is the lowest of pink
    clerc = play_to_capital(after, "Ana", c("pink:9"), district=Colour.PINK)
    assert clerc.after.player("Ana").city[Colour.PINK] == (c("pink:4"),)


def test_face_down_cards_count_in_their_district_at_round_end() -> None:
    after, _ = secret_card(table(), "Ana", c("blue:1"), Colour.PINK)
    result = resolve_round(after, BASE_COLOURS)
    assert result.after.face_down == ()
    assert any(s.rule == "cl2-expansion/mentalist/secret-card" for s in result.steps)


def test_swap_a_city_card_with_a_capital_card_of_the_same_district() -> None:
    """Example: the yellow/green tile swaps a card in the green home district with one in the green Capital."""
    after, step = swap(table(), "Ana", (Colour.YELLOW, Colour.GREEN), Colour.GREEN, c("green:2"), c("green:6"))
    assert after.player("Ana").city[Colour.GREEN] == (c("green:6"),) and after.capital[Colour.GREEN] == (c("green:2"),)
    assert step.rule == "cl2-expansion/mentalist/swap"
    with pytest.raises(EngineError, match="offers yellow or green, not pink"):
        swap(table(), "Ana", (Colour.YELLOW, Colour.GREEN), Colour.PINK, c("green:2"), c("pink:4"))
    with pytest.raises(EngineError, match="the Swap tiles are blue/pink and yellow/green"):
        swap(table(), "Ana", (Colour.BLUE, Colour.GREEN), Colour.GREEN, c("green:2"), c("green:6"))
