"""Powers applied when a card is played to the Capital, and when they cannot apply.

A card played to the Capital always triggers the power of its colour, unless that power cannot apply
at all (``cl2-rules/faq/capitale-sans-pouvoir``). Draws are inputs: the tile or card drawn is given by the
question (``draw``), never invented.

>>> from engine.cl2.cards import Card, Colour
>>> p = Position(
...     players=(Player("Ana", city={Colour.YELLOW: ()}, gold=0),),
...     capital={Colour.YELLOW: ()},
...     powers={Colour.YELLOW: "marchand"},
... )
>>> play = play_to_capital(p, "Ana", Card.parse("yellow:3"))
>>> play.applied, play.after.player("Ana").gold
(True, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.cl2 import config_bc
from engine.cl2.cards import Card, Colour
from engine.cl2.plays import legal_plays
from engine.cl2.position import Player, Position
from engine.cl2.undercover import PLAY_CARDS as UNDERCOVER_PLAY
from engine.cl2.undercover import Undercover
from engine.errors import EngineError, MissingFact
from engine.steps import Step

MANDATORY = "cl2-rules/faq/capitale-sans-pouvoir"
EXPERIMENTER = "cl2-expansion/set-e/experimenter"
INTRUDER = "cl2-expansion/set-e/intruder"
EXPERIMENTER_ALWAYS, EXPERIMENTER_NEVER = 1, 7
PLAY = "cl2-rules/un-tour/jouer"
AGENT = "cl2-power-tiles/config-a/agent"
CLERC = "cl2-power-tiles/config-a/clerc"
MERCHANT = "cl2-power-tiles/config-a/marchand"
SAVANT = "cl2-power-tiles/config-a/savant"
#: The Agent tiles in the game (the texts say 5; their values are inputs).
AGENT_TILES = 5


@dataclass(frozen=True)
class PlayResult:
    """What playing a card to the Capital did."""

    card: Card
    power: str
    #: False when the power could not apply at all: the card is then played without effect.
    applied: bool
    after: Position
    steps: tuple[Step, ...]
    #: Disciple: the player immediately plays an extra turn.
    extra_turn: bool = False


def _replace_player(position: Position, player: Player) -> tuple[Player, ...]:
    return tuple(player if p.name == player.name else p for p in position.players)


def play_to_capital(
    position: Position,
    name: str,
    card: Card,
    *,
    district: Colour | None = None,
    target: Colour | None = None,
    take: Card | None = None,
    into: Colour | None = None,
    give: Card | None = None,
    on: Card | None = None,
) -> PlayResult:
    """Play ``card`` from ``name``'s hand to the Capital district ``into`` (default: its colour's) and
    apply the power it activates.

    ``target`` is the Power card an Agent tile goes on; ``district`` the Capital district the Clerc
    takes from, and ``take`` which of several lowest cards (when they tie), or which lower card the
    Missionary takes; ``give`` the card the Proselytizer adds to the display. With the Undercover module,
    a card played in the purple district activates the power shown on the current undercover card, and
    the next undercover card is drawn.
    """
    player = position.player(name)
    into = into or card.colour
    places = legal_plays(position, card)
    if not any(p.allowed for p in places if p.place == "capital" and p.district is into):
        raise EngineError(f"{card.format()} cannot be played in the Capital's {into.value} district")
    capital = dict(position.capital)
    capital[into] = (*position.capital_district(into), card)
    played = replace(position, capital=capital)
    steps: list[Step] = []
    # a played Rebel card counts as a card of the district it lies in (reading: notes/infiltre-vs-intruder)
    source = into if card.kind == "rebel" else card.colour
    if into is Colour.PURPLE and position.undercover is not None:
        source = position.undercover.current.power
        played, drawn = _next_undercover(played)
        steps.append(drawn)
    power = position.powers.get(source)
    if power is None:
        raise MissingFact(f"powers.{source.value}")
    steps.insert(
        0,
        Step(
            PLAY if into is not Colour.PURPLE else UNDERCOVER_PLAY,
            f"{name} joue {card.format()} dans le district {into.fr} de la Capitale : "
            f"le pouvoir {source.fr} ({power}) s'active",
            f"{name} plays {card.format()} to the Capital's {into.value} district: "
            f"the {source.value} power ({power}) activates",
        ),
    )
    if card.kind == "rebel" and "intruder" in position.powers.values() and "infiltre" not in position.powers.values():
        steps[0] = Step(
            INTRUDER,
            f"{name} joue la carte Rebelle {card.format()} dans la Capitale : elle n'active jamais de pouvoir",
            f"{name} plays the rebel card {card.format()} to the Capital: it never activates a power",
        )
        return PlayResult(card, "", False, played, tuple(steps))
    if card.kind == "experimenter" and card.value == EXPERIMENTER_NEVER:
        steps.append(
            Step(
                EXPERIMENTER,
                f"une carte Expérimentateur de valeur 7 n'active jamais son pouvoir : {card.format()}",
                f"an experimenter card of value 7 never activates its power: {card.format()}",
            )
        )
        return PlayResult(card, power, False, played, tuple(steps))
    return _apply(power, played, player, card, into, steps, Choices(district, target, take, give, on))


@dataclass(frozen=True)
class Choices:
    """The choices a power may need from the player (absent: asked back as a missing fact)."""

    district: Colour | None = None
    target: Colour | None = None
    take: Card | None = None
    give: Card | None = None
    on: Card | None = None


def _apply(
    power: str, played: Position, player: Player, card: Card, landed: Colour, steps: list[Step], choices: Choices
) -> PlayResult:
    """Apply ``power`` for ``player`` who just played ``card`` (it lies in ``landed``)."""
    name = player.name
    district, target, take, give, on = choices.district, choices.target, choices.take, choices.give, choices.on
    if power == "marchand":
        gold = player.known_gold()
        after = replace(played, players=_replace_player(played, replace(player, gold=gold + 1)))
        steps.append(
            Step(
                MERCHANT, f"{name} prend 1 jeton Or ({gold} → {gold + 1})", f"{name} takes 1 gold ({gold} → {gold + 1})"
            )
        )
        return PlayResult(card, power, True, after, tuple(steps))
    if power == "savant":
        return _savant(played, player, card, steps)
    if power == "agent":
        return _agent(played, player, card, target, steps)
    if power == "clerc":
        return _clerc(played, player, card, landed, district, take, steps)
    effects = {
        "prophete": lambda: config_bc.prophete(played),
        "disciple": lambda: config_bc.disciple(played, player),
        "proselytiste": lambda: config_bc.proselytiste(played, player, give),
        "recruteur": lambda: config_bc.recruteur(played, player),
        "missionnaire": lambda: config_bc.missionnaire(played, player, card, take),
        "sentinelle": lambda: config_bc.sentinelle(played, player, on),
        "infiltre": lambda: config_bc.infiltre(played, player, target),
        "intruder": lambda: config_bc.intruder(played, player, district),
        "dualiste": lambda: config_bc.dualiste(played, player),
        "vector": lambda: config_bc.vector(played, player),
        "experimenter": lambda: config_bc.experimenter(played, player, take),
    }
    if power in effects:
        effect = effects[power]()
        return PlayResult(card, power, effect.applied, effect.after, (*steps, *effect.steps), effect.extra_turn)
    raise EngineError(f"power {power!r} is not computed by this engine yet")


def play_to_city(
    position: Position, name: str, card: Card, *, into: Colour | None = None, **choices: Card | Colour | None
) -> PlayResult:
    """Play ``card`` into ``name``'s City. Only an experimenter card of value 1 activates a power there."""
    player = position.player(name)
    into = into or card.colour_in("city")
    if not any(p.allowed for p in legal_plays(position, card) if p.place == "city" and p.district is into):
        raise EngineError(f"{card.format()} cannot be played in the City's {into.value} district")
    city = dict(player.city)
    city[into] = (*player.district(into), card)
    played = replace(position, players=_replace_player(position, replace(player, city=city)))
    step = Step(
        PLAY,
        f"{name} joue {card.format()} dans le district {into.fr} de sa Cité",
        f"{name} plays {card.format()} in their City's {into.value} district",
    )
    if card.kind == "experimenter" and card.value == EXPERIMENTER_ALWAYS:
        power = position.powers.get(card.colour)
        if power is None:
            raise MissingFact(f"powers.{card.colour.value}")
        steps = [
            step,
            Step(
                EXPERIMENTER,
                f"une carte Expérimentateur de valeur 1 active toujours son pouvoir ({power})",
                f"an experimenter card of value 1 always activates its power ({power})",
            ),
        ]
        return _apply(power, played, played.player(name), card, into, steps, Choices(**choices))  # type: ignore[arg-type]
    return PlayResult(card, "", False, played, (step,))


