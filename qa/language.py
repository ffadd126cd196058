"""Which language, French or English, a question is asked in."""

from __future__ import annotations

import threading
from functools import cache
from typing import TYPE_CHECKING

from corpus import LANGS, Lang

if TYPE_CHECKING:
    from py3langid.langid import LanguageIdentifier


_LOCK = threading.Lock()


@cache
def _load() -> LanguageIdentifier:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    identifier.set_languages(list(LANGS))
    return identifier


def _identifier() -> LanguageIdentifier:
    with _LOCK:
        return _load()


def preload() -> None:
    """Start loading the language model in the background (it takes about half a second).

    Most of the work (decompressing the model) releases the GIL, so it overlaps with other start-up.
    """
    threading.Thread(target=_identifier, name="arbitre-langid", daemon=True).start()


def detect_language(text: str, default: Lang = "fr") -> Lang:
    """The language of ``text``, ``fr`` or ``en``; ``default`` when it cannot tell.

    >>> detect_language("Combien rapporte un jeton Or ?")
    'fr'
    >>> detect_language("what happens on a tie for a bonus card?")
    'en'
    """
    lang, confidence = _identifier().classify(text)
    if confidence <= 0.6:
        return default
    return check_language(str(lang))


def check_language(lang: str) -> Lang:
    """``lang`` when it is a supported language; a ``ValueError`` quoting it otherwise."""
    if lang not in LANGS:
        raise ValueError(f"unsupported language {lang!r}; expected one of {', '.join(LANGS)}")
    return lang
