"""What the reader's walk keeps as it reads: the facts so far, the subject, the colour, and the players named
together, with the rules for adding a fact and for whose a value is."""

from __future__ import annotations

import re
from itertools import pairwise

from corpus.text import fold
from engine.cl2.cards import Colour
from qa.scenario.facts import COVERED, Contradiction, Fact
from qa.scenario.lexicon import Kind, Token
from qa.scenario.view import TokenView
from qa.scenario.words import CHOOSE_DISTRICT, LISTS, ME, OBJECTS, PLAYS, SHARED, WE, WITH, sums_up, takes_back


class WalkState(TokenView):
    """The state of one pass over a sentence's tokens."""

    def __init__(
        self,
        question: str,
        tokens: list[Token],
        colour: Colour | None = None,
        named: tuple[str, ...] = (),
        topic: Kind | None = None,
        lang: str = "fr",
    ) -> None:
        self.question = question
        self.lang = lang
        self.tokens = tokens
        self.facts: list[Fact] = []
        self.contradictions: list[Contradiction] = []
        self.subject: str | None = None
        self.player: str | None = None
        self.colour: Colour | None = colour
        self.named: list[str] = list(named)
        #: What "en" stands for when the sentence names nothing it could count (a follow-up's earlier topic).
        self.topic = topic
        #: Players named together ("Sam et Chloé", "Léo and I"), who may share one value ("10 chacun").
        self.group: list[str] = []
        #: How many Agent tiles the sentence says there are ("deux tuiles Agent"), when it says.
        self.tile_count: int | None = None
        #: The current subject was set by a City word ("ma Cité", "city"), not by the player alone.
        self.city_said = False
        #: The subject changed since the last fact: a fact at the same path then restates, not continues.
        self.moved = True
        #: Numbers read before their colour ("13 en rose", "my total is 9 ... blue"), with their subject.
        self.waiting: tuple[tuple[int, ...], int, int, str | None, bool] | None = None
        #: Who was talked about before each bracket still open: an aside ("rose 3 (+ mon 4) / jaune 2") says
        #: nothing of who owns what follows it.
        self.asides: list[tuple[str | None, str | None, bool]] = []
        #: The own colour of a rebel card said in another colour's list ("a yellow 2 and a rebel blue 5"), until
        #: its value is read.
        self.card_colour: Colour | None = None
        #: Where the values of cards said covered by a Sentinel's gold token begin (:mod:`qa.scenario.covered`).
        self.covered: frozenset[int] = frozenset()

    def add(self, path: str, value: object, start: int, end: int, card_kind: str | None = None) -> None:
        if path == "cemeteries" and any(f.path == path for f in self.facts):
            return  # "Three Cemeteries ..., 11 warriors in one Cemetery clearing": the first says how many
        last = self.facts[-1] if self.facts else None
        district = path.startswith("capital.") or ".city." in path
        count = len(value) if isinstance(value, tuple) else 1
        kinds: tuple[str | None, ...] = (card_kind,) * count if card_kind else ()
        numbers = [t for t in self.tokens if start <= t.start and t.end <= end and t.kind is Kind.NUMBER]
        if district and len(numbers) == count and any(t.start in self.covered for t in numbers):
            named = kinds or (None,) * count  # a card with a Sentinel's token on it: "6 (jeton or Sentinelle)"
            kinds = tuple(COVERED if t.start in self.covered else k for t, k in zip(numbers, named, strict=True))
        if last is not None and last.path == path and last.value is None and value is not None:
            self.facts[-1] = Fact(path, value, last.start, end, kinds)  # "du jaune, un 5": the amount, said after
            self.moved = False
            return
        between = self.question[last.end : start] if last is not None else ""
        if (
            last is not None
            and last.path == path
            and value is not None
            and len(between.split()) <= 3
            and takes_back(between)
        ):
            self.facts[-1] = Fact(path, value, start, end, kinds)  # "mon bleu 12, non pardon 13": the second stands
            self.moved = False
            return
        summed = last is not None and sums_up(between)  # "a 1, so 10": what the cards come to, not another card
        if last is not None and last.path == path and district and not self.moved and _restated(last, value, between):
            self.moved = False  # "a 9 and a 5, stands but at fourteen": the cards' sum said again, no card
            return
        if last is not None and last.path == path and district and not self.moved and value is not None and not summed:
            # "a 6 and a 2", "une carte de 7 et une de 5": one district, read in pieces
            values = last.value if isinstance(last.value, tuple) else (last.value,)
            more = value if isinstance(value, tuple) else (value,)
            both = (last.kinds or (None,) * len(values)) + (kinds or (None,) * len(more))
            kinds = both if any(both) else ()
            self.facts[-1] = Fact(path, (*values, *more), last.start, end, kinds)
        else:
            self.facts.append(Fact(path, value, start, end, kinds))
        self.moved = False

    def _chosen_district(self, i: int) -> bool:
        """The district word at ``i`` names a Capital district a power chooses: after a word of choosing ("je
        choisis le district vert", "pick the blue district"), a power's "on" ("the Cleric on the green district"),
        or "other districts" of a Capital being listed; never one said mine or someone's ("I pick my green
        district")."""
        if not fold(self.text(i)).startswith("district"):
            return False
        before = self.tokens[max(0, i - 6) : i]
        words = [fold(t.text) for t in before]
        said = [k for k, w in enumerate(words) if w in CHOOSE_DISTRICT]
        said += [
            k + 1 for k, (t, u) in enumerate(pairwise(before)) if t.kind is Kind.POWER and fold(u.text) in ("on", "sur")
        ]
        if said and not any(t.kind in (Kind.ASKER, Kind.NAME, Kind.PRONOUN) for t in before[max(said) + 1 :]):
            return True
        return bool(words) and words[-1] in ("other", "autres") and self.subject == "capital"

    def _rebel_in_list(self, i: int) -> bool:
        """The colour at ``i`` is a rebel card's own, said within a list of another colour's district: "the yellow
        district holds a yellow 4, a yellow 2 and a rebel blue 5", "un vert 4 et un rebelle rose 6"."""
        before = self.tokens[i - 1] if i > 0 else None
        if before is None or before.kind is not Kind.CARD_KIND or before.value != "rebel" or self.colour is None:
            return False
        last = self.facts[-1] if self.facts else None
        listed = last is not None and last.path.endswith(f".{self.colour.value}") and self.kind(i + 1) is Kind.NUMBER
        between = [t for t in self.tokens if last is not None and last.end <= t.start < before.start]
        return listed and all(t.kind in (Kind.LINK, Kind.WORD) for t in between) and len(between) <= 3

    def _join(self, i: int, player: str) -> None:
        """Players named one after the other, joined by "et"/"and", form a group; so does a player said to be
        "avec"/"with" the asker's "on"/"we" ("on finit à égalité avec Chloé")."""
        before = [t for t in self.tokens[:i] if t.kind is not Kind.WORD]
        joined = len(before) >= 2 and before[-1].kind is Kind.LINK and before[-2].kind in (Kind.NAME, Kind.ASKER)
        joined = joined or (ME in self.group and fold(self.text(i - 1)) in WITH)
        if player in self.group and len(self.group) > 1:
            return  # "Léo et moi, on ...": the group stays
        self.group = [*self.group, player] if joined and self.group else [player]

    def _owners(self, j: int) -> list[str]:
        """Whose the value just read is: the group's when it is shared ("tous les deux"), else the player's."""
        return list(self.group) if self._shared(j) else [self.player or ME]

    def _shared(self, j: int) -> bool:
        """The value just read belongs to every player of the group: "chacun", "each", "both", "tous les deux",
        "à égalité", said in the clause of its number (from the last player named)."""
        ends = [k for k in range(max(0, j - 8), j) if self.kind(k) is Kind.MARK and self.text(k) in ".?!"]
        first = ends[-1] + 1 if ends else max(0, j - 8)  # within this sentence
        subjects = (Kind.NAME, Kind.ASKER, Kind.PRONOUN)
        said = [k for k in range(first, j) if self.kind(k) in subjects or self._we(k)]
        near = [fold(t.text) for t in self.tokens[said[-1] if said else first : j + 4]]
        we = bool(said) and self._we(said[-1])  # "Sacha et moi on est à 54": "on" is them all
        return len(self.group) > 1 and (we or bool(set(near) & SHARED))

    def _we(self, k: int) -> bool:
        """The asker and others ("on", "nous", "we"), not "on les révèle"."""
        said = self.kind(k) is Kind.WORD and fold(self.text(k)) in WE.get(self.lang, frozenset())
        return said and fold(self.text(k + 1)) not in OBJECTS


def _restated(last: Fact, value: object, between: str) -> bool:
    """``value``, said after ``last``'s cards with words that are no list's ("rises to", "pèse", "stands at"), is
    what those cards come to: the district's total said again, not one more card ("a 2, a 3 and a 5" is three
    cards; "a 9, then a 14" is a card played on top)."""
    cards = last.value if isinstance(last.value, tuple) else ()
    words = set(re.findall(r"\w+", fold(between)))
    return len(cards) > 1 and value == sum(cards) and bool(words - LISTS) and not words & PLAYS
