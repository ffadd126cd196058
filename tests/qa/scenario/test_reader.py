"""Reading the facts of a player's sentence: numbers in any form, subjects, colours, spans."""

from __future__ import annotations

import pytest

from engine.cl2.power import Power
from qa.scenario.lexicon import Kind, lex
from qa.scenario.numbers import number
from qa.scenario.reader import Reading, read_facts


def facts(question: str, lang: str) -> dict[str, object]:
    return {f.path: f.value for f in read_facts(question, lang).facts}


@pytest.mark.parametrize(
    ("word", "value"),
    [("quinze", 15), ("twelve", 12), ("vingt-deux", 22), ("twenty-one", 21), ("dix-sept", 17), ("7", 7)],
)
def test_numbers_in_digits_and_words(word: str, value: int) -> None:
    assert number(word) == value


def test_signs_and_articles() -> None:
    tokens = lex("moins deux, -3 et +1, au moins 2 or, un Nécro", "fr")
    numbers = [t.value for t in tokens if t.kind is Kind.NUMBER]
    assert numbers == [-2, -3, 1, 2]


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        (
            "fin de manche, la capitale verte c'est 2, 8 et 5, moi j'ai 7 et 9 en vert, je saute ?",
            "fr",
            {"capital.green": (2, 8, 5), "me.city.green": (7, 9)},
        ),
        (
            "Merchant's in play: pink MAXIMUM is 10, my pink is 13 and I've got 1 gold. Do I lose them?",
            "en",
            {"powers.yellow": Power.MERCHANT, "maximum.pink": 10, "me.city.pink": 13, "me.gold": 1},
        ),
        (
            "Capitale jaune 4, 4 et 7. Léo 12 en jaune, moi 12, Sam 3 : qui a le bonus ?",
            "fr",
            {"capital.yellow": (4, 4, 7), "Léo.city.yellow": 12, "me.city.yellow": 12, "Sam.city.yellow": 3},
        ),
        (
            "bleu : capitale 14, moi 16, deux or (Marchand), ça passe ?",
            "fr",
            {"capital.blue": 14, "me.city.blue": 16, "me.gold": 2, "powers.yellow": Power.MERCHANT},
        ),
        (
            "Round end, yellow Capital is 3+7+2 and I've got a 5 and a 6 in yellow",
            "en",
            {
                "capital.yellow": (3, 7, 2),
                "me.city.yellow": (5, 6),
            },
        ),
        ("capitol pink has 5/9, my pink is 6 4 and 5", "en", {"capital.pink": (5, 9), "me.city.pink": (6, 4, 5)}),
        (
            "Two Cemeteries on the map and 5 warriors in one of their clearings: what's the Ritual worth?",
            "en",
            {"cemeteries": 2, "warriors": 5},
        ),
        ("un seul cimetière, 5 guerriers dessus", "fr", {"cemeteries": 1, "warriors": 5}),
        ("Je subis 3 touches, j'ai 4 guerriers et 1 Nécro", "fr", {"hits": 3, "warriors": 4, "necros": 1}),
    ],
)
def test_facts_are_read_whatever_the_order_and_the_form(question: str, lang: str, expected: dict[str, object]) -> None:
    assert facts(question, lang) == expected


def test_each_fact_keeps_its_span() -> None:
    question = "capitale verte 2, 8 et 5, moi 7 et 9 en vert"
    spans = {f.path: question[f.start : f.end] for f in read_facts(question, "fr").facts}
    assert spans == {"capital.green": "2, 8 et 5", "me.city.green": "7 et 9"}


def test_a_stated_total_that_does_not_add_up_is_a_contradiction() -> None:
    (wrong,) = read_facts("j'ai 7 et 9, donc 15 en vert", "fr").contradictions
    assert (wrong.quote, wrong.why_en) == ("7 et 9, donc 15", "7 + 9 = 16, not 15")
    assert not read_facts("j'ai 7 et 9, donc 16 en vert", "fr").contradictions


def test_a_total_said_with_that_s_is_checked_like_donc() -> None:
    (wrong,) = read_facts("Gaspard's pink is 9 and 4, that's 14, and the Capital pink is 13.", "en").contradictions
    assert (wrong.quote, wrong.why_en) == ("9 and 4, that's 14", "9 + 4 = 13, not 14")
    right = read_facts("Gaspard's pink is 9 and 4, that's 13, and the Capital pink is 13.", "en")
    assert not right.contradictions and facts_of(right)["Gaspard.city.pink"] == (9, 4)


def test_cards_in_brackets_after_a_total_are_that_district() -> None:
    assert facts("bleu : capitale 13, moi 16 (9 et 7), je saute ?", "fr")["me.city.blue"] == (9, 7)
    (wrong,) = read_facts("bleu : capitale 13, moi 16 (9 et 8), je saute ?", "fr").contradictions
    assert wrong.why_fr == "9 + 8 = 17, pas 16"


def test_the_sentence_that_asks_names_who_it_is_about() -> None:
    reading = read_facts("Yanis has 15 in green; I've got 14 in green. Does Yanis bust?", "en")
    assert reading.subjects == ("Yanis",)
    assert read_facts("Yanis has 15 in green. Do I bust?", "en").subjects == ("me",)


def test_a_revealed_agent_is_an_agent_tile() -> None:
    said = facts("capitale jaune 10 et 2, deux agents reveles dessus : moins un et moins un. moi dix", "fr")
    assert said["capital.yellow"] == (10, 2) and said["agent_tiles.yellow"] == (-1, -1)
    unknown = facts("y'a un agent revele sur le vert mais jme souviens plus de sa valeur. capitale verte 13", "fr")
    assert unknown["agent_tiles.green"] is None  # asked for, not assumed


