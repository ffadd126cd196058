"""Answers: direct and short, cited, in the asker's language, honest about silence and ambiguity."""

from __future__ import annotations

import dataclasses

import pytest

from corpus import Corpus, Section
from corpus.text import normalize
from qa.answer import GAP
from qa.ask import Asker
from qa.compose import without_polarity
from qa.decision import Decider, DecisionSettings, Reason
from qa.margin import Margins
from qa.query import read_query
from qa.retrieval import Hit, Retrieval
from qa.rulings import RulingMatch


def test_a_ruling_answers_directly_and_cites_its_quote(asker: Asker) -> None:
    answer = asker.ask("How many times per turn can I do the Ritual?")
    assert answer.kind == "rules" and answer.ruling is not None
    assert answer.answer.startswith("Up to 3 times per turn")
    citation = answer.citations[0]
    assert citation.section == "root-necropossums/cn-6-1"
    ruling = asker.corpus.rulings[answer.ruling]
    # the whole line holding the ruling's quote, so the citation shows its context
    assert ruling.quotes["en"] in citation.quote and citation.quote in asker.corpus.section(citation.section, "en").text
    assert citation.original is not None and ruling.quotes["fr"] in citation.original.quote


def test_a_rulings_citation_shows_the_lines_around_its_quote_that_bear_on_the_question(
    asker: Asker, corpus: Corpus
) -> None:
    ruling = corpus.rulings["rulings/cl2/marchand-tie-gold"]
    section = corpus.section(ruling.section, "en")
    assert len(section.text) > 500  # a long section: the citation is a choice of its lines
    answer = asker.ask(ruling.questions["en"][0])
    assert answer.ruling == ruling.id
    citation = answer.citations[0]
    lines = citation.quote.splitlines()
    assert any(ruling.quotes["en"] in line for line in lines)  # the line the ruling rests on
    assert len([line for line in lines if line != GAP]) >= 2  # and context
    assert len(citation.quote) <= 500 + 4 * lines.count(GAP)
    for piece in citation.pieces:
        assert piece in section.text
    if GAP in lines:
        assert len(citation.pieces) == lines.count(GAP) + 1


def test_yes_no_comes_first_when_the_question_is_the_rulings_own(asker: Asker, corpus: Corpus) -> None:
    ruling = next(r for r in corpus.rulings.values() if r.answers["en"].startswith("No.") and r.kind == "answer")
    answer = asker.ask(ruling.questions["en"][0])
    assert answer.ruling == ruling.id
    assert answer.answer.startswith("No.")


@pytest.mark.xfail(
    strict=True,
    reason="issue 32, open: since the retuning on the questions of both answers, 'Is the Agent tile hidden from the other players?' matches rulings/cl2/agent-stack-same-card, another ruling: a regression of ruling choice, not fixed",  # noqa: E501
)
def test_a_close_but_opposite_question_never_gets_the_wrong_yes_or_no(asker: Asker) -> None:
    # the ruling's answer is "Oui": the question asks its opposite
    answer = asker.ask("Perd-on un district à égalité avec la Capitale ?")
    assert not answer.answer.startswith("Oui")
    assert "égalité" in answer.answer
    # read from the question against the claim: "keep" asks what the claim says, "lose" its opposite
    assert asker.ask("Do I keep my cards on a tie with the Capital?").answer.startswith("Yes.")
    assert asker.ask("Is the Agent tile shown to the other players?").answer.startswith("No.")
    assert asker.ask("Is the Agent tile hidden from the other players?").answer.startswith("Yes.")


def test_without_polarity() -> None:
    assert without_polarity("Yes. Any district.") == "Any district."
    assert without_polarity("Yesterday") == "Yesterday"


