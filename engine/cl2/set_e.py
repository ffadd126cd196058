"""The expansion's set E powers: the Intruder, the Vector, the Architect, the Experimenter.

A set E power sits on the colour whose preset power it replaces (an input of the position). What becomes of
Vector cards between rounds is in :mod:`engine.cl2.roundend`; the Architect's tiles in
:mod:`engine.cl2.architect`.
"""

from __future__ import annotations

from dataclasses import replace

from engine.cl2 import architect, sections
from engine.cl2.config_b import top_rebel
from engine.cl2.effects import Play, PlayResult
from engine.errors import EngineError, MissingFact
from engine.steps import Step


def intruder(play: Play) -> PlayResult:
    """Place the face-up rebel card in any Capital district, without activating its power; turn the next up."""
    position, district = play.position, play.choices.district
    top, rest = top_rebel(position)
    if top is None:
        return play.cannot("plus de carte Rebelle", "no rebel card left")
    if district is None:
        raise MissingFact(f"{play.name}.intruder_district", "in which Capital district does the rebel card go?")
    capital = {**position.capital, district: (*position.capital_district(district), top)}
    return play.done(
        replace(position, capital=capital, rebel_deck=rest),
        Step(
            sections.INTRUDER,
            f"{play.name} place la carte Rebelle {top.format()} dans le district {district.fr} de la Capitale, "
            "sans activer de pouvoir ; elle y compte comme une carte de cette couleur",
            f"{play.name} places the rebel card {top.format()} in the Capital's {district.value} district "
            "without activating a power; it counts there as a card of that colour",
        ),
    )


def vector(play: Play) -> PlayResult:
    """Take the face-up vector card into your hand (playable later as a citizen card); turn the next one up."""
    return play.draw("vector_deck", "carte Vecteur", "vector card")


def experimenter(play: Play) -> PlayResult:
    """Take one experimenter card from the display (not the deck) into your hand; refill the display (from a deck not
    given, the refill is unknown: the display keeps the card left)."""
    display, take = play.position.experimenter_display, play.choices.take
    if display is None:
        raise MissingFact("experimenter.display", "which experimenter cards are in the display?")
    if not display:
        return play.cannot("le présentoir est vide", "the display is empty")
    take = play.choose(take, display, f"{play.name}.experimenter_take", "which experimenter card from the display?")
    if take not in display:
        raise EngineError(f"{take.format()} is not in the experimenter display (the deck cannot be taken from)")
    deck = play.position.experimenter_deck  # not given: the card that refills the display decides nothing here
    left = list(display)
    left.remove(take)
    refill = {"experimenter_display": (*left, *deck[:1]), "experimenter_deck": deck[1:]} if deck is not None else {}
    after = play.give_player(
        refill or {"experimenter_display": tuple(left)},
        hand=(*(play.player.hand or ()), take),
    )

    return play.done(
        after,
        Step(
            sections.EXPERIMENTER,
            f"{play.name} prend {take.format()} du présentoir ; le présentoir est complété par la pioche",
            f"{play.name} takes {take.format()} from the display; the display is refilled from the deck",
        ),
    )


def architect_power(play: Play) -> PlayResult:
    """Take one of the two face-up architect tiles and keep it or discard it (:func:`architect.take_tile`)."""
    tile, keep = play.choices.tile, play.choices.keep
    if tile is None:
        raise MissingFact(f"{play.name}.architect_tile", "which face-up architect tile is taken?")
    if keep is None:
        raise MissingFact(f"{play.name}.architect_keep", "is the tile kept or discarded?")
    after, steps = architect.take_tile(play.position, play.name, tile, keep=keep)
    return play.done(after, *steps)
