"""Who busts: every player's district of one colour against its MAXIMUM, a person answered, not a yes."""

from __future__ import annotations

import pytest

from qa.scenario import route, write


@pytest.mark.parametrize(
    ("question", "lang", "busted", "lines"),
    [
        (
            "Capitale verte 12, moi 14 en vert, Léo 11, Sam 13 : qui saute ?",
            "fr",
            ["me", "Sam"],
            ["En vert, sautent : toi et Sam.", "MAXIMUM vert : 12 (Capitale) ; toi 14 > 12, Léo 11 ≤ 12, Sam 13 > 12."],
        ),
        (
            "Capital blue is 15. I have 14 in blue, Leo 15, Mia 17. Who busts?",
            "en",
            ["Mia"],
            ["Mia busts in blue.", "blue MAXIMUM: 15 (Capital); you 14 ≤ 15, Leo 15 ≤ 15, Mia 17 > 15."],
        ),
        (
            "Capitale bleue 15 ; moi 12 en bleu, Léo 15. Qui saute ?",
            "fr",
            [],
            ["Personne ne saute en bleu.", "MAXIMUM bleu : 15 (Capitale) ; toi 12 ≤ 15, Léo 15 ≤ 15."],
        ),
    ],
)
def test_who_busts_names_every_busted_player(question: str, lang: str, busted: list[str], lines: list[str]) -> None:
    outcome = route(question, lang)
    assert outcome is not None and outcome.frame is not None and outcome.verdict is not None
    assert outcome.frame.query == "busts"
    assert sorted(b["player"] for b in outcome.verdict.verdict["busted"]) == sorted(busted)
    assert write(outcome, lang).split("\n")[:2] == lines


@pytest.mark.parametrize(
    "question",
    ["Capital blue is 15. I have 16 in blue, Leo 15. Do I bust?", "Capitale bleue 15, moi 16 en bleu. Qui saute ?"],
)
def test_one_district_or_a_yes_no_stays_a_bust_check(question: str) -> None:
    outcome = route(question, "en" if question.startswith("Capital ") else "fr")
    assert outcome is not None and outcome.frame is not None and outcome.frame.query == "district"
