"""Where does a removed Necro go? Revenant: back at once to its Cemetery's clearing, or to the faction board when
that Cemetery is not in play ("my fox Necro is removed, my fox Cemetery is in play: where does it go?")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from qa.query import QuestionKind
from qa.scenario.frames.base import Frame, Slot
from qa.scenario.frames.root_table import CEMETERIES, flag, stated
from qa.scenario.plan import ROOT, Missing, Plan
from qa.scenario.say import Wording

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

NECRO_SUIT = Slot(
    "necro_suit",
    Wording("Quel Nécro (renard, souris ou lapin) est retiré ?", "Which Necro (fox, mouse or rabbit) is removed?"),
)
#: Whether the Necro's own Cemetery is in play.
CEMETERY_OF = Slot("cemetery.{suit}", position=False)


def build(reading: Reading) -> Plan:
    necro = stated(reading, "necro_suit")  # said with no suit: asked for
    if necro is None:
        raise Missing("necro_suit")
    suit = str(necro.value)
    with_cemetery = bool(flag(reading, "with_cemetery"))
    cemetery = stated(reading, f"cemetery.{suit}")
    if cemetery is None and not with_cemetery:  # a Cemetery removed with the Necro was in play
        raise Missing("cemeteries")
    clearings: list[dict[str, Any]] = [{"id": "c1", "suit": suit, "necros": [suit]}]
    if with_cemetery or (cemetery is not None and cemetery.value):
        clearings.append({"id": "c2", "suit": suit, "cemetery": suit})
    query = {"query": "remove_necro", "suit": suit, "with_cemetery": with_cemetery}
    return Plan("remove_necro", ROOT, {"game": ROOT, "clearings": clearings}, query)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    if found["returns_to"] == "cemetery":
        if lang == "fr":
            return "Il revient aussitôt dans la clairière de son Cimetière."
        return "It returns at once to its Cemetery's clearing."
    return "Il retourne sur le plateau de faction." if lang == "fr" else "It goes back to the faction board."


FRAME = Frame(
    "remove_necro",
    ROOT,
    frozenset({"where", "revenant"}),
    build,
    ("necro_suit",),
    3,
    answers=QuestionKind.PLACE,
    slots=(NECRO_SUIT, CEMETERY_OF, CEMETERIES),
    sentence=sentence,
    words={
        "revenant": (
            "revenant revient revenir return returns reviens reviennent revenu revenue reviendra reviendrait retour "
            "respawn repop reapparait renait returned returning revive revives revived reappear reappears"
        )
    },
)
