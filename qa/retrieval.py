"""Hybrid retrieval: dense similarity (e5 in Chroma) fused with BM25, in the question's language.

Every section exists in French and English, so a question is matched against the sections of its own
language (far stronger than across languages); each section therefore appears once, in the asker's
language. Dense and lexical rankings are fused by weighted reciprocal rank, so exact terms (a tile
name, "CN.6.1") and paraphrases both work.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from corpus import Corpus, Section
from qa.game import GameDetector
from qa.index import SectionIndex
from qa.lexical import LexicalRanker
from qa.margin import Margins
from qa.query import Query, read_query
from qa.rulings import RulingMatch, RulingMatcher


@dataclass(frozen=True)
class RetrievalSettings:
    """Named settings of hybrid retrieval, tuned on the dev half of the evaluation set only."""

    #: How many sections a retrieval returns.
    top_k: int = 5
    #: How many candidates each ranker contributes before fusion.
    candidates: int = 20
    #: The reciprocal-rank constant: larger flattens the difference between ranks.
    rrf_k: int = 20
    #: Weight of the dense ranking in the fusion.
    dense_weight: float = 1.0
    #: Weight of the BM25 ranking in the fusion.
    lexical_weight: float = 1.0
    #: Weight of the ranking by the sections the closest rulings rest on.
    ruling_weight: float = 3.0


@dataclass(frozen=True)
class Hit:
    """A retrieved section with its fused score and what each ranker gave it."""

    section: Section
    rank: int
    score: float
    dense: float | None
    lexical: float | None


@dataclass(frozen=True)
class Retrieval:
    """The outcome of one retrieval."""

    question: str
    lang: str
    #: The game searched: given, inferred, or ``None`` (all games).
    game: str | None
    #: How the game was decided.
    game_source: Literal["given", "inferred", "unknown"]
    hits: tuple[Hit, ...]
    #: The best dense similarity and the best BM25 score among the candidates (what the decision weighs).
    best_dense: float = 0.0
    best_lexical: float = 0.0
    #: The rulings whose questions are closest, best first.
    rulings: tuple[RulingMatch, ...] = ()
    #: The smallest change of a similarity that would change the sections found or their order (see
    #: :mod:`qa.margin`); ``None`` when nothing was compared.
    margin: float | None = None


class HybridRetriever:
    """Ranks the corpus sections for a question."""

    def __init__(
        self,
        corpus: Corpus,
        index: SectionIndex,
        ranker: LexicalRanker,
        detector: GameDetector,
        settings: RetrievalSettings | None = None,
        rulings: RulingMatcher | None = None,
    ) -> None:
        #: The corpus searched.
        self.corpus = corpus
        #: The dense index.
        self.index = index
        #: The BM25 ranker.
        self.ranker = ranker
        #: Infers the game from vocabulary.
        self.detector = detector
        #: The tuning.
        self.settings = settings or RetrievalSettings()
        #: Matches questions to rulings, when there are rulings.
        self.rulings = rulings

    def retrieve(
        self, query: Query | str, *, game: str | None = None, vector: Sequence[float] | None = None
    ) -> Retrieval:
        """Rank sections for ``query`` (analysed, or a question to analyse); ``game`` overrides what would be
        inferred; ``vector`` is the question's embedding, when it was computed with others.

        Raises ``ValueError`` quoting an unknown game.
        """
        s = self.settings
        if isinstance(query, str):
            query = read_query(query)
        question, lang = query.text, query.lang
        source: Literal["given", "inferred", "unknown"] = "given"
        if game is not None:
            try:
                self.corpus.game(game)
            except KeyError as exc:
                raise ValueError(exc.args[0]) from None
        else:
            game = self.detector.detect(question, lang)
            source = "inferred" if game else "unknown"
        games = [game] if game else None

        if vector is None:
            vector = self.index.embeddings.embed_query(question)
        # One candidate more than is fused, to see how close the next one came to getting in.
        dense = self.index.search(vector, lang=lang, games=games, k=s.candidates + 1)
        lexical = [(h.section.id, h.score) for h in self.ranker.rank(query.terms, lang, k=s.candidates, games=games)]
        rulings = (
            self.rulings.match(question, vector, lang=lang, games=games, k=s.candidates + 1) if self.rulings else ()
        )
        fusion = _Fusion(s, [i for i, _ in lexical])
        fused = fusion.scores(dense, rulings)
        ordered = fusion.order(fused)
        dense_of, lexical_of = dict(dense), dict(lexical)
        hits = tuple(
            Hit(self.corpus.section(i, lang), rank, fused[i], dense_of.get(i), lexical_of.get(i))
            for rank, i in enumerate(ordered, start=1)
        )
        margins = Margins()
        margins.add(fusion.margin(dense, rulings, ordered))
        best_dense = max((d for _, d in dense[: s.candidates]), default=0.0)
        best_lexical = max((score for _, score in lexical), default=0.0)
        rulings = rulings[: s.candidates]
        return Retrieval(question, lang, game, source, hits, best_dense, best_lexical, rulings, margins.margin)


class _Fusion:
    """Weighted reciprocal-rank fusion of the dense, lexical and ruling rankings, and how stable its result is."""

    def __init__(self, settings: RetrievalSettings, lexical: Sequence[str]) -> None:
        self.settings = settings
        self.lexical = list(lexical)

    def scores(self, dense: Sequence[tuple[str, float]], rulings: Sequence[RulingMatch]) -> dict[str, float]:
        """The fused score of every candidate section (only the first ``candidates`` of each ranking count)."""
        s, n = self.settings, self.settings.candidates
        # The sections the closest rulings rest on, in the order of their rulings: the third ranking.
        by_ruling = list(dict.fromkeys(m.ruling.section for m in rulings[:n]))
        fused: dict[str, float] = {}
        rankings = (
            (s.dense_weight, [i for i, _ in dense[:n]]),
            (s.lexical_weight, self.lexical),
            (s.ruling_weight, by_ruling),
        )
        for weight, ranking in rankings:
            for rank, section_id in enumerate(ranking, start=1):
                fused[section_id] = fused.get(section_id, 0.0) + weight / (s.rrf_k + rank)
        return fused

    def order(self, fused: dict[str, float]) -> list[str]:
        """The ``top_k`` sections of fused scores, best first; equal scores in id order."""
        return sorted(fused, key=lambda i: (-fused[i], i))[: self.settings.top_k]

    def top(self, dense: Sequence[tuple[str, float]], rulings: Sequence[RulingMatch]) -> list[str]:
        """The ``top_k`` sections the rankings give, best first."""
        return self.order(self.scores(dense, rulings))

    def margin(
        self, dense: Sequence[tuple[str, float]], rulings: Sequence[RulingMatch], ordered: Sequence[str]
    ) -> float | None:
        """The smallest similarity gap between two neighbours of the dense or the ruling ranking whose swap
        would change the sections returned or their order (the last candidate's neighbour is the first one left
        out). Ranks, not similarities, are fused, so only such a swap can change the result."""
        gaps = []
        for i in range(len(dense) - 1):
            swapped = [*dense[:i], dense[i + 1], dense[i], *dense[i + 2 :]]
            if self.top(swapped, rulings) != list(ordered):
                gaps.append(dense[i][1] - dense[i + 1][1])
        for i in range(len(rulings) - 1):
            if rulings[i].ruling.section == rulings[i + 1].ruling.section:
                continue
            swapped_rulings = [*rulings[:i], rulings[i + 1], rulings[i], *rulings[i + 2 :]]
            if self.top(dense, swapped_rulings) != list(ordered):
                gaps.append(rulings[i].dense - rulings[i + 1].dense)
        return min(gaps, default=None)