def test_a_half_is_kept_as_said_for_the_schema_to_refuse() -> None:
    (gold,) = [f for f in read_facts("marchand, jai deux ors et demi.", "fr").facts if f.path == "me.gold"]
    assert gold.value == 2.5 and "marchand, jai deux ors et demi."[gold.start : gold.end] == "deux ors et demi"
    assert facts("I have two and a half gold", "en")["me.gold"] == 2.5


@pytest.mark.parametrize(
    "question",
    ["My green is empty, Capital green 5.", "I have nothing in green, Capital green 5.", "mon vert est vide"],
)
def test_an_empty_district_said_in_words(question: str) -> None:
    assert facts(question, "fr" if "vert" in question else "en")["me.city.green"] == ()


def test_of_them_counts_the_pieces_just_named() -> None:
    said = facts("all my warriors are in one Cemetery clearing: 11 of them plus the Necro", "en")
    assert said["warriors"] == 11


def test_more_of_the_same_adds_up_and_a_total_said_for_both_is_checked() -> None:
    assert facts("my Cemetery clearing has 3 warriors plus 3 more", "en")["warriors"] == 6
    (wrong,) = read_facts("my clearing has 3 warriors plus 3 more, so 5 in all. Ritual?", "en").contradictions
    assert (wrong.quote, wrong.why_en) == ("3 warriors plus 3 more, so 5 in all", "3 + 3 = 6, not 5")
    (wrong,) = read_facts("3 of my warriors plus 3 more, so 5 in all. Ritual?", "en").contradictions
    assert (wrong.quote, wrong.why_en) == ("3 of my warriors plus 3 more, so 5 in all", "3 + 3 = 6, not 5")


def test_a_number_taken_back_or_counting_players_is_no_value() -> None:
    assert facts("Correction: Anouk's yellow is 5, not 7.", "en") == {"Anouk.city.yellow": 5}
    assert facts("Anouk : 5 en jaune au lieu de 7", "fr") == {"Anouk.city.yellow": 5}
    assert facts("End of game, three of us. Me: City blue 8", "en") == {"me.city.blue": 8, "players": 3}
    assert facts("fin de partie a deux. Mathis : bleu 10", "fr") == {"Mathis.city.blue": 10, "players": 2}
    assert facts("Léo a deux en bleu", "fr") == {"Léo.city.blue": 2}  # "a" is "has" here


@pytest.mark.parametrize(
    "question",
    [
        "Manche 2. Capitale rose 10, moi 12 en rose",
        "Round 2, Capital pink 10, my pink 12",
        "3 manches. Capitale rose 10, moi 12 en rose",
    ],
)
def test_a_round_is_no_value_and_numbers_wait_for_a_colour_within_their_sentence(question: str) -> None:
    assert facts(question, "fr") == {"capital.pink": 10, "me.city.pink": 12}


def test_a_card_named_again_by_its_value_is_no_new_fact() -> None:
    said = facts("la capitale verte a un 7 et un 5, moi 6 en vert. on defausse le 7 ?", "fr")
    assert said == {"capital.green": (7, 5), "me.city.green": 6}


def test_a_player_asked_about_or_named_after_a_pronoun_is_a_player() -> None:
    said = facts("How much gold does Sacha have to spend? Her green district totals 21, she has 3 gold.", "en")
    assert said == {"Sacha.city.green": 21, "Sacha.gold": 3}
    said = facts("elle garde ses jaunes Margot ? elle a 7, 3 et 2. la capitale jaune fait 12 pile", "fr")
    assert said == {"Margot.city.yellow": (7, 3, 2), "capital.yellow": 12}


def test_one_enemy_warrior_is_a_count() -> None:
    assert facts("One enemy warrior is removed.", "en") == {"enemy_warriors_removed": 1}


def test_warriors_of_a_player_who_is_not_the_cabals_are_the_enemys() -> None:
    assert facts("Combat : 2 guerriers de Baptiste retirés, ma Cabale a 1 Cimetière.", "fr") == {
        "enemy_warriors_removed": 2,
        "cemeteries": 1,
    }
    assert facts("Jonah attacks; 1 of Jonah's warriors is removed.", "en") == {"enemy_warriors_removed": 1}
    # the player the Cabal is given to: their own warriors
    assert facts("La Cabale de Léa : 3 guerriers de Léa dans la clairière.", "fr") == {"warriors": 3}
    assert facts("Cordelia's Cabal: 4 of Cordelia's warriors are there.", "en") == {"warriors": 4}


def test_my_cemetery_removed_even_with_un() -> None:
    assert facts("on m'enleve un cimetiere, je perds combien de guerriers ?", "fr") == {"cemetery_removed": True}
    assert facts("quand un cimetiere est retire, je perds combien de guerriers ?", "fr") == {}


@pytest.mark.parametrize(
    ("question", "lang", "path"),
    [
        ("bonus jaune : capitale jaune 9 et 3, Sacha a 11 en jaune, moi j'en ai aussi.", "fr", "me.city.yellow"),
        ("Blue bonus: Jeanne has 7, and I've got blue cards but I forgot their sum.", "en", "me.city.blue"),
    ],
)
def test_cards_said_without_their_value_are_asked_for(question: str, lang: str, path: str) -> None:
    said = facts(question, lang)
    assert path in said and said[path] is None


