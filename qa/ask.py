"""Answer a rules question from the corpus: retrieve sections and rulings, compose a cited answer."""

from __future__ import annotations

from collections.abc import Callable

from corpus import Corpus, load_corpus
from corpus.glossary import load_glossary
from qa.answer import Answer
from qa.compose import AnswerSettings, Composer
from qa.embeddings import E5Embeddings
from qa.game import GameDetector
from qa.generative import GenerativeAnswerer, chat_model_from_env
from qa.index import Progress, SectionIndex, silent_progress
from qa.language import check_language
from qa.lexical import LexicalRanker
from qa.retrieval import HybridRetriever, Retrieval, RetrievalSettings
from qa.rulings import RulingMatcher
from qa.settings import Settings


class Asker:
    """Answers questions from one loaded corpus and its index."""

    def __init__(
        self,
        corpus: Corpus | None = None,
        settings: Settings | None = None,
        retrieval: RetrievalSettings | None = None,
        answering: AnswerSettings | None = None,
        *,
        notify: Callable[[str], None] | None = None,
        progress: Progress = silent_progress,
    ) -> None:
        #: The corpus answers come from.
        self.corpus = corpus if corpus is not None else load_corpus()
        #: Where the index lives and which backend embeds.
        self.settings = settings or Settings.from_env()
        embeddings = E5Embeddings.from_settings(self.settings, notify)
        #: The dense index (built on first use).
        self.index = SectionIndex(self.corpus, embeddings, self.settings, notify=notify, progress=progress)
        #: True when this asker had to build (or refresh) the index.
        self.built_index = self.index.ensure().built
        #: The hybrid retriever, with the ruling matcher.
        self.retriever = HybridRetriever(
            self.corpus,
            self.index,
            LexicalRanker(self.corpus),
            GameDetector(self.corpus, load_glossary()),
            retrieval,
            RulingMatcher(self.corpus, self.index),
        )
        #: Composes answers from what was retrieved.
        self.composer = Composer(self.corpus, answering)
        model = chat_model_from_env()
        #: Writes answers with a chat model, when one is configured (off by default).
        self.generator = GenerativeAnswerer(model, self.corpus, self.composer) if model is not None else None

    def retrieve(self, question: str, *, lang: str | None = None, game: str | None = None) -> Retrieval:
        """The ranked sections and rulings for ``question``, searched in ``lang`` (default: the question's).

        Raises ``ValueError`` quoting an empty question, an unknown language or an unknown game.
        """
        question = question.strip()
        if not question:
            raise ValueError("empty question: ask something, e.g. 'Combien rapporte un jeton Or ?'")
        return self.retriever.retrieve(question, lang=lang, game=game)

    def answer(self, found: Retrieval, lang: str | None = None) -> Answer:
        """The answer a retrieval supports, in ``lang`` (default: the question's language)."""
        if self.generator is not None:
            return self.generator.answer(found, lang or found.lang)
        return self.composer.compose(found, lang)

    def ask(self, question: str, *, lang: str | None = None, game: str | None = None) -> Answer:
        """Answer ``question`` in its own language, or in ``lang`` when given; ``game`` narrows the search.

        Retrieval always runs in the question's language (every section exists in both), so ``lang``
        only chooses the language of the answer and its citations.
        """
        answer_lang = check_language(lang) if lang else None
        return self.answer(self.retrieve(question, game=game), answer_lang)
