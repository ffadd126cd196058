"""Serving past one machine: a real `chroma run` holding an index built once (copied, never re-embedded), and two
`arbitre serve` instances against it, each asked in turn. What is tested is the topology, not retrieval: the index
and the instances use the hash embedder (no model to load), and each instance must find the index as it is."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from qa.embeddings import HASH
from tests.qa.test_store_server import free_port


def _wait(url: str, proc: subprocess.Popen[bytes], log: Path, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        assert proc.poll() is None, log.read_text()
        assert time.monotonic() < deadline, f"{url} not ready in {seconds} s:\n{log.read_text()}"
        time.sleep(0.5)


@pytest.fixture(scope="module")
def chroma_with_index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Chroma server over a copy of an embedded store that holds a built index (the hash embedder's)."""
    chroma = shutil.which("chroma", path=str(Path(sys.executable).parent))
    assert chroma, "the chroma command (from the chromadb package) is not installed"
    path = tmp_path_factory.mktemp("chroma-deploy")
    arbitre = shutil.which("arbitre", path=str(Path(sys.executable).parent))
    assert arbitre
    env = {**os.environ, "ARBITRE_DATA_DIR": str(path / "built"), "ARBITRE_EMBEDDINGS": HASH}
    built = subprocess.run([arbitre, "index"], env=env, capture_output=True, text=True, timeout=300, check=False)
    # built in a process of its own, so that this one never holds a second asker
    assert built.returncode == 0 and " built in " in built.stderr + built.stdout, built.stderr
    shutil.copytree(path / "built" / "chroma", path / "db")
    port = free_port()
    log = path / "chroma.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [chroma, "run", "--path", str(path / "db"), "--host", "127.0.0.1", "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            _wait(f"{url}/api/v2/heartbeat", proc, log, 60)
            yield url
        finally:
            proc.terminate()
            proc.wait(timeout=20)


def test_two_instances_answer_from_one_chroma_server(chroma_with_index: str, tmp_path: Path) -> None:
    arbitre = shutil.which("arbitre", path=str(Path(sys.executable).parent))
    assert arbitre
    instances = []
    try:
        for k in range(2):
            data = tmp_path / f"instance-{k}"  # an empty data folder: the index is the server's
            env = {**os.environ, "ARBITRE_DATA_DIR": str(data), "ARBITRE_CHROMA_URL": chroma_with_index}
            env["ARBITRE_EMBEDDINGS"] = HASH
            env["ARBITRE_RATE_LIMIT"] = "off"
            port = free_port()
            log = tmp_path / f"serve-{k}.log"
            with log.open("w") as out:
                proc = subprocess.Popen(
                    [arbitre, "serve", "--port", str(port)], env=env, stdout=out, stderr=subprocess.STDOUT
                )
            instances.append((f"http://127.0.0.1:{port}", proc, log))
        for url, proc, log in instances:
            _wait(f"{url}/api/health", proc, log)
            assert "is up to date" in log.read_text()  # the instance found the index: nothing was embedded
        questions = ["Combien rapporte un jeton Or ?", "How many points does a Ritual score?"]
        for url, _, _ in instances:
            for question in questions:
                response = httpx.post(f"{url}/api/ask", json={"question": question}, timeout=60)
                assert response.status_code == 200
                assert response.json()["kind"] == "rules" and response.json()["citations"]
            health = httpx.get(f"{url}/api/health").json()
            assert health["status"] == "ok"
    finally:
        for _, proc, _ in instances:
            proc.terminate()
            proc.wait(timeout=30)
