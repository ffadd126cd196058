"""Answer a rules question from the corpus: rank the sections, cite the best one."""

from __future__ import annotations

from dataclasses import dataclass

from corpus import Corpus, Section, load_corpus
from qa.answer import Answer, Caveat, Citation, OriginalQuote
from qa.language import check_language, detect_language
from qa.lexical import LexicalRanker

#: What Arbitre says when no passage answers, in each language.
NOT_FOUND = {
    "fr": "Les règles ne le disent pas : aucun passage des textes ne répond à cette question.",
    "en": "The rules do not say: no passage of the texts answers this question.",
}


@dataclass(frozen=True)
class AskSettings:
    """Named settings of the asker."""

    #: How many ranked sections are considered.
    top_k: int = 5


class Asker:
    """Answers questions from one loaded corpus."""

    def __init__(self, corpus: Corpus | None = None, settings: AskSettings | None = None) -> None:
        #: The corpus answers come from.
        self.corpus = corpus if corpus is not None else load_corpus()
        #: The ranking settings.
        self.settings = settings or AskSettings()
        #: The lexical ranker over the corpus sections.
        self.ranker = LexicalRanker(self.corpus.sections.values())

    def ask(self, question: str, *, lang: str | None = None, game: str | None = None) -> Answer:
        """Answer ``question``; ``lang`` and ``game`` override what would be inferred.

        Raises ``ValueError`` quoting an empty question, an unknown language or an unknown game.
        """
        question = question.strip()
        if not question:
            raise ValueError("empty question: ask something, e.g. 'Combien rapporte un jeton Or ?'")
        answer_lang = check_language(lang) if lang else detect_language(question)
        if game is not None:
            try:
                self.corpus.game(game)
            except KeyError as exc:
                raise ValueError(exc.args[0]) from None
        hits = self.ranker.rank(question, answer_lang, k=self.settings.top_k, games=[game] if game else None)
        if not hits:
            return Answer(question, answer_lang, game, "not_found", NOT_FOUND[answer_lang])
        best = hits[0].section
        return Answer(
            question=question,
            lang=answer_lang,
            game=game or best.game,
            kind="rules",
            answer=best.text,
            citations=(self.cite(best),),
            caveats=self.caveats(best, answer_lang),
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
