"""Reading a yes/no question's polarity against a claim: negations, oppositions and the mode, never closeness."""

from __future__ import annotations

import pytest

from qa.polarity import read_verdict, stance

CLAIM_EN = "The Agent tile is not shown to the other players."


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("Is the Agent tile shown to the other players?", "no"),
        ("Is the Agent tile not shown to the other players?", "yes"),
        ("Is the Agent tile hidden from the other players?", "yes"),  # an opposition flips like a negation
        ("Is the Agent tile shown to the other players, or only to me?", None),  # two things asked
        ("Do I keep the Agent tile?", None),  # an opposition the claim does not name
    ],
)
def test_the_question_is_read_against_the_claim(question: str, verdict: str | None) -> None:
    assert read_verdict(stance(question, "en"), stance(CLAIM_EN, "en")) == verdict


@pytest.mark.parametrize(
    ("question", "claim", "verdict"),
    [
        # "cannot X" is "must not X"; "cannot skip X" is "must X"
        ("Can I play two cards in the same turn?", "You cannot play two cards in the same turn.", "no"),
        ("Must I apply the power?", "You cannot skip the power.", "yes"),
        ("Is the power optional?", "You cannot skip the power.", "no"),
        ("Can I skip the power?", "You cannot skip the power.", "no"),
        # "must I?" of what is only allowed
        ("Must I do the Ritual three times?", "You may do the Ritual three times.", "no"),
        ("Peut-on jouer deux cartes dans le même tour ?", "Tu ne peux pas jouer deux cartes dans le même tour.", "no"),
        (
            "je peux pas jouer deux cartes dans le même tour ?",
            "Tu ne peux pas jouer deux cartes dans le même tour.",
            "yes",
        ),
        ("Est-ce que je garde mes cartes ?", "Tu perds tes cartes.", "no"),
    ],
)
def test_modes_and_oppositions(question: str, claim: str, verdict: str) -> None:
    lang = "fr" if " tu " in f" {claim.lower()} " else "en"
    assert read_verdict(stance(question, lang), stance(claim, lang)) == verdict


def test_spoken_french_without_ne_is_negated() -> None:
    assert stance("je peux pas le faire ?", "fr").negated
    assert not stance("je ne joue qu'une carte", "fr").negated  # "ne ... que" restricts