def _next_undercover(position: Position) -> tuple[Position, Step]:
    """After a play in the purple Capital district, the next undercover card comes up."""
    undercover = position.undercover
    if undercover is None or undercover.deck is None:
        raise MissingFact("undercover.deck", "which undercover card is next?")
    if not undercover.deck:
        raise MissingFact("undercover.deck", "the deck ran out: it is gathered and reshuffled; which card comes up?")
    new = Undercover(undercover.deck[0], undercover.deck[1:])
    step = Step(
        UNDERCOVER_PLAY,
        f"nouvelle carte Clandestin : {new.current.format()}",
        f"next undercover card: {new.current.format()}",
    )
    return replace(position, undercover=new), step


def _cannot(card: Card, power: str, position: Position, steps: list[Step], fr: str, en: str) -> PlayResult:
    steps.append(
        Step(
            MANDATORY,
            f"le pouvoir ne peut pas du tout s'appliquer ({fr}) : la carte est jouée sans effet",
            f"the power cannot apply at all ({en}): the card is played without effect",
        )
    )
    return PlayResult(card, power, False, position, tuple(steps))


def _savant(position: Position, player: Player, card: Card, steps: list[Step]) -> PlayResult:
    if position.deck_top == ():
        return _cannot(card, "savant", position, steps, "la pioche Citoyen est vide", "the citizen deck is empty")
    if position.deck_top is None:
        raise MissingFact("deck.top", "which card is on top of the citizen deck?")
    drawn = position.deck_top[0]
    hand = (player.hand or ()) + (drawn,)
    after = replace(
        position, players=_replace_player(position, replace(player, hand=hand)), deck_top=position.deck_top[1:] or None
    )
    steps.append(
        Step(
            SAVANT,
            f"{player.name} pioche {drawn.format()} et la prend en main",
            f"{player.name} draws {drawn.format()} into their hand",
        )
    )
    return PlayResult(card, "savant", True, after, tuple(steps))


