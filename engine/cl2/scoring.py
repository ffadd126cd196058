"""Capital Lux 2 game end: City cards + Bonus cards + 2 per unspent gold; ties go to fewer gold, then are shared.

>>> from engine.cl2.cards import Card, Colour
>>> city = {c: () for c in BASE_COLOURS} | {Colour.BLUE: (Card.parse("blue:7"),)}
>>> ana = Player("Ana", city=city, gold=1, bonus=(Card.parse("pink:5"),))
>>> final_score(ana)
Score(player='Ana', city=7, bonus=5, gold=2, total=14)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cl2.cards import BASE_COLOURS, Card, Colour
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
    if player.city_total is not None and not all(c in player.city for c in colours):
        cards: list[Card] = []  # the City known by its total only (no Sentinel token on its cards is known)
        city = player.city_total
    else:
        cards = [card for c in colours for card in player.district(c)]
        city = sum(card.value for card in cards if card.kind != "vector")
    if player.bonus is not None:
        bonus = sum(card.value for card in player.bonus if card.kind != "vector")
    elif player.bonus_total is not None:
        bonus = player.bonus_total
    else:
        raise MissingFact(f"{player.name}.bonus")
    gold = 2 * (player.known_gold() + sum(card.gold for card in cards))
    return Score(player.name, city, bonus, gold, city + bonus + gold)


def winners(players: tuple[Player, ...], colours: tuple[Colour, ...] = BASE_COLOURS) -> tuple[str, ...]:
    """The winner, or the players who share the victory: highest total, then fewer gold. A final score stated
    directly (``Player.score``) is taken as it is."""
    scores = {p.name: p.score if p.score is not None else final_score(p, colours).total for p in players}
    best = max(scores.values())
    leaders = [p for p in players if scores[p.name] == best]
    fewest = min(p.known_gold() for p in leaders)
    return tuple(p.name for p in leaders if p.known_gold() == fewest)
