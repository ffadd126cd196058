"""Playing a card to the Capital or to a City, and the power it activates.

A card played to the Capital always triggers the power of its colour, unless that power cannot apply
at all (``cl2-rules/faq/capitale-sans-pouvoir``). Draws are inputs: the tile or card drawn is given by the
question (``draw``), never invented. Each power's effect lives with its configuration
(:mod:`~engine.cl2.config_a`, :mod:`~engine.cl2.config_b`, :mod:`~engine.cl2.config_c`, :mod:`~engine.cl2.set_e`).

>>> from engine.cl2.cards import Card, Colour
>>> from engine.cl2.position import Player, Position
>>> from engine.cl2.power import Power
>>> p = Position(
...     players=(Player("Ana", city={Colour.YELLOW: ()}, gold=0),),
...     capital={Colour.YELLOW: ()},
...     powers={Colour.YELLOW: Power.MERCHANT},
... )
>>> play = play_to_capital(p, "Ana", Card.parse("yellow:3"))
>>> play.power, play.applied, play.after.player("Ana").gold
(<Power.MERCHANT: 'merchant'>, True, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Literal

from engine.cl2 import config_a, config_b, config_c, mentalist, sections, set_e
from engine.cl2.cards import Card, Colour
from engine.cl2.effects import Choices, Play, PlayResult
from engine.cl2.plays import placement
from engine.cl2.position import Position
from engine.cl2.power import Power
from engine.cl2.undercover import Undercover
from engine.errors import EngineError, MissingFact
from engine.steps import Step

EXPERIMENTER_ALWAYS, EXPERIMENTER_NEVER = 1, 7
#: The Agent tiles in the game (the texts say 5; their values are inputs).
AGENT_TILES = 5

#: What each power does when it is activated.
EFFECTS: Mapping[Power, Callable[[Play], PlayResult]] = MappingProxyType(
    {
        Power.AGENT: config_a.agent,
        Power.CLERIC: config_a.cleric,
        Power.MERCHANT: config_a.merchant,
        Power.SCHOLAR: config_a.scholar,
        Power.INFILTRATOR: config_b.infiltrator,
        Power.PROPHET: config_b.prophet,
        Power.DISCIPLE: config_b.disciple,
        Power.PROSELYTIZER: config_b.proselytizer,
        Power.RECRUITER: config_c.recruiter,
        Power.MISSIONARY: config_c.missionary,
        Power.SENTINEL: config_c.sentinel,
        Power.DUALIST: config_c.dualist,
        Power.INTRUDER: set_e.intruder,
        Power.VECTOR: set_e.vector,
        Power.ARCHITECT: set_e.architect_power,
        Power.EXPERIMENTER: set_e.experimenter,
    }
)


def play_to_capital(
    position: Position, name: str, card: Card, *, into: Colour | None = None, secret: bool = False, **choices: object
) -> PlayResult:
    """Play ``card`` from ``name``'s hand to the Capital district ``into`` (default: its colour's) and
    apply the power it activates. ``secret``: with the Mentalist's Secret Card tile, the card goes face down in
    the district ``into`` whatever its colour, and activates that district's power.

    ``choices`` are the fields of :class:`~engine.cl2.effects.Choices` the power needs (``district``,
    ``target``, ``take``, ``give``, ``on``, ``tile``, ``keep``). With the Undercover module, a card played in
    the purple district activates the power shown on the current undercover card, and the next undercover
    card is drawn.
    """
    player = position.player(name)
    if secret:
        return _secret(position, name, card, into, choices)
    into = into or card.colour
    if not _can_go(position, card, "capital", into):
        raise EngineError(f"{card.format()} cannot be played in the Capital's {into.value} district")
    played = replace(position, capital={**position.capital, into: (*position.capital_district(into), card)})
    steps: list[Step] = []
    # a played Rebel card counts as a card of the district it lies in (reading: notes/infiltre-vs-intruder)
    source = into if card.kind == "rebel" else card.colour
    if into is Colour.PURPLE and position.undercover is not None:
        source = position.undercover.shown().power
        played, drawn = _next_undercover(played)
        steps.append(drawn)
    power = _activated(position, source)
    steps.insert(
        0,
        Step(
            sections.PLAY if into is not Colour.PURPLE else sections.UNDERCOVER_PLAY,
            f"{name} joue {card.format()} dans le district {into.fr} de la Capitale : "
            f"le pouvoir {source.fr} ({power.info.name('fr')}) s'active",
            f"{name} plays {card.format()} to the Capital's {into.value} district: "
            f"the {source.value} power ({power.info.name('en')}) activates",
        ),
    )
    if card.kind == "rebel" and _rebels_never_activate(position):
        steps[0] = Step(
            sections.INTRUDER,
            f"{name} joue la carte Rebelle {card.format()} dans la Capitale : elle n'active jamais de pouvoir",
            f"{name} plays the rebel card {card.format()} to the Capital: it never activates a power",
        )
        return PlayResult(card, None, False, played, tuple(steps))
    if card.kind == "experimenter" and card.value == EXPERIMENTER_NEVER:
        steps.append(
            Step(
                sections.EXPERIMENTER,
                f"une carte Expérimentateur de valeur 7 n'active jamais son pouvoir : {card.format()}",
                f"an experimenter card of value 7 never activates its power: {card.format()}",
            )
        )
        return PlayResult(card, power, False, played, tuple(steps))
    return _apply(Play(played, player, card, into, power, Choices(**choices), tuple(steps)))  # type: ignore[arg-type]


def _can_go(position: Position, card: Card, place: Literal["capital", "city"], into: Colour) -> bool:
    """``card`` may be played to that district (a purple one exists only with the Undercover module)."""
    exists = into is not Colour.PURPLE or position.undercover is not None
    return exists and placement(position, card, place, into).allowed


def _secret(
    position: Position, name: str, card: Card, into: Colour | None, choices: Mapping[str, object]
) -> PlayResult:
    """The Mentalist's Secret Card: face down in any Capital district, that district's power activated."""
    if into is None:
        raise MissingFact("play.into", "which Capital district is the Secret Card played in?")
    played, step = mentalist.secret_card(position, name, card, into)
    power = _activated(position, into)
    play = Play(played, position.player(name), card, into, power, Choices(**choices), (step,))  # type: ignore[arg-type]
    return _apply(play)


def play_to_city(
    position: Position, name: str, card: Card, *, into: Colour | None = None, **choices: object
) -> PlayResult:
    """Play ``card`` into ``name``'s City. Only an experimenter card of value 1 activates a power there."""
    player = position.player(name)
    into = into or card.colour_in("city")
    if not _can_go(position, card, "city", into):
        raise EngineError(f"{card.format()} cannot be played in the City's {into.value} district")
    played = position.with_player(replace(player, city={**player.city, into: (*player.district(into), card)}))
    step = Step(
        sections.PLAY,
        f"{name} joue {card.format()} dans le district {into.fr} de sa Cité",
        f"{name} plays {card.format()} in their City's {into.value} district",
    )
    if card.kind == "experimenter" and card.value == EXPERIMENTER_ALWAYS:
        power = _activated(position, card.colour)
        always = Step(
            sections.EXPERIMENTER,
            f"une carte Expérimentateur de valeur 1 active toujours son pouvoir ({power.info.name('fr')})",
            f"an experimenter card of value 1 always activates its power ({power.info.name('en')})",
        )
        play = Play(played, played.player(name), card, into, power, Choices(**choices), (step, always))  # type: ignore[arg-type]
        return _apply(play)
    return PlayResult(card, None, False, played, (step,))


