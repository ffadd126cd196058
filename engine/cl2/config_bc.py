"""Configuration B and C powers, and set E's Intruder, Vector and Experimenter.

Draws are inputs of the position: the Prophet stack, the displays, the decks (top first).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.cl2.cards import Card, Colour
from engine.cl2.position import Player, Position
from engine.errors import EngineError, MissingFact
from engine.steps import Step

PROPHETE = "cl2-power-tiles/config-b/prophete"
DISCIPLE = "cl2-power-tiles/config-b/disciple"
PROSELYTISTE = "cl2-power-tiles/config-b/proselytiste"
RECRUTEUR = "cl2-power-tiles/config-c/recruteur"
MISSIONNAIRE = "cl2-power-tiles/config-c/missionnaire"
MANDATORY = "cl2-rules/faq/capitale-sans-pouvoir"
#: The face-up Prophet tiles trigger the discard at this total or more.
PROPHET_TRIGGER = 5


@dataclass(frozen=True)
class Effect:
    """What a power did: the position after it, whether it applied, and its steps."""

    after: Position
    applied: bool
    steps: tuple[Step, ...]
    extra_turn: bool = False


def _player(position: Position, player: Player) -> tuple[Player, ...]:
    return tuple(player if p.name == player.name else p for p in position.players)


def _draw(position: Position, player: Player, deck: str, rule: str, name: tuple[str, str]) -> Effect:
    """Take the top card of the deck held in ``position.<deck>`` into the player's hand."""
    cards: tuple[Card, ...] | None = getattr(position, deck)
    if cards is None:
        raise MissingFact(deck.replace("_", "."), f"which {name[1]} is on top?")
    if not cards:
        return cannot(position, f"plus de {name[0]}", f"no {name[1]} left")
    top = cards[0]
    hand = (*(player.hand or ()), top)
    changes: dict[str, Any] = {"players": _player(position, replace(player, hand=hand)), deck: cards[1:]}
    after = replace(position, **changes)
    return Effect(
        after,
        True,
        (
            Step(
                rule,
                f"{player.name} prend la {name[0]} {top.format()} en main",
                f"{player.name} takes the {name[1]} {top.format()} into their hand",
            ),
        ),
    )


def cannot(position: Position, fr: str, en: str, *, reading: str | None = None) -> Effect:
    """The power cannot apply at all: the card is played without effect."""
    return Effect(
        position,
        False,
        (
            Step(
                MANDATORY,
                f"le pouvoir ne peut pas du tout s'appliquer ({fr}) : la carte est jouée sans effet",
                f"the power cannot apply at all ({en}): the card is played without effect",
                reading=reading,
            ),
        ),
    )


def prophete(position: Position) -> Effect:
    """Draw the top Prophet tile face up; at a face-up total of 5 or more, discard the lowest card of every
    Capital district, then gather and reshuffle the 7 tiles.

    Reading (``notes/clerc-prophete-card-just-played``): the text makes no exception for the card just
    played, so it is discarded if it is the lowest of its district.
    """
    if position.prophet_stack is None:
        raise MissingFact("prophet.stack", "which Prophet tile is on top of the stack?")
    if not position.prophet_stack:
        return cannot(position, "plus de tuile Prophète dans la pile", "no Prophet tile left in the stack")
    tile, rest = position.prophet_stack[0], position.prophet_stack[1:]
    face_up = (*position.prophet_tiles, tile)
    total = sum(face_up)
    steps = [
        Step(
            PROPHETE,
            f"tuile Prophète {tile} face visible : total {total}",
            f"Prophet tile {tile} face up: total {total}",
        )
    ]
    if total < PROPHET_TRIGGER:
        steps.append(Step(PROPHETE, f"total {total} < 5 : il ne se passe rien", f"total {total} < 5: nothing happens"))
        return Effect(replace(position, prophet_tiles=face_up, prophet_stack=rest), True, tuple(steps))
    capital = {}
    for colour, cards in position.capital.items():
        remaining = list(cards)
        open_cards = [c for c in remaining if c not in position.face_down]  # a face-down card cannot be discarded
        if open_cards:
            remaining.remove(min(open_cards, key=lambda c: c.value))
        capital[colour] = tuple(remaining)
    steps.append(
        Step(
            PROPHETE,
            f"total {total} ≥ 5 : la carte la plus faible de chaque district de la Capitale est défaussée, "
            "puis les 7 tuiles sont mélangées en une nouvelle pile",
            f"total {total} ≥ 5: the lowest card of every Capital district is discarded, "
            "then the 7 tiles are shuffled into a new stack",
            reading="notes/clerc-prophete-card-just-played",
        )
    )
    after = replace(position, capital=capital, prophet_tiles=(), prophet_stack=None)
    return Effect(after, True, tuple(steps))


def disciple(position: Position, player: Player) -> Effect:
    """Immediately play an extra turn."""
    return Effect(
        position,
        True,
        (
            Step(
                DISCIPLE,
                f"{player.name} rejoue immédiatement un tour supplémentaire",
                f"{player.name} immediately plays an extra turn",
            ),
        ),
        extra_turn=True,
    )


