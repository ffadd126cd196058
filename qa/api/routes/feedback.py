"""``POST /api/feedback``: a vote on an answer, stored with the answer contract it rates."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from qa.api.deps import Limited, StoreDep
from qa.api.models import ERRORS, FeedbackIn, FeedbackOut
from qa.feedback import FeedbackStoreError

router = APIRouter(tags=["feedback"])


@router.post(
    "/feedback",
    operation_id="feedback",
    summary="Rate an answer",
    status_code=201,
    response_model=FeedbackOut,
    responses={**ERRORS, 503: {"description": "The feedback store cannot be written."}},
    dependencies=[Limited],
)
def feedback(body: FeedbackIn, store: StoreDep) -> FeedbackOut:
    """Store a vote (up or down), an optional comment and the answer contract it rates, as it came. Nothing
    about the person is stored (no address)."""
    try:
        new_id = store.add(body.vote, body.comment, body.answer.model_dump(mode="json", exclude_unset=True))
    except FeedbackStoreError as exc:
        raise HTTPException(503, str(exc)) from None
    return FeedbackOut(id=new_id)
