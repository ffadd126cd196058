"""``POST /api/check``: a position file (a corrected one, say), computed and answered as a scenario question."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from qa.api.deps import AskerDep, Limited, SettingsDep
from qa.api.models import ERRORS, AnswerOut, CheckIn
from qa.api.routes.ask import check_limits
from qa.scenario import PositionError

router = APIRouter(tags=["answers"])


@router.post(
    "/check",
    operation_id="check",
    summary="Compute a position file",
    response_model=AnswerOut,
    responses=ERRORS,
    dependencies=[Limited],
)
def check(body: CheckIn, asker: AskerDep, settings: SettingsDep) -> dict[str, Any]:
    """Compute a position file of either game (with exactly one query) and answer as for a scenario question:
    the verdict first, the sections its steps applied cited. A client puts this answer in place of the last turn
    when the player corrects a misread position. The position's JSON Schema is at `/api/schema/position`."""
    check_limits(body.question, body.history, settings)
    try:
        history = [turn.model_dump() for turn in body.history]
        answer = asker.check(body.position, question=body.question, lang=body.lang, history=history)
    except PositionError as exc:
        raise HTTPException(422, f"position: {exc}") from None
    found: dict[str, Any] = answer.to_dict()
    return found
