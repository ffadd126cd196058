"""The generator draws the same items from the same seed, every frame of part 1, with values at the edge."""

from __future__ import annotations

from dataclasses import asdict

from qa.scenario.data.describe import describe
from qa.scenario.data.generate import WEIGHTS, generate


def test_the_same_seed_draws_the_same_items_and_every_frame() -> None:
    voices = {"a": "mixed", "b": "fr"}
    first, again = list(generate(voices, 200, seed=5)), list(generate(voices, 200, seed=5))
    assert [asdict(i) for i in first] == [asdict(i) for i in again]
    assert {i.frame for i in first} == set(WEIGHTS)
    assert {i.lang for i in first if i.voice == "b"} == {"fr"}


def test_bust_totals_lean_to_the_maximum_and_cards_are_valid() -> None:
    items = [i for i in generate({"a": "en"}, 600, seed=1) if i.frame == "district" and not i.leave_out]
    near = 0
    for item in items:
        colour = next(p.split(".")[1] for p in item.facts if p.startswith("capital."))
        capital, mine = item.facts[f"capital.{colour}"], item.facts[f"{item.about}.city.{colour}"]
        cards = [v for v in (capital, mine) if isinstance(v, list)]
        assert all(1 <= c <= 9 for v in cards for c in v)
        limit = sum(capital) if isinstance(capital, list) else capital
        limit += sum(item.facts.get(f"agent_tiles.{colour}", []))
        near += abs((sum(mine) if isinstance(mine, list) else mine) - limit) <= 2 + item.facts.get(
            f"{item.about}.gold", 0
        )
    assert near / len(items) > 0.6


def test_a_writer_sees_every_fact_but_the_one_left_out() -> None:
    item = next(i for i in generate({"a": "en"}, 400, seed=2) if i.leave_out)
    text = describe(item)
    assert "LEAVE OUT" in text and text.count("\n  - ") == len(item.facts) - 1
