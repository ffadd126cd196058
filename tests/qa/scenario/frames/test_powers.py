"""Power questions: a card played and the power it activates, the Architect's claim, the draft's deal. The verdict
the engine gives, then the sentence that says it first."""

from __future__ import annotations

import pytest

from qa.scenario import route, write
from qa.scenario.frames import find
from qa.scenario.reader import read_facts
from qa.scenario.solve import Outcome, solve


@pytest.mark.parametrize(
    ("question", "lang", "fields", "first"),
    [
        (
            "J'ai 2 ors, je joue un jaune 3 avec le Marchand en jeu, j'en ai combien après ?",
            "fr",
            {"card": "yellow:3", "power": "merchant", "gold": 3},
            "Marchand : tu as maintenant 3 Or.",
        ),
        (
            "Capitale rose : 2, 4 et 6. Je pose mon rose 1 avec le Clerc et je choisis le district rose, "
            "je prends quoi ?",
            "fr",
            {"city_gained": ["pink:2"], "capital_left": ["pink:2"]},
            "Clerc : rose 2 va dans ta Cité.",
        ),
        (
            "The display has a pink 5, a blue 2 and a green 3; I play a green 1 and add my blue 4 with the "
            "Proselytizer. What do I take back?",
            "en",
            {"hand_gained": ["pink:5", "green:3"]},
            "Proselytizer: you take pink 5 and green 3 into your hand.",
        ),
        (
            "Configuration B. I play a yellow 2, do I get another turn?",
            "en",
            {"power": "disciple", "extra_turn": True},
            "Yes. Disciple: you play an extra turn at once.",
        ),
        (
            "Config B. Tuiles Prophète face visible : 1 et 2. Je joue un rose 4 et je tire une tuile 3. "
            "Capitale bleu 2 et 5, vert 3, jaune 6, rose 7.",
            "fr",
            {"capital_left": ["blue:2", "green:3", "yellow:6", "pink:4"]},
            "Prophète : défaussé de la Capitale : bleu 2, vert 3, jaune 6 et rose 4.",
        ),
    ],
)
def test_a_card_played_applies_its_power(question: str, lang: str, fields: dict[str, object], first: str) -> None:
    outcome = route(question, lang)
    assert outcome is not None and outcome.frame is not None and outcome.verdict is not None
    assert outcome.frame.query == "play"
    found = outcome.verdict.verdict
    for key, value in fields.items():
        assert sorted(found[key]) == sorted(value) if isinstance(value, list) else found[key] == value, key
    assert write(outcome, lang).split("\n")[0] == first


def test_a_draw_nobody_names_is_asked_for() -> None:
    outcome = route("Je joue un vert 4 avec le Savant, je pioche quoi ?", "fr")
    assert outcome is not None and outcome.verdict is not None and outcome.missing == "deck_top"
    assert "dessus de la pioche" in write(outcome, "fr")


def test_a_round_end_question_keeps_the_card_played_in_its_district() -> None:
    outcome = route(
        "Merchant in play. I played a 4 in my yellow, so it's 16; the Capital's yellow is 15 and I have "
        "1 gold. Do I bust?",
        "en",
    )
    assert outcome is not None and outcome.frame is not None and outcome.frame.query == "district"


@pytest.mark.parametrize(
    ("question", "lang", "met", "first"),
    [
        (
            "J'ai la tuile Architecte =14, mon district rose fait 8 et 6 et j'ai 1 or. Je prends les 2 ors ?",
            "fr",
            True,
            "Oui : ta Cité remplit le critère =14 ; tu défausses la tuile et prends 2 jetons Or.",
        ),
        (
            "Architect tile =16 in front of me, my blue is 7 and 8. Do I get the gold?",
            "en",
            False,
            "No: your City does not meet =16; the tile stays, no gold.",
        ),
    ],
)
def test_the_architect_claim_is_a_yes_or_a_no(question: str, lang: str, met: bool, first: str) -> None:
    outcome = route(question, lang)
    assert outcome is not None and outcome.frame is not None and outcome.verdict is not None
    assert outcome.frame.query == "architect_claim" and outcome.verdict.verdict["met"] is met
    assert write(outcome, lang).split("\n")[0] == first


