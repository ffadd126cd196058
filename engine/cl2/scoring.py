"""Capital Lux 2 game end: City cards + Bonus cards + 2 per unspent gold; ties go to fewer gold, then are shared.

>>> from engine.cl2.cards import Card, Colour
>>> city = {c: () for c in BASE_COLOURS} | {Colour.BLUE: (Card.parse("blue:7"),)}
>>> ana = Player("Ana", city=city, gold=1, bonus=(Card.parse("pink:5"),))
>>> final_score(ana)
Score(player='Ana', city=7, bonus=5, gold=2, total=14)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cl2.cards import BASE_COLOURS, Colour
from engine.cl2.position import Player
from engine.errors import MissingFact


@dataclass(frozen=True)
class Score:
    """A player's final score and its parts."""

    player: str
    city: int
    bonus: int
    gold: int
    total: int


def final_score(player: Player, colours: tuple[Colour, ...] = BASE_COLOURS) -> Score:
    """The final score: every City district of ``colours``, Bonus cards, and 2 points per unspent gold.

    Vector cards never count (they do not stay from round to round). Readings of
    ``notes/sentinelle-details``: a Sentinel gold token still on a card scores 2 points, and the card keeps
    its value.
    """
    cards = [card for c in colours for card in player.district(c)]
    city = sum(card.value for card in cards if card.kind != "vector")
    if player.bonus is None:
        raise MissingFact(f"{player.name}.bonus")
    bonus = sum(card.value for card in player.bonus if card.kind != "vector")
    gold = 2 * (player.known_gold() + sum(card.gold for card in cards))
    return Score(player.name, city, bonus, gold, city + bonus + gold)


def winners(players: tuple[Player, ...], colours: tuple[Colour, ...] = BASE_COLOURS) -> tuple[str, ...]:
    """The winner, or the players who share the victory: highest total, then fewer gold."""
    scores = {p.name: final_score(p, colours) for p in players}
    best = max(s.total for s in scores.values())
    leaders = [p for p in players if scores[p.name].total == best]
    fewest = min(p.known_gold() for p in leaders)
    return tuple(p.name for p in leaders if p.known_gold() == fewest)