@pytest.mark.parametrize(
    "question",
    [
        "Combien rapporte un jeton Or ?",
        "Que fait le Prophète ?",
        "What does the Sentinel do?",
        "Comment fonctionne la Roue macabre ?",
        "What happens in the Undercover module when I play in the purple Capital district?",
    ],
)
def test_rules_answers_are_short_and_cited_verbatim(asker: Asker, question: str) -> None:
    answer = asker.ask(question)
    assert answer.kind == "rules"
    assert len(answer.answer) <= 500
    for citation in answer.citations:
        section = asker.corpus.section(citation.section, citation.lang)
        for piece in citation.pieces:
            assert normalize(piece) in normalize(f"{section.title}\n{section.text}")


def test_the_answer_is_in_the_question_language_unless_asked_otherwise(asker: Asker) -> None:
    french = asker.ask("Combien rapporte un jeton Or ?")
    english = asker.ask("Combien rapporte un jeton Or ?", lang="en")
    assert (french.lang, english.lang) == ("fr", "en")
    assert english.answer == asker.corpus.rulings[english.ruling or ""].answers["en"]
    assert english.citations[0].lang == "en" and english.citations[0].original is not None


def test_nothing_close_means_the_rules_do_not_say(asker: Asker) -> None:
    answer = asker.ask("quelle est la recette de la tarte tatin ?")
    assert answer.kind == "not_found" and answer.citations == ()
    assert answer.answer.startswith("Les règles ne le disent pas")
    assert "Passages les plus proches : " in answer.answer


def test_a_known_gap_is_said_plainly(asker: Asker) -> None:
    answer = asker.ask("Quelle est la valeur des tuiles Agent ?")
    assert answer.kind == "not_found"
    assert answer.answer.startswith("Les textes ne le disent pas")
    assert answer.citations[0].section == "cl2-power-tiles/config-a/agent"


def test_an_ambiguity_is_a_caveat_citing_both_passages(asker: Asker) -> None:
    answer = asker.ask("Combien de cartes reçoit-on au draft ?")
    assert "notes/draft-hand-size" in [c.note for c in answer.caveats]
    cited = {c.section for c in answer.citations}
    assert {"cl2-rules/faq/draft", "cl2-expansion/fifth-player"} <= cited
    caveat = next(c for c in answer.caveats if c.note == "notes/draft-hand-size")
    assert caveat.text == asker.corpus.notes[("notes/draft-hand-size", "fr")].open


def test_a_caveat_follows_what_the_answer_says(asker: Asker) -> None:
    answer = asker.ask("Que se passe-t-il si un Cimetière est retiré ?")
    assert "notes/cemetery-removal-half" in [c.note for c in answer.caveats]


def test_every_rules_section_has_a_ruling(corpus: Corpus) -> None:
    ruled = {r.section for r in corpus.rulings.values()}
    sections = [i for i in corpus.section_ids() if corpus.original(i).is_retrievable]
    assert [i for i in sections if i not in ruled] == []


def test_rulings_are_short_and_say_the_same_in_both_languages(corpus: Corpus) -> None:
    import re

    for ruling in corpus.rulings.values():
        fr, en = ruling.answers["fr"], ruling.answers["en"]
        assert len(fr) <= 500 and len(en) <= 500, ruling.id
        assert sorted(re.findall(r"\d+", fr)) == sorted(re.findall(r"\d+", en)), ruling.id
        if ruling.kind == "silent":
            assert fr.startswith("Les textes ne"), ruling.id
            assert en.startswith(("The rules do not say", "The texts do not")), ruling.id


def test_a_question_that_fits_several_games_asks_which_one(asker: Asker) -> None:
    answer = asker.ask("Que fait la carte ?")
    assert answer.kind == "clarify" and answer.citations == ()
    assert answer.answer.startswith("Cette question peut concerner plusieurs jeux")
    assert "Root" in answer.answer and "Capital Lux 2" in answer.answer
    named = asker.ask("Que fait la carte ?", game="root")
    assert named.kind == "rules" and named.game == "root"


