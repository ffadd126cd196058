"""Where the Cabal's warriors stand after Birdsong: Sinistre retour (a Cemetery, its Necro and 3 warriors in the
clearing with the fewest enemy pieces, when none is in play), then Fossoyer (a warrior in each Cemetery's
clearing, one more with a bird card), as far as the supply holds ("Cimetière renard en clairière 1 avec 2
guerriers, réserve 9, pas d'oiseau : après l'Aurore ?").

The clearings are read by number (:mod:`qa.scenario.clearings`). The supply, and whether a bird card named is
spent, are asked for; a clearing's warriors not said are asked for too. With no Cemetery in play, a clearing whose
enemy pieces are not said takes the fewest the question gives the others ("every other clearing has at least
three"), else it is asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from qa.scenario.clearings import bird_spent
from qa.scenario.frames.base import Frame, Slot
from qa.scenario.frames.clearing_table import engine_clearings, said_clearings
from qa.scenario.plan import ROOT, Assumption, Missing, NotThisFrame, Plan
from qa.scenario.say import Wording
from qa.scenario.tokens import Kind

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

SUPPLY = Slot(
    "supply",
    Wording("Combien de guerriers as-tu dans ta réserve ?", "How many warriors are in your supply?"),
    position=False,  # the supply alone states no position
)
BIRD = Slot(
    "bird_cards",
    Wording("Dépenses-tu une carte Oiseau à Fossoyer ?", "Do you spend a bird card at Gravedigging?"),
    position=False,
)
WARRIORS = Slot(
    "clearing.{clearing}.warriors",
    Wording(
        "Combien de tes guerriers sont dans la clairière {clearing} ?",
        "How many of your warriors are in clearing {clearing}?",
    ),
)
ENEMIES = Slot(
    "clearing.{clearing}.enemy_warriors",
    Wording(
        "Combien de pièces adverses sont dans la clairière {clearing} ?",
        "How many enemy pieces are in clearing {clearing}?",
    ),
)
_NO_BIRD = Assumption("aucune carte Oiseau dépensée", "no bird card spent")


def build(reading: Reading) -> Plan:
    said = said_clearings(reading)
    if not said:
        raise NotThisFrame("no clearing named by its number")
    supply = reading.get("supply")
    if supply is None or not isinstance(supply.value, int):
        raise Missing("supply")
    spent = bird_spent(reading.tokens)
    assumed: tuple[Assumption, ...] = ()
    if spent is None:
        if any(t.kind is Kind.BIRD for t in reading.tokens):
            raise Missing("bird_cards")  # a bird card named, not said spent or kept
        spent, assumed = False, (_NO_BIRD,)
    in_play = any(c.get("cemetery") for c in said.values())
    others = reading.get("other_clearings.enemy_pieces")
    for ident, facts in said.items():
        if facts.get("warriors") is None:
            if facts.get("cemetery"):
                raise Missing(f"clearing.{ident}.warriors")  # Fossoyer adds to what is there
            facts["warriors"] = 0  # named for its enemies or a Necro: none of the Cabal's warriors said
        if not in_play and facts.get("enemy_warriors") is None:
            if others is None:
                raise Missing(f"clearing.{ident}.enemy_warriors")
            facts["enemy_warriors"] = others.value
    clearings, suits = engine_clearings(said)
    board: dict[str, Any] = {"supply": supply.value}
    if spent:
        board["hand"] = ["bird"]
    position = {"game": ROOT, "clearings": clearings, "board": board}
    return Plan("birdsong", ROOT, position, {"query": "birdsong", "bird": spent}, assumed + suits)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    fr = lang == "fr"
    each = ", ".join(
        f"{'clairière' if fr else 'clearing'} {ident} : {n}" if fr else f"clearing {ident}: {n}"
        for ident, n in found["warriors"].items()
    )
    if fr:
        return f"Après l'Aurore : {each} guerrier(s) ; réserve : {found['supply']}."
    return f"After Birdsong: {each} warrior(s); supply: {found['supply']}."


FRAME = Frame(
    "birdsong",
    ROOT,
    frozenset({"birdsong", "gravedig"}),
    build,
    ("clearing",),
    rank=5,
    slots=(SUPPLY, BIRD, WARRIORS, ENEMIES),
    sentence=sentence,
    words={"birdsong": "aurore birdsong"},
)
