"""How many warriors does the Cabal place after a battle? Ambiance lugubre (a Cemetery of the battle's suit
elsewhere) and Présence morbide (a Necro in the battle), once enemy warriors were removed ("I removed 2 enemy
warriors, a Necro was there, no Cemetery here: how many warriors do I place?")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from qa.scenario.frames.base import Frame, Slot
from qa.scenario.frames.root_table import (
    CEMETERIES,
    CEMETERY_REMOVED,
    COUNTS,
    NECROS,
    SUITS,
    battle_suit,
    count,
    flag,
    stated,
)
from qa.scenario.plan import ROOT, Assumption, Missing, Plan
from qa.scenario.say import Wording

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

#: After a battle: the enemy warriors removed, or what the battle's clearing holds (the rest is then asked for).
AFTER = ("enemy_warriors_removed", "cemetery_here")
ENEMY_REMOVED = Slot(
    "enemy_warriors_removed",
    Wording("Combien de guerriers adverses ont été retirés ?", "How many enemy warriors were removed?"),
)
CEMETERY_HERE = Slot(
    "cemetery_here",
    Wording("La clairière du combat contient-elle un Cimetière ?", "Is there a Cemetery in the battle's clearing?"),
)
#: The battle's own Necros are counted, never assumed.
BATTLE_NECROS = Slot("necros", NECROS.ask)


def build(reading: Reading) -> Plan:
    removed = count(reading, "enemy_warriors_removed")
    if removed == 0:  # both abilities need an enemy warrior removed: what else the clearing holds cannot matter
        battle = {"id": "c1", "suit": "fox", "necros": []}
        query0 = {"query": "after_battle", "clearing": "c1", "enemy_warriors_removed": 0}
        unsaid = Assumption(
            "aucun guerrier adverse retiré : le reste de la clairière ne change rien",
            "no enemy warrior removed: the rest of the clearing changes nothing",
        )
        return Plan("after_battle", ROOT, {"game": ROOT, "clearings": [battle]}, query0, (unsaid,))
    none_on_board = stated(reading, "cemeteries") is not None and count(reading, "cemeteries") == 0
    here = False if none_on_board else flag(reading, "cemetery_here")
    if here is None:
        raise Missing("cemetery_here")
    necros = stated(reading, "necros")
    if necros is None:
        raise Missing("necros")
    elsewhere = False if (here or none_on_board) else flag(reading, "cemetery_elsewhere")
    if elsewhere is None:
        raise Missing("cemeteries")
    many = int(str(necros.value))
    suit = battle_suit(reading)
    battle = {"id": "c1", "suit": suit, "necros": [SUITS[i % 3] for i in range(many)]}
    if here:
        battle["cemetery"] = suit
    other = next(s for s in SUITS if s != suit)
    clearings = [battle] + ([{"id": "c2", "suit": other, "cemetery": suit}] if elsewhere else [])
    query: dict[str, Any] = {
        "query": "after_battle",
        "clearing": "c1",
        "enemy_warriors_removed": removed,
        "necro_removed": bool(flag(reading, "necro_removed")),
        "cemetery_removed": bool(flag(reading, "cemetery_removed")),
    }
    assumed: tuple[Assumption, ...] = ()
    if removed == 1 and elsewhere and many:
        query["choice"] = "c1"  # one warrior either way; where is the player's choice
        assumed = (
            Assumption(
                "un seul guerrier adverse retiré : 1 guerrier, dans la clairière de ton choix",
                "one enemy warrior removed: 1 warrior, in the clearing of your choice",
            ),
        )
    return Plan("after_battle", ROOT, {"game": ROOT, "clearings": clearings}, query, assumed)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    n = found["warriors_placed"]
    return f"{n} guerrier(s) placé(s) après le combat." if lang == "fr" else f"{n} warrior(s) placed after the battle."


FRAME = Frame(
    "after_battle",
    ROOT,
    frozenset({"after_battle"}),
    build,
    AFTER,
    3,
    (COUNTS | {"battle"},),
    slots=(ENEMY_REMOVED, CEMETERY_HERE, BATTLE_NECROS, CEMETERIES, CEMETERY_REMOVED),
    sentence=sentence,
    words={
        "after_battle": (
            "place places placer pose poses posee poser deploy replace replacer remets remet placent placee placees "
            "posent recrute recruter deploie deployer placed placing deploys deployed recruit"
        )
    },
)
