"""Who wins? The highest score, then the fewer gold tokens; players still tied share the victory ("my City is 40,
Léo's 45, ...: who wins?")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from qa.query import QuestionKind
from qa.scenario.frames.base import Frame
from qa.scenario.frames.cl2_table import GAME_END, at_game_end, game_end
from qa.scenario.frames.score import every_score, totals
from qa.scenario.plan import CL2, NotThisFrame, Plan
from qa.scenario.say import who
from qa.scenario.words import ME

if TYPE_CHECKING:
    from engine.verdict import Verdict
    from qa.scenario.reader import Reading


def build(reading: Reading) -> Plan:
    if len({f.path.split(".")[0] for f in reading.facts if "." in f.path}) < 2 or not at_game_end(reading):
        raise NotThisFrame
    table = game_end(reading)
    for name in reading.players:
        table.player(name)
    doc = table.modules({"game": CL2, "players": list(table.players.values())})
    also = every_score(list(table.players))
    return Plan("winners", CL2, doc, {"query": "winners"}, tuple(table.assumptions), also=also)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    fr = lang == "fr"
    names = [who(n, lang) for n in found["winners"]]
    if len(names) == 1:
        if found["winners"][0] == ME:
            return "Tu gagnes." if fr else "You win."
        return f"{names[0]} gagne." if fr else f"{names[0]} wins."
    joined = ", ".join(names)
    return f"Victoire partagée : {joined}." if fr else f"A shared victory: {joined}."


def work(plan: Plan, verdicts: Sequence[Verdict], lang: str) -> str:
    return totals(plan, verdicts[1:], lang)


FRAME = Frame(
    "winners",
    CL2,
    frozenset({"win"}),
    build,
    ("total", "city", "bonus"),
    rank=2,
    answers=QuestionKind.PERSON,
    slots=GAME_END,
    sentence=sentence,
    work=work,
    words={"win": "gagne gagnes gagnant gagnants gagner emporte remporte win wins won winner winners victoire"},
)
