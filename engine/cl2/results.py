"""The typed result of each Capital Lux 2 query (see :mod:`engine.verdict` for their JSON form).

Cards are given as their text (``blue:7``, ``vector/green:-2``), the syntax position files use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine.cl2.cards import Colour
from engine.cl2.power import Power
from engine.verdict import result


@result("maximum")
@dataclass(frozen=True)
class MaximumVerdict:
    """The MAXIMUM of a colour."""

    colour: Colour
    maximum: int
    #: Its parts: the Capital district's total and the Agent tiles revealed on it.
    capital: int = 0
    tiles: tuple[int, ...] = ()


@result("district")
@dataclass(frozen=True)
class DistrictVerdict:
    """Whether a player's district busts at round end, and the gold spent to save it."""

    player: str
    colour: Colour
    total: int
    maximum: int
    gold_spent: int
    busted: bool
    #: The MAXIMUM's parts: the Capital district's total and the Agent tiles revealed on it.
    capital: int = 0
    tiles: tuple[int, ...] = ()
    #: The total compared with the MAXIMUM (the Sentinel's covered cards count 0).
    counted: int = 0


@result("gold_needed")
@dataclass(frozen=True)
class GoldNeededVerdict:
    """The Merchant: the least gold a player must spend so that a district does not bust."""

    player: str
    colour: Colour
    #: 0 when the district does not bust.
    gold_needed: int
    #: True when the player holds at least that much gold (``None``: their gold is not known).
    enough: bool | None
    #: The district's total and its MAXIMUM, with the MAXIMUM's parts (the Capital's district, the Agent tiles).
    total: int = 0
    maximum: int = 0
    capital: int = 0
    tiles: tuple[int, ...] = ()


@dataclass(frozen=True)
class Bust:
    """A busted district."""

    player: str
    colour: Colour


@dataclass(frozen=True)
class BonusAward:
    """The Bonus card of one colour: its winner, or the players tied (each takes 1 gold), or nobody."""

    colour: Colour
    winner: str | None
    #: The card taken (or discarded on a tie); ``None`` when nobody is eligible or the district is empty.
    card: str | None
    tied: tuple[str, ...]


@result("bonus")
@dataclass(frozen=True)
class BonusVerdict:
    """The Bonus card of one colour at round end, after that colour's busts."""

    colour: Colour
    winner: str | None
    card: str | None
    tied: tuple[str, ...]
    #: Each player's district total once busted districts are discarded (at least 1 to be eligible).
    totals: dict[str, int] = field(default_factory=dict)


@result("round_end")
@dataclass(frozen=True)
class RoundVerdict:
    """A whole round end, colour by colour."""

    busted: tuple[Bust, ...]
    #: Gold spent with the Merchant, by player (only those who spent).
    gold_spent: dict[str, int]
    bonus: tuple[BonusAward, ...]
    #: Each player's gold afterwards (``None``: unknown).
    gold_after: dict[str, int | None]


@result("score")
@dataclass(frozen=True)
class ScoreVerdict:
    """A player's final score and its parts."""

    player: str
    city: int
    bonus: int
    gold: int
    total: int


@result("winners")
@dataclass(frozen=True)
class WinnersVerdict:
    """Who wins: the highest score, then fewer gold; players still tied share the victory."""

    winners: tuple[str, ...]


@dataclass(frozen=True)
class Spot:
    """A district a card may be played in."""

    place: Literal["capital", "city"]
    colour: Colour


@result("legal_plays")
@dataclass(frozen=True)
class LegalVerdict:
    """Where a card may be played (the steps say why not elsewhere)."""

    allowed: tuple[Spot, ...]
    #: The card asked about.
    card: str = ""


@dataclass(frozen=True)
class DealOption:
    """One reading of the draft deal: cards dealt to each player and how they are picked (``None``: not given)."""

    cards: int | None
    picks: str | None
    rule: str


@result("deal")
@dataclass(frozen=True)
class DealVerdict:
    """Every reading the texts support for the draft deal."""

    readings: tuple[DealOption, ...]
    #: The number of cards dealt to each player under each reading, in the readings' order (two numbers where the
    #: texts disagree).
    cards: tuple[int | None, ...] = ()


@result("play")
@dataclass(frozen=True)
class PlayVerdict:
    """What playing a card to the Capital did."""

    player: str
    card: str
    #: The power it activated (``None``: none, e.g. a rebel card with the Intruder).
    power: Power | None
    applied: bool
    extra_turn: bool
    #: What the play changed (:mod:`engine.cl2.changes`): the player's gold afterwards, the cards that joined
    #: their hand and their City, the cards that left the Capital or joined it besides the card played, and where
    #: the Rebel flag stands.
    gold: int | None = None
    hand_gained: tuple[str, ...] = ()
    city_gained: tuple[str, ...] = ()
    capital_left: tuple[str, ...] = ()
    capital_added: tuple[str, ...] = ()
    rebel_flag: Colour | None = None


@result("architect_claim")
@dataclass(frozen=True)
class ArchitectClaimVerdict:
    """The Architect: whether a player's City meets their tile's criterion; if it does, the tile is discarded for
    2 gold."""

    player: str
    tile: str
    #: The player's gold afterwards (``None``: unknown, and the criterion is not met).
    gold: int | None
    met: bool = True


@result("swap")
@dataclass(frozen=True)
class SwapVerdict:
    """The Mentalist's Swap tile: a City card and a Capital card of one colour change places."""

    player: str
    colour: Colour
    #: The card the player gave to the Capital, and the one they took into their City.
    gave: str
    took: str
    city: tuple[str, ...]
    capital: tuple[str, ...]