def test_a_value_said_once_for_two_players() -> None:
    said = facts("Who wins? I finished on 59 and so did Capucine. I've got 2 gold.", "en")
    assert said["Capucine.total"] == 59 and said["me.total"] == 59
    assert facts("moi 12 en rose, Léo aussi", "fr")["Léo.city.pink"] == 12


def test_one_value_said_for_each_of_the_tiles_counted() -> None:
    said = facts("Capital blue 4 and 9, two Agent tiles revealed on blue both show +1", "en")
    assert said["agent_tiles.blue"] == (1, 1)
    assert facts("Capital blue 4 and 9, two Agent tiles on blue, one shows +1", "en")["agent_tiles.blue"] is None


def test_the_middle_of_the_table_is_the_capital() -> None:
    assert facts("au centre en vert y a un neuf, un quatre et un trois", "fr")["capital.green"] == (9, 4, 3)


def test_another_players_bonus_cards_said_without_values_are_asked_for() -> None:
    said = facts("Mathis : bleu 10, 1 or, plus ses cartes bonus mais il les a rangees", "fr")
    assert "Mathis.bonus" in said and said["Mathis.bonus"] is None
    assert facts("Mathis : bleu 10, ses cartes bonus 5 et 3", "fr")["Mathis.bonus"] == (5, 3)


def facts_of(reading: Reading) -> dict[str, object]:
    return {f.path: f.value for f in reading.facts}


def test_card_kinds_and_pronouns() -> None:
    (fact,) = read_facts("j'ai une carte Rebelle de 8 en jaune", "fr").facts
    assert (fact.path, fact.value, fact.kinds) == ("me.city.yellow", (8,), ("rebel",))
    said = facts("Bonus rose : Léo et moi, lui 8 en rose et moi 11", "fr")
    assert said["Léo.city.pink"] == 8 and said["me.city.pink"] == 11


def test_a_number_in_passing_states_nothing() -> None:
    assert facts("how many gold does a tie give?", "en") == {}
    assert read_facts("Combien rapporte un jeton Or ?", "fr").facts == ()


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("on finit à égalité avec Chloé, 58 chacune", {"me.total": 58, "Chloé.total": 58}),
        ("Léo et moi on finit tous les deux à soixante et un", {"Léo.total": 61, "me.total": 61}),
        ("on a toutes les deux 2 jetons or, avec Chloé", {"me.gold": 2}),
        ("Chloé et moi, on a toutes les deux 2 jetons or", {"Chloé.gold": 2, "me.gold": 2}),
        (
            "Sam et Chloé ont 10 chacun en jaune, Sam a 3 or",
            {"Sam.city.yellow": 10, "Chloé.city.yellow": 10, "Sam.gold": 3},
        ),
        (
            "combien d'or pour sauver ? on a le Marchand et j'en ai cinq",
            {"powers.yellow": Power.MERCHANT, "me.gold": 5},
        ),
        ("deux tuiles Agent sur le jaune, on les révèle : +1 et -3", {"agent_tiles.yellow": (1, -3)}),
    ],
)
def test_groups_and_what_en_counts(question: str, expected: dict[str, object]) -> None:
    assert facts(question, "fr") == expected


def test_noah_and_i_are_tied_at_65() -> None:
    assert facts("Noah and I are tied at 65, and I have 1 gold", "en") == {
        "Noah.total": 65,
        "me.total": 65,
        "me.gold": 1,
    }
    assert facts("revealed on yellow: minus two", "en") == {}


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        ("pas une seule carte verte dans la capitale, moi 4 en vert", "fr", {"capital.green": (), "me.city.green": 4}),
        ("the Capital's blue is 8 and I have no blue cards", "en", {"capital.blue": 8, "me.city.blue": ()}),
        ("capitale rose 9, Zoé a du rose aussi", "fr", {"capital.pink": 9, "Zoé.city.pink": None}),
        ("my City is 40 and I have some gold", "en", {"me.city": 40, "me.gold": None}),
        ("my City is 40, I have some gold, 3 gold actually", "en", {"me.city": 40, "me.gold": 3}),
        ("jai 12 en bleu", "fr", {"me.city.blue": 12}),
        ("Lou, Sam et moi on a tous les trois 6 en vert", "fr", {"Lou.city.green": 6, "Sam.city.green": 6}),
        ("Bonus : 3 et 4 / or : trois", "fr", {"me.bonus": (3, 4), "me.gold": 3}),
        ("one bonus card worth 7", "en", {"me.bonus": (7,)}),
    ],
)
def test_amounts_said_without_their_number(question: str, lang: str, expected: dict[str, object]) -> None:
    found = facts(question, lang)
    assert {k: found.get(k) for k in expected} == expected


def test_a_total_said_with_ce_qui_fait_is_checked() -> None:
    reading = read_facts("la capitale bleue c'est 4 plus 5, ce qui fait 10", "fr")
    assert [c.why_fr for c in reading.contradictions] == ["4 + 5 = 9, pas 10"]


@pytest.mark.parametrize("question", ["J'ai combien au final ? ma cité fait 30", "cité 30, bonus 4. Mon total ?"])
def test_asking_for_a_total_asks_for_the_score(question: str) -> None:
    assert "score" in read_facts(question, "fr").cues


