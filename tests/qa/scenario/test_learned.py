"""The learned reading is put in the rule reader's terms: one fact a path, cards in order, the rule reader's colour
and player names kept."""

from __future__ import annotations

from dataclasses import replace

from engine.cl2.power import Power
from qa.scenario.intent import Intent
from qa.scenario.learned import SURE, LearnedReading, as_reading, path_of
from qa.scenario.reader import read_facts
from qa.scenario.slots import Slot, numbers_in

M = (5.0, 5.0, 5.0)


def _learned(text: str, lang: str, *labels: tuple[str, str, str]) -> LearnedReading:
    """Slots with the given (role, owner, colour), one a number of ``text`` in order."""
    spans = numbers_in(text, lang)
    assert len(spans) == len(labels)
    slots = tuple(Slot(s, e, v, *lab, M) for (s, e, v), lab in zip(spans, labels, strict=True))
    return LearnedReading(Intent("district", 0.9), slots)


def _facts(text: str, lang: str, *labels: tuple[str, str, str]) -> dict[str, object] | None:
    rules = read_facts(text, lang)
    learned = as_reading(rules, _learned(text, lang, *labels))
    return None if learned is None else {f.path: f.value for f in learned.facts}


def test_cards_gather_in_order_and_a_sum_after_them_is_not_a_card() -> None:
    text = "capitale bleue 9 et 6, moi 8 et 9 donc 17 en bleu, 2 or, Marchand en jeu"
    cap, mine = ("capital", "none", "blue"), ("city", "me", "blue")
    facts = _facts(text, "fr", cap, cap, mine, mine, mine, ("gold", "me", "none"))
    assert facts is not None
    assert facts["capital.blue"] == (9, 6) and facts["me.city.blue"] == (8, 9) and facts["me.gold"] == 2
    assert facts["powers.yellow"] is Power.MERCHANT  # no number: the rule reader's


def test_the_rule_readers_colour_and_player_names_are_kept() -> None:
    text = "Léo a 12 en rose et la Capitale 11 en rose"
    rules = read_facts(text, "fr")
    (twelve, eleven) = _learned(text, "fr", ("city", "other", "none"), ("capital", "none", "blue")).slots
    assert path_of(rules, twelve) == "Léo.city.pink"  # colour and name from the rule reader's fact around it
    assert path_of(rules, eleven) == "capital.pink"


def test_a_number_that_cannot_be_placed_gives_no_reading() -> None:
    assert _facts("j'ai 12", "fr", ("city", "me", "none")) is None  # a district with no colour at all
    assert (
        _facts("3 guerriers et 4 guerriers", "fr", ("warriors", "none", "none"), ("warriors", "none", "none")) is None
    )


def test_a_fact_said_in_words_stays_the_rule_readers() -> None:
    facts = _facts(
        "capitale verte 12, moi 14 en vert et pas d'or", "fr", ("capital", "none", "green"), ("city", "me", "green")
    )
    assert facts == {"capital.green": 12, "me.city.green": 14, "me.gold": 0}


def test_the_slot_heads_colour_must_be_one_the_question_says() -> None:
    from qa.scenario.learned import path_of
    from qa.scenario.reader import read_facts
    from qa.scenario.slots import Slot

    said = read_facts("cap bleu 9 6 / moi 17", "fr")
    unsaid = read_facts("001 | 1m011", "fr")
    mine = Slot(0, 1, 17, "city", "me", "blue", (5.0, 5.0, 5.0))
    assert path_of(said, mine) == "me.city.blue"
    assert path_of(unsaid, mine) is None  # no colour named: the head does not bring one


def test_a_part_two_card_keeps_the_rule_readers_deck_and_kind_and_the_heads_role() -> None:
    text = "Recruteur en bleu : je joue bleu 5 et la carte Recruteur face visible est un vert 2"
    facts = _facts(text, "fr", ("plays", "me", "blue"), ("drawn", "none", "green"))
    assert facts is not None
    assert facts["me.plays"] == "blue:5" and facts["recruiter_top"] == ("recruiter/green:2",)


def test_a_number_the_head_reads_as_no_fact_is_left_out_of_its_reading() -> None:
    text = "Léo dit qu'on pioche 3 cartes. Savant en vert, je joue vert 7, le dessus de la pioche est un jaune 1"
    facts = _facts(text, "fr", ("none", "none", "none"), ("plays", "me", "green"), ("drawn", "none", "yellow"))
    assert facts is not None and facts["me.plays"] == "green:7" and all("3" not in str(v) for v in facts.values())


def test_one_card_played_cannot_be_two() -> None:
    text = "je joue bleu 5 puis bleu 6"
    assert _facts(text, "fr", ("plays", "me", "blue"), ("plays", "me", "blue")) is None


def test_a_number_the_head_is_unsure_of_keeps_the_rule_readers_reading() -> None:
    text = "capitale bleue 9 et 6, moi 17 en bleu"
    rules = read_facts(text, "fr")
    spans = numbers_in(text, "fr")
    unsure = (SURE / 2, 5.0, 5.0)
    labels = [("capital", "none", "blue", M), ("city", "me", "blue", unsure), ("city", "me", "blue", M)]
    slots = tuple(Slot(s, e, v, r, o, c, m) for (s, e, v), (r, o, c, m) in zip(spans, labels, strict=True))
    learned = as_reading(rules, LearnedReading(Intent("district", 0.9), slots))
    assert learned is not None
    # the 6 the head unsurely reads as mine stays the Capital's, as the rule reader read it
    assert {f.path: f.value for f in learned.facts} == {"capital.blue": (9, 6), "me.city.blue": 17}
    sure = tuple(replace(s, margin=M) for s in slots)
    learned = as_reading(rules, LearnedReading(Intent("district", 0.9), sure))
    assert learned is not None and {f.path: f.value for f in learned.facts} == {
        "capital.blue": 9,
        "me.city.blue": (6, 17),
    }


def test_with_no_rule_reading_to_defer_to_an_unsure_number_is_the_heads() -> None:
    text = "j'ai 7 guerriers"
    (s, e, v), unsure = numbers_in(text, "fr")[0], (SURE / 2, 5.0, 5.0)
    learned = LearnedReading(Intent("remove_cemetery", 0.9), (Slot(s, e, v, "warriors", "none", "none", unsure),))
    rules = replace(read_facts(text, "fr"), facts=())
    kept = as_reading(rules, learned, defer=False)
    assert kept is not None and [(f.path, f.value) for f in kept.facts] == [("warriors", 7)]
    deferred = as_reading(rules, learned)
    assert deferred is not None and deferred.facts == ()
