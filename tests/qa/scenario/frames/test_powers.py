"""Power questions: a card played and the power it activates, the Architect's claim, the draft's deal. The verdict
the engine gives, then the sentence that says it first."""

from __future__ import annotations

import pytest

from qa.scenario import route, write
from qa.scenario.frames import choose, find
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
        ("Nous sommes quatre et nous jouons avec le module Undercover. Combien de cartes au draft ?", "fr", [7]),
        ("Five of us tonight, but we're NOT using the purple cards. How many cards dealt each?", "en", [5]),
    ],
)
def test_the_deal_depends_on_the_players_and_the_module(question: str, lang: str, cards: list[int]) -> None:
    outcome = route(question, lang)  # the seats are the deal's whole position: the engine deals
    assert outcome is not None and outcome.frame is find("deal") and outcome.verdict is not None
    assert outcome.verdict.verdict["cards"] == cards


def test_the_deal_asks_for_the_players_and_leaves_a_count_the_texts_do_not_deal_for_to_the_rules() -> None:
    asked = route("On joue avec le module Undercover. On distribue combien de cartes à chacun ?", "fr")
    assert asked is not None and asked.missing == "players"
    assert route("How does the draft change with the Undercover module in a 3-player game?", "en") is not None
    assert route("We're six players using the 5th player components. How many cards do we deal each?", "en") is None
    assert route("How many cards are dealt to each player for the draft?", "en") is None  # nothing said: the rules


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


def _facts(question: str, lang: str, intended: str | None = None) -> dict[str, object]:
    return {f.path: f.value for f in read_facts(question, lang, intended=intended).facts}


_GAIN_OR_LOSE = "Le Marchand, c'est le jaune. Je joue un jaune 3 et j'ai 4 ors. Qu'est-ce que je gagne ou perds ?"


def test_the_intent_heads_play_reads_words_of_gain_and_loss_as_the_plays_effect() -> None:
    cued = read_facts(_GAIN_OR_LOSE, "fr")
    assert cued.asked & {"win", "bust"}  # the cue words alone hear who wins and what busts
    assert choose(cued) is not find("play")
    intended = read_facts(_GAIN_OR_LOSE, "fr", intended="play")
    assert not intended.asked & {"win", "bust"} and intended.get("me.plays") is not None
    assert choose(intended, intended=find("play")) is find("play")


def test_the_intended_frame_yields_when_it_cannot_build_a_position() -> None:
    reading = read_facts("Capitale bleue 12, j'ai 14 en bleu, je saute ?", "fr", intended="play")
    assert choose(reading, intended=find("play")) is find("district")  # no card played: the cue words choose


