"""Root position files and ``arbitre check`` on them."""

from __future__ import annotations

import json

from click.testing import CliRunner

from engine.root.check import run_queries
from engine.root.schema import RootPositionIn, json_schema
from qa.cli import cli

POSITION = {
    "game": "root",
    "clearings": [
        {"id": "c1", "suit": "fox", "warriors": 7, "necros": ["fox"], "cemetery": "fox", "enemy_warriors": {"cats": 1}},
        {"id": "c2", "suit": "mouse", "warriors": 1, "cemetery": "mouse"},
    ],
    "board": {"supply": 5, "hand": ["bird"]},
    "queries": [
        {"query": "ritual"},
        {"query": "remove_cemetery", "suit": "fox"},
        {"query": "battle_losses", "clearing": "c1", "hits": 8},
        {"query": "after_battle", "clearing": "c1", "enemy_warriors_removed": 2},
        {"query": "birdsong", "bird": True},
    ],
}


def test_every_root_query_runs() -> None:
    verdicts = run_queries(RootPositionIn.model_validate(POSITION))
    assert verdicts[0].verdict == {"points": 4, "uses": ["c1", "c1"]}
    assert verdicts[1].verdict == {"warriors_removed": 4}
    assert verdicts[2].verdict == {"warriors_removed": 7}
    assert verdicts[3].verdict == {"warriors_placed_in": ["c1"]}
    assert verdicts[4].verdict == {"warriors": {"c1": 9, "c2": 3}, "supply": 1}


def test_the_command_dispatches_on_the_game() -> None:
    result = CliRunner().invoke(cli, ["check", "-", "--json"], input=json.dumps(POSITION))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["verdicts"][0]["steps"][0]["rule"] == "root-necropossums/cn-6-1"
    schema = CliRunner().invoke(cli, ["check", "--schema", "--game", "root"])
    assert json.loads(schema.stdout)["title"] == "RootPositionIn" == json_schema()["title"]
    unknown = CliRunner().invoke(cli, ["check", "-"], input=json.dumps({"game": "chess"}))
    assert unknown.exit_code == 1 and "unknown game 'chess'" in unknown.stderr
