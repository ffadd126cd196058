"""Legal plays: for a card and a position, where it may be played, and why not elsewhere.

>>> from engine.cl2.cards import Card
>>> from engine.cl2.position import Player, Position
>>> p = Position(players=(Player("Ana"),))
>>> [(x.place, x.district.value) for x in legal_plays(p, Card.parse("pink:3")) if x.allowed]
[('capital', 'pink'), ('city', 'pink')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.cl2.cards import BASE_COLOURS, Card, Colour
from engine.cl2.position import Position
from engine.cl2.power import Power
from engine.cl2.sections import DUALIST, INFILTRATOR, INTRUDER, PLAY, UNDERCOVER_PLAY
from engine.errors import MissingFact
from engine.steps import Step

Place = Literal["capital", "city"]


@dataclass(frozen=True)
class Placement:
    """One district a card could go to, whether it may, and the rule that says so."""

    place: Place
    district: Colour
    allowed: bool
    why: Step


def legal_plays(position: Position, card: Card) -> tuple[Placement, ...]:
    """Every district of the Capital and of the player's City, allowed or not, with the reason."""
    colours = (*BASE_COLOURS, Colour.PURPLE) if position.undercover else BASE_COLOURS
    return tuple(_placement(position, card, place, district) for place in ("capital", "city") for district in colours)


def placement(position: Position, card: Card, place: Place, district: Colour) -> Placement:
    """Whether ``card`` may go to one district, with the reason: only what that district needs is asked for (a
    green card's own district does not need the current undercover card)."""
    return _placement(position, card, place, district)


def _placement(position: Position, card: Card, place: Place, district: Colour) -> Placement:
    where_fr = "la Capitale" if place == "capital" else "la Cité"
    where_en = "the Capital" if place == "capital" else "the City"
    undercover = position.undercover
    if card.kind == "rebel":
        return _rebel(position, place, district, where_fr, where_en)
    if card.colour is Colour.PURPLE:
        allowed = district is Colour.PURPLE
        return Placement(
            place,
            district,
            allowed,
            Step(
                UNDERCOVER_PLAY,
                f"une carte violette se joue dans un district violet ({where_fr} : {district.fr}"
                f" {'oui' if allowed else 'non'})",
                f"a purple card must be played in a purple district ({where_en}: {district.value}"
                f" {'yes' if allowed else 'no'})",
            ),
        )
    if district is Colour.PURPLE and undercover is not None:  # purple districts exist only with the module
        shown = undercover.shown()
        allowed = card.colour is shown.extra
        return Placement(
            place,
            district,
            allowed,
            Step(
                UNDERCOVER_PLAY,
                f"la carte Clandestin actuelle autorise le {shown.extra.fr} dans le district violet : "
                f"{card.colour.fr} {'oui' if allowed else 'non'}",
                f"the current undercover card allows {shown.extra.value} in the purple district: "
                f"{card.colour.value} {'yes' if allowed else 'no'}",
            ),
        )
    if card.kind == "dualist":
        own = card.colour_in(place)
        return Placement(
            place,
            district,
            district is own,
            Step(
                DUALIST,
                f"une carte Dualiste prend sa couleur selon l'endroit : {own.fr} dans {where_fr}",
                f"a Dualist card takes its colour from where it is played: {own.value} in {where_en}",
            ),
        )
    allowed = district is card.colour
    return Placement(
        place,
        district,
        allowed,
        Step(
            PLAY,
            f"une carte se joue dans le district de sa couleur ({card.colour.fr}) de {where_fr}",
            f"a card is played in the district of its colour ({card.colour.value}) in {where_en}",
        ),
    )


def _rebel(position: Position, place: Place, district: Colour, where_fr: str, where_en: str) -> Placement:
    if position.in_play(Colour.BLUE, Power.INFILTRATOR):
        flag = position.rebel_flag
        if flag is None:
            raise MissingFact("rebel.flag", "where is the Rebel flag?")
        allowed = district is flag
        return Placement(
            place,
            district,
            allowed,
            Step(
                INFILTRATOR,
                f"une carte Rebelle se joue dans le district du drapeau Rebelle ({flag.fr}) de {where_fr}",
                f"a Rebel card is played in the district of the Rebel flag ({flag.value}) in {where_en}",
            ),
        )
    return Placement(
        place,
        district,
        True,
        Step(
            INTRUDER,
            f"une carte Rebelle en main (Intrus et Missionnaire) peut aller dans n'importe quel district de {where_fr}",
            f"a rebel card in hand (Intruder with Missionary) may go in any district of {where_en}",
        ),
    )


def round_colours(position: Position) -> tuple[Colour, ...]:
    """The order colours are resolved at round end: purple first with the Undercover module."""
    return position.colours_in_play
