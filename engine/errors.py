"""Errors shared by every game's engine. Each message quotes the input at fault."""

from __future__ import annotations


class EngineError(ValueError):
    """A question the engine cannot answer as asked. The message is in English; ``fr`` says it in French where the
    engine has a French wording (the errors a player's position can meet), else ``None``."""

    def __init__(self, message: str, *, fr: str | None = None) -> None:
        super().__init__(message)
        self.fr = fr


class MissingFact(EngineError):
    """The position lacks a fact the query needs; ``fact`` names it (e.g. ``capital.blue``).

    The scenario reader turns it into a follow-up question.
    """

    def __init__(self, fact: str, why: str = "") -> None:
        self.fact = fact
        super().__init__(f"missing fact {fact!r}" + (f": {why}" if why else ""))


class ImpossiblePosition(EngineError):
    """A position that cannot occur (a negative count, an unknown player...); the message quotes it."""
