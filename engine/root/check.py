"""Run the queries of a Root position file (no I/O here)."""

from __future__ import annotations

from typing import Any

from engine.errors import EngineError
from engine.root.day import after_battle
from engine.root.position import Suit
from engine.root.rules import battle_losses, gravedigging, remove_cemetery, ritual_plan, sinister_return
from engine.root.schema import AfterBattleQuery, BattleQuery, BirdsongQuery, CemeteryQuery, RitualQuery, RootPositionIn
from engine.verdict import Verdict, answer_all


def _one(doc: RootPositionIn, query: Any) -> Verdict:
    position = doc.to_position()
    if isinstance(query, RitualQuery):
        plan = ritual_plan(position)
        return Verdict(query.query, {"points": plan.points, "uses": list(plan.uses)}, plan.steps)
    if isinstance(query, CemeteryQuery):
        removal = remove_cemetery(position, Suit(query.suit))
        return Verdict(query.query, {"warriors_removed": removal.warriors_removed}, removal.steps)
    if isinstance(query, BattleQuery):
        removal = battle_losses(position, query.clearing, query.hits)
        return Verdict(query.query, {"warriors_removed": removal.warriors_removed}, removal.steps)
    if isinstance(query, AfterBattleQuery):
        placed = after_battle(
            position,
            query.clearing,
            query.enemy_warriors_removed,
            necro_removed=query.necro_removed,
            cemetery_removed=query.cemetery_removed,
            choice=query.choice,
        )
        return Verdict(query.query, {"warriors_placed_in": list(placed.clearings)}, placed.steps)
    if isinstance(query, BirdsongQuery):
        after, first = sinister_return(position, query.choice)
        after, second = gravedigging(after, bird=query.bird)
        verdict = {"warriors": {c.id: c.warriors for c in after.clearings}, "supply": after.board.supply}
        return Verdict(query.query, verdict, (*first, *second))
    raise EngineError(f"unknown query {query!r}")  # pragma: no cover - the schema admits no other


def run_queries(doc: RootPositionIn) -> list[Verdict]:
    """Every query of the document, in order; a missing fact or an impossible request is reported, not raised."""
    return answer_all(doc.queries, lambda query: _one(doc, query))
