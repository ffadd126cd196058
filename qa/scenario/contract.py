"""The typed scenario an answer carries (``Answer.scenario``), and its JSON form, kept stable for the API and the
widget::

    {"game": "capital-lux-2", "frame": "district",
     "position": {...a valid position file of the game, its query included...},
     "facts": [{"path": "capital.green", "file_path": "capital.green", "value": [2, 8, 5],
                "start": 27, "end": 38, "text": "2, 8 et 5", "label": "Capitale verte"}],
     "assumptions": ["no power in play but those named (none)"],
     "queries": [{"query": "district", "player": "me", "colour": "green"}],
     "verdicts": [{"query": "district", "verdict": {...}, "missing": null, "error": null, "error_fr": null,
                   "steps": [...]}],
     "readings": ["notes/maximum-undefined"],
     "missing": null, "problem": null, "picture": null,
     "accord": "agreed", "alternative": null}

``missing`` names the fact asked for (a ``clarify`` answer); ``problem`` quotes what cannot be (a ``clarify``
answer too); ``picture`` is a small SVG of the position (:mod:`qa.scenario.picture`), or ``null`` when there is
no position to draw; show it as an image (``data:image/svg+xml``), never inserted into a page. ``accord`` says how
the rule reader's and the learned reader's readings came out (:class:`qa.scenario.accord.Accord`, or ``null`` for a
position sent as a file); when they read the position two ways with two verdicts (``asked``), ``alternative`` holds
the other reading (its ``facts``, ``position`` and ``verdicts``, as above), for the player to choose.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cl2.power import Power
from qa.scenario.facts import Fact
from qa.scenario.picture import picture
from qa.scenario.solve import Outcome
from qa.scenario.write import label


@dataclass(frozen=True)
class FactRead:
    """One fact read from the question: its path (the case format's), where it went in the position file, its
    value, and its span in the question."""

    path: str
    file_path: str | None
    value: Any
    start: int
    end: int
    text: str
    #: What the fact is about, as a player says it, in the answer's language ("Capitale verte", "or de Léo").
    label: str = ""


@dataclass(frozen=True)
class Scenario:
    """The position read, what was assumed, and what the engine computed."""

    game: str | None
    frame: str | None
    position: dict[str, Any] | None
    facts: tuple[FactRead, ...]
    assumptions: tuple[str, ...]
    queries: tuple[dict[str, Any], ...]
    verdicts: tuple[dict[str, Any], ...]
    readings: tuple[str, ...]
    missing: str | None = None
    problem: str | None = None
    picture: str | None = None
    accord: str | None = None
    alternative: Scenario | None = None

    @classmethod
    def of(cls, outcome: Outcome, question: str, lang: str) -> Scenario:
        """The scenario of a solved (or stopped) question."""
        plan = outcome.plan
        position = None if plan is None else {**plan.position, "queries": [plan.query]}
        then = outcome.then
        asked_too = () if then is None or then.verdict is None or then.plan is None else (then.verdict,)
        verdicts = (
            () if outcome.verdict is None else tuple(v.to_dict() for v in (outcome.verdict, *outcome.more, *asked_too))
        )
        steps = () if outcome.verdict is None else outcome.verdict.steps
        return cls(
            game=None if outcome.frame is None else outcome.frame.game,
            frame=None if outcome.frame is None else outcome.frame.query,
            position=position,
            facts=tuple(_read(f, question, position, lang) for f in outcome.reading.facts),
            assumptions=() if plan is None else tuple(a.text(lang) for a in plan.assumptions),
            queries=()
            if plan is None
            else (
                plan.query,
                *plan.also[: len(outcome.more)],
                *(then.plan.query for _ in asked_too if then and then.plan),
            ),
            verdicts=verdicts,
            readings=tuple(dict.fromkeys(s.reading for s in steps if s.reading)),
            missing=outcome.missing,
            problem=None if outcome.problem is None else outcome.problem.quote,
            picture=picture(position, verdicts[0]["verdict"] if verdicts else None, lang),
            accord=None if outcome.accord is None else outcome.accord.value,
            alternative=None if outcome.other is None else cls.of(outcome.other, question, lang),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (see the module's documentation)."""
        return {
            "game": self.game,
            "frame": self.frame,
            "position": self.position,
            "facts": [
                {
                    "path": f.path,
                    "file_path": f.file_path,
                    "value": f.value,
                    "start": f.start,
                    "end": f.end,
                    "text": f.text,
                    "label": f.label,
                }
                for f in self.facts
            ],
            "assumptions": list(self.assumptions),
            "queries": list(self.queries),
            "verdicts": list(self.verdicts),
            "readings": list(self.readings),
            "missing": self.missing,
            "problem": self.problem,
            "picture": self.picture,
            "accord": self.accord,
            "alternative": None
            if self.alternative is None
            else {k: v for k, v in self.alternative.to_dict().items() if k in ("facts", "position", "verdicts")},
        }


def _json(value: object) -> Any:
    if isinstance(value, Power):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def _read(fact: Fact, question: str, position: dict[str, Any] | None, lang: str) -> FactRead:
    return FactRead(
        fact.path,
        file_path(fact.path, position),
        _json(fact.value),
        fact.start,
        fact.end,
        question[fact.start : fact.end],
        label(fact, lang),
    )


def file_path(path: str, position: dict[str, Any] | None) -> str | None:
    """Where a fact went in the position file (``me.city.green`` -> ``players.0.city.green``)."""
    if position is None:
        return None
    head, _, rest = path.partition(".")
    if head in ("capital", "powers", "agent_tiles", "configuration"):
        return path
    if head == "maximum":
        return f"capital.{rest}"
    names = [p.get("name") for p in position.get("players", [])]
    if head in names:
        return f"players.{names.index(head)}.{rest}"
    if position.get("game") == "root":
        return {
            "cemeteries": "clearings",
            "warriors": "clearings.0.warriors",
            "necros": "clearings.0.necros",
            "hits": "queries.0.hits",
            "bird_cards": "board.hand",
            "supply": "board.supply",
        }.get(path)
    return None
