"""Every score, bust, Bonus and Ritual answer shows the numbers a player would check, right after its verdict, in
the asker's language and without the engine's labels."""

from __future__ import annotations

import re

import pytest

from qa.scenario import route, write

CASES = [
    (
        "district",
        "Mon bleu vaut 16, la Capitale bleue 12, une tuile Agent +3 révélée sur le bleu : je saute ?",
        "fr",
        "MAXIMUM bleu : 12 (Capitale) + 3 (tuiles Agent) = 15 ; ton bleu : 16 > 15.",
    ),
    (
        "district",
        "My green is 17, the Capital's green is 15, I have 2 gold and the Merchant is in play: do I bust?",
        "en",
        "green MAXIMUM: 15 (Capital) + 2 (gold spent) = 17; your green: 17 ≤ 17.",
    ),
    (
        "gold_needed",
        "My blue is 17, the Capital's blue is 12, a +3 Agent tile is revealed on blue, the Merchant is in play: "
        "how much gold do I need?",
        "en",
        "blue MAXIMUM: 12 (Capital) + 3 (Agent tiles) = 15; your blue: 17; 17 − 15 → 2 gold.",
    ),
    (
        "maximum",
        "Capitale bleue 12, tuiles Agent +3 et -1 révélées sur le bleu : quel est le MAXIMUM bleu ?",
        "fr",
        "12 (Capitale) + 3 − 1 (tuiles Agent) = 14.",
    ),
    (
        "score",
        "Fin de partie : ma Cité vaut 40, 2 cartes Bonus de 5 et 3, 2 jetons Or. Quel est mon score ?",
        "fr",
        "toi : 40 (Cité) + 8 (Bonus) + 4 (or) = 52.",
    ),
    (
        "winners",
        "Final scoring: my City is 40, Bonus cards 5 and 3, 2 gold. Léo's City is 45, 1 gold, no Bonus. Who wins?",
        "en",
        "you: 40 (City) + 8 (Bonus) + 4 (gold) = 52; Léo: 45 (City) + 0 (Bonus) + 2 (gold) = 47.",
    ),
    (
        "bonus",
        "Capitale verte 12, mon vert 9, Léo a 11 en vert. Qui prend la carte Bonus verte ?",
        "fr",
        "Districts verts après les défausses : Léo 11, toi 9.",
    ),
    (
        "bonus",
        "Capital green 12, my green 14, Leo has 11 in green. Who takes the green Bonus card?",
        "en",
        "Green districts after busts: Leo 11, you 14 → 0 (busts).",
    ),
    (
        "ritual",
        "3 Cimetières en jeu, 7 guerriers dans la clairière d'un Cimetière : combien de points avec mes Rituels ?",
        "fr",
        "Guerriers par Cimetière : 7, 0, 0 ; Rituel 1 (Cimetière 1) : 3 ; Rituel 2 (Cimetière 1) : 3 ; "
        "total 2 × 3 = 6.",
    ),
    (
        "ritual",
        "2 Cemeteries, 2 warriors in one Cemetery clearing: how many points do my Rituals score?",
        "en",
        "Warriors by Cemetery: 2, 0; no Cemetery's clearing holds 3 warriors: no Ritual.",
    ),
]


@pytest.mark.parametrize(("frame", "question", "lang", "numbers"), CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_the_numbers_come_right_after_the_verdict(frame: str, question: str, lang: str, numbers: str) -> None:
    outcome = route(question, lang)
    assert outcome is not None and outcome.frame is not None and outcome.verdict is not None
    assert outcome.frame.query == frame
    lines = write(outcome, lang).split("\n")
    assert lines[1] == numbers
    # the asker's words, not the engine's: no player called "me", no clearing "c1", no fact path
    assert not re.search(r"\bme\b|\bc\d\b|\.city\.|_", lines[1])


def test_a_stated_score_is_shown_as_it_is() -> None:
    outcome = route("Final scores: I have 52, Léo has 47 and 1 gold, I have 2 gold. Who wins?", "en")
    assert outcome is not None and outcome.verdict is not None
    assert write(outcome, "en").split("\n")[1] == "you: 52; Léo: 47."
