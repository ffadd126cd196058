"""Run the queries of a Capital Lux 2 position file and give typed verdicts with their steps (no I/O here)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.cl2 import architect, mentalist, sections
from engine.cl2.cards import Card, Colour
from engine.cl2.changes import changes
from engine.cl2.deal import deal
from engine.cl2.effects import PlayResult
from engine.cl2.plays import legal_plays
from engine.cl2.position import Position
from engine.cl2.power import Power
from engine.cl2.powers import play_to_capital, play_to_city
from engine.cl2.queries import (
    ArchitectClaimQuery,
    BonusQuery,
    DealQuery,
    DistrictQuery,
    GoldNeededQuery,
    LegalQuery,
    MaximumQuery,
    PlayQuery,
    RoundQuery,
    ScoreQuery,
    SwapQuery,
    WinnersQuery,
)
from engine.cl2.results import (
    ArchitectClaimVerdict,
    BonusAward,
    BonusVerdict,
    Bust,
    DealOption,
    DealVerdict,
    DistrictVerdict,
    GoldNeededVerdict,
    LegalVerdict,
    MaximumVerdict,
    PlayVerdict,
    RoundVerdict,
    ScoreVerdict,
    Spot,
    SwapVerdict,
    WinnersVerdict,
)
from engine.cl2.roundend import least_gold_to_save, maximum, resolve_district, resolve_round
from engine.cl2.schema import PositionIn
from engine.cl2.scoring import final_score, winners
from engine.cl2.tiles import ArchitectTile
from engine.errors import EngineError, MissingFact
from engine.steps import Step
from engine.verdict import Verdict, answer_all


def _card(text: str | None) -> Card | None:
    return None if text is None else Card.parse(text)


def _colour(name: str | None) -> Colour | None:
    return None if name is None else Colour(name)


def _round(position: Position, query: RoundQuery) -> Verdict:
    rr = resolve_round(position, tuple(Colour(c) for c in query.colours))
    found = RoundVerdict(
        busted=tuple(Bust(d.player, d.colour) for d in rr.districts if d.busted),
        gold_spent={d.player: d.gold_spent for d in rr.districts if d.gold_spent},
        bonus=tuple(BonusAward(b.colour, b.winner, b.card.format() if b.card else None, b.tied) for b in rr.bonuses),
        gold_after={p.name: p.gold for p in rr.after.players},
    )
    return Verdict(query.query, found, rr.steps)


def _gold_needed(position: Position, query: GoldNeededQuery) -> Verdict:
    """The least gold that saves the district, with the Merchant in play (spending is its power)."""
    colour = Colour(query.colour)
    if not position.in_play(Colour.YELLOW, Power.MERCHANT):
        raise EngineError(
            "gold saves a district only with the Merchant in play (its round-end power)",
            fr="l'or ne sauve un district que si le Marchand est en jeu (son pouvoir de fin de manche)",
        )
    player = position.player(query.player)
    limit = maximum(position, colour)
    total = player.district_total(colour)
    need = least_gold_to_save(total, limit.value)
    enough = True if not need else None if player.gold is None else player.gold >= need
    step = Step(
        sections.MERCHANT,
        f"{player.name} : district {colour.fr} {total}, MAXIMUM {limit.value} : il faut au moins {need} jeton(s) Or",
        f"{player.name}: {colour.value} district {total}, MAXIMUM {limit.value}: at least {need} gold needed",
    )
    found = GoldNeededVerdict(player.name, colour, need, enough, total, limit.value, limit.base, limit.tiles)
    return Verdict(query.query, found, (*limit.steps, step))


def _played(position: Position, query: PlayQuery) -> PlayResult:
    """The play a query describes, applied."""
    secret = {"secret": True} if query.secret else {}
    if query.secret and query.place == "city":
        raise EngineError("a Secret Card is played in the Capital, not in a City")
    return (play_to_city if query.place == "city" else play_to_capital)(
        position,
        query.player,
        Card.parse(query.card),
        into=_colour(query.into),
        give=_card(query.give),
        on=_card(query.on),
        district=_colour(query.district),
        target=_colour(query.target),
        take=_card(query.take),
        tile=None if query.tile is None else ArchitectTile.parse(query.tile),
        keep=query.keep,
        **secret,
    )


def _play(position: Position, query: PlayQuery) -> Verdict:
    card = Card.parse(query.card)
    play = _played(position, query)
    c = changes(position, play.after, query.player, card, query.place)
    found = PlayVerdict(
        query.player,
        query.card,
        play.power,
        play.applied,
        play.extra_turn,
        c.gold,
        c.hand_gained,
        c.city_gained,
        c.capital_left,
        c.capital_added,
        c.rebel_flag,
    )
    return Verdict(query.query, found, play.steps)


def _architect(position: Position, query: ArchitectClaimQuery) -> Verdict:
    tile = None if query.tile is None else ArchitectTile.parse(query.tile)
    owned = tile or position.player(query.player).architect
    if owned is None:
        raise EngineError(f"{query.player} has no architect tile")
    if not architect.meets(position, query.player, owned):
        gold = position.player(query.player).gold
        found = ArchitectClaimVerdict(query.player, owned.format(), gold, met=False)
        return Verdict(query.query, found, (architect.unmet(position, query.player, owned),))
    after, step = architect.claim(position, query.player, owned)
    found = ArchitectClaimVerdict(query.player, owned.format(), after.player(query.player).known_gold(), met=True)
    return Verdict(query.query, found, (step,))


def _swapped(position: Position, query: SwapQuery) -> tuple[Position, Step]:
    """The swap a query describes, made."""
    tile = tuple(Colour(c) for c in query.tile.split("/"))
    colour = Colour(query.colour)
    return mentalist.swap(
        position, query.player, (tile[0], tile[1]), colour, Card.parse(query.city_card), Card.parse(query.capital_card)
    )


def _swap(position: Position, query: SwapQuery) -> Verdict:
    colour = Colour(query.colour)
    after, step = _swapped(position, query)
    found = SwapVerdict(
        query.player,
        colour,
        query.city_card,
        query.capital_card,
        tuple(c.format() for c in after.player(query.player).district(colour)),
        tuple(c.format() for c in after.capital_district(colour)),
    )
    return Verdict(query.query, found, (step,))


def _one(position: Position, query: Any) -> Verdict:
    colours = position.colours_in_play
    if isinstance(query, MaximumQuery):
        m = maximum(position, Colour(query.colour))
        return Verdict(query.query, MaximumVerdict(m.colour, m.value, m.base, m.tiles), m.steps)
    if isinstance(query, DistrictQuery):
        r = resolve_district(position, query.player, Colour(query.colour), spend=query.spend)
        found = DistrictVerdict(
            r.player, r.colour, r.total, r.maximum, r.gold_spent, r.busted, r.capital, r.tiles, r.counted
        )
        return Verdict(query.query, found, r.steps)
    if isinstance(query, GoldNeededQuery):
        return _gold_needed(position, query)
    if isinstance(query, BonusQuery):
        rr = resolve_round(position, (Colour(query.colour),))
        (b,) = rr.bonuses
        return Verdict(
            query.query,
            BonusVerdict(b.colour, b.winner, b.card.format() if b.card else None, b.tied, b.totals),
            rr.steps,
        )
    if isinstance(query, RoundQuery):
        return _round(position, query)
    if isinstance(query, ScoreQuery):
        s = final_score(position.player(query.player), colours)
        return Verdict(query.query, ScoreVerdict(s.player, s.city, s.bonus, s.gold, s.total))
    if isinstance(query, WinnersQuery):
        return Verdict(query.query, WinnersVerdict(winners(position.players, colours)))
    if isinstance(query, LegalQuery):
        places = legal_plays(position, Card.parse(query.card))
        allowed = LegalVerdict(tuple(Spot(p.place, p.district) for p in places if p.allowed), query.card)
        return Verdict(query.query, allowed, tuple(p.why for p in places))
    if isinstance(query, DealQuery):
        readings = deal(query.players, undercover=query.undercover)
        options = tuple(DealOption(r.cards, r.picks, r.why.rule) for r in readings)
        dealt = DealVerdict(options, tuple(o.cards for o in options))
        return Verdict(query.query, dealt, tuple(r.why for r in readings))
    if isinstance(query, PlayQuery):
        return _play(position, query)
    if isinstance(query, ArchitectClaimQuery):
        return _architect(position, query)
    if isinstance(query, SwapQuery):
        return _swap(position, query)
    raise EngineError(f"unknown query {query!r}")  # pragma: no cover - the schema admits no other


def run_queries(doc: PositionIn) -> list[Verdict]:
    """Every query of the document, in order, on the position after the document's plays (their steps first); a
    missing fact or an impossible request is reported, not raised."""
    position = doc.to_position()
    before: list[Step] = []
    try:
        for query in doc.plays:
            if isinstance(query, SwapQuery):
                position, step = _swapped(position, query)
                before = [*before, step]
                continue
            play = _played(position, query)
            position, before = play.after, [*before, *play.steps]
    except (MissingFact, EngineError) as exc:  # the plays cannot be made: every query says why
        return answer_all(doc.queries, _raising(exc))
    after = _hands_unknown(doc.to_position(), position)
    return answer_all(doc.queries, lambda q: _with_steps(_one(after, q), before))


def _hands_unknown(given: Position, after: Position) -> Position:
    """``after`` with the hands the document did not give unknown again: a card a play put into a hand nobody
    stated joins cards nobody knows, so no round end lays that hand down as if it were all of it."""
    unknown = {p.name for p in given.players if p.hand is None}
    return replace(after, players=tuple(replace(p, hand=None) if p.name in unknown else p for p in after.players))


def _raising(exc: Exception) -> Any:
    """An answer that raises ``exc`` for every query."""

    def answer(query: Any) -> Verdict:
        raise exc

    return answer


def _with_steps(verdict: Verdict, before: list[Step]) -> Verdict:
    """``verdict`` with the steps of the plays made before it first."""
    return replace(verdict, steps=(*before, *verdict.steps)) if before else verdict
