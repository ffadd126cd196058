"""Position files: the pydantic schema, its JSON Schema, and the query runner."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from engine.cl2.check import run_queries
from engine.cl2.schema import PositionIn, format_position, json_schema, parse_position

BASE = {
    "players": [
        {
            "name": "Ana",
            "city": {"blue": ["blue:9", "blue:8"], "pink": [], "yellow": [], "green": []},
            "gold": 2,
            "bonus": [],
        },
        {"name": "Bob", "city": {"blue": ["blue:3"], "pink": [], "yellow": [], "green": []}, "gold": 0, "bonus": []},
    ],
    "capital": {"blue": ["blue:15"], "pink": ["pink:2"], "yellow": [], "green": []},
    "powers": {"blue": "agent", "pink": "clerc", "yellow": "marchand", "green": "savant"},
    "agent_tiles": {"blue": [], "pink": [], "yellow": [], "green": []},
}


def doc(*queries: dict[str, object], **changes: object) -> PositionIn:
    return PositionIn.model_validate({**BASE, **changes, "queries": list(queries)})


def test_every_query_kind_runs() -> None:
    verdicts = run_queries(
        doc(
            {"query": "maximum", "colour": "blue"},
            {"query": "district", "player": "Ana", "colour": "blue"},
            {"query": "round_end"},
            {"query": "score", "player": "Bob"},
            {"query": "winners"},
            {"query": "play", "player": "Ana", "card": "yellow:1"},
        )
    )
    assert [v.query for v in verdicts] == ["maximum", "district", "round_end", "score", "winners", "play"]
    assert verdicts[0].verdict == {"colour": "blue", "maximum": 15, "capital": 15, "tiles": []}
    assert verdicts[1].verdict["gold_spent"] == 2 and verdicts[1].verdict["busted"] is False
    assert verdicts[2].verdict["bonus"][0] == {"colour": "blue", "winner": "Ana", "card": "blue:15", "tied": []}
    assert verdicts[3].verdict["total"] == 3
    assert verdicts[4].verdict == {"winners": ["Ana"]}
    assert verdicts[5].verdict == {
        "player": "Ana",
        "card": "yellow:1",
        "power": "merchant",
        "applied": True,
        "extra_turn": False,
        "gold": 3,  # the Merchant's token on top of Ana's 2
        "hand_gained": [],
        "city_gained": [],
        "capital_left": [],
        "capital_added": [],
        "rebel_flag": None,
    }
    assert all(v.missing is None and v.error is None for v in verdicts)


def test_a_missing_fact_is_reported_by_name() -> None:
    (verdict,) = run_queries(doc({"query": "maximum", "colour": "blue"}, capital={}))
    assert verdict.missing == "capital.blue" and verdict.verdict == {}


def test_an_impossible_request_is_an_error_not_a_crash() -> None:
    (verdict,) = run_queries(doc({"query": "play", "player": "Ana", "card": "pink:1", "district": "yellow"}))
    assert verdict.error and "cannot take from the yellow district" in verdict.error


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"capital": {"blue": ["blue7"]}}, "capital"),
        ({"players": [{"name": "Ana", "gold": -1}]}, "players.0.gold"),
        ({"powers": {"orange": "agent"}}, "powers.orange"),
        ({"colour_of_the_sky": "blue"}, "colour_of_the_sky"),
    ],
)
def test_bad_input_is_refused_with_its_place(change: dict[str, object], where: str) -> None:
    with pytest.raises(ValidationError) as caught:
        PositionIn.model_validate({**BASE, **change})
    assert any(".".join(str(p) for p in e["loc"]).startswith(where) for e in caught.value.errors())


def test_json_schema_is_exported() -> None:
    schema = json_schema()
    assert schema["title"] == "PositionIn"
    assert {"players", "capital", "powers", "queries"} <= set(schema["properties"])
    assert {"PlayQuery", "ArchitectClaimQuery", "SwapQuery"} <= set(schema["$defs"])


def test_a_preset_configuration_fills_the_powers() -> None:
    position = PositionIn.model_validate({"configuration": "A", "players": []}).to_position()
    assert {c.value: p and p.value for c, p in position.powers.items()} == {
        "blue": "agent",
        "pink": "cleric",
        "yellow": "merchant",
        "green": "scholar",
    }


card_text = st.builds(
    lambda c, v: f"{c}:{v}" if v >= 0 else f"vector/{c}:{v}",
    st.sampled_from(["blue", "pink", "yellow", "green"]),
    st.integers(-3, 7),
)


@given(
    gold=st.one_of(st.none(), st.integers(0, 9)),
    blue=st.lists(st.integers(1, 7), max_size=4),
    capital=st.lists(st.integers(1, 7), max_size=4),
    stack=st.one_of(st.none(), st.lists(st.integers(-2, 2), max_size=5)),
    deck=st.one_of(st.none(), st.lists(card_text, max_size=3)),
)
def test_positions_parse_what_they_format(
    gold: int | None, blue: list[int], capital: list[int], stack: list[int] | None, deck: list[str] | None
) -> None:
    original = PositionIn.model_validate(
        {
            "players": [{"name": "Ana", "city": {"blue": [f"blue:{v}" for v in blue]}, "gold": gold}],
            "capital": {"blue": [f"blue:{v}" for v in capital]},
            "powers": {"blue": "agent"},
            "agent_tiles": {"blue": [1]},
            "agent_stack": stack,
            "deck_top": deck,
        }
    ).to_position()
    assert parse_position(format_position(original)) == original


def test_undercover_position_files() -> None:
    verdicts = run_queries(
        PositionIn.model_validate(
            {
                "players": [{"name": "Kirsten", "city": {"purple": []}, "hand": []}],
                "capital": {"purple": [], "green": []},
                "powers": {"green": "savant"},
                "deck_top": ["blue:5"],
                "undercover": {"current": "green/yellow", "deck": ["pink"]},
                "queries": [
                    {"query": "legal_plays", "card": "yellow:2"},
                    {"query": "play", "player": "Kirsten", "card": "purple:4", "into": "purple"},
                    {"query": "deal", "players": 5, "undercover": True},
                ],
            }
        )
    )
    assert verdicts[0].verdict == {
        "allowed": [
            {"place": place, "colour": colour} for place in ("capital", "city") for colour in ("yellow", "purple")
        ],
        "card": "yellow:2",
    }
    assert {k: verdicts[1].verdict[k] for k in ("card", "power", "applied", "extra_turn", "hand_gained")} == {
        "card": "purple:4",
        "power": "scholar",
        "applied": True,
        "extra_turn": False,
        "hand_gained": ["blue:5"],  # the Scholar's card, the top of the deck
    }
    assert verdicts[2].verdict == {
        "readings": [{"cards": 6, "picks": None, "rule": "cl2-expansion/undercover/draft"}],
        "cards": [6],
    }
    assert verdicts[2].steps[0].reading == "notes/draft-hand-size"


def test_a_rich_position_parses_what_it_formats() -> None:
    rich = PositionIn.model_validate(
        {
            "configuration": "B",
            "players": [
                {
                    "name": "Ana",
                    "city": {"blue": ["blue:3+gold", "rebel/pink:2"], "pink": ["dualist/blue|pink:4"]},
                    "gold": 1,
                    "bonus": ["green:6"],
                    "hand": ["vector/green:-2"],
                }
            ],
            "capital": {"blue": ["blue:5"], "pink": ["pink:1"]},
            "rebel_deck": ["rebel/green:4"],
            "rebel_flag": "yellow",
            "prophet_tiles": [2],
            "prophet_stack": [1, 3],
            "display": ["pink:2"],
            "dualist_deck": [],
            "vector_deck": ["vector/blue:-1"],
            "experimenter_display": ["experimenter/pink:1"],
            "experimenter_deck": [],
            "face_down": ["pink:1"],
            "architect_display": ["=12", "pink=green"],
            "architect_stack": [],
            "architect_discard": ["=18"],
        }
    ).to_position()
    assert parse_position(format_position(rich)) == rich


# --- the card syntax, documented and enforced ------------------------------------------------------------------


def test_the_schema_documents_the_whole_card_syntax() -> None:
    described = json.dumps(json_schema())
    for kind in ("vector/", "rebel", "dualist/blue|pink:3", "experimenter", "+gold", "purple cards are worth 2 to 6"):
        assert kind in described, kind
    assert "vector/green:-2" in described  # an example of a Vector card, not a negative citizen card


@pytest.mark.parametrize(
    ("card", "says"),
    [
        ("purple:7", "purple cards are worth 2 to 6 [cl2-expansion/undercover]"),
        ("vector/blue:-4", "Vector cards are worth -1, -2 or -3 [cl2-expansion/set-e/vector]"),
        ("blue:-2", "a negative card is a Vector card: write 'vector/blue:-2' [cl2-expansion/set-e/vector]"),
        ("experimenter/pink:3", "experimenter cards are worth 1 or 7"),
        ("rebel/green:9", "rebel cards are worth 1 to 6"),
    ],
)
def test_values_the_texts_rule_out_are_refused_quoting_the_card_and_the_rule(card: str, says: str) -> None:
    with pytest.raises(ValidationError) as caught:
        PositionIn.model_validate({**BASE, "capital": {"blue": [card]}})
    (error,) = caught.value.errors()
    assert f"no card {card!r}: {says}" in error["msg"]


def test_the_purple_district_counts_in_the_score_and_the_winner() -> None:
    """Undercover: the purple district "is resolved and counted like any other district"."""
    undercover = {
        "players": [
            {
                "name": "Kirsten",
                "city": {"blue": ["blue:2"], "pink": [], "yellow": [], "green": [], "purple": ["purple:6"]},
                "gold": 0,
                "bonus": [],
            },
            {
                "name": "Adam",
                "city": {"blue": ["blue:5"], "pink": [], "yellow": [], "green": [], "purple": []},
                "gold": 0,
                "bonus": [],
            },
        ],
        "undercover": {"current": "green"},
        "queries": [{"query": "score", "player": "Kirsten"}, {"query": "winners"}],
    }
    score, won = run_queries(PositionIn.model_validate(undercover))
    assert score.verdict == {"player": "Kirsten", "city": 8, "bonus": 0, "gold": 0, "total": 8}
    assert won.verdict == {"winners": ["Kirsten"]}


# --- the Architect's claim and the Mentalist's Swap ------------------------------------------------------------


ANA: dict[str, Any] = cast(list[dict[str, Any]], BASE["players"])[0]


def test_the_architect_claim_gives_two_gold_for_a_met_tile() -> None:
    players = [{**ANA, "architect": "=17"}]
    with pytest.raises(ValidationError, match="=12, =14, =16 or =18"):
        PositionIn.model_validate({**BASE, "players": players})
    with pytest.raises(ValidationError, match="an architect tile is written '=12' or 'pink=green', not '12'"):
        doc({"query": "architect_claim", "player": "Ana", "tile": "12"})
    players = [{**ANA, "architect": "blue=pink"}]
    (unmet,) = run_queries(doc({"query": "architect_claim", "player": "Ana"}, players=players))
    assert unmet.error is None and unmet.verdict == {"player": "Ana", "tile": "blue=pink", "gold": 2, "met": False}
    players = [{**ANA, "city": {"blue": ["blue:9", "blue:7"]}, "architect": "=16"}]
    (claimed,) = run_queries(doc({"query": "architect_claim", "player": "Ana"}, players=players))
    assert claimed.verdict == {"player": "Ana", "tile": "=16", "gold": 4, "met": True}
    assert claimed.steps[0].rule == "cl2-expansion/set-e/architect"


def test_the_swap_exchanges_a_city_card_with_a_capital_card_of_the_same_colour() -> None:
    (swapped, wrong) = run_queries(
        doc(
            {
                "query": "swap",
                "player": "Ana",
                "tile": "blue/pink",
                "colour": "blue",
                "city_card": "blue:8",
                "capital_card": "blue:15",
            },
            {
                "query": "swap",
                "player": "Ana",
                "tile": "yellow/green",
                "colour": "blue",
                "city_card": "blue:8",
                "capital_card": "blue:15",
            },
        )
    )
    assert swapped.verdict == {
        "player": "Ana",
        "colour": "blue",
        "gave": "blue:8",
        "took": "blue:15",
        "city": ["blue:9", "blue:15"],
        "capital": ["blue:8"],
    }
    assert swapped.steps[0].rule == "cl2-expansion/mentalist/swap"
    assert wrong.error == "this Swap tile offers yellow or green, not blue"


def test_a_swap_made_before_the_queries_changes_what_the_round_end_decides() -> None:
    swap = {"query": "swap", "player": "Ana", "tile": "blue/pink", "colour": "blue"}
    swap |= {"city_card": "blue:8", "capital_card": "blue:15"}
    (district,) = run_queries(doc({"query": "district", "player": "Ana", "colour": "blue"}, plays=[swap]))
    assert district.verdict is not None
    assert (district.verdict["total"], district.verdict["maximum"]) == (24, 8)  # 9 + 15 against the Capital's 8
    assert district.steps[0].rule == "cl2-expansion/mentalist/swap"


def test_the_least_gold_that_saves_and_the_bonus_of_one_colour() -> None:
    ana, bob, bonus, no_merchant = run_queries(
        doc(
            {"query": "gold_needed", "player": "Ana", "colour": "blue"},
            {"query": "gold_needed", "player": "Bob", "colour": "blue"},
            {"query": "bonus", "colour": "blue"},
        )
    ) + run_queries(
        doc({"query": "gold_needed", "player": "Ana", "colour": "blue"}, powers={"blue": "agent", "yellow": "sentinel"})
    )
    assert ana.verdict == {
        **{"player": "Ana", "colour": "blue", "gold_needed": 2, "enough": True},
        **{"total": 17, "maximum": 15, "capital": 15, "tiles": []},
    }
    assert ana.steps[-1].rule == "cl2-power-tiles/config-a/marchand"
    assert bob.verdict == {
        **{"player": "Bob", "colour": "blue", "gold_needed": 0, "enough": True},
        **{"total": 3, "maximum": 15, "capital": 15, "tiles": []},
    }
    assert bonus.verdict == {
        "colour": "blue",
        "winner": "Ana",
        "card": "blue:15",
        "tied": [],
        "totals": {"Ana": 17, "Bob": 3},  # Ana spends 2 gold to keep her 17
    }
    assert no_merchant.error == "gold saves a district only with the Merchant in play (its round-end power)"
    (short,) = run_queries(
        doc({"query": "gold_needed", "player": "Ana", "colour": "blue"}, players=[{**ANA, "gold": 1}])
    )
    assert short.verdict["enough"] is False and short.verdict["gold_needed"] == 2


def test_a_district_known_by_its_total_counts_but_its_card_is_not_named() -> None:
    totals = doc(
        {"query": "district", "player": "Ana", "colour": "blue"},
        {"query": "bonus", "colour": "blue"},
        capital={"blue": ["total/blue:15"]},
        players=[{**ANA, "city": {"blue": ["total/blue:16"]}, "gold": 0}],
    )
    district, bonus = run_queries(totals)
    assert district.verdict["busted"] is True and district.verdict["maximum"] == 15
    # her busted 16 counts 0 for the Bonus card: nobody is eligible
    assert bonus.verdict == {"colour": "blue", "winner": None, "card": None, "tied": [], "totals": {"Ana": 0}}
    (kept,) = run_queries(doc({"query": "bonus", "colour": "blue"}, capital={"blue": ["total/blue:15"]}))
    assert kept.verdict["winner"] == "Ana" and kept.verdict["card"] is None
    assert "unknown (only the total is given)" in kept.steps[-1].en


def test_a_district_verdict_gives_the_parts_of_its_maximum() -> None:
    (tiled,) = run_queries(
        doc({"query": "district", "player": "Ana", "colour": "blue"}, agent_tiles={"blue": [3, -1], "pink": []})
    )
    assert tiled.verdict["capital"] == 15 and tiled.verdict["tiles"] == [3, -1]
    assert tiled.verdict["maximum"] == 17 and tiled.verdict["counted"] == 17 and tiled.verdict["busted"] is False
    (plain,) = run_queries(doc({"query": "district", "player": "Bob", "colour": "blue"}))
    assert (plain.verdict["capital"], plain.verdict["tiles"], plain.verdict["maximum"]) == (15, [], 15)
