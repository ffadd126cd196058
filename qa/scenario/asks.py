"""A question that asks two things of one position ("do I bust, and who takes the Bonus?"): each clause that asks
gets its frame, and each frame its own engine query on the same facts.

The clauses are the pieces between question marks and the words that join two questions ("et", "and", "puis",
"then"). The first frame is the one :func:`qa.scenario.frames.choose` picks for the whole question; a second is
another frame of the same game that one clause asks for, over the same facts.
"""

from __future__ import annotations

import re
from dataclasses import replace

from qa.scenario.cues import cues_of, writes_accents
from qa.scenario.frames import CONTEXT, Frame, choose
from qa.scenario.lexicon import lex
from qa.scenario.reader import Reading

#: Where one question ends and another may start.
_JOINS = re.compile(r"\?|\b(?:et|and|puis|then)\b", re.IGNORECASE)


def clauses(question: str) -> list[str]:
    """The pieces of ``question`` that may each ask something, in order."""
    return [c.strip(" ,;:.") for c in _JOINS.split(question) if c.strip(" ,;:.")]


#: What a first frame's answer leaves nothing to ask of: once a card is played, where it may go is moot (the play's
#: answer says where it went; "je gagne ou perds ?" is no "où" written without its accent).
_MOOT = {"play": frozenset({"legal_plays"})}


def second_frame(question: str, lang: str, reading: Reading, first: Frame) -> Frame | None:
    """The frame of another thing the question asks of the same position, if a clause asks one."""
    pieces = clauses(question)
    if len(pieces) < 2:
        return None
    context = reading.cues & CONTEXT
    accents = writes_accents(list(reading.tokens))  # an "ou" is "or" in a question that writes its accents
    for piece in pieces:
        cues = cues_of(lex(piece, lang), accents=accents)
        if not cues - CONTEXT:
            continue  # a clause that says what it is about ("with 2 gold") asks nothing
        frame = choose(replace(reading, cues=cues | context, asked=cues, form=None), stated_only=False)
        if (
            frame is not None
            and frame.query not in {first.query, *_MOOT.get(first.query, ())}
            and frame.game == first.game
        ):
            return frame
    return None
