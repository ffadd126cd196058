"""The Mentalist's tiles read from a question: the Swap's cards and tile, the Secret Card's district."""

from __future__ import annotations

from qa.scenario.mentalist import lex, with_mentalist
from qa.scenario.reader import read_facts


def said(question: str, lang: str) -> dict[str, object]:
    return {f.path: f.value for f in read_facts(question, lang).facts}


def test_a_swap_gives_the_city_card_then_the_capital_card() -> None:
    facts = said("Tuile Échange bleu/rose. J'échange mon rose 2 contre le rose 6 de la Capitale.", "fr")
    assert facts["mentalist.swap"] == "blue/pink"
    assert (facts["choice.district"], facts["choice.give"], facts["choice.take"]) == ("pink", "pink:2", "pink:6")


def test_a_card_swapped_without_its_colour_takes_its_districts() -> None:
    facts = said("Mentalist. My green: 8 and 3. Capital green: 1 and 7. I swap my 8 for their 1.", "en")
    assert (facts["choice.give"], facts["choice.take"]) == ("green:8", "green:1")
    assert facts["me.city.green"] == (8, 3)  # the cards swapped are not read as more City cards


def test_a_card_only_given_leaves_the_card_taken_unsaid() -> None:
    facts = said("Tuile Échange bleu/rose. Capitale rose : 2, 5 et 8. Mon rose : 4 et 6. Je donne mon 4.", "fr")
    assert facts["choice.give"] == "pink:4" and "choice.take" not in facts


def test_the_secret_card_plays_into_the_capital_district_named() -> None:
    question = "Le vert : Savant. Tuile Carte secrète : je joue mon jaune 5 dans le district vert de la Capitale."
    facts = said(question, "fr")
    assert (facts["me.plays"], facts["me.plays_into"]) == ("yellow:5", "green")
    plain = with_mentalist(lex("je joue mon jaune 5 dans le district vert", "fr"), [])
    assert plain == []  # no tile, no swap: nothing of the Mentalist's


def test_les_deux_is_both_not_a_card() -> None:
    assert "capital.green" not in said("Ça donne quoi des deux côtés ?", "fr")


def test_trading_without_the_mentalist_is_no_swap() -> None:
    facts = said("In late trading, Oriane's yellow closed at 16, and the Capital's yellow also closed at 16.", "en")
    assert "choice.give" not in facts and facts["capital.yellow"] == 16
