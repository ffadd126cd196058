"""Which language, French or English, a question is asked in."""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from corpus import LANGS, Lang
from corpus.text import fold
from qa.analysis import stopwords

if TYPE_CHECKING:
    from py3langid.langid import LanguageIdentifier


@cache
def _identifier() -> LanguageIdentifier:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    identifier.set_languages(list(LANGS))
    return identifier


@cache
def _function_words() -> dict[str, frozenset[str]]:
    """Stop words, number words and colour words that belong to one language only (``à``/``the``, ``deux``/``two``,
    ``vert``/``green``, not ``a`` or ``six``)."""
    from qa.scenario import colour_words, number_words

    fr, en = stopwords("fr"), stopwords("en")
    return {lang: (mine - other) | number_words(lang) | colour_words(lang) for lang, mine, other in
            (("fr", fr, en), ("en", en, fr))}  # fmt: skip


#: A word that starts the text or a sentence.
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s*)$")


def _lowercase_words(text: str) -> list[str]:
    """The words that can be function words: inside a sentence a capitalised word (but "I") is a name or a
    game term (the French "Or", gold, is not the English "or").

    >>> _lowercase_words("Or en fin de partie ? Le jeton Or, or not")
    ['or', 'en', 'fin', 'de', 'partie', 'le', 'jeton', 'or', 'not']
    """
    return [
        fold(m.group())
        for m in re.finditer(r"\w+", text)
        if not m.group()[0].isupper() or m.group() == "I" or _SENTENCE_START.search(text[: m.start()])
    ]


def vote(text: str) -> Lang | None:
    """The language whose function words the text clearly uses more, or ``None`` when that is unclear.

    >>> vote("est-ce que le Vector compte ?"), vote("do I bust?"), vote("CN.6.1"), vote("Marchand : Or dépensé ?")
    ('fr', 'en', None, None)
    """
    words = _function_words()
    tokens = _lowercase_words(text)
    fr, en = (sum(t in words[lang] for t in tokens) for lang in LANGS)
    if fr >= en + 2 or (fr >= 1 and en == 0):
        return "fr"
    if en >= fr + 2 or (en >= 1 and fr == 0):
        return "en"
    return None


def detect_language(text: str, default: Lang = "fr") -> Lang:
    """The language of ``text``, ``fr`` or ``en``; ``default`` when it cannot tell.

    Function words decide most questions at once; the others go to a language identifier
    (py3langid, loaded only then: it takes about half a second).

    >>> detect_language("Combien rapporte un jeton Or ?")
    'fr'
    >>> detect_language("what happens on a tie for a bonus card?")
    'en'
    """
    quick = vote(text)
    if quick is not None:
        return quick
    lang, confidence = _identifier().classify(text)
    if confidence <= 0.6:
        return default
    return check_language(str(lang))


def too_short(text: str) -> bool:
    """True when ``text`` is too short to tell its language: three words or fewer, none of them a function word
    of one language only.

    >>> too_short("Marchand ?"), too_short("MAXIMUM 14"), too_short("do I bust?"), too_short("MAXIMUM vert")
    (True, True, False, False)
    """
    return vote(text) is None and len(re.findall(r"\w+", text)) <= 3


def check_language(lang: str) -> Lang:
    """``lang`` when it is a supported language; a ``ValueError`` quoting it otherwise."""
    if lang not in LANGS:
        raise ValueError(f"unsupported language {lang!r}; expected one of {', '.join(LANGS)}")
    return lang