def test_a_district_read_twice_with_two_values_is_quoted_not_guessed() -> None:
    # a correction said in passing is no contradiction: the second value stands
    corrected = read_facts("Capital blue 10, my blue 12. Wait, my blue is 9.", "en")
    assert not corrected.contradictions and corrected.get("me.city.blue").value == 9  # type: ignore[union-attr]
    reading = read_facts("Capital blue 10, my blue 12. And my blue is 9.", "en")
    assert [(c.quote, c.why_en) for c in reading.contradictions] == [("12. And my blue is 9", "12 or 9: which?")]


@pytest.mark.parametrize(
    "question",
    [
        "mon bleu c'est 9 et 8, donc 17 en bleu",  # the same amount said twice
        "3 guerriers dans la clairière du Cimetière, 5 dans une autre",  # warriors in two clearings
    ],
)
def test_the_same_amount_or_two_places_are_not_contradictions(question: str) -> None:
    assert read_facts(question, "fr").contradictions == ()


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        ("Kim and I both end on 70. I have 2 gold, Kim has 4.", "en", {"Kim.total": 70, "Kim.gold": 4}),
        ("Lou et moi on finit à 48 points", "fr", {"Lou.total": 48, "me.total": 48}),
        ("Lou et moi on est à 48", "fr", {"Lou.total": 48, "me.total": 48}),
        ("Green Bonus: Capital green 9. Eli has 4 in green, Tim and I have none.", "en", {"Tim.city.green": ()}),
        ("Bonus bleu : capitale 9, moi pas de bleu, Léa non plus", "fr", {"me.city.blue": (), "Léa.city.blue": ()}),
    ],
)
def test_values_shared_gapped_or_none(question: str, lang: str, expected: dict[str, object]) -> None:
    found = facts(question, lang)
    assert {k: found.get(k) for k in expected} == expected


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        ("Un seul guerrier adverse retiré, je place combien ?", "fr", {"enemy_warriors_removed": 1}),
        ("2 seul guerriers adverses retirés", "fr", {"enemy_warriors_removed": 2}),
        ("Noor's city: blue 4. She has some bonus cards", "en", {"Noor.city.blue": 4, "Noor.bonus": None}),
        ("ma cité : bleu 4, jaune rien, aucune carte bonus", "fr", {"me.city.yellow": (), "me.bonus": ()}),
        ("il y a deux tuiles Agent sur le rose, capitale rose 9", "fr", {"agent_tiles.pink": None}),
        ("a +2 Agent tile on pink, Capital pink 9", "en", {"agent_tiles.pink": (2,)}),
    ],
)
def test_pieces_cards_and_tiles_said_in_words(question: str, lang: str, expected: dict[str, object]) -> None:
    found = facts(question, lang)
    assert {k: found.get(k, "absent") for k in expected} == expected


@pytest.mark.parametrize(
    ("word", "kind"),
    [("scroe", Kind.CUE), ("pinkk", Kind.COLOUR), ("capitla", Kind.CAPITAL), ("bellow", Kind.WORD)],
)
def test_typos_one_letter_off_or_swapped_but_not_another_word(word: str, kind: Kind) -> None:
    assert lex(f"it is {word} here", "en")[2].kind is kind


def test_de_plus_is_a_difference_only_before_what_it_is_compared_with() -> None:
    assert facts("j'ai 2 de plus que la capitale en bleu", "fr") == {}
    assert facts("et si la capitale violette avait un 2 de plus ?", "fr") == {"capital.purple": 2}


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        ("Tom's green district is a single 2", "en", {"Tom.city.green": 2}),
        ("Tom : cité 42, un seul or", "fr", {"Tom.city": 42, "Tom.gold": 1}),
        ("ah non j'ai qu'un or en fait", "fr", {"me.gold": 1}),
        ("Sorry, Rayan has 59 too.", "en", {"Rayan.total": 59}),
        ("There were 7 Cabal warriors with its Necro", "en", {"warriors": 7}),
        ("Capital blue 10, my blue 12. Then my pink is 9.", "en", {"capital.blue": 10, "me.city.blue": 12}),
    ],
)
def test_single_only_one_interjections_and_own_warriors(question: str, lang: str, expected: dict[str, object]) -> None:
    read = facts(question, lang)
    assert {path: read.get(path) for path in expected} == expected


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        ("Capitale 12, moi 11, et l'agent révélé sur le vert c'est moins deux.", "fr", {"agent_tiles.green": (-2,)}),
        ("sur la carte pouvoir verte on a revele un -1. capitale verte : 3, 9", "fr", {"agent_tiles.green": (-1,)}),
        ("matteo's blue: 6+6+4. he bust?", "en", {"Matteo.city.blue": (6, 6, 4)}),
        ("Lina and Matteo end on 55 points with 2 gold each; Wassim has 49.", "en", {"Wassim.total": 49}),
        ("I've got 3 gold, Sam has 1", "en", {"me.gold": 3, "Sam.gold": 1}),
    ],
)
def test_tiles_revealed_later_possessors_and_what_a_bare_number_parallels(
    question: str, lang: str, expected: dict[str, object]
) -> None:
    read = facts(question, lang)
    assert {path: read.get(path) for path in expected} == expected


def test_what_gold_is_said_to_be_worth_is_checked() -> None:
    wrong = read_facts("City of 40 and 3 gold, so 5 points from gold. What's my total?", "en")
    assert [(c.quote, c.why_en) for c in wrong.contradictions] == [("3 gold, so 5 points", "3 × 2 = 6, not 5")]
    assert not read_facts("City of 40 and 3 gold, so 6 points from gold. Total?", "en").contradictions


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        ("tjs 2 ors ds ma cite", "fr", {"me.gold": 2}),
        ("i didnt remove any enemy warriors", "en", {"enemy_warriors_removed": 0}),
    ],
)
def test_shorthand_is_spelled_out(question: str, lang: str, expected: dict[str, object]) -> None:
    read = facts(question, lang)
    assert {path: read.get(path) for path in expected} == expected
    assert [t.text for t in lex("et si jrajoute mon 3", "fr")][1:3] == ["je", "rajoute"]


