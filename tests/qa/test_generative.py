"""Optional generative answers, tested with a fake chat model: used when its citations hold, else the fallback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel

from qa.ask import Asker
from qa.generative import GenerativeAnswerer, chat_model_from_env
from qa.settings import Settings

QUESTION = "How many times per turn can I do the Ritual?"
QUOTE = "You may perform this action up to 3 times per turn"


def answerer(asker: Asker, *replies: str) -> GenerativeAnswerer:
    return GenerativeAnswerer(FakeListChatModel(responses=list(replies)), asker.corpus, asker.composer)


def reply(answer: str, section: str, quote: str) -> str:
    return json.dumps({"answer": answer, "citations": [{"section": section, "quote": quote}]})


def test_a_checked_reply_is_the_answer(asker: Asker) -> None:
    gen = answerer(asker, reply("Up to 3 times per turn.", "root-necropossums/cn-6-1", QUOTE))
    answer = gen.answer(asker.decide(QUESTION), "en")
    assert (answer.kind, answer.answer) == ("rules", "Up to 3 times per turn.")
    (citation,) = answer.citations[:1]
    assert citation.section == "root-necropossums/cn-6-1" and citation.quote == QUOTE
    assert citation.translated and citation.original is not None and citation.original.lang == "fr"


def test_the_model_sees_only_retrieved_passages(asker: Asker) -> None:
    found = asker.retrieve(QUESTION)
    messages = answerer(asker).prompt(found, "en")
    assert messages[0][0] == "system" and "ONLY the passages given" in messages[0][1]
    assert "[root-necropossums/cn-6-1]" in messages[1][1]
    assert "[cl2-rules/faq/jeton-or]" not in messages[1][1]


@pytest.mark.parametrize(
    "bad",
    [
        "Up to 3 times.",  # not JSON
        json.dumps({"answer": "", "citations": []}),  # no answer
        json.dumps({"answer": "Up to 3 times.", "citations": []}),  # cites nothing
        reply("Up to 3 times.", "cl2-rules/faq/jeton-or", "2 points each"),  # not retrieved
        reply("Up to 5 times.", "root-necropossums/cn-6-1", "up to 5 times per turn"),  # invented quote
        reply("x" * 600, "root-necropossums/cn-6-1", QUOTE),  # too long
    ],
)
def test_an_unchecked_reply_falls_back_to_the_extractive_answer(asker: Asker, bad: str) -> None:
    decision = asker.decide(QUESTION)
    answer = answerer(asker, bad).answer(decision, "en")
    assert answer == asker.composer.compose(decision, "en")


def test_chat_model_is_off_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARBITRE_CHAT_MODEL", raising=False)
    assert chat_model_from_env() is None


def test_chat_model_chosen_by_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITRE_CHAT_MODEL", "langchain_core.language_models.fake_chat_models:FakeListChatModel")
    monkeypatch.setenv("ARBITRE_CHAT_MODEL_ARGS", json.dumps({"responses": ["hello"]}))
    model = chat_model_from_env()
    assert isinstance(model, FakeListChatModel) and model.responses == ["hello"]


@pytest.mark.parametrize(
    ("spec", "args", "message"),
    [
        ("ChatOpenAI", "{}", "ARBITRE_CHAT_MODEL must look like 'module:ChatClass', not 'ChatOpenAI'"),
        ("nowhere_pkg:Chat", "{}", "cannot load chat model 'nowhere_pkg:Chat'"),
        (
            "langchain_core.language_models.fake_chat_models:FakeListChatModel",
            "{bad",
            "ARBITRE_CHAT_MODEL_ARGS is not JSON",
        ),
    ],
)
def test_bad_chat_model_settings_are_quoted(
    monkeypatch: pytest.MonkeyPatch, spec: str, args: str, message: str
) -> None:
    monkeypatch.setenv("ARBITRE_CHAT_MODEL", spec)
    monkeypatch.setenv("ARBITRE_CHAT_MODEL_ARGS", args)
    with pytest.raises(ValueError, match=message):
        chat_model_from_env()


def test_asker_uses_the_configured_model(monkeypatch: pytest.MonkeyPatch, shared_data_dir: Path) -> None:
    monkeypatch.setenv("ARBITRE_CHAT_MODEL", "langchain_core.language_models.fake_chat_models:FakeListChatModel")
    good = reply("Up to 3 times per turn.", "root-necropossums/cn-6-1", QUOTE)
    monkeypatch.setenv("ARBITRE_CHAT_MODEL_ARGS", json.dumps({"responses": [good]}))
    answer = Asker(settings=Settings(data_dir=shared_data_dir)).ask(QUESTION)
    assert answer.answer == "Up to 3 times per turn."
