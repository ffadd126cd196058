"""What the Necropossums frames share: a Root position here is one battle's clearing and the Cemeteries'
clearings; the counts a question states, read strictly (a count said without its number is asked for); the slots
those frames share. The policy: the number of Cemeteries and the warriors a question counts are never assumed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qa.scenario.clauses import battle_suit as clause_suit
from qa.scenario.facts import Fact
from qa.scenario.frames.base import Slot
from qa.scenario.plan import Missing
from qa.scenario.say import Wording

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

#: The suits clearings are given in turn.
SUITS = ("fox", "mouse", "rabbit")
#: Counts: a frame that counts needs "how many" (or "score", "points").
COUNTS = frozenset({"how_much", "score"})

CEMETERIES = Slot("cemeteries", Wording("Combien de Cimetières sont en jeu ?", "How many Cemeteries are in play?"))
WARRIORS = Slot(
    "warriors",
    Wording(
        "Combien de guerriers de la Cabale sont dans la clairière ?", "How many Cabal warriors are in the clearing?"
    ),
)
NECROS = Slot(
    "necros",
    Wording(
        "Combien de tes Nécros sont dans la clairière du combat ?",
        "How many of your Necros are in the battle's clearing?",
    ),
    default=Wording("aucun Nécro dans la clairière", "no Necro in the clearing"),
)
HITS = Slot("hits", Wording("Combien de coups la Cabale subit-elle ?", "How many hits does the Cabal take?"))
CEMETERY_REMOVED = Slot("cemetery_removed")


def battle_suit(reading: Reading) -> str:
    """The suit of the battle's clearing as the question says it ("a mouse clearing", "une clairière lapin"), which
    names the Cemetery that matches it in the answer; fox when no clearing's suit is said (it changes no count)."""
    return clause_suit(list(reading.tokens)) or SUITS[0]


def stated(reading: Reading, path: str) -> Fact | None:
    """The fact at ``path``; ``Missing`` when it was said without its number ("some of my warriors")."""
    fact = reading.get(path)
    if fact is not None and fact.value is None:
        raise Missing(path)
    return fact


def count(reading: Reading, path: str) -> int:
    """The number stated at ``path``; ``Missing`` when it is not stated, or stated as several numbers ("0 2
    Cimetières": how many is asked)."""
    fact = stated(reading, path)
    if fact is None or not isinstance(fact.value, int):
        raise Missing(path)
    return fact.value


def flag(reading: Reading, path: str) -> bool | None:
    """Whether the question says ``path`` holds (``None``: it does not say)."""
    fact = stated(reading, path)
    return None if fact is None else bool(fact.value)
