"""Capital Lux 2 round end, colour by colour: the MAXIMUM, busts, the Merchant's gold, Bonus cards.

Documented readings, stated in the steps when a verdict depends on them:

- the MAXIMUM of a district is the Capital district's total, changed by revealed Agent tiles
  (``notes/maximum-undefined``);
- colours are resolved one after the other, each with its busts then its Bonus card, in the order
  blue, pink, yellow, green (``notes/round-end-order``); gold won in a tie can be spent on a later colour;
- a player saving a district with the Merchant spends the least gold that saves it.

>>> from engine.cl2.cards import TOTAL, Card, Colour
>>> from engine.cl2.power import Power
>>> p = Position(
...     players=(Player("Ana", city={Colour.BLUE: (Card.parse("blue:9"), Card.parse("blue:8"))}, gold=2),),
...     capital={Colour.BLUE: (Card.parse("blue:15"),)},
...     powers={Colour.BLUE: Power.AGENT, Colour.YELLOW: Power.MERCHANT},
...     agent_tiles={Colour.BLUE: ()},
... )
>>> result = resolve_district(p, "Ana", Colour.BLUE)
>>> (result.total, result.maximum, result.gold_spent, result.busted)
(17, 15, 2, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from engine.cl2.cards import TOTAL, Card, Colour
from engine.cl2.position import Player, Position
from engine.cl2.power import Power
from engine.cl2.sections import (
    AGENT,
    BONUS,
    BONUS_TIE,
    BUST,
    INFILTRATOR,
    INTRUDER,
    LEFTOVERS,
    MAXIMUM_READING,
    MERCHANT,
    NEXT_ROUND,
    ORDER,
    REBELS_READING,
    ROUND_END_ORDER,
    SECRET_CARD,
    SENTINEL,
    SENTINEL_DETAILS,
    TIE_KEEPS,
    VECTOR,
)
from engine.errors import EngineError, MissingFact
from engine.steps import Step


@dataclass(frozen=True)
class Maximum:
    """A district's MAXIMUM and how it was reached."""

    colour: Colour
    value: int
    steps: tuple[Step, ...]
    #: The Capital district's total, and the revealed Agent tiles added to it.
    base: int = 0
    tiles: tuple[int, ...] = ()


def maximum(position: Position, colour: Colour) -> Maximum:
    """The MAXIMUM of ``colour``: the Capital district's total, plus or minus revealed Agent tiles."""
    base = sum(card.value for card in position.capital_district(colour))
    steps = [
        Step(
            BUST,
            f"MAXIMUM {colour.fr} = total du district {colour.fr} de la Capitale = {base}",
            f"{colour.value} MAXIMUM = the Capital's {colour.value} district total = {base}",
            reading=MAXIMUM_READING,
        )
    ]
    value = base
    tiles: tuple[int, ...] = ()
    if colour is not Colour.PURPLE and position.in_play(Colour.BLUE, Power.AGENT):  # purple has no Power card
        if colour not in position.agent_tiles and colour not in position.hidden_agent_tiles:
            raise MissingFact(f"agent_tiles.{colour.value}", "the Agent is in play: which tiles sit on that card?")
        # tiles placed face down this round are revealed before the district is resolved
        tiles = position.agent_tiles.get(colour, ()) + position.hidden_agent_tiles.get(colour, ())
        if tiles:
            value = base + sum(tiles)
            terms = " ".join(f"{'+' if t >= 0 else '−'} {abs(t)}" for t in tiles)
            steps.append(
                Step(
                    AGENT,
                    f"tuiles Agent révélées : MAXIMUM {colour.fr} = {base} {terms} = {value}",
                    f"revealed Agent tiles: {colour.value} MAXIMUM = {base} {terms} = {value}",
                )
            )
    return Maximum(colour, value, tuple(steps), base, tuple(tiles))


def is_busted(total: int, limit: int) -> bool:
    """True when a City district is strictly greater than its MAXIMUM (a tie keeps the cards).

    >>> is_busted(16, 15), is_busted(15, 15)
    (True, False)
    """
    return total > limit


def least_gold_to_save(total: int, limit: int) -> int:
    """The least gold the Merchant needs to spend so the district does not bust (each gold adds 1).

    >>> least_gold_to_save(17, 15), least_gold_to_save(12, 15)
    (2, 0)
    """
    return max(0, total - limit)


