"""Run the queries of a Root position file and give typed verdicts with their steps (no I/O here)."""

from __future__ import annotations

from typing import Any

from engine.errors import EngineError
from engine.root.day import (
    after_battle,
    can_skull,
    crafting_suits,
    hammer_options,
    pairs_allowed,
    perform_order,
    turn_wheel,
)
from engine.root.position import RootPosition, Suit
from engine.root.results import (
    AfterBattleVerdict,
    BattleVerdict,
    BirdsongVerdict,
    CemeteryVerdict,
    GravediggingVerdict,
    HammerVerdict,
    RevenantVerdict,
    RitualVerdict,
    SkullVerdict,
    WheelVerdict,
)
from engine.root.rules import battle_losses, gravedigging, remove_cemetery, remove_necro, ritual_plan, sinister_return
from engine.root.schema import (
    AfterBattleQuery,
    BattleQuery,
    BirdsongQuery,
    CemeteryQuery,
    GravediggingQuery,
    HammerQuery,
    RevenantQuery,
    RitualQuery,
    RootPositionIn,
    SkullQuery,
    WheelQuery,
)
from engine.root.sections import HAMMER, SKULL
from engine.steps import Step
from engine.verdict import Verdict, answer_all


def _day(position: RootPosition, query: WheelQuery | HammerQuery | SkullQuery) -> Verdict:
    necro = Suit(query.necro)
    if isinstance(query, WheelQuery):
        after, turned = turn_wheel(position, necro, query.pair)
        done, order = perform_order(after, necro, query.pair)
        markers = tuple(sorted(after.board.markers_up or (), key=lambda s: s.value))
        found = WheelVerdict(necro, query.pair, done, markers, pairs_allowed(position))
        return Verdict(query.query, found, (turned, order))
    if isinstance(query, HammerQuery):
        hand = position.board.hand
        suits = crafting_suits(position)
        if hand is None:  # Crafting's suits need no hand; whether Building is possible does
            step = Step(
                HAMMER,
                "Marteau : Fabrication ou Construction ; main non donnée : la Construction n'est pas jugée",
                "Hammer: Crafting or Building; no hand given: Building is not judged",
            )
            return Verdict(query.query, HammerVerdict(necro, None, suits), (step,))
        options = hammer_options(position, necro, hand)
        step = Step(
            HAMMER,
            f"Marteau : Fabrication ou Construction, une des deux ; possible ici : {', '.join(options)}",
            f"Hammer: Crafting or Building, one of the two; possible here: {', '.join(options)}",
        )
        return Verdict(query.query, HammerVerdict(necro, options, suits), (step,))
    possible = can_skull(position, necro)
    step = Step(
        SKULL,
        "Crâne : il faut un guerrier adverse dans la clairière du Nécro : " + ("oui" if possible else "non"),
        "Skull: it needs an enemy warrior in the Necro's clearing: " + ("yes" if possible else "no"),
    )
    return Verdict(query.query, SkullVerdict(necro, possible), (step,))


def _one(doc: RootPositionIn, query: Any) -> Verdict:
    position = doc.to_position()
    if isinstance(query, RitualQuery):
        plan = ritual_plan(position)
        return Verdict(query.query, RitualVerdict(plan.points, plan.uses, len(position.cemeteries())), plan.steps)
    if isinstance(query, CemeteryQuery):
        removal = remove_cemetery(position, Suit(query.suit))
        return Verdict(query.query, CemeteryVerdict(removal.warriors_removed), removal.steps)
    if isinstance(query, BattleQuery):
        removal = battle_losses(position, query.clearing, query.hits)
        return Verdict(query.query, BattleVerdict(removal.warriors_removed), removal.steps)
    if isinstance(query, AfterBattleQuery):
        placed = after_battle(
            position,
            query.clearing,
            query.enemy_warriors_removed,
            necro_removed=query.necro_removed,
            cemetery_removed=query.cemetery_removed,
            choice=query.choice,
        )
        return Verdict(query.query, AfterBattleVerdict(placed.clearings, len(placed.clearings)), placed.steps)
    if isinstance(query, BirdsongQuery):
        after, first = sinister_return(position, query.choice)
        after, second = gravedigging(after, bird=query.bird)
        birdsong = BirdsongVerdict({c.id: c.warriors for c in after.clearings}, after.board.supply)
        return Verdict(query.query, birdsong, (*first, *second))
    if isinstance(query, RevenantQuery):
        suit = Suit(query.suit)
        removal = remove_necro(position, suit, with_cemetery=query.with_cemetery)
        back = removal.after.necro_clearing(suit)
        where = (
            RevenantVerdict(suit, "faction_board", None) if back is None else RevenantVerdict(suit, "cemetery", back.id)
        )
        return Verdict(query.query, where, removal.steps)
    if isinstance(query, GravediggingQuery):
        returned: tuple[Step, ...] = ()
        if not position.cemeteries():  # Aurore runs Sinistre retour (CN.4.1) before Fossoyer (CN.4.2)
            position, returned = sinister_return(position, None)
        after, steps = gravedigging(position, bird=query.bird)
        supply = after.known_supply()
        fossoyer = position.known_supply() - supply
        return Verdict(query.query, GravediggingVerdict(fossoyer, supply), (*returned, *steps))
    if isinstance(query, WheelQuery | HammerQuery | SkullQuery):
        return _day(position, query)
    raise EngineError(f"unknown query {query!r}")  # pragma: no cover - the schema admits no other


def run_queries(doc: RootPositionIn) -> list[Verdict]:
    """Every query of the document, in order; a missing fact or an impossible request is reported, not raised."""
    return answer_all(doc.queries, lambda query: _one(doc, query))
