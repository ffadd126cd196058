"""What a question about the Cabal's Daylight states: the Necro acting, the enemy warriors in its clearing, the pair
the Macabre Wheel points at and the pair it is turned to, the action markers still face up.

The Wheel's actions are named as players name them in both languages (``ACTIONS``); a pair is two actions in a
clause, the thumb's first. The pair the Wheel "is on", "was on" or "points at" is where it stands (``wheel``);
the pair it is turned to, or that the Necro performs, is the new one (``pair``). Enemy warriors are warriors said
with an enemy word or a faction's name ("2 guerriers adverses", "five Marquise warriors", "1 guerrier du Chat"),
or none ("no enemy", "aucun guerrier adverse").

>>> facts = daylight_facts(lex("Mon Nécro renard a 2 guerriers adverses avec lui, je peux faire le Crâne ?", "fr"))
>>> [(f.path, f.value) for f in facts]
[('necro', 'fox'), ('enemy_warriors', 2)]
"""

from __future__ import annotations

from collections.abc import Sequence

from corpus.text import fold
from qa.scenario.facts import Fact
from qa.scenario.lexicon import lex
from qa.scenario.tokens import Kind, Token

__all__ = ["ACTIONS", "daylight_facts", "lex"]

#: The Wheel's actions, by the words that name them.
ACTIONS: dict[str, str] = {
    word: action
    for action, words in {
        "boot": "botte bottes boot boots",
        "sword": "epee epees sword swords",
        "card": "carte cartes card cards",
        "skull": "crane cranes skull skulls",
        "hammer": "marteau marteaux hammer hammers",
    }.items()
    for word in words.split()
}
#: The factions a player names an enemy by.
FACTIONS = frozenset(
    [
        "chat",
        "chats",
        "marquise",
        "cat",
        "cats",
        "canopee",
        "eyrie",
        "eyries",
        "alliance",
        "vagabond",
        "lezards",
        "lizard",
        "lizards",
        "loutres",
        "riverfolk",
        "duche",
        "duchy",
        "taupes",
        "corvids",
        "corbeaux",
        "conspiracy",
        "seigneurs",
        "lords",
        "hundred",
    ]
)
#: Words that say where the Wheel stands now, rather than where it is turned.
_NOW = frozenset(
    {"est", "etait", "is", "was", "pointe", "points", "pointing", "actuellement", "currently", "deja", "roue", "wheel"}
    | {"sits", "still", "encore", "restee", "reste"}
)
_TURNED = frozenset({"tourne", "tournes", "tourner", "mets", "met", "choisis", "turn", "turns", "spin", "spins", "set"})
_ENDS = frozenset(".?!;")
_NONE = frozenset({"aucun", "aucune", "pas", "plus", "no", "zero", "none", "sans", "without"})


def _clauses(tokens: Sequence[Token]) -> list[list[Token]]:
    out: list[list[Token]] = [[]]
    for token in tokens:
        if token.kind is Kind.MARK and token.text in _ENDS:
            out.append([])
        else:
            out[-1].append(token)
    return [c for c in out if c]


def _necro(tokens: Sequence[Token]) -> Fact | None:
    """The Necro acting: the last one named with its suit ("... already activated the mouse Necro ... now the fox
    Necro")."""
    for k in range(len(tokens) - 1, -1, -1):
        token = tokens[k]
        if token.kind is not Kind.NECRO:
            continue
        colon = k + 1 < len(tokens) and tokens[k + 1].text == ":"  # "Necro: rabbit"
        near = [t for t in tokens[max(0, k - 1) : k + (3 if colon else 2)] if t.kind is Kind.SUIT]
        if near:
            return Fact("necro", near[0].value, min(token.start, near[0].start), max(token.end, near[0].end))
    return None