def proselytiste(position: Position, player: Player, give: Card | None) -> Effect:
    """Add a card from hand to the display, then take every display card of another colour."""
    hand = player.hand
    if hand == ():
        return cannot(position, "pas de carte en main", "no card in hand")
    if hand is None:
        raise MissingFact(f"{player.name}.hand")
    if position.display is None:
        raise MissingFact("proselytiste.display", "which cards are in the Proselytizer display?")
    if give is None:
        raise MissingFact(f"{player.name}.give", "which card from hand goes to the display?")
    if give not in hand:
        raise EngineError(f"{player.name} has no {give.format()} in hand to add to the display")
    display = (*position.display, give)
    taken = tuple(c for c in display if c.colour is not give.colour)
    kept = tuple(c for c in display if c.colour is give.colour)
    left = list(hand)
    left.remove(give)
    new_hand = (*left, *taken)
    after = replace(position, display=kept, players=_player(position, replace(player, hand=new_hand)))
    names = ", ".join(c.format() for c in taken) or "rien"
    return Effect(
        after,
        True,
        (
            Step(
                PROSELYTISTE,
                f"{player.name} ajoute {give.format()} au présentoir et prend les cartes d'une autre couleur : {names}",
                f"{player.name} adds {give.format()} to the display and takes the cards of another colour: "
                + (", ".join(c.format() for c in taken) or "none"),
            ),
        ),
    )


def refill_display(position: Position) -> tuple[Position, Step]:
    """Between rounds: refill the display to 3 cards from the citizen deck (the deck's top is an input)."""
    display = position.display or ()
    need = max(0, 3 - len(display))
    if not need:
        return position, Step(PROSELYTISTE, "le présentoir a déjà 3 cartes", "the display already holds 3 cards")
    if position.deck_top is None or len(position.deck_top) < need:
        raise MissingFact("deck.top", f"which {need} card(s) refill the display?")
    after = replace(position, display=(*display, *position.deck_top[:need]), deck_top=position.deck_top[need:])
    return after, Step(
        PROSELYTISTE,
        f"le présentoir est complété à 3 cartes ({need} piochée(s))",
        f"the display is refilled to 3 cards ({need} drawn)",
    )


def recruteur(position: Position, player: Player) -> Effect:
    """Take the face-up recruiter card into the matching City district, then turn the next one face up."""
    top = position.recruiter_top
    if top is None:
        if position.recruiter_deck == ():
            return cannot(position, "plus de carte Recruteur", "no recruiter card left")
        raise MissingFact("recruiter.top", "which recruiter card is face up?")
    city = dict(player.city)
    city[top.colour] = (*player.district(top.colour), top)
    deck = position.recruiter_deck
    next_top = deck[0] if deck else None
    after = replace(
        position,
        players=_player(position, replace(player, city=city)),
        recruiter_top=next_top,
        recruiter_deck=deck[1:] if deck else deck,
    )
    return Effect(
        after,
        True,
        (
            Step(
                RECRUTEUR,
                f"{player.name} prend {top.format()} et la place dans le district {top.colour.fr} de sa Cité",
                f"{player.name} takes {top.format()} into their City's {top.colour.value} district",
            ),
        ),
    )


def missionnaire(position: Position, player: Player, card: Card, take: Card | None) -> Effect:
    """Take into hand a Capital card of lower value than the card just played (if possible).

    Reading (``notes/missionnaire-no-lower-card``): with no lower card in the Capital, the power cannot apply.
    """
    lower = [
        c for cards in position.capital.values() for c in cards if c.value < card.value and c not in position.face_down
    ]
    if not lower:
        return cannot(
            position,
            "aucune carte plus faible dans la Capitale",
            "no lower card in the Capital",
            reading="notes/missionnaire-no-lower-card",
        )
    if take is None:
        raise MissingFact(f"{player.name}.missionary_take", "which lower Capital card is taken?")
    if take not in lower:
        raise EngineError(f"the Missionary takes a Capital card lower than {card.format()}, not {take.format()}")
    capital = dict(position.capital)
    remaining = list(capital[take.colour])
    remaining.remove(take)
    capital[take.colour] = tuple(remaining)
    hand = (*(player.hand or ()), take)
    after = replace(position, capital=capital, players=_player(position, replace(player, hand=hand)))
    return Effect(
        after,
        True,
        (
            Step(
                MISSIONNAIRE,
                f"{player.name} prend {take.format()} (plus faible que {card.format()}) de la Capitale dans sa main",
                f"{player.name} takes {take.format()} (lower than {card.format()}) from the Capital into their hand",
            ),
        ),
    )


SENTINELLE = "cl2-power-tiles/config-c/sentinelle"


