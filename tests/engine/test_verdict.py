"""Every query type round-trips: the query through its position file's JSON, the verdict through its JSON form."""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cl2.check import run_queries as cl2_run
from engine.cl2.queries import Query
from engine.cl2.schema import PositionIn
from engine.errors import EngineError
from engine.games import find_engine
from engine.root.check import run_queries as root_run
from engine.root.schema import RootPositionIn, RootQuery
from engine.verdict import RESULTS, Verdict, verdict_schema

COLOURS = st.sampled_from(["blue", "pink", "yellow", "green"])
SUITS = st.sampled_from(["fox", "mouse", "rabbit"])
ACTIONS = st.sampled_from(["boot", "sword", "card", "skull", "hammer"])
PLAYERS = st.sampled_from(["Ana", "Bob"])
CLEARINGS = st.sampled_from(["c1", "c2", "c3"])
CARDS = st.builds(lambda c, v: f"{c}:{v}", COLOURS, st.integers(0, 8))
TILES = st.sampled_from(["=12", "=14", "=16", "=18", "blue=pink", "yellow=green"])


def q(name: str, may: tuple[str, ...] = (), **fields: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A query ``name``: its ``fields``, those named in ``may`` being optional (they have a default)."""
    need = {"query": st.just(name)} | {k: v for k, v in fields.items() if k not in may}
    return st.fixed_dictionaries(need, optional={k: v for k, v in fields.items() if k in may})


#: One strategy per query type of every engine (a test below checks that none is left out).
CL2 = {
    "maximum": q("maximum", colour=COLOURS),
    "district": q("district", ("spend",), player=PLAYERS, colour=COLOURS, spend=st.booleans()),
    "gold_needed": q("gold_needed", player=PLAYERS, colour=COLOURS),
    "bonus": q("bonus", colour=COLOURS),
    "round_end": q("round_end", ("colours",), colours=st.lists(COLOURS, unique=True)),
    "score": q("score", player=PLAYERS),
    "winners": q("winners"),
    "legal_plays": q("legal_plays", card=CARDS),
    "deal": q("deal", ("undercover",), players=st.integers(1, 5), undercover=st.booleans()),
    "play": q(
        "play",
        ("into", "give", "on", "district", "take", "target", "tile", "keep"),
        player=PLAYERS,
        card=CARDS,
        into=COLOURS,
        give=CARDS,
        on=CARDS,
        district=COLOURS,
        take=CARDS,
        target=COLOURS,
        tile=TILES,
        keep=st.booleans(),
    ),
    "architect_claim": q("architect_claim", ("tile",), player=PLAYERS, tile=TILES),
    "swap": q(
        "swap",
        player=PLAYERS,
        tile=st.sampled_from(["blue/pink", "yellow/green"]),
        colour=COLOURS,
        city_card=CARDS,
        capital_card=CARDS,
    ),
}
ROOT = {
    "ritual": q("ritual"),
    "remove_cemetery": q("remove_cemetery", suit=SUITS),
    "battle_losses": q("battle_losses", clearing=CLEARINGS, hits=st.integers(0, 9)),
    "after_battle": q(
        "after_battle",
        ("necro_removed", "cemetery_removed", "choice"),
        clearing=CLEARINGS,
        enemy_warriors_removed=st.integers(0, 4),
        necro_removed=st.booleans(),
        cemetery_removed=st.booleans(),
        choice=CLEARINGS,
    ),
    "birdsong": q("birdsong", ("bird", "choice"), bird=st.booleans(), choice=CLEARINGS),
    "gravedigging": q("gravedigging", ("bird",), bird=st.booleans()),
    "remove_necro": q("remove_necro", ("with_cemetery",), suit=SUITS, with_cemetery=st.booleans()),
    "wheel": q("wheel", necro=SUITS, pair=st.tuples(ACTIONS, ACTIONS).map(list)),
    "hammer": q("hammer", necro=SUITS),
    "skull": q("skull", necro=SUITS),
}
CL2_TABLE = {
    "configuration": "A",
    "players": [
        {"name": n, "city": {c: [f"{c}:{v}"] for c in ("blue", "pink", "yellow", "green")}, "gold": 1, "bonus": []}
        for n, v in (("Ana", 4), ("Bob", 6))
    ],
    "capital": {c: [f"{c}:5", f"{c}:1"] for c in ("blue", "pink", "yellow", "green")},
    "agent_tiles": {"blue": [1], "pink": [], "yellow": [], "green": []},
    "agent_stack": [2],
    "deck_top": ["green:3"],
}
ROOT_MAP = {
    "game": "root",
    "clearings": [
        {"id": "c1", "suit": "fox", "warriors": 6, "necros": ["fox"], "cemetery": "fox", "enemy_warriors": {"cats": 2}},
        {"id": "c2", "suit": "mouse", "warriors": 2, "necros": ["mouse"], "ruled": True},
        {"id": "c3", "suit": "rabbit", "enemy_buildings": {"cats": 1}},
    ],
    "board": {
        "supply": 7,
        "hand": ["mouse", "mouse", "bird"],
        "markers_up": ["fox", "mouse"],
        "wheel": ["boot", "sword"],
    },
}


def names(union: Any) -> set[str]:
    return {get_args(model.model_fields["query"].annotation)[0] for model in get_args(get_args(union)[0])}


def test_every_query_type_has_a_strategy_and_a_result_type() -> None:
    assert names(Query) == set(CL2)
    assert names(RootQuery) == set(ROOT)
    assert set(RESULTS) == set(CL2) | set(ROOT)
    assert set(verdict_schema()) == set(RESULTS)


def round_trip(verdict: Verdict) -> None:
    assert Verdict.from_dict(json.loads(json.dumps(verdict.to_dict()))) == verdict


@pytest.mark.parametrize("name", sorted(CL2))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_capital_lux_queries_round_trip(name: str, data: st.DataObject) -> None:
    document = PositionIn.model_validate({**CL2_TABLE, "queries": [data.draw(CL2[name])]})
    assert PositionIn.model_validate_json(document.model_dump_json()) == document
    (verdict,) = cl2_run(document)
    assert verdict.query == name and (verdict.result is not None) != bool(verdict.error)
    round_trip(verdict)


@pytest.mark.parametrize("name", sorted(ROOT))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_root_queries_round_trip(name: str, data: st.DataObject) -> None:
    document = RootPositionIn.model_validate({**ROOT_MAP, "queries": [data.draw(ROOT[name])]})
    assert RootPositionIn.model_validate_json(document.model_dump_json()) == document
    (verdict,) = root_run(document)
    assert verdict.query == name and (verdict.result is not None) != bool(verdict.error)
    round_trip(verdict)


@pytest.mark.parametrize("name", sorted(RESULTS))
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_every_result_type_round_trips_through_json(name: str, data: st.DataObject) -> None:
    found = data.draw(st.from_type(RESULTS[name]))
    round_trip(Verdict(name, found))


def test_an_unknown_query_is_refused_quoting_it() -> None:
    with pytest.raises(EngineError, match="unknown query 'teleport'"):
        Verdict.from_dict({"query": "teleport", "verdict": {}})


def test_the_json_form_names_every_part() -> None:
    (verdict,) = find_engine("cl2").check(
        json.dumps({**CL2_TABLE, "queries": [{"query": "maximum", "colour": "blue"}]})
    )
    assert verdict.to_dict() == {
        "query": "maximum",
        "verdict": {"colour": "blue", "maximum": 7, "capital": 6, "tiles": [1]},
        "missing": None,
        "error": None,
        "error_fr": None,
        "steps": [
            {
                "rule": "cl2-rules/faq/depasser-la-capitale",
                "fr": "MAXIMUM bleu = total du district bleu de la Capitale = 6",
                "en": "blue MAXIMUM = the Capital's blue district total = 6",
                "reading": "notes/maximum-undefined",
            },
            {
                "rule": "cl2-power-tiles/config-a/agent",
                "fr": "tuiles Agent révélées : MAXIMUM bleu = 6 + 1 = 7",
                "en": "revealed Agent tiles: blue MAXIMUM = 6 + 1 = 7",
                "reading": None,
            },
        ],
    }
    (missing,) = find_engine("cl2").check(json.dumps({"queries": [{"query": "maximum", "colour": "pink"}]}))
    assert missing.to_dict()["verdict"] is None and missing.missing == "capital.pink"
