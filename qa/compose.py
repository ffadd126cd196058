"""Turn what retrieval found into an answer a player can act on: direct, short, cited, honest.

Three outcomes, in this order:

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

from corpus import Corpus, Note, Ruling, Section
from corpus.text import normalize
from qa.analysis import analyze, asks, words
from qa.answer import GAP, Answer, Caveat, Citation, Kind, OriginalQuote
from qa.lexical import section_terms
from qa.margin import Margins
from qa.retrieval import Retrieval

NOT_FOUND = {
    "fr": "Les règles ne le disent pas : aucun passage des textes ne répond à cette question.",
    "en": "The rules do not say: no passage of the texts answers this question.",
}
NEAREST = {"fr": "Passages les plus proches : ", "en": "Nearest passages: "}
WHICH_GAME = {
    "fr": "Cette question peut concerner plusieurs jeux : de quel jeu parles-tu, {games} ?",
    "en": "This question could be about more than one game: which game do you mean, {games}?",
}
OR = {"fr": " ou ", "en": " or "}
#: Two passages overlap when they share at least this many characters in a row.
OVERLAP = 25
#: A note's quote is echoed by an answer that uses at least this share of its words.
ECHO = 0.6


@dataclass(frozen=True)
class AnswerSettings:
    """Named settings of answer composition, calibrated on the dev half of the evaluation set only."""

    #: A ruling answers when its closest question is at least this similar to the question (cosine)...
    min_ruling: float = 0.70
    #: ...or at least this similar when the ruling rests on one of the ``agree_within`` best sections retrieval
    #: found.
    min_ruling_agreeing: float = 0.62
    agree_within: int = 2
    #: A silent ruling ("the rules do not say") needs at least this similarity: saying the rules are silent
    #: about a question they answer is the worse mistake.
    min_silent: float = 0.76
    #: A silent ruling gives way to an answer ruling within this similarity of it whose questions hold at least
    #: as many of the question's words (stop words included, so "where" and "how many" count): when the two read
    #: alike, the words decide, and a tie goes to the answer.
    silent_margin: float = 0.10
    #: A ruling's leading "Yes."/"Non." is kept only when the question is at least this close to one of the
    #: ruling's own questions: a close but opposite question ("do I keep...?" / "do I lose...?") must not
    #: inherit the wrong polarity; the rest of the answer states the rule either way.
    min_polarity: float = 0.90
    #: A ruling (by its questions and answer) or a passage answers only when it holds at least this share of
    #: the question's words (analysed: stemmed, without stop words): a text on the topic that never speaks of
    #: what is asked ("are the gold tokens hidden?" against the Merchant's text) is not an answer.
    min_coverage: float = 0.4
    #: When the question names no game, another game's closest ruling (or passage) within this similarity of
    #: the one that would answer makes the question ambiguous: Arbitre asks which game is meant.
    clarify_margin: float = 0.08
    #: The longest rules answer, in characters.
    max_chars: int = 500
    #: At most this many more sections are cited for what a ruling's answer says beyond the section it rests
    #: on (an overview summarising its neighbours); each must hold at least ``min_support`` of those words.
    max_support: int = 3
    min_support: int = 2


_POLARITY = re.compile(r"^(?:Oui|Non|Yes|No)\s*[.,:;!]\s*", re.IGNORECASE)


def without_polarity(answer: str) -> str:
    """The answer without a leading yes/no word, its first letter capitalised.

    >>> without_polarity("Non. À égalité, tes cartes restent.")
    'À égalité, tes cartes restent.'
    >>> without_polarity("2 points par jeton Or.")
    '2 points par jeton Or.'
    """
    rest = _POLARITY.sub("", answer, count=1)
    return rest[:1].upper() + rest[1:] if rest != answer else answer


def _share(question: str, text: str, lang: str) -> float:
    """The share of the question's analysed words that occur in ``text``.

    >>> _share("Combien rapporte un jeton Or ?", "Chaque jeton Or rapporte 2 points.", "fr")  # all but "combien"
    0.75
    """
    asked = set(analyze(question, lang))
    return len(asked & set(analyze(text, lang))) / len(asked) if asked else 0.0


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
        margins = Margins()
        margins.add(found.margin)
        answer = self._decide(found, lang, margins)
        return replace(answer, margin=margins.margin)

    def _decide(self, found: Retrieval, lang: str, margins: Margins) -> Answer:
        if len(found.rulings) > 1:  # which ruling is the closest decides what follows
            margins.gap(found.rulings[0].dense, found.rulings[1].dense)
        if found.rulings and not self.silence_fits(found):
            found = replace(found, rulings=found.rulings[1:])
        found = self._answer_before_silence(found, margins)
        if self.ruling_applies(found, margins) and self.ruling_coverage(found) >= self.settings.min_coverage:
            games = self._rival_games([(m.ruling.game, m.dense) for m in found.rulings], found, margins)
            return self._which_game(found, lang, games) if games else self._from_ruling(found, lang, margins)
        found_section = found.found or self.ruling_vouches(found, margins)
        if found.hits and found_section and self.coverage(found) >= self.settings.min_coverage:
            games = self._rival_games([(h.section.game, h.dense or 0.0) for h in found.hits], found, margins)
            return self._which_game(found, lang, games) if games else self._extract(found, lang)
        return self._not_found(found, lang)

    def coverage(self, found: Retrieval) -> float:
        """The share of the question's analysed words that the best section (titles included) holds."""
        return _share(found.question, section_terms(self.corpus, found.hits[0].section), found.lang)

    def ruling_coverage(self, found: Retrieval) -> float:
        """The share of the question's analysed words that the closest ruling's questions and answer hold."""
        ruling = found.rulings[0].ruling
        return _share(found.question, " ".join([*ruling.questions[found.lang], ruling.answers[found.lang]]), found.lang)

    def ruling_vouches(self, found: Retrieval, margins: Margins | None = None) -> bool:
        """True when the closest ruling, an answer ruling close enough to answer, rests on the best section: that
        section then counts as found, whatever retrieval's own threshold says. "What does the Sentinel do at round
        end?" reads closest to "What does the Sentinel do?", whose answer never speaks of the round end; the
        Sentinel's section, which that ruling rests on, does."""
        return (
            bool(found.rulings and found.hits)
            and found.rulings[0].ruling.kind != "silent"
            and self.ruling_applies(found, margins)
            and found.rulings[0].ruling.section == found.hits[0].section.id
        )

    def _rival_games(self, scored: list[tuple[str, float]], found: Retrieval, margins: Margins) -> list[str]:
        """The games, best first, whose closest candidate comes within ``clarify_margin`` of the first
        candidate's, when the question names no game and more than one does; otherwise none."""
        if found.game_source != "unknown" or not scored:
            return []
        best: dict[str, float] = {}
        for game, score in scored:
            best.setdefault(game, score)
        first = scored[0][1]
        bound = first - self.settings.clarify_margin
        close = [g for g, score in best.items() if g == scored[0][0] or margins.at_least(score, bound)]
        return close if len(close) > 1 else []

    def _which_game(self, found: Retrieval, lang: str, games: list[str]) -> Answer:
        names = [self.corpus.game(g).name(lang) for g in games]
        text = WHICH_GAME[lang].format(games=", ".join(names[:-1]) + OR[lang] + names[-1])
        return self._answer(found, lang, "clarify", f"{text} {self._nearest(found, lang)}".strip(), [], [])

    def silence_fits(self, found: Retrieval) -> bool:
        """False when the closest ruling says the rules are silent on a question of another kind than the one
        asked: "Where do the removed warriors go?" is silent, "How many warriors are removed?" is answered, and
        the two read alike. A question asking how many, where, when, who or which fits a silent ruling only when
        one of the ruling's questions asks the same; any other question (yes/no, open) fits."""
        ruling = found.rulings[0].ruling
        asked = asks(found.question, found.lang)
        if ruling.kind != "silent" or not asked:
            return True
        return any(asked & asks(q, found.lang) for q in ruling.questions[found.lang])

    def _answer_before_silence(self, found: Retrieval, margins: Margins) -> Retrieval:
        """``found`` with its closest answer ruling first, when the closest ruling is silent and that answer ruling
        comes within ``silent_margin`` of it and its questions hold at least as many of the question's words."""
        if not found.rulings or found.rulings[0].ruling.kind != "silent":
            return found
        silent, asked = found.rulings[0], words(found.question)

        def held(ruling: Ruling) -> int:
            return len(asked & frozenset().union(*(words(q) for q in ruling.questions[found.lang])))

        for i, match in enumerate(found.rulings[1:], start=1):
            if match.ruling.kind == "silent":
                continue
            close = margins.at_least(match.dense, silent.dense - self.settings.silent_margin)
            if close and held(match.ruling) >= held(silent.ruling):
                return replace(found, rulings=(match, *found.rulings[:i], *found.rulings[i + 1 :]))
            break
        return found

    def ruling_applies(self, found: Retrieval, margins: Margins | None = None) -> bool:
        """True when the closest ruling is close enough to answer the question (``margins`` notes the
        comparisons)."""
        if not found.rulings:
            return False
        best, s, m = found.rulings[0], self.settings, margins or Margins()
        agrees = any(h.section.id == best.ruling.section for h in found.hits[: s.agree_within])
        close = m.at_least(best.dense, s.min_ruling) or (agrees and m.at_least(best.dense, s.min_ruling_agreeing))
        return close and (best.ruling.kind != "silent" or m.at_least(best.dense, s.min_silent))

    def _from_ruling(self, found: Retrieval, lang: str, margins: Margins) -> Answer:
        ruling = found.rulings[0].ruling
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
        text = ruling.answers[lang]
        if ruling.answers[lang] != without_polarity(ruling.answers[lang]) and not margins.at_least(
            found.rulings[0].dense, self.settings.min_polarity
        ):
            text = without_polarity(text)
        kind: Kind = "rules"
        if ruling.kind == "silent":
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

    def _extract(self, found: Retrieval, lang: str) -> Answer:
        asked = found.hits[0].section  # in the question's language
        section = self.corpus.section(asked.id, lang)
        original = self.corpus.original(asked.id)
        lines = self._best_lines(found.question, asked)
        quote, source = self._lines(section, lines), self._lines(original, lines)
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
