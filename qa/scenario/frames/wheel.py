"""A turn of the Macabre Wheel: which actions does the Necro perform, and what is left this Daylight? ("la Roue est
sur botte + carte, je la tourne sur épée + botte avec le Nécro renard, 1 guerrier du Chat dans sa clairière").

The Wheel must move to a new pair (the pair it stands on is refused, quoted); both actions are performed, thumb
first, an impossible Skull skipped. The Necros in play are one for each Cemetery in play when the question says how
many Cemeteries or Necros; the acting Necro's marker is face up unless the question says which are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from qa.scenario.frames.base import Frame, Slot
from qa.scenario.frames.root_table import SUITS
from qa.scenario.frames.skull import SUITS_FR, necro_of
from qa.scenario.plan import ROOT, Assumption, Missing, Plan
from qa.scenario.say import Wording

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

PAIR = Slot(
    "pair",
    Wording(
        "Sur quel duo d'actions tournes-tu la Roue (pouce, index) ?",
        "Which pair do you turn the Wheel to (thumb, index)?",
    ),
)
ENEMIES = Slot(
    "enemy_warriors",
    Wording(
        "Combien de guerriers adverses sont dans la clairière du Nécro ?",
        "How many enemy warriors are in the Necro's clearing?",
    ),
)
_NAMES_FR = {"boot": "Botte", "sword": "Épée", "card": "Carte", "skull": "Crâne", "hammer": "Marteau"}


def build(reading: Reading) -> Plan:
    pair = reading.get("pair")
    if pair is None:
        raise Missing("pair")
    necro, assumed = necro_of(reading)
    enemies = reading.get("enemy_warriors")
    if enemies is None and "skull" in pair.value:  # type: ignore[operator]
        raise Missing("enemy_warriors")  # whether the Skull can be performed
    cemeteries = reading.get("cemeteries") or reading.get("necros")  # one Necro for each Cemetery in play
    others = [s for s in SUITS if s != necro][: max(0, int(str(cemeteries.value)) - 1)] if cemeteries else []
    clearing: dict[str, Any] = {
        "id": "c1",
        "suit": necro,
        "necros": [necro],
        "enemy_warriors": {"enemy": int(str(enemies.value)) if enemies else 0},
    }
    clearings = [clearing] + [
        {"id": f"c{k + 2}", "suit": s, "necros": [s], "cemetery": s} for k, s in enumerate(others)
    ]
    markers = reading.get("markers_up")
    board: dict[str, Any] = {"markers_up": list(markers.value) if markers else [necro]}  # type: ignore[call-overload]
    if markers is None:
        assumed += (
            Assumption(
                "le marqueur d'action du Nécro est face visible (il n'a pas encore agi)",
                "the Necro's action marker is face up (it has not acted yet)",
            ),
        )
    if cemeteries is None:
        assumed += (Assumption("un seul Nécro en jeu", "one Necro in play"),)
    wheel = reading.get("wheel")
    if wheel is not None:
        board["wheel"] = list(wheel.value)  # type: ignore[call-overload]
    query = {"query": "wheel", "necro": necro, "pair": list(pair.value)}  # type: ignore[call-overload]
    return Plan("wheel", ROOT, {"game": ROOT, "clearings": clearings, "board": board}, query, assumed)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    done = list(found["performed"])
    skipped = [a for a in found["pair"] if a not in done]
    if lang == "fr":
        said = " puis ".join(_NAMES_FR[a] for a in done) or "aucune action"
        why = " (Crâne impossible : aucun guerrier adverse)" if skipped else ""
        name = SUITS_FR.get(found["necro"], found["necro"])
        return f"Le Nécro {name} effectue : {said}{why}. Duos permis ce Jour : {found['pairs_allowed']}."
    said = " then ".join(a.capitalize() for a in done) or "no action"
    why = " (Skull impossible: no enemy warrior)" if skipped else ""
    return f"The {found['necro']} Necro performs: {said}{why}. Pairs allowed this Daylight: {found['pairs_allowed']}."


FRAME = Frame(
    "wheel",
    ROOT,
    frozenset({"wheel"}),
    build,
    ("pair", "wheel"),
    rank=5,
    slots=(PAIR, ENEMIES),
    sentence=sentence,
    words={"wheel": "roue wheel duo duos pair pairs"},
)
