"""``GET /api/schema/position``: the JSON Schema of a game's position file."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Query

from engine.errors import EngineError
from engine.games import find_engine
from qa.api.models import ERRORS

router = APIRouter(tags=["engines"])


@router.get(
    "/schema/position",
    operation_id="position_schema",
    summary="A position file's JSON Schema",
    responses={422: ERRORS[422], 429: ERRORS[429]},
)
def position_schema(
    game: str = Query("capital-lux-2", max_length=100, description="The game's id or a name of it"),
) -> dict[str, Any]:
    """The JSON Schema that `POST /api/check` validates a position file of ``game`` against."""
    try:
        return find_engine(game).schema()
    except EngineError as exc:
        raise HTTPException(422, f"game: {exc}") from None
