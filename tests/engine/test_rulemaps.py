"""Each game's rule map covers every rule line of its documents, with real functions and tests."""

from __future__ import annotations

import ast
import importlib
from typing import Any

import pytest
import yaml

from corpus import Corpus
from tests.conftest import REPO

#: Each game's rule map and the documents it covers.
RULEMAPS = {
    "cl2": (REPO / "engine" / "cl2" / "rulemap.yaml", ("cl2-rules", "cl2-power-tiles", "cl2-expansion")),
    "root": (REPO / "engine" / "root" / "rulemap.yaml", ("root-necropossums",)),
}


@pytest.fixture(scope="module", params=sorted(RULEMAPS))
def game(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def entries(game: str) -> list[dict[str, Any]]:
    data: dict[str, list[dict[str, Any]]] = yaml.safe_load(RULEMAPS[game][0].read_text(encoding="utf-8"))
    return data["rules"]


@pytest.fixture(scope="module")
def scope(game: str, corpus: Corpus) -> dict[str, int]:
    """Section id -> number of lines, for every rules section of the game's documents."""
    found = {}
    for sid in corpus.section_ids():
        section = corpus.original(sid)
        if section.is_retrievable and section.doc in RULEMAPS[game][1]:
            found[sid] = len(section.text.splitlines())
    return found


def test_every_rule_bullet_is_mapped(scope: dict[str, int], entries: list[dict[str, Any]]) -> None:
    missing = []
    for sid, lines in scope.items():
        mine = [e for e in entries if e["section"] == sid]
        if any(e["bullet"] == "all" for e in mine):
            continue
        covered = {e["bullet"] for e in mine}
        missing += [(sid, n) for n in range(1, lines + 1) if n not in covered]
    assert missing == []


def test_entries_point_at_real_sections_and_lines(scope: dict[str, int], entries: list[dict[str, Any]]) -> None:
    for e in entries:
        assert e["section"] in scope, e
        assert e["bullet"] == "all" or 1 <= e["bullet"] <= scope[e["section"]], e


def test_each_entry_names_a_function_and_its_test_or_a_reason(entries: list[dict[str, Any]]) -> None:
    for e in entries:
        if "not_computable" in e:
            assert str(e["not_computable"]).strip() and "implements" not in e, e
            continue
        module, _, name = e["implements"].rpartition(".")
        assert callable(getattr(importlib.import_module(module), name)), e
        path, _, test = e["test"].partition("::")
        tree = ast.parse((REPO / path).read_text(encoding="utf-8"))
        assert test in {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}, e
