"""The JSON form of a Capital Lux 2 position and the queries asked about it (pydantic, exported as JSON Schema).

Example::

    {"game": "capital-lux-2",
     "players": [{"name": "Ana", "city": {"blue": ["blue:9", "blue:8"]}, "gold": 2}],
     "capital": {"blue": ["blue:15"]},
     "powers": {"blue": "agent", "yellow": "merchant", "pink": "none", "green": "none"},
     "agent_tiles": {"blue": []},
     "queries": [{"query": "district", "player": "Ana", "colour": "blue"}]}

A field left out is an unknown fact; a query that needs it answers with the missing fact's name. A power is
written with its glossary id (``merchant``) or any of its names in either language (``Marchand``); the file
is written back with the id. ``"none"`` states that no power on that colour matters here.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from engine.cl2.cards import Card, Colour
from engine.cl2.position import Player, Position, PowerOn
from engine.cl2.power import CONFIGURATIONS, Power
from engine.cl2.tiles import ArchitectTile
from engine.cl2.undercover import Undercover, UndercoverCard
from engine.errors import EngineError

ColourName = Literal["blue", "pink", "yellow", "green", "purple"]
BASE_COLOUR_NAMES: tuple[ColourName, ...] = ("blue", "pink", "yellow", "green")
#: Preset configurations: the power on each colour.
PRESETS = CONFIGURATIONS


def _card_text(text: str) -> str:
    try:
        Card.parse(text)
    except EngineError as exc:
        raise ValueError(str(exc)) from None
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


def _power_on(name: str) -> PowerOn:
    return None if name == NO_POWER else Power(name)


def _cards(values: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(v) for v in values)


def _tiles(values: list[str] | None) -> tuple[ArchitectTile, ...] | None:
    return None if values is None else tuple(ArchitectTile.parse(v) for v in values)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PlayerIn(_Model):
    """One player; a field left out is unknown."""

    name: str = Field(min_length=1)
    city: dict[ColourName, list[CardText]] = Field(default_factory=dict, description="Known City districts")
    gold: int | None = Field(default=None, ge=0)
    bonus: list[CardText] | None = None
    hand: list[CardText] | None = None
    architect: TileText | None = Field(default=None, description="Architect: the tile the player owns")
    city_total: int | None = Field(default=None, ge=0, description="Game end: the City known by its total only")
    bonus_total: int | None = Field(default=None, ge=0, description="Game end: the Bonus cards known by their total")
    score: int | None = Field(default=None, ge=0, description="Game end: the final score, stated directly")

    def to_player(self) -> Player:
        """The engine's value."""
        return Player(
            self.name,
            city={Colour(c): _cards(v) for c, v in self.city.items()},
            gold=self.gold,
            bonus=None if self.bonus is None else _cards(self.bonus),
            hand=None if self.hand is None else _cards(self.hand),
            architect=None if self.architect is None else ArchitectTile.parse(self.architect),
            city_total=self.city_total,
            bonus_total=self.bonus_total,
            score=self.score,
        )


class MaximumQuery(_Model):
    """The MAXIMUM of a colour."""

    query: Literal["maximum"]
    colour: ColourName


class DistrictQuery(_Model):
    """Does a player's district bust at round end (with the Merchant's gold if in play)?"""

    query: Literal["district"]
    player: str
    colour: ColourName
    spend: bool = Field(default=True, description="False: the player declines to spend gold")


class GoldNeededQuery(_Model):
    """The Merchant: the least gold a player must spend so that a district does not bust."""

    query: Literal["gold_needed"]
    player: str
    colour: ColourName


class BonusQuery(_Model):
    """Who takes the Bonus card of one colour at round end (after that colour's busts)?"""

    query: Literal["bonus"]
    colour: ColourName


class RoundQuery(_Model):
    """The whole round end, colour by colour."""

    query: Literal["round_end"]
    colours: list[ColourName] = Field(default_factory=lambda: list(BASE_COLOUR_NAMES))


class ScoreQuery(_Model):
    """A player's final score."""

    query: Literal["score"]
    player: str


class WinnersQuery(_Model):
    """Who wins the game (ties: fewer gold, then shared)."""

    query: Literal["winners"]


class LegalQuery(_Model):
    """Where a card may be played, and why not elsewhere."""

    query: Literal["legal_plays"]
    card: CardText


class DealQuery(_Model):
    """How many cards each player is dealt for the draft (every reading the texts support)."""

    query: Literal["deal"]
    players: int = Field(ge=1)
    undercover: bool = False


