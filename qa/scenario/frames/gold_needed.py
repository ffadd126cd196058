"""How much gold saves a district? The Merchant lets its owner spend gold, each token raising their MAXIMUM by 1
("my blue is 17, the Capital's 15: how much gold do I need?")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.cl2.power import Power
from qa.scenario.frames.base import Frame
from qa.scenario.frames.cl2_table import ONE_DISTRICT, at_game_end, limit_parts, one_district
from qa.scenario.plan import CL2, Assumption, NotThisFrame, Plan
from qa.scenario.say import colour, district_of

if TYPE_CHECKING:
    from engine.verdict import Verdict
    from qa.scenario.reader import Reading

#: The least gold: the question speaks of gold.
GOLD = (frozenset({"gold"}),)


def build(reading: Reading) -> Plan:
    if at_game_end(reading) and not any(f.path.startswith(("capital", "maximum")) for f in reading.facts):
        raise NotThisFrame("a game end with no Capital: gold scores points, it saves no district")
    asked, table, player = one_district(reading)
    if "yellow" not in table.powers and not table.configuration:
        table.powers["yellow"] = Power.MERCHANT.value
        table.assumptions.append(
            Assumption(
                "le Marchand est en jeu (seul son pouvoir dépense de l'or)",
                "the Merchant is in play (only its power spends gold)",
            )
        )
    query = {"query": "gold_needed", "player": player, "colour": asked.value}
    return Plan("gold_needed", CL2, table.position(colour=asked), query, tuple(table.assumptions), asked, player)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    need, enough = found["gold_needed"], found["enough"]
    if lang == "fr":
        line = f"Il faut au moins {need} jeton(s) Or." if need else "Aucun : le district ne saute pas."
        return line + ("" if enough is None or not need else " Assez d'or." if enough else " Pas assez d'or.")
    line = f"At least {need} gold." if need else "None: the district does not bust."
    return line + ("" if enough is None or not need else " Enough gold." if enough else " Not enough gold.")


def work(plan: Plan, verdicts: Sequence[Verdict], lang: str) -> str:
    """The district's total over its MAXIMUM: the gold that makes up the difference."""
    found = {**verdicts[0].verdict, "gold_spent": 0}
    name = colour(found["colour"], lang)
    total, limit, need = found["total"], found["maximum"], found["gold_needed"]
    player = found["player"]
    whose = district_of(player, found["colour"], lang)
    if lang == "fr":
        return f"MAXIMUM {name} : {limit_parts(found, lang)} ; {whose} : {total} ; {total} − {limit} → {need} or."
    return f"{name} MAXIMUM: {limit_parts(found, lang)}; {whose}: {total}; {total} − {limit} → {need} gold."


FRAME = Frame(
    "gold_needed",
    CL2,
    frozenset({"how_much"}),
    build,
    ("city", "capital"),
    3,
    GOLD,
    coloured=True,
    slots=ONE_DISTRICT,
    sentence=sentence,
    work=work,
)