def test_districts_said_by_colour_in_a_question_that_names_nobody_are_the_askers() -> None:
    assert facts("score final ? bleu 9+6, rose 12 / or : zero", "fr") == {
        "me.city.blue": (9, 6),
        "me.city.pink": 12,
        "me.gold": 0,
    }
    assert facts("Léo: bleu 9, rose 12", "fr") == {"Léo.city.blue": 9, "Léo.city.pink": 12}


def test_a_short_word_one_letter_off_another_is_not_a_typo_of_it() -> None:
    assert [t.kind for t in lex("Faut-il vider la Capitale ?", "fr")][1] is not Kind.CUE
    assert lex("Killian a 5 en vert", "fr")[0].kind is Kind.NAME


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("j'ai construit un 2e cimetière, 6 guerriers dessus", {"cemeteries": 2, "warriors": 6}),
        ("a 3rd Cemetery in play", {"cemeteries": 3}),
        ("combat en clairière renard, j'en ai tué deux", {"enemy_warriors_removed": 2}),
        ("le max en rose c combien ? y a une tuile agent -1 dessus", {"agent_tiles.pink": (-1,)}),
    ],
)
def test_ordinals_killed_counts_and_a_tile_on_it(question: str, expected: dict[str, object]) -> None:
    found = facts(question, "en" if question.startswith("a ") else "fr")
    assert {k: found.get(k, "absent") for k in expected} == expected


def test_a_bare_number_with_with_parallels_another_players_gold() -> None:
    assert facts("Soraya ended on fifty-three with four gold, Dmitri fifty-three with two. Who won?", "en") == {
        "Soraya.total": 53,
        "Soraya.gold": 4,
        "Dmitri.total": 53,
        "Dmitri.gold": 2,
    }


def test_n_more_gold_is_gold_and_n_more_than_is_a_difference() -> None:
    assert [(f.path, f.value) for f in read_facts("and with two more gold?", "en").facts] == [("me.gold", 2)]
    assert read_facts("my blue is 3 more than the Capital", "en").facts == ()


def test_a_name_in_two_capitalised_parts_is_one_player() -> None:
    found = facts("Sacha-Lou is paying 2 gold to save her own blue (she's at 14). I'm at 14 too, with zero gold.", "en")
    assert found == {"Sacha-Lou.gold": 2, "Sacha-Lou.city.blue": 14, "me.city.blue": 14, "me.gold": 0}
    assert lex("Faut-il sauter ?", "fr")[0].kind is not Kind.NAME


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("My yellow is 11 and 10. How much gold do I need to keep it? I have two.", {"me.gold": 2}),
        ("My pink is 16. Least gold to keep it? I've got 1.", {"me.gold": 1}),
    ],
)
def test_a_bare_number_held_counts_the_thing_last_asked_about(question: str, expected: dict[str, object]) -> None:
    found = facts(question, "en")
    assert {p: found[p] for p in expected} == expected
    assert read_facts(question, "en").contradictions == ()


def test_a_bare_number_held_after_a_counted_thing_is_no_count_of_it() -> None:
    found = facts("Final totals: I have 64 with 2 gold, Sam has 64 with 1 gold, and Leo has 60. Who wins?", "en")
    assert found.get("Leo.gold") is None and found["me.gold"] == 2 and found["Sam.gold"] == 1


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        ("vert neuf. deux bonus, un six et un huit. quatre or.", "fr", {"me.city.green": 9, "me.bonus": (6, 8)}),
        ("egalite a trois en violet : moi, Sacha et Margot on a 9 chacun", "fr", {"me.city.purple": 9}),
        ("Gabin a 1 or. qui gagne entre nous deux ?", "fr", {"Gabin.gold": 1}),
    ],
)
def test_a_number_that_counts_people_or_cards_is_no_value(
    question: str, lang: str, expected: dict[str, object]
) -> None:
    reading = read_facts(question, lang)
    found = {f.path: f.value for f in reading.facts}
    assert {p: found[p] for p in expected} == expected and reading.contradictions == ()
    assert 2 not in found.values() and 3 not in found.values()


def test_a_score_said_after_its_parts_is_the_total() -> None:
    reading = read_facts(
        "Tristan: city 40, bonus 12, 3 gold, so 58. Perrine: city 44, bonus 10, 2 gold, also 58.", "en"
    )
    found = {f.path: f.value for f in reading.facts}
    assert (found["Tristan.city"], found["Tristan.total"], found["Perrine.city"], found["Perrine.total"]) == (
        40,
        58,
        44,
        58,
    )
    assert reading.contradictions == ()
    assert read_facts("Tristan: city 40, bonus 12, 3 gold, so 60.", "en").contradictions != ()  # 58, not 60


def test_a_card_then_the_district_it_makes_is_the_whole_district() -> None:
    (fact,) = read_facts("Oh wait, Romane also has a 3 in green, so she's at 12.", "en").facts
    assert (fact.path, fact.value, fact.whole) == ("Romane.city.green", 12, True)
    assert read_facts("mon vert c'est 7 et 9. donc j'ai 17 en vert", "fr").contradictions != ()


