"""Which game a question is about, inferred from vocabulary only that game's texts use."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from corpus import LANGS, Corpus
from corpus.glossary import Glossary
from qa.analysis import analyze

#: A game term (glossary, aliases) says more about the game than a word its texts happen to use.
TERM_WEIGHT, WORD_WEIGHT = 2, 1


class GameDetector:
    """Scores a question by the terms that occur in one game's texts (or glossary, or aliases) only.

    The vocabulary is derived from the corpus, so a new game needs no code: its texts, glossary
    terms and aliases are enough.
    """

    def __init__(self, corpus: Corpus, glossary: Glossary | None = None) -> None:
        owners: dict[str, set[str]] = {}
        game_terms: set[str] = set()
        phrases: dict[tuple[str, ...], set[str]] = {}

        def add(game: str, texts: Iterable[str], lang: str, *, term: bool = False) -> None:
            for text in texts:
                words = analyze(text, lang)
                for analysed in words:
                    owners.setdefault(analysed, set()).add(game)
                if term and len(words) == 1:
                    game_terms.add(words[0])
                elif term and words:  # "Fin de partie" is a term; "partie" alone is just a word
                    phrases.setdefault(tuple(words), set()).add(game)

        for section in corpus.sections.values():
            if section.is_retrievable:
                add(section.game, [section.title, section.text], section.lang)
        #: Analysed game name or alias -> the game it names.
        self.names: dict[tuple[str, ...], str] = {}
        for lang in LANGS:
            for game in corpus.games.values():
                names = [*game.aliases, game.name(lang)]
                add(game.id, names, lang, term=True)
                for name in names:
                    if words := tuple(analyze(name, lang)):
                        self.names[words] = game.id
            for term in glossary.terms if glossary else ():
                if term.game in corpus.games:
                    add(term.game, term.forms[lang], lang, term=True)
        #: Analysed term -> the only game whose vocabulary holds it, and how much it counts.
        self.distinctive = {
            t: (next(iter(games)), TERM_WEIGHT if t in game_terms else WORD_WEIGHT)
            for t, games in owners.items()
            if len(games) == 1
        }
        #: Analysed multi-word term -> the only game that uses it (counted as a term when whole).
        self.phrases = {p: next(iter(games)) for p, games in phrases.items() if len(games) == 1}

    def scores(self, question: str, lang: str) -> Counter[str]:
        """The weight of the distinctive terms of each game that the question (in ``lang``) uses."""
        found: Counter[str] = Counter()
        words = analyze(question, lang)
        for t in set(words):
            if t in self.distinctive:
                game, weight = self.distinctive[t]
                found[game] += weight
        for phrase, game in self.phrases.items():
            if _contains(words, phrase):
                found[game] += TERM_WEIGHT
        return found

    def named(self, question: str, lang: str) -> set[str]:
        """The games the question names (by name or alias)."""
        words = analyze(question, lang)
        return {game for name, game in self.names.items() if _contains(words, name)}

    def detect(self, question: str, lang: str) -> str | None:
        """The game the question names, else the game whose vocabulary it uses, or ``None`` when none or several
        do.

        >>> from corpus import load_corpus
        >>> detector = GameDetector(load_corpus())
        >>> detector.detect("Combien de guerriers retire le Rituel ?", "fr"), detector.detect("Hello there", "en")
        ('root', None)
        """
        named = self.named(question, lang)
        if len(named) == 1:
            return named.pop()
        ranked = self.scores(question, lang).most_common()
        if not ranked or (len(ranked) > 1 and ranked[1][1] >= ranked[0][1]):
            return None
        return ranked[0][0]


def _contains(words: list[str], phrase: tuple[str, ...]) -> bool:
    """True when ``phrase`` occurs in ``words`` as a run."""
    return any(tuple(words[i : i + len(phrase)]) == phrase for i in range(len(words) - len(phrase) + 1))