def test_a_question_about_one_game_is_not_sent_back(asker: Asker) -> None:
    answer = asker.ask("Combien de guerriers retire le Rituel ?")
    assert answer.kind == "rules" and answer.game == "root"


@pytest.mark.xfail(
    strict=True,
    reason="issue 32: the retuned model ranks another section first for this question, so the example no longer reaches the mechanism; a new example is owed",  # noqa: E501
)
def test_a_text_on_the_topic_that_never_speaks_of_what_is_asked_is_not_an_answer(asker: Asker) -> None:
    # a passage: the section on Necros ranks first, and even taken as found it never speaks of glowing in the dark
    query = read_query("Do the Necros glow in the dark?")
    passage = dataclasses.replace(asker.retrieve(query), best_dense=1.0)
    assert passage.hits[0].section.id == "root-necropossums/cn-2-6"
    assert not asker.decider.ruling_applies(passage.rulings[0], passage)
    assert asker.decider.coverage(query, passage) < asker.decider.settings.min_coverage
    answer = asker.answer(asker.decider.decide(query, passage))
    assert answer.kind == "not_found" and answer.answer.startswith("The rules do not say")
    assert "[root-necropossums/cn-2-6]" in answer.answer  # named among the nearest passages
    # a ruling: close enough by similarity, but its questions and answer hold few of the question's words
    ruling = asker.retrieve("Le Rituel s'inspire de quelle fête réelle ?")
    assert asker.decider.ruling_applies(ruling.rulings[0], ruling)
    assert asker.ask("Le Rituel s'inspire de quelle fête réelle ?").kind == "not_found"
    # the same topics, asked about what the texts say
    assert asker.ask("What does the Scholar do?").kind == "rules"
    assert asker.ask("Combien de points rapporte le Rituel ?").kind == "rules"


def test_an_overview_ruling_also_cites_the_neighbours_that_hold_what_it_says(asker: Asker, corpus: Corpus) -> None:
    ruling = corpus.rulings["rulings/cl2/config-a-overview"]
    answer = asker.ask(ruling.questions["en"][0])
    assert answer.ruling == ruling.id
    cited = [c.section for c in answer.citations]
    assert cited[0] == ruling.section == "cl2-power-tiles/config-a/agent"
    # the Cleric, Merchant and Scholar the answer summarises are sections of their own beside the Agent's
    assert set(cited[1:]) == {f"cl2-power-tiles/config-a/{p}" for p in ("clerc", "marchand", "savant")}
    for c in answer.citations[1:]:
        for piece in c.pieces:
            assert piece in corpus.section(c.section, "en").text
        assert c.original is not None and c.original.lang == "fr"


def test_a_ruling_whose_section_holds_what_it_says_cites_that_section_alone(asker: Asker, corpus: Corpus) -> None:
    ruling = corpus.rulings["rulings/cl2/marchand-tie-gold"]
    answer = asker.ask(ruling.questions["fr"][0])
    assert answer.ruling == ruling.id
    assert answer.citations[0].section == ruling.section
    supporting = {c.section for c in answer.citations} - {ruling.section}
    noted = {q.section for cv in answer.caveats for n in corpus.notes.values() if n.id == cv.note for q in n.quotes}
    assert supporting <= noted  # only the passages its caveats concern


def test_a_supporting_citation_needs_more_than_one_word_of_the_answer(asker: Asker, corpus: Corpus) -> None:
    section = corpus.section("cl2-power-tiles/config-a/agent", "en")
    composer = asker.composer
    assert composer._support("Merchant yellow gold token", section)[0].section == "cl2-power-tiles/config-a/marchand"
    assert composer._support("yellow", section) == []
    assert composer._support("", section) == []


