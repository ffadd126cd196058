"""What a question says twice must agree: a total said for a list ("7 et 9, donc 15"), what gold is said to be
worth ("3 gold, so 5 points"), and a district, City, total or gold read twice with two values."""

from __future__ import annotations

import re

from corpus.text import fold
from qa.scenario.facts import Contradiction, Fact
from qa.scenario.lexicon import Kind
from qa.scenario.state import WalkState
from qa.scenario.words import THAT


class Checks(WalkState):
    """The reader's checks of what a sentence says against itself."""

    def _gold_points(self, j: int, gold: int, start: int) -> int:
        """ "3 gold, so 5 points": what a player says their gold is worth is checked (2 points each); returns the
        index after what was read."""
        k = j + 1 if self.kind(j) is Kind.LINK else j
        while self.kind(k) in (Kind.WORD, Kind.CUE) and fold(self.text(k)) in THAT:
            k += 1
        if self.kind(k) is not Kind.TOTAL or self.kind(k + 1) is not Kind.NUMBER:
            return j
        worth = self.tokens[k + 1]
        if self.cue(k + 2) != "score":
            return j  # "3 gold, so 15 in blue": not what the gold is worth
        if worth.value != 2 * gold:
            quote = self.question[start : self.tokens[k + 2].end]
            why, end = f"{gold} × 2 = {2 * gold}", self.tokens[k + 2].end
            self.contradictions.append(
                Contradiction(quote, start, end, f"{why}, pas {worth.value}", f"{why}, not {worth.value}")
            )
        return k + 3

    def _check_total(self, values: list[int], start: int, at: int) -> None:
        """The total said at token ``at`` for ``values`` ("7 et 9, donc 15"): a contradiction when it is not
        their sum."""
        stated = int(str(self.tokens[at].value))
        if stated != sum(values):
            said = " + ".join(map(str, values))
            after = [fold(self.text(k)) for k in (at + 1, at + 2)]
            end = self.tokens[at + (2 if after in _IN_ALL else 1 if after[0] in _IN_ALL_ONE else 0)].end
            self.contradictions.append(
                Contradiction(
                    self.question[start:end],  # with the words that say it is the whole: "so 5 in all"
                    start,
                    end,
                    f"{said} = {sum(values)}, pas {stated}",
                    f"{said} = {sum(values)}, not {stated}",
                )
            )


def twice(question: str, facts: list[Fact]) -> list[Contradiction]:
    """A district, a City, a total or a player's gold read twice with two different values ("moi 11, ... c'est
    moins deux"): the reading is not sure which the player meant, so it quotes both rather than pick one. (Root's
    warriors may be in several clearings, and Agent tiles are counted before their values are said.)"""
    found: list[Contradiction] = []
    first: dict[str, Fact] = {}
    for f in facts:
        if f.value is None or not _ONCE.search(f.path):
            continue
        seen = first.setdefault(f.path, f)
        if seen is f or _amount(seen.value) == _amount(f.value):
            continue
        a, b = _said(seen.value), _said(f.value)
        quote = question[seen.start : f.end]
        found.append(Contradiction(quote, seen.start, f.end, f"{a} ou {b} : lequel ?", f"{a} or {b}: which?"))
    return found


#: The facts a position holds once: a district, a City, a total, a player's gold.
_ONCE = re.compile(r"^capital\.\w+$|\.city(\.\w+)?$|\.total$|\.gold$")


def _amount(value: object) -> object:
    """What a value comes to: a district's cards add up ("9 et 8" is 17)."""
    return sum(value) if isinstance(value, tuple) and all(isinstance(v, int) for v in value) else value


def _said(value: object) -> str:
    return " + ".join(map(str, value)) if isinstance(value, tuple) else str(value)


#: Words after a total that say it is the whole: "5 in all", "15 en tout", "15 au total", "15 total".
_IN_ALL = (["in", "all"], ["en", "tout"], ["au", "total"], ["in", "total"])
_IN_ALL_ONE = frozenset({"total", "altogether"})
