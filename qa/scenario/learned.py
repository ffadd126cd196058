"""The learned reader: a question read from the encoder's pass by two heads, the intent head (the frame asked, or
a rules question: :mod:`qa.scenario.intent`) and the slot head (what each number states: :mod:`qa.scenario.slots`).

Its reading is put in the rule reader's terms, as a :class:`~qa.scenario.reader.Reading` whose numbers come from
the slot head, so that the same frames solve both and their verdicts can be compared
(:mod:`qa.scenario.accord`). What the slot head does not read (powers, configurations, whether a Cemetery is
there, the question's cue words) is the rule reader's. Where measurement shows the rule reader reads a kind of
fact better, its reading of that kind is kept: a number's colour (0.956 against the head's 0.871 with two voices
held out), and which named player an ``other`` number belongs to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from qa.scenario import intent, slots
from qa.scenario.facts import COVERED, Fact, card_holding
from qa.scenario.intent import RULES
from qa.scenario.lexicon import Kind
from qa.scenario.reader import Reading
from qa.scenario.slots import Slot

if TYPE_CHECKING:
    from qa.embeddings import TokenStates

#: Roles whose numbers are cards, listed in a tuple (a district, Bonus cards, Agent tiles); the rest are counts.
CARDS = frozenset({"capital", "city", "bonus", "agent"})
COLOURED = frozenset({"capital", "city", "agent", "maximum"})
OWNED = frozenset({"city", "gold", "bonus", "total", "city_total", "bonus_total"})


@dataclass(frozen=True)
class LearnedReading:
    """What the two heads read: the intent, and every number's slot."""

    intent: intent.Intent
    slots: tuple[Slot, ...]


def wants_position(states: TokenStates | None) -> bool:
    """The intent head reads a frame, not a rules question (``False`` without token states or a shipped head)."""
    return states is not None and intent.MODEL.is_file() and intent.shipped().predict(states.vector).label != RULES


#: The frames whose question the intent head reads better than the cue words do (issue 35's frames: a card
#: played, where it may go, the Swap, the Architect's claim; Root's Skull, Wheel, Birdsong and Hammer). Its reading
#: of them chooses the frame and how the question's cards are read; the other frames stay the cue words'.
INTENDED = frozenset({"play", "legal_plays", "swap", "architect_claim", "skull", "wheel", "birdsong", "hammer"})


def intended(states: TokenStates | None) -> str | None:
    """The frame the intent head reads, when it is one of :data:`INTENDED`; ``None`` otherwise (or without token
    states or a shipped head)."""
    if states is None or not intent.MODEL.is_file():
        return None
    label = intent.shipped().predict(states.vector).label
    return label if label in INTENDED else None


def read_learned(text: str, lang: str, states: TokenStates | None) -> LearnedReading | None:
    """The learned reading of ``text``, or ``None`` without token states (another backend) or shipped heads."""
    if states is None or not (intent.MODEL.is_file() and slots.MODEL.is_file()):
        return None
    return LearnedReading(intent.shipped().predict(states.vector), slots.shipped().read(text, lang, states))


def _covering(facts: Sequence[Fact], slot: Slot) -> Fact | None:
    return next((f for f in facts if 0 <= f.start <= slot.start and slot.end <= f.end), None)


def _colour(path: str) -> str | None:
    last = path.rsplit(".", 1)[-1]
    return last if last in ("blue", "pink", "yellow", "green", "purple") else None


def _named(reading: Reading, slot: Slot, rule: Fact | None) -> str | None:
    """The named player an ``other`` number belongs to: the rule reader's, else the last name before it, else the
    first one after it."""
    if rule is not None and rule.owner not in (None, "me"):
        return rule.owner
    names = [t for t in reading.tokens if t.kind is Kind.NAME]
    before = [t for t in names if t.end <= slot.start]
    after = [t for t in names if t.start >= slot.end]
    chosen = before[-1] if before else (after[0] if after else None)
    return None if chosen is None else _player(reading, str(chosen.value or chosen.text))


def _player(reading: Reading, said: str) -> str:
    """A name as the rule reader spells the player (``Sacha-Lou``, not ``Sacha``)."""
    return next((p for p in reading.players if p.startswith(said) or said.startswith(p)), said)


def _said(reading: Reading, colour: str) -> str | None:
    """The slot head's colour, when the question says it: the head chooses among the colours said, it never brings
    one nobody named ("001 | 1m011" has no yellow district)."""
    said = {str(getattr(t.value, "value", t.value)) for t in reading.tokens if t.kind is Kind.COLOUR}
    return colour if colour in said else None


#: How far ahead of the runner-up the head's role must be (in logits) for its reading of a number to stand against
#: the rule reader's. Measured on four voices held out of training (7,400 numbers): where the two read a number's
#: role differently and the head's margin was under 2, the rule reader was right 104 times and the head 52; from 2
#: to 4, the head 75 and the rule reader 56; above 4, the head 855 and the rule reader 43.
SURE = 2.0

#: Part 2's roles (issue 35): a player's card (played, in hand), a card a choice names, and cards drawn, on
#: display, or an Architect's tile. The head says that a number is such a card; which deck, display or tile it is
#: the rule reader's words say (the Recruiter's top card, the rebel deck...).
PART2 = frozenset({"plays", "hand", "take", "give", "on", "drawn", "display", "tile"})
#: Part 2's roles whose fact is one card (the rest are lists).
ONE_CARD = frozenset({"plays", "take", "give", "on"})


