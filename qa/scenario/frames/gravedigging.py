"""How many warriors does Fossoyer place? One in each Cemetery's clearing, one more with a bird card, as far as
the supply holds ("Fossoyer with 2 Cemeteries and a bird card: how many warriors?")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from qa.scenario.frames.base import Frame, Slot
from qa.scenario.frames.root_table import CEMETERIES, COUNTS, SUITS, count, stated
from qa.scenario.plan import ROOT, Assumption, Plan
from qa.scenario.say import Wording

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

BIRD_CARDS = Slot("bird_cards")
SUPPLY = Slot(
    "supply",
    default=Wording("la réserve a assez de guerriers", "the supply holds enough warriors"),
    position=False,
)


def build(reading: Reading) -> Plan:
    cemeteries = count(reading, "cemeteries")
    birds = stated(reading, "bird_cards")
    supply = stated(reading, "supply")
    clearings = [{"id": f"c{i + 1}", "suit": SUITS[i % 3], "cemetery": SUITS[i % 3]} for i in range(cemeteries)]
    assumed: tuple[Assumption, ...] = ()
    if supply is None:
        assumed = (SUPPLY.assumed({}, {}),)
    if not clearings:  # Sinistre retour places a Cemetery first: where does not change what Fossoyer places
        clearings = [{"id": "c1", "suit": "fox"}]
        assumed += (
            Assumption(
                "Sinistre retour place d'abord un Cimetière (dans la clairière au moins de pièces adverses)",
                "Sinistre retour first places a Cemetery (in the clearing with the fewest enemy pieces)",
            ),
        )
    board: dict[str, Any] = {"supply": 15 if supply is None else int(str(supply.value))}
    bird = birds is not None and int(str(birds.value)) > 0
    if bird:
        board["hand"] = ["bird"]
    query = {"query": "gravedigging", "bird": bird}
    return Plan("gravedigging", ROOT, {"game": ROOT, "clearings": clearings, "board": board}, query, assumed)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    n = found["warriors_placed"]
    return f"{n} guerrier(s) placé(s)." if lang == "fr" else f"{n} warrior(s) placed."


FRAME = Frame(
    "gravedigging",
    ROOT,
    frozenset({"gravedig"}),
    build,
    ("cemeteries", "bird_cards"),
    3,
    (COUNTS,),
    slots=(CEMETERIES, BIRD_CARDS, SUPPLY),
    sentence=sentence,
    words={"gravedig": "fossoyer gravedigging gravedigger"},
)
