"""``arbitre check``: position files through the command line."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from qa.cli import cli

POSITION = {
    "players": [{"name": "Ana", "city": {"blue": ["blue:9", "blue:8"]}, "gold": 2}],
    "capital": {"blue": ["blue:15"]},
    "powers": {"blue": "agent", "yellow": "marchand"},
    "agent_tiles": {"blue": []},
    "queries": [{"query": "district", "player": "Ana", "colour": "blue"}],
}


def test_check_a_file(tmp_path: Path) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(POSITION), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "district: player=Ana, colour=blue, total=17, maximum=15, gold_spent=2, busted=False, capital=15, tiles=[],"
        " counted=17"
    )
    assert lines[2] == "  2. Ana spends 2 gold: blue MAXIMUM for Ana = 15 + 2 = 17 [cl2-power-tiles/config-a/marchand]"


def test_check_standard_input_in_french_as_json() -> None:
    result = CliRunner().invoke(cli, ["check", "-", "--json", "--lang", "fr"], input=json.dumps(POSITION))
    assert result.exit_code == 0
    (verdict,) = json.loads(result.stdout)["verdicts"]
    assert verdict["verdict"]["busted"] is False
    assert verdict["steps"][0]["fr"] == "MAXIMUM bleu = total du district bleu de la Capitale = 15"


def test_a_missing_fact_exits_4_and_names_it() -> None:
    position = {**POSITION, "queries": [{"query": "maximum", "colour": "pink"}]}
    result = CliRunner().invoke(cli, ["check", "-"], input=json.dumps(position))
    assert result.exit_code == 4
    assert result.stdout.strip() == "maximum: missing fact 'capital.pink'"


def test_invalid_files_are_quoted() -> None:
    result = CliRunner().invoke(cli, ["check", "-"], input=json.dumps({**POSITION, "capital": {"blue": ["blue7"]}}))
    assert result.exit_code == 1
    assert "invalid position file '<stdin>': capital.blue.0" in result.stderr
    assert "'blue7'" in result.stderr
    impossible = {**POSITION, "agent_tiles": {"blue": [1]}, "powers": {"yellow": "marchand"}}
    result = CliRunner().invoke(cli, ["check", "-"], input=json.dumps(impossible))
    assert result.exit_code == 1
    assert "impossible position in '<stdin>': Agent tiles are given but the Agent is not in play" in result.stderr


def test_schema_is_printed() -> None:
    result = CliRunner().invoke(cli, ["check", "--schema"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["title"] == "PositionIn"


def test_the_verdict_schema_is_printed_per_query() -> None:
    result = CliRunner().invoke(cli, ["check", "--verdicts"])
    assert result.exit_code == 0
    schemas = json.loads(result.stdout)
    assert schemas["district"]["properties"]["busted"] == {"title": "Busted", "type": "boolean"}
    assert {"play", "swap", "architect_claim", "remove_necro", "wheel", "hammer", "skull"} <= set(schemas)


def test_schema_by_any_game_name_and_an_unknown_one_quoted() -> None:
    result = CliRunner().invoke(cli, ["check", "--schema", "--game", "Nécropossums"])
    assert result.exit_code == 0 and json.loads(result.stdout)["title"] == "RootPositionIn"
    result = CliRunner().invoke(cli, ["check", "--schema", "--game", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.stderr


def test_a_french_power_name_is_read_and_the_verdict_names_the_id() -> None:
    play = {**POSITION, "powers": {"yellow": "Marchand", "blue": "none"}, "agent_tiles": {}}
    play["queries"] = [{"query": "play", "player": "Ana", "card": "yellow:2"}]
    play["capital"] = {"yellow": []}
    result = CliRunner().invoke(cli, ["check", "-", "--json"], input=json.dumps(play))
    assert result.exit_code == 0, result.output
    (verdict,) = json.loads(result.stdout)["verdicts"]
    found = verdict["verdict"]
    assert {k: found[k] for k in ("player", "card", "power", "applied", "extra_turn")} == {
        "player": "Ana",
        "card": "yellow:2",
        "power": "merchant",
        "applied": True,
        "extra_turn": False,
    }
