"""Passes over the typed tokens: a player spoken to by name is who "ton" and "your" mean."""

from __future__ import annotations

from qa.scenario.lexicon import lex
from qa.scenario.reader import read_facts
from qa.scenario.tokens import Kind


def _facts(question: str, lang: str) -> dict[str, object]:
    return {f.path: f.value for f in read_facts(question, lang).facts}


def test_a_player_spoken_to_is_who_your_means() -> None:
    said = "— Cyprien, ton district jaune ?\n— 8 et 7.\n— La Capitale en jaune ?\n— 6, 5 et 2.\nCyprien saute ?"
    assert _facts(said, "fr") == {"Cyprien.city.yellow": (8, 7), "capital.yellow": (6, 5, 2)}
    # spoken to at the start of a turn, "your" only in a later one
    said = "— Ottilie, Merchant in play?\n— Yes.\n— Your blue?\n— 8 and 8.\n— Your gold?\n— 2 tokens.\nCapital blue 15."
    assert _facts(said, "en") == {
        "powers.yellow": _facts("Merchant in play", "en")["powers.yellow"],
        "Ottilie.city.blue": (8, 8),
        "Ottilie.gold": 2,
        "capital.blue": 15,
    }
    (token,) = [t for t in lex("Rémi, your City?", "en") if t.text == "your"]
    assert token.kind is Kind.NAME and token.value == "Rémi"


def test_without_a_name_spoken_to_your_is_the_askers() -> None:
    assert _facts("Capitale bleue 9, moi 12 en bleu, Léa a 7", "fr") == {
        "capital.blue": 9,
        "me.city.blue": 12,
        "Léa.city.blue": 7,
    }
    # a list of players is no one spoken to
    assert _facts("Capitale bleue 9, Léa, Tom et moi : moi 12", "fr") == {"capital.blue": 9, "me.city.blue": 12}
