"""The Architect's tiles in a question: owned, face up, taken and kept or discarded; then the claim they decide."""

from __future__ import annotations

import pytest

from qa.scenario import route
from qa.scenario.architect import lex, tile_facts, with_architect
from qa.scenario.facts import Fact


def said(question: str, lang: str) -> dict[str, object]:
    return {f.path: f.value for f in tile_facts(lex(question, lang))}


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        (
            "so architect is yellow\nplayed yellow 7\ntiles showing were =14 and pink=green\ni grabbed pink=green but "
            "i'm discarding it",
            "en",
            {"architect_display": ("=14", "pink=green"), "choice.tile": "pink=green", "choice.keep": False},
        ),
        (
            "l'architecte est en jaune je joue un jaune 6 les tuiles architecte face visible c'est la égal 14 et la "
            "rose égale vert je prends la rose égale vert et je la garde",
            "fr",
            {"architect_display": ("=14", "pink=green"), "choice.tile": "pink=green", "choice.keep": True},
        ),
        (
            "Architect is our yellow power. My architect tile shows blue and yellow.",
            "en",
            {"me.architect": "blue=yellow"},
        ),
        ("Architecte en jaune. J'ai la tuille jaune=vert.", "fr", {"me.architect": "yellow=green"}),
        ("Architect is yellow. Rosa plays a green 5. She has the =14 architect tile.", "en", {"Rosa.architect": "=14"}),
    ],
)
def test_each_tile_is_what_the_words_before_it_say(question: str, lang: str, expected: dict[str, object]) -> None:
    assert said(question, lang) == expected


def test_a_swap_tiles_colours_are_no_architect_tile() -> None:
    assert said("Architecte et Mentaliste en jeu : j'utilise la tuile échange bleu/rose.", "fr") == {}
    assert said("Architecte en jeu : ma tuile bleu/rose.", "fr") == {"me.architect": "blue=pink"}
    assert said("Architect in play. My cards: 5/1/8 in blue, then pink/green in the Capital.", "en") == {}


def test_the_reward_asked_about_is_no_gold_held() -> None:
    question = "Architecte jaune, ma tuile =18, je prends les 2 ors ?"
    tokens = lex(question, "fr")
    gold = Fact("me.gold", 2, question.index("2 ors"), question.index("2 ors") + 1)
    assert [f.path for f in with_architect(tokens, [gold])] == ["me.architect"]


def test_a_tile_taken_and_kept_is_the_one_claimed() -> None:
    question = (
        "Architecte sur le jaune. je pose jaune 2 en Capitale, je prends la tuile =16 parmi les deux visibles et je la "
        "garde. cité : jaune 9+8, bleu 7+8, vert 10. zéro or. je la valide direct ?"
    )
    outcome = route(question, "fr")
    assert outcome is not None and outcome.frame is not None and outcome.verdict is not None
    assert outcome.frame.query == "architect_claim"
    assert outcome.verdict.verdict == {"player": "me", "tile": "=16", "gold": 0, "met": False}