@pytest.mark.parametrize(
    ("question", "lang", "where"),
    [
        ("Je gagne ou je perds quoi, à jouer mon jaune 3 avec le Marchand ?", "fr", False),  # accents: "ou" is "or"
        ("je joue mon jaune 3 avec le marchand, je peux le poser ou ?", "fr", True),  # no accents: "ou" may be "où"
    ],
)
def test_an_unaccented_ou_is_where_only_for_a_writer_who_writes_no_accents(
    question: str, lang: str, where: bool
) -> None:
    assert ("where" in read_facts(question, lang).asked) is where


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        (  # configuration B: a pink card played draws a Prophet tile, although the Infiltrator has a deck too
            "Config B : je joue rose 5 et je tire un 3. Qu'est-ce qui est défaussé ?",
            "fr",
            {"me.plays": "pink:5", "prophet_stack": (3,)},
        ),
        (  # the tiles face up are not the card played
            "Prophète : tuiles visibles 1 et 2, je joue rose 5 et la tuile tirée est un 3",
            "fr",
            {"me.plays": "pink:5", "prophet_tiles": (1, 2), "prophet_stack": (3,)},
        ),
        (  # a card in hand said after it
            "Config B, the flag is on pink and I have a rebel blue 2 in my hand. Where can it go?",
            "en",
            {"me.plays": "rebel/blue:2", "rebel_flag": "pink"},  # where the one card held goes: its play
        ),
        (  # two tiles said in one sentence: the one face up, then the one drawn
            "Config B, je pose mon rose 4 ; une tuile Prophète de valeur 1 est déjà face visible et la tuile du "
            "dessus de la pile est un 3.",
            "fr",
            {"me.plays": "pink:4", "prophet_tiles": (1,), "prophet_stack": (3,)},
        ),
        (  # a card taken into the hand is a take, not a card held
            "I play pink 5 into the Capital and, with the Missionary, take the blue 3 into my hand.",
            "en",
            {"me.plays": "pink:5", "choice.take": "blue:3", "me.hand": None},
        ),
        (  # a card's kind said a few words before it, and a hand said after a clause's start
            "Configuration B, le drapeau est sur le jaune. J'ai en main une carte rebelle, un vert 6. Où la jouer ?",
            "fr",
            {"me.plays": "rebel/green:6"},
        ),
        (
            "undercover card shows the blue power with green as extra colour i've got a green 6 in hand where can "
            "it go",
            "en",
            {"me.plays": "green:6"},
        ),
        (  # held, said after the card; its kind said a few words before it
            "Config B. J'ai en main une carte rebelle, un vert 6, et je joue mon rose 4 dans la Capitale.",
            "fr",
            {"me.hand": ("rebel/green:6",), "me.plays": "pink:4"},
        ),
        ("Config B. I have a rebel blue 2 in my hand and I play my pink 4.", "en", {"me.hand": ("rebel/blue:2",)}),
        (  # the top of the Agent's stack, said apart from the tile's word
            "Léo joue un bleu 2, l'Agent c'est le bleu. La tuile du dessus de la pile Agent c'est un -1.",
            "fr",
            {"Léo.plays": "blue:2", "agent_stack": (-1,)},
        ),
    ],
)
def test_a_draw_a_tile_or_a_hand_is_read_where_it_is_said(
    question: str, lang: str, expected: dict[str, object]
) -> None:
    facts = _facts(question, lang, intended="play")
    assert {path: facts.get(path) for path in expected} == expected


@pytest.mark.parametrize(
    ("question", "lang", "gained"),
    [
        (  # the Missionary's card said taken: the districts not said are not read
            "Priya takes the green 5. She played pink 6 into the Capital with the Missionary; the Capital had "
            "green 5, blue 6 and yellow 1.",
            "en",
            ["green:5"],
        ),
        (  # one card in hand: the Proselytizer adds it, unasked
            "Prosélytiste. Je joue vert 6 en capitale. Main : rose 3. Présentoir : bleu 1, rose 6, jaune 4.",
            "fr",
            ["blue:1", "yellow:4"],
        ),
    ],
)
def test_a_choice_the_position_settles_is_not_asked(question: str, lang: str, gained: list[str]) -> None:
    outcome = solved(question, lang)
    assert outcome.verdict is not None and not outcome.missing
    assert outcome.verdict.verdict["hand_gained"] == gained


def test_a_prophet_below_five_reads_no_capital_district() -> None:
    question = "Config B, aucune tuile Prophète visible. Je joue rose 5 et je tire un 3. Il se passe quoi ?"
    frame = find("play")
    assert frame is not None
    outcome = solve(read_facts(question, "fr", intended="play"), frame, question)
    assert outcome.verdict is not None and not outcome.missing
    assert outcome.verdict.verdict["applied"] is True and outcome.verdict.verdict["capital_left"] == []


@pytest.mark.parametrize(
    ("question", "lang", "powers"),
    [
        (  # a power of another configuration, named for comparison
            "Config B, I've got zero gold. Putting my yellow 4 in the Capital - the Disciple gives me another go, "
            "but do I also pick up a gold like with the Merchant?",
            "en",
            {"powers.yellow": "disciple"},
        ),
        ("Configuration A. I play my blue 3 into the Capital. Do I get a Recruiter card?", "en", {}),
        ("Config B avec l'Architecte : je joue jaune 4", "fr", {"power": "architect"}),  # set E replaces yellow
    ],
)
def test_a_stated_configuration_decides_the_powers_in_play(question: str, lang: str, powers: dict[str, str]) -> None:
    facts = _facts(question, lang)
    named = {p: str(getattr(v, "value", v)) for p, v in facts.items() if p.startswith("power")}
    assert named == powers


def test_a_french_demonstrative_opening_a_sentence_is_nobody() -> None:
    reading = read_facts("La carte Recruteur visible est un bleu cinq. Cette carte bleue 5, elle va où ?", "fr")
    assert "Cette" not in reading.players


