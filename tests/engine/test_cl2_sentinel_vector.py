"""The Sentinel's gold tokens, Vector cards and Experimenter cards."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cl2.cards import BASE_COLOURS, Card, Colour
from engine.cl2.position import Player, Position
from engine.cl2.power import CONFIGURATIONS, Power
from engine.cl2.powers import play_to_capital, play_to_city
from engine.cl2.roundend import prepare_next_round, resolve_district, resolve_round
from engine.cl2.scoring import final_score
from engine.errors import EngineError, MissingFact


def c(text: str) -> Card:
    return Card.parse(text)


def sentinel_table(green: tuple[str, ...], capital_green: tuple[str, ...], *, bob: tuple[str, ...] = ()) -> Position:
    def city(cards: tuple[str, ...]) -> dict[Colour, tuple[Card, ...]]:
        return {col: () for col in BASE_COLOURS} | {Colour.GREEN: tuple(map(c, cards))}

    return Position(
        players=(Player("Adam", city=city(green), gold=0, bonus=()), Player("Bob", city=city(bob), gold=0, bonus=())),
        capital={col: () for col in BASE_COLOURS} | {Colour.GREEN: tuple(map(c, capital_green))},
        powers=CONFIGURATIONS["C"],
    )


def test_the_sentinel_example_covers_the_green_four() -> None:
    """Adam put a gold token on a green card; over the green MAXIMUM he must cover it: 4 becomes 0."""
    result = resolve_district(sentinel_table(("green:4+gold", "green:5"), ("green:6",)), "Adam", Colour.GREEN)
    assert (result.total, result.counted, result.busted) == (9, 5, False)
    assert result.covered == (c("green:4+gold"),)
    assert result.steps[-2].reading == "notes/sentinelle-details"


def test_tokens_are_used_only_over_the_maximum() -> None:
    result = resolve_district(sentinel_table(("green:4+gold",), ("green:6",)), "Adam", Colour.GREEN)
    assert result.covered == () and result.counted == 4


def test_used_tokens_go_back_and_unused_ones_stay() -> None:
    table = sentinel_table(("green:4+gold", "green:5"), ("green:6",), bob=("green:1+gold",))
    after = resolve_round(table, (Colour.GREEN,)).after
    assert after.player("Adam").city[Colour.GREEN] == (c("green:4"), c("green:5"))
    assert after.player("Bob").city[Colour.GREEN] == (c("green:1+gold"),)


def test_covered_cards_count_zero_for_the_bonus() -> None:
    table = sentinel_table(("green:4+gold", "green:5"), ("green:6", "green:2"), bob=("green:6",))
    result = resolve_round(table, (Colour.GREEN,))
    assert result.bonuses[0].winner == "Bob"  # Adam counts 5 after covering, Bob 6


def test_tie_gold_goes_on_a_city_card_with_the_sentinel() -> None:
    table = sentinel_table(("green:3",), ("green:6",), bob=("green:3",))
    with pytest.raises(MissingFact, match=re.escape("Adam.tie_gold_card")):
        resolve_round(table, (Colour.GREEN,))
    result = resolve_round(table, (Colour.GREEN,), tie_gold_on={"Adam": c("green:3"), "Bob": c("green:3")})
    assert result.after.player("Adam").city[Colour.GREEN] == (c("green:3+gold"),)
    assert result.after.player("Adam").gold == 0


def test_tie_gold_with_every_card_covered_is_not_settled_by_the_texts() -> None:
    table = sentinel_table(("green:3+gold",), ("green:6",), bob=("green:3",))
    with pytest.raises(EngineError, match="the texts do not say where it goes"):
        resolve_round(table, (Colour.GREEN,), tie_gold_on={"Bob": c("green:3")})


def test_the_sentinel_power_places_one_token_per_card_at_most() -> None:
    table = sentinel_table(("green:3+gold", "green:2"), ())
    play = play_to_capital(table, "Adam", c("yellow:1"), on=c("green:2"))
    assert play.after.player("Adam").city[Colour.GREEN] == (c("green:3+gold"), c("green:2+gold"))
    with pytest.raises(EngineError, match="one token per City card at most"):
        play_to_capital(table, "Adam", c("yellow:1"), on=c("green:3+gold"))
    assert not play_to_capital(play.after, "Adam", c("yellow:1")).applied


def test_a_token_still_on_a_card_scores_two_and_the_card_keeps_its_value() -> None:
    adam = sentinel_table(("green:4+gold",), ()).player("Adam")
    score = final_score(adam)
    assert (score.city, score.gold, score.total) == (4, 2, 6)


@given(
    values=st.lists(st.integers(1, 7), min_size=1, max_size=5),
    covered=st.lists(st.booleans(), min_size=5, max_size=5),
    limit=st.lists(st.integers(1, 7), max_size=4),
)
def test_a_sentinel_district_never_counts_more_after_covering(
    values: list[int], covered: list[bool], limit: list[int]
) -> None:
    cards = tuple(Card(Colour.GREEN, v, gold=g) for v, g in zip(values, covered, strict=False))
    table = sentinel_table(tuple(x.format() for x in cards), tuple(f"green:{v}" for v in limit))
    result = resolve_district(table, "Adam", Colour.GREEN)
    assert result.counted <= result.total


def vector_table(*cards: str) -> Position:
    powers = dict(CONFIGURATIONS["A"]) | {Colour.PINK: Power.VECTOR}
    return Position(
        players=(
            Player(
                "Ana", city={col: () for col in BASE_COLOURS} | {Colour.BLUE: tuple(map(c, cards))}, gold=0, bonus=()
            ),
        ),
        capital={col: () for col in BASE_COLOURS} | {Colour.BLUE: (c("vector/blue:-2"), c("blue:5"))},
        powers=powers,
        agent_tiles={col: () for col in BASE_COLOURS},
    )


def test_vector_cards_are_discarded_when_the_next_round_is_prepared() -> None:
    after, steps = prepare_next_round(vector_table("blue:4", "vector/blue:-3"))
    assert after.player("Ana").city[Colour.BLUE] == (c("blue:4"),)
    assert after.capital[Colour.BLUE] == (c("blue:5"),)
    assert steps[-1].rule == "cl2-expansion/set-e/vector"


@given(st.lists(st.sampled_from(["blue:4", "blue:2", "vector/blue:-1", "vector/blue:-3"]), max_size=6))
def test_vector_cards_never_reach_a_final_score(cards: list[str]) -> None:
    score = final_score(vector_table(*cards).player("Ana"))
    assert score.city == sum(c(x).value for x in cards if not x.startswith("vector/"))


def test_an_experimenter_seven_never_activates_and_a_one_always_does() -> None:
    table = Position(
        players=(Player("Ana", city={col: () for col in BASE_COLOURS}, gold=0),),
        capital={col: () for col in BASE_COLOURS},
        powers=CONFIGURATIONS["A"],
    )
    seven = play_to_capital(table, "Ana", c("experimenter/yellow:7"))
    assert not seven.applied and seven.after.player("Ana").gold == 0
    one = play_to_city(table, "Ana", c("experimenter/yellow:1"))
    assert one.applied and one.after.player("Ana").gold == 1
    assert one.after.player("Ana").city[Colour.YELLOW] == (c("experimenter/yellow:1"),)
    plain = play_to_city(table, "Ana", c("yellow:1"))
    assert not plain.applied and plain.after.player("Ana").gold == 0


def test_card_kinds_parse_and_format() -> None:
    assert c("vector/green:-2").format() == "vector/green:-2" and c("pink:4+gold").gold
    with pytest.raises(EngineError, match="unknown kind of card 'ghost'"):
        c("ghost/blue:1")


def test_the_vector_power_takes_the_face_up_card_into_hand() -> None:
    table = vector_table()
    table = Position(
        players=table.players,
        capital=table.capital,
        powers=table.powers,
        agent_tiles=table.agent_tiles,
        vector_deck=(c("vector/green:-2"), c("vector/pink:-1")),
    )
    play = play_to_capital(table, "Ana", c("pink:3"))
    assert play.after.player("Ana").hand == (c("vector/green:-2"),)
    assert play.after.vector_deck == (c("vector/pink:-1"),)


def test_the_experimenter_takes_from_the_display_not_the_deck() -> None:
    powers = dict(CONFIGURATIONS["A"]) | {Colour.GREEN: Power.EXPERIMENTER}
    table = Position(
        players=(Player("Ana", city={col: () for col in BASE_COLOURS}, gold=0, hand=()),),
        capital={col: () for col in BASE_COLOURS},
        powers=powers,
        agent_tiles={col: () for col in BASE_COLOURS},
        experimenter_display=(c("experimenter/blue:1"), c("experimenter/pink:7")),
        experimenter_deck=(c("experimenter/green:1"),),
    )
    play = play_to_capital(table, "Ana", c("green:4"), take=c("experimenter/pink:7"))
    assert play.after.player("Ana").hand == (c("experimenter/pink:7"),)
    assert play.after.experimenter_display == (c("experimenter/blue:1"), c("experimenter/green:1"))
    with pytest.raises(EngineError, match="is not in the experimenter display"):
        play_to_capital(table, "Ana", c("green:4"), take=c("experimenter/green:1"))
    unknown = dataclasses.replace(table, experimenter_deck=None)  # the refill is not given: it is not asked for
    play = play_to_capital(unknown, "Ana", c("green:4"), take=c("experimenter/pink:7"))
    assert play.after.player("Ana").hand == (c("experimenter/pink:7"),)
    assert play.after.experimenter_display == (c("experimenter/blue:1"),)
