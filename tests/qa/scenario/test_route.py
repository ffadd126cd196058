"""From a sentence to a verdict, a question back, or a problem: the router, the frames and the solver, without
the model (the engine decides, not retrieval)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qa.scenario.contract import Scenario
from qa.scenario.reader import read_facts
from qa.scenario.route import amend, route
from qa.scenario.write import write


def verdict(question: str, lang: str = "en", history: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    outcome = route(question, lang, history or [])
    assert outcome is not None and outcome.verdict is not None, outcome
    return outcome.verdict.verdict


def test_a_bust_check_with_the_merchant_saves_with_the_least_gold() -> None:
    found = verdict(
        "my blue district is 17, the Capital's is 15, I have 2 gold and the Merchant is in play: do I bust?"
    )
    assert found == {
        **{"player": "me", "colour": "blue", "total": 17, "maximum": 15, "gold_spent": 2, "busted": False},
        **{"capital": 15, "tiles": [], "counted": 17},
    }


def test_a_tie_stays_and_am_i_safe_gets_the_yes() -> None:
    outcome = route("Capital pink 6 and 6, my pink is 12. Am I safe?", "en")
    assert outcome is not None and outcome.verdict is not None
    assert outcome.verdict.verdict["busted"] is False
    assert write(outcome, "en").startswith("Yes: your pink cards stay (12 ≤ 12)")


def test_agent_tiles_change_the_maximum_and_say_the_agent_is_in_play() -> None:
    outcome = route("Pink Capital is 6 and 6, agent tiles on pink came up +2 and -1, I've got 14 pink. Am I ok?", "en")
    assert outcome is not None and outcome.verdict is not None and outcome.plan is not None
    assert outcome.verdict.verdict["maximum"] == 13 and outcome.verdict.verdict["busted"] is True
    assert any("Agent is in play" in a.en for a in outcome.plan.assumptions)


def test_the_bonus_with_a_tie_and_the_least_gold() -> None:
    found = verdict("Capitale jaune 4, 4 et 7. Léo 12 en jaune, moi 12, Sam 3 : qui a le bonus ?", "fr")
    assert found["winner"] is None and sorted(found["tied"]) == ["Léo", "me"] and found["card"] == "yellow:7"
    needed = verdict("how much gold do I need? blue capital 14, my blue 17")
    assert needed == {
        **{"player": "me", "colour": "blue", "gold_needed": 3, "enough": None},
        **{"total": 17, "maximum": 14, "capital": 14, "tiles": []},
    }


def test_root_frames() -> None:
    assert verdict("Two Cemeteries on the map and 5 warriors in one of their clearings: what's the Ritual worth?") == {
        "points": 2,
        "uses": ["c1"],
        "per_ritual": 2,
    }
    assert verdict("Je subis 3 touches dans une clairière où j'ai 4 guerriers. Combien j'en perds ?", "fr") == {
        "warriors_removed": 3
    }


def test_a_deciding_fact_left_out_is_asked_for() -> None:
    outcome = route("my blue is 12, do I bust?", "en")
    assert outcome is not None and outcome.missing == "capital.blue" and outcome.verdict is None
    assert "What is the Capital's blue district" in write(outcome, "en")
    outcome = route("Léo a 13 en rose et la Capitale rose fait 11. Le Marchand est en jeu. Léo saute-t-il ?", "fr")
    assert outcome is not None and outcome.missing == "Léo.gold"
    assert "Combien de jetons Or a Léo ?" in write(outcome, "fr")


def test_bad_positions_are_quoted_never_computed() -> None:
    wrong_sum = route("capitale rose 12, moi 7 et 9, donc 15 en rose, je saute ?", "fr")
    assert wrong_sum is not None and wrong_sum.problem is not None and wrong_sum.verdict is None
    assert "« 7 et 9, donc 15 »" in write(wrong_sum, "fr")
    purple = route("Undercover: I have a purple card worth 7 in my purple district, Capital purple 14. Bust?", "en")
    assert purple is not None and purple.problem is not None and "purple cards are worth 2 to 6" in purple.problem.en
    negative = route("Merchant in play, I have -2 gold, Capital yellow 10, my yellow 12. Do I bust?", "en")
    assert negative is not None and negative.problem is not None and negative.problem.quote == "-2 gold"
    lonely = route("et si j'avais 3 or ?", "fr")
    assert lonely is not None and lonely.problem is not None and lonely.frame is None


def read(question: str, lang: str, path: str) -> object:
    """The value the router read at ``path`` (``None`` when it read none)."""
    outcome = route(question, lang)
    assert outcome is not None, question
    fact = outcome.reading.get(path)
    return None if fact is None else fact.value


def test_a_follow_up_amends_the_last_position() -> None:
    first = route("Capital yellow 7+7, mine 8+5+2, bust?", "en")
    assert first is not None and first.verdict is not None and first.verdict.verdict["busted"] is True
    history = [
        {
            "question": "...",
            "response": {"scenario": Scenario.of(first, "Capital yellow 7+7, mine 8+5+2, bust?", "en").to_dict()},
        }
    ]
    found = verdict("and if mine were 14 instead?", history=history)
    assert found["total"] == 14 and found["busted"] is False


def test_a_rules_question_is_not_a_scenario() -> None:
    assert route("how many gold does a tie give?", "en") is None
    assert route("Combien rapporte un jeton Or ?", "fr") is None
    assert route("Can I spend 2 gold to save a district?", "en") is None


@pytest.mark.parametrize(
    "question",
    [
        "Pendant Fossoyer, je place un guerrier dans chaque clairière qui contient un Cimetière ?",
        "skull action but there are no enemy warriors in the necro's clearing. can i still place a warrior there?",
        "Si on me détruit un cimetiere, je perd combien de guerriers ?",
        "fossoyer : on peut depenser plusieurs cartes oiseau pour en mettre encore plus ?",
        "If one action removes both a Necro and its matching Cemetery, does Revenant still put the Necro back?",
    ],
)
def test_rules_questions_about_pieces_in_general_stay_rules_questions(question: str) -> None:
    assert route(question, "fr" if " je " in question or "on " in question else "en") is None


def test_the_contract_holds_a_valid_position_and_the_facts_with_their_spans() -> None:
    question = "fin de manche, la capitale verte c'est 2, 8 et 5, moi j'ai 7 et 9 en vert, je saute ?"
    outcome = route(question, "fr")
    assert outcome is not None
    scenario = Scenario.of(outcome, question, "fr").to_dict()
    assert scenario["frame"] == "district" and scenario["picture"].startswith("<svg")
    assert scenario["position"]["capital"] == {"green": ["green:2", "green:8", "green:5"]}
    fact = scenario["facts"][1]
    assert fact["path"] == "me.city.green" and fact["file_path"] == "players.0.city.green"
    assert fact["label"] == "ton vert"
    assert question[fact["start"] : fact["end"]] == fact["text"] == "7 et 9"
    assert scenario["verdicts"][0]["verdict"]["busted"] is True
    assert scenario["readings"] == ["notes/maximum-undefined"]
    assert len(write(outcome, "fr")) <= 500


SCENARIO_WORDS = [
    "capitale",
    "Capital",
    "bleu",
    "pink",
    "moi",
    "my",
    "Léo",
    "lui",
    "2",
    "15",
    "-3",
    "2.5",
    "quinze",
    "or",
    "gold",
    "Marchand",
    "Agent",
    "tuile",
    "MAXIMUM",
    ",",
    "et",
    "and",
    "/",
    "+",
    "donc",
    "=",
    "saute",
    "bust",
    "?",
    "Bonus",
    "qui",
    "combien",
    "Cimetière",
    "cemeteries",
    ":",
    "warriors",
    "guerriers",
    "hits",
    "Rituel",
    "Fossoyer",
    "un",
    "seul",
    "carte",
    "Rebelle",
    "violette",
    "purple",
    "et si",
    "what about",
    "instead",
    "0",
    "100",
    "retire",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(SCENARIO_WORDS), max_size=14), st.sampled_from(["fr", "en"]))
def test_any_jumble_of_game_words_routes_without_crashing(words: list[str], lang: str) -> None:
    """Whatever the words, the router gives no scenario, a verdict, a fact to ask for, or a quoted problem."""
    question = " ".join(words)
    outcome = route(question, lang)
    if outcome is not None:
        assert (outcome.verdict is not None and outcome.verdict.error is None) or outcome.missing or outcome.problem
        assert len(write(outcome, lang)) <= 500


def test_game_end_scores_and_winners_from_totals() -> None:
    score = route(
        "Fin de partie : les cartes de ma Cité totalisent 47, mes cartes Bonus valent 8 et 6, et j'ai 3 jetons Or. "
        "Quel est mon score ?",
        "fr",
    )
    assert score is not None and score.verdict is not None
    assert score.verdict.verdict == {"player": "me", "city": 47, "bonus": 14, "gold": 6, "total": 67}
    assert write(score, "fr").startswith("Ton score : 67 (47 + 14 + 6).")
    won = verdict("Final totals: I have 64 with 2 gold, Sam has 64 with 1 gold, and Leo has 60. Who wins?")
    assert won == {"winners": ["Sam"]}
    asked = route(
        "Fin de partie : ma Cité fait 50, mes Bonus valent 7 et 8, et j'ai quelques jetons Or. Mon score ?", "fr"
    )
    assert asked is not None and asked.missing == "me.gold"


def test_a_district_said_without_a_colour() -> None:
    found = verdict("my district is 17 and the capital has 15, do I bust?")
    assert found["busted"] is True and found["total"] == 17 and found["maximum"] == 15


def test_root_battles_and_the_revenant() -> None:
    placed = verdict(
        "I fight in a mouse clearing that has no Cemetery. My Necro is there and survives, 3 enemy warriors are "
        "removed, and my mouse Cemetery is in play in another clearing. How many warriors do I place after the battle?"
    )
    assert placed["warriors_placed"] == 2
    nothing = verdict(
        "Je n'ai plus aucun Cimetière ni aucun Nécro sur le plateau. Je combats et je retire 2 guerriers adverses. "
        "Combien de guerriers je place après le combat ?",
        "fr",
    )
    assert nothing["warriors_placed"] == 0
    back = verdict(
        "My fox Necro is removed in a battle in the clearing of my rabbit Cemetery, and the rabbit Cemetery is "
        "destroyed in that same battle. My fox Cemetery is safe elsewhere. Where does the fox Necro go?"
    )
    assert back["returns_to"] == "cemetery"
    board = verdict("Mon Nécro lapin est retiré. Mon Cimetière lapin n'est plus en jeu. Où va le Nécro ?", "fr")
    assert board["returns_to"] == "faction_board"


def test_a_follow_up_en_counts_the_earlier_gold() -> None:
    question = "Marchand en jeu, j'ai que 2 ors. Jaune : capitale 12, moi 7+5+3. je garde ?"
    first = route(question, "fr")
    assert first is not None and first.verdict is not None and first.verdict.verdict["busted"] is True
    history = [{"question": question, "response": {"scenario": Scenario.of(first, question, "fr").to_dict()}}]
    found = verdict("bon en fait j'en ai quatre, ça change ?", history=history)
    assert found["busted"] is False and found["gold_spent"] == 3


def _after(first_question: str, lang: str) -> list[dict[str, Any]]:
    first = route(first_question, lang)
    assert first is not None and first.verdict is not None
    return [{"question": first_question, "response": {"scenario": Scenario.of(first, first_question, lang).to_dict()}}]


def test_a_card_also_there_joins_the_district_but_a_player_who_also_has_restates() -> None:
    history = _after("capitale verte 6 et 4, moi 8 et 3 en vert, je saute ?", "fr")
    added = verdict("et s'il y avait aussi un 2 vert dans la capitale ?", "fr", history)
    assert added["maximum"] == 12 and added["busted"] is False
    bonus = _after("Bonus rose : capitale 9 et 1, moi 8, Noé 5. Qui prend ?", "fr")
    assert sorted(verdict("et si Noé avait 8 lui aussi ?", "fr", bonus)["tied"]) == ["Noé", "me"]


def test_en_counts_the_earlier_gold_in_any_tense() -> None:
    history = _after("Marchand en jeu. Capitale jaune 10, moi 13 en jaune et 1 or. Ça passe ?", "fr")
    assert verdict("et si j'en avais trois ?", "fr", history)["gold_spent"] == 3
    assert verdict("et si j'en avais qu'un seul ?", "fr", history)["busted"] is True


def test_a_players_bonus_cards_make_a_score_not_a_bonus_award() -> None:
    found = verdict("calcule mon score : bleu 10, rose 12, jaune rien, vert 8, aucune carte bonus, trois ors", "fr")
    assert found == {"player": "me", "city": 30, "bonus": 0, "gold": 6, "total": 36}


def test_a_bonus_card_won_since_joins_the_earlier_ones() -> None:
    first = "Final score? My City 40. Bonus cards 6 and 3. Two gold left."
    assert verdict(first)["total"] == 53
    found = verdict("and if I'd also won the 4 pink bonus?", history=_after(first, "en"))
    assert found == {"player": "me", "city": 40, "bonus": 13, "gold": 4, "total": 57}
    found = verdict("Game over. My City: blue 9, pink 7, yellow 6, green 2. One Bonus card, a 9. One gold. Total?")
    assert found["bonus"] == 9


def test_a_root_follow_up_keeps_what_the_earlier_turn_asked() -> None:
    first = "My rabbit Necro is killed in a fox clearing; my rabbit Cemetery still stands. Where does the Necro go?"
    assert verdict(first)["returns_to"] == "cemetery"
    later = "and if that battle had been in the rabbit Cemetery's clearing, and the Cemetery was destroyed too?"
    found = verdict(later, history=_after(first, "en"))
    assert found["returns_to"] == "faction_board"


def test_one_card_more_or_a_second_bonus_card_adds_to_the_earlier_position() -> None:
    first = "capitale bleue 4 et 5, moi 6 et 4 en bleu, je saute ?"
    assert verdict(first, "fr")["busted"] is True
    assert verdict("et si la capitale bleue avait un 3 de plus ?", "fr", _after(first, "fr"))["maximum"] == 12
    score = "End of game: City 30, one Bonus card worth 5, 1 gold. My score?"
    found = verdict("and I forgot a second Bonus card, a three", history=_after(score, "en"))
    assert found["bonus"] == 8


def test_a_follow_up_adds_to_a_count_said_more() -> None:
    history = _after("2 cimetières en jeu, 6 guerriers sur le cimetière lapin. Combien de points au rituel ?", "fr")
    assert verdict("et si j'avais trois guerriers de plus chez le lapin ?", "fr", history)["points"] == 6


def test_a_follow_up_with_a_tile_and_no_value_asks_for_it() -> None:
    history = _after("My yellow is 12 and the Capital's yellow is 12. Do I bust?", "en")
    outcome = route("Oh, and an Agent tile was revealed on yellow too.", "en", history)
    assert outcome is not None and outcome.missing == "agent_tiles.yellow"
    history = _after("MAXIMUM vert ? capitale verte 4, 7 et 2, avec une tuile agent à moins un révélée dessus", "fr")
    assert verdict("et si y a aussi une tuile +3 de révélée sur le vert ?", "fr", history)["maximum"] == 15


def test_a_cemetery_in_play_beside_a_battle_without_one_is_elsewhere_of_its_suit() -> None:
    question = "combat dans une clairière {} sans cimetière, mon nécro y est et survit, 2 guerriers adverses retirés. "
    question += "mon cimetière lapin est en jeu. combien je place ?"
    assert verdict(question.format("lapin"), "fr")["warriors_placed"] == 2  # Ambiance lugubre and Présence morbide
    assert verdict(question.format("renard"), "fr")["warriors_placed"] == 1  # Présence morbide alone
    moved = "Battle in another mouse clearing with no Cemetery, my Necro there survives, 2 enemy warriors removed, "
    assert verdict(moved + "my mouse Cemetery is elsewhere. How many warriors do I place?")["warriors_placed"] == 2


def test_fossoyer_with_no_cemetery_counts_the_one_sinister_return_places() -> None:
    found = verdict("Start of Birdsong, I have no Cemetery on the map. How many warriors does Fossoyer place?")
    assert found["warriors_placed"] == 1


def test_a_necro_whose_cemetery_is_removed_goes_with_it_but_not_with_another_suits() -> None:
    gone = verdict("on m'a retiré mon cimetière lapin. le nécro lapin du coup il va où ?", "fr")
    assert gone["returns_to"] == "faction_board"
    other = "One battle removed both the fox Cemetery and the rabbit Necro. My rabbit Cemetery is still in play "
    assert verdict(other + "elsewhere. Where does the rabbit Necro end up?")["returns_to"] == "cemetery"


def test_a_cemetery_said_removed_with_no_count_asks_for_the_warriors() -> None:
    outcome = route("mon cimetière renard vient d'être retiré, combien de guerriers je perds ?", "fr")
    assert outcome is not None and outcome.missing == "warriors"


def test_the_sentence_with_the_question_mark_is_the_one_that_asks() -> None:
    question = "Combien de guerriers je perds ? Mon Cimetière lapin vient d'être retiré ; sa clairière contient "
    outcome = route(question + "9 de mes guerriers, et 1 guerrier dans une clairière où est mon Nécro.", "fr")
    assert outcome is not None and outcome.frame is not None and outcome.frame.query == "remove_cemetery"


def test_a_player_said_again_starts_a_new_statement_not_more_cards() -> None:
    outcome = route("Bonus rose : Léo a 9 en rose, lui 8 et moi 11, capitale rose 15. Qui prend le Bonus ?", "fr")
    assert outcome is not None and outcome.problem is not None and outcome.verdict is None


def test_a_listed_removal_covers_each_piece_listed() -> None:
    question = "In a single battle the enemy removes everything in my mouse clearing: my warriors, the mouse Necro "
    assert verdict(question + "and the mouse Cemetery. Where does the Necro end up?")["returns_to"] == "faction_board"


def test_no_enemy_warrior_removed_places_none_whatever_the_clearing_holds() -> None:
    question = "I attacked, took 2 hits and didn't remove any enemy warriors. How many warriors do I place after?"
    assert verdict(question)["warriors_placed"] == 0
    history = _after(
        "Combat dans une clairière souris sans cimetière ; mon Nécro y est et survit ; 3 guerriers "
        "adverses retirés ; mon cimetière souris est en jeu ailleurs. Combien je place ?",
        "fr",
    )
    assert verdict("Et si aucun guerrier adverse n'avait été retiré ?", "fr", history)["warriors_placed"] == 0


def test_a_suit_with_no_cemetery_in_play_and_a_follow_up_that_puts_it_there() -> None:
    first = "combat dans une clairiere lapin sans cimetiere, mon necro y etait et il a survecu, g tue 2 guerriers "
    first += "d'en face. j'ai pas de cimetiere lapin en jeu. je replace cb ?"
    assert verdict(first, "fr")["warriors_placed"] == 1
    assert verdict("et si mon cimetiere lapin etait en jeu ?", "fr", _after(first, "fr"))["warriors_placed"] == 2


def test_an_ordinal_counts_the_cemeteries() -> None:
    history = _after("Two Cemeteries in play, 4 warriors in my fox Cemetery's clearing. How many Ritual points?", "en")
    assert verdict("And if a third Cemetery were in play?", "en", history)["points"] == 3


def test_nobody_with_a_colour_and_a_final_total_with_unsaid_bonus_cards() -> None:
    question = "personne a du jaune dans sa cite, ni moi ni Basile. la capitale jaune a un 7 et un 3. le bonus jaune ?"
    assert verdict(question, "fr")["winner"] is None
    outcome = route("ma cite fait 47 et il me reste 2 or, + mes cartes bonus. total final ?", "fr")
    assert outcome is not None and outcome.missing == "me.bonus"


def test_instead_with_no_earlier_position_is_a_problem() -> None:
    outcome = route("ok what if the Capital had 18 there instead?", "en")
    assert outcome is not None and outcome.problem is not None and outcome.verdict is None


def test_a_game_end_with_no_capital_is_a_score_not_gold_to_save_a_district() -> None:
    question = "fin de partie. ma cite : bleu 14, rose 9, jaune 12, vert 8. en bonus j'ai un 7 et un 5. il me reste "
    assert verdict(question + "trois or. je fais combien ?", "fr")["total"] == 43 + 12 + 6


def test_root_pieces_said_without_a_number_are_asked_for() -> None:
    question = "An enemy removed one of my Cemeteries; its Necro was with some of my warriors. How many do I lose?"
    outcome = route(question, "en")
    assert outcome is not None and outcome.missing == "warriors"
    history = _after("1 Cemetery, 9 warriors in its clearing. How many Ritual points?", "en")
    later = route("OK, but now say I've built more Cemeteries since then.", "en", history)
    assert later is not None and later.missing == "cemeteries"


def test_no_cemetery_then_my_cemetery_is_a_problem() -> None:
    outcome = route("I have 0 Cemeteries in play and I do a Ritual in my Cemetery clearing with 6 warriors. Pts?", "en")
    assert outcome is not None and outcome.problem is not None and outcome.problem.quote == "0 Cemeteries in play"


def test_a_necro_killed_there_was_there_and_a_relative_clause_holds_the_cemetery() -> None:
    killed = "Battle in a fox clearing that has no Cemetery. My Necro there gets killed, but we take out 2 of their "
    assert verdict(killed + "warriors. My fox Cemetery is elsewhere. How many do I place?")["warriors_placed"] == 1
    here = "Battle in my Necro's clearing, which also has my Cemetery. The Necro survives. How many do I place after?"
    outcome = route(here, "en")
    assert outcome is not None and outcome.missing == "enemy_warriors_removed"


def test_a_follow_up_may_ask_a_new_question_of_the_same_position() -> None:
    history = _after("Birdsong, 2 Cemeteries, no bird card: how many warriors does Gravedigging give me?", "en")
    outcome = route("And in Evening, how many points can I get from Rituals?", "en", history)
    assert outcome is not None and outcome.missing == "warriors"


def test_a_follow_up_about_a_new_colour_is_about_that_colour() -> None:
    history = _after("Blue Capital is 13, my blue is 12. Do I bust?", "en")
    outcome = route("And my pink, a 6 and a 6?", "en", history)
    assert outcome is not None and outcome.missing == "capital.pink"


def test_a_pronoun_for_the_necro_and_a_cemetery_that_holds() -> None:
    question = "Mon Nécro renard est dans sa clairière avec mon cimetière renard ; il se fait tuer au combat mais le "
    assert verdict(question + "cimetière tient. Il revient où ?", "fr")["returns_to"] == "cemetery"
    away = (
        "My rabbit Necro is removed in a battle two clearings away from my rabbit Cemetery, which stays on the board."
    )
    assert verdict(away + " Where does the Necro go?")["returns_to"] == "cemetery"


@pytest.mark.parametrize(
    ("question", "lang", "field", "value"),
    [
        (
            "Margaux elle a 9, 6 et 2 dans son vert. La capitale verte c'est deux 8. Elle perd son vert ?",
            "fr",
            "maximum",
            16,
        ),
        (
            "pas de tuile agent sur le bleu. capitale bleue : 4, 4 et 5. mon bleu : 9 et 6. je saute ?",
            "fr",
            "busted",
            True,
        ),
        (
            "scores finaux : Anaïs 48, Théo 48, moi 45. Anaïs et Théo ont un or chacun. qui gagne ?",
            "fr",
            "winners",
            ["Anaïs", "Théo"],
        ),
        ("Noé and I are tied on 52. I've got 3 gold left, Noé has none. Who wins?", "en", "winners", ["Noé"]),
        (
            "on revele les agents du jaune, y'a un +2. Capitale jaune 11, moi j'ai 7 et 6 en jaune. Je saute ?",
            "fr",
            "maximum",
            13,
        ),
    ],
)
def test_counts_in_words_tiles_said_absent_shared_gold_and_none(
    question: str, lang: str, field: str, value: object
) -> None:
    assert verdict(question, lang)[field] == value


def test_no_cemetery_in_play_said_by_the_player() -> None:
    outcome = route("j'ai aucun cimetiere en jeu. au rituel, avec mes 6 guerriers sur mon cimetiere lapin, cb ?", "fr")
    assert outcome is not None and outcome.problem is not None and outcome.problem.quote == "aucun cimetiere en jeu"


def test_a_follow_up_whose_earlier_frame_refuses_it_is_a_rules_question_not_a_crash() -> None:
    history = _after("capitale verte 6 et 4, moi 8 et 3 en vert, je saute ?", "fr")
    history[0]["response"]["scenario"]["frame"] = "remove_cemetery"  # an earlier Cemetery removal
    history[0]["response"]["scenario"]["facts"] = [{"path": "cemetery_removed", "value": True}]
    assert route("et si le cimetière lapin avait 2 Nécros ?", "fr", history) is None


def test_more_warriors_than_the_cabal_has_is_a_problem_quoted() -> None:
    outcome = route("jai 40 guerriers dans la clairiere et je prends 2 touches, j'en perds combien ?", "fr")
    assert outcome is not None and outcome.problem is not None and outcome.problem.quote == "40 guerriers"


def test_when_no_cue_word_fits_the_facts_and_the_kind_of_question_choose_the_frame() -> None:
    # "ça dégage ou pas" is a yes/no question ("ou pas" is "or not", not "où"): only a bust check answers yes or no
    busted = verdict("en jaune la capitale fait 17 en tout. moi j'ai 18. ca degage ou pas ?", "fr")
    assert busted["busted"] is True and busted["maximum"] == 17
    # "who takes it?": of the frames a full position of totals and gold answers, only the winners are people
    assert verdict("Noa and I are tied on 52. I've got 3 gold left, Noa has none. Who takes it?") == {
        "winners": ["Noa"]
    }


def test_a_position_that_is_not_stated_in_full_is_not_guessed_from_its_facts() -> None:
    # a yes/no question with a Capital district but no district of a player's: nothing to check, a rules question
    assert route("La capitale jaune fait 17, c'est normal ?", "fr") is None
    # a count: several frames count, so the facts alone choose none
    assert route("2 Cemeteries, 7 warriors in one clearing, 1 bird card. So?", "en") is None


def test_a_terse_question_with_its_frame_cue_and_a_full_position_is_computed() -> None:
    assert verdict("5 hits on me, clearing has 3 warriors. regular warriors lost?") == {"warriors_removed": 3}


def test_a_question_of_what_a_rule_allows_stays_a_rules_question() -> None:
    assert route("Can I perform a Ritual in a clearing where I have 6 warriors but no Cemetery?", "en") is None
    assert (
        route("Rituel : j'ai que 2 guerriers dans la clairière du cimetière, je peux faire le rituel ?", "fr") is None
    )


def test_a_final_tie_said_once_is_every_tied_players_total() -> None:
    found = verdict("three-way tie at forty-seven: me with 4 gold, Agathe with 2, Hugo with 2. who wins??")
    assert sorted(found["winners"]) == ["Agathe", "Hugo"]
    found = verdict("égalité à 57 entre Jade et moi. Moi j'ai 4 jetons or, elle 1. Qui gagne ?", "fr")
    assert found == {"winners": ["Jade"]}


def test_a_cemetery_removed_while_its_necro_is_away_costs_the_necros_clearing() -> None:
    found = verdict(
        "My rabbit Cemetery gets removed. The rabbit Necro has wandered to another clearing where I have 7 "
        "warriors; the Cemetery's own clearing has 2 warriors. How many of my warriors are removed?"
    )
    assert found == {"warriors_removed": 4}


def test_more_agent_tiles_than_the_game_has_is_a_problem_quoted() -> None:
    outcome = route("Seven Agent tiles were revealed on blue, all +1. Capital blue 10, my blue 16. Am I safe?", "en")
    assert outcome is not None and outcome.problem is not None and outcome.verdict is None
    assert outcome.problem.quote == "Seven Agent tiles"


def test_a_follow_up_that_speaks_only_of_gold_gives_its_number_to_the_gold() -> None:
    question = "Final scoring for me: blue 9, pink 11, yellow 8, green 10; bonus cards 9 and 5; 2 gold. Total?"
    first = route(question, "en")
    assert first is not None and first.verdict is not None
    history = [{"question": question, "response": {"scenario": Scenario.of(first, question, "en").to_dict()}}]
    found = verdict("Hang on, I never spent my gold, I actually have 4. What's the total now?", "en", history)
    assert found["gold"] == 8 and found["total"] == 60


def test_the_player_the_question_names_is_the_one_checked() -> None:
    found = verdict(
        "Merchant in play. Green Capital is 13. Yanis has 15 in green and 1 gold; I've got 14 in green and 2 gold. "
        "Does Yanis bust?"
    )
    assert (found["player"], found["busted"]) == ("Yanis", True)


def test_who_is_answered_by_a_person_not_by_a_count_said_earlier() -> None:
    found = verdict("Game over: Yanis 64 points with 2 gold, Lise also 64 but with 4 gold, I'm on 58. Who takes it?")
    assert found == {"winners": ["Yanis"]}


def test_a_fraction_of_gold_is_a_problem_quoted() -> None:
    outcome = route("marchand, jai deux ors et demi. jaune : capitale 10, moi 12. je saute ?", "fr")
    assert outcome is not None and outcome.verdict is None and outcome.problem is not None
    assert outcome.problem.quote == "deux ors et demi"


def test_a_value_the_schema_refuses_is_said_in_the_askers_language() -> None:
    outcome = route("marchand, jai moins deux ors. jaune : capitale 10, moi 12. je saute ?", "fr")
    assert outcome is not None and outcome.problem is not None
    assert (outcome.problem.quote, outcome.problem.text("fr")) == ("moins deux ors", "la valeur doit être au moins 0")
    assert outcome.problem.text("en") == "Input should be greater than or equal to 0"


def test_same_question_for_another_colour_keeps_the_earlier_question() -> None:
    history = _after("Green bonus: Capital green 7, 5 and 1. I have 6 in green, Félix 3. Who gets it?", "en")
    found = verdict(
        "Same question for blue: Capital blue is 8 and 2, and Félix and I both have 4 in blue.", "en", history
    )
    assert found["colour"] == "blue" and sorted(found["tied"]) == ["Félix", "me"] and found["winner"] is None


def test_nobody_with_the_colour_makes_a_discard_question_a_bonus_one() -> None:
    found = verdict(
        "pour le bonus vert la capitale a un 7 et un 5 mais personne a de vert dans sa cite, ni moi ni Justine ni "
        "Felix. on defausse le 7 ou quoi ?",
        "fr",
    )
    assert (found["colour"], found["winner"], found["tied"]) == ("green", None, [])


@pytest.mark.parametrize(
    ("question", "fr"),
    [
        ("capitale violette 7 et 3, moi 12 en violet, je saute ?", "les cartes violettes valent de 2 à 6"),
        ("jai 40 guerriers dans la clairiere et je prends 2 touches, j en perds combien ?", "la Cabale a au plus 18"),
    ],
)
def test_a_position_the_engine_refuses_is_explained_in_french(question: str, fr: str) -> None:
    outcome = route(question, "fr")
    assert outcome is not None and outcome.problem is not None and outcome.verdict is None
    assert fr in outcome.problem.text("fr") and fr not in outcome.problem.text("en")


@pytest.mark.parametrize(
    "question",
    [
        "My blue district total is exactly equal to the Capital's blue total. Do I lose my blue cards?",
        "Mon district vert dépasse celui de la Capitale d'un seul point. Est-ce que je garde mes cartes vertes ?",
    ],
)
def test_cards_named_in_a_rules_question_state_no_position(question: str) -> None:
    assert route(question, "fr" if "vert" in question else "en") is None


def test_we_in_a_follow_up_is_the_asker_and_the_players_named_before() -> None:
    history = _after("fin de partie, Nolan 60 avec 3 or, moi 60 avec 1 or. qui gagne ?", "fr")
    found = verdict("en fait on a trois or chacun, toujours 60 partout", "fr", history)
    assert sorted(found["winners"]) == ["Nolan", "me"]


def test_a_follow_up_corrects_one_card_of_an_earlier_district() -> None:
    history = _after("fin de manche en jaune : capitale 7 + 5 + 2, moi 8 + 6. ça passe ?", "fr")
    found = verdict("ah non attends le 2 de la capitale c'est un 1 en fait. du coup ?", "fr", history)
    assert found["maximum"] == 13 and found["busted"] is True
    english = _after("Capital blue 9, 6 and 2, my blue is 8 and 8. Do I bust?", "en")
    assert verdict("Wait, the 6 in the Capital is actually a 5.", history=english)["maximum"] == 16


def test_a_follow_up_that_turns_to_a_player_by_name_alone() -> None:
    history = _after("capitale verte 8 + 7, moi 6 + 7. je garde ?", "fr")
    found = verdict("et Eliott ? il a 9 et 7 en vert", "fr", history)
    assert found["player"] == "Eliott" and found["total"] == 16 and found["busted"] is True


def test_a_follow_up_with_nothing_to_amend_is_a_problem() -> None:
    more = route("And what if I had two more gold?", "en")
    assert more is not None and more.problem is not None and more.frame is None
    turned = route("et pour Solène alors, elle garde son jaune ?", "fr")
    assert turned is not None and turned.problem is not None and turned.verdict is None
    assert route("et pour le Marchand, il fait quoi ?", "fr") is None  # no player, no position: a rules question


def test_more_gold_adds_to_the_earlier_gold_and_the_yes_keeps_its_sense() -> None:
    history = _after("Merchant in play. Capital blue 12, my blue 15, I have 1 gold. Do I keep it?", "en")
    outcome = route("And what if I had two more gold?", "en", history)
    assert outcome is not None and outcome.verdict is not None
    assert outcome.verdict.verdict["gold_spent"] == 3 and outcome.verdict.verdict["busted"] is False
    assert write(outcome, "en").startswith("Yes: your blue cards stay")
    bust = _after("capitale bleue 12, moi 15 en bleu, je saute ?", "fr")
    again = route("et avec 3 or et le Marchand ?", "fr", bust)
    assert again is not None and write(again, "fr").startswith("Non : tes cartes bleues restent")


def test_a_count_read_as_two_numbers_is_asked_for() -> None:
    from qa.scenario.facts import Fact
    from qa.scenario.frames import Missing, find
    from qa.scenario.reader import Reading

    ritual = find("ritual")
    assert ritual is not None
    reading = Reading((Fact("cemeteries", (0, 2), 0, 17),), frozenset({"ritual"}), ())
    with pytest.raises(Missing, match="cemeteries"):
        ritual.build(reading)


def test_a_follow_up_amends_a_position_its_earlier_question_stated_though_a_rule_answered_it() -> None:
    asked = "3 warriors + a Necro in the clearing, I take 2 hits. How many regular warriors go?"
    history = [{"question": asked, "response": {"kind": "rules", "lang": "en", "answer": "Losses go first to..."}}]
    found = verdict("And if it was four hits?", history=history)
    assert found["warriors_removed"] == 3
    alone = route("And if it was four hits?", "en", [])
    assert alone is not None and alone.problem is not None  # with no earlier turn: the problem is quoted


def test_facts_only_one_frame_holds_choose_it_when_no_cue_does() -> None:
    assert verdict("3 warriors in the clearing, I take 2 hits. How many regular warriors go?")["warriors_removed"] == 2


def test_a_follow_ups_whole_district_replaces_the_earlier_one() -> None:
    first = route(
        "Green bonus: the Capital's green is 7 and 6. Bastien has 9, Romane has 9, I have 4. Who gets it?", "en"
    )
    assert first is not None and first.verdict is not None and first.verdict.verdict["winner"] is None
    said = "Green bonus: the Capital's green is 7 and 6. Bastien has 9, Romane has 9, I have 4. Who gets it?"
    history = [{"question": said, "response": {"scenario": Scenario.of(first, said, "en").to_dict()}}]
    assert verdict("Oh wait, Romane also has a 3 in green, so she's at 12.", history=history)["winner"] == "Romane"


def test_a_follow_ups_bare_score_is_no_gold_when_the_gold_has_its_number() -> None:
    said = "score final : bleu 10, rose 13, jaune 12, vert 7. bonus 9. quatre ors."
    first = route(said, "fr")
    assert first is not None and first.verdict is not None
    history = [{"question": said, "response": {"scenario": Scenario.of(first, said, "fr").to_dict()}}]
    outcome = route("et si Maëlys finit a 59 avec deux ors, qui gagne ?", "fr", history)
    assert outcome is not None and outcome.problem is None and outcome.verdict is not None
    assert {f.path: f.value for f in outcome.reading.facts}["Maëlys.total"] == 59


def test_a_city_said_colour_by_colour_is_the_whole_city_unless_another_lists_all_four() -> None:
    question = (
        "Ambroise: blue 15 and green 14 in his City, a Bonus card of 7, 3 gold. "
        "Bérénice: pink 16 and yellow 13, Bonus cards of 6 and 5, 1 gold. Who wins?"
    )
    outcome = route(question, "en")
    assert outcome is not None and outcome.verdict is not None
    assert outcome.verdict.verdict == {"winners": ["Bérénice"]}  # 42 each, Bérénice has the fewer gold
    said = [a.text("en") for a in outcome.plan.assumptions] if outcome.plan else []
    assert "no pink or yellow card in Ambroise's City (not said)" in said
    # Bérénice's City lists all four colours: the question lists them all, so Ambroise's pink is unsaid
    listed = question.replace("pink 16 and yellow 13", "blue 1, pink 16, yellow 13 and green 2")
    asked = route(listed, "en")
    assert asked is not None and asked.missing == "Ambroise.city.pink"


def test_a_capitalised_word_opening_a_sentence_with_nothing_of_its_own_is_no_player() -> None:
    question = (
        "Outlook for the yellow district at round end. The Capital's yellow reads an 8, another 8 and a 3. "
        "Fulbert's yellow district reads 17, Rosamund's 15. Who takes the yellow Bonus card?"
    )
    assert verdict(question)["winner"] == "Fulbert"
    # a name inside a sentence is a player however little is said of it: their district is asked for
    asked = route(question.replace("Rosamund's 15.", "Rosamund's 15, Quillon has some yellow too."), "en")
    assert asked is not None and asked.missing == "Quillon.city.yellow"


def test_warriors_named_by_their_faction_are_the_enemys() -> None:
    en = verdict(
        "I fought the Marquise in a mouse clearing with no Cemetery and none of my Necros; 2 Marquise warriors were "
        "removed. My mouse Cemetery is in play in another clearing. How many warriors do I place after that battle?"
    )
    assert en["warriors_placed"] == 1
    fr = "Combat dans une clairière lapin avec mon Cimetière lapin et 1 Nécro : 3 guerriers de l'Alliance sont retirés"
    assert read(fr + ", le Nécro survit. Combien de guerriers je place ?", "fr", "enemy_warriors_removed") == 3


def test_the_cemetery_that_gloomy_atmosphere_fills_is_of_the_suit_said() -> None:
    outcome = route(
        "Battle in a mouse clearing with no Cemetery and none of my Necros; 2 enemy warriors removed. My mouse "
        "Cemetery is in play elsewhere. How many warriors do I place?",
        "en",
    )
    assert outcome is not None and outcome.verdict is not None
    said = write(outcome, "en")
    assert "mouse Cemetery" in said and "fox Cemetery" not in said


def test_agent_tiles_said_one_by_one_each_count() -> None:
    found = verdict("max du jaune ? capitale jaune 8 + 3 + 2, et deux tuiles agent dessus, moins un et plus deux", "fr")
    assert found["maximum"] == 14


def test_where_a_necro_named_in_the_question_goes_when_a_pronoun_said_its_removal() -> None:
    found = verdict(
        "Your rabbit Necro stands in a mouse clearing. An enemy battle there removes it. Your rabbit Cemetery still "
        "stands, untouched, in a rabbit clearing far away. Where does my rabbit Necro go?"
    )
    assert found["returns_to"] == "cemetery"
    assert route("Where does a Necro go when it is removed?", "en") is None  # no position: a rules question


def test_a_cemetery_removed_with_its_necro_was_in_play() -> None:
    found = verdict("A single battle removed both her mouse Necro and her mouse Cemetery. Where does her Necro go?")
    assert found["returns_to"] == "faction_board"


def test_players_named_together_with_no_cards_of_a_colour_each_have_none() -> None:
    found = verdict(
        "Capital yellow 9 and 2. Percival has a single 3 in his yellow district; Winifred and Jasper have no yellow "
        "cards at all. Who takes the yellow Bonus card?"
    )
    assert found["winner"] == "Percival"


def test_in_a_message_in_capitals_a_capitalised_word_with_nothing_of_its_own_is_no_player() -> None:
    found = verdict(
        "ROUND END STOP CAPITAL BLUE 12 AND 1 STOP MY BLUE 10 AND 2 STOP ALARIC BLUE 7 AND 6 STOP WHO TAKES THE BLUE "
        "BONUS CARD STOP"
    )
    assert found["winner"] == "ALARIC"


def test_a_count_answered_alone_in_a_dialogue_counts_what_was_asked() -> None:
    found = verdict(
        "SOCRATES: Meno, how did Zebedee's Cabal fare? MENO: The Alliance attacked his clearing, where he had "
        "2 regular warriors and a Necro. SOCRATES: How many hits did the Cabal take? MENO: 3, Socrates. "
        "SOCRATES: Then how many of his regular warriors were removed?"
    )
    assert found["warriors_removed"] == 2
    dialogue = (
        "LE MAÎTRE : Combien de Cimetières a-t-elle en jeu ? L'ÉLÈVE : Deux. "
        "Et au Crépuscule, combien de points de Rituel au plus ?"
    )
    assert read(dialogue, "fr", "cemeteries") == 2


def test_a_new_position_of_the_same_frame_is_not_mixed_with_the_earlier_one() -> None:
    history = _after("Capital yellow 7+7, mine 8+5+2, bust?", "en")
    found = verdict("Another game: Capital green 9, my green 8. Bust?", history=history)
    assert found["colour"] == "green" and found["busted"] is False


def test_a_follow_up_that_gives_a_district_again_with_its_new_card_is_not_added_twice() -> None:
    earlier = read_facts("Capital blue 9, 7 and 3. Ambrose's blue is 9 and 4. Who takes the blue Bonus?", "en")
    now = read_facts("Ambrose also had a 1 in blue, so his blue is 9, 4 and 1.", "en", players=("Ambrose",))
    assert dict((f.path, f.value) for f in amend(earlier, now).facts)["Ambrose.city.blue"] == (9, 4, 1)


@pytest.mark.parametrize(
    ("first", "then", "lang", "field", "value"),
    [
        ("I have the blue=yellow architect tile. Home base: blue 7 and 4, yellow 5 and 5, pink 6, 2, 3. 3 gold. It's "
         "my turn. Does the tile pay out?", "hmm wait I misread it, the tile actually says blue=pink. Now?", "en",
         "met", True),
        ("Prophète : une tuile 2 face visible, je joue rose 3 et je tire un 1. Capitale : bleu 4 et 2, rose 1, jaune "
         "6, vert 3 et 5. Qu'est-ce qui est défaussé ?",
         "Ah non, il y avait aussi une deuxième tuile 2 face visible. Ça change quoi ?", "fr", "capital_left",
         ["blue:2", "pink:1", "yellow:6", "green:3"]),
        ("Wheel is on boot + card. I activate my fox Necro and turn it to card (thumb) + skull (index); no enemy "
         "warriors in its clearing. Markers up: fox and mouse. What happens?", "Wait, there's actually one Eyrie "
         "warrior in the fox Necro's clearing. Redo it.", "en", "performed", ["card", "skull"]),
    ],
)  # fmt: skip
def test_a_follow_up_that_states_nothing_alone_is_read_after_the_question_it_follows(
    first: str, then: str, lang: str, field: str, value: object
) -> None:
    alone = route(then, lang)
    assert alone is None or alone.verdict is None  # alone, it states no position
    assert verdict(then, lang, _after(first, lang))[field] == value  # its frame stays the first question's


def test_a_follow_up_read_after_its_question_restates_only_what_that_position_stated() -> None:
    history = _after(
        "Tuiles Agent révélées sur le rose : +1 et -2. La Capitale rose fait 13. Quel est le MAXIMUM ?", "fr"
    )
    outcome = route("Et s'il y avait une troisième tuile, à +3 ?", "fr", history)  # not "the MAXIMUM is 3"
    assert outcome is None or outcome.verdict is None or outcome.verdict.verdict["maximum"] != 12
