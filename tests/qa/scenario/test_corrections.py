"""A follow-up that corrects one earlier card, and the two values it says that are no correction."""

from __future__ import annotations

from qa.scenario.corrections import card_corrected
from qa.scenario.facts import Contradiction, Fact

BEFORE = (Fact("capital.yellow", (7, 5, 2), 0, 9), Fact("me.city.yellow", (8, 6), 12, 17))
CLASH = Contradiction("2 ... 1", 10, 31, "2 ou 1 : lequel ?", "2 or 1: which?")


def test_the_card_said_first_is_replaced_and_its_contradiction_dropped() -> None:
    said = (Fact("capital.yellow", 2, 10, 11), Fact("capital.yellow", (1,), 30, 31))
    facts, contradictions = card_corrected(BEFORE, said, (CLASH,))
    assert [(f.path, f.value, f.start, f.end) for f in facts] == [("capital.yellow", (7, 5, 1), 10, 31)]
    assert contradictions == ()


def test_a_card_the_district_never_held_stays_a_contradiction() -> None:
    said = (Fact("capital.yellow", 3, 10, 11), Fact("capital.yellow", 1, 30, 31))
    facts, contradictions = card_corrected(BEFORE, said, (CLASH,))
    assert facts == said and contradictions == (CLASH,)


def test_with_no_earlier_cards_nothing_changes() -> None:
    said = (Fact("me.city.yellow", 8, 10, 11), Fact("me.city.yellow", 9, 30, 31))
    assert card_corrected((Fact("me.city.yellow", 14, 0, 2),), said, (CLASH,)) == (said, (CLASH,))