def test_a_sibling_that_the_answer_does_not_name_is_not_cited(asker: Asker, corpus: Corpus) -> None:
    missionary = corpus.section("cl2-power-tiles/config-c/missionnaire", "en")
    said = "Yes: any card of the Capital with a lower value than the card played; the gold stays in your City."
    # the Sentinel's section (a sibling) holds "gold", "city", "card"... but the answer never names the Sentinel
    assert composer_support(asker, said, missionary) == []
    named = said + " Unlike the Sentinel."
    assert composer_support(asker, named, missionary) == ["cl2-power-tiles/config-c/sentinelle"]


def composer_support(asker: Asker, said: str, section: Section) -> list[str]:
    return [c.section for c in asker.composer._support(said, section)]


def test_a_ruling_agreeing_with_retrieval_needs_less_similarity(asker: Asker, corpus: Corpus) -> None:
    decider = asker.decider
    s = decider.settings
    ruling = corpus.rulings["rulings/cl2/marchand-tie-gold"]
    between = (s.min_ruling + s.min_ruling_agreeing) / 2

    def retrieval(sections: list[str]) -> Retrieval:
        hits = tuple(Hit(corpus.section(i, "fr"), n + 1, 1.0, 0.5, 1.0) for n, i in enumerate(sections))
        return Retrieval("q", "fr", None, "unknown", hits, 1.0, 1.0, (RulingMatch(ruling, between),))

    def applies(found: Retrieval) -> bool:
        return decider.ruling_applies(found.rulings[0], found)

    other = "cl2-rules/faq/jeton-or"
    assert applies(retrieval([ruling.section, other]))
    assert applies(retrieval([other, ruling.section]))  # within the agree_within best
    assert s.agree_within == 2 and not applies(retrieval([other, other, ruling.section]))
    assert not applies(retrieval([other]))
    close = Retrieval("q", "fr", None, "unknown", (), 0.0, 0.0, (RulingMatch(ruling, s.min_ruling),))
    assert applies(close)


def test_every_supporting_citation_is_word_for_word_from_a_neighbour(asker: Asker, corpus: Corpus) -> None:
    composer, supported = asker.composer, 0
    for ruling in corpus.rulings.values():
        for lang in ("fr", "en"):
            cited = corpus.section(ruling.section, lang)
            support = composer._support(ruling.answers[lang], cited)
            assert len(support) <= composer.settings.max_support
            neighbours = {cited.parent, *corpus.children(cited.id)}
            neighbours |= set(corpus.children(cited.parent)) if cited.parent else set()
            for c in support:
                assert c.section in neighbours and c.section != cited.id and c.lang == lang
                for piece in c.pieces:
                    assert piece in corpus.section(c.section, lang).text
            supported += bool(support)
    assert supported > 0


def test_a_silent_ruling_answers_only_a_question_of_its_own_kind(asker: Asker, corpus: Corpus) -> None:
    silent = "rulings/root/ritual-warriors-destination"  # where the removed warriors go: the texts are silent
    assert corpus.rulings[silent].kind == "silent"
    fits = asker.decider.silence_fits
    own = read_query("Où vont les 3 guerriers retirés par le Rituel ?")
    assert asker.retrieve(own).rulings[0].ruling.id == silent and fits(own, corpus.rulings[silent])
    answer = asker.ask(own.text)
    assert (answer.kind, answer.ruling) == ("not_found", silent)
    # how many warriors the Ritual removes reads alike, but the texts answer it: 3
    other = read_query("Combien de guerriers retire le Rituel ?")
    assert asker.retrieve(other).rulings[0].ruling.id == silent and not fits(other, corpus.rulings[silent])
    answer = asker.ask(other.text)
    assert answer.kind == "rules" and "3 guerriers" in answer.answer
    # the same holds in English: the silent ruling does not fit a "how many" question
    assert not fits(read_query("How many warriors does the Ritual remove?"), corpus.rulings[silent])


