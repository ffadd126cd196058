"""What a question says twice must agree: a total said for a list ("7 et 9, donc 15"), what gold is said to be
worth ("3 gold, so 5 points"), and a district, City, total or gold read twice with two values."""

from __future__ import annotations

import re

from corpus.text import fold
from qa.scenario.facts import Contradiction, Fact
from qa.scenario.lexicon import Kind
from qa.scenario.numbers import ARTICLES
from qa.scenario.state import WalkState
from qa.scenario.words import PLAYS, SO, THAT, sums_up, takes_back


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


#: A card to a sentence ("Un 8. Un 7. Un 3."): only an article and "and" between two cards of one district.
_ONE_EACH = ARTICLES | {"et", "and"}
#: Words that give a total after its parts, besides "so": "Perrine: city 44, bonus 10, 2 gold, also 58".
_ALSO = frozenset({"also", "aussi", "egalement"})
#: The facts a play adds to: a district of the Capital or of a City.
_DISTRICT = re.compile(r"^capital\.\w+$|\.city\.\w+$")


def said_again(question: str, facts: list[Fact], *, corrections: bool = True) -> list[Fact]:
    """A fact said twice that is no contradiction: a value taken back ("12, sorry I mean 13": the second stands,
    unless ``corrections`` is False) or a card played on a district said before ("my yellow was 9, I add a 1": 9
    then 1, so 10). What is left said twice is for :func:`twice` to quote."""
    out = list(facts)
    k = 1
    while k < len(out):
        f = out[k]
        seen = next((g for g in reversed(out[:k]) if g.path == f.path and g.value is not None), None)
        if f.value is None or seen is None or not _ONCE.search(f.path) or seen.end > f.start:
            k += 1
            continue
        between = set(re.findall(r"\w+", fold(question[seen.end : f.start])))
        if corrections and takes_back(question[seen.end : f.start]):
            out.remove(seen)
            continue
        if between & (SO | _ALSO) and _score_said(out[:k], f.path) == f.value:
            out[k] = Fact(f.path.rsplit(".", 1)[0] + ".total", f.value, f.start, f.end)  # "city 40, bonus 12, 3 gold,
            k += 1  # so 58": the final score those make, not the City again
            continue
        if between & SO and len(_cards(seen.value)) > 1 and _cards(f.value) == (sum(_cards(seen.value)),):
            out.remove(f)  # "9, I add a 1, so 10": the total the cards make, said after them
            continue
        if between & SO and within(_cards(seen.value), _cards(f.value)):
            # "a Rebel card worth 8 into my yellow, so my yellow is 8 + 5": the whole district, the 8 among it
            out[out.index(seen)] = Fact(f.path, f.value, seen.start, f.end, _kinds_of(seen, f))
            out.remove(f)
            continue
        aside = re.sub(r"\([^()]*\)", "", question[seen.end : f.start])  # "(!?)", "(=)": an annotation, no full stop
        single = len(_cards(seen.value)) == 1 and not re.search(r"[.?!]", aside)
        if (
            between & SO
            and _DISTRICT.search(f.path)
            and single
            and isinstance(f.value, int)
            and f.value > sum(_cards(seen.value))
        ):
            out[k] = Fact(f.path, f.value, f.start, f.end, whole=True)
            out.remove(seen)  # "Romane also has a 3 in green, so she's at 12": the card, then the district it makes
            continue
        one_each = bool(between) and between <= _ONE_EACH and bool(between & ARTICLES) and not f.whole
        if (between & PLAYS or one_each) and _DISTRICT.search(f.path) and _cards(seen.value) and _cards(f.value):
            kinds = (seen.kinds or (None,) * len(_cards(seen.value))) + (f.kinds or (None,) * len(_cards(f.value)))
            merged = Fact(
                f.path, (*_cards(seen.value), *_cards(f.value)), seen.start, f.end, kinds if any(kinds) else ()
            )
            out[out.index(seen)] = merged
            out.remove(f)
            continue
        k += 1
    return out


def _score_said(before: list[Fact], path: str) -> int | None:
    """The final score the facts ``before`` give the player whose City is ``path`` (``Léo.city``): their City, their
    Bonus cards and 2 points a gold, all said; ``None`` otherwise (or when ``path`` is no City total)."""
    if not path.endswith(".city"):
        return None
    player = path[: -len(".city")]
    said = {f.path: f.value for f in before if f.value is not None}
    city, bonus, gold = said.get(path), said.get(f"{player}.bonus"), said.get(f"{player}.gold")
    if not isinstance(city, int) or not isinstance(gold, int):
        return None
    return city + sum(_cards(bonus)) + 2 * gold


def within(part: tuple[int, ...], whole: tuple[int, ...]) -> bool:
    """Every card of ``part`` is among ``whole``'s, and ``whole`` has more."""
    rest = list(whole)
    for card in part:
        if card not in rest:
            return False
        rest.remove(card)
    return bool(part) and bool(rest)


def _kinds_of(part: Fact, whole: Fact) -> tuple[str | None, ...]:
    """The kinds of ``whole``'s cards, those ``part`` named given to its cards among them."""
    cards = _cards(whole.value)
    kinds: list[str | None] = list(whole.kinds or (None,) * len(cards))
    for value, kind in zip(_cards(part.value), part.kinds or (None,) * len(_cards(part.value)), strict=False):
        if kind is not None:
            k = next(i for i, v in enumerate(cards) if v == value and kinds[i] is None)
            kinds[k] = kind
    return tuple(kinds) if any(kinds) else ()


def _cards(value: object) -> tuple[int, ...]:
    """A district's value as its cards (one number is one card or the total said)."""
    if isinstance(value, int):
        return (value,)
    return tuple(v for v in value if isinstance(v, int)) if isinstance(value, tuple) else ()


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
        end = f.end
        if sums_up(question[seen.end : f.start]):  # "so 45 in her city": the claim, to the end of its clause
            found_end = re.search(r"[.,;?!]", question[f.end :])
            end = f.end + (found_end.start() if found_end else len(question) - f.end)
        quote = question[seen.start : end].rstrip()
        found.append(Contradiction(quote, seen.start, end, f"{a} ou {b} : lequel ?", f"{a} or {b}: which?", which=True))
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
