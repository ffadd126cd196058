"""POST /api/check: a corrected position, answered like a scenario question."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.qa.api.conftest import turn


def test_a_corrected_position_is_answered_and_cited(client: TestClient) -> None:
    first = turn(client, "Capital yellow 7+7, mine 8+5+2, bust?")
    position = first["response"]["scenario"]["position"]
    position["players"][0]["city"]["yellow"] = ["yellow:8", "yellow:5"]  # the player corrects a misread card
    response = client.post("/api/check", json={"position": position, "question": first["question"], "history": [first]})
    assert response.status_code == 200
    body = response.json()
    assert body["kind"] == "scenario" and body["lang"] == "en"
    assert body["scenario"]["verdicts"][0]["verdict"]["busted"] is False
    assert body["answer"].startswith("No")
    assert body["citations"] and body["scenario"]["position"]["players"][0]["city"]["yellow"] == [
        "yellow:8",
        "yellow:5",
    ]


def test_any_query_of_either_game(client: TestClient) -> None:
    position = {"game": "root", "clearings": [], "queries": [{"query": "ritual"}]}
    response = client.post("/api/check", json={"position": position, "lang": "fr"})
    assert response.status_code == 200
    assert response.json()["scenario"]["verdicts"][0]["verdict"]["points"] == 0


def test_a_position_the_engine_refuses_is_a_422_quoting_it(client: TestClient) -> None:
    bad_card = {
        "capital": {"purple": ["purple:7"]},
        "queries": [{"query": "maximum", "colour": "purple"}],
    }
    response = client.post("/api/check", json={"position": bad_card})
    assert response.status_code == 422
    assert response.json()["detail"].startswith("position: ") and "purple:7" in response.json()["detail"]
    unknown = client.post("/api/check", json={"position": {"game": "chess", "queries": [{"query": "mate"}]}})
    assert unknown.status_code == 422
    assert "unknown game 'chess'" in unknown.json()["detail"]
    two = client.post("/api/check", json={"position": {"game": "root", "queries": [{"query": "ritual"}] * 2}})
    assert two.status_code == 422
    assert "exactly one query" in two.json()["detail"]
