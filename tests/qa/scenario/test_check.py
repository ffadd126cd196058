"""A position file sent as it is: an engine error is a problem quoted in the asker's language."""

from __future__ import annotations

from qa.scenario.check import check_position


def test_an_engine_error_is_a_problem_with_its_french_wording() -> None:
    outcome = check_position(
        {"game": "root", "clearings": [], "queries": [{"query": "remove_necro", "suit": "rabbit"}]}
    )
    assert outcome.problem is not None and outcome.verdict is not None and outcome.verdict.verdict == {}
    assert outcome.problem.en == "the rabbit Necro is not in play"
    assert outcome.problem.fr == "le Nécro lapin n'est pas en jeu"
