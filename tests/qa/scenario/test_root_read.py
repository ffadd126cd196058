"""Root positions read across clauses: the other Cemeteries' warriors, and only Root facts in a Root question."""

from __future__ import annotations

import pytest

from qa.scenario.reader import read_facts
from qa.scenario.route import route


def facts(question: str, lang: str) -> dict[str, object]:
    return {f.path: f.value for f in read_facts(question, lang).facts}


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        (
            "3 cimetières, 7 guerriers sur le cimetière souris et sur les deux autres cimetières 4 guerriers chacun",
            "fr",
            {"cemeteries": 3, "warriors": (7, 4, 4)},
        ),
        (
            "12 warriors on my rabbit Cemetery; the other two Cemeteries are in play but nobody is on them",
            "en",
            {"warriors": (12, 0, 0), "cemeteries": 3},
        ),
        ("6 guerriers sur mon cimetière, l'autre cimetière a 5 guerriers", "fr", {"warriors": (6, 5), "cemeteries": 2}),
        ("9 warriors on my fox Cemetery, both other Cemeteries in play", "en", {"warriors": 9, "cemeteries": 3}),
    ],
)
def test_the_other_cemeteries_warriors_follow_the_first_clearing(
    question: str, lang: str, expected: dict[str, object]
) -> None:
    assert facts(question, lang) == expected


def test_a_root_question_reads_no_capital_lux_total() -> None:
    assert "me.total" not in facts("3 cimetières, 8 guerriers sur l'un, sur les deux autres 1 chacun", "fr")


def test_another_clearing_is_not_another_cemetery() -> None:
    said = facts("combat dans une autre clairière sans cimetière, 2 guerriers adverses retirés", "fr")
    assert "cemeteries" not in said


def test_the_other_cemeteries_count_in_the_ritual() -> None:
    """Up to 3 Rituals a turn (CN.6.1), 3 points each with 3 Cemeteries in play: 2 from the first clearing."""
    question = "3 cimetières, 7 guerriers sur le cimetière souris, 4 guerriers sur chacun des deux autres cimetières"
    read = facts(question, "fr")
    assert read == {"cemeteries": 3, "warriors": (7, 4, 4)}
    outcome = route(question + " : combien rapporte le rituel ?", "fr")
    assert outcome is not None and outcome.verdict is not None
    assert outcome.verdict.verdict["points"] == 9


def test_warriors_of_each_cemetery_said_in_parallel_are_each_counted() -> None:
    question = "Two Cemeteries are in play: my mouse Cemetery's clearing has 4 warriors and my rabbit Cemetery's "
    outcome = route(question + "clearing has 6. How many Ritual points at most?", "en")
    assert outcome is not None and outcome.verdict is not None
    assert outcome.verdict.verdict["points"] == 2 * 2 + 2  # one Ritual in each clearing, then one more in the 6


def test_warriors_in_a_clearing_without_a_cemetery_do_not_count_for_the_ritual() -> None:
    question = "I've got 9 warriors stacked in a clearing with no Cemetery. My only Cemetery's clearing has 2 warriors."
    outcome = route(question + " How many VP can Ritual score?", "en")
    assert outcome is not None and outcome.verdict is not None and outcome.verdict.verdict["points"] == 0


@pytest.mark.parametrize(
    "question",
    [
        "baston sur mon cimetiere renard, le necro renard meurt dans le combat mais le cimetiere tient. on tue 3 "
        "guerriers en face. je replace combien ?",
        "combat dans la clairiere de mon cimetiere, on retire deux guerriers adverses mais mon necro y passe. "
        "combien je place ?",
    ],
)
def test_what_happens_to_the_necro_is_read_on_its_side_of_a_but(question: str) -> None:
    read = read_facts(question, "fr")
    assert read.get("necro_removed") is not None and read.get("necro_removed").value is True  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("In the battle there, 3 enemy warriors were removed and your Necro was still standing at the end. No Cemetery "
         "in that clearing, your fox Cemetery is elsewhere. How many warriors does your Cabal place?", "en"),
        ("Dans le combat, deux guerriers adverses ont été retirés, et mon Nécro est toujours debout. Pas de Cimetière "
         "dans la clairière, mon Cimetière lapin est ailleurs. Combien de guerriers je place ?", "fr"),
    ],
)  # fmt: skip
def test_a_necro_still_standing_beside_enemy_warriors_removed_is_not_removed(question: str, lang: str) -> None:
    read = read_facts(question, lang)
    assert read.get("necro_removed") is not None and read.get("necro_removed").value is False  # type: ignore[union-attr]
    outcome = route(question, lang)
    assert outcome is not None and outcome.verdict is not None and outcome.verdict.verdict["warriors_placed"] == 2


def test_a_bare_count_on_the_askers_cemetery_counts_warriors_and_one_with_none_does_not() -> None:
    found = route(
        "rituel : combien je marque ? j'ai neuf guerriers dans une clairiere sans cimetiere, et trois sur mon seul "
        "cimetiere, le renard.",
        "fr",
    )
    assert found is not None and found.verdict is not None and found.verdict.verdict["points"] == 1


def test_a_bare_count_in_a_clause_that_names_my_warriors_but_no_cemetery_of_mine_is_not_gapped() -> None:
    read = read_facts(
        "2 cimetières ; 4 de mes guerriers dans chaque clairière à cimetière et 7 ailleurs, sans cimetière", "fr"
    )
    assert [f.value for f in read.facts if f.path == "warriors"] == [4]


def test_warriors_in_the_supply_are_the_supply() -> None:
    fr = read_facts("Romaric a 2 Cimetières en jeu et 10 guerriers en réserve. Fossoyer en place combien ?", "fr")
    assert {f.path: f.value for f in fr.facts}["supply"] == 10 and fr.get("warriors") is None
    en = read_facts("She has 3 Cemeteries and 12 warriors left in her supply. How many does Gravedigger place?", "en")
    assert en.get("supply") is not None and en.get("supply").value == 12  # type: ignore[union-attr]
    # warriors in a clearing stay warriors
    assert read_facts("J'ai 5 guerriers dans la clairière du Cimetière, 3 Cimetières en jeu.", "fr").get("warriors")


def test_warriors_lost_by_a_side_that_is_not_the_cabal_are_the_enemys() -> None:
    text = "Philippa plays the Cabal: her Necro and 4 warriors in her Cemetery clearing. Orson lost 3 warriors there."
    assert {f.path: f.value for f in read_facts(text, "en").facts}["enemy_warriors_removed"] == 3
    marquise = "My Necro is in a fox clearing with 2 warriors. Jethro's Marquise loses 1 warrior in the battle."
    assert {f.path: f.value for f in read_facts(marquise, "en").facts}["enemy_warriors_removed"] == 1
    # the Cabal's own player losing warriors does not make them the enemy's
    own = "Philippa plays the Cabal. Philippa lost 2 warriors in the battle."
    assert "enemy_warriors_removed" not in {f.path for f in read_facts(own, "en").facts}
