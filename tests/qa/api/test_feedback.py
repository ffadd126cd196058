"""POST /api/feedback and the store behind it: every vote kept, as it came, with nothing about the person."""

from __future__ import annotations

import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import yaml
from click.testing import CliRunner
from fastapi.testclient import TestClient

from qa.cli import cli
from qa.feedback import FeedbackStore, draft_cases
from tests.qa.api.conftest import MakeClient, turn


def test_a_vote_is_stored_with_the_answer_as_it_came(client: TestClient, tmp_path: Path) -> None:
    answer = turn(client, "bleu : capitale 14, moi 16, deux or (Marchand), ça passe ?")["response"]
    response = client.post("/api/feedback", json={"vote": "down", "comment": "wrong colour", "answer": answer})
    assert response.status_code == 201
    assert response.json()["id"] >= 1
    (row,) = FeedbackStore(tmp_path / "feedback.sqlite3").rows()
    assert (row.vote, row.comment, row.question, row.kind) == ("down", "wrong colour", answer["question"], "scenario")
    assert row.contract["scenario"]["facts"] == answer["scenario"]["facts"]
    assert row.steps and row.steps == tuple(answer["scenario"]["verdicts"][0]["steps"])
    assert list(row.citations) == [c["section"] for c in answer["citations"]]


def test_a_vote_on_something_that_is_not_an_answer_is_refused(client: TestClient) -> None:
    response = client.post("/api/feedback", json={"vote": "meh", "answer": {"question": "q"}})
    assert response.status_code == 422
    assert response.json()["detail"].startswith("vote: Input should be 'up' or 'down'")


def test_200_concurrent_votes_give_200_rows(client: TestClient, tmp_path: Path) -> None:
    answer = turn(client, "Combien rapporte un jeton Or ?")["response"]

    def vote(k: int) -> int:
        body = {"vote": "up" if k % 2 else "down", "comment": f"vote {k}", "answer": answer}
        return client.post("/api/feedback", json=body).status_code

    with ThreadPoolExecutor(max_workers=32) as pool:
        statuses = list(pool.map(vote, range(200)))
    assert statuses == [201] * 200
    rows = FeedbackStore(tmp_path / "feedback.sqlite3").rows()
    assert sorted(r.comment or "" for r in rows) == sorted(f"vote {k}" for k in range(200))


def test_no_address_or_header_is_stored(client: TestClient, tmp_path: Path) -> None:
    answer = turn(client, "Combien rapporte un jeton Or ?")["response"]
    headers = {"X-Forwarded-For": "203.0.113.7", "User-Agent": "secret-agent/1.0"}
    assert client.post("/api/feedback", json={"vote": "up", "answer": answer}, headers=headers).status_code == 201
    with sqlite3.connect(tmp_path / "feedback.sqlite3") as db:
        columns = [r[1] for r in db.execute("PRAGMA table_info(feedback)")]
        dump = "\n".join(db.iterdump())
    assert columns == [
        "id", "created", "vote", "comment", "question", "answer", "kind", "citations", "steps", "contract"
    ]  # fmt: skip
    assert "203.0.113.7" not in dump and "testclient" not in dump and "secret-agent" not in dump


def test_old_rows_are_purged_and_the_store_is_in_wal_mode(tmp_path: Path) -> None:
    store = FeedbackStore(tmp_path / "f.sqlite3", retention_days=30)
    contract = {"question": "q", "answer": "a", "kind": "rules", "citations": []}
    store.add("up", None, contract, now=0.0)
    store.add("down", None, contract)
    assert store.purge() == 1
    assert [r.vote for r in store.rows()] == ["down"]
    with sqlite3.connect(tmp_path / "f.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_export_writes_thumbs_down_as_draft_cases_and_stats_counts(make_client: MakeClient, tmp_path: Path) -> None:
    client = make_client()
    rules = turn(client, "Combien rapporte un jeton Or ?")["response"]
    scenario = turn(client, "Capital yellow 7+7, mine 8+5+2, bust?")["response"]
    for vote, answer in (("down", rules), ("down", scenario), ("up", rules)):
        assert client.post("/api/feedback", json={"vote": vote, "answer": answer}).status_code == 201
    drafts = draft_cases(FeedbackStore(tmp_path / "feedback.sqlite3").rows("down"))
    assert [d["lang"] for d in drafts] == ["fr", "en"]
    assert drafts[0]["question"] == rules["question"] and "TODO" in drafts[0]["facts"]
    assert drafts[1]["turns"] == [scenario["question"]] and drafts[1]["facts"]["capital.yellow"] == [7, 7]
    assert "TODO" in drafts[1]["expect"]

    runner = CliRunner()
    env = {"ARBITRE_DATA_DIR": str(tmp_path)}
    stats = runner.invoke(cli, ["feedback", "stats"], env=env)
    assert stats.exit_code == 0, stats.output
    assert stats.output.splitlines()[0] == "3 vote(s): 1 up, 2 down"
    exported = runner.invoke(cli, ["feedback", "export"], env=env)
    assert exported.exit_code == 0, exported.output
    assert len(yaml.safe_load(exported.stdout)["cases"]) == 2
