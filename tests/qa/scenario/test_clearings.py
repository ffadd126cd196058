"""Root positions said clearing by clearing: each clearing's suit, Cemetery, Necros, warriors, enemies and ruler;
the hand; whether a bird card is spent."""

from __future__ import annotations

import pytest

from qa.scenario.clearings import bird_spent, clearing_facts, hand_fact, lex, reads_clearings


def facts(question: str, lang: str) -> dict[str, object]:
    return {f.path: f.value for f in clearing_facts(lex(question, lang), question)}


def test_a_cemetery_list_gives_each_clearing_its_cemetery_and_warriors() -> None:
    said = facts(
        "Cemeteries: rabbit in clearing 2 (1 warrior), fox in 5 (3 warriors), mouse in 11 (no warriors).", "en"
    )
    assert said == {
        **{"clearing.2.cemetery": "rabbit", "clearing.2.suit": "rabbit", "clearing.2.warriors": 1},
        **{"clearing.5.cemetery": "fox", "clearing.5.suit": "fox", "clearing.5.warriors": 3},
        **{"clearing.11.cemetery": "mouse", "clearing.11.suit": "mouse", "clearing.11.warriors": 0},
    }


def test_a_clearing_without_cemetery_keeps_its_own_warriors_and_the_enemys_apart() -> None:
    said = facts(
        "Clairière 10 (souris) : 2 guerriers de la Canopée et encore 2 guerriers à moi. Réserve : 11 guerriers.", "fr"
    )
    assert said == {
        "clearing.10.suit": "mouse",
        "clearing.10.warriors": 2,
        "clearing.10.enemy_warriors": 2,
        "supply": 11,
    }


def test_the_necro_ruler_and_a_cemetery_off_the_map() -> None:
    said = facts(
        "My mouse Necro is in clearing 3, a fox clearing, but the Marquise rules it. My only Cemetery is the mouse "
        "one in clearing 10, the fox Cemetery is still on my board.",
        "en",
    )
    assert said["clearing.3.necros"] == ("mouse",) and said["clearing.3.suit"] == "fox"
    assert said["clearing.3.ruled"] is False and "clearing.3.cemetery" not in said
    assert said["clearing.10.cemetery"] == "mouse"  # not the fox one, still on the board


def test_a_necro_named_before_its_clearing_and_one_that_left() -> None:
    said = facts(
        "Marteau avec le Nécro lapin, il est en clairière 5 (renard) et je la contrôle. Cimetière lapin en clairière "
        "2 (lapin), le Nécro lapin est parti de là.",
        "fr",
    )
    assert said["clearing.5.necros"] == ("rabbit",) and said["clearing.5.ruled"] is True
    assert said["clearing.2.cemetery"] == "rabbit" and "clearing.2.necros" not in said


def test_every_other_clearing_gives_the_fewest_enemy_pieces_of_the_clearings_not_named() -> None:
    said = facts(
        "No Cemetery in play. Clearing 8 is a rabbit clearing with a single Eyrie warrior; every other clearing has "
        "at least three enemy pieces.",
        "en",
    )
    assert said["clearing.8.enemy_warriors"] == 1 and said["other_clearings.enemy_pieces"] == 3


@pytest.mark.parametrize(
    ("question", "hand"),
    [
        ("Main : renard, renard, souris.", ("fox", "fox", "mouse")),
        ("I hold two fox cards and one mouse card.", ("fox", "fox", "mouse")),
        ("j'ai deux cartes souris et une renard", ("mouse", "mouse", "fox")),
        ("Oops, my hand: it's mouse, rabbit, rabbit.", ("mouse", "rabbit", "rabbit")),
        ("I have 2 cards in hand.", None),
        ("j'ai lapin renard lapin en main avec le marteau", ("rabbit", "fox", "rabbit")),  # three before "en main"
        ("et en main j'ai renard souris souris", ("fox", "mouse", "mouse")),  # "j'ai" after "en main"
    ],
)
def test_the_hand_is_read_suit_by_suit(question: str, hand: tuple[str, ...] | None) -> None:
    fact = hand_fact(lex(question, "en"))
    assert (fact.value if fact is not None else None) == hand


@pytest.mark.parametrize(
    ("question", "spent"),
    [
        ("Je dépense une carte oiseau.", True),
        ("Bird spent: 1.", True),
        ("Carte oiseau : j'en ai une mais je la garde, je ne la dépense pas.", False),
        ("pas de carte oiseau dépensée", False),
        ("j'ai une carte oiseau en main", None),
        ("réserve 7", None),
    ],
)
def test_a_bird_card_is_spent_only_when_said(question: str, spent: bool | None) -> None:
    assert bird_spent(lex(question, "fr")) is spent


def test_clearings_are_read_only_for_birdsong_or_the_hammer() -> None:
    assert reads_clearings(lex("Aurore : cimetière renard en clairière 1.", "fr"))
    assert not reads_clearings(lex("Rituel : 5 guerriers en clairière 1.", "fr"))
    assert not reads_clearings(lex("Aurore avec 2 cimetières.", "fr"))
