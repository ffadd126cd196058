"""What the routes depend on: the settings, the asker, the feedback store and the rate limit, each provided by
FastAPI's dependency injection (as in the FastAPI full-stack template's ``api/deps.py``), so that tests can put
their own in place."""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request
from limits import RateLimitItem, parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from corpus import Corpus, load_corpus
from qa.api.pool import AskerPool
from qa.feedback import FeedbackStore
from qa.settings import Settings


@dataclass
class Services:
    """What one API process holds: its settings, its askers (once loaded), its feedback store and its limiter."""

    settings: Settings
    asker: AskerPool | None = None
    store: FeedbackStore | None = None
    limiter: RateLimiter | None = None
    _corpus: Corpus | None = None
    #: Why the askers could not be loaded, if they could not.
    failure: str | None = None

    def load(self, load_asker: Callable[[Settings], Any]) -> None:
        """Load ``settings.answerers`` askers (in a background thread); a failure is logged and kept for
        ``/api/health``."""
        try:
            self.asker = AskerPool([load_asker(self.settings) for _ in range(self.settings.answerers)])
        except Exception as exc:
            self.failure = f"{type(exc).__name__}: {exc}"
            logging.getLogger("arbitre").error("cannot load the index: %s", self.failure)

    def corpus(self) -> Corpus:
        """The asker's corpus, or the corpus loaded on its own while the asker is not ready."""
        if self.asker is not None:
            found: Corpus = self.asker.corpus
            return found
        if self._corpus is None:
            self._corpus = load_corpus()
        return self._corpus


class RateLimiter:
    """Requests per client, counted by the ``limits`` library in memory (per process) or in a shared store."""

    def __init__(self, limit: str, storage: str) -> None:
        #: Every limit given ("10/second;100/minute"): a request must pass them all.
        self.items: list[RateLimitItem] = parse_many(limit)
        self.strategy = MovingWindowRateLimiter(storage_from_string(storage))

    def hit(self, client: str) -> float | None:
        """Count a request from ``client``; ``None`` when it may go on, else the seconds to wait."""
        for item in self.items:
            if not self.strategy.hit(item, client):
                reset, _ = self.strategy.get_window_stats(item, client)
                return max(1.0, reset - time.time())
        return None


def services(request: Request) -> Services:
    found: Services = request.app.state.services
    return found


ServicesDep = Annotated[Services, Depends(services)]


def get_settings(found: ServicesDep) -> Settings:
    return found.settings


def get_asker(found: ServicesDep) -> AskerPool:
    """The loaded askers; 503 while the process is still starting."""
    if found.failure is not None:
        raise HTTPException(503, f"the index could not be loaded: {found.failure}")
    if found.asker is None:
        raise HTTPException(503, "the index is still loading; try again in a moment", headers={"Retry-After": "5"})
    return found.asker


def get_store(found: ServicesDep) -> FeedbackStore:
    if found.store is None:
        raise HTTPException(503, "the feedback store is not open")
    return found.store


def rate_limit(request: Request, found: ServicesDep) -> None:
    """429 with ``Retry-After`` when this client went past the limit. The client is the connection's address:
    behind a proxy, uvicorn puts the proxy's ``X-Forwarded-For`` there only for proxies listed in its
    ``--forwarded-allow-ips``."""
    if found.limiter is None:
        return
    client = request.client.host if request.client else "unknown"
    wait = found.limiter.hit(client)
    if wait is not None:
        seconds = math.ceil(wait)
        raise HTTPException(
            429,
            f"too many requests: the limit is {found.settings.rate_limit} per client; retry in {seconds} s",
            headers={"Retry-After": str(seconds)},
        )


SettingsDep = Annotated[Settings, Depends(get_settings)]
AskerDep = Annotated[AskerPool, Depends(get_asker)]
StoreDep = Annotated[FeedbackStore, Depends(get_store)]
Limited = Depends(rate_limit)