@pytest.mark.parametrize(
    "question",
    [
        "Config B, the flag is on pink and I have a rebel blue 2 in my hand. Where can it go?",
        "Config B, the Rebel flag is on pink and I hold a rebel blue 2. Where can I play it?",
    ],
)
def test_where_a_single_card_in_hand_may_go(question: str) -> None:
    outcome = solved(question, "en")
    assert outcome.frame is not None and outcome.frame.query == "legal_plays" and outcome.verdict is not None
    assert outcome.verdict.verdict["card"] == "rebel/blue:2"
    assert {(s["place"], s["colour"]) for s in outcome.verdict.verdict["allowed"]} == {
        ("capital", "pink"),
        ("city", "pink"),
    }


def test_an_unsaid_undercover_card_is_asked_for_in_words() -> None:
    question = "Undercover module. I have a green 6 in hand: where can it go?"
    frame = find("legal_plays")
    assert frame is not None
    outcome = solve(read_facts(question, "en", intended="legal_plays"), frame, question)
    assert outcome.missing == "undercover.current"
    assert "current undercover card show" in write(outcome, "en")


@pytest.mark.parametrize(
    "question",
    [
        # what the play drew is said: the question asks what the play does, not where the card played may go
        "Infiltré / drapeau sur jaune / je joue bleu 1 en capitale / je pioche une rebelle jaune 6 / je laisse le "
        "drapeau où il est. Résultat ?",
        # the card played is said placed before the question: "where does it go" is about what it gains
        "Cleric in play. I'm putting my pink 5 into the Capital and I choose the pink district. Capital pink has a 2 "
        "and a 6. Which card do I get and where does it go?",
    ],
)
def test_where_the_card_played_may_go_is_not_asked_once_its_play_is_said(question: str) -> None:
    frame = find("legal_plays")
    assert frame is not None
    reading = read_facts(question, "fr" if "Infiltré" in question else "en", intended="legal_plays")
    assert choose(reading, intended=frame) is find("play")


def test_where_a_lone_card_may_go_when_the_head_reads_a_where_question() -> None:
    question = (
        "Configuration B, and the Rebel flag sits on the pink Power card. I'm holding a rebel card, a pink seven."
    )
    question += " Where am I allowed to play it?"
    reading = read_facts(question, "en", intended="legal_plays")
    assert reading.get("me.plays") is not None and reading.get("me.plays").value == "rebel/pink:7"  # type: ignore[union-attr]
    district = read_facts("My blue district is a 5. Where can I play my cards?", "en", intended="legal_plays")
    assert district.get("me.city.blue") is not None  # a district said as one, not a card to place


def test_the_rebel_flag_asked_about_only_after_the_where() -> None:
    held = "got a rebel card, yellow 5\nconfig B\nflag's on the blue power card\nwhere can i play it"
    assert choose(read_facts(held, "en", intended="legal_plays"), intended=find("legal_plays")) is find("legal_plays")
    moved = "Le drapeau est sur le bleu, je joue mon bleu 3 : où va le drapeau ?"
    assert choose(read_facts(moved, "fr", intended="legal_plays"), intended=find("legal_plays")) is find("play")


def test_a_swap_said_as_a_card_given_then_a_card_taken() -> None:
    question = (
        "mentaliste en jeu, j'utilise la tuile échange bleu/rose\nmon quartier rose : juste un 9\nla capitale en rose "
        "a 9 et 8\nje donne mon rose 9 et je prends le rose 8\nil y a quoi dans les deux quartiers après l'échange"
    )
    outcome = route(question, "fr")
    assert outcome is not None and outcome.frame is find("swap") and outcome.verdict is not None
    assert outcome.verdict.verdict["city"] == ["pink:8"] and outcome.verdict.verdict["capital"] == ["pink:9", "pink:9"]


def test_a_card_taken_from_the_display_is_named_by_its_colour_and_value() -> None:
    question = (
        "Experimenter is the green power. I drop a green 5 in the Capital. The display has an experimenter pink 1 and "
        "an experimenter blue 7, and I take the pink 1. What do I get?"
    )
    outcome = solved(question, "en")  # the display's experimenter pink 1; the refill, not given, is not asked for
    assert outcome.verdict is not None and outcome.verdict.verdict["hand_gained"] == ["experimenter/pink:1"]


