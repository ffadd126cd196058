"""`arbitre serve` helpers and `arbitre feedback` on an empty store."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from qa.cli import cli
from qa.cli_serve import share_cores


def test_each_worker_gets_its_share_of_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    monkeypatch.delenv("ARBITRE_ANSWERERS", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    share_cores(2)
    assert os.environ["ARBITRE_ANSWERERS"] == "4"  # one asker per core
    assert os.environ["OMP_NUM_THREADS"] == "1"  # and one engine thread per asker
    monkeypatch.delenv("OMP_NUM_THREADS")
    share_cores(2, answerers=1)
    assert os.environ["ARBITRE_ANSWERERS"] == "1"
    assert os.environ["OMP_NUM_THREADS"] == "4"  # one asker per worker: the worker's cores are its own
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    share_cores(8)
    assert os.environ["OMP_NUM_THREADS"] == "3"  # what the operator set stays
    assert os.environ["ARBITRE_ANSWERERS"] == "1"  # as set above, from the environment


def test_feedback_commands_on_an_empty_store(tmp_path: Path) -> None:
    env = {"ARBITRE_DATA_DIR": str(tmp_path)}
    stats = CliRunner().invoke(cli, ["feedback", "stats"], env=env)
    assert stats.exit_code == 0
    assert stats.output == "0 vote(s): 0 up, 0 down\n"
    bad = CliRunner().invoke(cli, ["feedback", "stats"], env={**env, "ARBITRE_FEEDBACK_DAYS": "soon"})
    assert bad.exit_code == 1
    assert "ARBITRE_FEEDBACK_DAYS must be a positive whole number, not 'soon'" in bad.output


def test_widget_snippet_pins_the_release() -> None:
    from qa.api.routes.widget import integrity, script

    found = CliRunner().invoke(cli, ["widget-snippet", "--host", "https://rules.example.org/"])
    assert found.exit_code == 0
    assert found.output == (
        f'<script src="https://rules.example.org/widget/v{script()[0]}.js" integrity="{integrity()}" '
        'crossorigin="anonymous" data-game="capital-lux-2" data-lang="auto"></script>\n'
    )
    bad = CliRunner().invoke(cli, ["widget-snippet", "--host", "rules.example.org"])
    assert bad.exit_code == 1
    assert "--host must look like https://rules.example.org, not 'rules.example.org'" in bad.output
