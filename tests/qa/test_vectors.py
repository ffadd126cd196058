"""Exact search in memory: the same scores whatever the order of the additions, the rows or the machine."""

from __future__ import annotations

import numpy as np
import pytest

from qa.vectors import StoredVectors, fixed_point, similarities


def unit_rows(n: int, dim: int = 384, seed: int = 0) -> np.ndarray:
    rows = np.random.default_rng(seed).standard_normal((n, dim)).astype(np.float32)
    unit: np.ndarray = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    return unit


def test_a_similarity_does_not_depend_on_the_order_of_the_additions() -> None:
    """Float sums change in the last digits when they are added in another order (SIMD width, BLAS, CPU); these
    do not change at all."""
    rows, query = unit_rows(200), unit_rows(1, seed=1)[0]
    order = np.random.default_rng(2).permutation(384)
    m, q = fixed_point(rows), fixed_point([query])[0]
    assert np.array_equal(similarities(m, q), similarities(m[:, order], q[order]))
    assert np.array_equal(
        similarities(m, q), np.array([sum(int(a) * int(b) for a, b in zip(r, q, strict=True)) for r in m]) / 2.0**52
    )
    floats = rows.astype(np.float32) @ query.astype(np.float32)
    assert similarities(m, q) == pytest.approx(floats.astype(np.float64), abs=1e-6)


def test_rows_are_made_unit_length_and_a_zero_vector_is_refused() -> None:
    assert similarities(fixed_point([[2.0, 0.0]]), fixed_point([[5.0, 0.0]])[0]).tolist() == [1.0]
    with pytest.raises(ValueError, match=r"cannot search a zero vector \(row 1\)"):
        fixed_point([[1.0, 0.0], [0.0, 0.0]])
    with pytest.raises(ValueError, match=r"expected a matrix of vectors, got an array of shape \(2,\)"):
        fixed_point([1.0, 0.0])  # type: ignore[list-item]


def test_the_order_the_store_returns_rows_in_changes_nothing() -> None:
    rows = unit_rows(6)
    rows[3] = rows[1]  # an exact tie between two refs
    keys = [f"k{i}" for i in range(6)]
    refs = ["a", "b", "c", "d", "e", "f"]
    langs, games = ["fr"] * 6, ["g"] * 6
    forward = StoredVectors.from_rows(keys, refs, langs, games, rows)
    back = StoredVectors.from_rows(keys[::-1], refs[::-1], langs, games, rows[::-1])
    query = rows[1]
    assert forward.nearest(query, lang="fr", games=None, k=6) == back.nearest(query, lang="fr", games=None, k=6)
    assert [ref for ref, _ in forward.nearest(query, lang="fr", games=None, k=2)] == ["b", "d"]  # the tie: key order


def test_nearest_keeps_to_the_language_and_the_games() -> None:
    rows = unit_rows(4)
    stored = StoredVectors.from_rows(
        ["a@fr", "a@en", "b@fr", "c@fr"], ["a", "a", "b", "c"], ["fr", "en", "fr", "fr"], ["x", "x", "y", "x"], rows
    )
    assert {ref for ref, _ in stored.nearest(rows[1], lang="fr", games=None, k=5)} == {"a", "b", "c"}
    assert {ref for ref, _ in stored.nearest(rows[1], lang="fr", games=["x"], k=5)} == {"a", "c"}
    assert stored.nearest(rows[1], lang="de", games=None, k=5) == []
    assert StoredVectors.from_rows([], [], [], [], []).nearest(rows[0], lang="fr", games=None, k=3) == []


def test_rows_of_gives_every_question_of_one_ref_in_one_language_nearest_first() -> None:
    rows = unit_rows(5)
    keys = ["r#0@fr", "r#1@fr", "r#a0@fr", "r#0@en", "s#0@fr"]
    stored = StoredVectors.from_rows(keys, ["r", "r", "r", "r", "s"], ["fr", "fr", "fr", "en", "fr"], ["g"] * 5, rows)
    found = stored.rows_of("r", rows[2], lang="fr")
    assert found[0][0] == "r#a0@fr"
    assert {key for key, _ in found} == {"r#0@fr", "r#1@fr", "r#a0@fr"}
    assert [score for _, score in found] == sorted((score for _, score in found), reverse=True)
    assert stored.rows_of("r", rows[0], lang="de") == [] and stored.rows_of("t", rows[0], lang="fr") == []
