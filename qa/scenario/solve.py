"""From a reading to a verdict: the frame's plan goes through the engine's own schema and query runner.

The engine's checks apply: a value the texts rule out (a purple card worth 7, a negative gold) or facts that
contradict each other come back as a :class:`Problem` quoting the question; a fact the verdict needs comes back
as a :class:`Missing` fact, to be asked for.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from engine.errors import EngineError
from engine.games import find_engine
from engine.root.position import STARTING, SUPPLY
from engine.verdict import Verdict
from qa.scenario.frames import Frame, Missing, Plan
from qa.scenario.frames.base import same_path
from qa.scenario.frames.play import with_plays
from qa.scenario.lexicon import Kind
from qa.scenario.reader import Reading
from qa.scenario.refusals import said_en, said_fr

if TYPE_CHECKING:
    from qa.scenario.accord import Accord


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
    #: The verdicts of the plan's further queries (every player's score), in their order.
    more: tuple[Verdict, ...] = ()
    #: A second thing the question asks of the same position ("..., and who takes the Bonus?"), solved.
    then: Outcome | None = None
    #: How the rule reader's and the learned reader's readings came out (:mod:`qa.scenario.accord`).
    accord: Accord | None = None
    #: The other reading, solved, when the two readings give different verdicts and the player is asked.
    other: Outcome | None = None


def solve(reading: Reading, frame: Frame, question: str) -> Outcome:
    """Build the frame's position, check it with the engine, and run its query."""
    if reading.contradictions:
        c = reading.contradictions[0]
        return Outcome(reading, frame, problem=Problem(c.quote, c.why_fr, c.why_en))
    try:
        plan = with_plays(frame.build(reading), reading)
    except Missing as missing:
        return Outcome(reading, frame, missing=missing.path)
    engine = find_engine(plan.game)
    try:
        doc = engine.read(json.dumps({**plan.position, "queries": [plan.query, *plan.also]}))
    except ValidationError as exc:
        return Outcome(reading, frame, plan, problem=_refused(reading, question, exc))
    except EngineError as exc:
        fr = exc.fr or str(exc)  # the engine's French wording, where it has one
        return Outcome(reading, frame, plan, problem=_quoted(reading, question, fr, str(exc), _about(str(exc))))
    verdict, *more = engine.run(doc)
    if verdict.missing is not None:
        return Outcome(reading, frame, plan, verdict, missing=same_path(verdict.missing, plan.player))
    if verdict.error is not None:
        return Outcome(
            reading,
            frame,
            plan,
            verdict,
            problem=_quoted(reading, question, verdict.error_fr or verdict.error, verdict.error),
        )
    return Outcome(reading, frame, plan, verdict, more=tuple(more))


def _refused(reading: Reading, question: str, exc: ValidationError) -> Problem:
    """The first value the schema refused, quoted from the question where a fact came from it."""
    error = exc.errors()[0]
    return _quoted(reading, question, said_fr(error), said_en(error), _path(error["loc"], reading))


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


#: The fact an engine's refusal is about, by a word of its message.
_ABOUT = (
    (f"at most {SUPPLY + STARTING} warriors", "warriors"),
    ("Necro", "necros"),
    ("Cemetery", "cemeteries"),
    ("supply", "supply"),
    ("Agent tiles", "agent_tiles"),
)


def _about(message: str) -> str | None:
    return next((path for word, path in _ABOUT if word in message), None)


def _quoted(reading: Reading, question: str, fr: str, en: str, path: str | None = None) -> Problem:
    """The problem, quoting the words of the fact at ``path`` (the whole question when none is known). A refused
    card ("no card 'purple:7'") is quoted from the words that name it: "carte violette de 7"."""
    fact = next((f for f in reading.facts if path and (f.path == path or f.path.startswith(path + "."))), None)
    if fact is None or fact.start < 0:
        return Problem(question.strip(), fr, en)
    refused = re.search(r"no card '[^:']*:(-?\d+)", en)
    if refused is not None:
        value = int(refused.group(1))
        inside = [t for t in reading.tokens if fact.start <= t.start < fact.end and t.value == value]
        if inside:
            number = inside[0]
            named = [
                t
                for t in reading.tokens
                if t.end <= number.start and t.kind in (Kind.CARD, Kind.CARD_KIND, Kind.COLOUR, Kind.POWER)
            ]
            start = named[-1].start if named else number.start
            if named and len([t for t in reading.tokens if start <= t.start < number.start]) > 4:
                start = number.start
            if named and named[-1].kind is not Kind.CARD:  # "carte violette": start at the card word before it
                cards = [t for t in reading.tokens if t.end <= start and t.kind is Kind.CARD]
                if cards and len([t for t in reading.tokens if cards[-1].start <= t.start < start]) <= 2:
                    start = cards[-1].start
            earlier = [t for t in reading.tokens if t.end <= start]
            while earlier and earlier[-1].kind in (Kind.CARD, Kind.CARD_KIND) and start - earlier[-1].end <= 1:
                start = earlier.pop().start  # "Experimenter card worth 4"
            return Problem(question[start : number.end], fr, en)
    return Problem(question[fact.start : fact.end], fr, en)
