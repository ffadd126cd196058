"""What a writer is shown of a part-2 item (:mod:`qa.scenario.data.generate_powers`): the facts to state and the
question to ask, in plain English. The writer never sees fact paths or the frame's name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from qa.scenario.data import describe as part1
from qa.scenario.data.generate import Item

NAMES = {
    "agent": "the Agent",
    "cleric": "the Cleric (Clerc)",
    "merchant": "the Merchant (Marchand)",
    "scholar": "the Scholar (Savant)",
    "infiltrator": "the Infiltrator (Infiltré)",
    "prophet": "the Prophet (Prophète)",
    "disciple": "the Disciple",
    "proselytizer": "the Proselytizer (Prosélytiste)",
    "recruiter": "the Recruiter (Recruteur)",
    "missionary": "the Missionary (Missionnaire)",
    "sentinel": "the Sentinel (Sentinelle)",
    "dualist": "the Dualist (Dualiste)",
    "intruder": "the Intruder (Intrus)",
    "vector": "the Vector",
    "architect": "the Architect (Architecte)",
    "experimenter": "the Experimenter (Expérimentateur)",
}


def _card(card: str) -> str:
    """``rebel/blue:3`` as "a rebel card, blue 3"."""
    kind, _, plain = card.rpartition("/")
    colour, _, value = plain.partition(":")
    return f"{f'a {kind} card, ' if kind else ''}{colour} {value}"


def _cards(cards: list[str]) -> str:
    return ", ".join(_card(c) for c in cards) or "none"


def _clearing(c: dict[str, Any]) -> str:
    parts = [f"clearing {c['id']} (a {c['suit']} clearing)"]
    if c.get("cemetery"):
        parts.append(f"holds the {c['cemetery']} Cemetery")
    for necro in c.get("necros") or ():
        parts.append(f"the {necro} Necro stands there")
    if c.get("warriors") is not None:
        parts.append(f"{c['warriors']} Cabal warriors")
    if c.get("enemy_warriors") is not None:
        parts.append(f"{c['enemy_warriors']} enemy pieces")
    return ", ".join(parts)


def _whose(player: str) -> str:
    return "the asker's" if player == "me" else f"{player}'s"


#: The wording of each part-2 fact, by its path.
_SAID: dict[str, Callable[[Any], str]] = {
    "choice.target": lambda v: f"the player chooses the {v} Power card (for the Agent's tile or the Rebel flag)",
    "choice.district": lambda v: f"the player chooses the Capital's {v} district for the power",
    "choice.give": lambda v: f"the card given: {_card(str(v))}",
    "choice.take": lambda v: f"the card the player takes: {_card(str(v))}",
    "choice.on": lambda v: f"the Sentinel's gold token goes on the player's City card {_card(str(v))}",
    "choice.tile": lambda v: f"the Architect tile the player takes: {v}",
    "choice.keep": lambda v: "the player keeps the tile" if v else "the player discards the tile",
    "agent_stack": lambda v: f"the top Agent tile of the stack is {v[0]:+d}",
    "deck_top": lambda v: f"the top card of the citizen deck is {_cards(v)}",
    "prophet_stack": lambda v: f"the Prophet tile drawn is a {v[0]}",
    "prophet_tiles": lambda v: f"Prophet tiles already face up: {', '.join(map(str, v)) or 'none'}",
    "display": lambda v: f"the Proselytizer display shows {_cards(v)}",
    "recruiter_top": lambda v: f"the face-up Recruiter card is {_card(str(v))}",
    "rebel_deck": lambda v: f"the top rebel card is {_cards(v)}",
    "rebel_flag": lambda v: f"the Rebel flag is on the {v} Power card",
    "dualist_deck": lambda v: f"the top Dualist card is {_cards(v)}",
    "vector_deck": lambda v: f"the top Vector card is {_cards(v)}",
    "experimenter_display": lambda v: f"the Experimenter display shows {_cards(v)}",
    "architect_display": lambda v: f"the face-up Architect tiles are {', '.join(v)}",
    "undercover": lambda v: "the Undercover module (purple district) is played",
    "undercover.current": lambda v: (
        "the current undercover card shows the {} power, with {} as its extra colour".format(*str(v).split("/"))
    ),
    "mentalist.swap": lambda v: f"the Mentalist is in play; the player uses the {v} Swap tile",
    "configuration": lambda v: f"configuration {v}",
    "necro": lambda v: f"the Necro acting is the {v} Necro",
    "enemy_warriors": lambda v: f"enemy warriors in that Necro's clearing: {v}",
    "wheel": lambda v: f"the Macabre Wheel points at {v[0]} (thumb) + {v[1]} (index)",
    "pair": lambda v: f"the player turns the Wheel to {v[0]} (thumb) + {v[1]} (index)",
    "ruled": lambda v: "the Cabal rules the Necro's clearing" if v else "another faction rules the Necro's clearing",
    "hand": lambda v: f"cards in the Cabal's hand, by suit: {', '.join(v)}",
    "clearings": lambda v: "; ".join(_clearing(c) for c in v),
}


def fact(path: str, value: Any) -> str:
    """One part-2 fact in words (a part-1 fact as part 1 words it)."""
    head, _, rest = path.partition(".")
    if path in _SAID:
        return _SAID[path](value)
    if head == "powers":
        return f"{NAMES[str(value)]} is the {rest} power"
    if rest == "plays":
        return f"{'the asker' if head == 'me' else head} plays {_card(str(value))}"
    if rest == "hand":
        return f"{_whose(head)} hand: {_cards(value)}"
    if rest == "architect":
        return f"{_whose(head)} Architect tile: {value}"
    return part1.fact(path, value)


def ask(item: Item) -> str:
    """The question the item asks, in words."""
    who = "the asker" if item.about == "me" else item.about
    return {
        "play": f"what does playing that card do (what does {who} get or lose, what changes)?",
        "legal_plays": "where may that card be played?",
        "architect_claim": f"does {who} claim the Architect tile's 2 gold now?",
        "swap": "what is in the two districts after the swap?",
        "skull": "can that Necro perform the Skull?",
        "wheel": "which actions does that Necro perform after turning the Wheel?",
        "birdsong": "how many Cabal warriors are in each clearing, and in the supply, after Birdsong?",
        "hammer": "with the Hammer, can the Necro Build, or only Craft, and with which suits?",
    }[item.frame]


def describe(item: Item) -> str:
    """The writer's view of one part-2 item."""
    game = "Capital Lux 2" if item.game == "capital-lux-2" else "Root, the Necropossums (Cabal) faction"
    lines = [f"[{item.id}] {game}. Write in {part1.LANGUAGE[item.lang]}."]
    lines += [f"  - {fact(p, v)}" for p, v in item.facts.items()]
    lines.append(f"  Ask: {ask(item)}")
    return "\n".join(lines)
