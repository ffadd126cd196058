"""The Chroma client: embedded in the data folder by default, or a Chroma server.

Telemetry is always off. chromadb is imported only here, and only when a store is opened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlparse

from qa.settings import Settings

if TYPE_CHECKING:
    from chromadb.api import ClientAPI


class StoreError(RuntimeError):
    """The vector store cannot be reached or read; the message says which and why."""


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