def test_the_same_total_in_each_colour() -> None:
    found = facts("Gabin il a 10 dans chaque couleur, un bonus de 3 et 1 or", "fr")
    assert [found[f"Gabin.city.{c}"] for c in ("blue", "pink", "yellow", "green")] == [10, 10, 10, 10]


def test_a_city_said_whole_is_the_city_and_its_districts_must_add_up_to_it() -> None:
    assert facts("Final: 38 in my City, bonus 7 and 3 gold. score?", "en")["me.city"] == 38
    assert facts("For Clotilde: blue 10, pink 14, yellow 8, green 15 in her city", "en")["Clotilde.city.green"] == 15
    (wrong,) = read_facts(
        "Margot's city is blue 10, pink 12, yellow 8 and green 10, so 45 in her city.", "en"
    ).contradictions
    assert wrong.quote == "so 45 in her city" and wrong.why_en == "10 + 12 + 8 + 10 = 40, not 45"


@pytest.mark.parametrize(
    ("question", "lang", "unsaid"),
    [
        ("Bonus jaune : capitale 9 et 6, moi 12 en jaune, et Inès en a aussi. Qui ?", "fr", "Inès.city.yellow"),
        ("Pink bonus: Capital 8, 5, 3. I have 9 in pink, Mathis has some too. Who takes it?", "en", "Mathis.city.pink"),
        ("Pink bonus: Capital 8 and 3, me 9 in pink, and Mathis also has some. Who?", "en", "Mathis.city.pink"),
    ],
)
def test_a_player_who_has_some_of_the_colour_with_no_number_is_asked_for(question: str, lang: str, unsaid: str) -> None:
    found = read_facts(question, lang).facts
    assert [f.value for f in found if f.path == unsaid] == [None]


def test_a_player_who_has_a_number_of_the_colour_is_read() -> None:
    assert facts("Bonus jaune : capitale 9 et 6, j'ai 12 en jaune, et Inès en a 9.", "fr")["Inès.city.yellow"] == 9


def test_a_power_said_not_to_be_in_play_is_not_read() -> None:
    said = {
        ("Ni Marchand ni Agent en jeu. Capitale jaune 9 et 8, mon jaune 9 et 9. Je saute ?", "fr"),
        ("Nobody had the Merchant or the Agent out. Capital pink 9 and 8, my pink 7, 6, 5. Do I bust?", "en"),
        ("No Merchant or Agent in our game. Capital pink 9 and 8, my pink 7, 6, 5. Do I bust?", "en"),
        ("Capitale verte 9 et 5, mon vert 6, 5 et 4. On ne jouait pas avec le Marchand. Je saute ?", "fr"),
        ("Capital pink 9 and 8, my pink 7, 6, 5. The Merchant is not part of this game. Do I bust?", "en"),
        ("Le Marchand n'est pas en jeu. Capitale rose 8 et 6, mon rose 15. Je saute ?", "fr"),
        ("Capital pink 9 and 8, my pink 7, 6, 5, the Merchant isn't in play. Do I bust?", "en"),
    }
    for text, lang in said:
        assert not [f for f in read_facts(text, lang).facts if f.path.startswith("powers.")], text
    # "pas d'or" denies the gold, not the Merchant said after it
    kept = read_facts("Je n'ai pas d'or, le Marchand est en jeu. Capitale jaune 9, mon jaune 10. Je saute ?", "fr")
    assert {f.path: f.value for f in kept.facts}["powers.yellow"] is Power.MERCHANT
    # a denial followed by a colour places the power rather than denying it
    placed = read_facts("The Merchant is not on yellow but on blue. Capital blue 15, my blue 17, 2 gold.", "en")
    assert [f.value for f in placed.facts if f.path.startswith("powers.")] == [Power.MERCHANT]


def test_a_district_said_after_the_capital_and_a_comma_is_the_capitals() -> None:
    text = "Il était une fois Gwendoline. Dans la Capitale, le district jaune portait un 4, un 9 et un 6. "
    text += "Gwendoline avait posé en jaune un 5 et un 3. Qui reçut la carte Bonus jaune ?"
    facts = {f.path: f.value for f in read_facts(text, "fr").facts}
    assert facts == {"capital.yellow": (4, 9, 6), "Gwendoline.city.yellow": (5, 3)}
    # after a colour and a comma, "le district" is a player's again
    said = read_facts("La Capitale a 9 en bleu, le district bleu de Léo fait 10. Léo saute ?", "fr")
    assert {f.path: f.value for f in said.facts} == {"capital.blue": 9, "Léo.city.blue": 10}


@pytest.mark.parametrize(
    ("question", "lang", "bonus"),
    [
        ("Ma Cité fait 17 en bleu et 14 en vert ; j'ai des cartes Bonus de 9, 6 et 6.", "fr", (9, 6, 6)),
        ("His City closed at 12 in blue and 14 in green. Bonus holdings: cards of 7, 6 and 2.", "en", (7, 6, 2)),
    ],
)
def test_bonus_cards_said_after_the_last_district_are_bonus_cards(
    question: str, lang: str, bonus: tuple[int, ...]
) -> None:
    read = read_facts(question, lang)
    assert not read.contradictions
    assert {f.path: f.value for f in read.facts}["me.bonus"] == bonus
    assert {f.path: f.value for f in read.facts}["me.city.green"] == 14


def test_some_bonus_cards_with_no_value_are_still_asked_for() -> None:
    assert facts("J'ai 12 en bleu et des cartes bonus.", "fr")["me.bonus"] is None


