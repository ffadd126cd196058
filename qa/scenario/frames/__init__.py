"""The kinds of scenario questions: each a frame that names the facts its verdict needs and builds the position.

A frame is chosen by the cue words of the question and the facts it states (:meth:`Frame.fits`). When no
frame's cue words are said in full, the facts decide: a frame whose position the question states in full is
chosen when its own cue is said ("rituel ? 2 cimetières, 5 guerriers") or when it is the only one that answers
what the question asks for (a yes or a no, a person). It builds a
position file of its game from the facts, through the engine's schema, adding the assumptions the policy allows
and saying each one (:class:`Assumption`); a fact that decides the verdict and has no safe default is asked for
(:class:`Missing`).

Each kind of question is one module of this package, which holds everything that belongs to it: its slots, its
engine query, its position builder, its verdict sentence and the numbers it shows, and its cues. :data:`FRAMES`
registers them. Adding a kind of question means adding one module and its line in that table.

The policy, the same for every frame:
- a power nobody names is not in play, unless a configuration named puts it there;
- no Agent tile is revealed on a colour unless one is said;
- a district stated by one number is known by its total (its cards are not known one by one);
- the Capital's district, the asker's district, the gold held when gold could save a district, the number of
  Cemeteries and the warriors a Root question counts are never assumed: they are asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache

from qa.query import QuestionKind
from qa.scenario.frames import (
    after_battle,
    architect_claim,
    battle_losses,
    birdsong,
    bonus,
    busts,
    deal,
    district,
    gold_needed,
    gravedigging,
    hammer,
    legal_plays,
    maximum,
    play,
    remove_cemetery,
    remove_necro,
    ritual,
    score,
    skull,
    swap,
    wheel,
    winners,
)
from qa.scenario.frames.base import Frame, Slot
from qa.scenario.frames.root_table import COUNTS
from qa.scenario.plan import CL2, ROOT, Assumption, Missing, NotThisFrame, Plan, colour_of
from qa.scenario.reader import Reading

__all__ = [
    "CL2",
    "FRAMES",
    "ROOT",
    "Assumption",
    "Frame",
    "Missing",
    "NotThisFrame",
    "Plan",
    "Slot",
    "choose",
    "colour_of",
    "cue_words",
    "find",
    "position_facts",
]

#: Every frame, most specific first: the one table a new kind of question is added to.
FRAMES: tuple[Frame, ...] = (
    architect_claim.FRAME,
    swap.FRAME,
    deal.FRAME,
    legal_plays.FRAME,
    play.FRAME,
    bonus.FRAME,
    busts.FRAME,
    gold_needed.FRAME,
    district.FRAME,
    winners.FRAME,
    score.FRAME,
    maximum.FRAME,
    ritual.FRAME,
    birdsong.FRAME,
    gravedigging.FRAME,
    battle_losses.FRAME,
    remove_necro.FRAME,
    after_battle.FRAME,
    remove_cemetery.FRAME,
    skull.FRAME,
    hammer.FRAME,
    wheel.FRAME,
)

#: Cues that say what the question is about rather than what it asks: they count wherever they are said.
CONTEXT = frozenset({"gold", "cemetery", "maximum", "nobody"})
PERSON = QuestionKind.PERSON


def find(query: str, game: str | None = None) -> Frame | None:
    """The frame that answers the engine query ``query`` (of ``game``, when given)."""
    return next((f for f in FRAMES if f.query == query and (game is None or f.game == game)), None)


@cache
def cue_words() -> Mapping[str, str]:
    """The cue words the frames own, by cue (the lexicon adds them to the words every frame shares)."""
    words: dict[str, str] = {}
    for frame in FRAMES:
        for cue, text in frame.words.items():
            words[cue] = f"{words[cue]} {text}" if cue in words else text
    return words


@cache
def position_facts() -> frozenset[str]:
    """What a fact must be about to state a position: the kinds of every frame's slots that state one (gold, a
    power or a configuration alone do not)."""
    return frozenset(s.kind for f in FRAMES for s in f.slots if s.position)


def _plans(frame: Frame, reading: Reading) -> bool:
    """True unless the frame finds, building its position, that the question is not of its kind."""
    try:
        frame.build(reading)
    except NotThisFrame:
        return False
    except Missing:
        return True  # the solver asks for it
    return True


def _stated(frame: Frame, reading: Reading) -> bool:
    """True when the question states, in full, the position the frame computes: nothing is left to ask."""
    counting = tuple(cues for cues in frame.also if cues >= COUNTS)  # "how many" may go unsaid: "rituel ?"
    unsaid = frozenset().union(*counting) if counting else frozenset()
    if not frame.fits(replace(reading, cues=reading.cues | frame.cues | unsaid)):
        return False
    try:
        frame.build(reading)
    except (NotThisFrame, Missing):
        return False
    return True


def asked_in_full(frame: Frame, reading: Reading) -> bool:
    """The question asks the frame's own cue and states all of its position, though no fact of it is one a position
    is made of ("five of us with the Undercover module: how many cards each?": the seats are the deal's position).
    A frame with no fact of a position at all asks for what is missing ("with the Undercover module, how many cards
    each?": how many players?)."""
    unplaced = not any(s.position for s in frame.slots) and frame.fits(reading) and _plans(frame, reading)
    return bool(frame.cues & reading.asked) and (_stated(frame, reading) or unplaced)


def _can(frame: Frame, reading: Reading) -> bool:
    """False when the question asks for a person and the frame answers something else ("... 64 points ... Who takes
    it?" asks who wins, not a score). (A place is not checked: "ou" without its accent is often "or".)"""
    return reading.form is not PERSON or frame.answers is PERSON


def choose(reading: Reading, *, stated_only: bool = True, intended: Frame | None = None) -> Frame | None:
    """The frame of the question: the one the intent head reads (``intended``), when the question asks it (its cue
    said, if it has one) and it can build a position from the reading; else the best-ranked one that fits what its
    last sentence asks, else what the whole question says; else (``stated_only``) the frame whose position the
    question states in full, when the question says its cue or asks what only it answers; ``None`` for a rules
    question. A follow-up passes ``False``: its earlier question's frame comes before the facts' say."""
    if intended is not None and intended.fits(reading) and _plans(intended, reading) and _can(intended, reading):
        return intended  # the head chooses among the frames the question asks (a cue said, or none needed)
    context = reading.cues & CONTEXT  # what the question is about, wherever it says it
    for cues in (reading.asked | context, reading.cues):
        fitting = [f for f in FRAMES if f.fits(replace(reading, cues=cues)) and _plans(f, reading) and _can(f, reading)]
        if fitting:
            return max(fitting, key=lambda f: f.rank)
    if not stated_only:
        return None
    stated = [f for f in FRAMES if _stated(f, reading)]
    # "Can I perform a Ritual with 6 warriors?" asks what a rule allows: only a yes/no frame answers it
    cued = [f for f in stated if f.cues & reading.asked and (f.answers is reading.form or not reading.whether)]
    if cued:
        return max(cued, key=lambda f: f.rank)
    answering = [f for f in stated if f.answers is reading.form and f.answers is not QuestionKind.COUNT]
    if len(answering) == 1:
        return answering[0]
    # "3 warriors and a Necro, I take 2 hits: how many go?": the hits are a fact only one frame's position holds
    owning = [f for f in stated if any(_only_slot_of(f, fact.path) for fact in reading.facts)]
    return owning[0] if len(owning) == 1 and reading.form is owning[0].answers else None


def _only_slot_of(frame: Frame, path: str) -> bool:
    """True when ``path`` fills one of ``frame``'s slots and no other frame's."""
    return any(slot.match(path) is not None for slot in frame.slots) and not any(
        slot.match(path) is not None for other in FRAMES if other is not frame for slot in other.slots
    )
