"""A position file sent as it is (``POST /api/check``): the engine computes it, and the answer is composed as a
scenario answer is, so that a client can put a corrected position in place of a misread one.

>>> found = check_position({"game": "root", "clearings": [], "queries": [{"query": "ritual"}]})
>>> found.verdict.verdict["points"], found.frame.query
(0, 'ritual')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pydantic import ValidationError

from engine.errors import EngineError
from engine.games import DEFAULT_GAME, find_engine
from qa.scenario.contract import file_path
from qa.scenario.facts import Fact
from qa.scenario.frames import Frame, find
from qa.scenario.plan import Plan
from qa.scenario.reader import Reading
from qa.scenario.solve import Outcome, Problem


class PositionError(ValueError):
    """A position file the engine refuses; the message quotes what is wrong."""


def _not_read(reading: Reading) -> Plan:
    raise NotImplementedError("a position sent as a file is not read from a sentence")


def check_position(position: Mapping[str, Any], read: Reading | None = None) -> Outcome:
    """The outcome of a position file with exactly one query. ``PositionError`` quotes a file the engine refuses
    (an unknown game, a value the rules rule out, not exactly one query). ``read`` is the reading of the question
    the position came from, if any: its facts take their values from the file (a corrected one, say), so that the
    answer shows them and a follow-up amends them."""
    game = position.get("game", DEFAULT_GAME)
    try:
        engine = find_engine(str(game))
    except EngineError as exc:
        raise PositionError(str(exc)) from None
    queries = position.get("queries")
    if not isinstance(queries, list) or len(queries) != 1:
        raise PositionError(f"a position to check holds exactly one query in 'queries', not {queries!r}")
    try:
        doc = engine.read(json.dumps(position))
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"])
        raise PositionError(f"{where}: {str(error['msg']).removeprefix('Value error, ')}") from None
    except EngineError as exc:
        raise PositionError(str(exc)) from None
    (verdict,) = engine.run(doc)
    query = dict(queries[0])
    name = str(query.get("query"))
    frame = find(name, engine.game) or Frame(name, engine.game, frozenset(), _not_read)
    rest = {k: v for k, v in position.items() if k != "queries"}
    plan = Plan(name, engine.game, {"game": engine.game, **rest}, query, player=str(query.get("player", "me")))
    facts = () if read is None else corrected(read.facts, {"game": engine.game, **rest})
    reading = Reading(facts, frame.cues, ())
    if verdict.missing is not None:
        return Outcome(reading, frame, plan, verdict, missing=verdict.missing)
    if verdict.error is not None:
        return Outcome(
            reading,
            frame,
            plan,
            verdict,
            problem=Problem(json.dumps(query), verdict.error_fr or verdict.error, verdict.error),
        )
    return Outcome(reading, frame, plan, verdict)


def corrected(facts: tuple[Fact, ...], position: Mapping[str, Any]) -> tuple[Fact, ...]:
    """``facts`` with the values ``position`` gives at their places in the file; a fact the file does not hold
    is left out.

    >>> fixed = {"players": [{"name": "me", "city": {"green": ["green:7", "green:8"]}}]}
    >>> found = corrected((Fact("me.city.green", (7, 9), 3, 9),), fixed)
    >>> [(f.path, f.value, f.start) for f in found]
    [('me.city.green', (7, 8), 3)]
    """
    out = []
    for fact in facts:
        where = file_path(fact.path, dict(position))
        value = _at(position, where) if where else None
        if value is None:
            continue
        out.append(replace(fact, value=_fact_value(value)))
    return tuple(out)


def _at(doc: Any, path: str) -> Any:
    for key in path.split("."):
        if isinstance(doc, list) and key.isdecimal() and int(key) < len(doc):
            doc = doc[int(key)]
        elif isinstance(doc, Mapping) and key in doc:
            doc = doc[key]
        else:
            return None
    return doc


def _fact_value(value: Any) -> object:
    """A value as the reader holds it: a district's cards ("green:7", "total/green:15") as their numbers."""
    if isinstance(value, list) and all(isinstance(v, str) and ":" in v for v in value):
        numbers = tuple(int(v.rsplit(":", 1)[1]) for v in value)
        return numbers[0] if len(value) == 1 and value[0].startswith("total/") else numbers
    return tuple(value) if isinstance(value, list) else value
