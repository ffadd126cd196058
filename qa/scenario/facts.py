"""A fact a question states (its path in the scenario case format, its value, its span), and two that contradict
each other."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.cl2.cards import Card
from engine.errors import EngineError


@dataclass(frozen=True)
class Fact:
    """One fact the question states: its path, its value, and where it is in the question."""

    path: str
    #: A tuple of card values, a total (one number), a count, a power, or a configuration letter.
    value: object
    start: int
    end: int
    #: The kind of each card (``rebel``, ``vector``... or ``None`` for a plain card), when the question names one.
    kinds: tuple[str | None, ...] = ()
    #: The value is what the whole district comes to, said after a card of it ("a 3 in green, so she's at 12"): a
    #: follow-up's whole replaces the earlier district, it is never played on top of it.
    whole: bool = False

    @property
    def owner(self) -> str | None:
        """The player whose fact this is (their City, a district of it, their total, gold or Bonus cards): ``me``
        or a name; ``None`` for the Capital's, a Power card's, or a count that is nobody's."""
        head, _, rest = self.path.partition(".")
        if head in _UNOWNED or rest.split(".")[0] not in _PLAYER_FACTS:
            return None
        return head

    def renamed(self, names: dict[str, str]) -> tuple[str, object]:
        """The fact's path and value with its owner named as ``names`` says (unchanged when not among them)."""
        owner = self.owner
        if owner is None or owner not in names:
            return self.path, self.value
        return names[owner] + self.path[len(owner) :], self.value


#: The kind of a City card covered by a Sentinel's gold token (written ``green:6+gold`` in a position).
COVERED = "gold"


def card_text(colour: str, value: int, kind: str | None) -> str:
    """A card as the case format writes it, from its district's colour, its value and the kind read with it: a
    covered card (``green:6+gold``), a kind that names its own colour (``rebel/blue:5`` in another colour's
    district), a kind (``vector/green:-2``), or a plain card.

    >>> card_text("green", 6, COVERED), card_text("yellow", 5, "rebel/blue"), card_text("green", -2, "vector")
    ('green:6+gold', 'rebel/blue:5', 'vector/green:-2')
    """
    if kind == COVERED:
        return f"{colour}:{value}+gold"
    if kind and "/" in kind:
        return f"{kind}:{value}"
    return f"{kind}/{colour}:{value}" if kind else f"{colour}:{value}"


#: What a player has, in a fact's path.
_PLAYER_FACTS = frozenset({"city", "total", "gold", "bonus"})
#: The heads of paths that are nobody's: the Capital's district, a MAXIMUM, a Power card's tiles, a power.
_UNOWNED = frozenset({"capital", "maximum", "agent_tiles", "powers"})


def kind_of(path: str) -> str:
    """What a fact is about, whoever's it is: ``city`` for a player's City district, ``gold``, ``bonus``, ``total``,
    ``capital``, ``agent_tiles``, a Root count..."""
    head, _, rest = path.partition(".")
    return head if head in _UNOWNED or not rest else rest.split(".")[0]


@dataclass(frozen=True)
class Contradiction:
    """Two things the question says that cannot both hold ("7 et 9, donc 15")."""

    quote: str
    start: int
    end: int
    why_fr: str
    why_en: str
    #: One fact said with two values ("moi 11, ... c'est moins deux"): a choice between two positions that can
    #: each be, not a position that cannot (a sum said wrong, a sixth Agent tile).
    which: bool = False


_TILE = re.compile(r"^=(\d+)$")


def card_read(value: object) -> tuple[str, int] | None:
    """A part-2 card's colour and value, read as the engine reads the case format (``"pink:4"``, ``"rebel/blue:3"``,
    ``"dualist/green|blue:6"``: its Capital colour), or an Architect tile's value (``"=14"``, colour ``""``); ``None``
    for anything else."""
    if not isinstance(value, str):
        return None
    if m := _TILE.match(value):
        return "", int(m.group(1))
    try:
        read = Card.parse(value)
    except EngineError:
        return None
    return read.colour.value, read.value


def card_holding(value: object, number: int) -> str | None:
    """The card of a fact's value (one card, or a list of them) whose value is ``number``, as written
    (``recruiter/blue:5``); ``None`` when none is."""
    cards = [value] if isinstance(value, str) else list(value) if isinstance(value, tuple | list) else []
    return next((c for c in cards if (card_read(c) or ("", None))[1] == number), None)
