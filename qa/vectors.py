"""Exact nearest-neighbour search in memory, giving the same scores on every machine.

The vectors live in Chroma as float32. To search them, they are read once and turned into fixed-point
integers: unit length, then each component rounded to a multiple of 2**-26. A dot product is then a sum
of integer products whose partial sums all stay below 2**53, so float64 holds every one of them exactly:
no rounding at all, and a value that does not depend on the order of the additions, the SIMD width, fused
multiply-adds or the CPU. A float dot product does: Chroma's HNSW index picks its
distance kernel for the CPU at run time (AVX or AVX-512), and its scores moved in the last digits from one
machine to another, enough to flip a case sitting on a threshold. The unit length is computed with
``math.fsum`` (correctly rounded), for the same reason.

With a few thousand vectors, an exact search costs a few milliseconds; an approximate index pays off only
far beyond that.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

#: Components are rounded to multiples of ``2**-BITS``. For unit vectors the absolute products sum to at most
#: about ``2**(2*BITS)`` (Cauchy-Schwarz), below ``2**53``: every partial sum of a dot product is an exact float64.
#: The rounding moves a similarity by at most ``2**-BITS`` times the L1 norm, about 3e-7 for 384 dimensions.
BITS = 26
_ONE = float(2 ** (2 * BITS))


def fixed_point(vectors: np.ndarray | Sequence[Sequence[float]]) -> np.ndarray:
    """Each row scaled to unit length and rounded to integers (multiples of ``2**-BITS``), held as float64.

    Every operation is correctly rounded elementwise, so the result is the same on every machine.

    >>> fixed_point([[3.0, 4.0]]).tolist() == [[round(0.6 * 2**BITS), round(0.8 * 2**BITS)]]
    True
    """
    rows = np.asarray(vectors, dtype=np.float64)
    if rows.ndim != 2:
        raise ValueError(f"expected a matrix of vectors, got an array of shape {rows.shape}")
    norms = np.array([math.sqrt(math.fsum(row * row)) for row in rows], dtype=np.float64)
    if len(norms) and not norms.all():
        raise ValueError(f"cannot search a zero vector (row {int(np.argmin(norms))})")
    out = rows / norms[:, None]  # one copy, then the same operations in place (a float64 matrix can be large)
    out *= float(2**BITS)
    return np.rint(out, out=out)


def similarities(matrix: np.ndarray, query: np.ndarray) -> np.ndarray:
    """The cosine similarity of each fixed-point row with a fixed-point query: the integer dot product, exact.

    >>> m = fixed_point([[1.0, 0.0], [1.0, 1.0], [0.0, -1.0]])
    >>> [round(float(s), 6) for s in similarities(m, fixed_point([[1.0, 0.0]])[0])]
    [1.0, 0.707107, 0.0]
    """
    # einsum rather than BLAS: BLAS threads left spinning after a product slow down the next query's embedding.
    dots: np.ndarray = np.einsum("ij,j->i", matrix, query)
    return dots / _ONE


@dataclass(frozen=True, eq=False)
class StoredVectors:
    """The vectors of one kind of entry, row by row (sorted by entry key), with what each row belongs to."""

    #: The ruling (or section) id of each row.
    refs: tuple[str, ...]
    #: The store key of each row (for a ruling question: which question it is).
    keys: tuple[str, ...]
    langs: np.ndarray
    games: np.ndarray
    #: One fixed-point unit vector per row (:func:`fixed_point`).
    matrix: np.ndarray

    @classmethod
    def from_rows(
        cls, keys: Sequence[str], refs: Sequence[str], langs: Sequence[str], games: Sequence[str], vectors: object
    ) -> StoredVectors:
        """The rows sorted by their store key, so that neither the order of insertion nor the order in which the
        store returns them changes a tie."""
        order = sorted(range(len(keys)), key=lambda i: keys[i])
        rows = np.asarray(vectors, dtype=np.float64).reshape(len(keys), -1) if len(keys) else np.zeros((0, 1))
        return cls(
            refs=tuple(refs[i] for i in order),
            keys=tuple(keys[i] for i in order),
            langs=np.array([langs[i] for i in order], dtype=str),
            games=np.array([games[i] for i in order], dtype=str),
            matrix=fixed_point(rows[order] if order != sorted(order) else rows) if len(keys) else np.zeros((0, 1)),
        )

    @cached_property
    def _by_lang(self) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """The rows of each language and their matrix (filled by :meth:`_in_lang`)."""
        return {}

    @cached_property
    def _rows(self) -> dict[str, list[int]]:
        """The rows of each ref."""
        rows: dict[str, list[int]] = {}
        for i, ref in enumerate(self.refs):
            rows.setdefault(ref, []).append(i)
        return rows

    def nearest(
        self, vector: Sequence[float], *, lang: str, games: Sequence[str] | None, k: int
    ) -> list[tuple[str, float]]:
        """The ``k`` nearest refs in ``lang`` (and ``games``) by cosine similarity, each once with its closest
        row; equal scores keep the order of the rows."""
        if not self.refs:
            return []
        rows, matrix = self._in_lang(lang)  # only the rows of one language are multiplied
        scores = similarities(matrix, fixed_point([list(vector)])[0])
        if games:
            scores = np.where(np.isin(self.games[rows], list(games)), scores, -np.inf)
        best: dict[str, float] = {}
        for i in np.argsort(-scores, kind="stable"):
            if not np.isfinite(scores[i]) or len(best) == k:
                break
            best.setdefault(self.refs[rows[i]], float(scores[i]))
        return list(best.items())

    def _in_lang(self, lang: str) -> tuple[np.ndarray, np.ndarray]:
        """The rows in ``lang`` (in row order) and their matrix, sliced once."""
        if lang not in self._by_lang:
            rows = np.flatnonzero(self.langs == lang)
            self._by_lang[lang] = (rows, self.matrix[rows])
        return self._by_lang[lang]

    def rows_of(self, ref: str, vector: Sequence[float], *, lang: str) -> list[tuple[str, float]]:
        """Every row of ``ref`` in ``lang``, as (store key, cosine similarity), nearest first; equal scores keep
        the order of the rows."""
        rows = [i for i in self._rows.get(ref, ()) if self.langs[i] == lang]
        if not rows:
            return []
        scores = similarities(self.matrix[rows], fixed_point([list(vector)])[0])
        order = np.argsort(-scores, kind="stable")
        return [(self.keys[rows[i]], float(scores[i])) for i in order]
