"""The same index code against a real Chroma server (``chroma run``) on loopback."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from corpus import load_corpus
from qa.embeddings import E5Embeddings
from qa.index import SectionIndex
from qa.settings import Settings
from qa.store import StoreError, chroma_client
from tests.utils import DOC_EN, write


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    chroma = shutil.which("chroma", path=str(Path(sys.executable).parent))
    assert chroma, "the chroma command (from the chromadb package) is not installed"
    port = free_port()
    path = tmp_path_factory.mktemp("chroma-server")
    log = (path / "server.log").open("w")
    proc = subprocess.Popen(
        [chroma, "run", "--path", str(path / "db"), "--host", "127.0.0.1", "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/api/v2/heartbeat", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None, (path / "server.log").read_text()
            assert time.monotonic() < deadline, "chroma server did not start in 60 s"
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


def test_index_and_query_through_a_chroma_server(chroma_server: str, tmp_path: Path, embeddings: E5Embeddings) -> None:
    corpus = load_corpus(write(tmp_path / "corpus", **{"demo-doc.en.yaml": DOC_EN}))
    settings = Settings(data_dir=tmp_path / "unused", chroma_url=chroma_server)
    index = SectionIndex(corpus, embeddings, settings)
    info = index.ensure()
    assert info.built and info.count == 2
    hits = index.search(embeddings.embed_query("How many cards does each player get?"), lang="en", games=None, k=3)
    assert hits[0][0] == "demo-doc/setup/cards" and 0.5 < hits[0][1] <= 1.0  # a cosine similarity
    again = SectionIndex(corpus, embeddings, settings).ensure()
    assert again.built is False
    assert not (tmp_path / "unused").exists()  # nothing written locally in server mode


def test_unreachable_server_is_a_clear_error(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(StoreError, match=f"cannot reach the Chroma server at '{url}'"):
        chroma_client(Settings(data_dir=tmp_path, chroma_url=url))


def test_bad_server_url_is_quoted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITRE_CHROMA_URL", "localhost:8000")
    with pytest.raises(ValueError, match="ARBITRE_CHROMA_URL must look like http://host:port, not 'localhost:8000'"):
        Settings.from_env()


def test_embedded_store_lives_in_the_data_dir_with_telemetry_off(tmp_path: Path) -> None:
    client = chroma_client(Settings(data_dir=tmp_path / "data"))
    assert client.get_settings().anonymized_telemetry is False
    assert (tmp_path / "data" / "chroma").is_dir()


def test_data_dir_can_be_moved_by_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ARBITRE_DATA_DIR", str(tmp_path / "elsewhere"))
    assert Settings.from_env().data_dir == tmp_path / "elsewhere"
    monkeypatch.delenv("ARBITRE_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert Settings.from_env().data_dir == tmp_path / "xdg" / "arbitre"
