"""Can this Necro perform the Skull? Only with an enemy warrior in its clearing ("mon Nécro renard est avec 2
guerriers adverses, je peux faire le Crâne ?", "no enemies around my rabbit Necro: Skull?").

The clearing is the Necro's: the enemy warriors there decide; a Necro whose suit is not said is any of the three
(the suit changes nothing, said in the answer).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from qa.query import QuestionKind
from qa.scenario.frames.base import Frame, Slot
from qa.scenario.frames.root_table import count
from qa.scenario.plan import ROOT, Assumption, NotThisFrame, Plan
from qa.scenario.say import YES_NO, Wording

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

ENEMIES = Slot(
    "enemy_warriors",
    Wording(
        "Combien de guerriers adverses sont dans la clairière du Nécro ?",
        "How many enemy warriors are in the Necro's clearing?",
    ),
)
NECRO = Slot("necro", position=False)
_ANY_NECRO = Assumption("un Nécro (sa couleur ne change rien)", "a Necro (its suit changes nothing)")
SUITS_FR = {"fox": "renard", "mouse": "souris", "rabbit": "lapin"}


def necro_of(reading: Reading) -> tuple[str, tuple[Assumption, ...]]:
    """The Necro the question is about, or the fox Necro (said) when it does not say which."""
    fact = reading.get("necro")
    if fact is not None:
        return str(fact.value), ()
    return "fox", (_ANY_NECRO,)


def build(reading: Reading) -> Plan:
    enemies = count(reading, "enemy_warriors")
    if reading.get("necro") is None:
        raise NotThisFrame("no Necro named: the rule in general ('can the Skull remove an enemy warrior anywhere?')")
    necro, assumed = necro_of(reading)
    clearing: dict[str, Any] = {"id": "c1", "suit": necro, "necros": [necro], "enemy_warriors": {"enemy": enemies}}
    position = {"game": ROOT, "clearings": [clearing], "board": {}}
    return Plan("skull", ROOT, position, {"query": "skull", "necro": necro}, assumed)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    yes, no = YES_NO[lang]
    necro = found["necro"]
    if lang == "fr":
        name = SUITS_FR.get(necro, necro)
        if found["possible"]:
            return f"{yes} : un guerrier adverse est dans la clairière du Nécro {name}, le Crâne peut être réalisé."
        return f"{no} : aucun guerrier adverse dans la clairière du Nécro {name}, le Crâne ne peut pas être réalisé."
    if found["possible"]:
        return f"{yes}: an enemy warrior is in the {necro} Necro's clearing, so the Skull can be performed."
    return f"{no}: no enemy warrior in the {necro} Necro's clearing, so the Skull cannot be performed."


FRAME = Frame(
    "skull",
    ROOT,
    frozenset({"skull"}),
    build,
    ("enemy_warriors", "necro"),
    rank=4,
    answers=QuestionKind.YES_NO,
    slots=(ENEMIES, NECRO),
    sentence=sentence,
    words={"skull": "crane cranes skull skulls"},
)
