"""Root position files and ``arbitre check`` on them."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from engine.errors import ImpossiblePosition
from engine.root.check import run_queries
from engine.root.schema import RootPositionIn, json_schema
from engine.verdict import Verdict
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
    assert verdicts[0].verdict == {"points": 4, "uses": ["c1", "c1"], "per_ritual": 2}
    assert verdicts[1].verdict == {"warriors_removed": 4}
    assert verdicts[2].verdict == {"warriors_removed": 7}
    assert verdicts[3].verdict == {"warriors_placed_in": ["c1"], "warriors_placed": 1}
    assert verdicts[4].verdict == {"warriors": {"c1": 9, "c2": 3}, "supply": 1}


def test_the_command_dispatches_on_the_game() -> None:
    result = CliRunner().invoke(cli, ["check", "-", "--json"], input=json.dumps(POSITION))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["verdicts"][0]["steps"][0]["rule"] == "root-necropossums/cn-6-1"
    schema = CliRunner().invoke(cli, ["check", "--schema", "--game", "root"])
    assert json.loads(schema.stdout)["title"] == "RootPositionIn" == json_schema()["title"]
    assert {"RevenantQuery", "WheelQuery", "HammerQuery", "SkullQuery"} <= set(json_schema()["$defs"])
    unknown = CliRunner().invoke(cli, ["check", "-"], input=json.dumps({"game": "chess"}))
    assert unknown.exit_code == 1 and "unknown game 'chess'" in unknown.stderr


DAY = {
    "game": "root",
    "clearings": [
        {"id": "c1", "suit": "fox", "warriors": 2, "necros": ["fox"], "cemetery": "fox", "enemy_warriors": {"cats": 1}},
        {"id": "c2", "suit": "mouse", "warriors": 1, "necros": ["mouse"], "ruled": True},
        {"id": "c3", "suit": "rabbit", "cemetery": "rabbit"},
    ],
    "board": {
        "supply": 5,
        "hand": ["mouse", "mouse", "bird"],
        "markers_up": ["fox", "mouse"],
        "wheel": ["boot", "sword"],
    },
}


def day(*queries: dict[str, object]) -> list[Verdict]:
    return run_queries(RootPositionIn.model_validate({**DAY, "queries": list(queries)}))


def test_revenant_a_removed_necro_returns_to_its_cemetery_or_the_board() -> None:
    back, board, gone = day(
        {"query": "remove_necro", "suit": "fox"},
        {"query": "remove_necro", "suit": "mouse"},
        {"query": "remove_necro", "suit": "rabbit"},
    )
    assert back.verdict == {"necro": "fox", "returns_to": "cemetery", "clearing": "c1"}
    assert back.steps[0].rule == "root-necropossums/cn-2-4"
    assert board.verdict == {"necro": "mouse", "returns_to": "faction_board", "clearing": None}
    assert gone.error == "the rabbit Necro is not in play" and gone.error_fr == "le Nécro lapin n'est pas en jeu"
    (with_cemetery,) = day({"query": "remove_necro", "suit": "fox", "with_cemetery": True})
    assert with_cemetery.verdict == {"necro": "fox", "returns_to": "faction_board", "clearing": None}


def test_gravedigging_places_a_warrior_per_cemetery_two_with_a_bird_card() -> None:
    plain, bird = day({"query": "gravedigging"}, {"query": "gravedigging", "bird": True})
    assert plain.verdict == {"warriors_placed": 2, "supply": 3}
    assert bird.verdict == {"warriors_placed": 4, "supply": 1}
    assert bird.steps[0].rule == "root-necropossums/cn-4-2" and bird.steps[0].reading == "notes/fossoyer-bird-cards"


def test_gravedigging_with_no_cemetery_in_play_follows_sinister_return() -> None:
    """Aurore runs Sinistre retour (CN.4.1) before Fossoyer (CN.4.2): the Cemetery it places gets a warrior."""
    bare = {"game": "root", "clearings": [{"id": "c1", "suit": "mouse"}], "board": {"supply": 10}}
    plain, bird = run_queries(
        RootPositionIn.model_validate(
            {**bare, "board": {"supply": 10, "hand": ["bird"]}, "queries": [{"query": "gravedigging"}]}
        )
    ) + run_queries(
        RootPositionIn.model_validate(
            {**bare, "board": {"supply": 10, "hand": ["bird"]}, "queries": [{"query": "gravedigging", "bird": True}]}
        )
    )
    assert plain.verdict == {"warriors_placed": 1, "supply": 6}
    assert bird.verdict == {"warriors_placed": 2, "supply": 5}
    assert [s.rule for s in plain.steps] == [
        "root-necropossums/cn-4-1",
        "root-necropossums/cn-4-1",
        "root-necropossums/cn-4-2",
    ]
    (nowhere,) = run_queries(
        RootPositionIn.model_validate({**bare, "clearings": [], "queries": [{"query": "gravedigging"}]})
    )
    assert nowhere.missing == "clearings"


def test_the_wheel_turns_to_a_new_pair_and_uses_the_necros_marker() -> None:
    turned, same, used = day(
        {"query": "wheel", "necro": "fox", "pair": ["skull", "hammer"]},
        {"query": "wheel", "necro": "mouse", "pair": ["boot", "sword"]},
        {"query": "wheel", "necro": "rabbit", "pair": ["card", "boot"]},
    )
    assert turned.verdict == {
        "necro": "fox",
        "pair": ["skull", "hammer"],
        "performed": ["skull", "hammer"],
        "markers_up": ["mouse"],
        "pairs_allowed": 2,
    }
    assert [s.rule for s in turned.steps] == ["root-necropossums/cn-5-2-i", "root-necropossums/cn-5-2-ii"]
    assert same.error and "twice in a row" in same.error
    assert used.error == "the rabbit Necro is not in play"


def test_the_hammer_and_the_skull_say_what_is_possible_here() -> None:
    hammer_fox, hammer_mouse, skull_fox, skull_mouse = day(
        {"query": "hammer", "necro": "fox"},
        {"query": "hammer", "necro": "mouse"},
        {"query": "skull", "necro": "fox"},
        {"query": "skull", "necro": "mouse"},
    )
    assert hammer_fox.verdict == {
        "necro": "fox",
        "options": ["crafting"],
        "crafting_suits": ["fox", "rabbit", "fox", "mouse"],
    }
    assert hammer_mouse.verdict["options"] == ["crafting", "building"]
    assert skull_fox.verdict == {"necro": "fox", "possible": True}
    assert skull_mouse.verdict == {"necro": "mouse", "possible": False}
    (unknown,) = run_queries(
        RootPositionIn.model_validate({**DAY, "board": {}, "queries": [{"query": "hammer", "necro": "fox"}]})
    )
    assert unknown.missing is None
    assert unknown.verdict["options"] is None  # no hand: Building is not judged, Crafting's suits are
    assert unknown.verdict["crafting_suits"] == ["fox", "rabbit", "fox", "mouse"]


def test_a_necro_given_twice_in_a_clearing_is_refused() -> None:
    doubled = {**DAY, "clearings": [{"id": "c1", "suit": "fox", "necros": ["fox", "fox"]}]}
    with pytest.raises(ImpossiblePosition, match="one Necro of each colour, but fox appears twice"):
        RootPositionIn.model_validate(doubled).to_position()
