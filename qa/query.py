"""A question analysed once: its language, terms, words, kind, polarity, the things it names, and its parts.

Every later step (retrieval, the decision, the composer) reads this value instead of analysing the text again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from corpus.model import Lang
from corpus.text import fold
from qa.analysis import analyze, asks, words
from qa.language import check_language, detect_language
from qa.polarity import Stance, stance


class QuestionKind(Enum):
    """What a question asks for."""

    YES_NO = "yes_no"
    COUNT = "count"
    PLACE = "place"
    TIME = "time"
    PERSON = "person"
    CHOICE = "choice"
    #: "How does it work?", "What happens...?", "Explain...": an open question.
    OPEN = "open"


#: Words that open an open question (folded).
_OPEN = {
    "fr": re.compile(
        r"^(?:comment|pourquoi|que\b|qu'|quoi|c'est quoi|explique|decri|raconte|resume)|\bquoi\b|\bcomment\b"
        r"|\bqu'est-ce qu(?:i|e)\b|\bque (?:se passe|fait|faire|dit)\b|\bque\s*\?"
    ),
    "en": re.compile(
        r"^(?:how|why|what|explain|describe|tell me|walk me|give me|summari[sz]e)|\bwhat\b|\bhow\b|\bwhy\b"
    ),
}
#: The opening of a yes/no question: an auxiliary first, "est-ce que", an inverted subject ("peut-on", "dois-je").
_YES_NO_START = {
    "fr": re.compile(
        r"^(?:est-ce|est ce|c'est vrai|vrai que|y a-t-il|a-t-on)\b"
        r"|^\w+-(?:t-)?(?:je|tu|il|elle|on|nous|vous|ils|elles)\b"
    ),
    "en": re.compile(
        r"^(?:(?:so|and|but|ok|okay|wait)[, ]+)?(?:can|could|do|does|did|is|are|was|were|must|may|might|should|shall"
        r"|will|would|have|has|am|isn't|aren't|don't|doesn't|can't|need)\b"
    ),
}
#: French inversion anywhere ("Les cartes restent-elles ... ?"); a question word first makes it a wh-question.
_INVERSION = re.compile(r"\b\w+-(?:t-)?(?:il|elle|on|ils|elles)\b")
_WH_START = {
    "fr": re.compile(r"^(?:combien|ou\b|quand|qui\b|quel|lequel|laquelle|comment|pourquoi|que\b|qu'|quoi|a quel)"),
    "en": re.compile(r"^(?:how|where|when|who|which|what|why)\b"),
}
_ORDER = ("count", "place", "time", "person", "choice")
#: Where a second question starts: after a question mark, after ", et" / ", and", or after "et" / "and" and a
#: question word ("... et ils vont où ?").
_JOINT = {
    "fr": re.compile(
        r"\?\s+(?=\S)|,\s*(?:et|puis)\s+|\s(?:et|puis)\s+(?=(?:combien|ou\b|quand|qui\b|quel|comment|pourquoi|est-ce"
        r"|a partir|qu'est-ce|si\b|s'il)\b)"
    ),
    "en": re.compile(
        r"\?\s+(?=\S)|,\s*(?:and|then)\s+|\s(?:and|then)\s+(?=(?:how|where|when|who\b|which|what|why|from what|is|are"
        r"|do|does|can|if)\b)"
    ),
}


@dataclass(frozen=True)
class Query:
    """One question, analysed."""

    text: str
    lang: Lang
    #: Analysed terms (folded, stemmed, no stop words): what BM25 and coverage compare.
    terms: tuple[str, ...]
    #: Folded words, stop words kept ("where", "how many" count).
    words: frozenset[str]
    #: What it asks for (``count``, ``place``...), none for a yes/no or an open question.
    asks: frozenset[str]
    kind: QuestionKind
    #: Its negations, oppositions and mode, for reading a yes or no.
    stance: Stance
    #: The parts of a question that asks several things ("how long, and from what age?"); one part otherwise.
    parts: tuple[str, ...]

    @property
    def has_content(self) -> bool:
        """False when nothing is left to search for once stop words are dropped ("the", "le la les")."""
        return bool(self.terms)

    @property
    def yes_no(self) -> bool:
        """True for a question answered by yes or no."""
        return self.kind is QuestionKind.YES_NO


#: Words that ask whether a rule allows or demands something: "je peux quand même faire le rituel ?".
_MODALS = re.compile(r"\b(?:peux|peut|peuvent|puis|pouvons|dois|doit|doivent|faut|can|could|may|must|allowed)\b")


def asks_whether(text: str, lang: str) -> bool:
    """True when ``text`` asks, in so many words, whether something is so or allowed: it opens like a yes/no
    question ("Can I...", "Does...", "puis-je", "est-ce que") or asks with a modal ("je peux quand même ... ?"),
    rather than being a bare "rituel ?" or a statement with a question mark.

    >>> asks_whether("je peux quand même faire le rituel ?", "fr"), asks_whether("rituel ?", "fr")
    (True, False)
    """
    opening = fold(text).replace("’", "'").strip()
    return _opens_yes_no(opening, lang) or bool(_MODALS.search(opening))


def _opens_yes_no(opening: str, lang: str) -> bool:
    """The folded question, or one of its clauses, opens like a yes/no question, or inverts its subject (fr)."""
    clauses = [opening, *(c.strip() for c in re.split(r"[:,;]", opening)[1:])]
    return any(_YES_NO_START[lang].search(c) for c in clauses) or bool(lang == "fr" and _INVERSION.search(opening))


def question_kind(text: str, lang: str, asked: frozenset[str] | None = None) -> QuestionKind:
    """What ``text`` asks for.

    >>> question_kind("Can I do the Ritual twice?", "en"), question_kind("Où vont les guerriers ?", "fr")
    (<QuestionKind.YES_NO: 'yes_no'>, <QuestionKind.PLACE: 'place'>)
    >>> question_kind("How does the Agent work?", "en")
    <QuestionKind.OPEN: 'open'>
    """
    asked = asks(text, lang) if asked is None else asked
    opening = fold(text).replace("’", "'").strip()
    if _opens_yes_no(opening, lang) and not _WH_START[lang].search(opening):
        return QuestionKind.YES_NO
    for name in _ORDER:
        if name in asked:
            return QuestionKind(name)
    return QuestionKind.OPEN if _OPEN[lang].search(fold(text).replace("’", "'").strip()) else QuestionKind.YES_NO


def split_parts(text: str, lang: str) -> tuple[str, ...]:
    """The two questions ``text`` asks at once (cut at the first place a second one starts); ``(text,)`` when it
    asks one, or when either part would have nothing to search for.

    >>> split_parts("How long does a game take, and from what age can you play?", "en")
    ('How long does a game take', 'from what age can you play?')
    >>> split_parts("Je garde mes cartes à égalité ? Et s'il est au-dessus ?", "fr")
    ('Je garde mes cartes à égalité', "Et s'il est au-dessus ?")
    """
    folded = fold(text).replace("’", "'")
    if len(folded) != len(text):  # folding kept the length, so a cut in it is a cut in the text
        return (text,)
    for match in _JOINT[lang].finditer(folded):
        first, second = text[: match.start()].strip(" ,;?"), text[match.end() :].strip()
        if len(first) >= 8 and len(second) >= 8 and analyze(first, lang) and analyze(second, lang):
            return (first, second)
    return (text,)


def read_query(text: str, lang: str | None = None) -> Query:
    """Analyse ``text``, in ``lang`` when given (else its detected language); raises ``ValueError`` quoting an
    unknown language."""
    text = text.strip()
    language = check_language(lang) if lang else detect_language(text)
    asked = asks(text, language)
    return Query(
        text=text,
        lang=language,
        terms=tuple(analyze(text, language)),
        words=words(text),
        asks=asked,
        kind=question_kind(text, language, asked),
        stance=stance(text, language),
        parts=split_parts(text, language),
    )
