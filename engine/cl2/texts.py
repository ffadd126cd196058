"""The texts a Capital Lux 2 position file is written in: colours, cards, architect tiles and powers, each checked
by the engine when the file is read (so that a value the texts rule out is refused with the rule)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from engine.cl2.cards import Card
from engine.cl2.position import PowerOn
from engine.cl2.power import Power
from engine.cl2.tiles import ArchitectTile
from engine.errors import EngineError

ColourName = Literal["blue", "pink", "yellow", "green", "purple"]
BASE_COLOUR_NAMES: tuple[ColourName, ...] = ("blue", "pink", "yellow", "green")


def _card_text(text: str) -> str:
    Card.parse(text)  # an EngineError is a ValueError: pydantic reports it, its French wording kept (``fr``)
    return text


CARD_SYNTAX = (
    "A card, written [kind/]colour:value[+gold]. colour: blue, pink, yellow, green or purple (or bleu, rose, "
    "jaune, vert, violet). kind, when the card is not a plain citizen card: vector (worth -1, -2 or -3), rebel "
    "(1 to 6), experimenter (1 or 7), recruiter, or dualist, which shows its Capital colour then its City colour "
    "(dualist/blue|pink:3), or total: a district known only by its total, its cards unknown (total/blue:15). +gold: "
    "a Sentinel gold token lies on the card. A negative card is a Vector card; purple cards are worth 2 to 6."
)
CardText = Annotated[
    str,
    AfterValidator(_card_text),
    Field(
        description=CARD_SYNTAX,
        examples=[
            "blue:7",
            "vert:4",
            "vector/green:-2",
            "rebel/pink:3",
            "dualist/blue|pink:3",
            "pink:4+gold",
            "total/blue:15",
        ],
    ),
]


def _tile_text(text: str) -> str:
    try:
        ArchitectTile.parse(text)
    except (EngineError, ValueError) as exc:
        raise ValueError(str(exc)) from None
    return text


TileText = Annotated[
    str,
    AfterValidator(_tile_text),
    Field(
        description="An architect tile: type 1 '=12', '=14', '=16' or '=18' (a district of exactly that total); "
        "type 2 'pink=green' (two districts of equal total, neither empty)",
        examples=["=12", "pink=green"],
    ),
]


def _power_name(text: str) -> str:
    if text.strip().casefold() == NO_POWER:
        return NO_POWER
    try:
        return Power.parse(text).value
    except EngineError as exc:
        raise ValueError(str(exc)) from None


#: The word a position file uses to state that no power on a colour matters here.
NO_POWER = "none"
PowerName = Annotated[
    str,
    AfterValidator(_power_name),
    Field(
        description="The power on a colour: its id ("
        + ", ".join(p.value for p in Power)
        + ") or any of its names in either language (e.g. Marchand, Cleric, Prosélytiste); 'none': no power on "
        "this colour matters here",
        examples=["merchant", "Marchand", "none"],
    ),
]


def power_on(name: str) -> PowerOn:
    return None if name == NO_POWER else Power(name)


def cards_of(values: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(v) for v in values)


def tiles_of(values: list[str] | None) -> tuple[ArchitectTile, ...] | None:
    return None if values is None else tuple(ArchitectTile.parse(v) for v in values)


class Model(BaseModel):
    """A part of a position file: no unknown field, immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)
