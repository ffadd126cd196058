"""Answer a rules question from the corpus: retrieve the sections, cite the best one."""

from __future__ import annotations

from collections.abc import Callable

from corpus import Corpus, Section, load_corpus
from corpus.glossary import load_glossary
from qa.answer import Answer, Caveat, Citation, OriginalQuote
from qa.embeddings import E5Embeddings, load_backend
from qa.game import GameDetector
from qa.index import Progress, SectionIndex, silent_progress
from qa.language import preload as preload_language_model
from qa.lexical import LexicalRanker
from qa.retrieval import HybridRetriever, Retrieval, RetrievalSettings
from qa.settings import Settings

#: What Arbitre says when no passage answers, in each language.
NOT_FOUND = {
    "fr": "Les règles ne le disent pas : aucun passage des textes ne répond à cette question.",
    "en": "The rules do not say: no passage of the texts answers this question.",
}
NEAREST = {"fr": "Passages les plus proches : ", "en": "Nearest passages: "}


class Asker:
    """Answers questions from one loaded corpus and its index."""

    def __init__(
        self,
        corpus: Corpus | None = None,
        settings: Settings | None = None,
        retrieval: RetrievalSettings | None = None,
        *,
        notify: Callable[[str], None] | None = None,
        progress: Progress = silent_progress,
    ) -> None:
        preload_language_model()
        #: The corpus answers come from.
        self.corpus = corpus if corpus is not None else load_corpus()
        #: Where the index lives and which backend embeds.
        self.settings = settings or Settings.from_env()
        embeddings = E5Embeddings(load_backend(self.settings.embeddings))
        #: The dense index (built on first use).
        self.index = SectionIndex(self.corpus, embeddings, self.settings, notify=notify, progress=progress)
        #: True when this asker had to build (or refresh) the index.
        self.built_index = self.index.ensure().built
        #: The hybrid retriever.
        self.retriever = HybridRetriever(
            self.corpus,
            self.index,
            LexicalRanker(self.corpus),
            GameDetector(self.corpus, load_glossary()),
            retrieval,
        )

    def retrieve(self, question: str, *, lang: str | None = None, game: str | None = None) -> Retrieval:
        """The ranked sections for ``question``; ``ValueError`` quoting an empty question or bad option."""
        question = question.strip()
        if not question:
            raise ValueError("empty question: ask something, e.g. 'Combien rapporte un jeton Or ?'")
        return self.retriever.retrieve(question, lang=lang, game=game)

    def ask(self, question: str, *, lang: str | None = None, game: str | None = None) -> Answer:
        """Answer ``question``; ``lang`` and ``game`` override what would be inferred.

        Raises ``ValueError`` quoting an empty question, an unknown language or an unknown game.
        """
        found = self.retrieve(question, lang=lang, game=game)
        return self.answer(found)

    def answer(self, found: Retrieval) -> Answer:
        """The answer a retrieval supports: the best passage, cited, or "the rules do not say"."""
        if not found.found or not found.hits:
            nearest = ", ".join(f"{h.section.title} [{h.section.id}]" for h in found.hits[:3])
            text = NOT_FOUND[found.lang] + (f" {NEAREST[found.lang]}{nearest}." if nearest else "")
            return Answer(found.question, found.lang, found.game, "not_found", text)
        best = found.hits[0].section
        return Answer(
            question=found.question,
            lang=found.lang,
            game=found.game or best.game,
            kind="rules",
            answer=best.text,
            citations=(self.cite(best),),
            caveats=self.caveats(best, found.lang),
        )

    def cite(self, section: Section, quote: str | None = None) -> Citation:
        """A citation of ``section``, with its original beside it when it is a translation."""
        original = None
        if section.translated:
            source = self.corpus.original(section.id)
            original = OriginalQuote(source.lang, source.text)
        return Citation(
            doc=section.doc,
            section=section.id,
            title=section.title,
            lang=section.lang,
            translated=section.translated,
            quote=quote if quote is not None else section.text,
            original=original,
        )

    def caveats(self, section: Section, lang: str) -> tuple[Caveat, ...]:
        """The corpus notes that concern ``section``, in ``lang`` where translated."""
        return tuple(Caveat(note.id, note.open) for note in self.corpus.notes_for(section.id, lang))
