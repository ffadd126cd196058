"""``GET /api/health``: 200 once the index is loaded and an engine answers, 503 until then."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from engine.games import ENGINES
from qa.api.deps import ServicesDep
from qa.api.models import HealthOut

router = APIRouter(tags=["service"])

#: A position each engine must answer at once: Root's empty map holds no Ritual; a green Capital of 2 has a
#: MAXIMUM of 2.
_PROBES = {
    "root": '{"game": "root", "clearings": [], "queries": [{"query": "ritual"}]}',
    "capital-lux-2": '{"capital": {"green": ["green:2"]}, "powers": {"blue": "none", "pink": "none", "yellow": "none",'
    ' "green": "none"}, "queries": [{"query": "maximum", "colour": "green"}]}',
}


@router.get(
    "/health",
    operation_id="health",
    summary="Is this process ready?",
    response_model=HealthOut,
    responses={503: {"model": HealthOut, "description": "Still starting: the index is not loaded yet."}},
)
def health(services: ServicesDep) -> JSONResponse:
    """Ready (200) when the index is loaded and the rules engines answer; 503 while starting."""
    asker = services.asker
    if services.failure is not None:
        return JSONResponse(HealthOut(status="failed", detail=services.failure).model_dump(), status_code=503)
    if asker is None:
        return JSONResponse(HealthOut(status="starting").model_dump(), status_code=503)
    engines = [e.game for e in ENGINES if e.check(_PROBES[e.game])]
    return JSONResponse(HealthOut(status="ok", index=asker.index.name, engines=engines).model_dump())
