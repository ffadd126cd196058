"""The HTTP API (``arbitre serve``): a FastAPI app over the one answer function, with no state between requests.

Each process loads the asker once at start-up (the index must have been built before: ``arbitre serve`` builds
it, then starts the workers), opens the feedback store, and answers. The routers are split by area
(:mod:`qa.api.routes`); what they need comes from :mod:`qa.api.deps`.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from qa import __version__
from qa.api.deps import RateLimiter, Services
from qa.api.middleware import BodyLimit, SecurityHeaders, problem_detail
from qa.api.pool import AskerPool
from qa.api.routes import ask, check, feedback, games, health, rules, schema, widget
from qa.feedback import FeedbackStore
from qa.settings import Settings

#: The package's static folder (the widget's script lives there).
STATIC = Path(__file__).resolve().parent.parent / "static"


def _load_asker(settings: Settings) -> Any:
    from qa.ask import Asker

    return Asker(settings=settings, build=False)


def create_app(
    settings: Settings | None = None,
    *,
    asker: Any | None = None,
    store: FeedbackStore | None = None,
    load_asker: Callable[[Settings], Any] = _load_asker,
) -> FastAPI:
    """The API app. ``asker`` and ``store`` put ready ones in place (tests); otherwise the store is opened in the
    data folder at start-up (a store that cannot open stops start-up with its message), and the asker is loaded
    in the background (the index must exist: ``arbitre serve`` checks it before starting the workers); until it
    is ready, ``/api/health`` and the answering endpoints say 503, and if it fails, the message is logged at
    once and ``/api/health`` gives it."""
    settings = settings or Settings.from_env()
    pool = None if asker is None else asker if isinstance(asker, AskerPool) else AskerPool([asker])
    services = Services(settings, asker=pool, store=store)
    if settings.rate_limit is not None:
        services.limiter = RateLimiter(settings.rate_limit, settings.rate_storage)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        services.store = services.store or FeedbackStore(settings.feedback_db, settings.feedback_days)
        if services.asker is None:  # loaded beside the serving: /api/health says 503 until it is ready
            threading.Thread(target=services.load, args=(load_asker,), name="load-asker", daemon=True).start()
        yield

    app = FastAPI(
        title="Arbitre",
        version=__version__,
        summary="A bilingual rules assistant for board games: answers from the rule texts, cited.",
        lifespan=lifespan,
    )
    app.state.services = services
    api = APIRouter(prefix="/api")
    for area in (ask, check, health, games, feedback, schema):
        api.include_router(area.router)
    app.include_router(api)
    app.include_router(rules.router)
    app.include_router(widget.router)
    static = settings.static_dir or STATIC
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")), "type": str(e.get("type", ""))}
            for e in exc.errors()
        ]
        return JSONResponse({"detail": problem_detail(list(exc.errors())), "errors": errors}, status_code=422)

    app.add_middleware(
        CORSMiddleware,
        allow_origins=list(settings.api_origins),
        allow_methods=["GET", "POST"],
        allow_headers=["Content-Type"],
        max_age=600,
    )
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(SecurityHeaders)
    return app