def test_a_card_played_into_ones_city_asks_for_no_power() -> None:
    question = (
        "Vector is our pink power. My green district has a 6 and a 7, and the Capital's green district has a 5 and a "
        "7. On my last turn I play a green vector card of -2 into my own green district. At round end, does my green "
        "district bust?"
    )
    outcome = solved(question, "en")  # the card joins the district before the round end; green's power is unsaid
    assert outcome.verdict is not None and outcome.verdict.verdict["total"] == 11
    assert outcome.verdict.verdict["busted"] is False


@pytest.mark.parametrize(
    ("question", "lang", "gained"),
    [
        ("missionary game (config C). capital: blue 4, yellow 2, green 4. i play pink 4, which card can i take?", "en",
         ["yellow:2"]),
        ("Missionnaire : la capitale rose a déjà un 3, la verte a un 1, c'est tout. Je joue mon rose trois. Je prends "
         "quoi ?", "fr", ["green:1"]),
    ],
)  # fmt: skip
def test_a_capital_listed_district_by_district_leaves_no_district_unsaid(
    question: str, lang: str, gained: list[str]
) -> None:
    outcome = solved(question, lang)  # the districts the list leaves out are empty, and the answer says so
    assert outcome.verdict is not None and not outcome.missing
    assert outcome.verdict.verdict["hand_gained"] == gained
    assert outcome.plan is not None and any("empty" in a.en for a in outcome.plan.assumptions)


def test_a_capital_district_said_alone_still_asks_for_the_others() -> None:
    outcome = route("Missionnaire. Capitale jaune 2. Je joue rose 5, je prends quoi ?", "fr")
    assert outcome is not None and outcome.missing == "capital.pink"  # one district said is no list of them


def test_the_prophets_tiles_leave_the_capitals_cards_said_after_them() -> None:
    question = (
        "Configuration B. Une tuile Prophète de valeur 3 est déjà face visible et la première tuile de la pile vaut "
        "2. Je pose mon rose 5 ; la Capitale contient : bleu 2 et 6, rose 1 et 7, jaune 2."
    )
    facts = _facts(question, "fr")
    assert facts["capital.pink"] == (1, 7) and facts["prophet_tiles"] == (3,) and facts["prophet_stack"] == (2,)


def test_the_sentinels_token_goes_on_the_one_card_left_uncovered() -> None:
    question = (
        "Can I place the gold? I'm playing my yellow 4 into the Capital with the Sentinel. My City: a blue 2 with a "
        "token, a green 6 with a token, and a pink 1 without one."
    )
    outcome = solved(question, "en")
    assert outcome.verdict is not None and outcome.verdict.verdict["city_gained"] == ["pink:1+gold"]
    assert write(outcome, "en").split("\n")[0] == "Yes. Sentinel: a gold token goes on pink 1 in your City."
    busts = solved("Config C. Green City: 6 w/ gold token, 7. Capital green: 5. Bust at round end?", "en")
    assert busts.verdict is not None and busts.verdict.verdict["busted"] is True


@pytest.mark.parametrize(
    ("question", "lang", "asked"),
    [
        ("Vector is our yellow power. I'm about to put a yellow 4 into the Capital. Which card ends up in my hand?",
         "en", "vector_deck"),
        ("config C, je joue mon vert 6 dans la capitale avec le dualiste, je recupere quelle carte ?", "fr",
         "dualist_deck"),
    ],
)  # fmt: skip
def test_a_deck_the_engine_needs_is_asked_by_the_case_formats_path(question: str, lang: str, asked: str) -> None:
    outcome = route(question, lang)  # the engine names it "vector.deck"; the answer and the contract, "vector_deck"
    assert outcome is not None and outcome.missing == asked


@pytest.mark.parametrize(
    ("question", "lang", "display"),
    [
        ("Config B. The Proselytizer display is blue 3, green 5, blue 6. I play my green 4 into the Capital and give "
         "my blue 2.", "en", ("blue:3", "green:5", "blue:6")),
        ("Prosélytiste en jeu. Le présentoir : jaune 2, jaune 5, jaune 1. Je joue mon vert 4 à la capitale et "
         "j'ajoute mon jaune 3.", "fr", ("yellow:2", "yellow:5", "yellow:1")),
    ],
)  # fmt: skip
def test_the_displays_cards_are_read_after_its_word(question: str, lang: str, display: tuple[str, ...]) -> None:
    assert _facts(question, lang)["display"] == display


