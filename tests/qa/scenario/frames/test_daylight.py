"""Daylight questions of the Cabal: the Skull and a turn of the Macabre Wheel."""

from __future__ import annotations

import pytest

from qa.scenario import route, write


@pytest.mark.parametrize(
    ("question", "lang", "possible"),
    [
        ("Mon Nécro lapin est seul avec 3 guerriers du Chat dans sa clairière. Il peut faire le Crâne ?", "fr", True),
        ("My mouse Necro shares a clearing with no enemy warriors at all. Can it Skull?", "en", False),
    ],
)
def test_the_skull_needs_an_enemy_warrior_in_the_necros_clearing(question: str, lang: str, possible: bool) -> None:
    outcome = route(question, lang)
    assert outcome is not None and outcome.frame is not None and outcome.verdict is not None
    assert outcome.frame.query == "skull" and outcome.verdict.verdict["possible"] is possible
    assert write(outcome, lang).startswith(("Oui", "Yes") if possible else ("Non", "No"))


def test_a_turn_of_the_wheel_skips_an_impossible_skull() -> None:
    question = (
        "La Roue pointe sur carte + marteau. Avec le Nécro souris je la tourne sur crâne (pouce) + botte (index), "
        "aucun guerrier adverse chez lui. Qu'est-ce qui est fait ?"
    )
    outcome = route(question, "fr")
    assert outcome is not None and outcome.verdict is not None
    assert outcome.verdict.verdict["performed"] == ["boot"]
    assert write(outcome, "fr").startswith("Le Nécro souris effectue : Botte (Crâne impossible")


def test_the_wheel_on_the_same_pair_is_refused_and_quoted() -> None:
    outcome = route("The Wheel is on boot + card. With my fox Necro I turn it to boot (thumb) + card (index).", "en")
    assert outcome is not None and outcome.problem is not None


def test_the_wheel_counts_the_necros_said_and_their_markers() -> None:
    question = (
        "Jour, Roue macabre. Le marqueur de la roue pointe sur Botte/Épée. J'ai 2 Nécros en jeu, renard et souris, et "
        "leurs deux marqueurs d'action sont encore face visible. J'active le Nécro renard et je tourne la roue sur "
        "Crâne (pouce) puis Carte (index). Dans sa clairière il y a 2 guerriers de la Marquise. Combien de duos ?"
    )
    outcome = route(question, "fr")
    assert outcome is not None and outcome.verdict is not None
    assert outcome.verdict.verdict["pairs_allowed"] == 2 and outcome.verdict.verdict["markers_up"] == ["mouse"]
