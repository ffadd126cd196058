"""The queries a Capital Lux 2 position file asks (pydantic models, one per query; ``Query`` is their union)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.cl2.texts import BASE_COLOUR_NAMES, CardText, ColourName, Model, TileText


class MaximumQuery(Model):
    """The MAXIMUM of a colour."""

    query: Literal["maximum"]
    colour: ColourName


class DistrictQuery(Model):
    """Does a player's district bust at round end (with the Merchant's gold if in play)?"""

    query: Literal["district"]
    player: str
    colour: ColourName
    spend: bool = Field(default=True, description="False: the player declines to spend gold")


class GoldNeededQuery(Model):
    """The Merchant: the least gold a player must spend so that a district does not bust."""

    query: Literal["gold_needed"]
    player: str
    colour: ColourName


class BonusQuery(Model):
    """Who takes the Bonus card of one colour at round end (after that colour's busts)?"""

    query: Literal["bonus"]
    colour: ColourName


class RoundQuery(Model):
    """The whole round end, colour by colour."""

    query: Literal["round_end"]
    colours: list[ColourName] = Field(default_factory=lambda: list(BASE_COLOUR_NAMES))


class ScoreQuery(Model):
    """A player's final score."""

    query: Literal["score"]
    player: str


class WinnersQuery(Model):
    """Who wins the game (ties: fewer gold, then shared)."""

    query: Literal["winners"]


class LegalQuery(Model):
    """Where a card may be played, and why not elsewhere."""

    query: Literal["legal_plays"]
    card: CardText


class DealQuery(Model):
    """How many cards each player is dealt for the draft (every reading the texts support)."""

    query: Literal["deal"]
    players: int = Field(ge=1)
    undercover: bool = False


class PlayQuery(Model):
    """Play a card to the Capital (or to the player's City) and apply the power it activates."""

    query: Literal["play"]
    player: str
    card: CardText
    into: ColourName | None = Field(default=None, description="The district (default: the card's colour)")
    place: Literal["capital", "city"] = Field(
        default="capital", description="Where the card is played: the Capital, or the player's own City"
    )
    give: CardText | None = Field(default=None, description="Proselytizer: the card added to the display")
    on: CardText | None = Field(default=None, description="Sentinel: the City card the gold token goes on")
    district: ColourName | None = Field(default=None, description="Clerc: the Capital district to take from")
    take: CardText | None = Field(default=None, description="Clerc: which of several lowest cards")
    target: ColourName | None = Field(
        default=None, description="Agent: the Power card the tile goes on; Infiltrator: where the flag moves"
    )
    tile: TileText | None = Field(default=None, description="Architect: the face-up tile taken")
    keep: bool | None = Field(default=None, description="Architect: true keeps the tile taken, false discards it")
    secret: bool = Field(
        default=False,
        description="Mentalist Secret Card tile: face down in the Capital district `into`, whatever the card's "
        "colour, activating that district's power",
    )


class ArchitectClaimQuery(Model):
    """The Architect: does the player's City meet their tile's criterion (2 gold, the tile discarded)?"""

    query: Literal["architect_claim"]
    player: str
    tile: TileText | None = Field(default=None, description="The tile (default: the one the player owns)")


class SwapQuery(Model):
    """The Mentalist's Swap tile: swap a card of the player's City district with one of the Capital's."""

    query: Literal["swap"]
    player: str
    tile: Literal["blue/pink", "yellow/green"] = Field(description="Which of the two Swap tiles")
    colour: ColourName = Field(description="The district chosen: one of the tile's two colours")
    city_card: CardText
    capital_card: CardText


Query = Annotated[
    MaximumQuery
    | DistrictQuery
    | GoldNeededQuery
    | BonusQuery
    | RoundQuery
    | ScoreQuery
    | WinnersQuery
    | PlayQuery
    | LegalQuery
    | DealQuery
    | ArchitectClaimQuery
    | SwapQuery,
    Field(discriminator="query"),
]
