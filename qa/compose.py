"""Turn what retrieval found into an answer a player can act on: direct, short, cited, honest.

What to answer is decided beforehand, in one place (:mod:`qa.decision`); this module writes the answer a decision
gives. The main ones:

1. a ruling matches the question closely: its direct answer ("Non.", "2 points."), citing the quote it rests on
   (a ruling is Arbitre's reading of the texts, never official text); a *silent* ruling says the rules do not say;
2. a section answers, when it holds most of the question's words and retrieval found it close enough, or the
   closest ruling vouches for it: the lines of it that bear on the question (at most ``max_chars``), cited;
3. nothing clears the thresholds: "the rules do not say", naming the nearest sections.

Before 1 or 2, a question that names no game, when another game's best candidate comes nearly as close, gets a
question back instead (``clarify``): which game is meant.

Corpus notes whose passages the answer relies on are attached as caveats, citing the passages they concern.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace

from corpus import Corpus, Note, Section
from corpus.model import Verdict
from corpus.text import fold, normalize
from qa.analysis import analyze
from qa.answer import GAP, Answer, Caveat, Citation, Kind, OriginalQuote, quoted_lines
from qa.decision import Decision, Reason
from qa.lexical import section_terms
from qa.phrases import (
    CONTRADICT,
    NEAREST,
    NO_CONTENT,
    NOT_FOUND,
    OR,
    PART_NOT_FOUND,
    PASSAGE_WITHHELD,
    UNKNOWN,
    UNSETTLED,
    VERDICT,
    WHICH_GAME,
    WITHHELD,
)
from qa.retrieval import Retrieval
from qa.scenario import Scenario, write

#: Two passages overlap when they share at least this many characters in a row.
OVERLAP = 25
#: A note's quote is echoed by an answer that uses at least this share of its words.
ECHO = 0.6


@dataclass(frozen=True)
class AnswerSettings:
    """Named settings of how an answer is written (what it answers is the decision's: :mod:`qa.decision`)."""

    #: The longest rules answer, in characters.
    max_chars: int = 500
    #: At most this many more sections are cited for what a ruling's answer says beyond the section it rests
    #: on (an overview summarising its neighbours); each must hold at least ``min_support`` of those words.
    max_support: int = 3
    min_support: int = 2


_POLARITY = re.compile(r"^(?:Oui|Non|Yes|No)\s*[.,:;!]\s*", re.IGNORECASE)


#: A French question asked in the negative: "pas", "jamais", "rien" (spoken French drops the "ne"; "ne ... que" only
#: restricts), but not "ou pas ?" (either way) nor "sans".
_NEGATIVE_FR = re.compile(r"(?<!\bou )\bpas\b|\bjamais\b|\brien\b")


def first_word(verdict: Verdict, question: str, lang: str) -> str:
    """The yes or no to give first, in the asker's language and form: a French question asked in the negative is
    contradicted with "Si", not "Non".

    >>> first_word("no", "Elle active pas son pouvoir ?", "fr"), first_word("no", "Je ne joue qu'une carte ?", "fr")
    ('Si.', 'Non.')
    >>> first_word("yes", "So it doesn't trigger?", "en")
    'Yes.'
    """
    if verdict == "no" and _NEGATIVE_FR.search(fold(question).replace("’", "'")) and lang == "fr":
        return CONTRADICT[lang]
    return VERDICT[lang][verdict]


def without_polarity(answer: str) -> str:
    """The answer without a leading yes/no word, its first letter capitalised.

    >>> without_polarity("Non. À égalité, tes cartes restent.")
    'À égalité, tes cartes restent.'
    >>> without_polarity("2 points par jeton Or.")
    '2 points par jeton Or.'
    """
    rest = _POLARITY.sub("", answer, count=1)
    return rest[:1].upper() + rest[1:] if rest != answer else answer


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

    # --- the decided answer --------------------------------------------------------------------
    def compose(self, decision: Decision, lang: str | None = None) -> Answer:
        """The text of the answer ``decision`` gives, in ``lang`` (default: the question's language)."""
        lang = lang or decision.query.lang
        answer = self._write(decision, lang)
        return replace(answer, margin=decision.margin)

    def _write(self, decision: Decision, lang: str) -> Answer:
        reason, found = decision.reason, decision.retrieval
        if reason is Reason.NO_CONTENT:
            return self._plain(decision, lang, NO_CONTENT[lang])
        if reason is Reason.UNKNOWN_THING:
            names = ", ".join(f"« {u.name} »" if lang == "fr" else f"'{u.name}'" for u in decision.unknown)
            return self._plain(decision, lang, UNKNOWN[lang].format(names=names))
        if reason is Reason.PARTS:
            return self._parts(decision, lang)
        if decision.scenario is not None:
            return self._scenario(decision, lang)
        if found is None:
            raise ValueError(f"a {reason.value!r} decision must rest on a retrieval")
        if reason is Reason.WHICH_GAME:
            return self._which_game(found, lang, list(decision.games))
        if reason in (Reason.RULING, Reason.SILENT_RULING, Reason.UNSETTLED):
            return self._from_ruling(found, lang, decision)
        if reason in (Reason.PASSAGE, Reason.VOUCHED_PASSAGE):
            return self._extract(found, lang, withheld=decision.withheld)
        return self._not_found(found, lang)

    def _scenario(self, decision: Decision, lang: str) -> Answer:
        """A computed position: the verdict first, each section its steps applied cited, each reading a caveat."""
        outcome = decision.scenario
        assert outcome is not None  # noqa: S101 - the caller checked
        steps = () if outcome.verdict is None else outcome.verdict.steps
        citations = []
        for rule in dict.fromkeys(s.rule for s in steps):
            section = self.corpus.section(rule, lang)
            citations.append(self.cite(section, section.text))
        caveats = [
            Caveat(note, self.corpus.notes[(note, lang)].open)
            for note in dict.fromkeys(s.reading for s in steps if s.reading)
            if (note, lang) in self.corpus.notes
        ]
        game = None if outcome.frame is None else outcome.frame.game
        return Answer(
            decision.query.text,
            lang,
            game,
            decision.kind,
            write(outcome, lang),
            tuple(citations),
            tuple(caveats),
            scenario=Scenario.of(outcome, decision.query.text, lang),
        )

    def _plain(self, decision: Decision, lang: str, text: str) -> Answer:
        return Answer(decision.query.text, lang, None, decision.kind, text)

    def _parts(self, decision: Decision, lang: str) -> Answer:
        """One answer per part, in order; a part the texts do not answer says so, quoting the part."""
        answers = [self.compose(part, lang) for part in decision.parts]
        lines, citations, caveats = [], [], []
        for part, answer in zip(decision.parts, answers, strict=True):
            if answer.kind == "not_found":
                lines.append(PART_NOT_FOUND[lang].format(part=part.query.text.rstrip(" ?")))
            else:
                lines.append(answer.answer)
            citations += [c for c in answer.citations if c not in citations]
            caveats += [c for c in answer.caveats if c not in caveats]
        games = {a.game for a in answers if a.game}
        return Answer(
            decision.query.text,
            lang,
            games.pop() if len(games) == 1 else None,
            "rules" if any(a.kind == "rules" for a in answers) else answers[0].kind,
            "\n".join(lines),
            tuple(citations),
            tuple(caveats),
            ruling=next((a.ruling for a in answers if a.ruling), None),
        )

    def _which_game(self, found: Retrieval, lang: str, games: list[str]) -> Answer:
        names = [self.corpus.game(g).name(lang) for g in games]
        text = WHICH_GAME[lang].format(games=", ".join(names[:-1]) + OR[lang] + names[-1])
        return self._answer(found, lang, "clarify", f"{text} {self._nearest(found, lang)}".strip(), [], [])

    def _from_ruling(self, found: Retrieval, lang: str, decision: Decision) -> Answer:
        ruling = decision.ruling
        if ruling is None:
            raise ValueError(f"a {decision.reason.value!r} decision must name its ruling")
        section = self.corpus.section(ruling.section, lang)
        original = self.corpus.original(ruling.section)
        relied = self._holding(original, ruling.quotes[original.lang])
        if relied:
            asked = self.corpus.section(ruling.section, found.lang)  # lines align across languages
            lines = self._best_lines(found.question, asked, keep=relied)
            quote = self._lines(section, lines)
            source = self._lines(original, lines)
        else:  # the quote is the title
            quote, source = ruling.quotes[lang], ruling.quotes[original.lang]
        citations = [self.cite(section, quote, source), *self._support(ruling.answers[lang], section)]
        notes = self._notes(
            original, ruling.quotes[original.lang], extra=ruling.note, said=ruling.answers[original.lang]
        )
        text = without_polarity(ruling.answers[lang])
        if decision.verdict is not None:
            text = f"{first_word(decision.verdict, decision.query.text, lang)} {text}"
        elif decision.withheld:
            text = f"{WITHHELD[lang]} {text}"
        kind: Kind = "rules"
        if decision.reason is Reason.UNSETTLED:
            kind = "not_found"
            text = f"{UNSETTLED[lang]} {text}"
        elif ruling.kind == "silent":
            kind = "not_found"
            text = f"{text} {self._nearest(found, lang)}".strip()
        return self._answer(found, lang, kind, text, citations, notes, ruling=ruling.id, game=ruling.game)

    def _support(self, said: str, cited: Section) -> list[Citation]:
        """Citations of the neighbours of ``cited`` (its parent, siblings and children) that hold what ``said``
        says beyond ``cited``: each in turn the one holding most of the words still unheld, while it holds at
        least ``min_support`` of them; quoted on the lines that hold them. A neighbour counts only when ``said``
        names it (a word of its title that the title of ``cited`` lacks): sharing a few common words ("card",
        "round") with a sibling is no reason to cite it."""
        lang, s = cited.lang, self.settings
        terms_said = set(analyze(said, lang))
        unheld = terms_said - set(analyze(section_terms(self.corpus, cited), lang))
        named = terms_said - set(analyze(cited.title, lang))
        family = {cited.parent, *self.corpus.children(cited.id)}
        if cited.parent is not None:
            family |= set(self.corpus.children(cited.parent))
        pool = [
            self.corpus.section(i, lang)
            for i in sorted(i for i in family if i is not None and i != cited.id)
            if (i, lang) in self.corpus.sections
        ]
        pool = [n for n in pool if n.is_retrievable and named & set(analyze(n.title, lang))]
        terms = {n.id: set(analyze(section_terms(self.corpus, n), lang)) for n in pool}
        out: list[Citation] = []
        while unheld and pool and len(out) < s.max_support:
            held = {n.id: unheld & terms[n.id] for n in pool}
            best = max(pool, key=lambda n: (len(held[n.id]), -n.order))
            if len(held[best.id]) < s.min_support:
                break
            lines = self._best_lines(" ".join(sorted(held[best.id])), best)
            original = self.corpus.original(best.id)
            out.append(self.cite(best, self._lines(best, lines), self._lines(original, lines)))
            unheld -= held[best.id]
            pool.remove(best)
        return out

    def _extract(self, found: Retrieval, lang: str, *, withheld: bool = False) -> Answer:
        """The lines of the best section that bear on the question; for a yes/no question, said to be no yes or
        no."""
        asked = found.hits[0].section  # in the question's language
        section = self.corpus.section(asked.id, lang)
        original = self.corpus.original(asked.id)
        lines = self._best_lines(found.question, asked)
        quote, source = self._lines(section, lines), self._lines(original, lines)
        citation = self.cite(section, quote, source)
        text = f"{PASSAGE_WITHHELD[lang]}\n{quote}" if withheld else quote
        return self._answer(found, lang, "rules", text, [citation], self._notes(original, source), game=asked.game)

    def _not_found(self, found: Retrieval, lang: str) -> Answer:
        text = f"{NOT_FOUND[lang]} {self._nearest(found, lang)}".strip()
        return self._answer(found, lang, "not_found", text, [], [], game=found.game)

    # --- pieces -------------------------------------------------------------------------------------
    def _nearest(self, found: Retrieval, lang: str) -> str:
        sections = [self.corpus.section(h.section.id, lang) for h in found.hits[:3]]
        if not sections:
            return ""
        return NEAREST[lang] + ", ".join(f"{s.title} [{s.id}]" for s in sections) + "."

    @staticmethod
    def _holding(section: Section, quote: str) -> list[int]:
        """The indices of the lines of ``section`` that hold ``quote`` (one line, or the run of lines a quote
        spanning several covers); empty when the quote is not in the text (e.g. a title)."""
        lines = section.text.splitlines()
        wanted = normalize(quote)
        for i, line in enumerate(lines):
            if wanted in normalize(line):
                return [i]
        for i in range(len(lines)):
            for j in range(i + 2, len(lines) + 1):
                if wanted in normalize("\n".join(lines[i:j])):
                    return list(range(i, j))
        return []

    @staticmethod
    def _lines(section: Section, indices: list[int]) -> str:
        """The lines of ``section`` at ``indices``, word for word; a line :data:`GAP` marks lines left out."""
        lines = section.text.splitlines()
        out: list[str] = []
        for n, i in enumerate(indices):
            if n and i != indices[n - 1] + 1:
                out.append(GAP)
            out.append(lines[i])
        return "\n".join(out)

    def _best_lines(self, question: str, section: Section, keep: list[int] | None = None) -> list[int]:
        """The indices of the lines that bear most on the question, within ``max_chars``, in reading order;
        the lines in ``keep`` (what a ruling rests on) come first."""
        lines = section.text.splitlines()
        if len(section.text) <= self.settings.max_chars:
            return list(range(len(lines)))
        wanted = set(analyze(question, section.lang))
        first = set(keep or ())

        def score(i: int) -> float:
            terms = analyze(lines[i], section.lang)
            return float(len(wanted & set(terms)) / (1 + len(terms)) ** 0.5)

        chosen: list[int] = []
        used = 0
        for i in sorted(range(len(lines)), key=lambda i: (i not in first, -score(i), i)):
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
            lines=quoted_lines(section.text, quote),
        )

    def _notes(self, original: Section, passage: str, extra: str | None = None, said: str = "") -> list[Note]:
        """The notes (original language) that concern what the answer relies on or says.

        A note applies when one of its quotes in the cited section overlaps the passage relied on, or
        when most of that quote's words are in what the answer ``said`` (in the section's language), or
        when the ruling names it.
        """
        notes = []
        said_terms = set(analyze(said, original.lang))

        def echoed(quote: str) -> bool:
            terms = set(analyze(quote, original.lang))
            return bool(terms) and len(terms & said_terms) >= ECHO * len(terms)

        for note in self.corpus.notes.values():
            if note.translated:
                continue
            touches = any(
                q.section == original.id and (overlaps(q.text, passage) or echoed(q.text)) for q in note.quotes
            )
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
                    lines = quoted_lines(source.text, q.text)
                    cited_note = Citation(source.doc, source.id, source.title, source.lang, False, q.text, None, lines)
                    citations.append(cited_note)
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
