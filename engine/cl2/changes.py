"""What a play changed, read off the positions before and after it: one diff for every power.

A power's position question asks what the play does to the table ("which card does the Cleric take?", "how much
gold do I have now?", "which cards does the Prophet discard?"). Each power's effect already returns the position
after it; comparing the two answers every such question the same way, with no per-power code.

>>> from engine.cl2.cards import Card, Colour
>>> from engine.cl2.position import Player, Position
>>> before = Position(players=(Player("Ana", gold=1),), capital={Colour.PINK: (Card.parse("pink:2"),)})
>>> pink2, pink5 = Card.parse("pink:2"), Card.parse("pink:5")
>>> after = Position(players=(Player("Ana", gold=2, hand=(pink2,)),), capital={Colour.PINK: (pink5,)})
>>> c = changes(before, after, "Ana", pink5)
>>> c.gold, c.hand_gained, c.capital_left
(2, ('pink:2',), ('pink:2',))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from engine.cl2.cards import Card, Colour
from engine.cl2.position import Position


@dataclass(frozen=True)
class Changes:
    """What a play changed for the player who made it and for the Capital (cards as ``colour:value``)."""

    #: The player's gold afterwards (``None``: unknown before and after).
    gold: int | None
    #: Cards that joined the player's hand, and their City (the card played there is not counted).
    hand_gained: tuple[str, ...]
    city_gained: tuple[str, ...]
    #: Cards that left the Capital (discarded or taken, the card just played among them), and that joined it
    #: besides the card played.
    capital_left: tuple[str, ...]
    capital_added: tuple[str, ...]
    #: Where the Rebel flag stands afterwards (``None``: no flag in the game).
    rebel_flag: Colour | None


def _gained(before: Iterable[Card], after: Iterable[Card]) -> tuple[str, ...]:
    """The cards in ``after`` that ``before`` did not hold (as many times as they were added), in order."""
    left = Counter(c.format() for c in before)
    out: list[str] = []
    for card in after:
        text = card.format()
        if left[text]:
            left[text] -= 1
        else:
            out.append(text)
    return tuple(out)


def _capital(position: Position) -> list[Card]:
    return [card for colour in position.capital for card in position.capital[colour]]


def _city(position: Position, name: str) -> list[Card]:
    player = position.player(name)
    return [card for colour in player.city for card in player.city[colour]]


def changes(
    before: Position, after: Position, name: str, played: Card | None = None, place: str = "capital"
) -> Changes:
    """What went from ``before`` to ``after`` for player ``name``; ``played`` is the card just played to ``place``
    (the Capital or the City: it is not counted as added there, and a card played to the City never left the
    Capital)."""
    was, now = before.player(name), after.player(name)
    to_city = [played] if played is not None and place == "city" else []
    to_capital = [played] if played is not None and place != "city" else []
    return Changes(
        gold=now.gold,
        hand_gained=_gained(was.hand or (), now.hand or ()),
        city_gained=_gained([*_city(before, name), *to_city], _city(after, name)),
        capital_left=_gained(_capital(after), [*_capital(before), *to_capital]),
        capital_added=_gained([*_capital(before), *to_capital], _capital(after)),
        rebel_flag=after.rebel_flag,
    )
