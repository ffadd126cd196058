"""A fact a question states: its path (the scenario case format's), its value, and its span."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Fact:
    """One fact the question states: its path, its value, and where it is in the question."""

    path: str
    #: A tuple of card values, a total (one number), a count, a power, or a configuration letter.
    value: object
    start: int
    end: int
    #: The kind of each card (``rebel``, ``vector``... or ``None`` for a plain card), when the question names one.
    kinds: tuple[str | None, ...] = ()
