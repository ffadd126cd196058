"""The aligner places each number of a writer's question on the fact it states, or drops what it cannot place."""

from __future__ import annotations

from collections.abc import Mapping

from qa.scenario.data.align import flat, label, place
from qa.scenario.data.generate import Item
from qa.scenario.facts import card_read as card
from qa.scenario.slots import numbers_in


def paths(text: str, lang: str, facts: Mapping[str, object]) -> list[tuple[str, str | None]] | None:
    placed = place(text, lang, facts)
    return None if placed is None else [(text[n.start : n.end], n.path) for n in placed]


def test_numbers_in_digits_words_signs_and_card_notation() -> None:
    text = "B9 B8, quinze, +3 et moins deux"
    assert [v for _, _, v in numbers_in(text, "fr")] == [9, 8, 15, 3, -2]


def test_each_number_goes_to_the_fact_holding_its_value() -> None:
    facts = {"capital.blue": [9, 6], "me.city.blue": 17, "me.gold": 2}
    assert paths("capitale bleue 9 et 6, moi 17 en bleu, 2 or : je saute ?", "fr", facts) == [
        ("9", "capital.blue"),
        ("6", "capital.blue"),
        ("17", "me.city.blue"),
        ("2", "me.gold"),
    ]


def test_a_number_no_fact_holds_states_no_fact_and_a_sum_of_cards_is_their_fact() -> None:
    facts = {"capital.pink": [4, 9], "me.city.pink": 12}
    found = paths("Round 3. Capital pink 4 and 9, so 13. Mine is 12, bust?", "en", facts)
    assert found == [
        ("3", None),
        ("4", "capital.pink"),
        ("9", "capital.pink"),
        ("13", "capital.pink"),
        ("12", "me.city.pink"),
    ]


def test_a_shared_value_goes_to_the_fact_named_last_before_it() -> None:
    facts = {"capital.green": 15, "me.city.green": 15, "Léo.city.green": 15}
    assert paths("green: Léo 15, the Capital 15 and me 15", "en", facts) == [
        ("15", "Léo.city.green"),
        ("15", "capital.green"),
        ("15", "me.city.green"),
    ]


def test_what_cannot_be_placed_is_dropped() -> None:
    facts = {"capital.green": 15, "me.city.green": 15}
    assert place("15 and 15, do I bust?", "en", facts) is None  # nothing tells which 15 is whose
    said_twice = "capital green 15, mine 15, no wait, 16"  # 15 said more often than the facts hold it
    assert place(said_twice, "en", {"capital.green": 15, "me.city.green": 16}) is None
    assert place("capital green 15, do I bust?", "en", facts) is None  # a fact never said


def test_a_follow_up_is_labelled_with_what_it_changes_and_a_left_out_fact_is_not_required() -> None:
    item = Item(
        "x-0001", "capital-lux-2", "gold_needed", "en", "x", "me",
        {"capital.blue": [9, 6], "me.city.blue": 17, "me.gold": 3, "powers.yellow": "merchant"},
        leave_out="me.gold", then={"me.city.blue": 18},
    )  # fmt: skip
    first, second = label(item, ["Merchant game: capital blue 9 and 6, my blue 17. How much gold?", "and with 18?"])
    assert (first.turn, first.intent, [n.path for n in first.numbers]) == (
        1, "gold_needed", ["capital.blue", "capital.blue", "me.city.blue"]
    )  # fmt: skip
    assert (second.turn, [(n.value, n.path) for n in second.numbers]) == (2, [(18, "me.city.blue")])


def test_a_part_two_card_is_placed_under_its_path_and_colour() -> None:
    item = Item(
        "x-p0001", "capital-lux-2", "play", "fr", "x", "me",
        {"powers.blue": "recruiter", "me.plays": "blue:5", "recruiter_top": "recruiter/green:2", "display": ["pink:7"]},
    )  # fmt: skip
    (labelled,) = label(
        item, ["Recruteur en bleu : je joue bleu 5, la carte Recruteur est un vert 2, étal rose 7 ; manche 3"]
    )
    assert [(n.value, n.path) for n in labelled.numbers] == [
        (5, "me.plays.blue"), (2, "recruiter_top.green"), (7, "display.pink"), (3, None)
    ]  # fmt: skip


def test_flat_gives_root_clearings_their_number_and_counts_and_an_architect_tile_its_value() -> None:
    flat_ = flat({"clearings": [{"id": 11, "suit": "fox", "warriors": 3, "cemetery": None}], "me.architect": "=14"})
    assert flat_ == {"clearing": [11], "clearing.warriors": [3], "me.architect": [14]}
    assert card("dualist/green|blue:6") == ("green", 6) and card("pink=green") is None
