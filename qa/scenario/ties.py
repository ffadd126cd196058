"""A value said once for several players: a final tie ("égalité à 57 entre Jade et moi", "three-way tie at
forty-seven: me with 4 gold, Agathe with 2", "57 partout"), where the number is each tied player's total whoever
the sentence names after it; and a value given to another player after it ("so did Capucine", "Léo aussi")."""

from __future__ import annotations

from corpus.text import fold
from qa.scenario.facts import Fact
from qa.scenario.lexicon import Kind, Token
from qa.scenario.words import ME

#: Words that say a tie, and the words between them and the number ("tie at 47", "égalité à 57").
_TIE = frozenset({"egalite", "tie", "tied", "aequo", "draw"})
_AT = frozenset({"a", "at", "on", "sur", "avec", "with", "de", "of"})
#: Words after a number that give it to everyone: "57 partout", "47 all".
_ALL = frozenset({"partout", "all", "apiece"})


def tied_total(tokens: list[Token], facts: list[Fact]) -> list[Fact]:
    """Each tied player's total, for a tie said with its number and no total read for them: every player the
    question gives a fact or names (the asker too, when said)."""
    number = _tie_number(tokens)
    if number is None or any(f.start <= number.start < f.end and not f.path.endswith(".total") for f in facts):
        return []  # the number is something else's: "tie for pink at 12, I have 2 gold"
    players = [f.path.split(".")[0] for f in facts if f.path.split(".")[-1] in ("gold", "total", "bonus")]
    players += [str(t.value) for t in tokens if t.kind is Kind.NAME]
    if any(t.kind is Kind.ASKER for t in tokens):
        players.append(ME)
    totalled = {f.path.split(".")[0] for f in facts if f.path.endswith(".total")}
    tied = [p for p in dict.fromkeys(players) if p not in totalled]
    if len(tied) + len(totalled) < 2:
        return []
    return [Fact(f"{p}.total", number.value, number.start, number.end) for p in tied]


def _tie_number(tokens: list[Token]) -> Token | None:
    """The number a tie is said at: after the tie word ("tie at 47"), or before "partout" ("57 partout"); not a
    district's ("tied at 12 in blue")."""
    for k, t in enumerate(tokens):
        word = fold(t.text)
        found = None
        if word in _TIE:
            j = k + 1
            while j < len(tokens) and fold(tokens[j].text) in _AT:
                j += 1
            found = j if j > k + 1 or (j < len(tokens) and tokens[j].kind is Kind.MARK) else None
            if found is not None and j < len(tokens) and tokens[j].kind is Kind.MARK:
                found = j + 1  # "égalité : 57"
        elif t.kind is Kind.NUMBER and k + 1 < len(tokens) and fold(tokens[k + 1].text) in _ALL:
            found = k
        if found is None or found >= len(tokens) or tokens[found].kind is not Kind.NUMBER:
            continue
        after = tokens[found + 1 : found + 3]
        if any(u.kind is Kind.COLOUR for u in after) or not isinstance(tokens[found].value, int):
            continue
        return tokens[found]
    return None


#: Words that give another player the value just said: before the name ("so did Capucine", "pareil pour Léo") or
#: after it ("Capucine too", "Léo aussi").
_SAME_BEFORE = (("so", "did"), ("so", "does"), ("so", "has"), ("pareil", "pour"), ("idem", "pour"))
_SAME_AFTER = frozenset({"too", "aussi", "pareil", "egalement"})


def same_as_said(tokens: list[Token], facts: list[Fact]) -> list[Fact]:
    """A player given the value the sentence just said for someone else: "I finished on 59 and so did Capucine",
    "moi 12 en rose, Léo aussi". Only a player with no fact of that kind, and only a total or a district."""
    found: list[Fact] = []
    words = [fold(t.text) for t in tokens]
    for k, t in enumerate(tokens):
        if t.kind is not Kind.NAME:
            continue
        before = tuple(words[max(0, k - 2) : k]) in _SAME_BEFORE
        after = k + 1 < len(tokens) and words[k + 1] in _SAME_AFTER and tokens[k - 1].kind is not Kind.NUMBER
        said = [f for f in facts if f.end <= t.start and not f.path.startswith(str(t.value) + ".")]
        last = said[-1] if said else None
        if not (before or after) or last is None or "." not in last.path:
            continue
        rest = last.path.split(".", 1)[1]
        path = f"{t.value}.{rest}"
        if (rest == "total" or rest.startswith("city.")) and not any(f.path == path for f in facts):
            found.append(Fact(path, last.value, t.start, t.end))
    return found
