"""The learned-reader experiment's labelling: number tokens get the role of the expected fact that holds them."""

from __future__ import annotations

from typing import Any

from eval.learned_reader import NONE, Tagged, role, shares, tag
from eval.scenarios import ScenarioCase


def _case(question: str, facts: dict[str, Any], lang: str = "fr") -> ScenarioCase:
    return ScenarioCase(
        id="t-1",
        half="dev",
        lang=lang,
        game="cl2",
        styles=(),
        turns=(question,),
        expects="verdict",
        expected={"query": "bust"},
        facts=facts,
        sections=(),
        source="",
    )


def _fact(path: str, value: object, start: int, end: int) -> dict[str, Any]:
    return {"path": path, "value": value, "start": start, "end": end}


def test_the_rule_readers_spans_place_repeated_values() -> None:
    question = "capitale verte 5 et 5, moi 5 en vert, je saute ?"
    read = [_fact("capital.green", [5, 5], 15, 21), _fact("me.city.green", 5, 27, 28)]
    found = tag(_case(question, {"capital.green": [5, 5], "me.city.green": 5}), read)
    assert found is not None
    assert found.roles == ("capital", "capital", "city")
    assert found.read == ("capital", "capital", "city")


def test_a_fact_the_reader_missed_is_placed_by_its_only_tokens() -> None:
    question = "capitale verte 2, 8 et 5, moi 7 et 9 en vert, 4 or"
    read = [_fact("capital.green", [2, 8, 5], 15, 24)]
    found = tag(_case(question, {"capital.green": [2, 8, 5], "me.city.green": [7, 9]}), read)
    assert found is not None
    assert found.roles == ("capital", "capital", "capital", "city", "city", NONE)  # the gold is not in the facts
    assert found.read == ("capital", "capital", "capital", NONE, NONE, NONE)


def test_a_case_whose_values_cannot_be_placed_is_left_out() -> None:
    question = "capitale verte 5, moi 5 et 5 en vert"
    assert tag(_case(question, {"capital.green": 5, "me.city.green": [5, 5]}), []) is None


def test_facts_that_are_no_number_are_not_labelled() -> None:
    assert role("power") is None and role("cemetery_here") is None
    found = tag(_case("Marchand en jeu, 2 or", {"power": "merchant", "me.gold": 2}), [])
    assert found == Tagged("Marchand en jeu, 2 or", ((17, 18),), ("gold",), (NONE,))


def test_shares_count_all_tokens_and_value_tokens_apart() -> None:
    found = shares([["city", NONE, "gold"]], [["city", "city", "capital"]])
    assert found.tokens == (1, 3) and found.values == (1, 2)
