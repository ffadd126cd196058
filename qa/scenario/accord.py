"""Two readings, one verdict: the rule reader and the learned reader (:mod:`qa.scenario.learned`) each read the
question, and what they make of it decides what the player gets.

- They read the same facts: the verdict is given.
- They read the same facts of different players (one reads "you" where the other reads a name): who is who does not
  change the verdict, and the rule reader's names stand.
- They read different facts, but the player would read the same verdict (its verdict line): the verdict is given.
- The verdicts differ, and the question counts the Agent tiles ("two Agent tiles, +2 and -1"): the reading that
  has that many tiles decides, when only one does.
- The verdicts differ, but the learned reading reads only some of the rule reader's facts and none otherwise (it
  missed words, or split a player in two): the rule reader's outcome stands.
- They read different facts and the verdicts differ: Arbitre does not guess. It shows both readings, quoting the
  words they read differently, and asks which one is meant; unless they differ only on a kind of fact the rule
  reader is measurably better at reading (what a City district holds), which it then settles.
- The rule reader reads no position (no frame's cue, or no fact), and the learned reading, with the frame the
  intent head reads, gives a verdict: the learned reading decides.
- The rule reader read a contradiction (a fact said with two values, a number someone only claims), and the
  learned reading, which reads one of them as no fact, is a position that can be solved: the learned reading
  decides.
- The learned reading cannot be put into facts, or cannot be solved (a fact missing, a problem): the rule
  reader's outcome stands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from enum import Enum
from itertools import permutations, product

from qa.scenario.facts import kind_of
from qa.scenario.frames import Frame, find
from qa.scenario.intent import RULES
from qa.scenario.learned import LearnedReading, as_reading
from qa.scenario.plan import Assumption
from qa.scenario.reader import Reading
from qa.scenario.solve import Outcome
from qa.scenario.tiles import tiles_counted, tiles_read
from qa.scenario.write import verdict_line


class Accord(Enum):
    """How the two readings of a question came out, and so what the player got."""

    #: No learned reading (another embedding backend, or no heads shipped): the rule reader alone.
    ALONE = "alone"
    #: Both read the same facts.
    AGREED = "agreed"
    #: The same facts, said of other players: the rule reader's names stand.
    RENAMED = "renamed"
    #: The learned reading read only some of the rule reader's facts (or split a player in two), none otherwise: the
    #: rule reader's outcome stands.
    FEWER = "fewer"
    #: Different verdicts, but the question counts the Agent tiles and only one reading has that many: it decides.
    COUNTED = "counted"
    #: Different facts, the same verdict.
    SAME_VERDICT = "same_verdict"
    #: Different facts and verdicts: both readings shown, the player asked which one is meant.
    ASKED = "asked"
    #: The rule reader read no position; the learned reading decided.
    LEARNED = "learned"
    #: The learned reading could not be put into facts or solved; the rule reader's outcome stands.
    RULES = "rules"
    #: The rule reader read two things the question cannot both mean ("9 or 6?", a claim beside the fact); the
    #: learned reading reads one position that can be, and decides.
    RESOLVED = "resolved"


Solver = Callable[[Reading, Frame], Outcome | None]


def _facts(reading: Reading) -> dict[str, object]:
    return {f.path: f.value for f in reading.facts}


def _renamings(ours: Reading, theirs: Reading, *, one_to_one: bool = True) -> list[dict[str, object]]:
    """``theirs``'s facts with its players renamed as ``ours``'s players, in every way that can be: one to one, or
    (``one_to_one`` False) several of theirs as one of ours (it split one player in two)."""
    mine = sorted({f.owner for f in ours.facts if f.owner is not None})
    others = sorted({f.owner for f in theirs.facts if f.owner is not None})
    if (one_to_one and len(others) > len(mine)) or len(mine) > _MOST_PLAYERS or len(others) > _MOST_PLAYERS:
        return []
    ways = permutations(mine, len(others)) if one_to_one else product(mine, repeat=len(others))
    return [dict(f.renamed(dict(zip(others, names, strict=True))) for f in theirs.facts) for names in ways]


def _renamed(ours: Reading, theirs: Reading) -> bool:
    """The two readings state the same facts once their players are renamed, one to one."""
    return _facts(ours) in _renamings(ours, theirs)


def _fewer(ours: Reading, theirs: Reading) -> bool:
    """``theirs``, its players renamed as ours (one of ours possibly split in two), reads only facts ``ours``
    reads, each as ``ours`` reads it: it missed words or who they were about, it did not read them otherwise."""
    wanted = _facts(ours)
    return any(
        all(wanted.get(p, _ABSENT) == v for p, v in facts.items())
        for facts in _renamings(ours, theirs, one_to_one=False)
    )


_ABSENT = object()


#: The most players a game seats (Capital Lux 2 with its 5th player module): more owners than this is no position.
_MOST_PLAYERS = 5


#: The kinds of fact whose disagreements the rule reader settles, where measurement shows it is the better reader:
#: what a City district holds (on the scenario cases, when the two readings differed only there, the rule reader's
#: verdict was right 19 times out of 20; where they differed on other kinds, about three times in five, so those
#: are asked).
RULES_DECIDE = frozenset({"city"})


def _kinds_apart(ours: Reading, theirs: Reading) -> frozenset[str]:
    """The kinds of the facts two readings read differently."""
    a, b = _facts(ours), _facts(theirs)
    return frozenset(kind_of(p) for p in set(a) | set(b) if a.get(p) != b.get(p))


def _solved(outcome: Outcome | None) -> bool:
    return outcome is not None and outcome.verdict is not None and not outcome.missing and not outcome.problem


def _same_verdict(a: Outcome, b: Outcome) -> bool:
    """The player would read the same verdict: the same query, and the same verdict line (a Fossoyer count is the
    same whatever the supply left after it, which the answer does not give as its verdict)."""
    assert a.verdict is not None and b.verdict is not None  # noqa: S101 - both solved
    return a.verdict.query == b.verdict.query and verdict_line(a, "en") == verdict_line(b, "en")


def _set_aside(reading: Reading, learned: LearnedReading) -> bool:
    """The rule reader read one fact with two values, and the learned reading reads a number of its words as no
    fact (a sum said wrong, or a sixth Agent tile, is no choice: the position cannot be, whatever is read)."""
    said = reading.contradictions[0] if reading.contradictions else None
    return (
        said is not None
        and said.which
        and any(s.role == "none" and said.start <= s.start and s.end <= said.end for s in learned.slots)
    )


def reconcile(outcome: Outcome, learned: LearnedReading | None, solve: Solver) -> Outcome:
    """The outcome of a question the rule reader solved (``outcome``), once the learned reading has been read."""
    if learned is None:
        return replace(outcome, accord=Accord.ALONE)
    if outcome.frame is None:
        return replace(outcome, accord=Accord.RULES)
    theirs = as_reading(outcome.reading, learned)
    if theirs is None:
        return replace(outcome, accord=Accord.RULES)
    if _facts(theirs) == _facts(outcome.reading):
        return replace(outcome, accord=Accord.AGREED)
    if _renamed(outcome.reading, theirs):
        return replace(outcome, accord=Accord.RENAMED)
    other = solve(theirs, outcome.frame)
    if _set_aside(outcome.reading, learned) and _solved(other):
        assert other is not None and other.plan is not None  # noqa: S101 - solved
        said = outcome.reading.contradictions[0]
        chosen = Assumption(
            f"« {said.quote} » ({said.why_fr}) : lu comme ci-dessus", f"'{said.quote}' ({said.why_en}): read as above"
        )
        plan = replace(other.plan, assumptions=(*other.plan.assumptions, chosen))
        return replace(other, plan=plan, accord=Accord.RESOLVED)
    if not _solved(outcome) or not _solved(other):
        return replace(outcome, accord=Accord.RULES)
    assert other is not None  # noqa: S101 - solved
    if _same_verdict(outcome, other):
        return replace(outcome, accord=Accord.SAME_VERDICT)
    counted = tiles_counted(list(outcome.reading.tokens))
    fits = (tiles_read(outcome.reading.facts) == counted, tiles_read(theirs.facts) == counted)
    if counted is not None and fits[0] != fits[1]:  # "2 tuiles Agent, +2 et -1": the reading with 2 tiles
        return replace(outcome if fits[0] else other, accord=Accord.COUNTED)
    if _fewer(outcome.reading, theirs):
        return replace(outcome, accord=Accord.FEWER)
    if _kinds_apart(outcome.reading, theirs) <= RULES_DECIDE:
        return replace(outcome, accord=Accord.RULES)
    return replace(outcome, accord=Accord.ASKED, other=other)


def unread(reading: Reading, learned: LearnedReading | None, solve: Solver) -> Outcome | None:
    """The outcome of a question the rule reader read no position in, when the learned reading gives a verdict
    with the frame the intent head reads; ``None`` (a rules question) otherwise."""
    if learned is None or learned.intent.label == RULES:
        return None
    frame = find(learned.intent.label)
    theirs = None if frame is None else as_reading(reading, learned, defer=False)
    if frame is None or theirs is None or not theirs.facts:
        return None
    outcome = solve(theirs, frame)
    return replace(outcome, accord=Accord.LEARNED) if _solved(outcome) and outcome is not None else None
