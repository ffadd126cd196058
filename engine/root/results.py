"""The typed result of each Necropossums query (see :mod:`engine.verdict` for their JSON form)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.root.position import Suit
from engine.verdict import result


@result("ritual")
@dataclass(frozen=True)
class RitualVerdict:
    """The most victory points Rituals can score this turn, and the clearing of each Ritual, in order."""

    points: int
    uses: tuple[str, ...]
    #: What each Ritual scores: 1 point per Cemetery in play.
    per_ritual: int


@result("remove_cemetery")
@dataclass(frozen=True)
class CemeteryVerdict:
    """A Cemetery removed: the Cabal's warriors removed with its Necro."""

    warriors_removed: int


@result("battle_losses")
@dataclass(frozen=True)
class BattleVerdict:
    """The Cabal's regular warriors removed in a battle (Necros are removed after them, and return)."""

    warriors_removed: int


@result("after_battle")
@dataclass(frozen=True)
class AfterBattleVerdict:
    """Where Gloomy Atmosphere and Morbid Presence place warriors after a battle (one entry per warrior)."""

    warriors_placed_in: tuple[str, ...]
    warriors_placed: int


@result("birdsong")
@dataclass(frozen=True)
class BirdsongVerdict:
    """Birdsong (Sinister Return, then Gravedigging): the Cabal's warriors in each clearing, and the supply."""

    warriors: dict[str, int]
    supply: int | None


@result("gravedigging")
@dataclass(frozen=True)
class GravediggingVerdict:
    """Fossoyer: the warriors placed in all (one per Cemetery, two with a bird card), and the supply after."""

    warriors_placed: int
    supply: int


@result("remove_necro")
@dataclass(frozen=True)
class RevenantVerdict:
    """Revenant: where a removed Necro goes: back to its Cemetery's clearing, or to the faction board."""

    necro: Suit
    returns_to: Literal["cemetery", "faction_board"]
    #: The clearing it returns to (``None`` for the faction board).
    clearing: str | None


@result("wheel")
@dataclass(frozen=True)
class WheelVerdict:
    """A turn of the Macabre Wheel: the pair pointed at, the actions performed (thumb first), the markers left."""

    necro: Suit
    pair: tuple[str, str]
    performed: tuple[str, ...]
    markers_up: tuple[Suit, ...]
    #: How many pairs this Daylight allows: one per Necro in play.
    pairs_allowed: int


@result("hammer")
@dataclass(frozen=True)
class HammerVerdict:
    """The Hammer: Crafting or Building, whichever are possible here, and the suits Crafting can use."""

    necro: Suit
    #: ``None`` when the hand is not given: Building is not judged.
    options: tuple[str, ...] | None
    crafting_suits: tuple[Suit, ...]


@result("skull")
@dataclass(frozen=True)
class SkullVerdict:
    """The Skull: possible only with an enemy warrior in the clearing of the Necro performing it."""

    necro: Suit
    possible: bool
