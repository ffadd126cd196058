"""Who plays: the names a question gives as players, not the capitalised words that open its sentences.

A word with a capital is read as a name (``qa.scenario.lexicon``), and at the opening of a message or of one of
its lines the capital says nothing: "Outlook for the yellow district", "Question pour le club", "Update: ...".
Such a word is a player only when the question gives it something, a fact or the question itself; a name met
further on ("... Imogen also has green cards") is a player however little is said of it, unless the whole
question is in capitals.
"""

from __future__ import annotations

from collections.abc import Sequence

from qa.scenario.facts import Fact
from qa.scenario.lexicon import Kind, Token


def opens(question: str, tokens: Sequence[Token], k: int) -> bool:
    """Token ``k`` opens the question or a line (not a table's row: "| Balthazar | ? |" names a player)."""
    start = question.rfind("\n", 0, tokens[k].start) + 1
    end = question.find("\n", tokens[k].end)
    line = question[start : None if end < 0 else end]
    return not question[start : tokens[k].start].strip() and "|" not in line


def players_given(
    question: str, tokens: Sequence[Token], named: Sequence[str], facts: Sequence[Fact], subjects: Sequence[str]
) -> tuple[str, ...]:
    """The names of ``named`` that are players: each has a fact, is asked about, or is met further on than the
    opening of a line."""
    owners = {f.path.split(".")[0] for f in facts}
    if _in_capitals(question):  # "ROUND END STOP CAPITAL BLUE 12 STOP": no capital marks a name
        return tuple(p for p in named if p in owners)
    inside = {str(t.value) for k, t in enumerate(tokens) if t.kind is Kind.NAME and not opens(question, tokens, k)}
    return tuple(p for p in named if p in owners or p in subjects or p in inside)


def _in_capitals(question: str) -> bool:
    """The question is written in capitals (a telegram, a shout): four letters in five or more."""
    letters = [c for c in question if c.isalpha()]
    return len(letters) >= 20 and sum(c.isupper() for c in letters) >= 0.8 * len(letters)
