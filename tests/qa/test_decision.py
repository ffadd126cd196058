"""Every reason of the decision, on hand-made retrievals: no model, no index (the decision needs neither)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpus import Corpus
from corpus.glossary import load_glossary
from qa.compose import Composer
from qa.decision import Decider, Reason
from qa.query import read_query
from qa.retrieval import Hit, Retrieval
from qa.rulings import RulingMatch
from qa.vocabulary import Vocabulary
from qa.yesno import Neighbour


@pytest.fixture(scope="module")
def decider(corpus: Corpus) -> Decider:
    return Decider(corpus, Vocabulary(corpus, load_glossary()))


def retrieval(
    corpus: Corpus,
    question: str,
    sections: list[str],
    matches: list[tuple[str, float]],
    *,
    dense: float = 0.5,
    lexical: float = 1.0,
    game: str | None = "capital-lux-2",
) -> Retrieval:
    lang = read_query(question).lang
    hits = tuple(Hit(corpus.section(s, lang), n + 1, 1.0 / (n + 1), dense, lexical) for n, s in enumerate(sections))
    rulings = tuple(RulingMatch(corpus.rulings[r], d) for r, d in matches)
    source = "inferred" if game else "unknown"
    return Retrieval(question, lang, game, source, hits, dense, lexical, rulings)  # type: ignore[arg-type]


def decide(decider: Decider, found: Retrieval) -> Reason:
    query = read_query(found.question)
    return (decider.before_retrieval(query) or decider.decide(query, found)).reason


def test_nothing_to_search_for(decider: Decider, corpus: Corpus) -> None:
    assert decide(decider, retrieval(corpus, "le la les", [], [])) is Reason.NO_CONTENT


def test_a_thing_no_text_names(decider: Decider, corpus: Corpus) -> None:
    found = retrieval(corpus, "What does the Wizard tile do?", ["cl2-power-tiles/config-a/agent"], [])
    assert decide(decider, found) is Reason.UNKNOWN_THING


def test_a_close_ruling_answers_with_the_yes_or_no_read_from_the_question(decider: Decider, corpus: Corpus) -> None:
    ruling = "rulings/cl2/agent-tile-hidden"
    section = corpus.rulings[ruling].section
    for question, verdict in [
        ("Is the Agent tile shown to the other players?", "no"),
        ("Is the Agent tile hidden from the other players?", "yes"),
        ("Do the others see the value of my Agent tile at the start of the round?", None),  # more than the claim
    ]:
        found = retrieval(corpus, question, [section], [(ruling, 0.9)])
        decision = decider.decide(read_query(question), found)
        assert (decision.reason, decision.verdict, decision.withheld) == (Reason.RULING, verdict, verdict is None)


def test_a_silent_ruling(decider: Decider, corpus: Corpus) -> None:
    silent = "rulings/root/ritual-warriors-destination"
    found = retrieval(
        corpus,
        "Où vont les 3 guerriers retirés par le Rituel ?",
        ["root-necropossums/cn-6-1"],
        [(silent, 0.9)],
        game="root",
    )
    assert decide(decider, found) is Reason.SILENT_RULING


def test_a_passage_found_and_a_passage_vouched_for(decider: Decider, corpus: Corpus) -> None:
    question = "Combien rapporte un jeton Or ?"
    assert decide(decider, retrieval(corpus, question, ["cl2-rules/faq/jeton-or"], [], dense=0.9)) is Reason.PASSAGE
    # retrieval alone is not close enough, but a close ruling rests on the best section (its answer never speaks
    # of the round end, so it does not answer itself)
    sentinel = "cl2-power-tiles/config-c/sentinelle"
    vouched = retrieval(
        corpus,
        "What does the Sentinel do at round end?",
        [sentinel],
        [("rulings/cl2/sentinelle-power", 0.78)],
        dense=0.5,
    )
    assert decide(decider, vouched) is Reason.VOUCHED_PASSAGE
    nothing = retrieval(corpus, question, ["cl2-rules/faq/jeton-or"], [], dense=0.3)
    assert decide(decider, nothing) is Reason.NOTHING_CLOSE


def test_a_question_two_games_could_ask_is_sent_back(decider: Decider, corpus: Corpus) -> None:
    question = "How many cards do I draw?"
    found = retrieval(
        corpus,
        question,
        ["cl2-power-tiles/config-a/savant", "root-necropossums/cn-6-1"],
        [("rulings/cl2/savant-power", 0.9), ("rulings/root/ritual-times", 0.89)],
        dense=0.9,
        game=None,
    )
    assert decide(decider, found) is Reason.WHICH_GAME


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_any_text_gets_an_answer_without_error(text: str) -> None:
    corpus = _CORPUS
    query = read_query(text or "?")
    decider = _DECIDER
    decision = decider.before_retrieval(query) or decider.decide(
        query, Retrieval(query.text, query.lang, None, "unknown", ())
    )
    answer = Composer(corpus).compose(decision)
    assert answer.kind in ("rules", "clarify", "not_found") and answer.answer


from corpus import load_corpus  # noqa: E402  (module-level, for the property test)

_CORPUS = load_corpus()
_DECIDER = Decider(_CORPUS, Vocabulary(_CORPUS, load_glossary()))


def test_a_rulings_own_questions_never_get_the_opposite_of_its_yes_or_no(decider: Decider, corpus: Corpus) -> None:
    given = 0
    for ruling in corpus.rulings.values():
        if ruling.verdict is None:
            continue
        for lang in ("fr", "en"):
            for question in ruling.questions[lang]:
                verdict = decider.polarity(read_query(question, lang), ruling)
                assert verdict in (ruling.verdict, None), (ruling.id, question)
                given += verdict is not None
    assert given > 0


def test_the_claim_and_the_rulings_questions_must_agree(decider: Decider, corpus: Corpus) -> None:
    ruling = corpus.rulings["rulings/cl2/one-card-per-turn"]  # "No.": you cannot play two cards in the same turn
    assert decider.polarity(read_query("Can you play two cards in the same turn?", "en"), ruling) == "no"
    negated = read_query("Is it true that you cannot play two cards in the same turn?", "en")
    assert decider.polarity(negated, ruling) in ("yes", None)  # never "no"
    wrong = "You can play two cards in the same turn."
    contradicted = dataclasses.replace(ruling, claims={**(ruling.claims or {}), "en": wrong})
    assert decider.polarity(read_query("Can you play two cards in the same turn?", "en"), contradicted) is None


def matched(corpus: Corpus, question: str, ruling_id: str, neighbours: list[tuple[str, str, float]]) -> Retrieval:
    """A retrieval whose closest ruling is ``ruling_id``, with its authored questions (text, answer, similarity)."""
    ruling = corpus.rulings[ruling_id]
    found = retrieval(corpus, question, [ruling.section], [(ruling_id, neighbours[0][2])])
    near = tuple(Neighbour(t, a, s) for t, a, s in neighbours)  # type: ignore[arg-type]
    return dataclasses.replace(found, rulings=(RulingMatch(ruling, neighbours[0][2], near),))


def test_the_nearest_authored_question_gives_the_yes_or_no(decider: Decider, corpus: Corpus) -> None:
    ruling = "rulings/cl2/agent-tile-hidden"  # answers yes: the tile is placed face down
    question = "Do the other players see my Agent tile's value?"
    flip = matched(
        corpus, question, ruling, [("Can the others see my Agent tile?", "no", 0.93), ("hidden?", "yes", 0.8)]
    )
    decision = decider.decide(read_query(question), flip)
    assert (decision.reason, decision.verdict, decision.withheld) == (Reason.RULING, "no", False)
    assert decision.reading is not None and decision.reading.gap == pytest.approx(0.13)


def test_questions_of_both_answers_equally_near_withhold_the_yes_or_no(decider: Decider, corpus: Corpus) -> None:
    ruling = "rulings/cl2/agent-tile-hidden"
    question = "Does anyone look at my Agent tile?"
    tie = matched(corpus, question, ruling, [("Can the others see it?", "no", 0.9), ("Is it hidden?", "yes", 0.895)])
    decision = decider.decide(read_query(question), tie)
    assert (decision.reason, decision.verdict, decision.withheld) == (Reason.RULING, None, True)
    answer = Composer(corpus).compose(decision)
    assert answer.answer.startswith("I can't tell whether you are asking this or its opposite; the rule:")


def test_a_near_miss_nearest_says_the_texts_do_not_say(decider: Decider, corpus: Corpus) -> None:
    ruling = "rulings/cl2/agent-tile-hidden"
    question = "Can I peek at my own Agent tile later in the round?"
    miss = matched(corpus, question, ruling, [("Can I look at it again later?", "unsettled", 0.92), ("x", "yes", 0.8)])
    decision = decider.decide(read_query(question), miss)
    assert decision.reason is Reason.UNSETTLED
    answer = Composer(corpus).compose(decision)
    assert answer.kind == "not_found"
    assert answer.answer.startswith("The rules do not say. The nearest they say:")
    assert answer.citations and answer.citations[0].section == corpus.rulings[ruling].section


def test_a_french_question_asked_in_the_negative_is_contradicted_with_si(decider: Decider, corpus: Corpus) -> None:
    ruling = "rulings/cl2/agent-tile-hidden"
    question = "La tuile Agent n'est pas cachée aux autres ?"
    found = matched(corpus, question, ruling, [("Elle n'est pas cachée ?", "no", 0.93), ("cachée ?", "yes", 0.8)])
    answer = Composer(corpus).compose(decider.decide(read_query(question), found))
    assert answer.answer.startswith("Si. ")


def test_a_yes_no_question_answered_by_a_passage_says_it_gets_no_yes_or_no(decider: Decider, corpus: Corpus) -> None:
    question = "Est-ce qu'un jeton Or rapporte des points en fin de partie ?"
    found = retrieval(corpus, question, ["cl2-rules/faq/jeton-or"], [], dense=0.9)
    decision = decider.decide(read_query(question), found)
    assert (decision.reason, decision.withheld) == (Reason.PASSAGE, True)
    answer = Composer(corpus).compose(decision)
    assert answer.answer.startswith("Les textes ne donnent pas ce oui ou ce non en toutes lettres ; le passage")
    plain = "Combien rapporte un jeton Or ?"
    assert not decider.decide(
        read_query(plain), retrieval(corpus, plain, ["cl2-rules/faq/jeton-or"], [], dense=0.9)
    ).withheld
