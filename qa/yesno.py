"""The yes or no by matching: the nearest authored question of the ruling found gives its answer.

A ruling's questions each carry their right answer (:class:`Label`): its own questions the ruling's answer, and
the questions asked with their answer (:class:`corpus.model.Asked`) theirs: the opposite of a yes/no ruling's
answer, or ``unsettled`` for a near miss the texts do not settle. A player's question takes the answer of the
nearest of them, as retrieval takes the nearest ruling, when the nearest question of another answer is at least
``margin`` further away. Within the margin, a minimal pair (two questions differing in the words that turn the
answer) is told apart by those words: the player's question holds one side's and not the other's. Otherwise the
answer is withheld, and the composer says why.

>>> own = Neighbour("Do I keep my cards?", "yes", 0.90)
>>> flip = Neighbour("Do I lose my cards?", "no", 0.89, trigger="lose", pair="Do I keep my cards?")
>>> read_answer("so I lose them?", "en", (own, flip), margin=0.02).label, read_answer(
...     "so I lose them?", "en", (own, flip), margin=0.02).because.value
('no', 'trigger')
>>> read_answer("can I keep them?", "en", (own, flip), margin=0.005).label
'yes'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from corpus import Ruling
from qa.analysis import stems

#: The right answer of an authored question: its yes, its no, not settled by the texts, or (a question of a
#: ruling whose answer is no yes or no) answered by the ruling.
Label = Literal["yes", "no", "unsettled", "answered"]


@dataclass(frozen=True)
class Neighbour:
    """One authored question of the ruling found, with its right answer and its similarity to the question."""

    text: str
    label: Label
    similarity: float
    #: For a minimal pair: the words of this question that turn its answer, and the question it pairs with.
    trigger: str | None = None
    pair: str | None = None


class Because(Enum):
    """Why a reading gives the answer it gives, or none."""

    #: The nearest question's answer: the nearest of any other answer is at least the margin further.
    NEAREST = "nearest"
    #: Two questions of opposite answers are within the margin, and the words that turn them tell them apart.
    TRIGGER = "trigger"
    #: Questions of different answers are within the margin and nothing tells them apart: withheld.
    TOO_CLOSE = "too_close"
    #: No authored question is worded closely enough to the question: withheld.
    TOO_FAR = "too_far"
    #: The ruling has questions of one answer only: no yes or no can be told from it.
    ONE_ANSWER = "one_answer"


@dataclass(frozen=True)
class Reading:
    """The answer matching gives a question (``None``: withheld), why, and the questions it rests on."""

    label: Label | None
    because: Because
    nearest: Neighbour
    #: The nearest question of another answer than ``nearest``'s, if any.
    rival: Neighbour | None = None

    @property
    def gap(self) -> float | None:
        """How much nearer the nearest question is than its rival."""
        return None if self.rival is None else self.nearest.similarity - self.rival.similarity


def labels(ruling: Ruling, lang: str) -> dict[str, Neighbour]:
    """Every authored question of ``ruling`` in ``lang`` by its store key, with its right answer (similarity 0:
    not compared yet). The keys are ``<id>#<n>@<lang>`` for the ruling's own questions and ``<id>#a<n>@<lang>``
    for those asked with their answer (:class:`corpus.model.Asked`); the index stores each question under its
    key."""
    own: Label = "unsettled" if ruling.kind == "silent" else ruling.verdict or "answered"
    out = {f"{ruling.id}#{n}@{lang}": Neighbour(q, own, 0.0) for n, q in enumerate(ruling.questions[lang])}
    for n, a in enumerate(ruling.asked.get(lang, ())):
        pair = ruling.questions[lang][a.pair] if a.pair is not None else None
        out[f"{ruling.id}#a{n}@{lang}"] = Neighbour(a.text, a.answer, 0.0, a.trigger, pair)
    return out


def read_answer(
    question: str, lang: str, neighbours: Sequence[Neighbour], *, margin: float, least: float = 0.0
) -> Reading | None:
    """The answer ``neighbours`` (a ruling's questions, nearest first) give ``question``; ``None`` when there are
    none. The nearest must be at least ``least`` similar: a question worded unlike every authored one may ask
    another thing than the nearest of them."""
    if not neighbours:
        return None
    nearest = neighbours[0]
    rival = next((n for n in neighbours if n.label != nearest.label), None)
    if rival is None:  # nothing to tell a yes from a no: a ruling's own answer is not the answer to any question
        return Reading(nearest.label if nearest.label == "answered" else None, Because.ONE_ANSWER, nearest)
    if nearest.similarity < least:
        return Reading(None, Because.TOO_FAR, nearest, rival)
    if nearest.similarity - rival.similarity >= margin:
        return Reading(nearest.label, Because.NEAREST, nearest, rival)
    told = tell_apart(question, lang, nearest, rival)
    if told is not None:
        return Reading(told.label, Because.TRIGGER, nearest, rival)
    return Reading(None, Because.TOO_CLOSE, nearest, rival)


def tell_apart(question: str, lang: str, one: Neighbour, other: Neighbour) -> Neighbour | None:
    """Of a minimal pair (one the flip of the other), the one whose turning words ``question`` holds while it
    holds none of the other's: the flip's trigger, against the words of its pair that the flip dropped."""
    if one.trigger is not None and one.pair == other.text:
        flip, base = one, other
    elif other.trigger is not None and other.pair == one.text:
        flip, base = other, one
    else:
        return None
    asked = stems(question, lang)
    turned = stems(flip.trigger or "", lang)
    dropped = stems(base.text, lang) - stems(flip.text, lang)
    holds_flip = bool(turned) and turned <= asked
    holds_base = bool(dropped & asked)
    if holds_flip and not holds_base:
        return flip
    if holds_base and not holds_flip:
        return base
    return None
