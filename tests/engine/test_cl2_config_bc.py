"""Configuration B and C powers computed so far: Prophète, Disciple, Prosélytiste, Recruteur, Missionnaire."""

from __future__ import annotations

import re

import pytest

from engine.cl2.cards import BASE_COLOURS, Card, Colour
from engine.cl2.config_b import refill_display
from engine.cl2.position import Player, Position
from engine.cl2.power import CONFIGURATIONS
from engine.cl2.powers import play_to_capital
from engine.errors import EngineError, MissingFact


def c(text: str) -> Card:
    return Card.parse(text)


def table(config: str, hand: tuple[str, ...] | None = (), **changes: object) -> Position:
    fields: dict[str, object] = {
        "players": (
            Player(
                "Adam",
                city={col: () for col in BASE_COLOURS},
                gold=0,
                hand=None if hand is None else tuple(map(c, hand)),
            ),
        ),
        "capital": {
            Colour.BLUE: (c("blue:4"), c("blue:1")),
            Colour.PINK: (c("pink:3"),),
            Colour.YELLOW: (),
            Colour.GREEN: (c("green:6"),),
        },
        "powers": CONFIGURATIONS[config],
    }
    fields.update(changes)
    return Position(**fields)  # type: ignore[arg-type]


def test_prophet_below_five_nothing_happens() -> None:
    play = play_to_capital(table("B", prophet_tiles=(1,), prophet_stack=(2, 3)), "Adam", c("pink:2"))
    assert play.after.prophet_tiles == (1, 2) and play.after.prophet_stack == (3,)
    assert play.after.capital[Colour.BLUE] == (c("blue:4"), c("blue:1"))
    assert play.steps[-1].en == "total 3 < 5: nothing happens"


def test_prophet_at_five_discards_the_lowest_of_every_district_and_reshuffles() -> None:
    play = play_to_capital(table("B", prophet_tiles=(3,), prophet_stack=(2,)), "Adam", c("pink:5"))
    after = play.after
    assert after.capital[Colour.BLUE] == (c("blue:4"),)
    assert after.capital[Colour.PINK] == (c("pink:5"),)  # pink 3 was the lowest; the card just played stays
    assert after.capital[Colour.GREEN] == () and after.capital[Colour.YELLOW] == ()
    assert (after.prophet_tiles, after.prophet_stack) == ((), None)
    assert play.steps[-1].reading == "notes/clerc-prophete-card-just-played"


def test_prophet_needs_the_stack() -> None:
    with pytest.raises(MissingFact, match=re.escape("prophet.stack")):
        play_to_capital(table("B"), "Adam", c("pink:2"))


def test_disciple_gives_an_extra_turn() -> None:
    play = play_to_capital(table("B"), "Adam", c("yellow:2"))
    assert play.extra_turn and play.steps[-1].rule == "cl2-power-tiles/config-b/disciple"


def test_proselytizer_takes_every_display_card_of_another_colour() -> None:
    play = play_to_capital(
        table("B", hand=("blue:2", "pink:6"), display=(c("blue:5"), c("green:1"), c("pink:4"))),
        "Adam",
        c("green:3"),
        give=c("blue:2"),
    )
    assert play.after.player("Adam").hand == (c("pink:6"), c("green:1"), c("pink:4"))
    assert play.after.display == (c("blue:5"), c("blue:2"))


def test_proselytizer_must_add_a_card_even_when_nothing_can_be_taken() -> None:
    play = play_to_capital(
        table("B", hand=("blue:2",), display=(c("blue:5"), c("blue:1"))), "Adam", c("green:3"), give=c("blue:2")
    )
    assert play.applied and play.after.player("Adam").hand == ()
    assert play.after.display == (c("blue:5"), c("blue:1"), c("blue:2"))


def test_proselytizer_with_an_empty_hand_has_no_effect() -> None:
    play = play_to_capital(table("B", hand=(), display=(c("blue:5"),)), "Adam", c("green:3"))
    assert not play.applied


def test_display_refilled_to_three_between_rounds() -> None:
    after, step = refill_display(table("B", display=(c("blue:5"),), deck_top=(c("pink:1"), c("green:2"), c("blue:3"))))
    assert after.display == (c("blue:5"), c("pink:1"), c("green:2")) and after.deck_top == (c("blue:3"),)
    assert step.rule == "cl2-power-tiles/config-b/proselytiste"


