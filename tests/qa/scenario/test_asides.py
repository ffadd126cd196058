"""A hashtag, a handle, the game's own name and the marks of a layout (a numbered list's numbers, footnote marks) state
no fact: no number of them is read, no word of them is a name."""

from __future__ import annotations

from corpus import load_corpus
from qa.scenario.asides import aside_spans
from qa.scenario.reader import read_facts
from qa.scenario.slots import numbers_in


def _said(text: str) -> list[str]:
    return [text[a:b] for a, b in aside_spans(text)]


def test_hashtags_handles_and_the_games_names_are_aside() -> None:
    assert _said("Fin de manche #CapitalLux2 #JeuDeSociété, dit @anatole_joue") == [
        "#CapitalLux2",
        "CapitalLux2",
        "#JeuDeSociété",
        "@anatole_joue",
    ]
    assert _said("Soirée Capital Lux 2 chez Baptiste") == ["Capital Lux 2"]
    assert _said("on joue à CL2 ce soir") == ["CL2"]
    # a Capital's district, a sign, a mail address, a number after a hash: facts or nothing, never aside
    assert _said("Capitale jaune 8 + 3, a@b.fr, moi #2 et @ 14") == []


def test_the_games_names_come_from_the_registry() -> None:
    root = load_corpus().games["root"]
    assert "law of root" in root.aliases and _said("une partie de Law of Root") == ["Law of Root"]


def test_neither_reader_takes_a_number_or_a_name_from_them() -> None:
    text = "Soirée Capital Lux 2 : Capitale jaune 8 + 3, mon jaune 7 + 5. Je saute ? #CapitalLux2 @tobias_3"
    assert [v for _, _, v in numbers_in(text, "fr")] == [8, 3, 7, 5]
    facts = {f.path: f.value for f in read_facts(text, "fr").facts}
    assert facts == {"capital.yellow": (8, 3), "me.city.yellow": (7, 5)}


def test_a_numbered_lists_numbers_and_footnote_marks_are_aside() -> None:
    steps = "Étapes :\n1. Marchand en jeu.\n2. Capitale rose : 8, 2 et 6.\n3) Mon rose : 9 et 5."
    assert _said(steps) == ["1", "2", "3"]
    assert _said("Landry 61². Note[3] ici\n[1] Agent sur le bleu.\n¹ Troisième manche") == ["²", "[3]", "[1]", "¹"]
    # a line that opens with a value, a list that does not count from 1, brackets that hold a card: not marks
    assert _said("9. et 8 en bleu\n4. et 2 en rose") == []
    assert _said("Mon bleu : [9, 8] et [5]") == []


def test_neither_reader_takes_a_value_from_a_layouts_marks() -> None:
    text = "Titre : Marchand\n1. Le Marchand est en jeu.\n2. Capitale rose : 8, 2 et 6.¹\n3. Mon rose : 9, 5 et 4.\n"
    text += "4. J'ai 3 jetons Or.\nCombien d'or dois-je dépenser ?\n¹ Selon la feuille."
    assert [v for _, _, v in numbers_in(text, "fr")] == [8, 2, 6, 9, 5, 4, 3]
    facts = {f.path: f.value for f in read_facts(text, "fr").facts}
    assert facts["capital.pink"] == (8, 2, 6) and facts["me.city.pink"] == (9, 5, 4) and facts["me.gold"] == 3


def test_a_code_naming_a_seat_is_aside_and_a_card_is_not() -> None:
    assert _said("our passenger Lancelot in seat 14C, Clothilde au siège 3A") == ["14C", "3A"]
    assert _said("B9 B8 en bleu, 12 ans, +2A") == []  # a card names its colour first; a signed value is a value
    text = "La Capitale rose a 8 et 5. Clothilde, au siège 3A, a un district rose de 7, 5 et 3. Je saute ?"
    assert [value for _, _, value in numbers_in(text, "fr")] == [8, 5, 7, 5, 3]
    assert {f.path: f.value for f in read_facts(text, "fr").facts}["capital.pink"] == (8, 5)
    assert not any(f.start <= text.index("3A") < f.end for f in read_facts(text, "fr").facts)


def test_the_time_stamping_a_chat_line_is_aside() -> None:
    log = "[21:04] me: the only Agent tile out is a +2 on the BLUE power card\n[21:05] me: green Capital is 2, 4, 4"
    assert _said(log) == ["[21:04]", "[21:05]"]
    assert _said("19h40 Tom: I play blue 3\n21:04 Ana: ok") == ["19h40", "21:04"]
    assert _said("my blue is 12:3 against yours") == []  # not opening a line: no time stamp
    facts = {f.path: f.value for f in read_facts(log + " and my green is 6 and 5, I've got no gold", "en").facts}
    assert facts["agent_tiles.blue"] == (2,) and facts["me.gold"] == 0 and facts["capital.green"] == (2, 4, 4)
