"""The Hammer: which of Crafting and Building the Necro can do, and the suits Crafting can use ("Marteau avec mon
Nécro renard, en clairière 9 (lapin) que je contrôle ; cimetière renard en clairière 1 ; main : lapin, lapin").

The clearings are read by number (:mod:`qa.scenario.clearings`), with the Necro acting: the one named nearest
the Hammer. Building is judged when the hand is said; the hand is asked for when the question asks about
Building without it; then whether the Cabal rules the Necro's clearing is asked when only that decides.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from corpus.text import fold
from qa.scenario.frames.base import Frame, Slot
from qa.scenario.frames.clearing_table import engine_clearings, said_clearings, suit_name
from qa.scenario.plan import ROOT, Missing, NotThisFrame, Plan
from qa.scenario.say import Wording

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

HAND = Slot(
    "hand",
    Wording("Quelles cartes as-tu en main (leurs couleurs) ?", "Which cards are in your hand (their suits)?"),
    position=False,
)
RULED = Slot(
    "ruled",
    Wording("Contrôles-tu la clairière où se trouve ce Nécro ?", "Do you rule the clearing where that Necro stands?"),
    position=False,
)
NECRO = Slot("necro", Wording("Quel Nécro prend le Marteau ?", "Which Necro takes the Hammer?"), position=False)
#: Words that ask about Building (or about both effects).
_BUILDING = frozenset(
    {"construire", "construction", "construis", "construit", "build", "building", "builds", "options", "option"}
    | {"drop", "poser", "placer", "place"}
)


def build(reading: Reading) -> Plan:
    said = said_clearings(reading)
    if not said:
        raise NotThisFrame("no clearing named by its number")
    fact = reading.get("necro")
    if fact is None:
        raise Missing("necro")
    necro = str(fact.value)
    if not any(necro in (c.get("necros") or ()) for c in said.values()):
        raise Missing("necro")  # the acting Necro's clearing is not said
    clearings, assumed = engine_clearings(said)
    board: dict[str, Any] = {}
    hand = reading.get("hand")  # a hand said is for Building: it is judged
    if hand is None and {fold(t.text) for t in reading.tokens} & _BUILDING:
        raise Missing("hand")
    if hand is not None:
        board["hand"] = list(hand.value)  # type: ignore[call-overload]
    position = {"game": ROOT, "clearings": clearings, "board": board}
    return Plan("hammer", ROOT, position, {"query": "hammer", "necro": necro}, assumed)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    fr = lang == "fr"
    suits = ", ".join(suit_name(s, lang) for s in found["crafting_suits"]) or ("aucune" if fr else "none")
    crafting = f"Fabrication avec : {suits}." if fr else f"Crafting with: {suits}."
    options = found.get("options")
    if options is None:
        return crafting
    if "building" in options:
        return (
            "Oui : Construction possible, ou Fabrication. " if fr else "Yes: Building is possible, or Crafting. "
        ) + crafting
    return (
        "Non : pas de Construction ici, seulement la Fabrication. " if fr else "No: no Building here, only Crafting. "
    ) + crafting


FRAME = Frame(
    "hammer",
    ROOT,
    frozenset({"hammer"}),
    build,
    ("clearing",),
    rank=5,
    slots=(HAND, RULED, NECRO),
    sentence=sentence,
    words={"hammer": "marteau marteaux hammer hammers"},
)
