"""The expansion's new Mentalist tiles: Secret Card and Swap.

The base Mentalist power itself is not described in any of the texts (``notes/mentalist-secret-card``):
the engine says so and never invents it.
"""

from __future__ import annotations

from dataclasses import replace

from engine.cl2.cards import Card, Colour
from engine.cl2.position import Position
from engine.cl2.sections import SECRET_CARD as HIDDEN_PLAY
from engine.cl2.sections import SECRET_CARD_READING, SWAP
from engine.errors import EngineError
from engine.steps import Step

#: The two Swap tiles: each lets the player choose between these two districts.
SWAP_TILES = ((Colour.BLUE, Colour.PINK), (Colour.YELLOW, Colour.GREEN))


def base_power() -> None:
    """The base Mentalist power: not in the texts."""
    raise EngineError("the base Mentalist power is not described in the texts (notes/mentalist-secret-card)")


def secret_card(position: Position, name: str, card: Card, district: Colour) -> tuple[Position, Step]:
    """Play ``card`` in any Capital district, whatever its colour; it lies face down until round end.

    The tile says "face up" while its note and round-end step only make sense for a face-down card
    (``notes/mentalist-secret-card``): reading: face down, so it cannot be moved, discarded or taken, and it
    is turned face up before round end and counted in that district. The caller then applies the power of
    ``district`` (see :func:`engine.cl2.powers.play_to_capital`).
    """
    position.player(name)
    capital = {**position.capital, district: (*position.capital_district(district), card)}
    after = replace(position, capital=capital, face_down=(*position.face_down, card))
    return after, Step(
        HIDDEN_PLAY,
        f"{name} joue {card.format()} face cachée dans le district {district.fr} de la Capitale "
        "(la couleur n'a pas besoin de correspondre) et active son pouvoir",
        f"{name} plays {card.format()} face down in the Capital's {district.value} district "
        "(the colour does not have to match) and activates its power",
        reading=SECRET_CARD_READING,
    )


def swap(
    position: Position, name: str, tile: tuple[Colour, Colour], colour: Colour, city_card: Card, capital_card: Card
) -> tuple[Position, Step]:
    """Swap a card of ``name``'s City district ``colour`` with one of the Capital's district of that colour."""
    if tile not in SWAP_TILES:
        raise EngineError(f"the Swap tiles are blue/pink and yellow/green, not {tile[0].value}/{tile[1].value}")
    if colour not in tile:
        raise EngineError(f"this Swap tile offers {tile[0].value} or {tile[1].value}, not {colour.value}")
    player = position.player(name)
    mine, theirs = list(player.district(colour)), list(position.capital_district(colour))
    if city_card not in mine:
        raise EngineError(f"{name} has no {city_card.format()} in their City's {colour.value} district")
    if capital_card not in theirs or capital_card in position.face_down:
        raise EngineError(f"{capital_card.format()} cannot be taken from the Capital's {colour.value} district")
    mine[mine.index(city_card)] = capital_card
    theirs[theirs.index(capital_card)] = city_card
    players = tuple(replace(p, city={**p.city, colour: tuple(mine)}) if p.name == name else p for p in position.players)
    after = replace(position, players=players, capital={**position.capital, colour: tuple(theirs)})
    return after, Step(
        SWAP,
        f"{name} échange {city_card.format()} de sa Cité avec {capital_card.format()} de la Capitale ({colour.fr})",
        f"{name} swaps {city_card.format()} from their City with {capital_card.format()} from the Capital "
        f"({colour.value})",
    )