def _card_path(reading: Reading, slot: Slot, rule: Fact | None) -> str | None:
    """The path of a part-2 card: a player's card, a choice's, or the deck, display or tile the rule reader read
    it in (``None`` when it read it in none)."""
    if slot.role in ("plays", "hand"):
        who = "me" if slot.owner != "other" else _named(reading, slot, rule)
        return None if who is None else f"{who}.{slot.role}"
    if slot.role in ("take", "give", "on"):
        return f"choice.{slot.role}"
    return rule.path if rule is not None and _is_card_text(rule.value) else None


def _rule_card(rule: Fact | None, value: int) -> str | None:
    """The card of the rule reader's fact that holds ``value``, as it wrote it (``recruiter/blue:5``)."""
    if rule is None or not _is_card_text(rule.value):
        return None
    return card_holding(rule.value, value)


def card_of(reading: Reading, slot: Slot) -> str | None:
    """A part-2 slot's card in the case format: the rule reader's card when it read this number as one (its kind
    and colour stand), else the head's colour said in the question; ``None`` with no colour."""
    said = _rule_card(_covering(reading.facts, slot), slot.value)
    if said is not None:
        return said
    if slot.role == "tile":
        return f"={slot.value}"
    colour = _said(reading, slot.colour)
    return None if colour is None else f"{colour}:{slot.value}"


def path_of(reading: Reading, slot: Slot) -> str | None:
    """The fact path a slot states, in the case format; ``None`` when it states none or cannot be placed (a
    district with no colour, an ``other`` number with no player named)."""
    if slot.role == "none":
        return None
    rule = _covering(reading.facts, slot)
    if slot.role in PART2:
        return _card_path(reading, slot, rule)
    colour = (_colour(rule.path) if rule is not None else None) or _said(reading, slot.colour)
    if slot.role in COLOURED and colour is None:
        return None
    if slot.role == "capital":
        return f"capital.{colour}"
    if slot.role == "agent":
        return f"agent_tiles.{colour}"
    if slot.role == "maximum":
        return f"maximum.{colour}"
    if slot.role not in OWNED:
        return slot.role  # a Root count
    who = "me" if slot.owner != "other" else _named(reading, slot, rule)
    if who is None:
        return None
    return f"{who}.city.{colour}" if slot.role == "city" else f"{who}.{slot.role}"


def _is_number(value: object) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)) or (
        isinstance(value, tuple) and bool(value) and all(isinstance(v, int) for v in value)
    )


def _is_card_text(value: object) -> bool:
    """A card the rule reader placed in a role of a power question (``"pink:4"``, a hand of them): no district's
    number, and no role the slot head knows."""
    return (isinstance(value, str) and ":" in value) or (
        isinstance(value, tuple) and bool(value) and all(isinstance(v, str) and ":" in v for v in value)
    )


def _spans_slot(fact: Fact, learned: LearnedReading) -> bool:
    return any(fact.start <= s.start and s.end <= fact.end for s in learned.slots)


def as_reading(reading: Reading, learned: LearnedReading, *, defer: bool = True) -> Reading | None:
    """The learned reading in the rule reader's terms: the rule reader's facts that are no numbers or whose words
    hold no number ("no gold", "un seul or"), and a fact for each path the slots state (cards in the order said; a
    sum said after its cards is not a card). ``None`` when a number cannot be placed or a count is said twice.

    ``defer``: a number whose role the head reads by less than :data:`SURE` keeps the rule reader's reading (where
    the rule reader read no position at all, there is none to defer to)."""
    placed: dict[str, list[Slot]] = {}
    unsure = [s for s in learned.slots if defer and s.margin[0] < SURE]
    # districts with a card a Sentinel's token covers: the words that say so are the rule reader's ("6 w/ gold
    # token, 7"), so its reading of them stands; and so does its reading of a number the head is unsure of
    held = [
        f for f in reading.facts if COVERED in f.kinds or any(f.start <= s.start and s.end <= f.end for s in unsure)
    ]
    for slot in learned.slots:
        if slot.role == "none" or slot in unsure or any(f.start <= slot.start and slot.end <= f.end for f in held):
            continue
        path = path_of(reading, slot)
        if path is None:
            return None
        placed.setdefault(path, []).append(slot)
    facts = []
    for path, said in placed.items():
        values = [s.value for s in said]
        role = said[0].role
        if role in PART2:
            cards = [card_of(reading, s) for s in said]
            if None in cards or (role in ONE_CARD and len(cards) > 1):
                return None  # a card with no colour said, or two cards where one is played
            rule = next((f for f in reading.facts if f.path == path), None)
            one = role in ONE_CARD or (rule is not None and isinstance(rule.value, str) and len(cards) == 1)
            facts.append(Fact(path, cards[0] if one else tuple(cards), said[0].start, said[-1].end))
            continue
        if role in CARDS:
            if len(values) > 2 and values[-1] == sum(values[:-1]):
                values = values[:-1]  # "9 and 8, so 17"
            value: object = tuple(values) if len(values) > 1 or role in ("bonus", "agent") else values[0]
        elif len(set(values)) == 1:
            value = values[0]
        else:
            return None
        rule = next((f for f in reading.facts if f.path == path), None)
        kinds = rule.kinds if rule is not None and rule.value == value else ()
        facts.append(Fact(path, value, said[0].start, said[-1].end, kinds, whole=rule.whole if rule else False))
    kept = [
        f
        for f in reading.facts
        if f.path not in placed and (f in held or not _is_number(f.value) or not _spans_slot(f, learned))
    ]
    # the rule reader's contradictions are between the facts it read; the learned facts are checked as they are built
    return replace(reading, facts=tuple(kept + facts), contradictions=())
