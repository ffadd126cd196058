"""The Mentalist's Swap tile: a card of the player's City district and one of the Capital's district of the same
colour change places ("Tuile Échange bleu/rose : j'échange mon rose 2 contre le rose 6 de la Capitale : qu'y
a-t-il dans les deux districts ?").

The swap's facts are read by :mod:`qa.scenario.mentalist`. A question that swaps and asks what the round end
decides ("... do I bust?") is the round end's frame on the position after the swap (see
:func:`qa.scenario.frames.play.with_plays`). The tile, when not named, is the one that offers the colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.cl2.cards import Colour
from qa.scenario.frames.base import Frame, Slot
from qa.scenario.frames.cl2_table import Table
from qa.scenario.mentalist import swaps
from qa.scenario.plan import CL2, Missing, NotThisFrame, Plan
from qa.scenario.say import Wording, colour, district_of, listed

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

#: The Swap tile that offers each colour.
TILES = {"blue": "blue/pink", "pink": "blue/pink", "yellow": "yellow/green", "green": "yellow/green"}
TAKE = Slot(
    "choice.take",
    Wording("Quelle carte de la Capitale prends-tu en échange ?", "Which Capital card do you take in exchange?"),
    position=False,
)
GIVE = Slot("choice.give", position=False)
#: What a round end decides: asked about a swap, the round end's frame answers, on the position after it.
AFTER = frozenset({"bust", "safe", "bonus", "win", "score", "maximum"})


def swap_query(reading: Reading) -> dict[str, Any] | None:
    """The swap the question makes, as the engine's query; ``None`` when it makes none; ``Missing`` for the card
    taken when only the card given is said."""
    give = reading.get("choice.give")
    tile = reading.get("mentalist.swap")
    if give is None or not (swaps(reading.tokens) or tile is not None):  # the Proselytizer's card given is no swap
        return None
    name = str(give.value).split(":")[0]
    take = reading.get("choice.take")
    if take is None:
        raise Missing("choice.take")
    owners = [f.path.split(".")[0] for f in reading.facts if f.path.endswith(f".city.{name}")]
    return {
        "query": "swap",
        "player": owners[0] if owners else "me",
        "tile": str(tile.value) if tile is not None else TILES.get(name, name),
        "colour": name,
        "city_card": str(give.value),
        "capital_card": str(take.value),
    }


def build(reading: Reading) -> Plan:
    if reading.asked & AFTER:
        raise NotThisFrame("a swap, then what the round end decides: the round end's frame, after the swap")
    query = swap_query(reading)
    if query is None:
        raise NotThisFrame("no card is swapped")
    name, player = query["colour"], query["player"]
    position = Table(reading).position(colour=Colour.parse(name))
    me = next((p for p in position["players"] if p["name"] == player), None)
    if me is None or name not in me["city"]:
        raise Missing(f"{player}.city.{name}")
    if name not in position["capital"]:
        raise Missing(f"capital.{name}")
    for place in (me["city"], position["capital"]):  # one number in a district is one card here, not a sum
        place[name] = [card.removeprefix("total/") for card in place[name]]
    return Plan("swap", CL2, position, query, (), Colour.parse(name), player)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    name = found["colour"]

    def cards(said: list[str]) -> str:
        return listed([c.split(":")[-1] for c in said], lang) or ("vide" if lang == "fr" else "empty")

    city = f"{district_of(plan.player, name, lang)} : {cards(found['city'])}"
    capital = f"{'Capitale' if lang == 'fr' else 'Capital'} {colour(name, lang, True)} : {cards(found['capital'])}"
    if lang == "fr":
        return f"Après l'échange : {city} ; {capital}."
    return f"After the swap: {city} ; {capital}.".replace(" : ", ": ").replace(" ; ", "; ")


FRAME = Frame(
    "swap",
    CL2,
    frozenset(),
    build,
    ("give",),
    rank=6,
    slots=(TAKE, GIVE),
    sentence=sentence,
)
