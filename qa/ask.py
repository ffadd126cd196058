"""Answer a question from the corpus: the one answer function the CLI, the evaluation and the API call.

question -> :class:`qa.query.Query` (analysed once) -> retrieval -> :class:`qa.decision.Decision` -> composer ->
:class:`qa.answer.Answer`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from corpus import Corpus, load_corpus
from corpus.glossary import Term, load_glossary
from qa.answer import Answer
from qa.compose import AnswerSettings, Composer
from qa.decision import Decider, Decision, DecisionSettings, Reason
from qa.embeddings import E5Embeddings
from qa.game import GameDetector
from qa.generative import GenerativeAnswerer, chat_model_from_env
from qa.index import Progress, SectionIndex, silent_progress
from qa.language import check_language
from qa.lexical import LexicalRanker
from qa.query import Query, read_query
from qa.retrieval import HybridRetriever, Retrieval, RetrievalSettings
from qa.rulings import RulingMatcher
from qa.settings import Settings
from qa.vocabulary import Vocabulary


class Asker:
    """Answers questions from one loaded corpus and its index."""

    def __init__(
        self,
        corpus: Corpus | None = None,
        settings: Settings | None = None,
        retrieval: RetrievalSettings | None = None,
        answering: AnswerSettings | None = None,
        deciding: DecisionSettings | None = None,
        *,
        notify: Callable[[str], None] | None = None,
        progress: Progress = silent_progress,
        build: bool = True,
    ) -> None:
        #: The corpus answers come from.
        self.corpus = corpus if corpus is not None else load_corpus()
        #: Where the index lives and which backend embeds.
        self.settings = settings or Settings.from_env()
        embeddings = E5Embeddings.from_settings(self.settings, notify)
        #: The dense index (built on first use).
        self.index = SectionIndex(self.corpus, embeddings, self.settings, notify=notify, progress=progress)
        self.index.readonly = not build
        #: True when this asker had to build (or refresh) the index.
        self.built_index = self.index.ensure().built
        if not build:  # read every vector now, so that no request meets a missing index half-way
            self.index.vectors("section")
            self.index.vectors("ruling")
        glossary = load_glossary()
        #: The bilingual game vocabulary.
        self.glossary = glossary
        #: The hybrid retriever, with the ruling matcher.
        self.retriever = HybridRetriever(
            self.corpus,
            self.index,
            LexicalRanker(self.corpus),
            GameDetector(self.corpus, glossary),
            retrieval,
            RulingMatcher(self.corpus, self.index),
        )
        #: Decides what kind of answer each question gets.
        self.decider = Decider(self.corpus, Vocabulary(self.corpus, glossary), deciding)
        #: Composes answers from what was retrieved.
        self.composer = Composer(self.corpus, answering)
        model = chat_model_from_env()
        #: Writes answers with a chat model, when one is configured (off by default).
        self.generator = GenerativeAnswerer(model, self.corpus, self.composer) if model is not None else None

    def query(self, question: str) -> Query:
        """``question`` analysed; raises ``ValueError`` for an empty one."""
        if not question.strip():
            raise ValueError("empty question: ask something, e.g. 'Combien rapporte un jeton Or ?'")
        return read_query(question)

    def retrieve(
        self, question: str | Query, *, game: str | None = None, vector: Sequence[float] | None = None
    ) -> Retrieval:
        """The ranked sections and rulings for ``question``, searched in its language.

        Raises ``ValueError`` quoting an empty question or an unknown game.
        """
        query = question if isinstance(question, Query) else self.query(question)
        return self.retriever.retrieve(query, game=game, vector=vector)

    def decide(
        self, question: str | Query, *, game: str | None = None, history: Sequence[Mapping[str, Any]] = ()
    ) -> Decision:
        """What kind of answer ``question`` gets, and why; a question in several parts decides each part.

        ``history`` lists the earlier turns, each ``{"question": ..., "response": <the answer contract>}``: a
        follow-up ("and with 2 gold?") amends the last position computed.
        """
        query = question if isinstance(question, Query) else self.query(question)
        states = self.index.embeddings.token_states(query.text)  # one pass: the learned reader's and retrieval's
        early = self.decider.before_retrieval(query, history, states)
        if early is not None:
            return early
        found = self.retrieve(query, game=game, vector=None if states is None else states.vector.tolist())
        whole = self.decider.decide(query, found)
        if len(query.parts) < 2:
            return whole
        game = game or found.game
        first, *rest = query.parts
        # A later part often leaves out what the first named ("..., and how many of each value?"): it is searched
        # with the game terms of the first part it does not name itself.
        named = self.glossary.lookup(first)
        texts = [first, *(_with_terms(text, named, self.glossary.lookup(text), query.lang) for text in rest)]
        vectors = self.index.embeddings.embed_queries(texts)  # one call for both parts
        parts = tuple(self._part(read_query(t, query.lang), game, v) for t, v in zip(texts, vectors, strict=True))
        answered = {_rests_on(p) for p in parts if p.kind == "rules"}
        # Two parts answered apart, one of them as the whole question is: each part gets its answer. Parts read
        # without the rest of the sentence ("and what do they change?") are weaker than the whole; when they
        # disagree with it, the whole question's answer stands.
        if len(parts) != 2 or len(answered) < 2 or (whole.kind == "rules" and _rests_on(whole) not in answered):
            return whole
        return Decision(Reason.PARTS, query, found, parts=parts, margin=whole.margin)

    def _part(self, query: Query, game: str | None, vector: Sequence[float]) -> Decision:
        early = self.decider.before_retrieval(query)
        return early or self.decider.decide(query, self.retrieve(query, game=game, vector=vector))

    def answer(self, decision: Decision, lang: str | None = None) -> Answer:
        """The answer a decision gives, in ``lang`` (default: the question's language)."""
        if self.generator is not None and decision.retrieval is not None and decision.kind == "rules":
            answer = self.generator.answer(decision, lang or decision.query.lang)
        else:
            answer = self.composer.compose(decision, lang)
        hits = decision.retrieval.hits if decision.retrieval is not None else ()
        ranked = tuple(h.section.id for h in hits) or tuple(c.section for c in answer.citations)
        return replace(answer, reason=decision.reason.value, retrieved=ranked)

    def ask(
        self,
        question: str,
        *,
        lang: str | None = None,
        game: str | None = None,
        history: Sequence[Mapping[str, Any]] = (),
    ) -> Answer:
        """Answer ``question`` in its own language, or in ``lang`` when given; ``game`` narrows the search;
        ``history`` holds the earlier turns of a conversation (see :meth:`decide`).

        Retrieval always runs in the question's language (every section exists in both), so ``lang``
        only chooses the language of the answer and its citations.
        """
        answer_lang = check_language(lang) if lang else None
        return self.answer(self.decide(question, game=game, history=history), answer_lang)

    def check(
        self,
        position: Mapping[str, Any],
        *,
        question: str | None = None,
        lang: str | None = None,
        history: Sequence[Mapping[str, Any]] = (),
    ) -> Answer:
        """The answer to a position file with one query (a corrected position, say), composed as a scenario
        answer: the verdict first, the sections its steps applied cited. ``question`` (after ``history``) is the
        question the position came from, if any: the facts it stated are shown with the file's values, so that a
        follow-up amends the corrected position. The answer is in ``lang``, else the question's language, else
        French. ``qa.scenario.PositionError`` quotes a position the engine refuses."""
        text = question.strip() if question and question.strip() else ""
        query = read_query(text or "?", lang or (None if text else "fr"))
        return self.answer(self.decider.check(replace(query, text=text), position, history), lang)


def _rests_on(decision: Decision) -> tuple[str, str]:
    """What a decision's answer rests on: its ruling and its section."""
    return (decision.ruling.id if decision.ruling else "", decision.hit.section.id if decision.hit else "")


def _with_terms(text: str, named: tuple[Term, ...], own: tuple[Term, ...], lang: str) -> str:
    """``text`` followed by the names of the terms in ``named`` it does not name itself."""
    missing = [t.name(lang) for t in named if t not in own]
    return f"{text} ({', '.join(missing)})" if missing else text