def _agent(position: Position, player: Player, card: Card, target: Colour | None, steps: list[Step]) -> PlayResult:
    if position.agent_stack == ():
        return _cannot(
            card, "agent", position, steps, "plus de tuile Agent dans la pile", "no Agent tile left in the stack"
        )
    if position.agent_stack is None:
        raise MissingFact("agent.stack", "which Agent tile is on top of the stack?")
    if target is None:
        raise MissingFact(f"{player.name}.agent_target", "on which Power card does the tile go?")
    tile, rest = position.agent_stack[0], position.agent_stack[1:]
    hidden = dict(position.hidden_agent_tiles)
    hidden[target] = (*hidden.get(target, ()), tile)
    already = len(position.hidden_agent_tiles.get(target, ()))
    after = replace(position, hidden_agent_tiles=hidden, agent_stack=rest)
    note_fr = " (elle porte déjà une tuile Agent : c'est permis)" if already else ""
    note_en = " (it already has an Agent tile: that is allowed)" if already else ""
    steps.append(
        Step(
            AGENT,
            f"{player.name} place une tuile Agent face cachée sur la carte Pouvoir {target.fr}{note_fr}",
            f"{player.name} places an Agent tile face down on the {target.value} Power card{note_en}",
        )
    )
    return PlayResult(card, "agent", True, after, tuple(steps))


def _clerc(
    position: Position,
    player: Player,
    card: Card,
    landed: Colour,
    district: Colour | None,
    take: Card | None,
    steps: list[Step],
) -> PlayResult:
    def candidates(colour: Colour) -> list[Card]:
        cards = [c for c in position.capital.get(colour, ()) if c not in position.face_down]
        if colour is landed:
            cards.remove(card)  # the card just played must stay
        return cards

    known = [c for c in position.capital if candidates(c)]
    if not known and len(position.capital) == len({c for c in Colour if c is not Colour.PURPLE}):
        return _cannot(
            card, "clerc", position, steps, "aucune autre carte dans la Capitale", "no other card in the Capital"
        )
    if district is None:
        raise MissingFact(f"{player.name}.clerc_district", "which Capital district does the Clerc take from?")
    pool = candidates(district)
    if not pool:
        raise EngineError(f"the Clerc cannot take from the {district.value} district: no card there may be taken")
    lowest = min(c.value for c in pool)
    lowest_cards = [c for c in pool if c.value == lowest]
    chosen = take if take is not None else lowest_cards[0]
    if chosen not in lowest_cards:
        raise EngineError(f"the Clerc takes the lowest card of the district ({lowest}), not {chosen.format()}")
    capital = dict(position.capital)
    remaining = list(capital[district])
    remaining.remove(chosen)
    capital[district] = tuple(remaining)
    city = dict(player.city)
    city[district] = (*player.district(district), chosen)
    after = replace(position, capital=capital, players=_replace_player(position, replace(player, city=city)))
    reading = "notes/clerc-prophete-card-just-played" if district is landed else None
    steps.append(
        Step(
            CLERC,
            f"{player.name} déplace {chosen.format()}, la plus faible du district {district.fr} de la Capitale"
            + (" (la carte qu'il vient de jouer doit rester)" if district is landed else "")
            + f", vers le district {district.fr} de sa Cité",
            f"{player.name} moves {chosen.format()}, the lowest of the Capital's {district.value} district"
            + (" (the card just played must stay)" if district is landed else "")
            + f", to their City's {district.value} district",
            reading=reading,
        )
    )
    return PlayResult(card, "clerc", True, after, tuple(steps))
