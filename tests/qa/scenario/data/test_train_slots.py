"""What the slot head learns of each labelled number: its role, owner and colour, from the fact it states."""

from __future__ import annotations

import pytest

from qa.scenario.data.train_slots import labels_of, rule_path


@pytest.mark.parametrize(
    ("path", "labels"),
    [
        ("me.city.blue", ("city", "me", "blue")),
        ("Léo.gold", ("gold", "other", "none")),
        ("capital.pink", ("capital", "none", "pink")),
        ("me.plays.yellow", ("plays", "me", "yellow")),
        ("Sam.hand.purple", ("hand", "other", "purple")),
        ("choice.take.green", ("take", "none", "green")),
        ("recruiter_top.blue", ("drawn", "none", "blue")),
        ("experimenter_display.pink", ("display", "none", "pink")),
        ("choice.tile", ("tile", "none", "none")),
        ("me.architect", ("tile", "me", "none")),
        ("clearing", ("clearing", "none", "none")),
        ("clearing.warriors", ("warriors", "none", "none")),
        (None, ("none", "none", "none")),
    ],
)
def test_each_fact_gives_its_role_owner_and_colour(path: str | None, labels: tuple[str, str, str]) -> None:
    assert labels_of(path)[:3] == labels


def test_the_rule_readers_card_carries_the_colour_of_the_card_holding_the_number() -> None:
    assert rule_path("me.plays", "pink:4", 4) == "me.plays.pink"
    assert rule_path("display", ("green:7", "yellow:3"), 3) == "display.yellow"
    assert rule_path("me.city.blue", (3, 4), 4) == "me.city.blue"


def test_the_roles_the_head_learns_for_part_two_are_those_the_learned_reading_places() -> None:
    from qa.scenario.data.train_slots import _PART2
    from qa.scenario.learned import ONE_CARD, PART2

    learned = set(_PART2.values()) - {"warriors", "enemy_warriors"}
    assert learned | {"plays", "hand"} == PART2 and ONE_CARD <= PART2
