"""How many warriors does a Cemetery's removal cost? Its Necro is removed with it, and with the Necro the Cabal's
warriors in that Necro's clearing ("my Cemetery is removed, I have 5 warriors there: how many do I lose?")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from qa.scenario.facts import Fact
from qa.scenario.frames.base import Frame, Slot
from qa.scenario.frames.root_table import CEMETERY_REMOVED, COUNTS, NECROS, SUITS, WARRIORS, count, stated
from qa.scenario.lexicon import Kind
from qa.scenario.plan import ROOT, Assumption, NotThisFrame, Plan
from qa.scenario.reader import Reading

#: Removing a Cemetery: the question says it is removed and asks how many.
REMOVES = frozenset({"remove", "bust"})
#: The warriors in the clearing the Cemetery's Necro has wandered to.
NECRO_WARRIORS = Slot("necro_warriors")


def build(reading: Reading) -> Plan:
    if reading.get("warriors") is None and not any(t.kind is Kind.WARRIOR for t in reading.tokens):
        raise NotThisFrame("a Cemetery removed, but the question counts no warriors (points for destroying it?)")
    away = stated(reading, "necro_warriors")
    if away is not None:  # "the Necro has wandered to another clearing where I have 7 warriors"
        return _necro_away(reading, away)
    warriors = count(reading, "warriors")
    necros = stated(reading, "necros")
    many = 1 if necros is None else max(1, int(str(necros.value)))  # the Cemetery's Necro, at least
    suits = ["fox", *(SUITS[i % 3] for i in range(1, many))]
    clearing = {"id": "c1", "suit": "fox", "cemetery": "fox", "necros": suits, "warriors": warriors}
    assumed = (Assumption("son Nécro se tient dans cette clairière", "its Necro stands in that clearing"),)
    query = {"query": "remove_cemetery", "suit": "fox"}
    return Plan("remove_cemetery", ROOT, {"game": ROOT, "clearings": [clearing]}, query, assumed)


def _necro_away(reading: Reading, away: Fact) -> Plan:
    """A Cemetery removed while its Necro stands in another clearing: the warriors lost are that clearing's."""
    here = [f for f in reading.facts if f.path == "warriors" and f.start != away.start and isinstance(f.value, int)]
    cemetery = {"id": "c1", "suit": "fox", "cemetery": "fox", "necros": [], "warriors": here[0].value if here else 0}
    necro = {"id": "c2", "suit": "mouse", "necros": ["fox"], "warriors": away.value}
    query = {"query": "remove_cemetery", "suit": "fox"}
    return Plan("remove_cemetery", ROOT, {"game": ROOT, "clearings": [cemetery, necro]}, query)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    n = found["warriors_removed"]
    return f"{n} guerrier(s) retiré(s)." if lang == "fr" else f"{n} warrior(s) removed."


FRAME = Frame(
    "remove_cemetery",
    ROOT,
    frozenset({"cemetery"}),
    build,
    ("warriors", "cemetery_removed"),
    3,
    (REMOVES, COUNTS),
    slots=(WARRIORS, NECROS, NECRO_WARRIORS, CEMETERY_REMOVED),
    sentence=sentence,
)