@dataclass(frozen=True)
class DistrictResult:
    """How one player's district of one colour resolved."""

    player: str
    colour: Colour
    total: int
    maximum: int
    gold_spent: int
    busted: bool
    steps: tuple[Step, ...]
    #: The total that counts for the Bonus card (Sentinel: covered cards count 0 during that phase).
    counted: int = 0
    #: Sentinel: the cards whose gold token covered them (the tokens return to the supply afterwards).
    covered: tuple[Card, ...] = ()
    #: The Capital district's total and the Agent tiles revealed on it, which make the MAXIMUM.
    capital: int = 0
    tiles: tuple[int, ...] = ()


def resolve_district(position: Position, name: str, colour: Colour, *, spend: bool = True) -> DistrictResult:
    """Resolve ``name``'s district of ``colour``: bust or not, with the Merchant's gold when in play.

    ``spend`` False means the player declines to spend gold (spending is optional). Cards the player still holds
    are first placed in the City, as at every round end (:func:`_laid_down`).
    """
    laid: list[Step] = []
    if position.player(name).hand:
        position, laid = _laid_down(position, (colour,))
    player = position.player(name)
    total = player.district_total(colour)
    limit = maximum(position, colour)
    steps = [*laid, *limit.steps]
    needed = least_gold_to_save(total, limit.value)
    spent = 0
    if needed and position.in_play(Colour.YELLOW, Power.SENTINEL):
        return _sentinel(player, colour, total, limit, steps)
    if needed and position.in_play(Colour.YELLOW, Power.MERCHANT):
        gold = player.known_gold()
        if spend and gold >= needed:
            spent = needed
            steps.append(
                Step(
                    MERCHANT,
                    f"{name} dépense {needed} jeton(s) Or : MAXIMUM {colour.fr} pour {name} = {limit.value} + {needed}"
                    f" = {limit.value + needed}",
                    f"{name} spends {needed} gold: {colour.value} MAXIMUM for {name} = {limit.value} + {needed}"
                    f" = {limit.value + needed}",
                )
            )
        else:
            why_fr = "refuse de dépenser" if not spend else f"n'a que {gold} jeton(s) Or, il en faudrait {needed}"
            why_en = "declines to spend gold" if not spend else f"has only {gold} gold, {needed} needed"
            steps.append(Step(MERCHANT, f"{name} {why_fr}", f"{name} {why_en}"))
    busted = is_busted(total, limit.value + spent)
    steps.append(_verdict(name, colour, total, limit.value + spent, busted))
    return DistrictResult(
        name, colour, total, limit.value, spent, busted, tuple(steps), total, capital=limit.base, tiles=limit.tiles
    )


def _verdict(name: str, colour: Colour, total: int, limit: int, busted: bool) -> Step:
    """The step that says whether a district busts (a tie keeps the cards)."""
    sign = ">" if busted else "≤"
    return Step(
        BUST if busted else TIE_KEEPS,
        f"district {colour.fr} de {name} : {total} {sign} {limit} : "
        + ("toutes ses cartes de cette couleur sont défaussées" if busted else "les cartes restent"),
        f"{name}'s {colour.value} district: {total} {sign} {limit}: "
        + ("all its cards of that colour are discarded" if busted else "the cards stay"),
    )


def _sentinel(player: Player, colour: Colour, total: int, limit: Maximum, steps: list[Step]) -> DistrictResult:
    """Over the MAXIMUM with the Sentinel: every gold token in the district covers its card (value 0).

    Reading (``notes/sentinelle-details``): the bust is checked again with the covered values.
    """
    covered = tuple(card for card in player.district(colour) if card.gold)
    counted = total - sum(card.value for card in covered)
    name = player.name
    if covered:
        steps.append(
            Step(
                SENTINEL,
                f"{name} dépasse le MAXIMUM : tous les jetons Or du district couvrent leur carte "
                f"({', '.join(c.format() for c in covered)} valent 0) : total {total} → {counted}",
                f"{name} is over the MAXIMUM: every gold token in the district covers its card "
                f"({', '.join(c.format() for c in covered)} count 0): total {total} → {counted}",
                reading=SENTINEL_DETAILS,
            )
        )
    busted = is_busted(counted, limit.value)
    steps.append(_verdict(name, colour, counted, limit.value, busted))
    return DistrictResult(
        name, colour, total, limit.value, 0, busted, tuple(steps), counted, covered, limit.base, limit.tiles
    )