@pytest.mark.parametrize(
    ("question", "lang", "cards"),
    [
        ("On est 5 joueurs, on distribue combien de cartes au draft ?", "fr", [5]),
        ("Four players with the Undercover module: how many cards are dealt to each of us?", "en", [7]),
    ],
)
def test_the_deal_depends_on_the_players_and_the_module(question: str, lang: str, cards: list[int]) -> None:
    reading = read_facts(question, lang)
    outcome = solve(reading, find("deal"), question)  # type: ignore[arg-type]
    assert outcome.verdict is not None and outcome.verdict.verdict["cards"] == cards
    assert route(question, lang) is None  # the seats alone state no position: the rulings answer it


def solved(question: str, lang: str) -> Outcome:
    """The question's outcome, which must be a verdict."""
    outcome = route(question, lang)
    assert outcome is not None and outcome.frame is not None and outcome.verdict is not None
    return outcome


def test_the_swap_shows_both_districts_after_it() -> None:
    question = (
        "Mentaliste, tuile Échange bleu/rose. Mon rose : 2 et 5 ; Capitale rose : 6, 3 et 4. J'échange mon rose 2 "
        "contre le rose 6 de la Capitale. Qu'y a-t-il dans les deux districts après ?"
    )
    outcome = solved(question, "fr")
    assert outcome.frame is not None and outcome.frame.query == "swap"
    assert outcome.verdict is not None and outcome.verdict.verdict["city"] == ["pink:6", "pink:5"]
    assert write(outcome, "fr").startswith("Après l'échange : ton rose : 6 et 5 ; Capitale rose : 2, 3 et 4.")


def test_a_swap_then_the_round_end_is_judged_after_the_swap() -> None:
    question = (
        "Mentalist, Swap yellow/green. Capital green: 7 and 5. My green: 3 and 6. I swap my 6 for the 5. At round "
        "end, does my green bust?"
    )
    outcome = solved(question, "en")
    assert outcome.frame is not None and outcome.frame.query == "district" and outcome.verdict is not None
    assert (outcome.verdict.verdict["total"], outcome.verdict.verdict["maximum"]) == (8, 13)
    asked = route(
        "Swap yellow/green: I give my green 6 to the Capital. Capital green: 7, 5. My green: 3, 6. Bust?", "en"
    )
    assert asked is not None and asked.missing == "choice.take"


@pytest.mark.parametrize(
    "question",
    [
        "Mentalist, Merchant in yellow. With a Secret Card I play my pink 4 into the Capital's yellow district. "
        "I had 2 gold: how many now?",
        "Undercover module. The current undercover card shows the yellow power and lets green into purple; our "
        "yellow power is the Merchant. I have 2 gold and I play my purple 4 into the purple Capital district. "
        "How much gold do I have after?",  # and the next undercover card, not given, stays unknown
    ],
)
def test_the_district_played_in_decides_the_power_with_a_secret_card_or_a_purple_card(question: str) -> None:
    outcome = solved(question, "en")
    assert outcome.verdict is not None
    assert (outcome.verdict.verdict["power"], outcome.verdict.verdict["gold"]) == ("merchant", 3)


def test_what_a_power_discards_is_the_plays_not_a_round_end_bust() -> None:
    question = (
        "Prophet power: face-up tiles 3 and 1. Wilhelmina plays pink 5 and draws a 1. Capital: blue 6 and 2, pink 3, "
        "yellow empty, green 4 and 4. What gets discarded?"
    )
    outcome = solved(question, "en")
    assert outcome.frame is not None and outcome.frame.query == "play"  # no City district: what the Prophet discards
    assert outcome.verdict is not None
    assert sorted(outcome.verdict.verdict["capital_left"]) == ["blue:2", "green:4", "pink:3"]
    bust = solved("Prophet in play. I play pink 5. My pink district is 9, the Capital's pink 8. Is it discarded?", "en")
    assert bust.frame is not None and bust.frame.query == "district"


def test_an_agent_tile_drawn_goes_on_the_power_card_chosen() -> None:
    question = (
        "I drop my blue 6 into the Capital, blue power is the Agent. Top Agent tile is a -1 and I put it on the "
        "yellow Power card. Does the power go off?"
    )
    outcome = solved(question, "en")
    assert outcome.plan is not None and outcome.verdict is not None
    assert outcome.plan.position["agent_stack"] == [-1]  # drawn, not revealed on a Power card
    assert outcome.plan.query["target"] == "yellow" and outcome.verdict.verdict["applied"] is True
