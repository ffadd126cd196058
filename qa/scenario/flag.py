"""Where the Rebel flag stands (``rebel_flag``), or where the Infiltrator moves it (``choice.target``)."""

from __future__ import annotations

from collections.abc import Sequence

from corpus.text import fold
from qa.scenario.facts import Fact
from qa.scenario.tokens import Kind, Token

#: Where a clause ends: the flag is said within its clause.
_ENDS = frozenset(".?!;")

#: The Rebel flag, and the words that say it is moved (the Infiltrator's choice) rather than where it stands.
_FLAG = frozenset({"drapeau", "flag"})
_MOVES = frozenset({"deplace", "deplacer", "bouge", "bouger", "move", "moves", "moving", "shift", "shifts"})
#: Words before where the flag goes ("bleu -> rose", "from blue to pink"), and those that deny a move.
_TOWARD = frozenset({"->", ">", "=>", "vers", "to", "onto", "sur"})
_NOT = frozenset({"not", "pas", "ne", "n", "dont", "don't", "won't", "without", "sans"})
#: Words that say where the flag stands now, after where it stood: "maintenant le drapeau est sur le bleu".
_NOW = frozenset({"now", "maintenant", "currently", "actuellement", "desormais"})


def flag_facts(tokens: Sequence[Token]) -> list[Fact]:
    """Where the Rebel flag stands (``rebel_flag``), or where the player moves it (``choice.target``): the first
    colour after the word "flag" in its clause; a clause that says where it stands now overrides where it stood."""
    found: list[Fact] = []
    clause: list[Token] = []
    for token in [*tokens, None]:
        if token is not None and not (token.kind is Kind.MARK and token.text in _ENDS):
            clause.append(token)
            continue
        words = [fold(t.text) for t in clause]
        flags = [k for k, w in enumerate(words) if w in _FLAG]
        now = [k for k in flags if set(words[max(0, k - 3) : k]) & _NOW]  # "... ; maintenant le drapeau est sur"
        at = now[-1] if now else next(iter(flags), None)
        if at is not None:
            colours = [t for t in clause[at + 1 :] if t.kind is Kind.COLOUR]
            moving = [k for k, w in enumerate(words) if w in _MOVES]
            moved = bool(moving) and not any(w in _NOT for w in words[max(0, moving[0] - 3) : moving[0]])
            to = moved and (len(colours) > 1 or any(w in _TOWARD for w in words[at:]))  # "from blue to pink"
            c = colours[-1] if colours and to else next(iter(colours), None)
            if c is not None:
                path = "choice.target" if moved else "rebel_flag"
                said = Fact(path, getattr(c.value, "value", c.value), c.start, c.end)
                if not any(f.path == path for f in found):
                    found.append(said)
                elif now:  # "The flag was on green. Now the flag is on blue."
                    found = [said if f.path == path else f for f in found]
        clause = []
    return found