@dataclass(frozen=True)
class BonusResult:
    """Who takes the Bonus card of one colour, or who gets tie gold."""

    colour: Colour
    #: The player who takes the card, if any.
    winner: str | None
    #: The card taken (or discarded on a tie); ``None`` when the Capital district is empty or nobody is eligible.
    card: Card | None
    #: Players tied for the highest total: each takes 1 gold, and the card is discarded.
    tied: tuple[str, ...]
    steps: tuple[Step, ...]
    #: Each player's district total once busted districts are discarded (at least 1 to be eligible).
    totals: dict[str, int] = field(default_factory=dict)


def award_bonus(position: Position, colour: Colour, totals: dict[str, int]) -> BonusResult:
    """The Bonus card of ``colour``, given each player's district total after busts.

    Only players with at least 1 in that district are eligible.
    """
    eligible = {name: total for name, total in totals.items() if total >= 1}
    capital = position.capital_district(colour)
    strongest = max(capital, key=lambda c: c.value) if capital else None
    if any(c.kind == TOTAL for c in capital):
        strongest = None  # the district is known by its total only: which card is strongest is not known
    if not eligible:
        return BonusResult(
            colour,
            None,
            None,
            (),
            (
                Step(
                    BONUS_TIE,
                    f"{colour.fr} : personne n'a au moins 1 point, rien n'est défaussé ni donné",
                    f"{colour.value}: nobody has at least 1 point; nothing is discarded, no gold is given",
                ),
            ),
            dict(totals),
        )
    best = max(eligible.values())
    leaders = tuple(sorted(name for name, total in eligible.items() if total == best))
    if len(leaders) > 1:
        return BonusResult(
            colour,
            None,
            strongest,
            leaders,
            (
                Step(
                    BONUS_TIE,
                    f"{colour.fr} : égalité à {best} entre {', '.join(leaders)} : chacun prend 1 jeton Or, "
                    "la carte la plus forte de la Capitale part à la défausse",
                    f"{colour.value}: tie at {best} between {', '.join(leaders)}: each takes 1 gold, "
                    "the Capital's strongest card is discarded",
                ),
            ),
            dict(totals),
        )
    (winner,) = leaders
    unknown = bool(capital) and strongest is None
    taken_fr = (
        strongest.format()
        if strongest
        else "inconnue (seul le total est donné)"
        if unknown
        else "aucune (district vide)"
    )
    taken_en = (
        strongest.format() if strongest else "unknown (only the total is given)" if unknown else "none (empty district)"
    )
    return BonusResult(
        colour,
        winner,
        strongest,
        (),
        (
            Step(
                BONUS,
                f"{colour.fr} : {winner} a le plus haut total ({best}) et prend la carte la plus forte : {taken_fr}",
                f"{colour.value}: {winner} has the highest total ({best}) and takes the strongest card: {taken_en}",
            ),
        ),
        dict(totals),
    )


def totals_after_busts(results: list[DistrictResult], players: tuple[Player, ...], colour: Colour) -> dict[str, int]:
    """Each player's district total for the Bonus card once busted districts are discarded."""
    counted = {r.player: 0 if r.busted else r.counted for r in results}
    return {p.name: counted.get(p.name, p.district_total(colour)) for p in players}


@dataclass(frozen=True)
class RoundResult:
    """A whole round end: every district, every Bonus card, and the position afterwards."""

    districts: tuple[DistrictResult, ...]
    bonuses: tuple[BonusResult, ...]
    #: The position after the round end: busted districts emptied, Bonus cards taken, gold updated.
    after: Position
    #: Cards that left play: busted City cards, and Capital cards discarded on a Bonus tie.
    discarded: tuple[Card, ...]
    steps: tuple[Step, ...]


def _leftover_district(position: Position, card: Card) -> Colour | None:
    """Where a card left in hand goes at round end; ``None`` when it leaves the City (an Intruder rebel)."""
    if card.kind == "rebel":
        if position.in_play(Colour.BLUE, Power.INFILTRATOR):
            if position.rebel_flag is None:
                raise MissingFact("rebel.flag", "where is the Rebel flag?")
            return position.rebel_flag
        return None  # Intruder: placed on the score pile instead of the City (notes/infiltre-vs-intruder)
    return card.colour_in("city")  # a Dualist card goes to the City with its City colour active


