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

from pydantic import Field

from engine.cl2.cards import Card, Colour
from engine.cl2.position import Player, Position
from engine.cl2.power import CONFIGURATIONS
from engine.cl2.queries import PlayQuery, Query, SwapQuery
from engine.cl2.texts import (
    NO_POWER,
    CardText,
    ColourName,
    Model,
    PowerName,
    TileText,
    cards_of,
    power_on,
    tiles_of,
)
from engine.cl2.tiles import ArchitectTile
from engine.cl2.undercover import Undercover, UndercoverCard


class PlayerIn(Model):
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
            city={Colour(c): cards_of(v) for c, v in self.city.items()},
            gold=self.gold,
            bonus=None if self.bonus is None else cards_of(self.bonus),
            hand=None if self.hand is None else cards_of(self.hand),
            architect=None if self.architect is None else ArchitectTile.parse(self.architect),
            city_total=self.city_total,
            bonus_total=self.bonus_total,
            score=self.score,
        )


class UndercoverIn(Model):
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


class PositionIn(Model):
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
    plays: list[Annotated[PlayQuery | SwapQuery, Field(discriminator="query")]] = Field(
        default_factory=list,
        description="Cards played (or swapped with the Mentalist's Swap tile), in order, before the queries are "
        "asked: each query is answered on the position after them, its steps after theirs",
    )
    queries: list[Query] = Field(default_factory=list)

    def to_position(self) -> Position:
        """The engine's value; ``ImpossiblePosition`` quotes what cannot be."""
        return Position(
            players=tuple(p.to_player() for p in self.players),
            capital={Colour(c): cards_of(v) for c, v in self.capital.items()},
            powers={
                **(CONFIGURATIONS[self.configuration] if self.configuration else {}),
                **{Colour(c): power_on(p) for c, p in self.powers.items()},
            },
            agent_tiles={Colour(c): tuple(v) for c, v in self.agent_tiles.items()},
            hidden_agent_tiles={Colour(c): tuple(v) for c, v in self.hidden_agent_tiles.items()},
            agent_stack=None if self.agent_stack is None else tuple(self.agent_stack),
            deck_top=None if self.deck_top is None else cards_of(self.deck_top),
            undercover=None if self.undercover is None else self.undercover.to_undercover(),
            prophet_tiles=tuple(self.prophet_tiles),
            prophet_stack=None if self.prophet_stack is None else tuple(self.prophet_stack),
            display=None if self.display is None else cards_of(self.display),
            recruiter_top=None if self.recruiter_top is None else Card.parse(self.recruiter_top),
            recruiter_deck=None if self.recruiter_deck is None else cards_of(self.recruiter_deck),
            rebel_deck=None if self.rebel_deck is None else cards_of(self.rebel_deck),
            rebel_flag=None if self.rebel_flag is None else Colour(self.rebel_flag),
            dualist_deck=None if self.dualist_deck is None else cards_of(self.dualist_deck),
            vector_deck=None if self.vector_deck is None else cards_of(self.vector_deck),
            experimenter_display=None if self.experimenter_display is None else cards_of(self.experimenter_display),
            experimenter_deck=None if self.experimenter_deck is None else cards_of(self.experimenter_deck),
            face_down=cards_of(self.face_down),
            architect_display=tiles_of(self.architect_display),
            architect_stack=tiles_of(self.architect_stack),
            architect_discard=tiles_of(self.architect_discard) or (),
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
