"""How many players a question says sit at the table, and whether it plays the Undercover module: what the draft's
deal depends on ("on est 5 joueurs", "a five-player game", "à cinq avec le module Clandestin"); and the current
undercover card, as the colour of the power it shows then its extra colour ("Current undercover card: pink power,
extra colour yellow": ``pink/yellow``).

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
from qa.scenario.tokens import Kind, Token

_PLAYERS = frozenset({"joueurs", "joueuses", "joueur", "players", "player", "personnes", "people"})
_UNDERCOVER = frozenset({"clandestin", "clandestins", "undercover"})
_PURPLE = frozenset({"violet", "violette", "violets", "violettes", "purple"})
#: Words before a count of players: "nous sommes quatre", "on est cinq", "we are four", "we're five".
_WE_ARE = (["nous", "sommes"], ["on", "est"], ["we", "are"], ["we", "re"])
#: "partie à trois", "on joue à quatre": a game of that many.
_GAME_AT = frozenset({"partie", "joue", "jouons", "jouez", "jeu"})
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
        hyphen = [t.text for t in tokens[k + 1 : k + 2]] == ["-"] and fold(
            tokens[min(k + 2, len(tokens) - 1)].text
        ) in _PLAYERS
        follows = follows or hyphen  # "a 3-player game", lexed "3", "-", "player"
        after = [fold(t.text) for t in tokens[k + 1 : k + 4]]
        of_us = after[:2] == ["of", "us"] or after == ["d", "entre", "nous"]  # "three of us", "cinq d'entre nous"
        before = [fold(t.text) for t in tokens[max(0, k - 2) : k]]
        we_are = before in _WE_ARE or (len(before) == 2 and before[1] == "a" and before[0] in _GAME_AT)
        if count is not None and 1 <= count <= 9 and (joined or follows or of_us or we_are) and not found:
            end = tokens[k + 2 if hyphen else k + 1].end if follows else token.end
            found.append(Fact("players", count, token.start, end))
    module = _UNDERCOVER | (_PURPLE if found else frozenset())  # purple cards say the module when seats are counted
    named = next((t for t in tokens if fold(t.text) in module), None)
    if named is not None:
        k = tokens.index(named)
        denied = any(fold(t.text) in _WITHOUT for t in tokens[max(0, k - 5) : k])  # "we're NOT using the purple cards"
        found.append(Fact("undercover", not denied, named.start, named.end))
        current = _current_card(tokens)
        if current is not None:
            found.append(current)
    return found


_CARD = frozenset({"carte", "card"})
_WITHOUT = frozenset({"not", "no", "without", "sans", "pas", "aucun", "aucune", "never", "jamais"})
_POWER = frozenset({"pouvoir", "power"})
_ENDS = frozenset(".?!;")


def _current_card(tokens: Sequence[Token]) -> Fact | None:
    """The undercover card said in a sentence that names it: the colour beside "power"/"pouvoir", then the other
    colour it names (purple aside)."""
    sentence: list[Token] = []
    for token in [*tokens, None]:
        if token is not None and token.text not in _ENDS:
            sentence.append(token)
            continue
        words = [fold(t.text) for t in sentence]
        if set(words) & _UNDERCOVER and set(words) & _CARD:
            colours = [(k, t) for k, t in enumerate(sentence) if t.kind is Kind.COLOUR and fold(t.text) not in _PURPLE]
            power = [(k, t) for k, t in colours if set(words[max(0, k - 2) : k + 3]) & _POWER]
            if power and len(colours) == 2:
                shown = power[0][1]
                extra = next(t for _, t in colours if t is not shown)
                value = f"{_name(shown)}/{_name(extra)}"
                return Fact("undercover.current", value, min(shown.start, extra.start), max(shown.end, extra.end))
        sentence = []
    return None


def _name(colour: Token) -> str:
    return str(getattr(colour.value, "value", colour.value))
