"""A Dualist card said by its two sides, where it lies, and what the engine then computes."""

from __future__ import annotations

from qa.scenario import route
from qa.scenario.dualist import dualist_facts, lex


def said(question: str, lang: str) -> dict[str, object]:
    return {f.path: f.value for f in dualist_facts(lex(question, lang))}


def test_a_dualist_card_played_in_hand_or_on_the_deck() -> None:
    assert said("Je joue ma carte Dualiste verte côté Capitale, bleue côté Cité, valeur 2, dans ma Cité.", "fr") == {
        "me.plays": "dualist/green|blue:2",
        "me.plays_into": "city",
    }
    assert said("I hold a Dualist card, pink on the Capital side, blue on the City side, value 1.", "en") == {
        "me.hand": ("dualist/pink|blue:1",)
    }
    top = "Top of the Dualist deck is yellow on the Capital side / pink on the City side, 5."
    assert said(top, "en") == {"dualist_deck": ("dualist/yellow|pink:5",)}
    assert said("Config C, I play my Dualist card, value 4.", "en") == {}  # its sides unsaid: nothing made up
    held = (
        "La Capitale bleue vaut dix, et il me reste en main une carte Dualiste bleue côté Capitale, verte côté Cité, "
        "de valeur 4."
    )
    assert said(held, "fr") == {"me.hand": ("dualist/blue|green:4",)}  # "vaut dix" is the Capital's, before it


def test_a_dualist_card_played_to_the_city_activates_nothing() -> None:
    outcome = route(
        "Dualiste en jeu (vert). Je pose ma carte Dualiste verte côté capitale, bleue côté cité, valeur 2, dans ma "
        "cité. Ça déclenche le pouvoir ?",
        "fr",
    )
    assert outcome is not None and outcome.verdict is not None
    found = outcome.verdict.verdict
    assert (found["card"], found["power"], found["applied"]) == ("dualist/green|blue:2", None, False)
    assert found["capital_left"] == []


def test_a_dualist_card_drawn_after_a_card_played_with_its_value_first() -> None:
    question = (
        "Config C. I put a green 3 into the Capital and draw from the Dualist deck: it's a 5, pink on the Capital side "
        "and yellow on the city side. What do I do with it?"
    )
    assert said(question, "en") == {"dualist_deck": ("dualist/pink|yellow:5",)}  # the draw is nearer than the play


def test_a_dualist_card_in_hand_asked_where_it_may_go_is_the_card_to_place() -> None:
    question = (
        "Petite question : on joue avec le Dualiste, et j'ai en main une carte Dualiste rose côté Capitale, bleue côté "
        "Cité, valeur 1. Où ai-je le droit de la poser ?"
    )
    outcome = route(question, "fr")
    assert outcome is not None and outcome.verdict is not None and outcome.frame is not None
    assert outcome.frame.query == "legal_plays" and outcome.verdict.verdict["card"] == "dualist/pink|blue:1"
