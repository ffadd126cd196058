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
from qa.scenario.tokens import Kind, Token

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

_FLAG = frozenset({"drapeau", "flag"})
_WHERE = frozenset({"ou", "where"})
#: What a card played may take: where it may go is asked only of the card itself, the hand it is in, and what
#: decides its district (the Rebel flag, the undercover card). A question that says what the play drew or chose
#: ("je pioche une rebelle jaune 6", "the recruiter card on top is a pink 4") asks what the play does.
WHERE_IT_MAY_GO = ("plays", "hand", "rebel_flag", "undercover")


def build(reading: Reading) -> Plan:
    asking = asking_sentence(list(reading.tokens))
    asked = [fold(t.text) for t in asking]
    where = next((k for k, w in enumerate(asked) if w in _WHERE), 0)
    if set(asked[where:]) & _FLAG:  # "where does the flag go?" ("the flag's on blue, where can I play it?" is not)
        raise NotThisFrame("where the Rebel flag is: the play's verdict says it")
    done = [f.path for f in reading.facts if f.value is not None and _of_the_play(f.path)]
    if done:
        raise NotThisFrame(f"the question says what the play drew or chose ({', '.join(done)}): it asks what it does")
    if _placed(reading, asking):
        raise NotThisFrame("the card played is said where it goes: the question asks what the play does")
    _, card, played = played_card(reading)
    table = Table(reading, played)
    position = table.position(colour=played)
    return Plan("legal_plays", CL2, position, {"query": "legal_plays", "card": card}, tuple(table.assumptions), played)


def _placed(reading: Reading, asking: list[Token]) -> bool:
    """The card played is said placed, before the sentence that asks ("I'm putting my pink 5 into the Capital.
    Which card do I get and where does it go?"): a Capital or a City said after it, in its own sentence."""
    fact = next((f for f in reversed(reading.facts) if f.path.endswith(".plays") and f.value is not None), None)
    if fact is None or not asking or fact.end > asking[0].start:
        return False
    after = [t for t in reading.tokens if fact.end <= t.start < asking[0].start]
    sentence = next((i for i, t in enumerate(after) if t.kind is Kind.MARK and t.text in ".?!/"), len(after))
    return any(t.kind in (Kind.CAPITAL, Kind.CITY) for t in after[:sentence])


def _of_the_play(path: str) -> bool:
    """A fact of what a play draws or chooses (a deck, a display, a choice), which no card's place depends on."""
    return any(slot.match(path) is not None for slot in SLOTS) and not any(
        part in WHERE_IT_MAY_GO for part in path.split(".")
    )


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
