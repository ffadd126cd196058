"""What the texts name, and the things a question names that they never do.

A player may ask about a fifth configuration, a power from another game or a player count no text gives. No
neighbouring passage answers that: the answer is that the texts do not know the thing, by its name. Everything
here is derived from the corpus, so a new game needs no code.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from corpus import Corpus
from corpus.glossary import Glossary
from corpus.text import fold
from qa.analysis import stopwords

_WORD = re.compile(r"[\w'’-]+")
#: "configuration D", "set F", "série F".
_CONFIG = re.compile(
    r"\b(?:configurations?|config\.?|sets?|series?|séries?|ensembles?)\s+([A-Za-z])\b(?!['’\w])", re.IGNORECASE
)
_NUMBER_WORDS = {
    "un": 1, "une": 1, "one": 1, "deux": 2, "two": 2, "trois": 3, "three": 3, "quatre": 4, "four": 4, "cinq": 5,
    "five": 5, "six": 6, "sept": 7, "seven": 7, "huit": 8, "eight": 8, "neuf": 9, "nine": 9, "dix": 10, "ten": 10,
}  # fmt: skip
_N = r"(\d+|" + "|".join(_NUMBER_WORDS) + r")"
#: "6 joueurs", "à 7", "a 6-player game", "six players", "for 6".
_PLAYERS = re.compile(
    rf"\b{_N}\s*(?:-\s*)?(?:joueu(?:r|rs|se|ses)|players?|personnes|people|participants)\b"
    rf"|\b(?:jouer|joue|jouable|partie|play|game)\s+(?:a|à|with|for)\s+{_N}\b"
    r"(?!\s*(?:cartes?|cards?|points?|or|gold|joueu|players?|personnes|people|-))",
    re.IGNORECASE,
)
#: The player counts a text gives: "1 à 4", "1–4", "2 to 4 players", "5 players", "5e joueur".
_COUNTS = re.compile(r"(\d+)\s*(?:à|a|to|–|-)\s*(\d+)|(\d+)\s*(?:e|th)?\s*(?:joueu|player)", re.IGNORECASE)
_CATEGORY = (
    r"tuiles?|pouvoirs?|cartes?|jetons?|pions?|phases?|étapes?|etapes?|modules?|factions?|actions?|capacités?"
    r"|tiles?|powers?|cards?|tokens?|pieces?|steps?|abilit(?:y|ies)|markers?|marqueurs?|boards?|plateaux?"
)
#: "the Wizard", "l'Alchimiste", "la tuile Impératrice", "the traitor card", "jeton Malédiction".
_NAMED = re.compile(
    rf"(?<!^)\b(?:the|le|la|les|l['’]|un|une|a|an|du|des|my|mon|ma|mes)\s*([A-ZÀ-Ý][\w-]+)"
    rf"|\b(?:{_CATEGORY})\s+(?:de\s+|du\s+|des\s+|d['’])?([A-ZÀ-Ý][\w-]+)"
    rf"|(?<=\s)([A-ZÀ-Ý][\w-]+)\s+(?:{_CATEGORY})\b"
)
#: A lower-case word beside a word such as "tile" or "pouvoir": "the spy tile", "le pouvoir alchimiste".
_NAMED_LOWER = {  # in each language's order: "le pouvoir alchimiste", "the spy tile"
    "fr": re.compile(rf"\b(?:{_CATEGORY})\s+(?:de\s+|du\s+|des\s+|d['’])?([a-zà-ÿ]\w{{2,}})\b(?![-'’])"),
    "en": re.compile(rf"(?<![-\w])([a-zà-ÿ]\w{{2,}})\s+(?:{_CATEGORY})\b"),
}
#: A subject just before "le", "la", "les" makes it a pronoun and the next word a verb ("je la pose").
_SUBJECT = re.compile(r"\b(?:je|j['’]|tu|il|elle|on|nous|vous|ils|elles|peux|peut|dois|doit|puis|-je|-on)\s*$", re.I)
#: A lower-case noun after a determiner: "le mausolee", "the banshee" (a word of five letters or more).
_DETERMINED = {
    "fr": re.compile(r"(?<![\w'’-])(?:le|la|les|un|une|du|des|ce|cette|ces)\s+([a-zà-ÿ]\w{4,})\b(?![-'’])"),
    "en": re.compile(r"(?<![\w'’-])(?:the|a|an|this|that|these|those)\s+([a-zà-ÿ]\w{4,})\b(?![-'’])"),
}
#: A capitalised word of the question this close to a name of the texts is that name, mistyped ("Emporer").
TYPO = 0.7


@dataclass(frozen=True)
class Unknown:
    """Something a question names that no text does, as the question writes it."""

    name: str


class Vocabulary:
    """The words, configuration letters and player counts of the texts."""

    def __init__(self, corpus: Corpus, glossary: Glossary | None = None) -> None:
        texts = [f"{s.title}\n{s.text}" for s in corpus.sections.values()]
        said = [t for r in corpus.rulings.values() for ts in (*r.questions.values(), r.answers.values()) for t in ts]
        #: The folded words players use in the questions Arbitre's rulings list, and their answers: ordinary words
        #: ("leftover", "grab"), never a name the texts lack unless the texts use it too.
        self.spoken = frozenset(w for text in said for w in _WORD.findall(fold(text)))
        forms = [f for t in (glossary.terms if glossary else ()) for fs in t.forms.values() for f in fs]
        names = [n for g in corpus.games.values() for n in (*g.aliases, *g.names.values())]
        #: Every folded word the texts, the glossary and the game names use.
        self.words = frozenset(w for text in [*texts, *forms, *names] for w in _WORD.findall(fold(text)))
        #: The folded names the texts and the glossary use (capitalised words, glossary forms).
        self.names = sorted(
            {fold(w) for text in texts for w in _WORD.findall(text) if w[:1].isupper()}
            | {w for f in forms for w in _WORD.findall(fold(f))}
        )
        self._pools: dict[str, list[str]] = {}
        #: The configuration letters the texts name (upper case).
        self.letters = frozenset(m.upper() for text in texts for m in _CONFIG.findall(text))
        #: The player counts some text gives.
        self.player_counts = frozenset(_player_counts(texts))

    def knows(self, word: str) -> bool:
        """True when the texts use ``word``, or a name of theirs a typo away from it."""
        folded = fold(word).strip("'’-")
        if not folded or folded in self.words or folded.isdigit():
            return True
        return bool(difflib.get_close_matches(folded, self.names, n=1, cutoff=TYPO))

    def unknown(self, question: str, lang: str) -> tuple[Unknown, ...]:
        """The things ``question`` names that the texts never name: a configuration letter, a player count, or a
        name (after a determiner or beside a word such as "tile", "power", "jeton") no text uses.

        >>> from corpus import load_corpus
        >>> from corpus.glossary import load_glossary
        >>> vocabulary = Vocabulary(load_corpus(), load_glossary())
        >>> [u.name for u in vocabulary.unknown("What does the Wizard tile do in configuration D?", "en")]
        ['configuration D', 'Wizard']
        >>> vocabulary.unknown("Que fait le Prophete en configuration B ?", "fr")
        ()
        """
        found: dict[str, Unknown] = {}
        for match in _CONFIG.finditer(question):
            if match.group(1).upper() not in self.letters and (match.group(1).isupper() or len(question) < 200):
                found.setdefault(match.group(0).lower(), Unknown(match.group(0)))
        for match in _PLAYERS.finditer(question):
            number = next(g for g in match.groups() if g)
            count = int(number) if number.isdecimal() else _NUMBER_WORDS[number.lower()]
            if self.player_counts and count not in self.player_counts and count > 1:
                found.setdefault(match.group(0).lower(), Unknown(match.group(0).strip()))
        stop = stopwords(lang)
        for match in _NAMED.finditer(question):
            word = next(g for g in match.groups() if g)
            if fold(word) in stop or re.fullmatch(_CATEGORY, word, re.IGNORECASE) or self.knows(word):
                continue
            found.setdefault(fold(word), Unknown(_named(match, word)))
        for match in _NAMED_LOWER[lang].finditer(question):
            word = next(g for g in match.groups() if g)
            folded = fold(word)
            if folded in stop or folded in self.spoken or re.fullmatch(_CATEGORY, word) or self.knows(word):
                continue
            found.setdefault(folded, Unknown(_named(match, word)))
        for match in _DETERMINED[lang].finditer(question):
            if _SUBJECT.search(question[: match.start()]):
                continue
            word = match.group(1)
            folded = fold(word)
            after = _WORD.match(question[match.end() :].lstrip())
            if after and fold(after.group(0)) in self.words:  # "la bonne couleur": a word before a noun of the texts
                continue
            if folded in stop or folded in self.spoken or self.knows(word) or self._near_word(folded):
                continue
            found.setdefault(folded, Unknown(word))
        return tuple(found.values())

    def _near_word(self, folded: str) -> bool:
        """True when a word of the texts or of the players' questions is one typo away ("distric", "guerier")."""
        pool = self._pools.setdefault(folded[:1], sorted(w for w in self.words | self.spoken if w[:1] == folded[:1]))
        return bool(difflib.get_close_matches(folded, pool, n=1, cutoff=0.8))


def _named(match: re.Match[str], word: str) -> str:
    """The name as the question writes it, with the word such as "tile" or "jetons" beside it, when there is one."""
    span = match.group(0)
    return span if re.search(_CATEGORY, span.replace(word, ""), re.IGNORECASE) else word


def _player_counts(texts: Iterable[str]) -> set[int]:
    counts: set[int] = set()
    for text in texts:
        lines = re.split(r"(?<=[.!?])\s|\n(?=\S)", text)
        # a one-word heading line ("Joueurs") belongs to the line it heads ("1 à 4")
        lines = [f"{a} {b}" if len(a.split()) == 1 else b for a, b in zip(["", *lines], lines, strict=False)]
        for line in lines:
            if not re.search(r"joueu|player", line, re.IGNORECASE):
                continue
            for low, high, one in _COUNTS.findall(line):
                if one:
                    counts.add(int(one))
                elif int(low) <= int(high) <= 10:
                    counts.update(range(int(low), int(high) + 1))
    return counts
