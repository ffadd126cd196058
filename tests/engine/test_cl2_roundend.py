"""Capital Lux 2 round end: the MAXIMUM, busts, the Merchant's gold and Bonus cards."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from corpus import Corpus
from engine.cl2.cards import BASE_COLOURS, Card, Colour
from engine.cl2.position import Player, Position
from engine.cl2.power import Power
from engine.cl2.roundend import award_bonus, is_busted, least_gold_to_save, maximum, resolve_district, resolve_round
from engine.errors import ImpossiblePosition, MissingFact

A = {Colour.BLUE: Power.AGENT, Colour.PINK: Power.CLERIC, Colour.YELLOW: Power.MERCHANT, Colour.GREEN: Power.SCHOLAR}


def cards(colour: Colour, *values: int) -> tuple[Card, ...]:
    return tuple(Card(colour, v) for v in values)


def position(city: tuple[int, ...], capital: tuple[int, ...], gold: int = 0, tiles: tuple[int, ...] = ()) -> Position:
    return Position(
        players=(Player("Ana", city={Colour.BLUE: cards(Colour.BLUE, *city)}, gold=gold),),
        capital={Colour.BLUE: cards(Colour.BLUE, *capital)},
        powers=A,
        agent_tiles={Colour.BLUE: tiles},
    )


def test_the_merchant_example_two_gold_save_seventeen_against_fifteen() -> None:
    """cl2-power-tiles, Marchand: MAXIMUM 15, district 17: spending 2 gold avoids the discard."""
    result = resolve_district(position((9, 8), (15,), gold=2), "Ana", Colour.BLUE)
    assert (result.total, result.maximum, result.gold_spent, result.busted) == (17, 15, 2, False)
    assert [s.rule for s in result.steps][-2:] == [
        "cl2-power-tiles/config-a/marchand",
        "cl2-rules/erreurs/egalite-capitale",
    ]
    assert result.steps[-1].en == "Ana's blue district: 17 ≤ 17: the cards stay"


def test_without_enough_gold_the_district_busts() -> None:
    result = resolve_district(position((9, 8), (15,), gold=1), "Ana", Colour.BLUE)
    assert result.busted and result.gold_spent == 0
    assert "has only 1 gold, 2 needed" in result.steps[-2].en


def test_spending_is_optional() -> None:
    result = resolve_district(position((9, 8), (15,), gold=5), "Ana", Colour.BLUE, spend=False)
    assert result.busted and result.gold_spent == 0


def test_a_tie_with_the_capital_keeps_the_cards() -> None:
    """cl2-rules, erreurs fréquentes: a district is lost only when it strictly exceeds the Capital."""
    assert not resolve_district(position((15,), (9, 6)), "Ana", Colour.BLUE).busted
    assert resolve_district(position((16,), (9, 6)), "Ana", Colour.BLUE).busted


def test_agent_tiles_change_the_maximum_and_the_step_says_how() -> None:
    result = maximum(position((1,), (11,), tiles=(2, -1)), Colour.BLUE)
    assert result.value == 12
    assert result.steps[-1].en == "revealed Agent tiles: blue MAXIMUM = 11 + 2 − 1 = 12"
    assert result.steps[0].reading == "notes/maximum-undefined"


def test_missing_facts_are_named() -> None:
    p = Position(players=(Player("Ana", gold=1),), powers=A, agent_tiles={Colour.BLUE: ()})
    with pytest.raises(MissingFact) as caught:
        resolve_district(p, "Ana", Colour.BLUE)
    assert caught.value.fact == "Ana.city.blue"
    p = Position(players=(Player("Ana", city={Colour.BLUE: ()}),), powers=A, agent_tiles={Colour.BLUE: ()})
    with pytest.raises(MissingFact, match=re.escape("capital.blue")):
        resolve_district(p, "Ana", Colour.BLUE)
    p = Position(players=(Player("Ana", city={Colour.BLUE: ()}),), capital={Colour.BLUE: ()})
    with pytest.raises(MissingFact, match=re.escape("powers.blue")):
        maximum(p, Colour.BLUE)
    p = Position(
        players=(Player("Ana", city={Colour.BLUE: cards(Colour.BLUE, 9)}),),
        capital={Colour.BLUE: cards(Colour.BLUE, 5)},
        powers=A,
        agent_tiles={Colour.BLUE: ()},
    )
    with pytest.raises(MissingFact, match=re.escape("Ana.gold")):
        resolve_district(p, "Ana", Colour.BLUE)


def test_impossible_positions_are_refused_with_the_input_quoted() -> None:
    with pytest.raises(ImpossiblePosition, match="player 'Ana' cannot have -1 gold"):
        Player("Ana", gold=-1)
    with pytest.raises(ImpossiblePosition, match="'Ana''s blue district holds pink:3"):
        Player("Ana", city={Colour.BLUE: (Card(Colour.PINK, 3),)})
    with pytest.raises(ImpossiblePosition, match="power 'sentinel' cannot sit on blue"):
        Position(players=(), powers={Colour.BLUE: Power.SENTINEL})
    with pytest.raises(ImpossiblePosition, match="no player 'Bob'"):
        position((1,), (1,)).player("Bob")


def test_bonus_goes_to_the_highest_total_with_at_least_one() -> None:
    p = position((1,), (3, 8, 5))
    result = award_bonus(p, Colour.BLUE, {"Ana": 7, "Bob": 4})
    assert (result.winner, result.card) == ("Ana", Card(Colour.BLUE, 8))


def test_bonus_tie_gives_each_tied_player_gold_and_discards_the_card() -> None:
    result = award_bonus(position((1,), (3, 8)), Colour.BLUE, {"Ana": 7, "Bob": 7, "Cy": 2})
    assert result.winner is None and result.tied == ("Ana", "Bob") and result.card == Card(Colour.BLUE, 8)
    assert result.steps[0].rule == "cl2-rules/faq/egalite-bonus"


def test_nobody_eligible_means_nothing_happens() -> None:
    result = award_bonus(position((1,), (3, 8)), Colour.BLUE, {"Ana": 0, "Bob": 0})
    assert (result.winner, result.card, result.tied) == (None, None, ())


def test_every_step_cites_a_real_section_and_note(corpus: Corpus) -> None:
    steps = [
        *resolve_district(position((9, 8), (15,), gold=2, tiles=(1,)), "Ana", Colour.BLUE).steps,
        *resolve_district(position((9, 8), (15,), gold=0), "Ana", Colour.BLUE).steps,
        *award_bonus(position((1,), (3,)), Colour.BLUE, {"Ana": 2, "Bob": 2}).steps,
        *award_bonus(position((1,), (3,)), Colour.BLUE, {"Ana": 2}).steps,
        *award_bonus(position((1,), (3,)), Colour.BLUE, {"Ana": 0}).steps,
    ]
    ids = set(corpus.section_ids())
    notes = {note_id for note_id, _ in corpus.notes}
    assert all(s.rule in ids for s in steps)
    assert all(s.reading in notes for s in steps if s.reading)
    assert all(s.fr and s.en for s in steps)


values = st.lists(st.integers(min_value=1, max_value=7), max_size=6)


@given(city=values, capital=values)
def test_a_district_at_or_below_its_maximum_never_busts(city: list[int], capital: list[int]) -> None:
    result = resolve_district(position(tuple(city), tuple(capital)), "Ana", Colour.BLUE)
    assert result.busted == (sum(city) > sum(capital))


@given(city=values, capital=values, gold=st.integers(min_value=0, max_value=10), more=st.integers(0, 5))
def test_more_gold_never_turns_a_saved_district_into_a_busted_one(
    city: list[int], capital: list[int], gold: int, more: int
) -> None:
    before = resolve_district(position(tuple(city), tuple(capital), gold=gold), "Ana", Colour.BLUE)
    after = resolve_district(position(tuple(city), tuple(capital), gold=gold + more), "Ana", Colour.BLUE)
    assert not (not before.busted and after.busted)
    if not before.busted:
        assert after.gold_spent == before.gold_spent == least_gold_to_save(sum(city), sum(capital))


@given(total=st.integers(-20, 60), limit=st.integers(-20, 60))
def test_least_gold_is_exactly_enough(total: int, limit: int) -> None:
    need = least_gold_to_save(total, limit)
    assert not is_busted(total, limit + need)
    assert need == 0 or is_busted(total, limit + need - 1)


def test_card_parse_and_format() -> None:
    vector = Card(Colour.GREEN, -2, "vector")
    assert Card.parse("vector/vert:-2") == vector and vector.format() == "vector/green:-2"
    assert [c.fr for c in BASE_COLOURS] == ["bleu", "rose", "jaune", "vert"]
    with pytest.raises(ValueError, match=re.escape("a card is written colour:value, e.g. 'blue:7', not 'blue7'")):
        Card.parse("blue7")
    with pytest.raises(ValueError, match="unknown colour 'orange'"):
        Card.parse("orange:3")


def table(hand: tuple[Card, ...] = (), gold: tuple[int, int] = (0, 0)) -> Position:
    def city(*values: tuple[int, ...]) -> dict[Colour, tuple[Card, ...]]:
        return {c: cards(c, *v) for c, v in zip(BASE_COLOURS, values, strict=True)}

    return Position(
        players=(
            Player("Ana", city=city((9, 8), (3,), (), (4,)), gold=gold[0], bonus=(), hand=hand),
            Player("Bob", city=city((5,), (3,), (2,), (1,)), gold=gold[1], bonus=()),
        ),
        capital=city((15,), (2, 6), (1,), ()),
        powers=A,
        agent_tiles={c: () for c in BASE_COLOURS},
    )


def test_a_round_end_colour_by_colour() -> None:
    result = resolve_round(table(gold=(2, 0)), BASE_COLOURS)
    after = {p.name: p for p in result.after.players}
    # blue: Ana's 17 is saved with her 2 gold, she takes the Capital's blue 15;
    # pink: 3-3 tie: 1 gold each, the Capital's pink 6 is discarded;
    # yellow: Bob's 2 is over the MAXIMUM 1: he spends the gold he just won in the tie, and takes the yellow 1;
    # green: the Capital's green is empty (MAXIMUM 0): both districts bust, nobody is eligible.
    assert [b.winner for b in result.bonuses] == ["Ana", None, "Bob", None]
    assert result.bonuses[1].tied == ("Ana", "Bob")
    assert (after["Ana"].gold, after["Bob"].gold) == (1, 0)
    assert after["Ana"].bonus == (Card(Colour.BLUE, 15),) and after["Bob"].bonus == (Card(Colour.YELLOW, 1),)
    assert result.after.capital[Colour.PINK] == (Card(Colour.PINK, 2),)
    assert sorted(c.format() for c in result.discarded) == ["green:1", "green:4", "pink:6"]
    assert result.steps[0].reading == "notes/round-end-order"


def test_leftover_hand_cards_go_to_the_city_first() -> None:
    result = resolve_round(table(hand=(Card(Colour.YELLOW, 5),)), (Colour.YELLOW,))
    assert result.districts[0].total == 5
    assert any(s.rule == "cl2-rules/faq/cartes-en-main" for s in result.steps)


@given(
    ana=st.lists(st.integers(1, 7), max_size=5),
    bob=st.lists(st.integers(1, 7), max_size=5),
    capital=st.lists(st.integers(1, 7), max_size=5),
    gold=st.tuples(st.integers(0, 4), st.integers(0, 4)),
)
def test_resolution_conserves_cards(ana: list[int], bob: list[int], capital: list[int], gold: tuple[int, int]) -> None:
    p = Position(
        players=(
            Player("Ana", city={Colour.BLUE: cards(Colour.BLUE, *ana)}, gold=gold[0], bonus=()),
            Player("Bob", city={Colour.BLUE: cards(Colour.BLUE, *bob)}, gold=gold[1], bonus=()),
        ),
        capital={Colour.BLUE: cards(Colour.BLUE, *capital)},
        powers=A,
        agent_tiles={Colour.BLUE: ()},
    )
    result = resolve_round(p, (Colour.BLUE,))

    def everywhere(pos: Position) -> list[int]:
        found = [c.value for c in pos.capital[Colour.BLUE]]
        for pl in pos.players:
            found += [c.value for c in pl.city[Colour.BLUE]] + [c.value for c in pl.bonus or ()]
        return sorted(found)

    assert sorted(everywhere(result.after) + [c.value for c in result.discarded]) == everywhere(p)


def test_a_district_check_first_lays_down_the_cards_still_in_hand() -> None:
    capital = {Colour.YELLOW: (Card.parse("yellow:6"), Card.parse("yellow:6"), Card.parse("yellow:1"))}
    hand = (Card.parse("rebel/pink:4"), Card.parse("rebel/blue:2"), Card.parse("yellow:1"))
    me = Player("me", city={Colour.YELLOW: (Card.parse("yellow:3"), Card.parse("yellow:5"))}, gold=0, hand=hand)
    powers = {Colour.BLUE: Power.INFILTRATOR, Colour.YELLOW: None}
    position = Position(players=(me,), capital=capital, powers=powers, rebel_flag=Colour.YELLOW)
    result = resolve_district(position, "me", Colour.YELLOW)  # 3 + 5, then the rebels under the flag and the 1
    assert (result.total, result.busted) == (15, True)
    assert any("Rebel" in s.en for s in result.steps)
