"""Configuration C powers: the Recruiter, the Missionary, the Sentinel, the Dualist.

What the Sentinel's gold tokens do at round end is in :mod:`engine.cl2.roundend`.
"""

from __future__ import annotations

from dataclasses import replace

from engine.cl2 import sections
from engine.cl2.cards import Card, Colour
from engine.cl2.effects import Play, PlayResult
from engine.cl2.position import Position
from engine.errors import EngineError, MissingFact
from engine.steps import Step


def recruiter(play: Play) -> PlayResult:
    """Take the face-up recruiter card into the matching City district, then turn the next one face up."""
    position, player = play.position, play.player
    top = position.recruiter_top
    if top is None:
        if position.recruiter_deck == ():
            return play.cannot("plus de carte Recruteur", "no recruiter card left")
        raise MissingFact("recruiter.top", "which recruiter card is face up?")
    city = {**player.city, top.colour: (*player.district(top.colour), top)}
    deck = position.recruiter_deck
    after = play.give_player(
        {"recruiter_top": deck[0] if deck else None, "recruiter_deck": deck[1:] if deck else deck}, city=city
    )
    return play.done(
        after,
        Step(
            sections.RECRUITER,
            f"{play.name} prend {top.format()} et la place dans le district {top.colour.fr} de sa Cité",
            f"{play.name} takes {top.format()} into their City's {top.colour.value} district",
        ),
    )


def _holding(position: Position, card: Card) -> Colour:
    """The Capital district ``card`` lies in: its colour's, or, for a rebel card, the district it was played to (its
    colour's when the Capital does not hold it: the Missionary's check then refuses it)."""
    held = [colour for colour, cards in position.capital.items() if card in cards]
    if card.colour in held or not held:
        return card.colour
    return held[0]


def missionary(play: Play) -> PlayResult:
    """Take into hand a Capital card of lower value than the card just played (if possible).

    Reading (``notes/missionnaire-no-lower-card``): with no lower card in the Capital, the power cannot apply.
    """
    position, card, take = play.position, play.card, play.choices.take
    where = _holding(position, take) if take is not None else None
    lower = [  # with a card said taken, only the district it lies in is read; with none, every district is
        (colour, c)
        for colour in ((where,) if where is not None else position.colours_in_play)
        for c in position.capital_district(colour)
        if c.value < card.value and c not in position.face_down
    ]
    cards = [c for _, c in lower]
    if take is not None and take not in cards:
        raise EngineError(f"the Missionary takes a Capital card lower than {card.format()}, not {take.format()}")
    if not lower:
        return play.cannot(
            "aucune carte plus faible dans la Capitale", "no lower card in the Capital", reading=sections.NO_LOWER_CARD
        )
    take = play.choose(take, cards, f"{play.name}.missionary_take", "which lower Capital card is taken?")
    district = next(colour for colour, c in lower if c == take)  # a rebel card may lie in another colour's
    remaining = list(position.capital[district])
    remaining.remove(take)
    after = play.give_player(
        {"capital": {**position.capital, district: tuple(remaining)}}, hand=(*(play.player.hand or ()), take)
    )
    return play.done(
        after,
        Step(
            sections.MISSIONARY,
            f"{play.name} prend {take.format()} (plus faible que {card.format()}) de la Capitale dans sa main",
            f"{play.name} takes {take.format()} (lower than {card.format()}) from the Capital into their hand",
        ),
    )


def sentinel(play: Play) -> PlayResult:
    """Take a gold token from the supply and place it on a card of your City (at most one per card)."""
    player, on = play.player, play.choices.on
    free = [card for cards in player.city.values() for card in cards if not card.gold]
    if not free:
        return play.cannot("aucune carte de la Cité sans jeton Or", "no City card without a gold token")
    on = play.choose(on, free, f"{play.name}.sentinel_card", "on which City card does the gold token go?")
    if on not in free:
        raise EngineError(f"{play.name} cannot put a gold token on {on.format()}: one token per City card at most")
    cards = list(player.city[on.colour])
    cards[cards.index(on)] = replace(on, gold=True)
    return play.done(
        play.give_player(city={**player.city, on.colour: tuple(cards)}),
        Step(
            sections.SENTINEL,
            f"{play.name} place un jeton Or sur {on.format()} dans sa Cité",
            f"{play.name} places a gold token on {on.format()} in their City",
        ),
    )


def dualist(play: Play) -> PlayResult:
    """Draw the top Dualist card into your hand."""
    return play.draw("dualist_deck", "carte Dualiste", "Dualist card")
