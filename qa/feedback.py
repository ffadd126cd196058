"""The feedback store: players' votes on answers, in SQLite (WAL mode) in the data folder.

A row holds what was asked and answered (the question, the answer, its kind, its citations and, for a scenario,
the engine's steps), the vote, the comment and the time; never an IP address or anything else about the person.
Rows older than the retention period are purged when the store opens and as new votes arrive.

>>> import tempfile, pathlib
>>> store = FeedbackStore(pathlib.Path(tempfile.mkdtemp()) / "f.sqlite3")
>>> row = store.add("down", "wrong colour", {"question": "q?", "answer": "a", "kind": "rules", "citations": []})
>>> store.stats().down, store.stats().total
(1, 1)
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

Vote = Literal["up", "down"]
_DAY = 86_400.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    vote TEXT NOT NULL CHECK (vote IN ('up', 'down')),
    comment TEXT,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    kind TEXT NOT NULL,
    citations TEXT NOT NULL,
    steps TEXT,
    contract TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS feedback_created ON feedback (created);
"""


class FeedbackStoreError(Exception):
    """The feedback store cannot be opened or written (its path is quoted)."""


@dataclass(frozen=True)
class Feedback:
    """One stored vote."""

    id: int
    created: float
    vote: Vote
    comment: str | None
    question: str
    answer: str
    kind: str
    citations: tuple[str, ...]
    #: The engine's steps of a scenario answer (each verdict's), else empty.
    steps: tuple[dict[str, Any], ...]
    #: The answer contract as it came.
    contract: dict[str, Any]


@dataclass(frozen=True)
class Stats:
    """Counts of the stored votes."""

    up: int
    down: int
    by_kind: dict[str, tuple[int, int]]

    @property
    def total(self) -> int:
        return self.up + self.down


class FeedbackStore:
    """Votes on answers, one SQLite file; safe to share between threads and processes (one connection per call)."""

    def __init__(self, path: Path, retention_days: int = 180) -> None:
        self.path = path
        self.retention_days = retention_days
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with self._connect() as db:
                db.execute("PRAGMA journal_mode=WAL")
                db.executescript(_SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise FeedbackStoreError(f"cannot open the feedback store {str(path)!r}: {exc}") from None
        self.purge()

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with closing(sqlite3.connect(self.path, timeout=30.0)) as db, db:
            db.execute("PRAGMA busy_timeout=30000")
            yield db

    def add(self, vote: Vote, comment: str | None, contract: Mapping[str, Any], now: float | None = None) -> int:
        """Store a vote on the answer ``contract`` (the answer's JSON form, kept as it came); returns its id."""
        scenario = contract.get("scenario") or {}
        steps = [step for v in scenario.get("verdicts") or [] for step in v.get("steps") or []]
        citations = [c.get("section", "") for c in contract.get("citations") or []]
        row = (
            time.time() if now is None else now,
            vote,
            comment,
            str(contract.get("question", "")),
            str(contract.get("answer", "")),
            str(contract.get("kind", "")),
            json.dumps(citations),
            json.dumps(steps, ensure_ascii=False) if steps else None,
            json.dumps(dict(contract), ensure_ascii=False),
        )
        try:
            with self._connect() as db:
                cursor = db.execute(
                    "INSERT INTO feedback (created, vote, comment, question, answer, kind, citations, steps, contract)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    row,
                )
                new_id = int(cursor.lastrowid or 0)
        except sqlite3.Error as exc:
            raise FeedbackStoreError(f"cannot write to the feedback store {str(self.path)!r}: {exc}") from None
        if new_id % 100 == 0:
            self.purge()
        return new_id

    def purge(self, now: float | None = None) -> int:
        """Delete the rows older than the retention period; returns how many went."""
        cutoff = (time.time() if now is None else now) - self.retention_days * _DAY
        with self._connect() as db:
            return db.execute("DELETE FROM feedback WHERE created < ?", (cutoff,)).rowcount

    def rows(self, vote: Vote | None = None) -> list[Feedback]:
        """The stored votes (only ``vote``'s when given), oldest first."""
        with self._connect() as db:
            found = db.execute(
                "SELECT id, created, vote, comment, question, answer, kind, citations, steps, contract"
                " FROM feedback WHERE ? IS NULL OR vote = ? ORDER BY id",
                (vote, vote),
            ).fetchall()
        return [
            Feedback(
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                r[5],
                r[6],
                tuple(json.loads(r[7])),
                tuple(json.loads(r[8])) if r[8] else (),
                json.loads(r[9]),
            )
            for r in found
        ]

    def stats(self) -> Stats:
        """How many up and down votes, in all and by kind of answer."""
        with self._connect() as db:
            found = db.execute("SELECT kind, vote, COUNT(*) FROM feedback GROUP BY kind, vote").fetchall()
        by_kind: dict[str, tuple[int, int]] = {}
        for kind, vote, count in found:
            up, down = by_kind.get(kind, (0, 0))
            by_kind[kind] = (up + count, down) if vote == "up" else (up, down + count)
        return Stats(sum(u for u, _ in by_kind.values()), sum(d for _, d in by_kind.values()), by_kind)


def draft_cases(rows: list[Feedback]) -> list[dict[str, Any]]:
    """The thumbs-down answers as draft evaluation cases, in the case formats (``eval/cases.yaml`` for a rules
    answer, ``eval/scenarios_format.md`` for a scenario), for a person to complete and review: the expected
    answer is left for them to write from the rule texts (``TODO``), never taken from the answer voted down."""
    drafts = []
    for row in rows:
        note = f"feedback #{row.id} (thumbs down)" + (f": {row.comment}" if row.comment else "")
        lang, game = row.contract.get("lang"), row.contract.get("game")
        scenario = row.contract.get("scenario")
        if scenario:
            facts = {f["path"]: f["value"] for f in scenario.get("facts") or [] if "path" in f}
            drafts.append(
                {
                    "id": f"fb-{int(row.created)}-{row.id}",
                    "half": "dev",
                    "lang": lang,
                    "game": scenario.get("game") or game,
                    "style": ["casual"],
                    "turns": [row.question],
                    "expect": "TODO: verdict, clarify or bad_input, worked out from the rule texts",
                    "facts": facts,
                    "sections": list(row.citations),
                    "source": f"TODO: the rule line. {note}; it answered: {row.answer}",
                }
            )
        else:
            drafts.append(
                {
                    "id": f"fb-{int(row.created)}-{row.id}",
                    "half": "dev",
                    "question": row.question,
                    "lang": lang,
                    "game": game,
                    "style": "plain",
                    "sections": list(row.citations),
                    "facts": "TODO: the words a right answer must hold, from the rule texts",
                    "not_found": row.kind == "not_found",
                    "source": f"TODO: the rule line. {note}; it answered ({row.kind}): {row.answer}",
                }
            )
    return drafts