def _enemies(tokens: Sequence[Token]) -> Fact | None:
    for k, token in enumerate(tokens):
        if token.kind is not Kind.WARRIOR:
            continue
        after = [fold(t.text) for t in tokens[k + 1 : k + 4]]
        before = tokens[max(0, k - 3) : k]
        enemy = any(t.kind is Kind.ENEMY for t in tokens[k + 1 : k + 2]) or bool(set(after) & FACTIONS)
        enemy = enemy or any(fold(t.text) in FACTIONS for t in before)
        if not enemy:
            continue
        numbers = [t for t in before if t.kind is Kind.NUMBER and isinstance(t.value, int)]
        if numbers:
            return Fact("enemy_warriors", numbers[-1].value, numbers[-1].start, token.end)
        words = {fold(t.text) for t in before}
        if words & _NONE:
            return Fact("enemy_warriors", 0, before[0].start, token.end)
        if words & {"un", "une", "a", "an", "one", "seul", "single"}:
            return Fact("enemy_warriors", 1, before[0].start, token.end)
    for k, token in enumerate(tokens):  # "no enemies", "aucun ennemi"
        if token.kind is Kind.ENEMY and k > 0 and fold(tokens[k - 1].text) in _NONE:
            return Fact("enemy_warriors", 0, tokens[k - 1].start, token.end)
    return None


def _pairs(tokens: Sequence[Token]) -> list[Fact]:
    """The pairs of actions said, each as ``wheel`` (where it stands) or ``pair`` (where it is turned): the actions of
    a clause taken two by two, each pair placed by the words said since the pair before it."""
    out: list[Fact] = []
    for clause in _clauses(tokens):
        named = [t for t in clause if fold(t.text) in ACTIONS and t.kind is not Kind.NECRO]
        since = clause[0].start
        for first, second in zip(named[::2], named[1::2], strict=False):
            if ACTIONS[fold(first.text)] == ACTIONS[fold(second.text)]:
                continue  # a pair is two actions
            words = {fold(t.text) for t in clause if since <= t.start < first.start}
            path = "pair" if words & _TURNED or not words & _NOW else "wheel"
            if any(f.path == path for f in out):
                path = "pair"
            value = (ACTIONS[fold(first.text)], ACTIONS[fold(second.text)])
            out.append(Fact(path, value, first.start, second.end))
            since = second.end
    return out


#: Words that make a question one about the Daylight actions.
_DAYLIGHT = frozenset(
    {"crane", "skull", "skulls", "roue", "wheel", "marteau", "hammer", "botte", "boot", "epee", "sword"}
)


def with_daylight(tokens: Sequence[Token], facts: Sequence[Fact]) -> list[Fact]:
    """``facts`` with the Daylight facts, when the question names a Wheel action or the Wheel: a fact read over the
    same words gives way to them."""
    if not any(fold(t.text) in _DAYLIGHT for t in tokens):
        return list(facts)
    found = daylight_facts(tokens)
    kept = [f for f in facts if not any(f.start < d.end and d.start < f.end for d in found)]
    return kept + found


_MARKERS = frozenset({"marqueur", "marqueurs", "marker", "markers"})
_ALL = frozenset({"trois", "three", "tous", "all", "3"})
#: "leurs deux marqueurs", "both markers", "their markers": the markers of the Necros just named.
_THEIRS = frozenset({"leurs", "their", "both", "deux", "two"})


def _markers(tokens: Sequence[Token]) -> Fact | None:
    """The Necro action markers still face up: the suits a clause about the markers names ("markers up: rabbit
    only", "marqueurs visibles : souris et renard"), all three ("les trois marqueurs sont visibles"), or those of
    the Necros named just before ("2 Nécros en jeu, renard et souris, et leurs deux marqueurs sont visibles")."""
    for clause in _clauses(tokens):
        words = [fold(t.text) for t in clause]
        if not set(words) & _MARKERS:
            continue
        at = next(k for k, w in enumerate(words) if w in _MARKERS)
        suits = list(dict.fromkeys(str(t.value) for t in clause[at:] if t.kind is Kind.SUIT))
        if not suits and set(words) & _ALL:
            suits = ["mouse", "rabbit", "fox"]
        if not suits and set(words[:at]) & _THEIRS:
            k = tokens.index(clause[at])
            named = [t for t in tokens[max(0, k - 12) : k] if t.kind is Kind.SUIT]
            if len(named) > 1:  # the Necros were said over the words before: the fact is the markers' words
                return Fact(
                    "markers_up", tuple(dict.fromkeys(str(t.value) for t in named)), clause[at].start, clause[-1].end
                )
        if suits:
            return Fact("markers_up", tuple(suits), clause[0].start, clause[-1].end)
    return None


def daylight_facts(tokens: Sequence[Token]) -> list[Fact]:
    """The Daylight facts ``tokens`` state (see the module's doc), in the case format's paths."""
    found = [f for f in (_necro(tokens), _enemies(tokens), _markers(tokens)) if f is not None]
    return found + _pairs(tokens)
