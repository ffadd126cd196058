"""Who busts at round end? Every player's district of one colour against its MAXIMUM ("Capital blue 15, I have
16, Leo 15, Mia 17: who busts?"). A yes or no about one district is :mod:`~qa.scenario.frames.district`'s."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from qa.query import QuestionKind
from qa.scenario.frames.base import Frame
from qa.scenario.frames.cl2_table import BUST, ONE_DISTRICT, Table, asked_colour, limit_parts
from qa.scenario.plan import CL2, Missing, NotThisFrame, Plan
from qa.scenario.say import colour, listed, who
from qa.scenario.words import ME

if TYPE_CHECKING:
    from engine.verdict import Verdict
    from qa.scenario.reader import Reading


def build(reading: Reading) -> Plan:
    if reading.form is not QuestionKind.PERSON:
        raise NotThisFrame("a bust asked of one district: a yes or a no ('do I bust?')")
    asked = asked_colour(reading, "me.city.")
    table = Table(reading, asked)
    owners = list(dict.fromkeys(f.path.split(".")[0] for f in reading.facts if f.path.endswith(f".city.{asked.value}")))
    if len(owners) < 2:
        raise NotThisFrame("one district: whether it busts is a yes or a no")
    if reading.get(f"capital.{asked.value}") is None and reading.get(f"maximum.{asked.value}") is None:
        raise Missing(f"capital.{asked.value}")
    query = {"query": "round_end", "colours": [asked.value]}
    each = tuple({"query": "district", "player": name, "colour": asked.value} for name in owners)
    position = table.position(colour=asked, bonus=True)
    return Plan("busts", CL2, position, query, tuple(table.assumptions), asked, also=each)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    asked = plan.colour.value if plan.colour else ""
    players = [b["player"] for b in found["busted"] if b["colour"] == asked]
    name = colour(asked, lang)
    names = [who(p, lang) for p in players]
    together = listed(names, lang) if len(names) > 1 else ""
    if lang == "fr":
        if not players:
            return f"Personne ne saute en {name}."
        if players == [ME]:
            return f"Tu sautes en {name}."
        return f"{names[0]} saute en {name}." if len(names) == 1 else f"En {name}, sautent : {together}."
    if not players:
        return f"Nobody busts in {name}."
    if len(names) == 1:
        return f"{names[0][:1].upper()}{names[0][1:]} {'bust' if players == [ME] else 'busts'} in {name}."
    return f"{together[:1].upper()}{together[1:]} bust in {name}."


def work(plan: Plan, verdicts: Sequence[Verdict], lang: str) -> str:
    """The MAXIMUM, then each district against it."""
    districts = [v.verdict for v in verdicts[1:] if v.query == "district" and v.error is None and v.missing is None]
    if not districts:
        return ""
    first = districts[0]
    name = colour(first["colour"], lang)
    each = [
        f"{who(d['player'], lang)} {d['counted']} {'>' if d['busted'] else '≤'} {d['maximum'] + d['gold_spent']}"
        for d in districts
    ]
    if lang == "fr":
        return f"MAXIMUM {name} : {limit_parts({**first, 'gold_spent': 0}, lang)} ; {', '.join(each)}."
    return f"{name} MAXIMUM: {limit_parts({**first, 'gold_spent': 0}, lang)}; {', '.join(each)}."


FRAME = Frame(
    "busts",
    CL2,
    BUST,
    build,
    ("capital", "city", "maximum"),
    rank=3,
    answers=QuestionKind.PERSON,
    slots=ONE_DISTRICT,
    sentence=sentence,
    work=work,
)