def _laid_down(position: Position, colours: tuple[Colour, ...]) -> tuple[Position, list[Step]]:
    """The position with the cards still in hand placed in the City before the round end is resolved: each in its
    colour's district, a rebel card under the Rebel flag (the Infiltrator) or on the score pile (the Intruder)."""
    steps: list[Step] = []
    players = tuple(_with_leftovers(position, p, colours) for p in position.players)
    rebels = [card for p in position.players for card in p.hand or () if card.kind == "rebel"]
    if rebels and position.in_play(Colour.BLUE, Power.INFILTRATOR):
        steps.append(
            Step(
                INFILTRATOR,
                "les cartes Rebelle gardées en main sont déposées dans le district de la Cité du drapeau Rebelle",
                "Rebel cards kept in hand are laid down in the City district where the Rebel flag stands",
            )
        )
    elif rebels:
        steps.append(
            Step(
                INTRUDER,
                "une carte Rebelle encore en main va directement sur la pile de score, pas dans la Cité "
                "(la pile de score n'est pas définie)",
                "a rebel card still in hand goes directly on the score pile, not in the City "
                "(the score pile is undefined)",
                reading=REBELS_READING,
            )
        )
    if any(p.hand for p in position.players):
        steps.append(
            Step(
                LEFTOVERS,
                "les cartes encore en main sont posées dans la Cité avant la résolution",
                "cards still in hand are placed in the City before resolution",
            )
        )
    return replace(position, players=players), steps


def _with_leftovers(position: Position, player: Player, colours: tuple[Colour, ...]) -> Player:
    hand = player.hand or ()
    places = [(card, _leftover_district(position, card)) for card in hand]
    city = {c: player.district(c) + tuple(card for card, place in places if place is c) for c in colours}
    return Player(player.name, city={**player.city, **city}, gold=player.gold, bonus=player.bonus, hand=())


def resolve_round(
    position: Position,
    colours: tuple[Colour, ...],
    *,
    decline: frozenset[str] = frozenset(),
    tie_gold_on: Mapping[str, Card] | None = None,
) -> RoundResult:
    """Resolve the round end for ``colours``, one colour after the other: busts, then the Bonus card.

    Cards still in hand are first placed in their colour's City district. Players named in ``decline``
    do not spend gold. With the Sentinel, tie gold goes on a City card: ``tie_gold_on`` names it per
    player. Gold won in a tie is available for the colours resolved after it (the documented reading of
    ``notes/round-end-order``).
    """
    steps = [
        Step(
            ORDER,
            "ordre lu : couleur par couleur (" + ", ".join(c.fr for c in colours) + "), défausses puis carte Bonus",
            "reading: colour by colour (" + ", ".join(c.value for c in colours) + "), busts then the Bonus card",
            reading=ROUND_END_ORDER,
        )
    ]
    if position.face_down:
        steps.append(
            Step(
                SECRET_CARD,
                "les cartes face cachée sont retournées et comptent dans le district où elles ont été jouées",
                "face-down cards are turned face up and count in the district where they were played",
            )
        )
        position = replace(position, face_down=())
    current, laid = _laid_down(position, colours)
    steps += laid
    districts: list[DistrictResult] = []
    bonuses: list[BonusResult] = []
    discarded: list[Card] = []
    for colour in colours:
        results = [resolve_district(current, p.name, colour, spend=p.name not in decline) for p in current.players]
        districts += results
        totals = totals_after_busts(results, current.players, colour)
        bonus = award_bonus(current, colour, totals)
        bonuses.append(bonus)
        steps += [s for r in results for s in r.steps] + list(bonus.steps)
        busted = {r.player for r in results if r.busted}
        spent = {r.player: r.gold_spent for r in results}
        updated = []
        covered = {r.player: r.covered for r in results}
        for p in current.players:
            city = dict(p.city)
            if p.name in busted:
                discarded += [replace(card, gold=False) for card in city[colour]]
                city[colour] = ()
            elif covered.get(p.name):  # the tokens that covered go back to the supply; the cards get their value back
                city[colour] = tuple(replace(card, gold=False) for card in city[colour])
            tie_gold = 1 if p.name in bonus.tied else 0
            if tie_gold and current.in_play(Colour.YELLOW, Power.SENTINEL):
                city, step = _tie_gold_on_card(p, city, (tie_gold_on or {}).get(p.name))
                steps.append(step)
                tie_gold = 0
            gold = None if p.gold is None else p.gold - spent.get(p.name, 0) + tie_gold
            gained = (bonus.card,) if bonus.winner == p.name and bonus.card is not None else ()
            if gained and p.bonus is None:
                raise MissingFact(f"{p.name}.bonus")
            updated.append(
                Player(p.name, city=city, gold=gold, bonus=(p.bonus or ()) + gained if gained else p.bonus, hand=())
            )
        capital = dict(current.capital)
        if bonus.card is not None and (bonus.winner or bonus.tied):
            remaining = list(capital[colour])
            remaining.remove(bonus.card)
            capital[colour] = tuple(remaining)
            if bonus.tied:
                discarded.append(bonus.card)
        current = replace(current, players=tuple(updated), capital=capital)
    return RoundResult(tuple(districts), tuple(bonuses), current, tuple(discarded), tuple(steps))


