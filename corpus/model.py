"""Typed, immutable values for the corpus: games, documents, sections and notes.

A section is one passage of a rule document in one language. Its key is ``(id, lang)``: the
original and its translation share the id. Notes are a third kind of entry: they quote passages
where the texts are ambiguous or contradict each other, and answers attach them as caveats.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from corpus.text import fold

Lang = Literal["fr", "en"]
LANGS: tuple[Lang, ...] = ("fr", "en")


@dataclass(frozen=True)
class Game:
    """A game Arbitre covers, as declared in ``games.yaml``."""

    id: str
    names: Mapping[str, str]
    aliases: tuple[str, ...]
    documents: tuple[str, ...]
    #: Questions a client may suggest to a new user, by language.
    suggested: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def name(self, lang: str) -> str:
        """The game's name in ``lang`` (French when that language has none)."""
        return self.names.get(lang) or self.names["fr"]


@dataclass(frozen=True)
class Document:
    """One rule document; ``lang`` is the language of its original text."""

    id: str
    game: str
    lang: Lang
    titles: Mapping[str, str]
    source: str

    def title(self, lang: str) -> str:
        """The document's title in ``lang``, or in its original language."""
        return self.titles.get(lang) or self.titles[self.lang]


@dataclass(frozen=True)
class Section:
    """One passage of a document, in one language.

    ``text`` is word for word for an original (``translated`` false). A heading that only
    groups other sections has an empty ``text``. ``furniture`` marks website furniture
    (printable-sheet blurbs, "Dans le même genre"...): kept so that every line of the sources is
    in the corpus, but never retrieved nor cited.
    """

    id: str
    doc: str
    game: str
    lang: Lang
    title: str
    text: str
    parent: str | None
    order: int
    furniture: bool = False
    translated: bool = False

    @property
    def key(self) -> tuple[str, str]:
        """The section's unique key, ``(id, lang)``."""
        return (self.id, self.lang)

    @property
    def is_retrievable(self) -> bool:
        """True when the section may be ranked and cited: it has text and is not furniture."""
        return bool(self.text) and not self.furniture


@dataclass(frozen=True)
class Quote:
    """A verbatim passage of a section (in the section's original language)."""

    section: str
    text: str


@dataclass(frozen=True)
class Note:
    """A corpus note: what the texts leave open or contradict, with the passages concerned."""

    id: str
    lang: Lang
    title: str
    open: str
    quotes: tuple[Quote, ...]
    sections: tuple[str, ...]
    translated: bool = False

    @property
    def section_ids(self) -> tuple[str, ...]:
        """Every section the note concerns: the quoted ones first, then the others named."""
        ids = [q.section for q in self.quotes] + list(self.sections)
        return tuple(dict.fromkeys(ids))


Verdict = Literal["yes", "no"]
#: A direct answer's leading yes or no word: "Non. ...", "Yes, ...".
_LEADING = re.compile(r"^(oui|non|yes|no)\s*[.,:;!]", re.IGNORECASE)
_VERDICTS: dict[str, Verdict] = {"oui": "yes", "yes": "yes", "non": "no", "no": "no"}


def leading_verdict(answer: str) -> Verdict | None:
    """The yes or no an answer starts with, if any.

    >>> leading_verdict("Non. À égalité, tes cartes restent."), leading_verdict("2 points.")
    ('no', None)
    """
    match = _LEADING.match(answer)
    return _VERDICTS[match.group(1).lower()] if match else None


#: The right answer of a question asked of a ruling: its yes, its no, or not settled by the texts.
Answer = Literal["yes", "no", "unsettled"]


@dataclass(frozen=True)
class Asked:
    """A question authored for a ruling whose right answer is stated with it (``yes``, ``no`` or ``unsettled``),
    unlike the ruling's ``questions``, which all have the ruling's own answer.

    A flip written as a minimal pair of one of the ruling's questions names it (``pair``, its index in that
    language) and the words of this question that turn the answer (``trigger``).
    """

    text: str
    answer: Answer
    trigger: str | None = None
    pair: int | None = None


