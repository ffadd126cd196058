"""Finding a game's engine by name, and each engine against the corpus's games."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from corpus import Corpus
from engine.errors import EngineError, ImpossiblePosition
from engine.games import ENGINES, declared_game, find_engine


def test_every_engine_is_a_corpus_game_found_by_each_of_its_aliases(corpus: Corpus) -> None:
    for engine in ENGINES:
        game = corpus.games[engine.game]
        for name in (game.id, *game.aliases):
            assert find_engine(name) is engine, name


@pytest.mark.parametrize("name", ["Capital Lux 2", "CL2", "nécropossums", " Root "])
def test_names_are_read_without_case_or_accents(name: str) -> None:
    assert find_engine(name).game in ("capital-lux-2", "root")


def test_an_unknown_game_is_quoted_with_the_engines() -> None:
    with pytest.raises(EngineError, match=r"unknown game 'chess' .*; engines: capital-lux-2, root"):
        find_engine("chess")


def test_the_declared_game_defaults_to_capital_lux() -> None:
    assert declared_game('{"game": "root"}') == "root"
    assert declared_game("{}") == declared_game("not json") == declared_game("[1]") == "capital-lux-2"


def test_an_engine_reads_checks_and_refuses_what_cannot_be() -> None:
    engine = find_engine("capital-lux-2")
    assert engine.schema()["title"] == "PositionIn"
    with pytest.raises(ValidationError):
        engine.read(json.dumps({"players": [{"name": "Ana", "gold": -1}]}))
    with pytest.raises(ImpossiblePosition, match="Agent tiles are given but the Agent is not in play"):
        engine.read(json.dumps({"agent_tiles": {"blue": [1]}}))