class PlayQuery(_Model):
    """Play a card to the Capital and apply its power."""

    query: Literal["play"]
    player: str
    card: CardText
    into: ColourName | None = Field(default=None, description="The Capital district (default: the card's colour)")
    give: CardText | None = Field(default=None, description="Proselytizer: the card added to the display")
    on: CardText | None = Field(default=None, description="Sentinel: the City card the gold token goes on")
    district: ColourName | None = Field(default=None, description="Clerc: the Capital district to take from")
    take: CardText | None = Field(default=None, description="Clerc: which of several lowest cards")
    target: ColourName | None = Field(
        default=None, description="Agent: the Power card the tile goes on; Infiltrator: where the flag moves"
    )
    tile: TileText | None = Field(default=None, description="Architect: the face-up tile taken")
    keep: bool | None = Field(default=None, description="Architect: true keeps the tile taken, false discards it")


class ArchitectClaimQuery(_Model):
    """The Architect: does the player's City meet their tile's criterion (2 gold, the tile discarded)?"""

    query: Literal["architect_claim"]
    player: str
    tile: TileText | None = Field(default=None, description="The tile (default: the one the player owns)")


class SwapQuery(_Model):
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


class UndercoverIn(_Model):
    """The Undercover module: the current undercover card and the deck, as ``power/extra`` colours."""

    current: str | None = Field(
        default=None,
        description="e.g. 'green' or 'green/yellow' (power shown / extra playable colour); left out: unknown",
    )
    deck: list[str] | None = Field(default=None, description="The undercover deck, top first")

    def to_undercover(self) -> Undercover:
        """The engine's value."""
        deck = None if self.deck is None else tuple(UndercoverCard.parse(d) for d in self.deck)
        return Undercover(None if self.current is None else UndercoverCard.parse(self.current), deck)


