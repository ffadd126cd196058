"""BM25 ranking over the corpus sections, with French and English analysis.

One BM25 index per language: a French section is analysed as French, an English one as English,
and a question is ranked against the sections of its own language. Hybrid retrieval reuses this
ranker beside dense similarity.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import bm25s
import numpy as np

from corpus import Corpus, Section
from qa.analysis import analyze


@dataclass(frozen=True)
class Hit:
    """A ranked section: its BM25 ``score`` and its 1-based ``rank`` in one ranking."""

    section: Section
    score: float
    rank: int


def section_terms(corpus: Corpus, section: Section) -> str:
    """The text a section is ranked and embedded on: its ancestors' titles, its title, then its text.

    The ancestors give a passage its context: "CN.4.1 Sinistre retour." is part of "CN.4 AURORE".
    """
    return "\n".join([" › ".join([*corpus.breadcrumb(section), section.title]), section.text])


class LexicalRanker:
    """BM25 over retrievable sections, one index per language.

    Furniture and heading-only sections are left out, so they are never ranked.
    """

    def __init__(self, corpus: Corpus, *, k1: float = 1.2, b: float = 0.75) -> None:
        #: The ranked sections of each language, in index order.
        self.sections: dict[str, list[Section]] = {}
        for section in corpus.sections.values():
            if section.is_retrievable:
                self.sections.setdefault(section.lang, []).append(section)
        self._indexes: dict[str, bm25s.BM25] = {}
        for lang, members in self.sections.items():
            index = bm25s.BM25(k1=k1, b=b)
            index.index([analyze(section_terms(corpus, s), lang) or [""] for s in members], show_progress=False)
            self._indexes[lang] = index

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages that have at least one ranked section."""
        return tuple(self._indexes)

    def rank(self, question: str, lang: str, *, k: int = 5, games: Sequence[str] | None = None) -> list[Hit]:
        """The ``k`` best sections in ``lang`` for ``question``; only positive scores count.

        ``games`` restricts the ranking to those games' sections.
        """
        index = self._indexes.get(lang)
        if index is None:
            return []
        members = self.sections[lang]
        scores = np.asarray(index.get_scores(analyze(question, lang)), dtype=float)
        if games is not None:
            allowed = np.array([s.game in games for s in members])
            scores = np.where(allowed, scores, 0.0)
        order = np.argsort(-scores, kind="stable")[:k]
        return [
            Hit(members[i], float(scores[i]), rank)
            for rank, i in enumerate((i for i in order if scores[i] > 0), start=1)
        ]
