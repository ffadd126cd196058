"""From a reading to a verdict: the frame's plan goes through the engine's own schema and query runner.

The engine's checks apply: a value the texts rule out (a purple card worth 7, a negative gold) or facts that
contradict each other come back as a :class:`Problem` quoting the question; a fact the verdict needs comes back
as a :class:`Missing` fact, to be asked for.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from engine.errors import EngineError
from engine.games import find_engine
from engine.verdict import Verdict
from qa.scenario.frames import Frame, Missing, Plan
from qa.scenario.reader import Reading


@dataclass(frozen=True)
class Problem:
    """Why the question cannot describe a real position, and the words of the question at fault."""

    quote: str
    fr: str
    en: str

    def text(self, lang: str) -> str:
        """The problem in ``lang``."""
        return self.fr if lang == "fr" else self.en


@dataclass(frozen=True)
class Outcome:
    """What solving a scenario gave: a verdict, a fact to ask for, or a problem with the question."""

    reading: Reading
    #: The kind of question; ``None`` for a follow-up with no earlier position.
    frame: Frame | None
    plan: Plan | None = None
    verdict: Verdict | None = None
    #: The fact to ask for (a fact path: ``capital.blue``, ``me.gold``, ``cemeteries``).
    missing: str | None = None
    problem: Problem | None = None


def solve(reading: Reading, frame: Frame, question: str) -> Outcome:
    """Build the frame's position, check it with the engine, and run its query."""
    if reading.contradictions:
        c = reading.contradictions[0]
        return Outcome(reading, frame, problem=Problem(c.quote, c.why_fr, c.why_en))
    try:
        plan = frame.build(reading)
    except Missing as missing:
        return Outcome(reading, frame, missing=missing.path)
    engine = find_engine(plan.game)
    try:
        doc = engine.read(json.dumps({**plan.position, "queries": [plan.query]}))
    except ValidationError as exc:
        return Outcome(reading, frame, plan, problem=_refused(reading, question, exc))
    except EngineError as exc:
        return Outcome(reading, frame, plan, problem=_quoted(reading, question, str(exc), str(exc)))
    (verdict,) = engine.run(doc)
    if verdict.missing is not None:
        return Outcome(reading, frame, plan, verdict, missing=verdict.missing)
    if verdict.error is not None:
        return Outcome(reading, frame, plan, verdict, problem=_quoted(reading, question, verdict.error, verdict.error))
    return Outcome(reading, frame, plan, verdict)


def _refused(reading: Reading, question: str, exc: ValidationError) -> Problem:
    """The first value the schema refused, quoted from the question where a fact came from it."""
    error = exc.errors()[0]
    message = str(error["msg"]).removeprefix("Value error, ")
    return _quoted(reading, question, message, message, _path(error["loc"], reading))


def _path(loc: tuple[Any, ...], reading: Reading) -> str | None:
    """The fact path of a schema error's location (``players.0.gold`` -> ``me.gold``)."""
    parts = [str(p) for p in loc]
    if parts[:1] == ["capital"] and len(parts) > 1:
        return f"capital.{parts[1]}"
    if parts[:1] == ["players"] and len(parts) > 2:
        owners = list(
            dict.fromkeys(f.path.split(".")[0] for f in reading.facts if ".city." in f.path or ".gold" in f.path)
        )
        name = owners[int(parts[1])] if int(parts[1]) < len(owners) else None
        if name is not None:
            return f"{name}.{'.'.join(parts[2:4])}" if parts[2] == "city" else f"{name}.{parts[2]}"
    return None


def _quoted(reading: Reading, question: str, fr: str, en: str, path: str | None = None) -> Problem:
    fact = reading.get(path) if path else None
    quote = question[fact.start : fact.end] if fact is not None else question.strip()
    return Problem(quote, fr, en)
