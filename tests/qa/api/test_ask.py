"""POST /api/ask: status first, then the body, then ``detail``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.qa.api.conftest import MakeClient, turn


def test_a_rules_question_gets_the_answer_contract_with_its_citation(client: TestClient) -> None:
    response = client.post("/api/ask", json={"question": "Combien rapporte un jeton Or ?"})
    assert response.status_code == 200
    body = response.json()
    assert body["kind"] == "rules" and body["lang"] == "fr" and body["game"] == "capital-lux-2"
    assert "2 points" in body["answer"]
    assert body["citations"][0]["section"] == "cl2-rules/faq/jeton-or"


def test_a_scenario_question_gets_its_typed_verdict(client: TestClient) -> None:
    response = client.post("/api/ask", json={"question": "bleu : capitale 14, moi 16, deux or (Marchand), ça passe ?"})
    assert response.status_code == 200
    scenario = response.json()["scenario"]
    assert scenario["verdicts"][0]["verdict"]["busted"] is False
    assert scenario["verdicts"][0]["verdict"]["gold_spent"] == 2
    assert {f["path"] for f in scenario["facts"]} >= {"capital.blue", "me.city.blue", "me.gold"}


def test_a_follow_up_amends_the_position_in_its_history(client: TestClient) -> None:
    first = turn(client, "Capital yellow 7+7, mine 8+5+2, bust?")
    assert first["response"]["scenario"]["verdicts"][0]["verdict"]["busted"] is True
    response = client.post("/api/ask", json={"question": "and if mine were 14 instead?", "history": [first]})
    assert response.status_code == 200
    assert response.json()["scenario"]["verdicts"][0]["verdict"]["busted"] is False


def test_lang_forces_the_answer_language_and_ui_lang_only_for_a_short_question(client: TestClient) -> None:
    forced = client.post("/api/ask", json={"question": "Combien rapporte un jeton Or ?", "lang": "en"})
    assert forced.status_code == 200 and forced.json()["lang"] == "en"
    short = client.post("/api/ask", json={"question": "Marchand ?", "ui_lang": "en"})
    assert short.status_code == 200 and short.json()["lang"] == "en"
    long = client.post("/api/ask", json={"question": "Combien rapporte un jeton Or ?", "ui_lang": "en"})
    assert long.status_code == 200 and long.json()["lang"] == "fr"


def test_five_turns_of_several_kb_each_are_admitted(client: TestClient) -> None:
    earlier = turn(client, "Combien rapporte un jeton Or ?")
    earlier["response"]["answer"] = "x" * 4000
    response = client.post("/api/ask", json={"question": "Et le Marchand ?", "history": [earlier] * 5})
    assert response.status_code == 200
    assert response.json()["kind"] in ("rules", "scenario", "clarify", "not_found")


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        ({"question": ""}, "question: String should have at least 1 character"),
        ({"question": "   "}, "question: the question is empty"),
        ({"question": "x" * 1001}, "question: String should have at most 1000 characters"),
        ({"question": "Or ?\x07"}, "question: control character '\\x07' (U+0007) is not allowed"),
        ({"question": "Or ?", "game": "chess"}, "game: unknown game 'chess'"),
        ({"question": "Or ?", "lang": "de"}, "lang: Input should be 'fr' or 'en'"),
        ({"question": 42}, "question: Input should be a valid string"),
        ({"question": "Or ?", "history": [{"question": "q"}]}, "history.0.response: Field required"),
        ({"question": "Or ?", "history": "none"}, "history: Input should be a valid list"),
        ({"question": "Or ?", "colour": "blue"}, "colour: Extra inputs are not permitted"),
        ({}, "question: Field required"),
    ],
)
def test_bad_input_gets_422_with_a_detail_that_says_where(client: TestClient, body: object, detail: str) -> None:
    response = client.post("/api/ask", json=body)
    assert response.status_code == 422
    assert response.json()["detail"].startswith(detail)


def test_a_history_over_the_limit_is_refused(make_client: MakeClient) -> None:
    client = make_client(max_history=2)
    earlier = turn(client, "Combien rapporte un jeton Or ?")
    response = client.post("/api/ask", json={"question": "Et alors ?", "history": [earlier] * 3})
    assert response.status_code == 422
    assert response.json()["detail"] == "history: 3 turns; the limit is 2"


def test_invalid_json_and_other_content_types(client: TestClient) -> None:
    broken = client.post("/api/ask", content=b'{"question": ', headers={"content-type": "application/json"})
    assert broken.status_code == 422
    assert broken.json()["detail"].startswith("the body is not valid JSON")
    form = client.post("/api/ask", data={"question": "Or ?"})
    assert form.status_code == 415
    assert "application/x-www-form-urlencoded" in form.json()["detail"]


def test_a_body_over_the_limit_is_refused_before_it_is_read(make_client: MakeClient) -> None:
    client = make_client(max_body=2000)
    stated = client.post("/api/ask", json={"question": "x" * 3000})
    assert stated.status_code == 413
    assert stated.json()["detail"] == "the body is 3015 bytes; the limit is 2000"

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body comes in chunks
        yield b'{"question": "'
        for _ in range(10):
            yield b"x" * 500
        yield b'"}'

    chunked = client.post("/api/ask", content=chunks(), headers={"content-type": "application/json"})
    assert chunked.status_code == 413
    assert chunked.json()["detail"] == "the body is over the limit of 2000 bytes"


def test_text_is_never_html(client: TestClient) -> None:
    response = client.post("/api/ask", json={"question": "<script>alert(1)</script> Marchand ?"})
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.json()["question"] == "<script>alert(1)</script> Marchand ?"
