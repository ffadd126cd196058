"""The Architect's criteria and reward."""

from __future__ import annotations

import pytest

from engine.cl2.architect import claim, take_tile
from engine.cl2.cards import BASE_COLOURS, Card, Colour
from engine.cl2.check import run_queries
from engine.cl2.position import Player, Position
from engine.cl2.schema import PositionIn
from engine.cl2.tiles import ArchitectTile
from engine.errors import EngineError


def ana(pink: tuple[int, ...], green: tuple[int, ...]) -> Position:
    city = {col: () for col in BASE_COLOURS} | {
        Colour.PINK: tuple(Card(Colour.PINK, v) for v in pink),
        Colour.GREEN: tuple(Card(Colour.GREEN, v) for v in green),
    }
    return Position(players=(Player("Ana", city=city, gold=1),))


def test_type_1_the_pink_district_at_exactly_twelve() -> None:
    """Example: your pink district has exactly 12 total value: discard the tile, take 2 gold."""
    after, step = claim(ana((5, 7), ()), "Ana", ArchitectTile.parse("=12"))
    assert after.player("Ana").gold == 3
    assert step.rule == "cl2-expansion/set-e/architect" and step.reading == "notes/architect-timing"


def test_type_2_pink_and_green_both_at_nine() -> None:
    after, _ = claim(ana((9,), (4, 5)), "Ana", ArchitectTile.parse("pink=green"))
    assert after.player("Ana").gold == 3


def test_both_districts_must_hold_a_card() -> None:
    with pytest.raises(EngineError, match="does not meet the architect tile pink=green"):
        claim(ana((), ()), "Ana", ArchitectTile.parse("pink=green"))


def test_not_met_is_refused() -> None:
    with pytest.raises(EngineError, match="does not meet the architect tile =14"):
        claim(ana((5, 7), ()), "Ana", ArchitectTile.parse("=14"))


def test_tiles_parse_and_format() -> None:
    assert ArchitectTile.parse("=16").format() == "=16"
    assert ArchitectTile.parse("bleu=jaune").format() == "blue=yellow"
    with pytest.raises(EngineError, match="not =13"):
        ArchitectTile.parse("=13")
    with pytest.raises(EngineError, match="not 'twelve'"):
        ArchitectTile.parse("twelve")


def test_the_power_keeps_one_tile_at_a_time_and_reveals_the_next() -> None:
    t12, t14, t16 = (ArchitectTile.parse(x) for x in ("=12", "=14", "=16"))
    p = ana((), ())
    p = Position(
        players=(Player("Ana", city=p.players[0].city, gold=1, architect=t16),),
        architect_display=(t12, t14),
        architect_stack=(ArchitectTile.parse("pink=green"),),
    )
    after, steps = take_tile(p, "Ana", t12, keep=True)
    assert after.player("Ana").architect == t12 and after.architect_discard == (t16,)
    assert after.architect_display == (t14, ArchitectTile.parse("pink=green")) and after.architect_stack == ()
    assert steps[0].en == "Ana keeps the tile =12 (one tile at a time)"
    # the stack is now empty: the next take reshuffles the discards, whose new order is unknown: one tile stays up
    again, steps = take_tile(after, "Ana", t14, keep=False)
    assert again.architect_display == (ArchitectTile.parse("pink=green"),) and again.architect_stack is None
    assert steps[-1].en == "the next tile of the stack is revealed (it is not given)"


def test_when_the_stack_runs_out_the_discards_are_reshuffled() -> None:
    t12, t14 = ArchitectTile.parse("=12"), ArchitectTile.parse("=14")
    p = Position(
        players=(Player("Ana"),),
        architect_display=(t12, t14),
        architect_stack=(),
        architect_discard=(ArchitectTile.parse("=18"),),
    )
    after, steps = take_tile(p, "Ana", t12, keep=False)
    assert after.architect_display == (t14,) and after.architect_discard == ()  # the discards became the stack
    assert steps[-2].en == "the stack ran out: the discarded tiles are shuffled into a new stack"


def test_a_stack_not_given_is_not_asked_for() -> None:
    t12, t14 = ArchitectTile.parse("=12"), ArchitectTile.parse("=14")
    p = Position(players=(Player("Ana", gold=1),), architect_display=(t12, t14))
    after, _ = take_tile(p, "Ana", t14, keep=True)
    assert after.player("Ana").architect == t14 and after.architect_display == (t12,)


def test_claiming_uses_the_owned_tile_and_discards_it() -> None:
    base = ana((5, 7), ())
    owner = Position(players=(Player("Ana", city=base.players[0].city, gold=0, architect=ArchitectTile.parse("=12")),))
    after, _ = claim(owner, "Ana")
    assert after.player("Ana").gold == 2 and after.player("Ana").architect is None
    assert after.architect_discard == (ArchitectTile.parse("=12"),)
    with pytest.raises(EngineError, match="Ana has no architect tile"):
        claim(after, "Ana")


def test_a_claim_not_met_is_a_no_with_the_totals() -> None:
    doc = PositionIn.model_validate(
        {
            "players": [{"name": "Ana", "city": {"pink": ["pink:5", "pink:6"]}, "architect": "=12", "gold": 1}],
            "queries": [{"query": "architect_claim", "player": "Ana"}],
        }
    )
    (verdict,) = run_queries(doc)
    assert verdict.error is None
    assert verdict.verdict == {"player": "Ana", "tile": "=12", "gold": 1, "met": False}
    assert "pink 11" in verdict.steps[0].en


def test_a_claim_met_gives_two_gold() -> None:
    doc = PositionIn.model_validate(
        {
            "players": [{"name": "Ana", "city": {"pink": ["pink:5", "pink:7"]}, "architect": "=12", "gold": 1}],
            "queries": [{"query": "architect_claim", "player": "Ana"}],
        }
    )
    (verdict,) = run_queries(doc)
    assert verdict.verdict == {"player": "Ana", "tile": "=12", "gold": 3, "met": True}
