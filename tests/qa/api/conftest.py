"""The API over the real asker and index (loaded once for the session), with a fresh feedback store per test."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from qa.api.main import create_app
from qa.ask import Asker
from qa.feedback import FeedbackStore

MakeClient = Callable[..., TestClient]


@pytest.fixture
def make_client(asker: Asker, tmp_path: Path) -> Iterator[MakeClient]:
    """A client for an app with the given settings changes (rate limit off unless given)."""
    opened: list[TestClient] = []

    def make(**changes: Any) -> TestClient:
        static = tmp_path / "static"
        static.mkdir(exist_ok=True)
        (static / "widget.js").write_text("console.log('arbitre');\n")
        base = dataclasses.replace(asker.settings, rate_limit=None, static_dir=static, data_dir=tmp_path / "data")
        settings = dataclasses.replace(base, **changes)
        store = FeedbackStore(tmp_path / "feedback.sqlite3")
        client = TestClient(create_app(settings, asker=asker, store=store))
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in opened:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: MakeClient) -> TestClient:
    return make_client()


def turn(client: TestClient, question: str) -> dict[str, Any]:
    """One earlier turn, as a client keeps it: the question and the answer contract it got."""
    response = client.post("/api/ask", json={"question": question})
    assert response.status_code == 200
    return {"question": question, "response": response.json()}
