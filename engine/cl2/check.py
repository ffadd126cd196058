"""Run the queries of a position file and give typed verdicts with their steps (no I/O here)."""

from __future__ import annotations

from typing import Any

from engine.cl2.cards import Card, Colour
from engine.cl2.deal import deal
from engine.cl2.plays import legal_plays
from engine.cl2.powers import play_to_capital
from engine.cl2.roundend import maximum, resolve_district, resolve_round
from engine.cl2.schema import (
    DealQuery,
    DistrictQuery,
    LegalQuery,
    MaximumQuery,
    PlayQuery,
    PositionIn,
    RoundQuery,
    ScoreQuery,
    WinnersQuery,
)
from engine.cl2.scoring import final_score, winners
from engine.errors import EngineError
from engine.verdict import Verdict, answer_all


def _one(doc: PositionIn, query: Any) -> Verdict:
    position = doc.to_position()
    if isinstance(query, MaximumQuery):
        m = maximum(position, Colour(query.colour))
        return Verdict(query.query, {"colour": query.colour, "maximum": m.value}, m.steps)
    if isinstance(query, DistrictQuery):
        r = resolve_district(position, query.player, Colour(query.colour), spend=query.spend)
        verdict = {
            "player": r.player,
            "colour": query.colour,
            "total": r.total,
            "maximum": r.maximum,
            "gold_spent": r.gold_spent,
            "busted": r.busted,
        }
        return Verdict(query.query, verdict, r.steps)
    if isinstance(query, RoundQuery):
        rr = resolve_round(position, tuple(Colour(c) for c in query.colours))
        verdict = {
            "busted": [{"player": d.player, "colour": d.colour.value} for d in rr.districts if d.busted],
            "gold_spent": {d.player: d.gold_spent for d in rr.districts if d.gold_spent},
            "bonus": [
                {
                    "colour": b.colour.value,
                    "winner": b.winner,
                    "card": b.card.format() if b.card else None,
                    "tied": list(b.tied),
                }
                for b in rr.bonuses
            ],
            "gold_after": {p.name: p.gold for p in rr.after.players},
        }
        return Verdict(query.query, verdict, rr.steps)
    if isinstance(query, ScoreQuery):
        s = final_score(position.player(query.player))
        return Verdict(
            query.query, {"player": s.player, "city": s.city, "bonus": s.bonus, "gold": s.gold, "total": s.total}
        )
    if isinstance(query, WinnersQuery):
        return Verdict(query.query, {"winners": list(winners(position.players))})
    if isinstance(query, LegalQuery):
        places = legal_plays(position, Card.parse(query.card))
        verdict = {"allowed": [f"{p.place}:{p.district.value}" for p in places if p.allowed]}
        return Verdict(query.query, verdict, tuple(p.why for p in places))
    if isinstance(query, DealQuery):
        readings = deal(query.players, undercover=query.undercover)
        found = {"readings": [{"cards": r.cards, "picks": r.picks, "rule": r.why.rule} for r in readings]}
        return Verdict(query.query, found, tuple(r.why for r in readings))
    if isinstance(query, PlayQuery):
        play = play_to_capital(
            position,
            query.player,
            Card.parse(query.card),
            into=Colour(query.into) if query.into else None,
            give=Card.parse(query.give) if query.give else None,
            on=Card.parse(query.on) if query.on else None,
            district=Colour(query.district) if query.district else None,
            target=Colour(query.target) if query.target else None,
            take=Card.parse(query.take) if query.take else None,
        )
        verdict = {"card": query.card, "power": play.power, "applied": play.applied}
        if play.extra_turn:
            verdict["extra_turn"] = True
        return Verdict(query.query, verdict, play.steps)
    raise EngineError(f"unknown query {query!r}")  # pragma: no cover - the schema admits no other


def run_queries(doc: PositionIn) -> list[Verdict]:
    """Every query of the document, in order; a missing fact or an impossible request is reported, not raised."""
    return answer_all(doc.queries, lambda query: _one(doc, query))