def sentinelle(position: Position, player: Player, on: Card | None) -> Effect:
    """Take a gold token from the supply and place it on a card of your City (at most one per card)."""
    free = [card for cards in player.city.values() for card in cards if not card.gold]
    if not free:
        return cannot(position, "aucune carte de la Cité sans jeton Or", "no City card without a gold token")
    if on is None:
        raise MissingFact(f"{player.name}.sentinel_card", "on which City card does the gold token go?")
    if on not in free:
        raise EngineError(f"{player.name} cannot put a gold token on {on.format()}: one token per City card at most")
    cards = list(player.city[on.colour])
    cards[cards.index(on)] = replace(on, gold=True)
    after = replace(position, players=_player(position, replace(player, city={**player.city, on.colour: tuple(cards)})))
    return Effect(
        after,
        True,
        (
            Step(
                SENTINELLE,
                f"{player.name} place un jeton Or sur {on.format()} dans sa Cité",
                f"{player.name} places a gold token on {on.format()} in their City",
            ),
        ),
    )


INFILTRE = "cl2-power-tiles/config-b/infiltre"
INTRUDER = "cl2-expansion/set-e/intruder"


def _top_rebel(position: Position) -> tuple[Card | None, tuple[Card, ...]]:
    """The top rebel card (``None`` when the deck is empty) and the deck under it."""
    if position.rebel_deck is None:
        raise MissingFact("rebel.deck", "which rebel card is on top of the deck?")
    deck = position.rebel_deck
    return (deck[0], deck[1:]) if deck else (None, ())


def infiltre(position: Position, player: Player, move_flag: Colour | None) -> Effect:
    """Draw the top Rebel card into hand; then the Rebel flag may move to another Power card (optional)."""
    top, rest = _top_rebel(position)
    if top is None:
        return cannot(position, "plus de carte Rebelle", "no Rebel card left")
    hand = (*(player.hand or ()), top)
    after = replace(position, rebel_deck=rest, players=_player(position, replace(player, hand=hand)))
    steps = [
        Step(
            INFILTRE,
            f"{player.name} pioche la carte Rebelle {top.format()} dans sa main",
            f"{player.name} draws the Rebel card {top.format()} into their hand",
        )
    ]
    if move_flag is not None:
        if move_flag is position.rebel_flag:
            raise EngineError(f"the Rebel flag already stands on {move_flag.value}: it may move to another Power card")
        after = replace(after, rebel_flag=move_flag)
        steps.append(
            Step(
                INFILTRE,
                f"le drapeau Rebelle passe sur la carte Pouvoir {move_flag.fr}",
                f"the Rebel flag moves to the {move_flag.value} Power card",
            )
        )
    return Effect(after, True, tuple(steps))


def intruder(position: Position, player: Player, district: Colour | None) -> Effect:
    """Place the face-up rebel card in any Capital district, without activating its power; turn the next up."""
    top, rest = _top_rebel(position)
    if top is None:
        return cannot(position, "plus de carte Rebelle", "no rebel card left")
    if district is None:
        raise MissingFact(f"{player.name}.intruder_district", "in which Capital district does the rebel card go?")
    capital = {**position.capital, district: (*position.capital_district(district), top)}
    after = replace(position, capital=capital, rebel_deck=rest)
    return Effect(
        after,
        True,
        (
            Step(
                INTRUDER,
                f"{player.name} place la carte Rebelle {top.format()} dans le district {district.fr} de la Capitale, "
                "sans activer de pouvoir ; elle y compte comme une carte de cette couleur",
                f"{player.name} places the rebel card {top.format()} in the Capital's {district.value} district "
                "without activating a power; it counts there as a card of that colour",
            ),
        ),
    )


DUALISTE = "cl2-power-tiles/config-c/dualiste"


def dualiste(position: Position, player: Player) -> Effect:
    """Draw the top Dualist card into your hand."""
    return _draw(position, player, "dualist_deck", DUALISTE, ("carte Dualiste", "Dualist card"))


VECTOR = "cl2-expansion/set-e/vector"
EXPERIMENTER = "cl2-expansion/set-e/experimenter"


def vector(position: Position, player: Player) -> Effect:
    """Take the face-up vector card into your hand (playable later as a citizen card); turn the next one up."""
    return _draw(position, player, "vector_deck", VECTOR, ("carte Vecteur", "vector card"))


def experimenter(position: Position, player: Player, take: Card | None) -> Effect:
    """Take one experimenter card from the display (not the deck) into your hand; refill the display."""
    display = position.experimenter_display
    if display is None:
        raise MissingFact("experimenter.display", "which experimenter cards are in the display?")
    if not display:
        return cannot(position, "le présentoir est vide", "the display is empty")
    if take is None:
        raise MissingFact(f"{player.name}.experimenter_take", "which experimenter card from the display?")
    if take not in display:
        raise EngineError(f"{take.format()} is not in the experimenter display (the deck cannot be taken from)")
    left = list(display)
    left.remove(take)
    deck = position.experimenter_deck
    if deck is None:
        raise MissingFact("experimenter.deck", "which experimenter card refills the display?")
    refill = deck[:1]
    after = replace(
        position,
        experimenter_display=(*left, *refill),
        experimenter_deck=deck[1:],
        players=_player(position, replace(player, hand=(*(player.hand or ()), take))),
    )
    return Effect(
        after,
        True,
        (
            Step(
                EXPERIMENTER,
                f"{player.name} prend {take.format()} du présentoir ; le présentoir est complété par la pioche",
                f"{player.name} takes {take.format()} from the display; the display is refilled from the deck",
            ),
        ),
    )
