"""A fact a question states (its path in the scenario case format, its value, its span), and two that contradict
each other."""

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
    #: The value is what the whole district comes to, said after a card of it ("a 3 in green, so she's at 12"): a
    #: follow-up's whole replaces the earlier district, it is never played on top of it.
    whole: bool = False


@dataclass(frozen=True)
class Contradiction:
    """Two things the question says that cannot both hold ("7 et 9, donc 15")."""

    quote: str
    start: int
    end: int
    why_fr: str
    why_en: str
