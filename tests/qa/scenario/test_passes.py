"""Passes over the typed tokens: a player spoken to by name is who "ton" and "your" mean."""

from __future__ import annotations

from corpus.text import fold
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


def test_in_a_chat_log_each_line_speaks_for_its_speaker_and_the_last_one_asks() -> None:
    chat = (
        "Bérénice: fin de manche, on vérifie le bleu\nOskar: la Capitale bleue, c'est 9, 4 et 3\n"
        "Bérénice: moi j'ai 9 et 8 en bleu\nOskar: et moi 6 seulement\nBérénice: je saute ?"
    )
    assert _facts(chat, "fr") == {"capital.blue": (9, 4, 3), "me.city.blue": (9, 8), "Oskar.city.blue": 6}


def test_rows_of_a_table_are_no_chat() -> None:
    rows = "Game over\nUlysse: City blue 13; 2 gold\nSélène: City blue 11; 1 gold\nMe: City blue 10; 4 gold\nWho wins?"
    said = _facts(rows, "en")
    assert (said["Ulysse.city.blue"], said["Sélène.city.blue"], said["me.city.blue"]) == (13, 11, 10)
    table = "Capitale : 5, 8, 2\nRémi : 9, 3, 4\nmoi : 6, 4\nRémi saute en vert ?"
    assert _facts(table, "fr")["me.city.green"] == (6, 4)


def test_a_quoted_key_that_holds_values_and_is_no_game_word_is_a_player() -> None:
    pasted = '{"capital": {"blue": [9, 4, 1]}, "me": {"blue": [8, 7]}, "ysolde": {"blue": [5, 5]}}\nDo I bust?'
    assert _facts(pasted, "en") == {"capital.blue": (9, 4, 1), "me.city.blue": (8, 7), "Ysolde.city.blue": (5, 5)}
    flat = '{"fin_de_manche": true, "capitale_bleu": [7, 6, 3], "moi_bleu": [9, 5], "thibaud_bleu": [4, 4]}'
    assert _facts(flat, "fr")["Thibaud.city.blue"] == (4, 4)
    named = [t for t in lex('{"attacker": "hollis", "clearing": {"warriors": 4}}', "en") if t.kind is Kind.NAME]
    assert named == []  # a key holding a word, and a game word, are nobody


def test_a_quizs_answers_and_its_question_number_are_no_values() -> None:
    quiz = "Question 2: the Merchant is in play. Capital blue 9 and 6. Rosalind's blue 9, 8 and 2; 5 gold. (a) 3 (b) 4"
    assert _facts(quiz, "en") == {
        "powers.yellow": _facts("Merchant in play", "en")["powers.yellow"],
        "capital.blue": (9, 6),
        "Rosalind.city.blue": (9, 8, 2),
        "Rosalind.gold": 5,
    }
    assert _facts("Capitale bleue 9 et 6, moi 14. Je saute ? A) oui B) non C) 2", "fr") == {
        "capital.blue": (9, 6),
        "me.city.blue": 14,
    }


def test_a_messages_heading_sign_off_and_signature_name_nobody() -> None:
    mail = (
        "Objet : Carte Bonus bleue\n\nBonjour,\n\nLa Capitale bleue contient 9, 6 et 2. J'ai 12 en bleu, Clothilde 14."
        "\nQui prend la carte Bonus bleue ?\n\nMerci,\nGaëtan"
    )
    assert read_facts(mail, "fr").players == ("Clothilde",)
    # a row of values that opens the question, and a name that opens it with its values below, are players
    assert read_facts("Léo : Cité 55, Bonus 10, 2 jetons Or. Moi : Cité 57. Qui gagne ?", "fr").players == ("Léo",)
    assert _facts("Léa\n12 en bleu, capitale 9", "fr") == {"Léa.city.blue": 12, "capital.blue": 9}


def test_money_time_and_stakes_are_no_values() -> None:
    text = "Il est 23 h 40, j'ai parié 5 euros et 20 pompes avec Léo (ou 3 €). Capitale bleue 9 et 6, mon bleu 9 et 7."
    numbers = [t.value for t in lex(text, "fr") if t.kind is Kind.NUMBER]
    assert numbers == [9, 6, 9, 7]
    facts = {f.path: f.value for f in read_facts("$4 on it: my green is 8 and 7, the Capital's 9 and 5.", "en").facts}
    assert facts == {"me.city.green": (8, 7), "capital.green": (9, 5)}


def test_a_dash_that_opens_a_line_is_a_bullet_not_a_sign() -> None:
    text = "Ingrédients :\n- le Marchand en jeu\n- Capitale rose : 9 et 5\n- mon rose : 8 et 7\n"
    text += "- 5 jetons Or\nJe saute ?"
    assert {f.path: f.value for f in read_facts(text, "fr").facts}["me.gold"] == 5
    tiles = {f.path: f.value for f in read_facts("Tuiles Agent sur le bleu :\n-2 et +3\nMAXIMUM bleu ?", "fr").facts}
    assert tiles["agent_tiles.blue"] == (-2, 3)


def test_a_reviews_rating_is_no_value() -> None:
    text = "Note : 3/5. Mon rose : un 6, un 4 et un 2 ; la Capitale un 5, un 4 et un 2. Deux étoiles. Je saute ?"
    facts = {f.path: f.value for f in read_facts(text, "fr").facts}
    assert facts == {"me.city.pink": (6, 4, 2), "capital.pink": (5, 4, 2)}
    # a slash between two cards with no rating said before them is a list of cards
    assert {f.path: f.value for f in read_facts("Capitale bleue : 9/5, mon bleu 8/7. Je saute ?", "fr").facts} == {
        "capital.blue": (9, 5),
        "me.city.blue": (8, 7),
    }


def test_one_is_a_number_after_a_or_closing_a_list_and_a_pronoun_elsewhere() -> None:
    def ones(question: str) -> list[object]:
        return [t.value for t in lex(question, "en") if fold(t.text) == "one" and t.kind is Kind.NUMBER]

    assert ones("Face-up tiles three and one. She draws a one.") == [1, 1]
    assert ones("The one I just played was green, and one card is left.") == [1]
    assert ones("Two Agent tiles: a +2 and one I can't read. City 40, one Bonus card worth 6.") == []
