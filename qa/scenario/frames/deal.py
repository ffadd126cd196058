"""How many cards is each player dealt for the draft? It depends on the player count and the Undercover module,
and the texts disagree for 2 to 4 players: every reading they support is given ("on est 5 joueurs, combien de
cartes au draft ?", "four of us with the Undercover module: how many cards each?")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from qa.scenario.frames.base import Frame, Slot
from qa.scenario.plan import CL2, Missing, NotThisFrame, Plan
from qa.scenario.say import Wording, listed

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

#: The most players the texts deal for (the expansion's fifth player).
MOST = 5

#: The seats alone state no position of another frame; a question that asks the deal and says them is the deal's
#: (:func:`qa.scenario.frames.asked_in_full`): "with 5 players, how many cards?" gets every reading the texts support.
PLAYERS = Slot("players", Wording("Combien de joueurs êtes-vous ?", "How many players are there?"), position=False)


def build(reading: Reading) -> Plan:
    players = reading.get("players")
    if players is None:
        raise Missing("players")
    count = int(str(players.value))
    if not 1 <= count <= MOST:
        raise NotThisFrame(f"the texts deal for 1 to {MOST} players, not {count}: the rules path says they do not say")
    said = reading.get("undercover")
    undercover = said is not None and said.value is True  # "we're NOT using the purple cards"
    query = {"query": "deal", "players": count, "undercover": undercover}
    return Plan("deal", CL2, {"game": CL2}, query)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    readings = found["readings"]
    fr = lang == "fr"
    if len(readings) == 1:
        n = readings[0]["cards"]
        return f"{n} cartes à chaque joueur." if fr else f"{n} cards to each player."
    said = listed([str(r["cards"]) for r in readings], lang, either=True)
    if fr:
        return f"Les textes ne s'accordent pas : {said} cartes à chaque joueur, selon le texte suivi."
    return f"The texts disagree: {said} cards to each player, depending on which text is followed."


FRAME = Frame(
    "deal",
    CL2,
    frozenset({"deal"}),
    build,
    ("players", "undercover"),  # "with the Undercover module, how many cards each?": the seats are asked for
    rank=4,
    slots=(PLAYERS,),
    sentence=sentence,
    words={"deal": "distribue distribuer distribuees distribuee distribution deal deals dealt dealing draft"},
)
