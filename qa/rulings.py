"""Matching a question to Arbitre's rulings: by the questions each ruling lists, in both languages."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from corpus import Corpus, Ruling
from qa.index import SectionIndex, StoredVectors
from qa.lexical import Bm25, Document


@dataclass(frozen=True)
class RulingMatch:
    """A ruling whose questions resemble the question asked."""

    ruling: Ruling
    #: Cosine similarity with the ruling's closest question.
    dense: float
    #: BM25 score against the ruling's questions, when any word is shared.
    lexical: float | None


class RulingMatcher:
    """Finds the rulings whose questions are closest to a question, in the question's language."""

    def __init__(self, corpus: Corpus, index: SectionIndex) -> None:
        #: The rulings, by id.
        self.rulings = corpus.rulings
        self._index = index
        self._vectors: StoredVectors | None = None
        self._bm25 = Bm25(
            [
                Document(r.id, lang, r.game, q)
                for r in corpus.rulings.values()
                for lang, questions in r.questions.items()
                for q in questions
            ]
        )

    def _questions(self) -> StoredVectors:
        """The vectors of every ruling question, read from the index on first use."""
        if self._vectors is None:
            self._vectors = self._index.vectors("ruling")
        return self._vectors

    def match(
        self, question: str, vector: Sequence[float], *, lang: str, games: Sequence[str] | None, k: int = 5
    ) -> tuple[RulingMatch, ...]:
        """The ``k`` closest rulings, best (dense similarity) first."""
        if not self.rulings:
            return ()
        dense = self._questions().nearest(vector, lang=lang, games=games, k=k)
        lexical = dict(self._bm25.rank(question, lang, k=4 * k, games=games))
        return tuple(RulingMatch(self.rulings[ref], score, lexical.get(ref)) for ref, score in dense)
