"""Optional generative answers: a chat model writes the answer from the retrieved passages only.

Off by default (no generative model can be installed here). A site that has one sets::

    ARBITRE_CHAT_MODEL=langchain_ollama:ChatOllama            # any langchain chat model class, "module:Class"
    ARBITRE_CHAT_MODEL_ARGS='{"model": "mistral-small"}'      # its keyword arguments, as JSON

The model sees only the retrieved sections and rulings, and must reply in JSON with the answer and, for
each claim, the section it cites and a verbatim quote of it. Citations are checked against what was
retrieved; when the reply is not valid, Arbitre falls back to its extractive answer.
"""

from __future__ import annotations

import importlib
import json
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from corpus import Corpus
from corpus.text import normalize
from qa.answer import Answer, Citation
from qa.compose import Composer
from qa.decision import Decision
from qa.retrieval import Retrieval

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

SYSTEM = """You answer questions about board-game rules, in {language}, using ONLY the passages given.
Never add a rule the passages do not state. If they do not answer the question, say so.
Start with the direct answer ("Yes.", "No.", a number, a name), in at most {max_chars} characters.
Reply with JSON only:
{{"answer": "...", "citations": [{{"section": "<passage id>", "quote": "<exact words copied from that passage>"}}]}}"""
LANGUAGES = {"fr": "French", "en": "English"}


class GenerativeError(ValueError):
    """The chat model's reply cannot be used; the message says why."""


def chat_model_from_env() -> BaseChatModel | None:
    """The chat model named by ``ARBITRE_CHAT_MODEL``, or ``None`` when unset (the default)."""
    spec = os.environ.get("ARBITRE_CHAT_MODEL")
    if not spec:
        return None
    module_name, _, class_name = spec.partition(":")
    if not module_name or not class_name:
        raise ValueError(f"ARBITRE_CHAT_MODEL must look like 'module:ChatClass', not {spec!r}")
    try:
        kwargs = json.loads(os.environ.get("ARBITRE_CHAT_MODEL_ARGS") or "{}")
    except json.JSONDecodeError as exc:
        raise ValueError(
            f"ARBITRE_CHAT_MODEL_ARGS is not JSON ({exc}): {os.environ['ARBITRE_CHAT_MODEL_ARGS']!r}"
        ) from None
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"cannot load chat model {spec!r}: {exc}") from None
    model: BaseChatModel = cls(**kwargs)
    return model


@dataclass
class GenerativeAnswerer:
    """Writes answers with a chat model, checked against the retrieved passages."""

    model: BaseChatModel
    corpus: Corpus
    composer: Composer

    def passages(self, found: Retrieval, lang: str) -> dict[str, str]:
        """What the model may use: the retrieved sections and the matched rulings, by id."""
        out = {h.section.id: self.corpus.section(h.section.id, lang).text for h in found.hits}
        for match in found.rulings[:3]:
            ruling = match.ruling
            out[ruling.id] = f"(Arbitre's reading of {ruling.section}) {ruling.answers[lang]}"
        return out

    def prompt(self, found: Retrieval, lang: str) -> list[tuple[str, str]]:
        """The messages sent to the model."""
        passages = "\n\n".join(f"[{pid}]\n{text}" for pid, text in self.passages(found, lang).items())
        system = SYSTEM.format(language=LANGUAGES[lang], max_chars=self.composer.settings.max_chars)
        return [("system", system), ("human", f"Passages:\n\n{passages}\n\nQuestion: {found.question}")]

    def check(self, reply: str, found: Retrieval, lang: str) -> tuple[str, list[Citation]]:
        """The answer and its citations, if every citation quotes a retrieved section word for word."""
        try:
            data: Any = json.loads(reply.strip().removeprefix("```json").removesuffix("```"))
        except json.JSONDecodeError as exc:
            raise GenerativeError(f"the reply is not JSON: {exc}") from None
        if not isinstance(data, dict) or not isinstance(data.get("answer"), str) or not data["answer"].strip():
            raise GenerativeError("the reply has no answer")
        answer = data["answer"].strip()
        if len(answer) > self.composer.settings.max_chars:
            raise GenerativeError(f"the answer is longer than {self.composer.settings.max_chars} characters")
        retrieved = {h.section.id for h in found.hits}
        citations = []
        rulings = {m.ruling.id: m.ruling for m in found.rulings[:3]}
        for item in data.get("citations") or []:
            section_id, quote = (item or {}).get("section"), (item or {}).get("quote")
            if section_id in rulings:
                section_id, quote = rulings[section_id].section, rulings[section_id].quotes[lang]
            if section_id not in retrieved and section_id not in {r.section for r in rulings.values()}:
                raise GenerativeError(f"it cites {section_id!r}, which was not retrieved")
            section = self.corpus.section(section_id, lang)
            if not isinstance(quote, str) or not quote.strip() or normalize(quote) not in normalize(section.text):
                raise GenerativeError(f"its quote is not in {section_id!r}: {quote!r}")
            citations.append(self.composer.cite(section, quote.strip()))
        if not citations:
            raise GenerativeError("the reply cites nothing")
        return answer, citations

    def answer(self, decision: Decision, lang: str) -> Answer:
        """The model's answer when its citations hold, else Arbitre's extractive answer."""
        fallback = self.composer.compose(decision, lang)
        found = decision.retrieval
        if fallback.kind == "not_found" or found is None:
            return fallback
        try:
            reply = self.model.invoke(self.prompt(found, lang))
            text, citations = self.check(str(reply.content), found, lang)
        except GenerativeError:
            return fallback
        return Answer(
            question=found.question,
            lang=lang,
            game=fallback.game,
            kind="rules",
            answer=text,
            citations=tuple(citations),
            caveats=fallback.caveats,
        )
