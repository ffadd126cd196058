"""The words that name a kind of card, and two passes over the lexed tokens that tell a power's name from a card of
its kind and a player called Max from the MAXIMUM.

>>> from qa.scenario.lexicon import lex
>>> [t.kind.name for t in lex("a green vector -2", "en")][-3:]
['COLOUR', 'CARD_KIND', 'NUMBER']
"""

from __future__ import annotations

from corpus.text import fold
from qa.scenario.tokens import Kind, Token

#: Kinds of cards, by the words that name them (the Power that shares the name is the same word).
CARD_KINDS = {
    "rebelle": "rebel",
    "rebelles": "rebel",
    "rebel": "rebel",
    "vecteur": "vector",
    "vector": "vector",
    "experimentateur": "experimenter",
    "experimenter": "experimenter",
    "dualiste": "dualist",
    "dualist": "dualist",
}


#: What a player does or holds, said right after their name: "Max a un vert 5", "Max has 9 in green".
_HOLDS = frozenset({"a", "avait", "has", "had", "have", "gets", "got", "joue", "plays", "played", "prend", "takes"})


def named_max(tokens: list[Token]) -> list[Token]:
    """ "Max" written as a name and followed by what a player holds or does is a player, not the MAXIMUM ("Lou a un
    vert 7, Max a un vert 5"); "the max is 12", "Max: 12" stay the MAXIMUM."""
    out = list(tokens)
    for k, token in enumerate(tokens[:-1]):
        if token.kind is Kind.MAXIMUM and token.text == "Max" and fold(tokens[k + 1].text) in _HOLDS:
            out[k] = Token(Kind.NAME, token.text, token.start, token.end, token.text)
    return out


def valued_kinds(tokens: list[Token]) -> list[Token]:
    """A power's name that names a kind of card, said with a card's value beside it, is that kind of card, not the
    power: "a green vector -2", "un expérimentateur vert sept", "vector blue -1"."""
    out = list(tokens)
    for k, token in enumerate(tokens):
        if token.kind is not Kind.POWER or fold(token.text) not in CARD_KINDS:
            continue
        after = [t.kind for t in tokens[k + 1 : k + 3]]
        coloured = k > 0 and tokens[k - 1].kind is Kind.COLOUR
        if (after[:1] == [Kind.NUMBER] and coloured) or after == [Kind.COLOUR, Kind.NUMBER]:
            out[k] = Token(Kind.CARD_KIND, token.text, token.start, token.end, CARD_KINDS[fold(token.text)])
    return out
