"""Shared fixtures: the real corpus, the seed files, and an isolated data directory."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from corpus import Corpus, load_corpus

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No test reads or writes the user's data folder, nor reaches a model hub."""
    monkeypatch.setenv("ARBITRE_DATA_DIR", str(tmp_path_factory.mktemp("arbitre-data")))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.delenv("ARBITRE_GAME", raising=False)
    monkeypatch.delenv("ARBITRE_LANG", raising=False)
    yield


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    """The corpus shipped with the package."""
    return load_corpus()


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """The original rule documents (``../shared/seeds`` beside the repository, or ``ARBITRE_SEEDS``)."""
    path = Path(os.environ.get("ARBITRE_SEEDS", REPO.parent / "shared" / "seeds"))
    if not (path / "README.md").is_file():
        pytest.fail(f"seed documents not found in {path}: put ../shared beside the repository or set ARBITRE_SEEDS")
    return path
