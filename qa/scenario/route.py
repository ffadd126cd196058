"""The router: whether a question states a position the engines compute, and the scenario it asks about.

A question is a scenario when it asks something a frame computes (its cue words) and states at least one fact
of a position (a district, a MAXIMUM, Agent tiles, Cemeteries, warriors, hits...). A number said in passing
("how many gold does a tie give?") states no position: that is a rules question. A follow-up ("and with 2
gold?") amends the position of the earlier turn; with no earlier position, it is a problem to point out.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from corpus.text import fold
from engine.cl2.power import Power
from qa.scenario.accord import Accord, reconcile, unread
from qa.scenario.asks import second_frame
from qa.scenario.checks import within
from qa.scenario.corrections import card_corrected
from qa.scenario.cues import cues_of
from qa.scenario.facts import Fact
from qa.scenario.frames import Frame, asked_in_full, choose, colour_of, find, position_facts
from qa.scenario.learned import intended, read_learned, wants_position
from qa.scenario.lexicon import Kind, lex
from qa.scenario.mentalist import SWAPPED
from qa.scenario.plan import NotThisFrame
from qa.scenario.reader import Reading, read_facts
from qa.scenario.roles import PLAYED
from qa.scenario.solve import Outcome, Problem, solve
from qa.scenario.words import instead

if TYPE_CHECKING:
    from qa.embeddings import TokenStates


def states_position(reading: Reading) -> bool:
    """True when the question states at least one fact of a position (of a kind some frame's slots state)."""
    kinds = position_facts()
    return any(kind in kinds for f in reading.facts for kind in f.path.split("."))


def earlier_reading(history: Sequence[Mapping[str, Any]], lang: str) -> tuple[Reading, Frame] | None:
    """The position of the last earlier turn that had one (its facts and its frame), from the answer contract (a turn
    whose answer gives no language is read in ``lang``, the conversation's)."""
    for turn in reversed(history):
        scenario = (turn.get("response") or {}).get("scenario")
        if not scenario:
            stated = _stated_in(turn, lang)
            if stated is not None:
                return stated
            continue
        frame = find(str(scenario.get("frame")))
        if frame is None:
            continue
        facts = tuple(Fact(f["path"], _value(f["value"]), -1, -1) for f in scenario.get("facts", []) if "path" in f)
        return Reading(facts, _asked_as(turn, frame, lang), (), ()), frame
    return None


def _stated_in(turn: Mapping[str, Any], lang: str) -> tuple[Reading, Frame] | None:
    """The position an earlier question stated though its answer was a rule ("3 warriors and a Necro, I take 2
    hits: how many go?" answered by the ruling on losses): a follow-up ("and with four hits?") amends it."""
    question = str(turn.get("question") or "")
    said_in = str((turn.get("response") or {}).get("lang") or lang)
    reading = read_facts(question, said_in) if question.strip() else None
    if reading is None or reading.contradictions or not states_position(reading):
        return None
    frame = choose(reading)
    return None if frame is None else (reading, frame)


def _asked_as(turn: Mapping[str, Any], frame: Frame, lang: str) -> frozenset[str]:
    """The frame's cues that the earlier question said ("Do I keep it?" asks if I am safe, not if I bust), so that a
    follow-up's yes or no keeps its sense; all the frame's cues when it said none of them."""
    said_in = str((turn.get("response") or {}).get("lang") or lang)
    said = cues_of(lex(str(turn.get("question") or ""), said_in)) & frame.cues
    return said or frame.cues


def _value(value: object) -> object:
    if isinstance(value, list):
        return tuple(value)
    if isinstance(value, str) and value not in ("A", "B", "C"):
        try:
            return Power(value)
        except ValueError:
            return value
    return value


#: Words that add to a district rather than restate it: "et si je pose encore un 3", "what if I also drop a 1".
ADDS = frozenset(
    {"encore", "another", "ajoute", "ajouter", "rajoute", "add", "adds", "drop", "drops", "second", "deuxieme"}
    | {"rajoutais", "ajoutais", "pose"}  # "jrajoute" is spelled out first (shorthand.py)
)


def amend(earlier: Reading, now: Reading) -> Reading:
    """The earlier position with what ``now`` restates replaced and what it adds added: a card played on top of
    a district ("encore un 3", "also a 1") joins the earlier cards."""
    words = {fold(t.text) for t in now.tokens}
    folded = [fold(t.text) for t in now.tokens]
    articles = ("un", "une", "a", "an")
    numbers = [t.kind is Kind.NUMBER for t in now.tokens]
    more = any(a in ("de", "en") and b == "plus" for a, b in itertools.pairwise(folded)) or any(
        w in ("aussi", "also") and (set(folded[k + 1 : k + 3]) & set(articles) or any(numbers[k + 1 : k + 4]))
        for k, w in enumerate(folded)
    )  # "un 2 de plus", "y a aussi un 3", "also had a 2", "also won the 5" (but "Léo a 10 lui aussi" restates)
    adds = bool(words & ADDS) or more
    more_tiles = bool(words & (ADDS | {"aussi", "also", "well"}))  # "and if there's a +3 tile as well?"
    before = {f.path: f for f in earlier.facts}
    facts = list(now.facts)
    for k, f in enumerate(facts):
        old = before.get(f.path)
        district = f.path.startswith("capital") or ".city" in f.path
        tiles = f.path.startswith("agent_tiles.") and more_tiles
        bonus = f.path.endswith(".bonus")
        known = f.value is not None and old is not None and isinstance(old.value, int | tuple)
        if ((adds and (district or bonus)) or tiles) and known and old is not None and not f.whole:
            olds = old.value if isinstance(old.value, tuple) else (old.value,)
            news = f.value if isinstance(f.value, tuple) else (f.value,)
            if not within(olds, news):  # "so his blue is 9, 4 and 1": the whole district again, its new card among it
                both = (old.kinds or (None,) * len(olds)) + (f.kinds or (None,) * len(news))
                facts[k] = replace(f, value=(*olds, *news), kinds=both if any(both) else ())
    if _more(folded):  # "trois guerriers de plus", "2 more gold": a count grows
        for k, f in enumerate(facts):
            old = before.get(f.path)
            if _counts(f.path) and old is not None and isinstance(f.value, int) and isinstance(old.value, int | tuple):
                grown = (
                    (old.value[0] + f.value, *old.value[1:]) if isinstance(old.value, tuple) else old.value + f.value
                )
                facts[k] = replace(f, value=grown)
    restated = {f.path for f in now.facts}
    kept = tuple(f for f in earlier.facts if f.path not in restated)
    # what the follow-up states comes first: "And my pink, a 6 and a 6?" is about pink now
    return replace(now, facts=tuple(facts) + kept, cues=now.cues | earlier.cues)


#: Counts a follow-up can add to: "three more warriors", "2 or de plus", "un Cimetière en plus".
_COUNTS = ("warriors", "cemeteries", "necros", "hits", "bird_cards", "enemy_warriors_removed")


def _counts(path: str) -> bool:
    return path in _COUNTS or path.endswith(".gold")


def _more(folded: list[str]) -> bool:
    """The follow-up adds to a count: "de plus", "en plus", "more", "extra", "supplémentaires"."""
    pairs = any(a in ("de", "en") and b == "plus" for a, b in itertools.pairwise(folded))
    return pairs or bool(set(folded) & {"more", "extra", "additional", "supplementaire", "supplementaires"})


#: What a follow-up's bare "en" ("j'en ai quatre") counts, by the earlier facts' paths.
_TOPICS = {"gold": Kind.GOLD, "cemeteries": Kind.CEMETERY, "warriors": Kind.WARRIOR, "necros": Kind.NECRO}


def _topic(earlier: tuple[Reading, Frame] | None) -> Kind | None:
    """The last countable thing the earlier position stated (its gold, its Cemeteries...)."""
    if earlier is None:
        return None
    said = [_TOPICS[f.path.split(".")[-1]] for f in earlier[0].facts if f.path.split(".")[-1] in _TOPICS]
    return said[-1] if said else None


def _in_context(
    reading: Reading, earlier: Reading, history: Sequence[Mapping[str, Any]], said: tuple[Any, ...]
) -> Reading:
    """A follow-up that states no fact by itself, read after the question it follows, whose words it leans on: the
    tile of "the tile actually says blue=pink" is the Architect's, the warrior of "there's actually one Eyrie warrior
    in the fox Necro's clearing" an enemy's. Only the facts said in the follow-up are its own, and it may only
    restate what the earlier position stated: a fact it would add is left unread, as before."""
    before = str(history[-1].get("question") or "") if history else ""
    if not before.strip():
        return reading
    question, lang, colour, players, topic, context = said
    offset = len(before) + 1
    whole = read_facts(f"{before}\n{question}", lang, colour, players, topic, context, follows=True)
    own = [f for f in whole.facts if f.end > offset]  # a list the follow-up ends ("aussi une deuxième tuile 2")
    stated = {f.path for f in earlier.facts}
    if not own or whole.contradictions or any(f.path not in stated for f in own):
        return reading
    moved = tuple(replace(f, start=max(0, f.start - offset), end=f.end - offset) for f in own)
    return replace(reading, facts=moved)


def _solved(reading: Reading, frame: Frame, question: str) -> Outcome | None:
    """The frame's verdict, or ``None`` (a rules question) when the frame finds the question is not of its kind."""
    try:
        return solve(reading, frame, question)
    except NotThisFrame:
        return None


def _valued(frame: Frame, reading: Reading) -> bool:
    """The reading states a value of the frame's own kind of fact (a card played, a clearing): "where may I play my
    blue cards?" names no card, and stays a rules question whatever the intent head reads."""
    return any(f.value is not None and set(frame.states) & set(f.path.split(".")) for f in reading.facts)


def route(
    question: str, lang: str, history: Sequence[Mapping[str, Any]] = (), states: TokenStates | None = None
) -> Outcome | None:
    """The scenario ``question`` asks about, solved; ``None`` for a rules question. ``states`` is the encoder's
    pass over the question, for the learned reader (:mod:`qa.scenario.accord`)."""
    earlier = earlier_reading(history, lang)
    colours = [] if earlier is None else [colour_of(f.path) for f in earlier[0].facts]
    owners = [] if earlier is None else [f.owner for f in earlier[0].facts if f.owner is not None]
    players = tuple(p for p in dict.fromkeys(owners) if p != "me")
    context = frozenset() if earlier is None else earlier[0].cues
    if earlier is not None and any(f.path.endswith(".plays") for f in earlier[0].facts):
        context |= {PLAYED}  # "and if I add my yellow 5 instead?": still a card played with its power
    if earlier is not None and any(f.path == "choice.give" for f in earlier[0].facts):
        context |= {SWAPPED}  # "et si à la place j'échange mon 6 contre le 5 ?": still the Mentalist's Swap
    colour = next((c for c in colours if c is not None), None)
    said = (question, lang, colour, players, _topic(earlier), context)
    reading = read_facts(*said, follows=earlier is not None)
    if earlier is not None and not reading.facts:
        reading = _in_context(reading, earlier[0], history, said)  # "the tile actually says blue=pink"
        if reading.facts:  # its frame is the earlier one's ("Wait, one Eyrie warrior there. Redo it.")
            return _solved(amend(earlier[0], reading), earlier[1], question)
    if earlier is not None:  # "le 2 de la capitale c'est un 1": one earlier card corrected, not two values
        facts, contradictions = card_corrected(earlier[0].facts, reading.facts, reading.contradictions)
        reading = replace(reading, facts=facts, contradictions=contradictions)
    frame = choose(reading)
    intent = find(intended(states) or "") if earlier is None else None  # a follow-up's frame is its earlier one's
    if intent is not None and intent is not frame:  # the intent head's frame, read as it reads, if the question asks it
        theirs = read_facts(*said, intended=intent.query)
        if _valued(intent, theirs) and choose(theirs, intended=intent) is intent:
            reading, frame = theirs, intent
    if earlier is not None and reading.facts and (reading.amends or frame is None or not states_position(reading)):
        merged = amend(earlier[0], reading)
        return _solved(merged, choose(replace(merged, cues=reading.cues), stated_only=False) or earlier[1], question)
    if earlier is not None and not reading.facts and reading.amends:
        merged = amend(earlier[0], reading)  # "And in Evening, how many points from Rituals?": a new question
        asked = choose(replace(merged, cues=reading.cues), stated_only=False)
        if asked is not None and asked.game == earlier[1].game and asked.query != earlier[1].query:
            return _solved(merged, asked, question)
    folded = [fold(t.text) for t in reading.tokens]
    # "what if the Capital had 18 instead?", "And what if I had two more gold?": said of an earlier position
    relative = instead(folded) or _more(folded)
    stated = states_position(reading) or any(".gold" in f.path for f in reading.facts)
    turns_to = earlier is None and not reading.facts and bool(reading.players)  # "et pour Solène alors, ... ?"
    if reading.amends and (((frame is None or (earlier is None and relative)) and stated) or turns_to):
        problem = Problem(
            question.strip(),
            "cette question complète une position, mais aucune position n'a été donnée avant",
            "this question amends a position, but no position was given before",
        )
        return Outcome(reading, None, problem=problem)

    def solver(r: Reading, f: Frame) -> Outcome | None:
        return _solved(r, f, question)

    if frame is None or not (states_position(reading) or asked_in_full(frame, reading)):
        # the learned reader reads on only if it sees a position
        if earlier is not None or reading.amends or not wants_position(states):
            return None
        return unread(reading, read_learned(question, lang, states), solver)
    outcome = _solved(reading, frame, question)
    if outcome is None:
        return None
    outcome = reconcile(outcome, read_learned(question, lang, states), solver)
    if outcome.verdict is None or outcome.missing or outcome.problem or outcome.accord is Accord.ASKED:
        return outcome
    second = second_frame(question, lang, reading, frame)
    then = None if second is None else _solved(reading, second, question)
    if then is None or then.verdict is None or then.missing or then.problem:
        return outcome
    return replace(outcome, then=then)  # "Do I bust, and who takes the Bonus?": both answered