class PositionIn(_Model):
    """A Capital Lux 2 position (possibly partial) and the queries to run on it."""

    game: Literal["capital-lux-2"] = "capital-lux-2"
    configuration: Literal["A", "B", "C"] | None = Field(
        default=None, description="A preset configuration: its powers fill the colours 'powers' does not give"
    )
    players: list[PlayerIn] = Field(default_factory=list)
    capital: dict[ColourName, list[CardText]] = Field(default_factory=dict, description="Known Capital districts")
    powers: dict[ColourName, PowerName] = Field(
        default_factory=dict, description="The power on each colour; a colour left out is unknown"
    )
    agent_tiles: dict[ColourName, list[int]] = Field(default_factory=dict, description="Revealed Agent tiles")
    hidden_agent_tiles: dict[ColourName, list[int]] = Field(default_factory=dict)
    agent_stack: list[int] | None = Field(default=None, description="The Agent tile stack, top first")
    deck_top: list[CardText] | None = Field(default=None, description="The citizen deck, top first")
    undercover: UndercoverIn | None = Field(default=None, description="Present when the Undercover module is played")
    prophet_tiles: list[int] = Field(default_factory=list, description="Prophète: face-up tiles")
    prophet_stack: list[int] | None = Field(default=None, description="Prophète: the stack, top first")
    display: list[CardText] | None = Field(default=None, description="Prosélytiste: the display")
    recruiter_top: CardText | None = Field(default=None, description="Recruteur: the face-up card")
    recruiter_deck: list[CardText] | None = Field(default=None, description="Recruteur: the deck under it")
    rebel_deck: list[CardText] | None = Field(default=None, description="Rebel cards (Infiltré, Intruder), top first")
    rebel_flag: ColourName | None = Field(default=None, description="Infiltré: the Power card the Rebel flag is on")
    dualist_deck: list[CardText] | None = Field(default=None, description="Dualiste: the deck, top first")
    vector_deck: list[CardText] | None = Field(default=None, description="Vector: the deck, top first (top face up)")
    experimenter_display: list[CardText] | None = Field(default=None, description="Experimenter: the display")
    experimenter_deck: list[CardText] | None = Field(default=None, description="Experimenter: the deck, top first")
    face_down: list[CardText] = Field(default_factory=list, description="Mentalist: face-down Capital cards")
    architect_display: list[TileText] | None = Field(default=None, description="Architect: the face-up tiles")
    architect_stack: list[TileText] | None = Field(default=None, description="Architect: the stack, top first")
    architect_discard: list[TileText] = Field(default_factory=list, description="Architect: discarded tiles")
    queries: list[Query] = Field(default_factory=list)

    def to_position(self) -> Position:
        """The engine's value; ``ImpossiblePosition`` quotes what cannot be."""
        return Position(
            players=tuple(p.to_player() for p in self.players),
            capital={Colour(c): _cards(v) for c, v in self.capital.items()},
            powers={
                **(PRESETS[self.configuration] if self.configuration else {}),
                **{Colour(c): _power_on(p) for c, p in self.powers.items()},
            },
            agent_tiles={Colour(c): tuple(v) for c, v in self.agent_tiles.items()},
            hidden_agent_tiles={Colour(c): tuple(v) for c, v in self.hidden_agent_tiles.items()},
            agent_stack=None if self.agent_stack is None else tuple(self.agent_stack),
            deck_top=None if self.deck_top is None else _cards(self.deck_top),
            undercover=None if self.undercover is None else self.undercover.to_undercover(),
            prophet_tiles=tuple(self.prophet_tiles),
            prophet_stack=None if self.prophet_stack is None else tuple(self.prophet_stack),
            display=None if self.display is None else _cards(self.display),
            recruiter_top=None if self.recruiter_top is None else Card.parse(self.recruiter_top),
            recruiter_deck=None if self.recruiter_deck is None else _cards(self.recruiter_deck),
            rebel_deck=None if self.rebel_deck is None else _cards(self.rebel_deck),
            rebel_flag=None if self.rebel_flag is None else Colour(self.rebel_flag),
            dualist_deck=None if self.dualist_deck is None else _cards(self.dualist_deck),
            vector_deck=None if self.vector_deck is None else _cards(self.vector_deck),
            experimenter_display=None if self.experimenter_display is None else _cards(self.experimenter_display),
            experimenter_deck=None if self.experimenter_deck is None else _cards(self.experimenter_deck),
            face_down=_cards(self.face_down),
            architect_display=_tiles(self.architect_display),
            architect_stack=_tiles(self.architect_stack),
            architect_discard=_tiles(self.architect_discard) or (),
        )

    @classmethod
    def from_position(cls, position: Position) -> PositionIn:
        """The JSON form of an engine position (no queries)."""

        def texts(cards: tuple[Card, ...]) -> list[str]:
            return [card.format() for card in cards]

        return cls(
            players=[
                PlayerIn(
                    name=p.name,
                    city={c.value: texts(v) for c, v in p.city.items()},
                    gold=p.gold,
                    bonus=None if p.bonus is None else texts(p.bonus),
                    hand=None if p.hand is None else texts(p.hand),
                    architect=None if p.architect is None else p.architect.format(),
                    city_total=p.city_total,
                    bonus_total=p.bonus_total,
                    score=p.score,
                )
                for p in position.players
            ],
            capital={c.value: texts(v) for c, v in position.capital.items()},
            powers={c.value: NO_POWER if v is None else v.value for c, v in position.powers.items()},
            agent_tiles={c.value: list(v) for c, v in position.agent_tiles.items()},
            hidden_agent_tiles={c.value: list(v) for c, v in position.hidden_agent_tiles.items()},
            agent_stack=None if position.agent_stack is None else list(position.agent_stack),
            deck_top=None if position.deck_top is None else texts(position.deck_top),
            undercover=None
            if position.undercover is None
            else UndercoverIn(
                current=None if position.undercover.current is None else position.undercover.current.format(),
                deck=None if position.undercover.deck is None else [u.format() for u in position.undercover.deck],
            ),
            prophet_tiles=list(position.prophet_tiles),
            prophet_stack=None if position.prophet_stack is None else list(position.prophet_stack),
            display=None if position.display is None else texts(position.display),
            recruiter_top=None if position.recruiter_top is None else position.recruiter_top.format(),
            recruiter_deck=None if position.recruiter_deck is None else texts(position.recruiter_deck),
            rebel_deck=None if position.rebel_deck is None else texts(position.rebel_deck),
            rebel_flag=None if position.rebel_flag is None else position.rebel_flag.value,
            dualist_deck=None if position.dualist_deck is None else texts(position.dualist_deck),
            vector_deck=None if position.vector_deck is None else texts(position.vector_deck),
            experimenter_display=None
            if position.experimenter_display is None
            else texts(position.experimenter_display),
            experimenter_deck=None if position.experimenter_deck is None else texts(position.experimenter_deck),
            face_down=texts(position.face_down),
            architect_display=None
            if position.architect_display is None
            else [t.format() for t in position.architect_display],
            architect_stack=None
            if position.architect_stack is None
            else [t.format() for t in position.architect_stack],
            architect_discard=[t.format() for t in position.architect_discard],
        )


def parse_position(text: str) -> Position:
    """A position from its JSON form; pydantic's ``ValidationError`` or ``ImpossiblePosition`` quote bad input."""
    return PositionIn.model_validate_json(text).to_position()


def format_position(position: Position) -> str:
    """The JSON form :func:`parse_position` reads (unknown facts are left out)."""
    return PositionIn.from_position(position).model_dump_json(exclude_none=True, exclude={"queries", "configuration"})


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a position file."""
    return PositionIn.model_json_schema()
