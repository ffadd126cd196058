"""The one place that decides what kind of answer a question gets, and why.

Given the analysed question (:class:`qa.query.Query`) and what retrieval found, :class:`Decider` returns a
:class:`Decision` whose :class:`Reason` says why, the way python-chess's ``Outcome`` carries a ``Termination``.
The composer then only writes the text of the decision it is given. In order:

1. nothing to search for (only stop words): say so, with an example (``NO_CONTENT``);
2. the question names something no text names (a configuration D, a Wizard tile): not found, naming it
   (``UNKNOWN_THING``);
3. a ruling matches closely: its direct answer (``RULING``), or "the texts do not say" (``SILENT_RULING``); for a
   yes/no question, the yes or no read from the question against the ruling's claim, or none when it cannot be
   read safely;
4. a section answers, found by retrieval (``PASSAGE``) or vouched for by the closest ruling (``VOUCHED_PASSAGE``);
5. otherwise, not found (``NOTHING_CLOSE``).

Before 3 or 4, a question that names no game, when another game's best candidate comes nearly as close, gets a
question back (``WHICH_GAME``).

Before all but 1, a question that states a position (:mod:`qa.scenario.route`) is computed, not looked up: the
engine's verdict (``SCENARIO``), or a question back for the one fact it needs (``MISSING_FACT``), or the problem
with the position, quoted (``BAD_POSITION``). When a computation decides the answer, no passage competes with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from corpus import Corpus, Ruling
from corpus.model import Verdict
from qa.analysis import analyze, asks, words
from qa.answer import Kind
from qa.lexical import section_terms
from qa.margin import Margins
from qa.polarity import read_verdict, stance, unmarked
from qa.query import Query
from qa.retrieval import Hit, Retrieval
from qa.rulings import RulingMatch
from qa.scenario import Outcome, check, route
from qa.vocabulary import Unknown, Vocabulary
from qa.yesno import Reading, read_answer

if TYPE_CHECKING:
    from qa.embeddings import TokenStates


class Reason(Enum):
    """Why a question gets the answer it gets."""

    RULING = "ruling"
    SILENT_RULING = "silent_ruling"
    PASSAGE = "passage"
    VOUCHED_PASSAGE = "vouched_passage"
    WHICH_GAME = "which_game"
    UNKNOWN_THING = "unknown_thing"
    NOTHING_CLOSE = "nothing_close"
    NO_CONTENT = "no_content"
    #: Several parts, each with its own decision.
    PARTS = "parts"
    #: The ruling's nearest authored question is a near miss the texts do not settle: "the texts do not say".
    UNSETTLED = "unsettled"
    #: A position the engines compute (the scenario reader): its verdict.
    SCENARIO = "scenario"
    #: A position that lacks a fact deciding the verdict: that fact is asked for.
    MISSING_FACT = "missing_fact"
    #: A position that cannot be (an impossible value, facts that contradict each other): the problem, quoted.
    BAD_POSITION = "bad_position"
    #: The rule reader and the learned reader read the position differently, with different verdicts: both shown,
    #: the player asked which one is meant.
    TWO_READINGS = "two_readings"

    @property
    def kind(self) -> Kind:
        """The kind of answer this reason gives."""
        return _KINDS[self]


_KINDS: dict[Reason, Kind] = {
    Reason.RULING: "rules",
    Reason.SILENT_RULING: "not_found",
    Reason.UNSETTLED: "not_found",
    Reason.PASSAGE: "rules",
    Reason.VOUCHED_PASSAGE: "rules",
    Reason.WHICH_GAME: "clarify",
    Reason.UNKNOWN_THING: "not_found",
    Reason.NOTHING_CLOSE: "not_found",
    Reason.NO_CONTENT: "clarify",
    Reason.PARTS: "rules",
    Reason.SCENARIO: "scenario",
    Reason.MISSING_FACT: "clarify",
    Reason.BAD_POSITION: "clarify",
    Reason.TWO_READINGS: "clarify",
}


@dataclass(frozen=True)
class DecisionSettings:
    """Named thresholds of the decision, calibrated on the dev half of the evaluation set only."""

    #: Below this cosine similarity, the best dense section does not count as found...
    min_dense: float = 0.60
    #: ...unless its BM25 score reaches this.
    min_lexical: float = 8.0
    #: A ruling answers when its closest question is at least this similar to the question (cosine)...
    min_ruling: float = 0.70
    #: ...or at least this similar when the ruling rests on one of the ``agree_within`` best sections.
    min_ruling_agreeing: float = 0.62
    agree_within: int = 2
    #: A silent ruling needs at least this similarity: saying the rules are silent about a question they answer
    #: is the worse mistake.
    min_silent: float = 0.76
    #: A silent ruling gives way to an answer ruling within this similarity of it whose questions hold at least as
    #: many of the question's words (stop words included).
    silent_margin: float = 0.10
    #: A ruling or a passage answers only when it holds at least this share of the question's analysed words.
    min_coverage: float = 0.4
    #: When the question names no game, another game's closest candidate within this similarity makes the
    #: question ambiguous.
    clarify_margin: float = 0.08
    #: A statement a yes/no question is read against counts only when at most this many of the question's terms
    #: (beyond its negations, mode and the oppositions they share) are not in it: a question that speaks of more
    #: than the statement may ask something else.
    max_unclaimed: int = 0
    #: A ruling's nearest authored question gives its answer (yes, no, or not settled) only when the nearest
    #: question of another answer is at least this much less similar (:mod:`qa.yesno`).
    answer_margin: float = 0.03
    #: ...and only when that nearest question is at least this similar to the question asked.
    answer_least: float = 0.93
    #: A near miss the texts do not settle answers "the rules do not say" with its own margin and least similarity,
    #: chosen on the dev halves' not_found precision and recall (main, absent, answerable sets): of the points
    #: within 0.01 of the best recall, the one of highest precision (saying the rules are silent about what they
    #: answer is the worse mistake).
    unsettled_margin: float = 0.0
    unsettled_least: float = 0.90


@dataclass(frozen=True)
class Decision:
    """What kind of answer a question gets, why, and what it rests on."""

    reason: Reason
    query: Query
    retrieval: Retrieval | None = None
    #: The ruling that answers (``RULING``, ``SILENT_RULING``).
    ruling: Ruling | None = None
    #: The section that answers (``PASSAGE``, ``VOUCHED_PASSAGE``).
    hit: Hit | None = None
    #: The games a ``WHICH_GAME`` question could be about, best first.
    games: tuple[str, ...] = ()
    #: The yes or no to give first, read from the question against the ruling's claim.
    verdict: Verdict | None = None
    #: True when a yes/no question gets no yes or no: its ruling's could not be read safely, or a passage answers.
    withheld: bool = False
    #: What matching the ruling's authored questions gave (:mod:`qa.yesno`), when a ruling answers.
    reading: Reading | None = None
    #: What the question names that no text does (``UNKNOWN_THING``).
    unknown: tuple[Unknown, ...] = ()
    #: The decisions of each part (``PARTS``).
    parts: tuple[Decision, ...] = ()
    #: How close the decision came to another one (:mod:`qa.margin`).
    margin: float | None = None
    #: The position computed (``SCENARIO``, ``MISSING_FACT``, ``BAD_POSITION``).
    scenario: Outcome | None = None

    @property
    def kind(self) -> Kind:
        """The kind of answer: rules, scenario, clarify or not_found."""
        return self.reason.kind


def computed(query: Query, outcome: Outcome) -> Decision:
    """The decision for a computed position: a verdict, a fact to ask for, or a problem to quote."""
    reason = (
        Reason.TWO_READINGS
        if outcome.other is not None
        else Reason.BAD_POSITION
        if outcome.problem is not None
        else Reason.MISSING_FACT
        if outcome.missing is not None
        else Reason.SCENARIO
    )
    return Decision(reason, query, scenario=outcome)


class Decider:
    """Decides, for one corpus, what answer each question gets."""

    def __init__(self, corpus: Corpus, vocabulary: Vocabulary, settings: DecisionSettings | None = None) -> None:
        self.corpus = corpus
        self.vocabulary = vocabulary
        self.settings = settings or DecisionSettings()
        self._terms: dict[tuple[str, str, str], frozenset[str]] = {}

    def before_retrieval(
        self, query: Query, history: Sequence[Mapping[str, Any]] = (), states: TokenStates | None = None
    ) -> Decision | None:
        """The decision that needs no retrieval (nothing to search for, a position to compute, an unknown thing),
        if any. ``history`` holds the earlier turns (``{"question": ..., "response": <answer contract>}``);
        ``states`` the encoder's pass over the question, for the learned reader."""
        if not query.has_content:
            return Decision(Reason.NO_CONTENT, query)
        outcome = route(query.text, query.lang, history, states)
        if outcome is not None:
            return computed(query, outcome)
        unknown = self.vocabulary.unknown(query.text, query.lang)
        return Decision(Reason.UNKNOWN_THING, query, unknown=unknown) if unknown else None

    def check(self, query: Query, position: Mapping[str, Any], history: Sequence[Mapping[str, Any]] = ()) -> Decision:
        """The decision for a position file sent as it is (a corrected one, say): the engine computes it. The
        facts ``query``'s question stated (after ``history``), if it has one, are shown with the file's values, so
        that a follow-up amends the corrected position. ``qa.scenario.PositionError`` quotes a file the engine
        refuses."""
        said = route(query.text, query.lang, history) if query.text else None
        return computed(query, check(position, None if said is None else said.reading))

    def decide(self, query: Query, found: Retrieval) -> Decision:
        """The decision for ``query`` given what retrieval found for it."""
        margins = Margins()
        margins.add(found.margin)
        decision = self._decide(query, found, margins)
        return replace(decision, margin=margins.margin)

    def _decide(self, query: Query, found: Retrieval, margins: Margins) -> Decision:
        s = self.settings
        rulings = found.rulings
        if len(rulings) > 1:  # which ruling is the closest decides what follows
            margins.gap(rulings[0].dense, rulings[1].dense)
        if rulings and not self.silence_fits(query, rulings[0].ruling):
            rulings = rulings[1:]
        rulings = self._answer_before_silence(query, rulings, margins)
        best = rulings[0] if rulings else None
        if (
            best
            and self.ruling_applies(best, found, margins)
            and self.ruling_coverage(query, best.ruling) >= s.min_coverage
        ):
            games = self._rival_games([(m.ruling.game, m.dense) for m in rulings], found, margins)
            if games:
                return Decision(Reason.WHICH_GAME, query, found, games=games)
            return self._from_ruling(query, found, best, margins)
        vouched = best is not None and self.ruling_vouches(best, found, margins)
        if (
            found.hits
            and (self.section_found(found, margins) or vouched)
            and self.coverage(query, found) >= s.min_coverage
        ):
            games = self._rival_games([(h.section.game, h.dense or 0.0) for h in found.hits], found, margins)
            if games:
                return Decision(Reason.WHICH_GAME, query, found, games=games)
            reason = Reason.PASSAGE if self.section_found(found, Margins()) else Reason.VOUCHED_PASSAGE
            return Decision(reason, query, found, hit=found.hits[0], withheld=query.yes_no)
        return Decision(Reason.NOTHING_CLOSE, query, found)

    # --- predicates, one per question the decision asks ----------------------------------------------
    def section_found(self, found: Retrieval, margins: Margins) -> bool:
        """True when the best section is close enough (dense) or matches enough words (BM25) to answer."""
        s = self.settings
        return bool(found.hits) and (
            margins.at_least(found.best_dense, s.min_dense) or found.best_lexical >= s.min_lexical
        )

    def coverage(self, query: Query, found: Retrieval) -> float:
        """The share of the question's analysed words that the best section (titles included) holds."""
        section = found.hits[0].section
        return self._held(query, ("section", section.id), lambda: section_terms(self.corpus, section))

    def ruling_coverage(self, query: Query, ruling: Ruling) -> float:
        """The share of the question's analysed words that a ruling's questions and answer hold."""
        lang = query.lang
        return self._held(
            query, ("ruling", ruling.id), lambda: " ".join([*ruling.questions[lang], ruling.answers[lang]])
        )

    def _held(self, query: Query, key: tuple[str, str], text: Callable[[], str]) -> float:
        """The share of ``query``'s terms among the analysed terms of ``text()``, analysed once per key and language."""
        cache_key = (*key, query.lang)
        if cache_key not in self._terms:
            self._terms[cache_key] = frozenset(analyze(text(), query.lang))
        asked = set(query.terms)
        return len(asked & self._terms[cache_key]) / len(asked) if asked else 0.0

    def ruling_applies(self, best: RulingMatch, found: Retrieval, margins: Margins | None = None) -> bool:
        """True when the ruling ``best`` is close enough to answer."""
        s, m = self.settings, margins or Margins()
        agrees = any(h.section.id == best.ruling.section for h in found.hits[: s.agree_within])
        close = m.at_least(best.dense, s.min_ruling) or (agrees and m.at_least(best.dense, s.min_ruling_agreeing))
        return close and (best.ruling.kind != "silent" or m.at_least(best.dense, s.min_silent))

    def ruling_vouches(self, best: RulingMatch, found: Retrieval, margins: Margins | None = None) -> bool:
        """True when ``best``, an answer ruling close enough to answer, rests on the best section: that section
        then counts as found, whatever retrieval's similarity says."""
        return (
            bool(found.hits)
            and best.ruling.kind != "silent"
            and self.ruling_applies(best, found, margins)
            and best.ruling.section == found.hits[0].section.id
        )

    def silence_fits(self, query: Query, ruling: Ruling) -> bool:
        """False when a silent ruling answers a question of another kind than the one asked ("where?" against
        "how many?"); any yes/no or open question fits."""
        if ruling.kind != "silent" or not query.asks:
            return True
        return any(query.asks & asks(q, query.lang) for q in ruling.questions[query.lang])

    def _answer_before_silence(
        self, query: Query, rulings: tuple[RulingMatch, ...], margins: Margins
    ) -> tuple[RulingMatch, ...]:
        """``rulings`` with its closest answer ruling first, when the closest is silent and that answer ruling
        comes within ``silent_margin`` of it and its questions hold at least as many of the question's words."""
        if not rulings or rulings[0].ruling.kind != "silent":
            return rulings
        silent = rulings[0]

        def held(ruling: Ruling) -> int:
            return len(query.words & frozenset().union(*(words(q) for q in ruling.questions[query.lang])))

        for i, match in enumerate(rulings[1:], start=1):
            if match.ruling.kind == "silent":
                continue
            close = margins.at_least(match.dense, silent.dense - self.settings.silent_margin)
            if close and held(match.ruling) >= held(silent.ruling):
                return (match, *rulings[:i], *rulings[i + 1 :])
            break
        return rulings

    def _rival_games(self, scored: list[tuple[str, float]], found: Retrieval, margins: Margins) -> tuple[str, ...]:
        """The games whose closest candidate comes within ``clarify_margin`` of the first, when the question names
        no game and more than one does."""
        if found.game_source != "unknown" or not scored:
            return ()
        best: dict[str, float] = {}
        for game, score in scored:
            best.setdefault(game, score)
        bound = scored[0][1] - self.settings.clarify_margin
        close = [g for g, score in best.items() if g == scored[0][0] or margins.at_least(score, bound)]
        return tuple(close) if len(close) > 1 else ()

    def _from_ruling(
        self, query: Query, found: Retrieval, match: RulingMatch, margins: Margins | None = None
    ) -> Decision:
        ruling = match.ruling
        if ruling.kind == "silent":
            return Decision(Reason.SILENT_RULING, query, found, ruling=ruling)
        s = self.settings
        reading = self._read(query, match, s.answer_margin, s.answer_least, margins)
        near_miss = self._read(query, match, s.unsettled_margin, s.unsettled_least, margins)
        if near_miss is not None and near_miss.label == "unsettled":
            return Decision(Reason.UNSETTLED, query, found, ruling=ruling, reading=near_miss)
        verdict: Verdict | None = None
        withheld = False
        if ruling.verdict is not None and query.yes_no:
            if reading is not None and reading.label in ("yes", "no"):
                verdict = reading.label
            else:  # matching withholds it: the stance reader may still read it safely
                verdict = self.polarity(query, ruling)
            withheld = verdict is None
        return Decision(Reason.RULING, query, found, ruling=ruling, verdict=verdict, withheld=withheld, reading=reading)

    @staticmethod
    def _read(query: Query, match: RulingMatch, margin: float, least: float, margins: Margins | None) -> Reading | None:
        """What the ruling's authored questions answer (:func:`qa.yesno.read_answer`) with these settings, noting
        how near the answer came to the other and to the least similarity."""
        reading = read_answer(query.text, query.lang, match.neighbours, margin=margin, least=least)
        if margins is not None and reading is not None and reading.gap is not None:
            margins.at_least(reading.gap, margin)
            margins.at_least(reading.nearest.similarity, least)
        return reading

    def polarity(self, query: Query, ruling: Ruling) -> Verdict | None:
        """The yes or no a yes/no question gets from a yes/no ruling, read from the question's stance against
        statements whose truth is known: the ruling's claim (true), and each of the ruling's own questions (whose
        answer is the ruling's yes or no). A statement counts only when the question speaks of nothing it does not
        (:meth:`reading`); the verdict is given when at least one counts and all that count agree. ``None`` when
        that cannot be read safely."""
        if ruling.claims is None or ruling.verdict is None:
            return None
        lang = query.lang
        read = {self.reading(query, ruling.claims[lang], "yes")}
        # a question of the ruling must speak of no more than the player's either: "Perdre un district à égalité,
        # c'est une erreur ?" (Oui) says more than "Perd-on un district à égalité ?"
        read |= {self.reading(query, q, ruling.verdict, both_ways=True) for q in ruling.questions[lang]}
        read.discard(None)
        return read.pop() if len(read) == 1 else None

    def reading(self, query: Query, text: str, truth: Verdict, *, both_ways: bool = False) -> Verdict | None:
        """The answer to ``query`` given that the statement (or question) ``text`` has the answer ``truth``: the
        same when their stances agree, the opposite when they do not; ``None`` when the stances cannot be compared
        or the question speaks of more than ``text`` (more than ``max_unclaimed`` terms beyond its negations, mode
        and shared oppositions), or, ``both_ways``, ``text`` of more than the question."""
        lang = query.lang
        other = _stance(text, lang)
        agrees = read_verdict(query.stance, other)
        if agrees is None:
            return None
        compared = frozenset(query.stance.sides) & frozenset(other.sides)
        asked, said = _spoken(query.text, lang, compared), _spoken(text, lang, compared)
        limit = self.settings.max_unclaimed
        if len(asked - said) > limit or (both_ways and len(said - asked) > limit):
            return None
        return truth if agrees == "yes" else _OPPOSITE[truth]


_OPPOSITE: dict[Verdict, Verdict] = {"yes": "no", "no": "yes"}

#: A claim's or a ruling question's stance, read once (the texts are the corpus's; a question's own is in its Query).
_stance = lru_cache(maxsize=16384)(stance)


@lru_cache(maxsize=16384)
def _spoken(text: str, lang: str, compared: frozenset[str]) -> frozenset[str]:
    """The analysed terms of ``text`` beyond its negations, mode and the oppositions in ``compared``."""
    return frozenset(analyze(unmarked(text, lang, compared), lang))
