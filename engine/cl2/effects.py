"""What playing a card does: one result type for every power, and the play a power is applied to.

Each power is a function from a :class:`Play` (the card already in place, the player, the choices they made)
to a :class:`PlayResult`. A power that cannot apply at all leaves the position as it is
(``cl2-rules/faq/capitale-sans-pouvoir``); a choice or a draw the question did not give is asked back as a
:class:`~engine.errors.MissingFact`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.cl2 import sections
from engine.cl2.cards import Card, Colour
from engine.cl2.position import Player, Position
from engine.cl2.power import Power
from engine.cl2.tiles import ArchitectTile
from engine.errors import MissingFact
from engine.steps import Step


@dataclass(frozen=True)
class PlayResult:
    """What playing a card did."""

    card: Card
    #: The power the card activated; ``None`` when it activated none (a City play, a rebel card...).
    power: Power | None
    #: False when no power applied: none was activated, or it could not apply at all.
    applied: bool
    after: Position
    steps: tuple[Step, ...]
    #: Disciple: the player immediately plays an extra turn.
    extra_turn: bool = False


@dataclass(frozen=True)
class Choices:
    """The choices a power may need from the player (absent: asked back as a missing fact)."""

    #: Cleric: the Capital district to take from; Intruder: where the rebel card goes.
    district: Colour | None = None
    #: Agent: the Power card the tile goes on; Infiltrator: where the Rebel flag moves.
    target: Colour | None = None
    #: Cleric: which of several lowest cards; Missionary: the lower card taken; Experimenter: the card taken.
    take: Card | None = None
    #: Proselytizer: the card from hand added to the display.
    give: Card | None = None
    #: Sentinel: the City card the gold token goes on.
    on: Card | None = None
    #: Architect: the face-up tile taken, and whether it is kept (else discarded).
    tile: ArchitectTile | None = None
    keep: bool | None = None


@dataclass(frozen=True)
class Play:
    """A card just played, for its power to apply: the position with the card in place and the steps so far."""

    position: Position
    player: Player
    card: Card
    #: The district the card lies in (of the Capital, or of the City for an experimenter card of value 1).
    landed: Colour
    power: Power
    choices: Choices
    steps: tuple[Step, ...]

    @property
    def name(self) -> str:
        """The player's name."""
        return self.player.name

    def done(self, after: Position, *steps: Step, extra_turn: bool = False) -> PlayResult:
        """The power applied: the position ``after`` it, with its ``steps``."""
        return PlayResult(self.card, self.power, True, after, (*self.steps, *steps), extra_turn)

    def cannot(self, fr: str, en: str, *, reading: str | None = None) -> PlayResult:
        """The power cannot apply at all (the reason in each language): the card is played without effect."""
        step = Step(
            sections.MANDATORY,
            f"le pouvoir ne peut pas du tout s'appliquer ({fr}) : la carte est jouée sans effet",
            f"the power cannot apply at all ({en}): the card is played without effect",
            reading=reading,
        )
        return PlayResult(self.card, self.power, False, self.position, (*self.steps, step))

    def give_player(self, position: dict[str, Any] | None = None, **changes: Any) -> Position:
        """The position with the player's fields changed (``hand=...``, ``gold=...``), and the position's own
        fields in ``position`` (``{"deck_top": ...}``), in one step."""
        return self.position.with_player(replace(self.player, **changes), **(position or {}))

    def choose(self, chosen: Card | None, options: Sequence[Card], fact: str, question: str) -> Card:
        """The card the player chose among ``options``: the one said, else the only one there is (one option is
        no choice), else ``MissingFact(fact)`` asking ``question``."""
        if chosen is not None:
            return chosen
        if len(set(options)) == 1:
            return options[0]
        raise MissingFact(fact, question)

    def draw(self, deck: str, fr: str, en: str) -> PlayResult:
        """Take the top card of the deck held in ``position.<deck>`` (``fr``/``en``: what it is) into the hand."""
        cards: tuple[Card, ...] | None = getattr(self.position, deck)
        if cards is None:
            raise MissingFact(deck.replace("_", "."), f"which {en} is on top?")
        if not cards:
            return self.cannot(f"plus de {fr}", f"no {en} left")
        top = cards[0]
        rest: dict[str, Any] = {deck: cards[1:]}
        after = self.give_player(rest, hand=(*(self.player.hand or ()), top))
        return self.done(
            after,
            Step(
                self.power.info.section,
                f"{self.name} prend la {fr} {top.format()} en main",
                f"{self.name} takes the {en} {top.format()} into their hand",
            ),
        )