@pytest.mark.parametrize(
    ("question", "lang", "into"),
    [
        ("Undercover module, config B. I play a purple 3 into the purple district of the Capital.", "en", None),
        ("Config A, module Undercover. Je joue un violet 3 dans le district violet de la Capitale.", "fr", None),
        ("Config A, Undercover. I play a purple 3 into my own purple home base district.", "en", "city"),
    ],
)  # fmt: skip
def test_a_district_of_the_capital_is_no_city(question: str, lang: str, into: str | None) -> None:
    facts = _facts(question, lang)
    assert facts["me.plays"] == "purple:3" and facts.get("me.plays_into") == into


def test_a_card_played_on_a_colour_no_power_is_named_on_joins_its_district_before_the_round_end() -> None:
    question = (
        "Vecteur en rose. Capitale jaune : 5, 4, 3. Je joue un vecteur jaune -3 dans la Capitale jaune. Jaune de "
        "Chloé : 10. Elle saute en fin de manche ?"
    )
    outcome = solved(question, "fr")  # the yellow power is not named: no power there, as the round end assumes
    assert outcome.verdict is not None and outcome.verdict.verdict["maximum"] == 9
    assert outcome.verdict.verdict["busted"] is True
    assert outcome.plan is not None and any("sans pouvoir" in a.fr for a in outcome.plan.assumptions)


def test_a_card_sent_to_the_capital_with_no_verb_is_played() -> None:
    outcome = solved("config B - yellow 3 to the capital. go again?", "en")
    assert outcome.verdict is not None and outcome.verdict.verdict["extra_turn"] is True
    assert _facts("config A, 3 to 5 players, my blue 12, capital blue 10: bust?", "en").get("me.plays") is None


def test_a_rebel_card_in_the_capitals_district_counts_in_its_maximum() -> None:
    question = (
        "Config B. The yellow Capital district holds a yellow 4, a yellow 2 and a rebel blue 5 that someone played "
        "there while the flag was on yellow. What is the yellow MAXIMUM?"
    )
    outcome = solved(question, "en")
    assert outcome.verdict is not None and outcome.verdict.verdict["maximum"] == 11
    assert outcome.plan is not None and "rebel/blue:5" in outcome.plan.position["capital"]["yellow"]


@pytest.mark.parametrize(
    ("question", "lang", "district", "gained"),
    [
        ("Cleric question. I'm putting my pink 5 into the Capital and I'll use the Cleric on the green district, "
         "which has a 2, a 6 and a 9 in it right now. Which card do I get?", "en", (2, 6, 9), ["green:2"]),
        ("Clerc : je pose rose 2 dans la capitale et je choisis le district vert (5, 3, 6). Je prends quoi ?", "fr",
         (5, 3, 6), ["green:3"]),
    ],
)  # fmt: skip
def test_a_district_a_power_chooses_is_the_capitals(
    question: str, lang: str, district: tuple[int, ...], gained: list[str]
) -> None:
    assert _facts(question, lang)["capital.green"] == district
    outcome = solved(question, lang)
    assert outcome.verdict is not None and outcome.verdict.verdict["city_gained"] == gained
    assert _facts("I pick my green district: 5 and 6. Do I bust?", "en") == {"me.city.green": (5, 6)}


def test_cards_said_in_hand_at_a_round_end_are_no_district() -> None:
    question = (
        "Config B, fin de manche. Il me reste en main un rebelle rose 4 et un rebelle bleu 2, et le drapeau Rebelle "
        "est sur la carte jaune. Dans ma Cité, mon jaune c'est 3 et 5. La capitale jaune : 6, 6 et 1. Est-ce que je "
        "saute en jaune ?"
    )
    facts = _facts(question, "fr")
    assert facts["me.hand"] == ("rebel/pink:4", "rebel/blue:2") and "me.city.pink" not in facts
    outcome = solved(question, "fr")
    # the rebel cards kept in hand join the City's district under the flag: yellow 3 + 5 + 4 + 2 = 14 > 13
    assert outcome.verdict is not None and outcome.verdict.verdict["busted"] is True
