"""The answer to one query of a position file, shared by every game's engine, and its JSON form.

Each query has its own frozen result type (``DistrictVerdict``, ``RitualVerdict``...), registered under the
query's name by its game. A result holds plain values: numbers, names, booleans, enums (a colour, a power, a
suit), nested results, and cards as their text (``blue:7``). Its JSON form is that of pydantic's
``TypeAdapter``, so it can be read back (:meth:`Verdict.from_dict`) and described by a JSON Schema
(:func:`verdict_schema`)::

    {"query": "district",
     "verdict": {"player": "Ana", "colour": "blue", "total": 17, "maximum": 15, "gold_spent": 2, "busted": false},
     "missing": null, "error": null, "error_fr": null,
     "steps": [{"rule": "cl2-rules/faq/depasser-la-capitale", "fr": "...", "en": "...", "reading": null}]}

``verdict`` is ``null`` when the query could not be answered: ``missing`` then names the fact the position
lacks (``capital.blue``), or ``error`` quotes why the request is impossible (``error_fr`` says it in French where
the engine has a French wording, else ``null``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter

from engine.errors import EngineError, MissingFact
from engine.steps import Step

#: Query name -> its result type, for every game (filled by each game's ``results`` module).
RESULTS: dict[str, type[Any]] = {}


def result(query: str) -> Callable[[type[Any]], type[Any]]:
    """Class decorator: register a frozen dataclass as the result type of ``query``."""

    def register(cls: type[Any]) -> type[Any]:
        if RESULTS.setdefault(query, cls) is not cls:
            raise TypeError(f"two result types for query {query!r}")
        return cls

    return register


_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def _adapter(cls: type[Any]) -> TypeAdapter[Any]:
    """pydantic's adapter of a result type (built once: building one costs a millisecond)."""
    if cls not in _ADAPTERS:
        _ADAPTERS[cls] = TypeAdapter(cls)
    return _ADAPTERS[cls]


@dataclass(frozen=True)
class Verdict:
    """The answer to one query: a typed result, or the fact that is missing, or why it cannot be answered."""

    query: str
    result: Any = None
    steps: tuple[Step, ...] = ()
    missing: str | None = None
    error: str | None = None
    #: ``error`` in French, where the engine has a French wording.
    error_fr: str | None = None

    @property
    def verdict(self) -> dict[str, Any]:
        """The result's JSON form (``{}`` when there is none)."""
        if self.result is None:
            return {}
        form: dict[str, Any] = _adapter(type(self.result)).dump_python(self.result, mode="json")
        return form

    def to_dict(self) -> dict[str, Any]:
        """JSON form (see the module's documentation)."""
        return {
            "query": self.query,
            "verdict": None if self.result is None else self.verdict,
            "missing": self.missing,
            "error": self.error,
            "error_fr": self.error_fr,
            "steps": [{"rule": s.rule, "fr": s.fr, "en": s.en, "reading": s.reading} for s in self.steps],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Verdict:
        """Read back what :meth:`to_dict` wrote; ``EngineError`` for an unknown query."""
        query = data["query"]
        if query not in RESULTS:
            raise EngineError(f"unknown query {query!r}; known: {', '.join(sorted(RESULTS))}")
        found = data.get("verdict")
        return cls(
            query,
            None if found is None else _adapter(RESULTS[query]).validate_python(found),
            tuple(Step(s["rule"], s["fr"], s["en"], s.get("reading")) for s in data.get("steps", ())),
            data.get("missing"),
            data.get("error"),
            data.get("error_fr"),
        )


def verdict_schema() -> dict[str, Any]:
    """The JSON Schema of each query's result, by query name."""
    return {query: _adapter(cls).json_schema() for query, cls in sorted(RESULTS.items())}


def answer_all(queries: Sequence[Any], answer: Callable[[Any], Verdict]) -> list[Verdict]:
    """Answer every query in order; a missing fact or an impossible request becomes a verdict, not an error."""
    verdicts = []
    for query in queries:
        try:
            verdicts.append(answer(query))
        except MissingFact as exc:
            verdicts.append(Verdict(query.query, missing=exc.fact, error=str(exc)))
        except EngineError as exc:
            verdicts.append(Verdict(query.query, error=str(exc), error_fr=exc.fr))
    return verdicts
