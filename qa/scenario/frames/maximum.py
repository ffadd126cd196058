"""What is a colour's MAXIMUM? The Capital's district, plus the Agent tiles revealed on it ("the Capital's blue is
12 and a +3 tile is revealed: what is the MAXIMUM?")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from qa.scenario.frames.base import Frame
from qa.scenario.frames.cl2_table import AGENT_TILES, CAPITAL, CAPITAL_UNCOLOURED, POWERS, Table, asked_colour
from qa.scenario.plan import CL2, Plan
from qa.scenario.say import colour, terms

if TYPE_CHECKING:
    from engine.verdict import Verdict
    from qa.scenario.reader import Reading


def build(reading: Reading) -> Plan:
    asked = asked_colour(reading, "capital.")
    table = Table(reading)
    table.require(f"capital.{asked.value}")
    query = {"query": "maximum", "colour": asked.value}
    return Plan("maximum", CL2, table.position(colour=asked), query, tuple(table.assumptions), asked)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    return f"MAXIMUM {colour(found['colour'], lang)} = {found['maximum']}."


def work(plan: Plan, verdicts: Sequence[Verdict], lang: str) -> str:
    found = verdicts[0].verdict
    tiles = tuple(found.get("tiles", ()))
    if not tiles:
        return ""
    capital, agent = ("Capitale", "tuiles Agent") if lang == "fr" else ("Capital", "Agent tiles")
    return f"{found['capital']} ({capital}) {terms(tiles)} ({agent}) = {found['maximum']}."


FRAME = Frame(
    "maximum",
    CL2,
    frozenset({"maximum"}),
    build,
    ("capital", "agent_tiles", "maximum"),
    rank=1,
    slots=(CAPITAL, CAPITAL_UNCOLOURED, AGENT_TILES, POWERS),
    sentence=sentence,
    work=work,
)
