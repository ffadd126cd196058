"""The Chroma client: embedded in the data folder by default, or a Chroma server.

Telemetry is always off. chromadb is imported only here, and only when a store is opened.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlparse

from qa.settings import Settings

if TYPE_CHECKING:
    from chromadb.api import ClientAPI


class StoreError(RuntimeError):
    """The vector store cannot be reached or read; the message says which and why."""


def database_problem(path: Path) -> str | None:
    """Why the embedded store's SQLite file at ``path`` cannot be trusted, or ``None`` when it reads well (or does
    not exist yet).

    Chroma meets a damaged file only half-way through a query, with a Rust panic that is not an ``Exception``;
    SQLite's own ``quick_check`` (about 40 ms for the whole index) finds it at open instead.
    """
    if not path.is_file():
        return None
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            rows = db.execute("PRAGMA quick_check").fetchall()
    except sqlite3.Error as exc:
        return f"{type(exc).__name__}: {exc}"
    found = " ".join(str(row[0]) for row in rows).replace("\n", " ")
    return None if found == "ok" else f"SQLite quick_check: {found[:200]}"


def chroma_client(settings: Settings) -> ClientAPI:
    """A Chroma client for ``settings``: ``HttpClient`` with a URL, else ``PersistentClient``."""
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False, allow_reset=False)
    if settings.chroma_url:
        url = urlparse(settings.chroma_url)
        try:
            client = chromadb.HttpClient(
                host=url.hostname or "localhost",
                port=url.port or (443 if url.scheme == "https" else 8000),
                ssl=url.scheme == "https",
                settings=chroma_settings,
            )
            client.heartbeat()
        except Exception as exc:
            raise StoreError(f"cannot reach the Chroma server at {settings.chroma_url!r}: {exc}") from None
        return client
    path = settings.data_dir / "chroma"
    path.mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=str(path), settings=chroma_settings)
