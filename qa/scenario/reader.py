"""Read the facts a sentence states, each with its path and its span in the question.

The reader walks the tokens once, keeping what the sentence is talking about: a subject (the Capital, a
player, the MAXIMUM, the Agent tiles) and a colour. A list of numbers belongs to the current subject and
colour ("capitale verte 2, 8 et 5"), or waits for the colour that follows it ("13 en rose"); a number before a
gold word is that player's gold; a number before a Root piece counts that piece. Fact paths are those of the
scenario case format (``capital.green``, ``me.city.green``, ``me.gold``, ``cemeteries``...).

>>> [(f.path, f.value) for f in read_facts("capitale verte 2, 8 et 5, moi 7 et 9 en vert, 2 or", "fr").facts]
[('capital.green', (2, 8, 5)), ('me.city.green', (7, 9)), ('me.gold', 2)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from corpus.text import fold
from engine.cl2.cards import Colour
from engine.cl2.power import Power
from qa.scenario.lexicon import Kind, Token, lex

#: The asker, as a player.
ME = "me"
_LETTERS = {"a": "A", "b": "B", "c": "C"}


@dataclass(frozen=True)
class Fact:
    """One fact the question states: its path, its value, and where it is in the question."""

    path: str
    #: A tuple of card values, a total (one number), a count, a power, or a configuration letter.
    value: object
    start: int
    end: int


@dataclass(frozen=True)
class Contradiction:
    """Two things the question says that cannot both hold ("7 et 9, donc 15")."""

    quote: str
    start: int
    end: int
    why_fr: str
    why_en: str


@dataclass(frozen=True)
class Reading:
    """What a sentence states: its facts, the cue words of its question, and what contradicts itself."""

    facts: tuple[Fact, ...]
    cues: frozenset[str]
    tokens: tuple[Token, ...] = field(repr=False)
    contradictions: tuple[Contradiction, ...] = ()
    #: The sentence opens like a follow-up ("et si...", "and with 2 gold?").
    amends: bool = False

    def get(self, path: str) -> Fact | None:
        """The last fact stated at ``path``."""
        return next((f for f in reversed(self.facts) if f.path == path), None)

    def paths(self, prefix: str) -> tuple[str, ...]:
        """The paths stated that start with ``prefix``."""
        return tuple(dict.fromkeys(f.path for f in self.facts if f.path.startswith(prefix)))


_ROOT_PIECES = {
    Kind.CEMETERY: "cemeteries",
    Kind.NECRO: "necros",
    Kind.HIT: "hits",
    Kind.BIRD: "bird_cards",
    Kind.SUPPLY: "supply",
}
_SUBJECTS = (Kind.CAPITAL, Kind.CITY, Kind.ASKER, Kind.NAME, Kind.MAXIMUM, Kind.AGENT_TILE)


class _Walk:
    """One pass over the tokens, with what the sentence is currently talking about."""

    def __init__(self, question: str, tokens: list[Token]) -> None:
        self.question = question
        self.tokens = tokens
        self.facts: list[Fact] = []
        self.contradictions: list[Contradiction] = []
        self.subject: str | None = None
        self.player: str | None = None
        self.colour: Colour | None = None
        #: Numbers read before their colour ("13 en rose", "my total is 9 ... blue"), with their subject.
        self.waiting: tuple[tuple[int, ...], int, int, str | None] | None = None

    def at(self, i: int) -> Token | None:
        return self.tokens[i] if 0 <= i < len(self.tokens) else None

    def kind(self, i: int) -> Kind | None:
        token = self.at(i)
        return token.kind if token else None

    def add(self, path: str, value: object, start: int, end: int) -> None:
        self.facts.append(Fact(path, value, start, end))

    def run(self) -> None:
        i = 0
        while i < len(self.tokens):
            i = self.step(i)

    def step(self, i: int) -> int:
        token = self.tokens[i]
        kind = token.kind
        if kind is Kind.CAPITAL:
            self.subject = "capital"
        elif kind is Kind.CITY:
            self.subject = self.player or ME
        elif kind is Kind.ASKER:
            self.subject = self.player = ME
        elif kind is Kind.NAME and self._names_a_player(i):
            self.subject = self.player = str(token.value)
        elif kind is Kind.MAXIMUM:
            self.subject = "maximum"
        elif kind is Kind.AGENT_TILE:
            self.subject = "agent_tiles"
        elif kind is Kind.COLOUR:
            self.colour = token.value  # type: ignore[assignment]
            if self.waiting is not None:
                values, start, end, subject = self.waiting
                self._attach(values, start, end, subject or self.subject)
                self.waiting = None
        elif kind is Kind.POWER:
            power: Power = token.value  # type: ignore[assignment]
            colours = list(power.info.colours.values())
            path = f"powers.{colours[0].value}" if colours else "power"
            self.add(path, power, token.start, token.end)
        elif kind is Kind.CONFIGURATION:
            letter = self.at(i + 1)
            if letter is not None and fold(letter.text) in _LETTERS:
                self.add("configuration", _LETTERS[fold(letter.text)], token.start, letter.end)
                return i + 2
        elif kind is Kind.NUMBER:
            return self._numbers(i)
        return i + 1

    def _names_a_player(self, i: int) -> bool:
        """A capitalised word names a player when a number or a colour follows it closely."""
        for j in range(i + 1, min(i + 4, len(self.tokens))):
            kind = self.tokens[j].kind
            if kind in (Kind.NUMBER, Kind.COLOUR, Kind.GOLD):
                return True
            if kind in _SUBJECTS or kind is Kind.MARK:
                return False
        return False

    def _numbers(self, i: int) -> int:
        """A list of numbers from token ``i``: "2, 8 et 5", "5/1/8", "3+3+6"; returns the index after it."""
        values = [int(str(self.tokens[i].value))]
        start, end, j = self.tokens[i].start, self.tokens[i].end, i + 1
        while self.kind(j) is Kind.LINK and self.kind(j + 1) is Kind.NUMBER and self.kind(j + 2) is not Kind.GOLD:
            values.append(int(str(self.tokens[j + 1].value)))
            end, j = self.tokens[j + 1].end, j + 2
        after = self.kind(j)
        if after is Kind.GOLD or (after is Kind.WORD and self.kind(j + 1) is Kind.GOLD):
            self.add(f"{self.player or ME}.gold", values[-1], start, self.tokens[j].end)
            return j + 1
        if after is Kind.ENEMY or (after is Kind.WARRIOR and self.kind(j + 1) is Kind.ENEMY):
            self.add("enemy_warriors_removed", values[-1], start, self.tokens[j].end)
            return j + 1
        if after is Kind.WARRIOR:
            self.add("warriors", values[-1], start, self.tokens[j].end)
            return j + 1
        if after in _ROOT_PIECES:
            self.add(_ROOT_PIECES[after], values[-1], start, self.tokens[j].end)
            return j + 1
        if self.kind(i - 1) in _ROOT_PIECES and self.subject is None:
            self.add(_ROOT_PIECES[self.kind(i - 1)], values[-1], start, end)  # type: ignore[index]
            return j
        k = j + 1 if after is Kind.LINK and self.kind(j + 1) is Kind.TOTAL else j
        if self.kind(k) is Kind.TOTAL and self.kind(k + 1) is Kind.NUMBER and len(values) > 1:
            j = k
            stated = int(str(self.tokens[j + 1].value))
            if stated != sum(values):
                quote = self.question[start : self.tokens[j + 1].end]
                self.contradictions.append(
                    Contradiction(
                        quote,
                        start,
                        self.tokens[j + 1].end,
                        f"{' + '.join(map(str, values))} = {sum(values)}, pas {stated}",
                        f"{' + '.join(map(str, values))} = {sum(values)}, not {stated}",
                    )
                )
            j += 2
            after = self.kind(j)
        if after is Kind.IN and self.kind(j + 1) is Kind.COLOUR:
            self.colour = self.tokens[j + 1].value  # type: ignore[assignment]
            self.subject = self.subject or self.player or ME
            self._attach(tuple(values), start, end)
            return j + 2
        if self.colour is not None and self.subject is not None:
            self._attach(tuple(values), start, end)
        else:
            self.waiting = (tuple(values), start, end, self.subject)
        return j

    def _attach(self, values: tuple[int, ...], start: int, end: int, subject: str | None = None) -> None:
        """The numbers are the subject's (default: the current one's) district of the current colour (one number:
        its total)."""
        subject = subject or self.subject
        if self.colour is None or subject is None:
            return
        card = self.kind_before(start) is Kind.CARD
        value: object = values if len(values) > 1 or card else values[0]
        if subject == "capital":
            path = f"capital.{self.colour.value}"
        elif subject in ("maximum", "agent_tiles"):
            path = f"{subject}.{self.colour.value}"
            value = values if subject == "agent_tiles" else values[0]
        else:
            path = f"{subject}.city.{self.colour.value}"
        self.add(path, value, start, end)

    def kind_before(self, start: int) -> Kind | None:
        before = [t for t in self.tokens if t.end <= start and t.kind is not Kind.WORD]
        return before[-1].kind if before else None


def read_facts(question: str, lang: str) -> Reading:
    """The facts ``question`` states (in ``lang``), its question cues, and its contradictions."""
    tokens = lex(question, lang)
    walk = _Walk(question, tokens)
    walk.run()
    cues = frozenset(str(t.value) for t in tokens if t.kind is Kind.CUE) | (
        {"maximum"} if any(t.kind is Kind.MAXIMUM for t in tokens) else set()
    )
    amends = bool(tokens) and (tokens[0].kind is Kind.AMEND or fold(tokens[0].text) in ("et", "and", "what", "si"))
    return Reading(tuple(walk.facts), cues, tuple(tokens), tuple(walk.contradictions), amends)
