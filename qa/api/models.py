"""The API's request and response bodies: the answer contract (``Answer.to_dict``) as pydantic models, so that the
OpenAPI document describes it and every request is validated before it reaches the asker."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

#: The defaults of the limits in :class:`qa.settings.Settings` (the routes apply the configured ones).
MAX_QUESTION = 1000
MAX_HISTORY = 20
MAX_COMMENT = 2000
#: A history turn's answer text, or a quote, is bounded too (several KB per turn fit well within it).
MAX_TEXT = 20_000


def _no_control(text: str) -> str:
    """Refuse control characters (tabs and line breaks aside), quoting the first one found."""
    for ch in text:
        if unicodedata.category(ch) == "Cc" and ch not in "\t\n\r":
            raise ValueError(f"control character {ch!r} (U+{ord(ch):04X}) is not allowed")
    return text


def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("the question is empty: ask something, e.g. 'Combien rapporte un jeton Or ?'")
    return text


Text = Annotated[str, Field(max_length=MAX_TEXT), AfterValidator(_no_control)]
Question = Annotated[
    str, Field(min_length=1, max_length=MAX_QUESTION), AfterValidator(_no_control), AfterValidator(_not_blank)
]
Lang = Literal["fr", "en"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class OriginalOut(BaseModel):
    lang: Lang
    quote: Text


class CitationOut(BaseModel):
    """A passage the answer relies on, quoted word for word."""

    doc: str
    section: str
    title: Text
    lang: Lang
    translated: bool
    quote: Text
    original: OriginalOut | None = None
    #: The first and last lines of the section the quote spans (for ``/rules/{doc}?section=&lines=``).
    lines: list[int] | None = Field(default=None, min_length=2, max_length=2)


class CaveatOut(BaseModel):
    """A corpus note the answer touches (an ambiguity or a contradiction between the texts)."""

    note: str
    text: Text


class FactOut(BaseModel):
    """A fact read from the question: its path, where it went in the position file, its value and its span."""

    path: str
    file_path: str | None
    value: Any
    start: int
    end: int
    text: Text
    label: Text = ""


class AlternativeOut(BaseModel):
    """The learned reader's reading of a position the rule reader read otherwise, with its own verdict."""

    facts: list[FactOut] = Field(max_length=200)
    position: dict[str, Any] | None
    verdicts: list[dict[str, Any]] = Field(max_length=20)


class ScenarioOut(BaseModel):
    """The position read and computed (``qa.scenario.contract.Scenario``)."""

    game: str | None
    frame: str | None
    position: dict[str, Any] | None
    facts: list[FactOut] = Field(max_length=200)
    assumptions: list[Text] = Field(max_length=100)
    queries: list[dict[str, Any]] = Field(max_length=20)
    verdicts: list[dict[str, Any]] = Field(max_length=20)
    readings: list[str] = Field(max_length=50)
    missing: str | None = None
    problem: Text | None = None
    picture: str | None = None
    #: How the rule reader's and the learned reader's readings came out (``null`` for a position sent as a file).
    accord: (
        Literal["alone", "agreed", "renamed", "fewer", "counted", "same_verdict", "asked", "learned", "rules"] | None
    ) = None
    #: The other reading, when the two readings give two verdicts (``accord`` is ``asked``).
    alternative: AlternativeOut | None = None


class AnswerOut(BaseModel):
    """The answer contract: what ``arbitre ask --json`` prints and every endpoint that answers returns."""

    question: Text
    lang: Lang
    game: str | None
    kind: Literal["rules", "scenario", "clarify", "not_found"]
    answer: Text
    citations: list[CitationOut] = Field(max_length=50)
    caveats: list[CaveatOut] = Field(max_length=50)
    scenario: ScenarioOut | None = None
    ruling: Text | None = None
    reason: str | None = None
    margin: float | None = None


class Turn(_Strict):
    """An earlier turn of the conversation, as ``arbitre chat`` keeps it."""

    question: Annotated[str, Field(max_length=MAX_QUESTION), AfterValidator(_no_control)]
    response: AnswerOut


class AskIn(_Strict):
    """A question, with what the client knows about its context."""

    question: Question
    game: str | None = Field(None, description="The game's id or a name of it (default: inferred)", max_length=100)
    lang: Lang | None = Field(None, description="The answer's language (default: the question's)")
    ui_lang: Lang | None = Field(None, description="The page's language: used when the question is too short to tell")
    history: list[Turn] = Field(default_factory=list, max_length=MAX_HISTORY, description="Earlier turns, oldest first")

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"question": "Combien rapporte un jeton Or ?"},
                {"question": "bleu : capitale 14, moi 16, deux or (Marchand), ça passe ?", "game": "capital-lux-2"},
            ]
        },
    )


class CheckIn(_Strict):
    """A position file of either game with one query, and the question and history it came from, if any."""

    position: dict[str, Any]
    question: Annotated[str, Field(max_length=MAX_QUESTION), AfterValidator(_no_control)] | None = None
    lang: Lang | None = None
    history: list[Turn] = Field(default_factory=list, max_length=MAX_HISTORY)

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "position": {
                        "game": "root",
                        "clearings": [{"cemetery": True, "warriors": 5}],
                        "cemeteries": 2,
                        "queries": [{"query": "ritual"}],
                    },
                    "question": "What's the Ritual worth?",
                }
            ]
        },
    )


class FeedbackIn(_Strict):
    """A vote on an answer, with the answer contract it rates."""

    vote: Literal["up", "down"]
    comment: Annotated[str, Field(max_length=MAX_COMMENT), AfterValidator(_no_control)] | None = None
    answer: AnswerOut

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "vote": "down",
                    "comment": "it missed my gold",
                    "answer": {
                        "question": "Combien rapporte un jeton Or ?",
                        "lang": "fr",
                        "game": "capital-lux-2",
                        "kind": "rules",
                        "answer": "2 points par jeton Or.",
                        "citations": [],
                        "caveats": [],
                    },
                }
            ]
        },
    )


class FeedbackOut(BaseModel):
    id: int


class DocumentOut(BaseModel):
    id: str
    title: str
    lang: Lang


class GameOut(BaseModel):
    """A game Arbitre covers: its documents, the languages it answers in, and questions to suggest."""

    id: str
    names: dict[str, str]
    documents: list[DocumentOut]
    languages: list[Lang]
    suggested: dict[str, list[str]]
    engine: bool


class HealthOut(BaseModel):
    status: Literal["ok", "starting", "failed"]
    detail: str | None = None
    index: str | None = None
    engines: list[str] = Field(default_factory=list)


class ErrorOut(BaseModel):
    """A refused request: ``detail`` says what is wrong, quoting the bad input."""

    detail: str
    errors: list[dict[str, Any]] | None = None


#: The error responses every endpoint declares.
ERRORS: dict[int | str, dict[str, Any]] = {
    413: {"model": ErrorOut, "description": "The body is larger than the limit."},
    415: {"model": ErrorOut, "description": "The body is not JSON."},
    422: {"model": ErrorOut, "description": "The body is not valid: `detail` says where and why."},
    429: {"model": ErrorOut, "description": "Too many requests: wait `Retry-After` seconds."},
}
