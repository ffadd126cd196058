"""Who takes a colour's Bonus card? After that colour's busts, the highest district of at least 1 takes the
Capital's strongest card; a tie gives each tied player 1 gold ("Capital green 12, my green 9, Léo's 11: who takes
the Bonus?")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from qa.query import QuestionKind
from qa.scenario.facts import Fact
from qa.scenario.frames.base import Frame
from qa.scenario.frames.cl2_table import ONE_DISTRICT, Table, asked_colour
from qa.scenario.plan import CL2, Missing, NotThisFrame, Plan
from qa.scenario.say import colour, who
from qa.scenario.words import ME

if TYPE_CHECKING:
    from engine.verdict import Verdict
    from qa.scenario.reader import Reading


def build(reading: Reading) -> Plan:
    if any(f.path.endswith(".bonus") for f in reading.facts):
        raise NotThisFrame  # "aucune carte bonus", "Bonus cards 7 and 4": a player's Bonus cards, a game end
    asked = asked_colour(reading, "me.city.")
    if "nobody" in reading.cues and not any(f.path.endswith(f".city.{asked.value}") for f in reading.facts):
        # "personne n'a de carte rose": every district of that colour is empty
        start = reading.facts[0].start if reading.facts else 0
        empty = [Fact(f"{name}.city.{asked.value}", 0, start, start) for name in (ME, *reading.players)]
        reading = replace(reading, facts=(*reading.facts, *empty))
    table = Table(reading)
    if not any(f.path.endswith(f".city.{asked.value}") for f in reading.facts):
        raise Missing(f"me.city.{asked.value}")
    for name in reading.players:  # a player named without their district cannot be compared
        if reading.get(f"{name}.city.{asked.value}") is None:
            raise Missing(f"{name}.city.{asked.value}")
    if reading.get(f"capital.{asked.value}") is None and reading.get(f"maximum.{asked.value}") is None:
        raise Missing(f"capital.{asked.value}")
    query = {"query": "bonus", "colour": asked.value}
    return Plan("bonus", CL2, table.position(colour=asked, bonus=True), query, tuple(table.assumptions), asked)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    fr = lang == "fr"
    name = colour(found["colour"], lang)
    card = colour(found["colour"], lang, feminine=True)
    if found["winner"] == ME:
        return f"Tu prends la carte Bonus {card}." if fr else f"You take the {name} Bonus card."
    if found["winner"]:
        taker = found["winner"]
        return f"{taker} prend la carte Bonus {card}." if fr else f"{taker} takes the {name} Bonus card."
    if found["tied"]:
        tied = ", ".join(who(t, lang) for t in found["tied"])
        return (
            f"Égalité ({tied}) : chacun prend 1 jeton Or, la carte la plus forte de la Capitale est défaussée."
            if fr
            else f"A tie ({tied}): each takes 1 gold, the Capital's strongest card is discarded."
        )
    return (
        "Personne ne prend la carte Bonus : aucun district ne vaut au moins 1."
        if fr
        else "Nobody takes the Bonus card: no district is worth at least 1."
    )


def _before(plan: Plan, colour_value: str) -> dict[str, int]:
    """Each player's district of that colour as the position states it, before busts."""
    totals = {}
    for player in plan.position.get("players", []):
        cards = player.get("city", {}).get(colour_value, [])
        totals[player["name"]] = sum(int(str(card).rsplit(":", 1)[1].removesuffix("+gold")) for card in cards)
    return totals


def work(plan: Plan, verdicts: Sequence[Verdict], lang: str) -> str:
    """Each player's total once busted districts are gone (a busted one counts 0), the eligible ones (at least 1)
    compared."""
    found = verdicts[0].verdict
    totals: Mapping[str, int] = found.get("totals") or {}
    if not totals:
        return ""
    fr = lang == "fr"
    before = _before(plan, found["colour"])
    said = []
    for name, total in sorted(totals.items(), key=lambda item: -item[1]):
        if total == 0 and before.get(name, 0) > 0:
            said.append(f"{who(name, lang)} {before[name]} → 0 ({'saute' if fr else 'busts'})")
        else:
            said.append(
                f"{who(name, lang)} {total}" + ("" if total >= 1 else " (inéligible)" if fr else " (not eligible)")
            )
    if fr:
        return f"Districts {colour(found['colour'], lang, plural=True)} après les défausses : {', '.join(said)}."
    return f"{colour(found['colour'], lang).capitalize()} districts after busts: {', '.join(said)}."


FRAME = Frame(
    "bonus",
    CL2,
    frozenset({"bonus"}),
    build,
    ("capital", "city"),
    4,
    coloured=True,
    answers=QuestionKind.PERSON,
    slots=ONE_DISTRICT,
    sentence=sentence,
    work=work,
    words={"bonus": "bonus bonuses"},
)
