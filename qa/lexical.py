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


@dataclass(frozen=True)
class Document:
    """A text to rank: ``ref`` (what it stands for: several texts may share one), language, game."""

    ref: str
    lang: str
    game: str
    text: str


class Bm25:
    """BM25 over any texts, one index per language; a ``ref`` ranks once, with its best text."""

    def __init__(self, documents: Sequence[Document], *, k1: float = 1.2, b: float = 0.75) -> None:
        self._members: dict[str, list[Document]] = {}
        for doc in documents:
            self._members.setdefault(doc.lang, []).append(doc)
        self._indexes: dict[str, bm25s.BM25] = {}
        for lang, members in self._members.items():
            index = bm25s.BM25(k1=k1, b=b)
            index.index([analyze(d.text, lang) or [""] for d in members], show_progress=False)
            self._indexes[lang] = index

    def rank(
        self, question: str | Sequence[str], lang: str, *, k: int, games: Sequence[str] | None = None
    ) -> list[tuple[str, float]]:
        """The ``k`` best refs in ``lang`` with their BM25 scores (``question`` as text, or its analysed terms);
        only positive scores count; none for a question with no terms."""
        index = self._indexes.get(lang)
        if index is None:
            return []
        terms = analyze(question, lang) if isinstance(question, str) else list(question)
        if not terms:  # bm25s fails on an empty query
            return []
        members = self._members[lang]
        scores = np.asarray(index.get_scores(terms), dtype=float)
        if games is not None:
            scores = np.where(np.array([d.game in games for d in members]), scores, 0.0)
        best: dict[str, float] = {}
        for i in np.argsort(-scores, kind="stable"):
            if scores[i] <= 0 or len(best) >= k:
                break
            best.setdefault(members[i].ref, float(scores[i]))
        return list(best.items())


class LexicalRanker:
    """BM25 over retrievable sections, one index per language.

    Furniture and heading-only sections are left out, so they are never ranked.
    """

    def __init__(self, corpus: Corpus, *, k1: float = 1.2, b: float = 0.75) -> None:
        self._corpus = corpus
        self._bm25 = Bm25(
            [
                Document(s.id, s.lang, s.game, section_terms(corpus, s))
                for s in corpus.sections.values()
                if s.is_retrievable
            ],
            k1=k1,
            b=b,
        )

    def rank(
        self, question: str | Sequence[str], lang: str, *, k: int = 5, games: Sequence[str] | None = None
    ) -> list[Hit]:
        """The ``k`` best sections in ``lang`` for ``question`` (text, or analysed terms); only positive scores
        count.

        ``games`` restricts the ranking to those games' sections.
        """
        return [
            Hit(self._corpus.section(ref, lang), score, rank)
            for rank, (ref, score) in enumerate(self._bm25.rank(question, lang, k=k, games=games), start=1)
        ]