def _activated(position: Position, colour: Colour) -> Power:
    """The power a card of ``colour`` activates; a colour with no power that matters cannot activate one."""
    power = position.power_on(colour)
    if power is None:
        raise MissingFact(f"powers.{colour.value}", "a card that activates a power needs to know which")
    return power


def _rebels_never_activate(position: Position) -> bool:
    """With the Intruder (and no Infiltrator), a rebel card played to the Capital activates no power."""
    return position.power_in_game(Power.INTRUDER) and not position.power_in_game(Power.INFILTRATOR)


def _apply(play: Play) -> PlayResult:
    return EFFECTS[play.power](play)


def _next_undercover(position: Position) -> tuple[Position, Step]:
    """After a play in the purple Capital district, the next undercover card comes up: the deck's top, or an unknown
    card when the deck is not given or ran out (reshuffled): what depends on it later asks for it."""
    undercover = position.undercover
    if undercover is None or not undercover.deck:
        step = Step(
            sections.UNDERCOVER_PLAY,
            "une nouvelle carte Clandestin est révélée (laquelle n'est pas donné)",
            "the next undercover card comes up (which one is not given)",
        )
        return replace(position, undercover=Undercover(None, None)), step
    new = Undercover(undercover.deck[0], undercover.deck[1:])
    step = Step(
        sections.UNDERCOVER_PLAY,
        f"nouvelle carte Clandestin : {new.shown().format()}",
        f"next undercover card: {new.shown().format()}",
    )
    return replace(position, undercover=new), step
