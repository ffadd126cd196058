"""The learned reader's intent head: which frame a question asks, or that it is a rules question, read from the
question's e5 vector (the one retrieval computes).

A linear layer over the vector, held in fixed point so that every machine computes the same scores, exactly: the
vector is scaled and rounded as the index's vectors are (:func:`qa.vectors.fixed_point`), the weights are integers,
and every product and sum is an integer well under 2**53, so the order of the sums cannot change a bit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from qa.vectors import BITS, fixed_point

#: The head trained by ``python -m qa.scenario.data.train_intent``.
MODEL = Path(__file__).resolve().parents[1] / "models" / "intent.npz"
#: The label of a rules question.
RULES = "rules"
#: Weights are held as integers, multiples of ``2**-WEIGHT_BITS``.
WEIGHT_BITS = 12


@dataclass(frozen=True)
class Intent:
    """What the head reads: a frame's name or ``rules``, and its probability (a softmax over the exact scores)."""

    label: str
    confidence: float


@dataclass(frozen=True)
class IntentHead:
    """A linear layer: integer weights (one row a label) and integer biases, in fixed point."""

    labels: tuple[str, ...]
    weights: np.ndarray
    bias: np.ndarray

    @classmethod
    def from_float(cls, labels: Sequence[str], weights: np.ndarray, bias: np.ndarray) -> IntentHead:
        """The head of a trained linear model, its weights rounded to fixed point."""
        scale = float(2**WEIGHT_BITS)
        return cls(tuple(labels), np.rint(np.asarray(weights) * scale), np.rint(np.asarray(bias) * scale))

    def scores(self, vector: Sequence[float] | np.ndarray) -> np.ndarray:
        """Each label's score for a question's vector, in units of ``2**-(BITS + WEIGHT_BITS)``: exact integers."""
        v = fixed_point(np.asarray(vector, dtype=np.float64)[None, :])[0]
        exact = [math.fsum(row * v) for row in self.weights]  # integers: the same sum in any order
        return np.array(exact) + self.bias * float(2**BITS)

    def predict(self, vector: Sequence[float] | np.ndarray) -> Intent:
        """The label with the highest score (the first in ``labels`` on a tie), and its probability."""
        scores = self.scores(vector)
        best = int(np.argmax(scores))
        logits = scores / float(2 ** (BITS + WEIGHT_BITS))
        shifted = np.exp(logits - logits[best])
        return Intent(self.labels[best], float(1.0 / shifted.sum()))

    def save(self, path: Path) -> Path:
        """Write the head to ``path`` (``.npz``)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, labels=np.array(self.labels), weights=self.weights.astype(np.int32), bias=self.bias)
        return path

    @classmethod
    def load(cls, path: Path = MODEL) -> IntentHead:
        """Read a head written by :meth:`save`."""
        with np.load(path, allow_pickle=False) as npz:
            return cls(tuple(str(x) for x in npz["labels"]), npz["weights"].astype(np.float64), npz["bias"])


@cache
def shipped() -> IntentHead:
    """The head that ships with the package, read once."""
    return IntentHead.load()