@dataclass(frozen=True)
class Ruling:
    """Arbitre's reading of the texts for one question: a direct answer resting on a verbatim quote.

    Rulings are curated by Arbitre's authors; they are never official text. ``kind`` is ``answer``, or
    ``silent`` for a question the texts do not answer (``note`` then names the corpus note recording it).
    A ruling whose answer starts with a yes or a no states its ``claims``: the fact the answer affirms, one
    sentence per language, which a player's question is compared with to tell whether it asks that fact or
    its opposite.
    """

    id: str
    game: str
    section: str
    kind: Literal["answer", "silent"]
    quotes: Mapping[str, str]
    questions: Mapping[str, tuple[str, ...]]
    answers: Mapping[str, str]
    note: str | None = None
    claims: Mapping[str, str] | None = None
    #: Questions whose right answer is stated with each (:class:`Asked`), by language: for a yes/no ruling, its
    #: questions of the opposite answer; for any ruling, near misses its texts do not settle.
    asked: Mapping[str, tuple[Asked, ...]] = field(default_factory=dict)

    @property
    def verdict(self) -> Verdict | None:
        """The yes or no the ruling's answer starts with (the same in every language), if any."""
        return leading_verdict(next(iter(self.answers.values()))) if self.answers else None


@dataclass(frozen=True)
class Corpus:
    """Everything loaded and validated: games, documents, sections and notes."""

    games: Mapping[str, Game]
    documents: Mapping[str, Document]
    sections: Mapping[tuple[str, str], Section]
    notes: Mapping[tuple[str, str], Note] = field(default_factory=dict)
    rulings: Mapping[str, Ruling] = field(default_factory=dict)

    def section(self, section_id: str, lang: str) -> Section:
        """The version of a section in ``lang``; raises ``KeyError`` naming the key."""
        try:
            return self.sections[(section_id, lang)]
        except KeyError:
            raise KeyError(f"no section {section_id!r} in language {lang!r}") from None

    def versions(self, section_id: str) -> tuple[Section, ...]:
        """Every language version of a section, the original first."""
        found = [self.sections[(section_id, lang)] for lang in LANGS if (section_id, lang) in self.sections]
        return tuple(sorted(found, key=lambda s: s.translated))

    def original(self, section_id: str) -> Section:
        """The section in the language its document was written in."""
        for version in self.versions(section_id):
            if not version.translated:
                return version
        raise KeyError(f"no section {section_id!r}")

    @cached_property
    def _ids(self) -> tuple[str, ...]:
        doc_order = {doc_id: i for i, doc_id in enumerate(self.documents)}
        originals = sorted(
            (s for s in self.sections.values() if not s.translated),
            key=lambda s: (doc_order[s.doc], s.order),
        )
        return tuple(s.id for s in originals)

    def section_ids(self) -> tuple[str, ...]:
        """Every section id once, in document then reading order."""
        return self._ids

    def children(self, section_id: str) -> tuple[str, ...]:
        """The ids of the sections whose parent is ``section_id``, in reading order."""
        return tuple(i for i in self.section_ids() if self.original(i).parent == section_id)

    def breadcrumb(self, section: Section) -> tuple[str, ...]:
        """The titles of a section's ancestors, outermost first, in the section's language."""
        titles: list[str] = []
        parent = section.parent
        while parent is not None:
            ancestor = self.sections.get((parent, section.lang)) or self.original(parent)
            titles.insert(0, ancestor.title)
            parent = ancestor.parent
        return tuple(titles)

    def game(self, game_id: str) -> Game:
        """The registered game ``game_id``; raises ``KeyError`` quoting it and the known ids."""
        try:
            return self.games[game_id]
        except KeyError:
            known = ", ".join(sorted(self.games))
            raise KeyError(f"unknown game {game_id!r}; known games: {known}") from None

    def find_game(self, name: str) -> Game:
        """The game called ``name``: its id, an alias or a name, case and accents aside; ``KeyError`` quotes an
        unknown one and lists the known ids."""
        key = fold(name).strip()
        for game in self.games.values():
            if key in {fold(n) for n in (game.id, *game.aliases, *game.names.values())}:
                return game
        return self.game(name)

    def notes_for(self, section_id: str, lang: str) -> tuple[Note, ...]:
        """The notes (in ``lang`` when translated, else the original) that concern a section."""
        found: dict[str, Note] = {}
        for (note_id, note_lang), note in self.notes.items():
            if section_id in note.section_ids and (note_lang == lang or note_id not in found):
                found[note_id] = note
        return tuple(found.values())