def test_recruiter_card_goes_to_the_matching_city_district() -> None:
    play = play_to_capital(table("C", recruiter_top=c("green:4"), recruiter_deck=(c("pink:2"),)), "Adam", c("blue:3"))
    assert play.after.player("Adam").city[Colour.GREEN] == (c("green:4"),)
    assert (play.after.recruiter_top, play.after.recruiter_deck) == (c("pink:2"), ())


def test_missionary_takes_a_lower_capital_card_into_hand() -> None:
    play = play_to_capital(table("C"), "Adam", c("pink:4"), take=c("blue:1"))
    assert play.after.player("Adam").hand == (c("blue:1"),)
    assert play.after.capital[Colour.BLUE] == (c("blue:4"),)
    with pytest.raises(EngineError, match="lower than pink:4, not blue:4"):
        play_to_capital(table("C"), "Adam", c("pink:4"), take=c("blue:4"))


def test_missionary_with_no_lower_card_cannot_apply_reading() -> None:
    play = play_to_capital(table("C"), "Adam", c("pink:1"))
    assert not play.applied and play.steps[-1].reading == "notes/missionnaire-no-lower-card"


def test_missionary_with_one_lower_card_takes_it_unasked() -> None:
    play = play_to_capital(table("C"), "Adam", c("pink:2"))  # blue 1 is the only card lower than 2
    assert play.applied and play.after.player("Adam").hand == (c("blue:1"),)


def test_missionary_with_several_lower_cards_asks_which() -> None:
    with pytest.raises(MissingFact, match="missionary_take"):
        play_to_capital(table("C"), "Adam", c("pink:5"))


def test_missionary_reads_only_the_district_of_the_card_taken() -> None:
    unknown_green = {Colour.BLUE: (c("blue:4"), c("blue:1")), Colour.PINK: (), Colour.YELLOW: ()}
    play = play_to_capital(table("C", capital=unknown_green), "Adam", c("pink:4"), take=c("blue:1"))
    assert play.applied and play.after.player("Adam").hand == (c("blue:1"),)
    with pytest.raises(MissingFact, match=re.escape("capital.green")):  # no card said taken: every district is read
        play_to_capital(table("C", capital=unknown_green), "Adam", c("pink:4"))


def test_missionary_takes_a_rebel_card_from_the_district_it_lies_in() -> None:
    rebel = {**{col: () for col in BASE_COLOURS}, Colour.YELLOW: (c("yellow:5"), c("rebel/blue:2"))}
    for take in (None, c("rebel/blue:2")):  # the one lower card, unasked or said taken
        play = play_to_capital(table("C", capital=rebel), "Adam", c("pink:4"), take=take)
        assert play.after.player("Adam").hand == (c("rebel/blue:2"),)
        assert play.after.capital[Colour.YELLOW] == (c("yellow:5"),) and play.after.capital[Colour.BLUE] == ()


def test_prophet_at_five_asks_for_a_district_not_said() -> None:
    unknown_green = {Colour.BLUE: (c("blue:4"),), Colour.PINK: (), Colour.YELLOW: ()}
    with pytest.raises(MissingFact, match=re.escape("capital.green")):
        play_to_capital(table("B", capital=unknown_green, prophet_tiles=(3,), prophet_stack=(2,)), "Adam", c("pink:5"))
    below = play_to_capital(
        table("B", capital=unknown_green, prophet_tiles=(1,), prophet_stack=(2,)), "Adam", c("pink:5")
    )
    assert below.applied and Colour.GREEN not in below.after.capital  # below 5 nothing is read


def test_proselytizer_with_one_card_in_hand_adds_it_unasked() -> None:
    play = play_to_capital(table("B", hand=("blue:2",), display=(c("pink:5"),)), "Adam", c("green:3"))
    assert play.after.player("Adam").hand == (c("pink:5"),) and play.after.display == (c("blue:2"),)
    with pytest.raises(MissingFact, match=r"Adam\.give"):
        play_to_capital(table("B", hand=("blue:2", "pink:1"), display=(c("pink:5"),)), "Adam", c("green:3"))
