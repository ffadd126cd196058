"""Where may this card be played? In the district of its colour, of the Capital or of the City; a rebel card where
the Rebel flag stands (Infiltrator) or anywhere (Intruder with Missionary); a Dualist card in the colour it shows
where it is played; a purple card, or the undercover card's extra colour, in a purple district ("le drapeau est sur
le jaune, où je peux jouer ma Rebelle ?", "where can my purple 4 go?").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from corpus.text import fold
from qa.query import QuestionKind
from qa.scenario.cues import asking_sentence
from qa.scenario.frames.base import Frame
from qa.scenario.frames.cl2_table import Table
from qa.scenario.frames.play import SLOTS, played_card
from qa.scenario.plan import CL2, NotThisFrame, Plan
from qa.scenario.say import colour, listed

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

_FLAG = frozenset({"drapeau", "flag"})


def build(reading: Reading) -> Plan:
    asked = {fold(t.text) for t in asking_sentence(list(reading.tokens))}
    if asked & _FLAG:
        raise NotThisFrame("where the Rebel flag is: the play's verdict says it")
    _, card, played = played_card(reading)
    table = Table(reading, played)
    position = table.position(colour=played)
    return Plan("legal_plays", CL2, position, {"query": "legal_plays", "card": card}, tuple(table.assumptions), played)


def _place(spot: Mapping[str, Any], lang: str) -> str:
    name = colour(spot["colour"], lang)
    if lang == "fr":
        return f"le district {name} de la {'Capitale' if spot['place'] == 'capital' else 'Cité'}"
    return f"the {'Capital' if spot['place'] == 'capital' else 'City'}'s {name} district"


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    spots = [_place(s, lang) for s in found["allowed"]]
    if not spots:
        return "Nulle part." if lang == "fr" else "Nowhere."
    joined = listed(spots, lang, either=True)
    return f"Elle peut aller dans {joined}." if lang == "fr" else f"It may go in {joined}."


FRAME = Frame(
    "legal_plays",
    CL2,
    frozenset({"where"}),
    build,
    ("plays",),
    rank=6,
    answers=QuestionKind.PLACE,
    slots=SLOTS,
    sentence=sentence,
)
