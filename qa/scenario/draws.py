"""What a card played draws: the deck, the display or the tile stack of the power the card activates.

A question says "je tire un 3" or "the top card is a blue 4" without naming the deck. The roles
(:mod:`qa.scenario.roles`) first give such a card the deck of a power in play that has one; once the card played
is known, the deck is the one of the power *it* activates: in configuration B a pink card played draws a Prophet
tile, not a rebel card, although the Infiltrator has a deck too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.cl2.power import Power
from qa.scenario.configured import configured
from qa.scenario.facts import Fact

#: The deck a power draws from, when the question says "the top of the deck" or "the card face up".
DECK_OF = {
    Power.SCHOLAR: "deck_top",
    Power.RECRUITER: "recruiter_top",
    Power.INFILTRATOR: "rebel_deck",
    Power.INTRUDER: "rebel_deck",
    Power.VECTOR: "vector_deck",
    Power.DUALIST: "dualist_deck",
    Power.EXPERIMENTER: "experimenter_display",
}
DISPLAY_OF = {Power.EXPERIMENTER: "experimenter_display"}
#: The kind of the cards of a deck or display that holds cards of one kind.
KIND_OF = {
    "rebel_deck": "rebel",
    "vector_deck": "vector",
    "experimenter_display": "experimenter",
    "recruiter_top": "recruiter",
}
#: Where a card a play draws is put: the decks above, and the Prophet's stack of tiles (numbers, not cards).
_DRAWN_TO = frozenset({"deck_top", "recruiter_top", "rebel_deck", "vector_deck", "dualist_deck", "prophet_stack"})


def _activated(facts: Sequence[Fact], played: str) -> Power | None:
    """The power the card ``played`` activates, as the facts say it (its colour's power, or the configuration's)."""
    colour = played.split("/")[-1].split(":")[0].split("|")[0]
    named = next((f.value for f in facts if f.path == f"powers.{colour}" and isinstance(f.value, Power)), None)
    return named or configured(facts).get(colour)


def _value(card: object) -> int:
    return int(str(card).rsplit(":", 1)[-1])


def drawn_by_the_play(facts: Sequence[Fact]) -> list[Fact]:
    """``facts`` with a card said drawn moved to the deck of the power the card played activates."""
    played = next((f for f in facts if f.path.endswith(".plays") and isinstance(f.value, str)), None)
    power = None if played is None else _activated(facts, str(played.value))
    target = "prophet_stack" if power is Power.PROPHET else DECK_OF.get(power) if power is not None else None
    if target is None or target not in _DRAWN_TO:
        return list(facts)
    out = []
    for fact in facts:
        if fact.path in _DRAWN_TO and fact.path != target and isinstance(fact.value, tuple) and fact.value:
            kind = KIND_OF.get(target)
            cards = [str(c).split("/")[-1] for c in fact.value]
            value: tuple[object, ...] = (
                tuple(_value(c) for c in cards)
                if target == "prophet_stack"
                else tuple(f"{kind}/{c}" if kind else c for c in cards)
            )
            fact = replace(fact, path=target, value=value)
        out.append(fact)
    return out
