"""Reading and validating a ruling's ``asked`` questions: questions whose right answer is stated with each.

In a rulings file::

    asked:
      fr:
      - {text: "Je perds mes cartes jaunes ?", answer: "yes", trigger: "perds", pair: 2}
      - {text: "Et si la Capitale a 0 en jaune ?", answer: "unsettled"}

``answer`` is ``yes``, ``no`` or ``unsettled``. ``pair`` is the index of one of the ruling's own questions in that
language that this one is a minimal pair of, and ``trigger`` the words of this question that turn its answer
(a substring of it). A yes/no ruling with asked questions must hold questions of its yes and of its no in every
language (its own questions count for its own answer); a ruling that is not a yes/no ruling may be asked only
``unsettled`` near misses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from corpus.model import LANGS, Answer, Asked, Verdict
from corpus.yamlsrc import CorpusError

ANSWERS: tuple[Answer, ...] = ("yes", "no", "unsettled")
_KEYS = frozenset({"text", "answer", "trigger", "pair"})


def read_asked(
    path: Path | str,
    line: int,
    rid: str,
    raw: Any,
    questions: Mapping[str, Sequence[str]],
    verdict: Verdict | None,
) -> dict[str, tuple[Asked, ...]]:
    """The asked questions of ruling ``rid`` from ``raw`` (the ``asked`` value, or ``None``), validated against
    the ruling's own ``questions`` and its ``verdict``; :class:`CorpusError` quotes the bad entry."""
    if raw is None:
        return {}
    if not isinstance(raw, dict) or set(raw) - set(LANGS):
        raise CorpusError(path, line, f"ruling {rid!r}: 'asked' must map languages ({', '.join(LANGS)}) to lists")
    out: dict[str, tuple[Asked, ...]] = {}
    for lang, items in raw.items():
        if not isinstance(items, list):
            raise CorpusError(path, line, f"ruling {rid!r}: asked {lang!r} must be a list, not {items!r}")
        out[lang] = tuple(_one(path, line, rid, lang, item, questions[lang], verdict) for item in items)
    seen: set[tuple[str, str]] = set()
    for lang, asked in out.items():
        for a in asked:
            if (lang, a.text) in seen or a.text in questions[lang]:
                raise CorpusError(path, line, f"ruling {rid!r}: question asked twice: {a.text!r}")
            seen.add((lang, a.text))
    if verdict is not None and any(out.values()):
        opposite = "no" if verdict == "yes" else "yes"
        for lang in LANGS:
            if not any(a.answer == opposite for a in out.get(lang, ())):
                raise CorpusError(
                    path,
                    line,
                    f"ruling {rid!r} answers {verdict!r}: its asked questions need some whose answer is "
                    f"{opposite!r} in {lang!r}",
                )
    return out


def _one(
    path: Path | str, line: int, rid: str, lang: str, item: Any, own: Sequence[str], verdict: Verdict | None
) -> Asked:
    def fail(problem: str) -> CorpusError:
        return CorpusError(path, getattr(item, "line", line), f"ruling {rid!r}, asked {lang!r} {item!r}: {problem}")

    if not isinstance(item, dict) or not {"text", "answer"} <= set(item) or set(item) - _KEYS:
        raise fail(f"expected a mapping with text and answer (and trigger, pair), keys {sorted(_KEYS)}")
    text, answer = item["text"], item["answer"]
    if not isinstance(text, str) or not text.strip():
        raise fail("text must be a question")
    if answer not in ANSWERS:
        raise fail(f"answer must be one of {', '.join(ANSWERS)}, not {answer!r}")
    if verdict is None and answer != "unsettled":
        raise fail("a ruling whose answer is no yes or no can only be asked 'unsettled' near misses")
    trigger, pair = item.get("trigger"), item.get("pair")
    if trigger is not None and (not isinstance(trigger, str) or trigger not in text):
        raise fail(f"trigger {trigger!r} is not in the text")
    if pair is not None and (not isinstance(pair, int) or isinstance(pair, bool) or not 0 <= pair < len(own)):
        raise fail(f"pair must be the index of one of the ruling's {len(own)} {lang} questions, not {pair!r}")
    if (trigger is None) != (pair is None):
        raise fail("a minimal pair states both its trigger and its pair")
    return Asked(text.strip(), cast(Answer, answer), trigger, pair)
