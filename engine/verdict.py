"""The answer to one query of a position file, shared by every game's engine."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import EngineError, MissingFact
from engine.steps import Step


@dataclass(frozen=True)
class Verdict:
    """The answer to one query: a verdict, or the fact that is missing, or why it cannot be answered."""

    query: str
    verdict: dict[str, Any] = field(default_factory=dict)
    steps: tuple[Step, ...] = ()
    missing: str | None = None
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "query": self.query,
            "verdict": self.verdict,
            "missing": self.missing,
            "error": self.error,
            "steps": [{"rule": s.rule, "fr": s.fr, "en": s.en, "reading": s.reading} for s in self.steps],
        }


def answer_all(queries: Sequence[Any], answer: Callable[[Any], Verdict]) -> list[Verdict]:
    """Answer every query in order; a missing fact or an impossible request becomes a verdict, not an error."""
    verdicts = []
    for query in queries:
        try:
            verdicts.append(answer(query))
        except MissingFact as exc:
            verdicts.append(Verdict(query.query, missing=exc.fact, error=str(exc)))
        except EngineError as exc:
            verdicts.append(Verdict(query.query, error=str(exc)))
    return verdicts
