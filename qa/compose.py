"""Turn what retrieval found into an answer a player can act on: direct, short, cited, honest.

Three outcomes, in this order:

1. a ruling matches the question closely: its direct answer ("Non.", "2 points."), citing the quote it rests on
   (a ruling is Arbitre's reading of the texts, never official text); a *silent* ruling says the rules do not say;
2. a section answers: the lines of it that bear on the question (at most ``max_chars``), cited;
3. nothing clears the thresholds: "the rules do not say", naming the nearest sections.

Corpus notes whose passages the answer relies on are attached as caveats, citing the passages they concern.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from corpus import Corpus, Note, Section
from corpus.text import normalize
from qa.analysis import analyze
from qa.answer import Answer, Caveat, Citation, Kind, OriginalQuote
from qa.retrieval import Retrieval

NOT_FOUND = {
    "fr": "Les règles ne le disent pas : aucun passage des textes ne répond à cette question.",
    "en": "The rules do not say: no passage of the texts answers this question.",
}
NEAREST = {"fr": "Passages les plus proches : ", "en": "Nearest passages: "}
#: Two passages overlap when they share at least this many characters in a row.
OVERLAP = 25


@dataclass(frozen=True)
class AnswerSettings:
    """Named settings of answer composition, calibrated on the dev half of the evaluation set only."""

    #: A ruling answers when its closest question is at least this similar to the question (cosine).
    min_ruling: float = 0.90
    #: The longest rules answer, in characters.
    max_chars: int = 500


def overlaps(a: str, b: str) -> bool:
    """True when two passages share a run of at least ``OVERLAP`` characters (whitespace normalised)."""
    a, b = normalize(a), normalize(b)
    if not a or not b:
        return False
    if a in b or b in a:
        return True
    match = difflib.SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    return match.size >= OVERLAP


class Composer:
    """Builds answers from retrievals over one corpus."""

    def __init__(self, corpus: Corpus, settings: AnswerSettings | None = None) -> None:
        #: The corpus cited.
        self.corpus = corpus
        #: The thresholds.
        self.settings = settings or AnswerSettings()

    # --- the three outcomes ---------------------------------------------------------------------
    def compose(self, found: Retrieval, lang: str | None = None) -> Answer:
        """The answer to a retrieval, in ``lang`` (default: the question's language)."""
        lang = lang or found.lang
        best = found.rulings[0] if found.rulings else None
        if best is not None and best.dense >= self.settings.min_ruling:
            return self._from_ruling(found, lang)
        if found.found and found.hits:
            return self._extract(found, lang)
        return self._not_found(found, lang)

    def _from_ruling(self, found: Retrieval, lang: str) -> Answer:
        ruling = found.rulings[0].ruling
        section = self.corpus.section(ruling.section, lang)
        original = self.corpus.original(ruling.section)
        citation = self.cite(section, ruling.quotes[lang], ruling.quotes[original.lang])
        notes = self._notes(original, ruling.quotes[original.lang], extra=ruling.note)
        text = ruling.answers[lang]
        kind: Kind = "rules"
        if ruling.kind == "silent":
            kind = "not_found"
            text = f"{text} {self._nearest(found, lang)}".strip()
        return self._answer(found, lang, kind, text, [citation], notes, ruling=ruling.id, game=ruling.game)

    def _extract(self, found: Retrieval, lang: str) -> Answer:
        asked = found.hits[0].section  # in the question's language
        section = self.corpus.section(asked.id, lang)
        original = self.corpus.original(asked.id)
        lines = self._best_lines(found.question, asked)
        quote = "\n".join(section.text.splitlines()[i] for i in lines)
        source = "\n".join(original.text.splitlines()[i] for i in lines)
        citation = self.cite(section, quote, source)
        return self._answer(found, lang, "rules", quote, [citation], self._notes(original, source), game=asked.game)

    def _not_found(self, found: Retrieval, lang: str) -> Answer:
        text = f"{NOT_FOUND[lang]} {self._nearest(found, lang)}".strip()
        return self._answer(found, lang, "not_found", text, [], [], game=found.game)

    # --- pieces -------------------------------------------------------------------------------------
    def _nearest(self, found: Retrieval, lang: str) -> str:
        sections = [self.corpus.section(h.section.id, lang) for h in found.hits[:3]]
        if not sections:
            return ""
        return NEAREST[lang] + ", ".join(f"{s.title} [{s.id}]" for s in sections) + "."

    def _best_lines(self, question: str, section: Section) -> list[int]:
        """The indices of the lines that bear most on the question, within ``max_chars``, in reading order."""
        lines = section.text.splitlines()
        if len(section.text) <= self.settings.max_chars:
            return list(range(len(lines)))
        wanted = set(analyze(question, section.lang))

        def score(i: int) -> float:
            terms = analyze(lines[i], section.lang)
            return float(len(wanted & set(terms)) / (1 + len(terms)) ** 0.5)

        chosen: list[int] = []
        used = 0
        for i in sorted(range(len(lines)), key=lambda i: (-score(i), i)):
            if used + len(lines[i]) + 1 > self.settings.max_chars and chosen:
                continue
            chosen.append(i)
            used += len(lines[i]) + 1
            if used >= self.settings.max_chars:
                break
        return sorted(chosen)

    def cite(self, section: Section, quote: str, original_quote: str | None = None) -> Citation:
        """A citation of ``quote`` in ``section``, with the original's passage when it is a translation."""
        original = None
        if section.translated:
            source = self.corpus.original(section.id)
            original = OriginalQuote(source.lang, original_quote if original_quote is not None else source.text)
        return Citation(
            doc=section.doc,
            section=section.id,
            title=section.title,
            lang=section.lang,
            translated=section.translated,
            quote=quote,
            original=original,
        )

    def _notes(self, original: Section, passage: str, extra: str | None = None) -> list[Note]:
        """The notes (original language) whose quotes overlap the passage relied on, or that a ruling names."""
        notes = []
        for note in self.corpus.notes.values():
            if note.translated:
                continue
            touches = any(q.section == original.id and overlaps(q.text, passage) for q in note.quotes)
            if touches or note.id == extra:
                notes.append(note)
        return notes

    def _answer(
        self,
        found: Retrieval,
        lang: str,
        kind: Kind,
        text: str,
        citations: list[Citation],
        notes: list[Note],
        *,
        ruling: str | None = None,
        game: str | None = None,
    ) -> Answer:
        caveats = []
        cited = {c.section for c in citations}
        for note in notes:
            translated = self.corpus.notes.get((note.id, lang), note)
            caveats.append(Caveat(note.id, translated.open))
            for q in note.quotes:  # the other passages the note concerns, cited word for word
                if q.section not in cited:
                    source = self.corpus.original(q.section)
                    citations.append(Citation(source.doc, source.id, source.title, source.lang, False, q.text))
                    cited.add(q.section)
        return Answer(
            question=found.question,
            lang=lang,
            game=found.game or game,
            kind=kind,
            answer=text,
            citations=tuple(citations),
            caveats=tuple(caveats),
            ruling=ruling,
        )
