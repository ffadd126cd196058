"""GET /api/health, /api/games and /api/schema/position."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from qa.api.main import create_app
from qa.ask import Asker
from qa.feedback import FeedbackStore
from qa.settings import Settings


def test_health_is_503_until_the_asker_is_loaded_then_200(asker: Asker, tmp_path: Path) -> None:
    release = threading.Event()

    def slow(settings: Settings) -> Any:
        release.wait(30)
        return asker

    app = create_app(asker.settings, store=FeedbackStore(tmp_path / "f.sqlite3"), load_asker=slow)
    with TestClient(app) as client:
        starting = client.get("/api/health")
        assert starting.status_code == 503
        assert starting.json()["status"] == "starting"
        early = client.post("/api/ask", json={"question": "Combien rapporte un jeton Or ?"})
        assert early.status_code == 503 and early.headers["retry-after"] == "5"
        release.set()
        for _ in range(100):
            ready = client.get("/api/health")
            if ready.status_code == 200:
                break
            threading.Event().wait(0.05)
        assert ready.status_code == 200
        assert ready.json() == {
            "status": "ok",
            "detail": None,
            "index": asker.index.name,
            "engines": ["capital-lux-2", "root"],
        }


def test_an_index_that_cannot_load_is_said_at_once(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    def broken(settings: Settings) -> Any:
        raise RuntimeError(f"no current index in {settings.data_dir}")

    settings = Settings(data_dir=tmp_path)
    with TestClient(create_app(settings, load_asker=broken)) as client:
        for _ in range(100):
            found = client.get("/api/health")
            if found.json()["status"] == "failed":
                break
            threading.Event().wait(0.05)
    assert found.status_code == 503
    assert found.json()["detail"] == f"RuntimeError: no current index in {tmp_path}"
    assert f"cannot load the index: RuntimeError: no current index in {tmp_path}" in caplog.text


def test_a_store_that_cannot_open_stops_start_up_with_its_path(tmp_path: Path) -> None:
    (tmp_path / "feedback.sqlite3").mkdir()  # a folder where the file should be
    app = create_app(Settings(data_dir=tmp_path), load_asker=lambda s: None)
    with pytest.raises(Exception, match="cannot open the feedback store"), TestClient(app):
        pass


def test_games_list_documents_languages_and_suggested_questions(client: TestClient) -> None:
    response = client.get("/api/games")
    assert response.status_code == 200
    games = {g["id"]: g for g in response.json()}
    assert set(games) == {"capital-lux-2", "root"}
    assert [d["id"] for d in games["root"]["documents"]] == ["root-necropossums"]
    assert games["capital-lux-2"]["languages"] == ["fr", "en"] and games["root"]["engine"] is True
    assert all(len(g["suggested"]["fr"]) >= 2 and len(g["suggested"]["en"]) >= 2 for g in games.values())


def test_every_suggested_question_gets_an_answer(client: TestClient) -> None:
    for game in client.get("/api/games").json():
        for lang, questions in game["suggested"].items():
            for question in questions:
                response = client.post("/api/ask", json={"question": question})
                assert response.status_code == 200
                body = response.json()
                assert body["kind"] in ("rules", "scenario"), (question, body["answer"])
                assert body["lang"] == lang and body["game"] == game["id"], question
                assert body["citations"], question


def test_the_position_schema_of_each_game(client: TestClient) -> None:
    root = client.get("/api/schema/position", params={"game": "Nécropossums"})
    assert root.status_code == 200
    assert "clearings" in root.json()["properties"]
    unknown = client.get("/api/schema/position", params={"game": "chess"})
    assert unknown.status_code == 422
    assert unknown.json()["detail"].startswith("game: unknown game 'chess'")
