"""The kinds of scenario questions: each a frame that names the facts its verdict needs and builds the position.

A frame is chosen by the cue words of the question and the facts it states (:meth:`Frame.fits`). When no
frame's cue words are said in full, the facts decide: a frame whose position the question states in full is
chosen when its own cue is said ("rituel ? 2 cimetières, 5 guerriers") or when it is the only one that answers
what the question asks for (a yes or a no, a person). It builds a
position file of its game from the facts, through the engine's schema, adding the assumptions the policy allows
and saying each one (:class:`Assumption`); a fact that decides the verdict and has no safe default is asked for
(:class:`Missing`). Adding a kind of question means adding a frame here.

The policy, the same for every frame:
- a power nobody names is not in play, unless a configuration named puts it there;
- no Agent tile is revealed on a colour unless one is said;
- a district stated by one number is known by its total (its cards are not known one by one);
- the Capital's district, the asker's district, the gold held when gold could save a district, the number of
  Cemeteries and the warriors a Root question counts are never assumed: they are asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from qa.query import QuestionKind
from qa.scenario import cl2_frames as cl2
from qa.scenario import root_frames as root
from qa.scenario.plan import CL2, ROOT, Assumption, Missing, NotThisFrame, Plan, colour_of
from qa.scenario.reader import Reading

__all__ = ["CL2", "FRAMES", "ROOT", "Assumption", "Frame", "Missing", "Plan", "choose", "colour_of"]


@dataclass(frozen=True)
class Frame:
    """One kind of question: its query, its game, the cues that ask it, and how to build its position."""

    query: str
    game: str
    #: Any of these cues asks this question (:data:`qa.scenario.lexicon.CUES`).
    cues: frozenset[str]
    build: Callable[[Reading], Plan] = field(repr=False)
    #: Facts (path prefixes) the question must state one of to be this frame's.
    states: tuple[str, ...] = ()
    #: A higher rank wins when several frames fit.
    rank: int = 0
    #: Besides one of ``cues``, the question must say one cue of each of these sets (a frame that counts needs
    #: "how many").
    also: tuple[frozenset[str], ...] = ()
    #: The question must name a colour (a Bonus card is of one colour).
    coloured: bool = False
    #: What the verdict answers: a yes or a no, a person, a count, a place.
    answers: QuestionKind = QuestionKind.COUNT

    def fits(self, reading: Reading) -> bool:
        """True when the question asks this (one of its cues, and of ``also``) and states a fact of this kind."""
        stated = any(kind in f.path.split(".") for f in reading.facts for kind in self.states)
        asks = bool(self.cues & reading.cues) and all(cues & reading.cues for cues in self.also)
        named = not self.coloured or any(colour_of(f.path) for f in reading.facts if not f.path.startswith("powers"))
        return asks and stated and named


COUNTS = frozenset({"how_much", "score"})
#: Losses in battle: the hits, or the warriors there (the hits are then asked for).
LOSSES = ("hits", "warriors")
#: After a battle: the enemy warriors removed, or what the battle's clearing holds (the rest is then asked for).
AFTER = ("enemy_warriors_removed", "cemetery_here")
#: A Cemetery removed: the warriors there, or the removal alone (the warriors are then asked for).
REMOVED = ("warriors", "cemetery_removed")
#: Removing a Cemetery: the question says it is removed and asks how many.
REMOVES = frozenset({"remove", "bust"})

#: Cues that say what the question is about rather than what it asks: they count wherever they are said.
CONTEXT = frozenset({"gold", "cemetery", "maximum", "nobody"})
#: The least gold: the question speaks of gold.
GOLD = (frozenset({"gold"}),)

#: A district busts: its cards are discarded, "removed" ("ça dégage ?").
BUST = frozenset({"bust", "safe", "remove"})
PERSON, PLACE = QuestionKind.PERSON, QuestionKind.PLACE

#: Every frame, most specific first.
FRAMES: tuple[Frame, ...] = (
    Frame("bonus", CL2, frozenset({"bonus"}), cl2.bonus, ("capital", "city"), 4, coloured=True, answers=PERSON),
    Frame("gold_needed", CL2, frozenset({"how_much"}), cl2.gold_needed, ("city", "capital"), 3, GOLD, coloured=True),
    Frame("district", CL2, BUST, cl2.district, ("capital", "city", "maximum"), rank=2, answers=QuestionKind.YES_NO),
    Frame("winners", CL2, frozenset({"win"}), cl2.winners, ("total", "city", "bonus"), rank=2, answers=PERSON),
    Frame("score", CL2, frozenset({"score"}), cl2.score, ("total", "city", "bonus"), rank=2),
    Frame("maximum", CL2, frozenset({"maximum"}), cl2.maximum, ("capital", "agent_tiles", "maximum"), rank=1),
    Frame("ritual", ROOT, frozenset({"ritual"}), root.ritual, ("cemeteries", "warriors"), 3, (COUNTS,)),
    Frame("gravedigging", ROOT, frozenset({"gravedig"}), root.gravedigging, ("cemeteries", "bird_cards"), 3, (COUNTS,)),
    Frame("battle_losses", ROOT, frozenset({"battle", "remove", "bust"}), root.battle_losses, LOSSES, 2, (COUNTS,)),
    Frame("remove_necro", ROOT, frozenset({"where", "revenant"}), root.revenant, ("necro_suit",), 3, answers=PLACE),
    Frame("after_battle", ROOT, frozenset({"after_battle"}), root.after_battle, AFTER, 3, (COUNTS | {"battle"},)),
    Frame("remove_cemetery", ROOT, frozenset({"cemetery"}), root.remove_cemetery, REMOVED, 3, (REMOVES, COUNTS)),
)


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


def _can(frame: Frame, reading: Reading) -> bool:
    """False when the question asks for a person and the frame answers something else ("... 64 points ... Who takes
    it?" asks who wins, not a score). (A place is not checked: "ou" without its accent is often "or".)"""
    return reading.form is not PERSON or frame.answers is PERSON


def choose(reading: Reading, *, stated_only: bool = True) -> Frame | None:
    """The frame of the question: the best-ranked one that fits what its last sentence asks, else what the whole
    question says; else (``stated_only``) the frame whose position the question states in full, when the question
    says its cue or asks what only it answers; ``None`` for a rules question. A follow-up passes ``False``: its
    earlier question's frame comes before the facts' say."""
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
    return answering[0] if len(answering) == 1 else None