@pytest.mark.xfail(
    strict=True,
    reason="issue 32: the retuned model no longer ranks the silent display-max ruling first for this question, so the example no longer reaches the tie-break; a new example is owed",  # noqa: E501
)
def test_a_silent_ruling_gives_way_to_an_answer_ruling_that_reads_alike_and_holds_more_words(
    asker: Asker, corpus: Corpus
) -> None:
    # the texts give the display's starting size (setup) but no maximum: the two rulings read alike
    query = read_query("How many cards are in the Proselytizer display at the start?")
    found = asker.retrieve(query)
    assert found.rulings[0].ruling.id == "rulings/cl2/proselytiste-display-max"
    answer = asker.answer(asker.decider.decide(query, found))
    assert (answer.kind, answer.ruling) == ("rules", "rulings/cl2/proselytiste-setup")
    without = Decider(corpus, asker.decider.vocabulary, DecisionSettings(silent_margin=0.0))
    assert without.decide(query, found).kind == "not_found"
    # the silent ruling still answers its own questions
    own = asker.ask("Does the Proselytizer display have a maximum number of cards?")
    assert (own.kind, own.ruling) == ("not_found", "rulings/cl2/proselytiste-display-max")


@pytest.mark.xfail(
    strict=True,
    reason="issue 32: the retuned model finds the Sentinel's section by retrieval alone, so the example no longer needs vouching (tests/qa/test_decision.py covers vouching on a hand-made retrieval); a new example is owed",  # noqa: E501
)
def test_a_close_ruling_vouches_for_the_section_it_rests_on(asker: Asker) -> None:
    query = read_query("What does the Sentinel do at round end?")
    found = asker.retrieve(query)
    decider = asker.decider
    # the closest ruling is the Sentinel's power, whose answer never speaks of the round end...
    best = found.rulings[0]
    assert best.ruling.id == "rulings/cl2/sentinelle-power"
    assert decider.ruling_coverage(query, best.ruling) < decider.settings.min_coverage
    # ...and retrieval alone does not call the Sentinel's section, on which that ruling rests, found
    assert found.hits[0].section.id == best.ruling.section == "cl2-power-tiles/config-c/sentinelle"
    assert not decider.section_found(found, Margins())
    decision = decider.decide(query, found)
    assert decision.reason is Reason.VOUCHED_PASSAGE
    answer = asker.answer(decision)
    assert (answer.kind, answer.ruling) == ("rules", None)
    assert answer.citations[0].section == "cl2-power-tiles/config-c/sentinelle"
    assert "MAXIMUM" in answer.answer
    # a silent ruling does not vouch for the section it rests on
    silent = dataclasses.replace(best, ruling=dataclasses.replace(best.ruling, kind="silent"))
    assert not decider.ruling_vouches(silent, found)


def test_the_margin_is_the_closest_call_the_decision_made(asker: Asker, corpus: Corpus) -> None:
    """A ruling a hair above its threshold answers with that hair as its margin; a rival ruling a hair behind, or
    a retrieval that was itself a close call, makes the margin that small instead."""
    decider, s = asker.decider, asker.decider.settings
    ruling = corpus.rulings["rulings/cl2/gold-points"]
    other = corpus.rulings["rulings/cl2/marchand-tie-gold"]
    hits = (Hit(corpus.section(ruling.section, "fr"), 1, 1.0, 0.8, 9.0),)

    def answer(*matches: RulingMatch, margin: float | None = None) -> float | None:
        question = ruling.questions["fr"][0]
        found = Retrieval(question, "fr", "capital-lux-2", "given", hits, 0.8, 9.0, matches, margin)
        got = asker.composer.compose(decider.decide(read_query(question), found))
        assert got.ruling == ruling.id
        return got.margin

    assert answer(RulingMatch(ruling, s.min_ruling + 0.003)) == pytest.approx(0.003)
    assert answer(RulingMatch(ruling, 0.95), RulingMatch(other, 0.9499)) == pytest.approx(0.0001)
    assert answer(RulingMatch(ruling, 0.95), margin=0.00002) == pytest.approx(0.00002)
