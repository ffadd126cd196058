"""The asker pool: one asker per answering thread, lent first come, first served."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from qa.api.main import create_app
from qa.api.pool import AskerPool
from qa.feedback import FeedbackStore
from qa.settings import Settings


class Busy:
    """A fake asker that holds its answer until released, and records who answered."""

    def __init__(self, name: str, started: threading.Semaphore, release: threading.Event) -> None:
        self.name, self.started, self.release = name, started, release
        self.corpus = None

    def ask(self, question: str, **_: Any) -> str:
        self.started.release()
        if not self.release.wait(10):
            raise TimeoutError(question)
        if question == "boom":
            raise RuntimeError(question)
        return f"{self.name}:{question}"


def _pool(size: int) -> tuple[AskerPool, threading.Semaphore, threading.Event]:
    started, release = threading.Semaphore(0), threading.Event()
    return AskerPool([Busy(f"a{k}", started, release) for k in range(size)]), started, release


def test_two_askers_answer_two_questions_at_once() -> None:
    pool, started, release = _pool(2)
    with ThreadPoolExecutor(2) as threads:
        futures = [threads.submit(pool.ask, q) for q in ("un", "deux")]
        assert started.acquire(timeout=5) and started.acquire(timeout=5)  # both began before either ended
        release.set()
        assert sorted(f.result().split(":")[0] for f in futures) == ["a0", "a1"]  # each asker answered one


def test_one_asker_answers_one_question_at_a_time() -> None:
    pool, started, release = _pool(1)
    with ThreadPoolExecutor(2) as threads:
        futures = [threads.submit(pool.ask, q) for q in ("un", "deux")]
        assert started.acquire(timeout=5)
        assert not started.acquire(timeout=0.3)  # the second question waits for the asker
        release.set()
        assert [f.result() for f in futures] == ["a0:un", "a0:deux"]


def test_an_asker_that_fails_goes_back_to_the_pool() -> None:
    pool, _, release = _pool(1)
    release.set()
    with pytest.raises(RuntimeError, match="boom"):
        pool.ask("boom")
    assert pool.ask("encore") == "a0:encore"


def test_an_empty_pool_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one asker"):
        AskerPool([])


def test_a_process_loads_as_many_askers_as_the_settings_say(tmp_path: Path) -> None:
    loaded: list[Settings] = []
    ready = threading.Event()

    def load(settings: Settings) -> Any:
        loaded.append(settings)
        if len(loaded) == 3:
            ready.set()
        return Busy(f"a{len(loaded)}", threading.Semaphore(0), threading.Event())

    settings = Settings(data_dir=tmp_path, answerers=3)
    app = create_app(settings, store=FeedbackStore(tmp_path / "f.sqlite3"), load_asker=load)
    with TestClient(app):
        assert ready.wait(5)
        for _ in range(100):
            if app.state.services.asker is not None:
                break
            threading.Event().wait(0.05)
    assert len(app.state.services.asker) == 3
    assert len(loaded) == 3