def _tie_gold_on_card(
    player: Player, city: dict[Colour, tuple[Card, ...]], card: Card | None
) -> tuple[dict[Colour, tuple[Card, ...]], Step]:
    """Sentinel: the gold won in a tie is placed directly on a City card without a token."""
    free = [c for cards in city.values() for c in cards if not c.gold]
    if not free:
        raise EngineError(
            f"{player.name} wins tie gold with the Sentinel but every City card already carries a token: "
            "the texts do not say where it goes (notes/sentinelle-details)"
        )
    if card is None:
        raise MissingFact(f"{player.name}.tie_gold_card", "on which City card does the tie gold go?")
    if card not in free:
        raise EngineError(f"{player.name} cannot put the tie gold on {card.format()}: not a City card without a token")
    cards = list(city[card.colour])
    cards[cards.index(card)] = replace(card, gold=True)
    city = {**city, card.colour: tuple(cards)}
    return city, Step(
        SENTINEL,
        f"Sentinelle : le jeton Or de l'égalité va directement sur {card.format()} dans la Cité de {player.name}",
        f"Sentinel: the tie gold goes directly on {card.format()} in {player.name}'s City",
    )


def prepare_next_round(position: Position) -> tuple[Position, tuple[Step, ...]]:
    """Between rounds everything stays; with the Agent, its tiles are gathered and reshuffled; with the Vector,
    every Vector card is discarded.

    The new stack order is unknown (shuffled), so ``agent_stack`` becomes an unknown fact. A power is looked up
    only when the position holds what it acts on (Agent tiles, Vector cards).
    """
    steps = [
        Step(
            NEXT_ROUND,
            "toutes les cartes, en Capitale comme dans les Cités, restent en place",
            "every card, in the Capital and in the Cities, stays in place",
        )
    ]
    agent_state = position.agent_tiles or position.hidden_agent_tiles or position.agent_stack is not None
    if agent_state and position.in_play(Colour.BLUE, Power.AGENT):
        steps.append(
            Step(
                AGENT,
                "les 5 tuiles Agent sont récupérées, mélangées et reforment une pile face cachée",
                "the 5 Agent tiles are gathered, shuffled and form a face-down stack again",
            )
        )
        position = replace(position, agent_tiles={}, hidden_agent_tiles={}, agent_stack=None)
    vectors = any(c.kind == "vector" for cards in _all_districts(position) for c in cards)
    if vectors and position.power_in_game(Power.VECTOR):

        def keep(cards: tuple[Card, ...]) -> tuple[Card, ...]:
            return tuple(card for card in cards if card.kind != "vector")

        players = tuple(replace(p, city={c: keep(v) for c, v in p.city.items()}) for p in position.players)
        position = replace(position, players=players, capital={c: keep(v) for c, v in position.capital.items()})
        steps.append(
            Step(
                VECTOR,
                "toutes les cartes Vecteur sont défaussées de la Capitale et des Cités",
                "every vector card is discarded from the Capital and from each City",
            )
        )
    return position, tuple(steps)


def _all_districts(position: Position) -> list[tuple[Card, ...]]:
    return [*position.capital.values(), *(cards for p in position.players for cards in p.city.values())]
