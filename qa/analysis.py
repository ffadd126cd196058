"""French and English text analysis for lexical ranking: tokens, stop words and stems."""

from __future__ import annotations

import re
from functools import cache

import Stemmer  # PyStemmer: the Snowball stemmers
from bm25s.stopwords import STOPWORDS_EN_PLUS, STOPWORDS_FRENCH

from corpus.text import fold

#: Rule numbers such as "CN.6.1" stay one token, so an exact reference matches exactly.
_TOKEN = re.compile(r"[a-z]{1,3}(?:\.\d+)+|\w+")
_STEMMERS = {"fr": "french", "en": "english"}
_STOPWORDS = {"fr": STOPWORDS_FRENCH, "en": STOPWORDS_EN_PLUS}


@cache
def _stemmer(lang: str) -> Stemmer.Stemmer:
    return Stemmer.Stemmer(_STEMMERS[lang])


@cache
def stopwords(lang: str) -> frozenset[str]:
    """The stop words of ``lang``, folded (lower case, no accents)."""
    return frozenset(fold(w) for w in _STOPWORDS[lang])


def analyze(text: str, lang: str) -> list[str]:
    """Turn text into the terms the ranker compares: folded, without stop words, stemmed.

    Accents are folded before stemming, so "prophete" and "Prophète" meet.

    >>> analyze("Combien rapporte un jeton Or ?", "fr")
    ['combien', 'rapport', 'jeton', 'or']
    >>> analyze("Rituel (CN.6.1)", "fr")
    ['rituel', 'cn.6.1']
    """
    if lang not in _STEMMERS:
        raise ValueError(f"no analysis for language {lang!r}; expected one of {', '.join(_STEMMERS)}")
    stop = stopwords(lang)
    tokens = [t for t in _TOKEN.findall(fold(text)) if t not in stop]
    return [str(t) for t in _stemmer(lang).stemWords(tokens)]


def stems(text: str, lang: str) -> frozenset[str]:
    """The stems of every folded word of ``text``, stop words kept: the words that turn an answer ("not", "after",
    "must") are stop words, which :func:`analyze` drops.

    >>> sorted(stems("Je perds mes cartes ?", "fr"))
    ['cart', 'je', 'me', 'perd']
    """
    return frozenset(str(t) for t in _stemmer(lang).stemWords(_TOKEN.findall(fold(text))))


def words(text: str) -> frozenset[str]:
    """The folded words of ``text``, stop words kept: unlike :func:`analyze`, "where" and "how many" count.

    >>> sorted(words("Où vont les guerriers ?"))
    ['guerriers', 'les', 'ou', 'vont']
    """
    return frozenset(_TOKEN.findall(fold(text)))


#: What a question asks for, by the words that ask it (matched on folded text: lower case, no accents).
_ASKS: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {
    "fr": (
        ("count", re.compile(r"\bcombien\b")),
        ("place", re.compile(r"\bou\b(?! bien| pas\b| non\b| quoi\b)|\bd'ou\b")),  # "ou pas ?", "ou quoi ?": "or not?"
        ("time", re.compile(r"\bquand\b|\ba quel moment\b|\bavant ou apres\b")),
        ("person", re.compile(r"(?<!est-ce )(?<!ce )\bqui\b")),
        ("choice", re.compile(r"\bquel(?:le)?s?\b|\blequel\b|\blaquelle\b")),
    ),
    "en": (
        ("count", re.compile(r"\bhow (?:many|much)\b")),
        ("place", re.compile(r"\bwhere\b")),
        ("time", re.compile(r"\bwhen\b|\bwhat time\b|\bbefore or after\b")),
        ("person", re.compile(r"\bwho(?:m)?\b")),
        ("choice", re.compile(r"\bwhich\b")),
    ),
}


def asks(text: str, lang: str) -> frozenset[str]:
    """What a question asks for: ``count``, ``place``, ``time``, ``person`` or ``choice`` (none for a yes/no or
    an open question). The words that ask are stop words, which :func:`analyze` drops.

    >>> sorted(asks("Combien de guerriers retire le Rituel ?", "fr"))
    ['count']
    >>> sorted(asks("Where do the 3 warriors removed by the Ritual go?", "en"))
    ['place']
    >>> sorted(asks("Can I do the Ritual twice?", "en")), sorted(asks("je saute ou pas ?", "fr"))
    ([], [])
    """
    if lang not in _ASKS:
        raise ValueError(f"no analysis for language {lang!r}; expected one of {', '.join(_ASKS)}")
    folded = fold(text)
    return frozenset(kind for kind, pattern in _ASKS[lang] if pattern.search(folded))
