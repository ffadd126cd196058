"""Does a district bust at round end? ("my green is 17, the Capital's 15, I have 2 gold: do I bust?")

The district's total against its MAXIMUM: the Capital's district, plus the Agent tiles revealed on it, plus the
gold the Merchant lets its owner spend.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from qa.query import QuestionKind
from qa.scenario.frames.base import Frame
from qa.scenario.frames.cl2_table import BUST, ONE_DISTRICT, limit_parts, one_district
from qa.scenario.plan import CL2, NotThisFrame, Plan
from qa.scenario.say import YES_NO, colour, district_of
from qa.scenario.words import ME

if TYPE_CHECKING:
    from engine.verdict import Verdict
    from qa.scenario.reader import Reading


def build(reading: Reading) -> Plan:
    if "nobody" in reading.cues and not any(".city." in f.path for f in reading.facts):
        raise NotThisFrame("nobody has that colour: no district to check ('personne a de vert ... on défausse le 7 ?')")
    asked, table, player = one_district(reading)
    query = {"query": "district", "player": player, "colour": asked.value}
    safe = "safe" in reading.cues and "bust" not in reading.cues
    position = table.position(colour=asked)
    return Plan("district", CL2, position, query, tuple(table.assumptions), asked, player, safe)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    busted = bool(found["busted"])
    yes, no = YES_NO[lang]
    first = (no if busted else yes) if plan.safe else (yes if busted else no)
    name = colour(found["colour"], lang)
    player = found["player"]
    limit = found["maximum"] + found["gold_spent"]
    total = found.get("counted", found["total"])
    if lang == "fr":
        if busted:
            whose = f"ton district {name}" if player == ME else f"le district {name} de {player}"
            return f"{first} : {whose} saute ({total} > {limit}) ; ses cartes sont défaussées."
        gold = f", en dépensant {found['gold_spent']} or" if found["gold_spent"] else ""
        cards = colour(found["colour"], lang, True, True)
        whose = f"tes cartes {cards}" if player == ME else f"les cartes {cards} de {player}"
        return f"{first} : {whose} restent ({total} ≤ {limit}{gold})."
    owner = "your" if player == ME else f"{player}'s"
    if busted:
        return f"{first}: {owner} {name} district busts ({total} > {limit}); its cards are discarded."
    gold = f", spending {found['gold_spent']} gold" if found["gold_spent"] else ""
    return f"{first}: {owner} {name} cards stay ({total} ≤ {limit}{gold})."


def work(plan: Plan, verdicts: Sequence[Verdict], lang: str) -> str:
    found = verdicts[0].verdict
    name = colour(found["colour"], lang)
    player = found["player"]
    total = found.get("counted", found["total"])
    limit = found["maximum"] + found["gold_spent"]
    sign = ">" if found["busted"] else "≤"
    whose = district_of(player, found["colour"], lang)
    if lang == "fr":
        return f"MAXIMUM {name} : {limit_parts(found, lang)} ; {whose} : {total} {sign} {limit}."
    return f"{name} MAXIMUM: {limit_parts(found, lang)}; {whose}: {total} {sign} {limit}."


FRAME = Frame(
    "district",
    CL2,
    BUST,
    build,
    ("capital", "city", "maximum"),
    rank=2,
    answers=QuestionKind.YES_NO,
    slots=ONE_DISTRICT,
    sentence=sentence,
    work=work,
)
