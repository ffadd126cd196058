"""The Undercover module: the purple district, the undercover card, and where cards may be played.

The texts leave open whether the power shown on an undercover card and its extra playable colour are always
the same colour (``notes/undercover-card-colours``), so a card records both, as inputs.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cl2.cards import Colour
from engine.errors import EngineError, MissingFact


@dataclass(frozen=True)
class UndercoverCard:
    """An undercover card: the power it shows, and the extra colour that may be played in purple."""

    power: Colour
    extra: Colour

    def __post_init__(self) -> None:
        if Colour.PURPLE in (self.power, self.extra):
            raise EngineError(f"an undercover card shows a blue, pink, yellow or green power and colour, not {self!r}")

    @classmethod
    def parse(cls, text: str) -> UndercoverCard:
        """``power/extra``, e.g. ``green/yellow`` (or one colour for both: ``green``)."""
        power, _, extra = text.partition("/")
        return cls(Colour.parse(power), Colour.parse(extra or power))

    def format(self) -> str:
        """The form :meth:`parse` reads."""
        return f"{self.power.value}/{self.extra.value}"


@dataclass(frozen=True)
class Undercover:
    """The module's state: the current card, and the undercover deck (top first; ``None`` unknown)."""

    #: The current undercover card; ``None`` when the position does not say.
    current: UndercoverCard | None
    deck: tuple[UndercoverCard, ...] | None = None

    def shown(self) -> UndercoverCard:
        """The current undercover card; ``MissingFact`` when the position does not say."""
        if self.current is None:
            raise MissingFact("undercover.current", "which undercover card is face up?")
        return self.current
