"""Hybrid retrieval: exact terms and paraphrases, the asker's language first, furniture never."""

from __future__ import annotations

import pytest

from corpus import Corpus
from corpus.glossary import load_glossary
from qa.ask import Asker
from qa.game import GameDetector
from qa.margin import Margins
from qa.query import read_query


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("CN.6.1", "root-necropossums/cn-6-1"),  # an exact rule number
        ("Sentinelle", "cl2-power-tiles/config-c/sentinelle"),  # a tile name
        ("Combien rapporte un jeton Or ?", "cl2-rules/faq/jeton-or"),
        ("How many times per turn can I do the Ritual?", "root-necropossums/cn-6-1"),
        ("Que fait l'Intrus ?", "cl2-expansion/set-e/intruder"),  # French question, English original
        ("do the cards stay in my City from one round to the next?", "cl2-rules/faq/cartes-restent"),  # paraphrase
    ],
)
def test_finds_the_section(asker: Asker, question: str, expected: str) -> None:
    found = asker.retrieve(question)
    assert found.hits[0].section.id == expected


def test_a_real_question_clears_the_threshold_and_an_off_topic_one_does_not(asker: Asker) -> None:
    margins = Margins()
    assert asker.decider.section_found(asker.retrieve("Combien rapporte un jeton Or ?"), margins)
    assert not asker.decider.section_found(asker.retrieve("qui a gagné la coupe du monde de football 2018 ?"), margins)


def test_rulings_are_matched_in_the_question_language(asker: Asker) -> None:
    found = asker.retrieve("How many times per turn can I do the Ritual?")
    best = found.rulings[0]
    assert best.ruling.section == "root-necropossums/cn-6-1" and best.dense >= asker.decider.settings.min_ruling
    assert found.hits[0].section.id == best.ruling.section  # the ruling's section is part of the fusion


def test_hits_are_in_the_question_language_once_each(asker: Asker) -> None:
    found = asker.retrieve("What does the Merchant do at the end of the round?")
    assert found.lang == "en"
    assert {h.section.lang for h in found.hits} == {"en"}
    ids = [h.section.id for h in found.hits]
    assert len(ids) == len(set(ids)) == 5
    assert [h.rank for h in found.hits] == [1, 2, 3, 4, 5]
    assert [h.score for h in found.hits] == sorted((h.score for h in found.hits), reverse=True)


def test_both_rankers_contribute(asker: Asker) -> None:
    best = asker.retrieve("Combien rapporte un jeton Or ?").hits[0]
    assert best.dense is not None and best.dense >= asker.decider.settings.min_dense
    assert best.lexical is not None and best.lexical > 0


def test_furniture_is_never_retrieved(asker: Asker) -> None:
    found = asker.retrieve("fiches A5 gratuites à imprimer, du même auteur Kristian Amundsen Østby")
    assert not {h.section.id for h in found.hits} & {"cl2-rules/aide-de-jeu", "cl2-rules/meme-genre"}


def test_game_is_inferred_or_given(asker: Asker) -> None:
    assert asker.retrieve("Combien de guerriers faut-il pour un Rituel ?").game == "root"
    inferred = asker.retrieve("Qui gagne une carte Bonus ?")
    assert (inferred.game, inferred.game_source) == ("capital-lux-2", "inferred")
    given = asker.retrieve("Que fait la carte ?", game="root")
    assert given.game_source == "given" and {h.section.game for h in given.hits} == {"root"}


def test_unknown_game_searches_all_games(asker: Asker) -> None:
    found = asker.retrieve("Que fait la carte ?")
    assert (found.game, found.game_source) == (None, "unknown")


def test_language_can_be_forced(asker: Asker) -> None:
    found = asker.retrieve(read_query("Rituel", "en"))
    assert found.lang == "en" and found.hits[0].section.lang == "en"


def test_bad_options_are_quoted(asker: Asker) -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        asker.retrieve("Que fait le Clerc ?", game="chess")
    with pytest.raises(ValueError, match="unsupported language 'de'"):
        read_query("Que fait le Clerc ?", "de")
    with pytest.raises(ValueError, match="empty question"):
        asker.retrieve("  ")


@pytest.mark.parametrize(
    ("question", "lang", "game"),
    [
        ("Combien de guerriers retire le Rituel ?", "fr", "root"),
        ("le pouce et l'index de la Roue macabre", "fr", "root"),
        ("Architect tile =12", "en", "capital-lux-2"),
        ("do I bust with the merchant", "en", "capital-lux-2"),
        ("chess castling rules", "en", None),
        # A named game wins over words that only one game's texts happen to use.
        ("root ça se joue jusqu'à combien de joueurs ?", "fr", "root"),
        # A multi-word glossary term counts as a term only when whole ("fin de partie", not "partie").
        ("Au début de la partie, où vont les deux Cimetières qui restent ?", "fr", None),
        ("Que se passe-t-il en fin de partie ?", "fr", "capital-lux-2"),
    ],
)
def test_game_detector(corpus: Corpus, question: str, lang: str, game: str | None) -> None:
    assert GameDetector(corpus, load_glossary()).detect(question, lang) == game


def test_the_ranking_margin_is_the_gap_of_the_closest_swap_that_would_change_the_result() -> None:
    """Ranks are fused, not similarities: only two neighbours swapping can change the sections returned, so the
    margin is the gap between the closest such pair; a swap that changes nothing does not count."""
    from qa.retrieval import RetrievalSettings, _Fusion

    settings = RetrievalSettings(top_k=2, candidates=3)
    fusion = _Fusion(settings, lexical=[])
    dense = [("a", 0.80), ("b", 0.79), ("c", 0.5), ("d", 0.4999)]  # the 4th is the first one left out
    ordered = fusion.top(dense, [])
    assert ordered == ["a", "b"]
    # a/b swap reorders the two returned (0.01); b/c swap changes the set (0.29); c/d swap changes nothing returned
    assert fusion.margin(dense, [], ordered) == pytest.approx(0.01)
    assert fusion.margin([("a", 0.8), ("b", 0.5)], [], ["a", "b"]) == pytest.approx(0.3)
    assert fusion.margin([("a", 0.8)], [], ["a"]) is None
