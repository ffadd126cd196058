"""Does my City meet my Architect tile? A district of exactly the tile's total (=12, =14, =16, =18), or the tile's
two districts equal and neither empty; if so the tile is discarded for 2 gold ("tuile Architecte =14, mon rose fait
8 et 6 : je prends les 2 ors ?", "I own the pink=green tile; pink 9, green 4 and 5: do I claim it?").

Only the districts the question states are the City's: a total tile is met by one of them. A tile taken with the
Architect and kept is the one claimed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.cl2.cards import Colour
from qa.query import QuestionKind
from qa.scenario.frames.base import Frame, Slot
from qa.scenario.frames.cl2_table import Table
from qa.scenario.plan import CL2, Assumption, Missing, NotThisFrame, Plan
from qa.scenario.say import YES_NO, Wording, colour

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

TILE = Slot(
    "{player}.architect",
    Wording("Quelle tuile Architecte as-tu (=12, =14... ou deux couleurs) ?", "Which Architect tile do you own?"),
    position=False,
)
_ONLY = Assumption("seuls les districts nommés sont dans ta Cité", "only the districts named are in your City")
_NO_GOLD = Assumption("Or détenu non dit : compté 0", "gold held not said: counted as 0")


def _claimed(reading: Reading) -> tuple[str, str] | None:
    """The player and the tile claimed: a tile taken and kept this turn (it replaces the one owned: one tile at a
    time), else the tile said owned."""
    taken, keep = reading.get("choice.tile"), reading.get("choice.keep")
    if taken is not None and keep is not None and keep.value is True:
        played = next((f for f in reading.facts if f.path.endswith(".plays")), None)
        return ("me" if played is None else played.path.split(".")[0]), str(taken.value)
    fact = next((f for f in reversed(reading.facts) if f.path.endswith(".architect")), None)
    return None if fact is None else (fact.path.split(".")[0], str(fact.value))


def build(reading: Reading) -> Plan:
    claimed = _claimed(reading)
    if claimed is None:
        raise NotThisFrame("no Architect tile is said")
    player, tile = claimed
    if not any(f.path.startswith(f"{player}.city.") for f in reading.facts):
        raise NotThisFrame("no district of the City is given: the criterion in general ('a district worth 20')")
    table = Table(reading)
    position = table.position(colour=Colour.PINK)
    me = next((p for p in position["players"] if p["name"] == player), None)
    if me is None:
        me = {"name": player, "city": {}}
        position["players"].append(me)
    assumed = list(table.assumptions)
    if "=" in tile[1:]:
        for name in tile.split("="):
            if name not in me["city"]:
                raise Missing(f"{player}.city.{name}")
    elif not me["city"]:
        raise Missing(f"{player}.city")
    else:
        assumed.append(_ONLY)
    if "gold" not in me:
        me["gold"] = 0
        assumed.append(_NO_GOLD)
    me["architect"] = tile
    query = {"query": "architect_claim", "player": player}
    return Plan("architect_claim", CL2, position, query, tuple(assumed), None, player)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    yes, no = YES_NO[lang]
    tile = found["tile"]
    shown = " = ".join(colour(c, lang) for c in tile.split("=")) if tile[:1] != "=" else tile
    if lang == "fr":
        if found["met"]:
            return f"{yes} : ta Cité remplit le critère {shown} ; tu défausses la tuile et prends 2 jetons Or."
        return f"{no} : ta Cité ne remplit pas le critère {shown} ; la tuile reste, pas d'Or."
    if found["met"]:
        return f"{yes}: your City meets {shown}; you discard the tile and take 2 gold."
    return f"{no}: your City does not meet {shown}; the tile stays, no gold."


FRAME = Frame(
    "architect_claim",
    CL2,
    frozenset(),
    build,
    ("architect", "tile"),
    rank=5,
    answers=QuestionKind.YES_NO,
    slots=(TILE,),
    sentence=sentence,
)
