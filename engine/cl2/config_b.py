"""Configuration B powers: the Infiltrator, the Prophet, the Disciple, the Proselytizer.

Draws are inputs of the position: the Prophet stack, the rebel deck, the display (top first).
"""

from __future__ import annotations

from dataclasses import replace

from engine.cl2 import sections
from engine.cl2.cards import Card
from engine.cl2.effects import Play, PlayResult
from engine.cl2.position import Position
from engine.errors import EngineError, MissingFact
from engine.steps import Step

#: The face-up Prophet tiles trigger the discard at this total or more.
PROPHET_TRIGGER = 5


def top_rebel(position: Position) -> tuple[Card | None, tuple[Card, ...]]:
    """The top rebel card (``None`` when the deck is empty) and the deck under it."""
    if position.rebel_deck is None:
        raise MissingFact("rebel.deck", "which rebel card is on top of the deck?")
    deck = position.rebel_deck
    return (deck[0], deck[1:]) if deck else (None, ())


def infiltrator(play: Play) -> PlayResult:
    """Draw the top Rebel card into hand; then the Rebel flag may move to another Power card (optional)."""
    position, move_flag = play.position, play.choices.target
    top, rest = top_rebel(position)
    if top is None:
        return play.cannot("plus de carte Rebelle", "no Rebel card left")
    after = play.give_player({"rebel_deck": rest}, hand=(*(play.player.hand or ()), top))
    steps = [
        Step(
            sections.INFILTRATOR,
            f"{play.name} pioche la carte Rebelle {top.format()} dans sa main",
            f"{play.name} draws the Rebel card {top.format()} into their hand",
        )
    ]
    if move_flag is not None:
        if move_flag is position.rebel_flag:
            raise EngineError(f"the Rebel flag already stands on {move_flag.value}: it may move to another Power card")
        after = replace(after, rebel_flag=move_flag)
        steps.append(
            Step(
                sections.INFILTRATOR,
                f"le drapeau Rebelle passe sur la carte Pouvoir {move_flag.fr}",
                f"the Rebel flag moves to the {move_flag.value} Power card",
            )
        )
    return play.done(after, *steps)


def prophet(play: Play) -> PlayResult:
    """Draw the top Prophet tile face up; at a face-up total of 5 or more, discard the lowest card of every
    Capital district, then gather and reshuffle the 7 tiles.

    Reading (``notes/clerc-prophete-card-just-played``): the text makes no exception for the card just
    played, so it is discarded if it is the lowest of its district.
    """
    position = play.position
    if position.prophet_stack is None:
        raise MissingFact("prophet.stack", "which Prophet tile is on top of the stack?")
    if not position.prophet_stack:
        return play.cannot("plus de tuile Prophète dans la pile", "no Prophet tile left in the stack")
    tile, rest = position.prophet_stack[0], position.prophet_stack[1:]
    face_up = (*position.prophet_tiles, tile)
    total = sum(face_up)
    drawn = Step(
        sections.PROPHET,
        f"tuile Prophète {tile} face visible : total {total}",
        f"Prophet tile {tile} face up: total {total}",
    )
    if total < PROPHET_TRIGGER:
        return play.done(
            replace(position, prophet_tiles=face_up, prophet_stack=rest),
            drawn,
            Step(sections.PROPHET, f"total {total} < 5 : il ne se passe rien", f"total {total} < 5: nothing happens"),
        )
    capital = dict(position.capital)
    for colour in position.colours_in_play:  # every district is read: one not said is asked for
        remaining = list(position.capital_district(colour))
        open_cards = [c for c in remaining if c not in position.face_down]  # a face-down card cannot be discarded
        if open_cards:
            remaining.remove(min(open_cards, key=lambda c: c.value))
        capital[colour] = tuple(remaining)
    return play.done(
        replace(position, capital=capital, prophet_tiles=(), prophet_stack=None),
        drawn,
        Step(
            sections.PROPHET,
            f"total {total} ≥ 5 : la carte la plus faible de chaque district de la Capitale est défaussée, "
            "puis les 7 tuiles sont mélangées en une nouvelle pile",
            f"total {total} ≥ 5: the lowest card of every Capital district is discarded, "
            "then the 7 tiles are shuffled into a new stack",
            reading=sections.JUST_PLAYED,
        ),
    )


def disciple(play: Play) -> PlayResult:
    """Immediately play an extra turn."""
    return play.done(
        play.position,
        Step(
            sections.DISCIPLE,
            f"{play.name} rejoue immédiatement un tour supplémentaire",
            f"{play.name} immediately plays an extra turn",
        ),
        extra_turn=True,
    )


def proselytizer(play: Play) -> PlayResult:
    """Add a card from hand to the display, then take every display card of another colour."""
    player, position, give = play.player, play.position, play.choices.give
    hand = player.hand
    if hand == ():
        return play.cannot("pas de carte en main", "no card in hand")
    if hand is None:
        raise MissingFact(f"{play.name}.hand")
    if position.display is None:
        raise MissingFact("proselytiste.display", "which cards are in the Proselytizer display?")
    give = play.choose(give, hand, f"{play.name}.give", "which card from hand goes to the display?")
    if give not in hand:
        raise EngineError(f"{play.name} has no {give.format()} in hand to add to the display")
    display = (*position.display, give)
    taken = tuple(c for c in display if c.colour is not give.colour)
    kept = tuple(c for c in display if c.colour is give.colour)
    left = list(hand)
    left.remove(give)
    after = play.give_player({"display": kept}, hand=(*left, *taken))
    return play.done(
        after,
        Step(
            sections.PROSELYTIZER,
            f"{play.name} ajoute {give.format()} au présentoir et prend les cartes d'une autre couleur : "
            + (", ".join(c.format() for c in taken) or "rien"),
            f"{play.name} adds {give.format()} to the display and takes the cards of another colour: "
            + (", ".join(c.format() for c in taken) or "none"),
        ),
    )


def refill_display(position: Position) -> tuple[Position, Step]:
    """Between rounds: refill the display to 3 cards from the citizen deck (the deck's top is an input)."""
    display = position.display or ()
    need = max(0, 3 - len(display))
    if not need:
        return position, Step(
            sections.PROSELYTIZER, "le présentoir a déjà 3 cartes", "the display already holds 3 cards"
        )
    if position.deck_top is None or len(position.deck_top) < need:
        raise MissingFact("deck.top", f"which {need} card(s) refill the display?")
    after = replace(position, display=(*display, *position.deck_top[:need]), deck_top=position.deck_top[need:])
    return after, Step(
        sections.PROSELYTIZER,
        f"le présentoir est complété à 3 cartes ({need} piochée(s))",
        f"the display is refilled to 3 cards ({need} drawn)",
    )
