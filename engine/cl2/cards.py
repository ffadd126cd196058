"""Capital Lux 2 values: colours and cards, with matching parse and format.

>>> Card.parse("blue:7")
Card('blue:7')
>>> Card.parse("bleu:7") == Card(Colour.BLUE, 7)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.cl2 import sections
from engine.errors import EngineError


class Colour(Enum):
    """A district colour; purple exists only with the Undercover module."""

    BLUE = "blue"
    PINK = "pink"
    YELLOW = "yellow"
    GREEN = "green"
    PURPLE = "purple"

    @property
    def fr(self) -> str:
        """The French name."""
        return _FR[self]

    @classmethod
    def parse(cls, text: str) -> Colour:
        """A colour from its English or French name; ``EngineError`` quoting anything else."""
        key = text.strip().lower()
        for colour in cls:
            if key in (colour.value, _FR[colour]):
                return colour
        raise EngineError(f"unknown colour {text!r}; expected one of {', '.join(c.value for c in cls)}")


_FR = {Colour.BLUE: "bleu", Colour.PINK: "rose", Colour.YELLOW: "jaune", Colour.GREEN: "vert", Colour.PURPLE: "violet"}
#: The four base colours, in the order this engine resolves them (see the round-end reading).
BASE_COLOURS = (Colour.BLUE, Colour.PINK, Colour.YELLOW, Colour.GREEN)


#: The kinds of cards the rules treat differently from plain citizen cards.
KINDS = frozenset({"citizen", "rebel", "vector", "experimenter", "recruiter", "dualist", "total"})
#: A district known only by its total ("the Capital's blue is 15"): the cards in it are not known one by one.
TOTAL = "total"


@dataclass(frozen=True)
class Card:
    """A card: colour, value (negative for Vector cards), its kind, and whether a Sentinel gold token covers it.

    Written ``[kind/]colour:value[+gold]``: ``blue:7``, ``vector/green:-2``, ``pink:4+gold``; a dualist
    card shows its Capital colour, then its City colour: ``dualist/blue|pink:3``.
    """

    colour: Colour
    value: int
    kind: str = "citizen"
    #: A Sentinel gold token sits on the card.
    gold: bool = False
    #: Dualist: the colour it takes in a City (``colour`` is the one it takes in the Capital).
    alt: Colour | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise EngineError(f"unknown kind of card {self.kind!r}; expected one of {', '.join(sorted(KINDS))}")
        if (self.kind == "dualist") != (self.alt is not None):
            raise EngineError(f"a dualist card, and only a dualist card, has two colours: {self.format()!r}")
        wrong = _wrong_value(self)
        if wrong:
            en, fr = wrong
            raise EngineError(f"no card {self.format()!r}: {en}", fr=f"pas de carte {self.format()!r} : {fr}")

    def colour_in(self, place: str) -> Colour:
        """The colour the card counts as in the ``capital`` or in a ``city``."""
        return self.alt if place == "city" and self.alt is not None else self.colour

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from ``[kind/]colour:value[+gold]``; ``EngineError`` quoting bad input."""
        body = text.strip()
        gold = body.endswith("+gold")
        body = body.removesuffix("+gold")
        kind, _, body = body.rpartition("/")
        colour, sep, value = body.partition(":")
        if not sep:
            raise EngineError(f"a card is written colour:value, e.g. 'blue:7', not {text!r}")
        try:
            number = int(value)
        except ValueError:
            raise EngineError(f"card value must be a whole number in {text!r}") from None
        capital, _, city = colour.partition("|")
        return cls(Colour.parse(capital), number, kind or "citizen", gold, Colour.parse(city) if city else None)

    def format(self) -> str:
        """The form that :meth:`parse` reads."""
        kind = "" if self.kind == "citizen" else f"{self.kind}/"
        colour = self.colour.value + (f"|{self.alt.value}" if self.alt is not None else "")
        return f"{kind}{colour}:{self.value}{'+gold' if self.gold else ''}"

    def __repr__(self) -> str:
        return f"Card({self.format()!r})"


#: The values the texts give for each kind of card, the rule in English and in French, and the section that gives
#: them.
VALUES: dict[str, tuple[frozenset[int], str, str, str]] = {
    "vector": (
        frozenset({-1, -2, -3}),
        "Vector cards are worth -1, -2 or -3",
        "les cartes Vecteur valent -1, -2 ou -3",
        sections.VECTOR,
    ),
    "experimenter": (
        frozenset({1, 7}),
        "experimenter cards are worth 1 or 7",
        "les cartes Expérimentateur valent 1 ou 7",
        sections.EXPERIMENTER,
    ),
    "rebel": (
        frozenset(range(1, 7)),
        "rebel cards are worth 1 to 6",
        "les cartes Rebelle valent de 1 à 6",
        sections.INTRUDER,
    ),
}
PURPLE_VALUES = (
    frozenset(range(2, 7)),
    "purple cards are worth 2 to 6",
    "les cartes violettes valent de 2 à 6",
    sections.UNDERCOVER,
)


def _wrong_value(card: Card) -> tuple[str, str] | None:
    """Why the texts rule out this card's value, quoting the rule, in English and in French; ``None`` when they
    allow it."""
    if card.kind == "citizen" and card.value >= 0 and card.colour is not Colour.PURPLE:
        return None  # the common case, first: the texts give no range for the base citizen cards
    if card.kind == TOTAL:
        return None  # any total: the cards behind it are not known
    if card.value < 0 and card.kind != "vector":
        example = Card(card.colour, card.value, "vector") if card.value in VALUES["vector"][0] else None
        hint = f": write {example.format()!r}" if example else " (worth -1, -2 or -3)"
        hint_fr = f" : écrire {example.format()!r}" if example else " (de valeur -1, -2 ou -3)"
        return (
            f"a negative card is a Vector card{hint} [{sections.VECTOR}]",
            f"une carte négative est une carte Vecteur{hint_fr} [{sections.VECTOR}]",
        )
    rule = VALUES.get(card.kind) or (PURPLE_VALUES if Colour.PURPLE in (card.colour, card.alt) else None)
    if rule is not None and card.value not in rule[0]:
        return f"{rule[1]} [{rule[3]}]", f"{rule[2]} [{rule[3]}]"
    return None
