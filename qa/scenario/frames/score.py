"""What is a final score? The City's cards, the Bonus cards and 2 points per gold token ("my City is 40, Bonus
cards 5 and 3, 2 gold: what is my score?")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from qa.scenario.frames.base import Frame
from qa.scenario.frames.cl2_table import GAME_END, at_game_end, game_end
from qa.scenario.plan import CL2, NotThisFrame, Plan
from qa.scenario.say import who
from qa.scenario.words import ME

if TYPE_CHECKING:
    from engine.verdict import Verdict
    from qa.scenario.reader import Reading


def every_score(players: Sequence[str], but: str | None = None) -> tuple[dict[str, Any], ...]:
    """A score query for each player (but one), so that the answer shows every total."""
    return tuple({"query": "score", "player": name} for name in players if name != but)


def build(reading: Reading) -> Plan:
    kinds = {"city" if ".city" in f.path else f.path.split(".")[-1] for f in reading.facts}
    if len(kinds & {"city", "bonus", "gold", "total"}) < 2 or not at_game_end(reading):
        raise NotThisFrame
    table = game_end(reading)
    players = list(table.players) or [ME]
    player = ME if ME in players else players[0]
    doc = table.modules({"game": CL2, "players": list(table.players.values()) or [table.player(ME)]})
    query = {"query": "score", "player": player}
    also = every_score(players, but=player)
    return Plan("score", CL2, doc, query, tuple(table.assumptions), player=player, also=also)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    parts = f"{found['city']} + {found['bonus']} + {found['gold']}"
    if lang == "fr":
        whose = "Ton score" if found["player"] == ME else f"Score de {found['player']}"
        return f"{whose} : {found['total']} ({parts})."
    whose = "Your score" if found["player"] == ME else f"{found['player']}'s score"
    return f"{whose}: {found['total']} ({parts})."


def totals(plan: Plan, verdicts: Sequence[Verdict], lang: str) -> str:
    """Every player's score, each as its sum (City, Bonus cards, gold); a score the question states, as it is."""
    players = [p["name"] for p in plan.position.get("players", [])]
    stated = {p["name"]: p["score"] for p in plan.position.get("players", []) if p.get("score") is not None}
    scores = {
        v.verdict["player"]: v.verdict for v in verdicts if v.query == "score" and v.error is None and v.missing is None
    }
    city, bonus, gold = ("Cité", "Bonus", "or") if lang == "fr" else ("City", "Bonus", "gold")
    said = []
    for name in players:
        head = f"{who(name, lang)} : " if lang == "fr" else f"{who(name, lang)}: "
        if name in stated:
            said.append(f"{head}{stated[name]}")
        elif name in scores:
            s = scores[name]
            said.append(f"{head}{s['city']} ({city}) + {s['bonus']} ({bonus}) + {s['gold']} ({gold}) = {s['total']}")
    return (" ; " if lang == "fr" else "; ").join(said) + "." if said else ""


def work(plan: Plan, verdicts: Sequence[Verdict], lang: str) -> str:
    return totals(plan, verdicts, lang)


FRAME = Frame(
    "score",
    CL2,
    frozenset({"score"}),
    build,
    ("total", "city", "bonus"),
    rank=2,
    slots=GAME_END,
    sentence=sentence,
    work=work,
)