def test_a_card_to_a_sentence_is_one_district() -> None:
    read = read_facts("Mon district vert. Un 8. Un 7. Un 3. La Capitale verte : 17.", "fr")
    assert not read.contradictions
    assert {f.path: f.value for f in read.facts} == {"me.city.green": (8, 7, 3), "capital.green": 17}


def test_two_values_of_one_district_in_two_sentences_are_still_quoted() -> None:
    assert read_facts("Mon bleu : 12. 13 en fait. Capitale 14", "fr").contradictions


@pytest.mark.parametrize(
    ("question", "lang", "player"),
    [
        ("Nous détenons le district vert de Cunégonde. Un 8. Un 7. La Capitale verte : 17.", "fr", "Cunégonde"),
        ("Here's my offer: we look at your Honorine. Her yellow is at 18, the Capital's at 16.", "en", "Honorine"),
        ("La partie est finie. Ambroisine termine avec une Cité de 12 en bleu et 10 en rose.", "fr", "Ambroisine"),
    ],
)
def test_a_player_named_as_an_owner_a_possession_or_with_a_city(question: str, lang: str, player: str) -> None:
    read = read_facts(question, lang)
    assert player in read.players
    assert any(f.owner == player for f in read.facts)


def test_a_possessive_after_the_capital_is_a_players() -> None:
    read = read_facts("We turn to your Honorine. Same Capital yellow at 16, her yellow is at 18. Safe?", "en")
    assert {f.path: f.value for f in read.facts}["capital.yellow"] == 16
    assert {f.path: f.value for f in read.facts}["Honorine.city.yellow"] == 18


@pytest.mark.parametrize("word", ["Personne", "Aucun", "Sous"])
def test_french_words_that_deny_or_count_are_no_name(word: str) -> None:
    assert lex(f"Fin. {word} n'a 12 en vert.", "fr")[2].kind is not Kind.NAME


@pytest.mark.parametrize(
    ("question", "lang", "path", "cards"),
    [
        ("My green, four cards of 5, 4, 4 and 3, rises to sixteen.", "en", "me.city.green", (5, 4, 4, 3)),
        ("Mon rose, nourri d'un 8, d'un 6 et d'un 5, pèse 19.", "fr", "me.city.pink", (8, 6, 5)),
        ("The Capital's green, a 9 and a 5, stands but at fourteen. My green is 12.", "en", "capital.green", (9, 5)),
    ],
)
def test_the_sum_of_a_districts_cards_said_again_is_no_card(
    question: str, lang: str, path: str, cards: tuple[int, ...]
) -> None:
    assert facts(question, lang)[path] == cards


def test_a_card_that_happens_to_be_the_sum_of_those_before_it_is_a_card() -> None:
    assert facts("My blue: a 2, a 3 and a 5. Capital blue 12.", "en")["me.city.blue"] == (2, 3, 5)


@pytest.mark.parametrize(
    "question",
    [
        "La Cabale n'avait que des guerriers ordinaires, aucun Nécro. Un seul guerrier adverse y a été retiré.",
        "Avec quatre guerriers ordinaires, sa Cabale a encaissé une touche et retiré un guerrier adverse.",
    ],
)
def test_one_enemy_warrior_removed_is_read_and_a_denial_ends_with_its_sentence(question: str) -> None:
    read = facts(question, "fr")
    assert read["enemy_warriors_removed"] == 1
    assert read.get("warriors") != 0


def test_a_players_cards_name_the_player_a_possessive_then_points_to() -> None:
    read = facts("Nous détenons les cartes de Philomène. Sa Cité : 10 en bleu, 12 en rose.", "fr")
    assert read == {"Philomène.city.blue": 10, "Philomène.city.pink": 12}


@pytest.mark.parametrize(
    ("question", "lang", "path"),
    [
        ("Gontran pose un 7 en vert (!?), ce qui porte le district vert de Gontran à 13.", "fr", "Gontran.city.green"),
        ("Inès plays a 4 in yellow, bringing her yellow to 16. The Capital's yellow is 15.", "en", "Inès.city.yellow"),
    ],
)
def test_a_card_then_where_it_takes_the_district_is_the_whole_district(question: str, lang: str, path: str) -> None:
    read = read_facts(question, lang)
    assert not read.contradictions
    whole = [f for f in read.facts if f.path == path]
    assert len(whole) == 1 and whole[0].whole


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        # a number in words announcing as many values after a colon or a comma counts them
        (
            "Agent tiles flipped: the yellow power card got two on it, a +2 and a -3. Capital yellow has a 6. "
            "Yellow max?",
            "en",
            {"agent_tiles.yellow": (2, -3), "capital.yellow": 6},
        ),
        ("Ma Cité bleue en a deux : 4 et 7. La Capitale bleue fait 10. Je saute ?", "fr", {"me.city.blue": (4, 7)}),
        ("My blue: two, four and seven. Capital blue 10. Bust?", "en", {"me.city.blue": (2, 4, 7)}),  # a list
        ("My blue 2, 5 and 7. Capital blue 10. Bust?", "en", {"me.city.blue": (2, 5, 7)}),  # digits are values
        # a total's cards in brackets, with or without articles
        ("My pink district already totals 12 (a 7 and a 5). I have no gold.", "en", {"me.city.pink": (7, 5)}),
        ("Mon rose fait 16 (9 et 7), mon bleu 15 (8+7).", "fr", {"me.city.pink": (9, 7), "me.city.blue": (8, 7)}),
        # a number in words before plural districts or cards counts them
        ("My green: 3 and 7. What do the two green districts look like after?", "en", {"me.city.green": (3, 7)}),
    ],
)
def test_a_number_that_counts_what_follows_is_no_value(question: str, lang: str, expected: dict[str, object]) -> None:
    read = facts(question, lang)
    assert {path: read.get(path) for path in expected} == expected
    assert len([f for f in read_facts(question, lang).facts if f.path in expected]) == len(expected)  # read once


