"""``POST /api/ask``: a question, answered with the answer contract."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from qa.api.deps import AskerDep, Limited, SettingsDep
from qa.api.models import ERRORS, AnswerOut, AskIn
from qa.language import too_short

router = APIRouter(tags=["answers"])


def check_limits(question: str | None, history: list[Any], settings: Any) -> None:
    """The configured limits (the models carry the defaults): 422 quoting what is over."""
    if question is not None and len(question) > settings.max_question:
        raise HTTPException(422, f"question: {len(question)} characters; the limit is {settings.max_question}")
    if len(history) > settings.max_history:
        raise HTTPException(422, f"history: {len(history)} turns; the limit is {settings.max_history}")


@router.post(
    "/ask",
    operation_id="ask",
    summary="Answer a question",
    response_model=AnswerOut,
    responses=ERRORS,
    dependencies=[Limited],
)
def ask(body: AskIn, asker: AskerDep, settings: SettingsDep) -> dict[str, Any]:
    """Answer a rules question from the texts, or compute the position a scenario question states. ``history``
    (earlier turns, as `arbitre chat` keeps them) lets a follow-up amend the last position."""
    check_limits(body.question, body.history, settings)
    game = None
    if body.game is not None:
        try:
            game = asker.corpus.find_game(body.game).id
        except KeyError as exc:
            raise HTTPException(422, f"game: {exc.args[0]}") from None
    lang = body.lang or (body.ui_lang if body.ui_lang and too_short(body.question) else None)
    history = [turn.model_dump() for turn in body.history]
    answer = asker.ask(body.question, lang=lang, game=game, history=history)
    found: dict[str, Any] = answer.to_dict()
    return found
