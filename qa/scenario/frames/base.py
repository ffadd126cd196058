"""What a frame is: one kind of scenario question, with everything that belongs to it.

A frame holds its slots (the facts its position needs, each asked for or filled by a default), the engine query
it answers, its position builder, its verdict sentence and the computation it shows, in both languages, and its
cues (the question words that ask it, with the words only this frame owns). Each frame is one module of this
package, registered in :data:`qa.scenario.frames.FRAMES`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from qa.query import QuestionKind
from qa.scenario.plan import Assumption, Plan, colour_of
from qa.scenario.say import Wording

if TYPE_CHECKING:
    from engine.verdict import Verdict
    from qa.scenario.reader import Reading


@dataclass(frozen=True)
class Slot:
    """A fact a frame's position needs, by its path in the case format: ``{colour}`` stands for the colour asked
    about, ``{player}`` for a player (the asker is ``me``).

    ``ask`` words the question that asks for it when the question leaves it out and no default may fill it
    (``ask_other`` when it is another player's); ``default`` says what the policy assumes instead, said in the
    answer. ``position`` is False for a fact that does not state a position by itself (gold, a power)."""

    path: str
    ask: Wording | None = None
    ask_other: Wording | None = None
    default: Wording | None = None
    position: bool = True

    @cached_property
    def _pattern(self) -> re.Pattern[str]:
        pattern = re.escape(self.path).replace(r"\{colour\}", r"(?P<colour>[a-z]+)")
        pattern = pattern.replace(r"\{player\}", r"(?P<player>[^.]+)").replace(r"\{suit\}", r"(?P<suit>[a-z]+)")
        pattern = pattern.replace(r"\{clearing\}", r"(?P<clearing>[^.]+)")
        return re.compile(pattern)

    def match(self, path: str) -> dict[str, str] | None:
        """The slot's fields in ``path`` (``{"colour": "blue"}``) when ``path`` is this slot's, else ``None``."""
        found = self._pattern.fullmatch(path)
        return None if found is None else found.groupdict()

    def assumed(self, fr: Mapping[str, Any], en: Mapping[str, Any]) -> Assumption:
        """The slot's default, said in the answer, its fields filled in each language."""
        if self.default is None:
            raise ValueError(f"slot {self.path!r} has no default: it is asked for")
        return Assumption(self.default.text("fr", **fr), self.default.text("en", **en))

    @property
    def kind(self) -> str:
        """What the slot is about, the part of its path that is no field: ``city``, ``capital``, ``warriors``."""
        fixed = [p for p in self.path.split(".") if not p.startswith("{")]
        return fixed[0] if fixed else self.path


#: A frame's verdict sentence, from its plan and the engine's verdict (its JSON form), in a language.
Sentence = Callable[[Plan, Mapping[str, Any], str], str]
#: The computation a player would check, from the plan and every verdict of its queries, in a language.
Work = Callable[[Plan, Sequence["Verdict"], str], str]


def no_work(plan: Plan, verdicts: Sequence[Verdict], lang: str) -> str:
    """No computation to show beyond the verdict and the engine's steps."""
    return ""


#: The engine's name of a fact it needs, where it is not the case format's path (``{p}``: the player who plays).
ENGINE_PATHS = {
    "deck.top": "deck_top",
    "rebel.flag": "rebel_flag",
    "proselytiste.display": "display",
    "recruiter.top": "recruiter_top",
    "rebel.deck": "rebel_deck",
    "experimenter.display": "experimenter_display",
    "agent.stack": "agent_stack",
    "prophet.stack": "prophet_stack",
    "architect.display": "architect_display",
    "vector.deck": "vector_deck",
    "dualist.deck": "dualist_deck",
    "{p}.give": "choice.give",
    "{p}.intruder_district": "choice.district",
    "{p}.clerc_district": "choice.district",
    "{p}.experimenter_take": "choice.take",
    "{p}.missionary_take": "choice.take",
    "{p}.agent_target": "choice.target",
    "{p}.sentinel_card": "choice.on",
    "{p}.architect_tile": "choice.tile",
    "{p}.architect_keep": "choice.keep",
}


def same_path(missing: str, player: str) -> str:
    """The case format's path of a fact the engine needs: its own name, or the one :data:`ENGINE_PATHS` gives."""
    if re.fullmatch(r"clearing\.[^.]+\.ruled", missing):
        return "ruled"  # the case format asks whether the Cabal rules the clearing the question is about
    for engine, path in ENGINE_PATHS.items():
        if engine.format(p=player) == missing:
            return path
    return missing


@dataclass(frozen=True)
class Frame:
    """One kind of question: its query, its game, the cues that ask it, how to build its position, how its verdict
    is said."""

    query: str
    game: str
    #: Any of these cues asks this question (the cue words are :data:`qa.scenario.lexicon.CUES` and ``words``).
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
    #: The facts its position needs.
    slots: tuple[Slot, ...] = ()
    #: The verdict, said first.
    sentence: Sentence | None = field(default=None, repr=False)
    #: The numbers behind the verdict, said second.
    work: Work = field(default=no_work, repr=False)
    #: Cue words only this frame's cues use, by cue: ``{"ritual": "rituel rituels ritual rituals"}``.
    words: Mapping[str, str] = field(default_factory=dict)

    def fits(self, reading: Reading) -> bool:
        """True when the question asks this (one of its cues, and of ``also``) and states a fact of this kind. A frame
        with no cues is asked by the fact it states alone (a card played)."""
        stated = any(kind in f.path.split(".") for f in reading.facts for kind in self.states)
        cued = not self.cues or bool(self.cues & reading.cues)
        asks = cued and all(cues & reading.cues for cues in self.also)
        named = not self.coloured or any(colour_of(f.path) for f in reading.facts if not f.path.startswith("powers"))
        return asks and stated and named

    def slot(self, path: str) -> Slot | None:
        """The slot ``path`` fills, if any."""
        return next((s for s in self.slots if s.match(path) is not None), None)