@pytest.mark.parametrize(
    ("question", "lang", "path", "value", "kinds"),
    [
        ("Round end. Capital green: 4, 3, and a green vector -2. Ada green 5, Bo green 6. Does Bo bust?", "en",
         "capital.green", (4, 3, -2), (None, None, "vector")),
        ("Lou a un vert 7 et un vecteur vert moins trois.", "fr", "Lou.city.green", (7, -3), (None, "vector")),
        ("le vert de la Capitale c'est 4, 4 et un expérimentateur vert sept posé par Inès.", "fr", "capital.green",
         (4, 4, 7), (None, None, "experimenter")),
    ],
)  # fmt: skip
def test_a_powers_card_said_with_its_value_is_a_card_of_the_list(
    question: str, lang: str, path: str, value: tuple[int, ...], kinds: tuple[str | None, ...]
) -> None:
    reading = read_facts(question, lang)
    assert not reading.contradictions
    assert [(f.value, f.kinds) for f in reading.facts if f.path == path] == [(value, kinds)]
    powers = read_facts("Vector in play (pink). Vecteur en rose, vector is pink.", "en").facts
    assert {f.value for f in powers if f.path.startswith("power")} == {Power.VECTOR}  # the power, no value said


def test_an_aside_in_brackets_keeps_its_owner_to_itself() -> None:
    facts = {f.path: f.value for f in read_facts("capitale : bleu 5 / rose 3 (+ mon 4) / jaune 2 et 4", "fr").facts}
    assert facts["capital.yellow"] == (2, 4) and facts["capital.pink"] == 3
    facts = {f.path: f.value for f in read_facts("my blue is 9 (Léo has 7) and my pink 4", "en").facts}
    assert facts == {"me.city.blue": 9, "Léo.city.blue": 7, "me.city.pink": 4}


@pytest.mark.parametrize(
    ("question", "lang", "path", "value", "kinds"),
    [
        ("Config C. Cité jaune : 6 (jeton or Sentinelle) + 4. Capitale jaune : 8.", "fr", "me.city.yellow", (6, 4),
         ("gold", None)),
        ("Green City: 6 w/ gold token, 7. Capital green: 5.", "en", "me.city.green", (6, 7), ("gold", None)),
        ("My green City was a 5 with a Sentinel gold token on it and an 8.", "en", "me.city.green", (5, 8),
         ("gold", None)),
        ("My City: a blue 2 with a token, and a pink 1 without one.", "en", "me.city.blue", 2, ("gold",)),
    ],
)  # fmt: skip
def test_a_card_a_sentinels_token_covers_is_a_covered_card_not_a_count_of_gold(
    question: str, lang: str, path: str, value: object, kinds: tuple[str | None, ...]
) -> None:
    reading = read_facts(question, lang)
    assert not reading.contradictions and not any(f.path.endswith(".gold") for f in reading.facts)
    assert [(f.value, f.kinds) for f in reading.facts if f.path == path] == [(value, kinds)]
    gold = {f.path: f.value for f in read_facts("mon vert 6 et 3, et j'ai 6 ors", "fr").facts}
    assert gold == {"me.city.green": (6, 3), "me.gold": 6}  # gold said as a count stays a count


def test_max_named_as_a_player_is_a_player_and_the_max_stays_the_maximum() -> None:
    facts = {f.path: f.value for f in read_facts("Lou a un vert 7, Max a un vert 5. Qui prend le bonus ?", "fr").facts}
    assert facts == {"Lou.city.green": 7, "Max.city.green": 5}
    facts = {f.path: f.value for f in read_facts("The max is 12 in blue and Max has 9 in blue.", "en").facts}
    assert facts == {"maximum.blue": 12, "Max.city.blue": 9}


@pytest.mark.parametrize(
    ("question", "lang", "path", "value", "kinds"),
    [
        ("Config B. The yellow Capital district holds a yellow 4, a yellow 2 and a rebel blue 5.", "en",
         "capital.yellow", (4, 2, 5), (None, None, "rebel/blue")),
        ("Infiltré en jeu. Dans ma Cité verte j'ai un vert 4 et un rebelle rose 6.", "fr", "me.city.green", (4, 6),
         (None, "rebel/pink")),
    ],
)  # fmt: skip
def test_a_rebel_card_said_in_another_colours_list_lies_in_that_district(
    question: str, lang: str, path: str, value: tuple[int, ...], kinds: tuple[str | None, ...]
) -> None:
    reading = read_facts(question, lang)
    assert [(f.value, f.kinds) for f in reading.facts if f.path == path] == [(value, kinds)]
    assert not any(f.path in ("capital.blue", "me.city.pink") for f in reading.facts)
    assert [f.value for f in read_facts("I hold a rebel blue 5. Where can I play it?", "en").facts] == ["rebel/blue:5"]


def test_where_the_flag_stands_now_overrides_where_it_stood() -> None:
    question = "Infiltré. Le drapeau était sur le vert ; maintenant le drapeau est sur le bleu. Je joue mon vert 4."
    assert {f.path: f.value for f in read_facts(question, "fr").facts}.get("rebel_flag") == "blue"
