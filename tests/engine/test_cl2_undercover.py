"""The Undercover module: purple districts, the undercover card, legal plays, round order, deals."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from engine.cl2.cards import BASE_COLOURS, Card, Colour
from engine.cl2.deal import deal, starting_capital
from engine.cl2.plays import legal_plays, round_colours
from engine.cl2.position import Player, Position
from engine.cl2.power import Power
from engine.cl2.powers import play_to_capital, play_to_city
from engine.cl2.roundend import resolve_round
from engine.cl2.undercover import Undercover, UndercoverCard
from engine.errors import EngineError, ImpossiblePosition, MissingFact

A = {Colour.BLUE: Power.AGENT, Colour.PINK: Power.CLERIC, Colour.YELLOW: Power.MERCHANT, Colour.GREEN: Power.SCHOLAR}
ALL = (*BASE_COLOURS, Colour.PURPLE)


def c(text: str) -> Card:
    return Card.parse(text)


def kirsten(current: str = "green", deck: tuple[str, ...] | None = ("yellow",)) -> Position:
    return Position(
        players=(Player("Kirsten", city={col: () for col in ALL}, gold=0, hand=()),),
        capital={col: () for col in ALL},
        powers=A,
        agent_tiles={col: () for col in BASE_COLOURS},
        deck_top=(c("blue:5"),),
        undercover=Undercover(
            UndercoverCard.parse(current), None if deck is None else tuple(map(UndercoverCard.parse, deck))
        ),
    )


def allowed(position: Position, card: str) -> set[tuple[str, str]]:
    return {(p.place, p.district.value) for p in legal_plays(position, c(card)) if p.allowed}


def test_example_1_a_purple_card_in_the_capital_activates_the_shown_power_and_draws() -> None:
    """Kirsten plays a purple card in the CAPITAL, which activates the green power; she draws a new card."""
    play = play_to_capital(kirsten(), "Kirsten", c("purple:4"), into=Colour.PURPLE)
    assert play.power == Power.SCHOLAR and play.applied
    assert play.after.player("Kirsten").hand == (c("blue:5"),)
    assert play.after.undercover is not None and play.after.undercover.current == UndercoverCard.parse("yellow")
    assert play.after.capital[Colour.PURPLE] == (c("purple:4"),)


def test_example_2_the_shown_colour_may_go_to_the_purple_city_district() -> None:
    """When the current card shows yellow, she plays a yellow card in her purple home base district."""
    assert allowed(kirsten("yellow"), "yellow:3") == {
        ("capital", "yellow"),
        ("city", "yellow"),
        ("capital", "purple"),
        ("city", "purple"),
    }


def test_purple_cards_only_go_to_purple_districts() -> None:
    assert allowed(kirsten(), "purple:2") == {("capital", "purple"), ("city", "purple")}
    reasons = [p.why.en for p in legal_plays(kirsten(), c("purple:2")) if not p.allowed]
    assert reasons and all("a purple card must be played in a purple district" in r for r in reasons)


def test_other_colours_keep_their_own_district() -> None:
    assert allowed(kirsten("green"), "pink:2") == {("capital", "pink"), ("city", "pink")}
    with pytest.raises(EngineError, match=re.escape("pink:2 cannot be played in the Capital's purple district")):
        play_to_capital(kirsten("green"), "Kirsten", c("pink:2"), into=Colour.PURPLE)


def test_without_the_module_there_is_no_purple_district() -> None:
    base = Position(players=(Player("Ana"),))
    assert allowed(base, "blue:2") == {("capital", "blue"), ("city", "blue")}
    with pytest.raises(ImpossiblePosition, match="a purple district is given but the Undercover module is not in play"):
        Position(players=(Player("Ana"),), capital={Colour.PURPLE: ()})


def test_the_next_undercover_card_unknown_is_asked_only_when_something_needs_it() -> None:
    for deck in (None, ()):  # not given, or run out and reshuffled
        played = play_to_capital(kirsten(deck=deck), "Kirsten", c("purple:4"), into=Colour.PURPLE)
        assert played.after.undercover is not None and played.after.undercover.current is None
        assert "the next undercover card comes up (which one is not given)" in [s.en for s in played.steps]
        with pytest.raises(MissingFact, match=re.escape("undercover.current")):
            play_to_capital(played.after, "Kirsten", c("purple:5"), into=Colour.PURPLE)


def test_purple_is_resolved_first() -> None:
    assert round_colours(kirsten()) == (Colour.PURPLE, *BASE_COLOURS)
    position = kirsten()
    position = Position(
        players=(
            Player("Kirsten", city={col: () for col in ALL} | {Colour.PURPLE: (c("purple:5"),)}, gold=0, bonus=()),
        ),
        capital={col: () for col in ALL} | {Colour.PURPLE: (c("purple:6"),)},
        powers=A,
        agent_tiles={col: () for col in BASE_COLOURS},
        undercover=position.undercover,
    )
    result = resolve_round(position, round_colours(position))
    assert result.districts[0].colour is Colour.PURPLE and not result.districts[0].busted
    assert result.bonuses[0].winner == "Kirsten" and result.bonuses[0].card == c("purple:6")


def test_undercover_cards_show_base_colours() -> None:
    assert UndercoverCard.parse("green/yellow").format() == "green/yellow"
    with pytest.raises(EngineError, match="not UndercoverCard"):
        UndercoverCard(Colour.PURPLE, Colour.BLUE)


def test_starting_cards() -> None:
    capital, step = starting_capital([c("purple:2"), c("blue:3"), c("purple:5"), c("green:1")], undercover=True)
    assert capital[Colour.PURPLE] == (c("purple:2"), c("purple:5")) and step.rule == "cl2-expansion/undercover/setup"
    with pytest.raises(EngineError, match="4 starting cards go to the Capital with Undercover, not 3"):
        starting_capital([c("blue:3"), c("pink:1"), c("green:1")], undercover=True)
    with pytest.raises(EngineError, match="purple cards exist only with the Undercover module"):
        starting_capital([c("purple:3"), c("pink:1"), c("green:1")], undercover=False)


def test_deals_report_every_reading_with_its_citation() -> None:
    base = deal(4, undercover=False)
    assert [(r.cards, r.why.rule) for r in base] == [(6, "cl2-rules/faq/draft"), (8, "cl2-expansion/fifth-player")]
    assert all(r.why.reading == "notes/draft-hand-size" for r in base)
    assert [r.cards for r in deal(5, undercover=False)] == [5]
    assert [(r.cards, r.picks) for r in deal(3, undercover=True)] == [(7, "2+2+2, then pass the last card")]
    (five,) = deal(5, undercover=True)
    assert (five.cards, five.picks) == (6, None)
    (solo,) = deal(1, undercover=False)
    assert solo.cards is None and solo.why.reading == "notes/player-count-solo"
    with pytest.raises(ImpossiblePosition, match="not 6"):
        deal(6, undercover=False)


def test_a_purple_city_play_draws_no_undercover_card() -> None:
    play = play_to_city(kirsten(), "Kirsten", c("purple:4"))
    assert play.after.player("Kirsten").city[Colour.PURPLE] == (c("purple:4"),)
    assert play.after.undercover == kirsten().undercover and not play.applied


def test_a_card_played_to_its_own_district_needs_no_undercover_card() -> None:
    unknown = replace(kirsten(), undercover=Undercover(None, None))
    played = play_to_capital(unknown, "Kirsten", c("green:2"))  # green goes to green: the current card changes nothing
    assert played.after.capital[Colour.GREEN] == (c("green:2"),)
    with pytest.raises(MissingFact, match=re.escape("undercover.current")):
        play_to_capital(unknown, "Kirsten", c("green:2"), into=Colour.PURPLE)
