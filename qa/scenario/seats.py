"""How many players a question says sit at the table, and whether it plays the Undercover module: what the draft's
deal depends on ("on est 5 joueurs", "a five-player game", "à cinq avec le module Clandestin").

>>> from qa.scenario.lexicon import lex
>>> [(f.path, f.value) for f in seat_facts(lex("On est 5 joueurs avec le module Clandestin", "fr"))]
[('players', 5), ('undercover', True)]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from corpus.text import fold
from qa.scenario.facts import Fact
from qa.scenario.numbers import number
from qa.scenario.tokens import Token

_PLAYERS = frozenset({"joueurs", "joueuses", "joueur", "players", "player", "personnes", "people"})
_UNDERCOVER = frozenset({"clandestin", "clandestins", "undercover"})
_PURPLE = frozenset({"violet", "violette", "violets", "violettes", "purple"})
_AT = re.compile(r"^(\d+|[a-z]+)(?:-(?:player|joueurs?))?$")


def seat_facts(tokens: Sequence[Token]) -> list[Fact]:
    """``players`` (a count said before "players", or a count-player game) and ``undercover`` (the module named)."""
    found: list[Fact] = []
    for k, token in enumerate(tokens):
        word = fold(token.text)
        said = _AT.match(word)
        count = number(said.group(1)) if said else None
        joined = word.endswith(("-player", "-joueurs", "-joueur"))
        follows = k + 1 < len(tokens) and fold(tokens[k + 1].text) in _PLAYERS
        if count is not None and 1 <= count <= 9 and (joined or follows) and not found:
            end = tokens[k + 1].end if follows else token.end
            found.append(Fact("players", count, token.start, end))
    module = _UNDERCOVER | (_PURPLE if found else frozenset())  # purple cards say the module when seats are counted
    named = next((t for t in tokens if fold(t.text) in module), None)
    if named is not None:
        found.append(Fact("undercover", True, named.start, named.end))
    return found
