"""A City card covered by a Sentinel's gold token, said right after its value: "6 (jeton or Sentinelle)", "6 w/ gold
token", "a 5 with a Sentinel gold token on it", "un 6 avec un jeton dessus". The card is ``colour:6+gold``
(``cl2-power-tiles/config-c/sentinelle``), and its token is no count of gold.

>>> from qa.scenario.lexicon import lex
>>> tokens, starts = covered(lex("Green City: 6 w/ gold token, 7. I have 2 gold.", "en"))
>>> sorted(starts), [t.text for t in tokens if t.kind is Kind.GOLD]
([12], ['gold'])
"""

from __future__ import annotations

from collections.abc import Sequence

from corpus.text import fold
from engine.cl2.power import Power
from qa.scenario.lexicon import Kind, Token

#: Words between a card's value and the token on it: "with a", "w/", "avec un", "(".
_WITH = frozenset(
    {"with", "w", "avec", "a", "an", "un", "une", "its", "son", "sa", "the", "le", "la", "("}
    | {"has", "had", "already", "deja", "porte", "portait", "carries", "carried"}  # "my pink 3 already has a token"
)
#: The token, named without its gold: "with a token", "avec un jeton".
_TOKEN = frozenset({"token", "jeton"})
#: Words after the token that still say where it lies: "on it", "dessus", "(... Sentinelle)".
_ON = frozenset({"on", "it", "dessus", "sur", "lui", "token", "tokens", "jeton", "jetons", ")"})


def covered(tokens: Sequence[Token]) -> tuple[list[Token], frozenset[int]]:
    """``tokens`` with the words of each token said on a card made plain words, and the start of each card's value
    so covered. "6 gold" stays a count: only a word of "with" or a bracket puts the token on the card."""
    out = list(tokens)
    starts: set[int] = set()
    for k, token in enumerate(tokens):
        if token.kind is not Kind.NUMBER:
            continue
        j = k + 1
        while j < len(tokens) and j - k <= 4 and (fold(tokens[j].text) in _WITH or _slash_of_with(tokens, j)):
            j += 1
        j += _sentinel(tokens, j)
        if j == k + 1 or j >= len(tokens) or not (tokens[j].kind is Kind.GOLD or fold(tokens[j].text) in _TOKEN):
            continue
        end = j + 1
        end += _sentinel(tokens, end)
        while (
            end < len(tokens)
            and fold(tokens[end].text) in _ON
            and (tokens[end].text != ")" or "(" in _texts(tokens, k, j))
        ):
            end += 1
        starts.add(token.start)
        for m in range(k + 1, end):
            out[m] = Token(Kind.WORD, tokens[m].text, tokens[m].start, tokens[m].end)
    return out, frozenset(starts)


def _slash_of_with(tokens: Sequence[Token], j: int) -> bool:
    """The slash of "w/" ("6 w/ gold token"); a slash alone separates ("Bonus : 3 et 4 / or : trois")."""
    return tokens[j].text == "/" and j > 0 and fold(tokens[j - 1].text) == "w"


def _sentinel(tokens: Sequence[Token], j: int) -> int:
    """1 when the Sentinel is named at ``j`` ("a Sentinel gold token"), else 0."""
    return int(j < len(tokens) and tokens[j].kind is Kind.POWER and tokens[j].value is Power.SENTINEL)


def _texts(tokens: Sequence[Token], start: int, end: int) -> list[str]:
    return [t.text for t in tokens[start:end]]
