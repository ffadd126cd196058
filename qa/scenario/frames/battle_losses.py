"""How many warriors does the Cabal lose in a battle? Hits remove its regular warriors first, then its Necros,
which return ("3 hits in a clearing where I have 2 warriors and a Necro: what do I lose?")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from qa.scenario.frames.base import Frame
from qa.scenario.frames.root_table import COUNTS, HITS, NECROS, SUITS, WARRIORS, count, stated
from qa.scenario.plan import ROOT, Assumption, Plan

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

#: Losses in battle: the hits, or the warriors there (the hits are then asked for).
LOSSES = ("hits", "warriors")


def build(reading: Reading) -> Plan:
    hits, warriors = count(reading, "hits"), count(reading, "warriors")
    necros = stated(reading, "necros")
    many = 0 if necros is None else int(str(necros.value))
    assumed: tuple[Assumption, ...] = ()
    if necros is None and hits > warriors:
        assumed = (NECROS.assumed({}, {}),)
    clearing = {"id": "c1", "suit": "fox", "warriors": warriors, "necros": [SUITS[i % 3] for i in range(many)]}
    query = {"query": "battle_losses", "clearing": "c1", "hits": hits}
    return Plan("battle_losses", ROOT, {"game": ROOT, "clearings": [clearing]}, query, assumed)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    n = found["warriors_removed"]
    return f"{n} guerrier(s) retiré(s)." if lang == "fr" else f"{n} warrior(s) removed."


FRAME = Frame(
    "battle_losses",
    ROOT,
    frozenset({"battle", "remove", "bust"}),
    build,
    LOSSES,
    2,
    (COUNTS,),
    slots=(HITS, WARRIORS, NECROS),
    sentence=sentence,
)
