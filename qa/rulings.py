"""Matching a question to Arbitre's rulings: by the questions each ruling lists, in both languages."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from corpus import Corpus, Ruling
from qa.index import SectionIndex
from qa.yesno import Neighbour, labels


@dataclass(frozen=True)
class RulingMatch:
    """A ruling whose questions resemble the question asked."""

    ruling: Ruling
    #: Cosine similarity with the ruling's closest question.
    dense: float
    #: The ruling's questions in the question's language, each with its right answer, nearest first.
    neighbours: tuple[Neighbour, ...] = ()


class RulingMatcher:
    """Finds the rulings whose questions are closest to a question, in the question's language.

    BM25 over the ruling questions was measured beside dense similarity and did not choose better rulings,
    so matching is dense only: exact, in memory, over vectors read once from the index.
    """

    def __init__(self, corpus: Corpus, index: SectionIndex) -> None:
        #: The rulings, by id.
        self.rulings = corpus.rulings
        self._index = index
        self._labels: dict[tuple[str, str], dict[str, Neighbour]] = {}

    def match(
        self, question: str, vector: Sequence[float], *, lang: str, games: Sequence[str] | None, k: int = 5
    ) -> tuple[RulingMatch, ...]:
        """The ``k`` closest rulings, best (dense similarity) first."""
        if not self.rulings:
            return ()
        stored = self._index.vectors("ruling")
        dense = stored.nearest(vector, lang=lang, games=games, k=k)
        return tuple(
            RulingMatch(self.rulings[ref], score, self._neighbours(ref, stored.rows_of(ref, vector, lang=lang), lang))
            for ref, score in dense
        )

    def _neighbours(self, ref: str, scored: Sequence[tuple[str, float]], lang: str) -> tuple[Neighbour, ...]:
        if (ref, lang) not in self._labels:  # built once per ruling and language, not on every question
            self._labels[(ref, lang)] = labels(self.rulings[ref], lang)
        known = self._labels[(ref, lang)]
        return tuple(replace(known[key], similarity=score) for key, score in scored if key in known)
