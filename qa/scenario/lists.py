"""Numbers and where they go: a list of cards ("2, 8 et 5", "5/1/8", "a 7 and a 4"), a total, gold, or Root pieces
counted, and the numbers waiting for the colour said after them ("13 en rose")."""

from __future__ import annotations

from corpus.text import fold
from qa.scenario.checks import Checks
from qa.scenario.lexicon import Kind
from qa.scenario.numbers import ARTICLES, times
from qa.scenario.sides import Sides
from qa.scenario.words import ARTICLES_OF, ME, OF_MINE, ONE, REVEALED, ROOT_PIECES, SEPARATORS, THAT, WITH

#: Words between warriors and the supply they are in: "left in her supply", "restants dans ma réserve".
_TO_SUPPLY = frozenset(
    {"left", "in", "into", "her", "his", "my", "their", "the", "en", "dans", "sa", "ma", "la", "restants", "still"}
)


class Numbers(Checks, Sides):
    """The reader's rules for numbers: what a number or a list of numbers is the value of."""

    def _revealed_before(self, i: int) -> bool:
        """A reveal or an Agent named earlier in the sentence: "on révèle les agents du jaune, y'a un +2"."""
        for k in range(i - 1, -1, -1):
            if self.kind(k) is Kind.MARK and self.text(k) in ".?!":
                return False
            if fold(self.text(k)) in REVEALED | {"agent", "agents"} or self.kind(k) is Kind.AGENT_TILE:
                return True
        return False

    def _times(self, i: int) -> bool:
        """A count in words right before a card in digits: "c'est deux 8", "two 6s", "trois 5"."""
        return times(self.at(i), self.at(i + 1)) is not None

    def _in_supply(self, j: int) -> int | None:
        """Where "supply" or "réserve" closes the words after the warriors at ``j`` ("12 warriors left in her supply",
        "10 guerriers en réserve"): those warriors are the supply, not a clearing's."""
        for k in range(j + 1, min(j + 6, len(self.tokens))):
            if self.kind(k) is Kind.SUPPLY:
                return k
            if (
                self.kind(k) not in (Kind.WORD, Kind.IN, Kind.PRONOUN, Kind.ASKER)
                or fold(self.text(k)) not in _TO_SUPPLY
            ):
                return None
        return None

    def _more(self, j: int, first: int, start: int) -> tuple[int, int] | None:
        """More of the same said at ``j``, right after a count of ``first`` said from ``start``: "plus 3 more", "et 2
        autres", "+ 2 de plus"; the number and the index after it (and after a total said for both, checked: "...,
        so 5 in all")."""
        if fold(self.text(j)) not in ("plus", "+", "and", "et") or not self._whole(j + 1):
            return None
        words = [fold(self.text(k)) for k in (j + 2, j + 3)]
        if words[0] not in ("more", "others", "autres", "extra") and words != ["de", "plus"]:
            return None
        extra, after = int(str(self.tokens[j + 1].value)), j + (4 if words == ["de", "plus"] else 3)
        k = after + 1 if self.kind(after) is Kind.LINK else after
        if self.kind(k) is Kind.TOTAL and self._whole(k + 1):
            self._check_total([first, extra], start, k + 1)
            return extra, k + 2
        return extra, after

    def _last_piece(self, i: int) -> Kind | None:
        """The last Root pieces named in the plural before token ``i``: what "of them" counts ("my warriors are in
        one Cemetery clearing: 11 of them")."""
        for k in range(i - 1, -1, -1):
            plural = fold(self.text(k)).endswith(("s", "x"))
            if plural and (self.kind(k) is Kind.WARRIOR or self.kind(k) in ROOT_PIECES):
                return self.kind(k)
        return None

    def _named_card(self, i: int) -> bool:
        """The number at ``i`` names a card already said, by its value, with a definite article ("la capitale a un 7
        et un 5 ... on défausse le 7 ?", "does the 9 stay?"), and starts no list of its own."""
        if fold(self.text(i - 1)) not in ("le", "la", "l", "the") or self.kind(i + 1) in (Kind.LINK, Kind.NUMBER):
            return False
        said = [v for f in self.facts for v in (f.value if isinstance(f.value, tuple) else (f.value,))]
        return self.tokens[i].value in said

    def _broken_down(self, j: int) -> tuple[list[int], int]:
        """The cards said in brackets at token ``j``, right after a total: "16 (9 et 7)", "15 (8+7)"; each number
        but the last followed by a link, the last by the closing bracket, each maybe after an article ("12 (a 7
        and a 5)"), and the index of the closing bracket. Empty when there are none."""
        if self.text(j) != "(":
            return [], j
        cards, k = [], j + 1
        while fold(self.text(k)) in ARTICLES and self.kind(k + 1) is Kind.NUMBER:
            k += 1
        while self.kind(k) is Kind.NUMBER and not isinstance(self.tokens[k].value, float):
            cards.append(int(str(self.tokens[k].value)))
            if self.text(k + 1) == ")":
                return (cards, k + 1) if len(cards) > 1 else ([], j)
            if self.kind(k + 1) is not Kind.LINK:
                return [], j
            k += 2
            if fold(self.text(k)) in ARTICLES and self.kind(k + 1) is Kind.NUMBER:
                k += 1
        return [], j

    def _numbers(self, i: int) -> int:
        """A list of numbers from token ``i``: "2, 8 et 5", "5/1/8", "3+3+6"; returns the index after it."""
        first = self.tokens[i].value
        if isinstance(first, float):  # "2.5 gold": kept as said, for the schema to refuse
            return self._decimal(i)
        if self._named_card(i):
            return i + 1  # "on défausse le 7 ?": the 7 already said, named by its value
        article = ARTICLES_OF.get(self.lang, ARTICLES)
        signed = self.tokens[i].text[:1] in "+-" or (fold(self.tokens[i - 1].text) in article if i else False)
        shown = {fold(self.text(k)) for k in range(max(0, i - 3), i)} & REVEALED or (
            self.tokens[i].text[:1] == "+" and self._revealed_before(i)
        )
        if shown and self.tokens[i].text[:1] in "+-" and self.subject != "agent_tiles":
            self.subject = "agent_tiles"  # "on a révélé un -1": only Agent tiles are revealed with a sign
        if self.kind(i + 1) is Kind.AGENT_TILE and not signed:
            self.tile_count = int(str(first))  # "deux tuiles Agent": how many, their values come after
            return i + 1
        if self.kind(i + 1) is Kind.AGENT_TILE:
            self.subject = "agent_tiles"  # "a +3 Agent tile on pink": its value; the colour may follow
            named_after = self._agent_colour(i + 2)
            if named_after is not None:
                self.colour = named_after
            self._attach((int(str(first)),), self.tokens[i].start, self.tokens[i].end)
            return i + 2
        if self._points(i) and not self._threshold(i) and self.subject in (ME, *self.named):
            for owner in self._owners(i + 1):  # "Malo et moi on termine tous les deux à 52 points"
                self.add(f"{owner}.total", int(str(first)), self.tokens[i].start, self.tokens[i + 1].end)
            return i + 2
        if self._threshold(i) or self._points(i) or self.kind(i + 1) is Kind.CARD:
            return i + 1  # "au moins 1", "at least one card", "2 points", "deux cartes": not a value of the position
        values = [int(str(first))]
        start, end, j = self.tokens[i].start, self.tokens[i].end, i + 1
        card = self.at(i + 1)
        if self._times(i) and card is not None:  # "deux 8", "two 6s": that many cards of that value
            values, end, j = [int(str(card.value))] * int(str(first)), card.end, i + 2
        inner, close = self._broken_down(j)
        if inner:  # "moi 16 (9 et 7)": the total, then its cards
            self._check_total(inner, start, i)
            values, end, j = inner, self.tokens[close].end, close + 1
        while True:  # "2, 8 et 5", "5/1/8", "3+3+6", "a 5 and a 6", "5 4 et 2"
            k = j + 1 if self.kind(j) is Kind.LINK else j
            while self.kind(k) is Kind.WORD and fold(self.tokens[k].text) in SEPARATORS:
                k += 1
            if self.kind(k) is not Kind.NUMBER or isinstance(self.tokens[k].value, float):
                break
            if (
                self.kind(k + 1) in (Kind.GOLD, Kind.WARRIOR, Kind.CARD, Kind.AGENT_TILE)
                or self.kind(k + 1) in ROOT_PIECES
            ):
                break
            values.append(int(str(self.tokens[k].value)))
            end, j = self.tokens[k].end, k + 1
        while fold(self.text(j)) in ONE:
            j += 1  # "1 seul guerrier adverse"
        after = self.kind(j)
        if self._relative(j):
            return j + 1
        if after is Kind.GOLD or (after is Kind.WORD and self.kind(j + 1) is Kind.GOLD):
            for owner in self._owners(j):  # "2 or", "on a toutes les deux 2 jetons Or"
                self.add(f"{owner}.gold", values[-1], start, self.tokens[j].end)
            return self._gold_points(j + 1, values[-1], start)
        if self._side_before(j):  # "2 Marquise warriors"
            self.add("enemy_warriors_removed", values[-1], start, self.tokens[j + 1].end)
            return j + 2
        theirs = after is Kind.WARRIOR and (
            self.kind(j + 1) is Kind.ENEMY
            or self._theirs(i, j)
            or self._someone_elses(j + 1)
            or self._lost_by_another(i)
        )
        if after is Kind.ENEMY or theirs:
            face = [fold(self.text(k)) for k in range(j + 1, j + 4)]
            tail = j + 3 if face == ["d", "en", "face"] else j + 2 if face[:2] == ["en", "face"] else j
            # "3 guerriers d'en face", "trois guerriers en face"
            self.add("enemy_warriors_removed", values[-1], start, self.tokens[tail].end)
            return tail + 1
        k = j
        while self.kind(k) in (Kind.WORD, Kind.ASKER, Kind.NAME) and fold(self.tokens[k].text) in OF_MINE:
            k += 1  # "7 de mes guerriers", "5 of my warriors", "7 Cabal warriors"
        whose = k + 1 if self.kind(k) is Kind.NAME and fold(self.text(k + 1)) == "s" else k  # "Jonah" "'s"
        if k > j and self.kind(k) is Kind.NAME and self.kind(whose + 1) is Kind.WARRIOR:
            if self._not_cabal(k):
                self.add("enemy_warriors_removed", values[-1], start, self.tokens[whose + 1].end)  # "1 of Jonah's"
                return whose + 2
            k = whose + 1  # "4 of Cordelia's warriors", Cordelia's the Cabal
        if k > j and (self.kind(k) is Kind.WARRIOR or self.kind(k) in ROOT_PIECES):
            if self.kind(k) is Kind.WARRIOR and {"their", "leurs"} & {fold(self.text(m)) for m in range(j, k)}:
                self.add("enemy_warriors_removed", values[-1], start, self.tokens[k].end)  # "2 of their warriors"
                return k + 1
            after, j = self.kind(k), k
        if after is Kind.WARRIOR and len(values) == 1 and (kept := self._in_supply(j)) is not None:
            self.add("supply", values[0], start, self.tokens[kept].end)  # "10 warriors in supply", "8 en réserve"
            return kept + 1
        if after is Kind.WARRIOR and len(values) == 1 and (more := self._more(j + 1, values[0], start)) is not None:
            self.add("warriors", values[0] + more[0], start, self.tokens[more[1] - 1].end)
            return more[1]  # "3 warriors plus 3 more": 6 there ("..., so 5 in all" is checked)
        if after is Kind.WARRIOR:
            self.add("warriors", values[-1] if len(values) == 1 else tuple(values), start, self.tokens[j].end)
            return j + 1
        piece = self._last_piece(i) if [fold(self.text(k)) for k in (j, j + 1)] in _OF_THEM else None
        if len(values) == 1 and piece is not None:  # "all my warriors are there: 11 of them"
            path = "warriors" if piece is Kind.WARRIOR else ROOT_PIECES[piece]
            self.add(path, values[0], start, self.tokens[j + 1].end)
            return j + 2
        if after in ROOT_PIECES:
            self.add(ROOT_PIECES[after], values[-1], start, self.tokens[j].end)
            return j + 1
        if after is Kind.CARD and self.kind(j + 1) is Kind.BIRD:  # "1 carte Oiseau"
            self.add("bird_cards", values[-1], start, self.tokens[j + 1].end)
            return j + 2
        if self.kind(i - 1) in ROOT_PIECES and self.subject is None:
            self.add(ROOT_PIECES[self.kind(i - 1)], values[-1], start, end)  # type: ignore[index]
            return j
        k = j + 1 if after is Kind.LINK else j
        while self.kind(k) in (Kind.WORD, Kind.CUE) and fold(self.tokens[k].text) in THAT:
            k += 1  # "5 et 6 ça fait 12", "un 6 plus un 9, ce qui fait 13"
        said = k > j and fold(self.text(k - 1)) in ("s", "thats") and self._whole(k)
        if said:
            k -= 1  # "9 and 4, that's 14": "'s" says the total as "makes" does
        if (said or self.kind(k) is Kind.TOTAL) and self._whole(k + 1) and len(values) > 1:
            j = k
            self._check_total(values, start, j + 1)
            j += 2
            after = self.kind(j)
        if after is Kind.IN and self.kind(j + 1) is Kind.CITY and self.subject not in (None, "capital"):
            self.add(f"{self.subject}.city", values[0] if len(values) == 1 else tuple(values), start, end)
            return j + 2  # "40 en cité"
        if after is Kind.COLOUR and self.cue(j + 1) == "bonus":
            self.add(f"{self.player or ME}.bonus", tuple(values), start, self.tokens[j + 1].end)
            return j + 2  # "the 5 yellow bonus": a Bonus card, not a district
        if after is Kind.IN and self.kind(j + 1) is Kind.COLOUR:
            self.colour = self.tokens[j + 1].value  # type: ignore[assignment]
            self.subject = self.subject or self.player or ME
            shared = self.subject in (ME, *self.named) and self.group and self._shared(j)
            for name in self.group if shared else [self.subject]:  # "on a tous les trois sept en bleu"
                self._attach(tuple(values), start, end, name)
            k = j + 2
            while self.kind(k) in (Kind.WORD, Kind.CUE) and fold(self.text(k)) in THAT:
                k += 1
            if len(values) > 1 and self.kind(k) is Kind.TOTAL and self._whole(k + 1):
                self._check_total(values, start, k + 1)  # "j'ai 8 et 6 en bleu donc 15"
                return k + 2
            return j + 2
        named_after = self._agent_colour(j) if self.subject == "agent_tiles" else None
        if named_after is not None:
            self.colour = named_after
        if self.subject == "bonus":
            self.add(f"{self.player or ME}.bonus", tuple(values), start, end)
            self.subject = self.player
        elif self.subject in (ME, *self.named) and self.group and self._shared(j):
            ahead = [t for t in self.tokens[j : j + 4] if t.kind is Kind.COLOUR]
            if ahead:
                self.colour = ahead[0].value  # type: ignore[assignment] # "10 chacun en jaune"
            for name in self.group:  # "Sam et Chloé ont 10 chacun en jaune", "both finish on 64"
                self.subject = name
                self._place(tuple(values), start, end)
        elif self.colour is not None and self.subject is not None:
            self._attach(tuple(values), start, end)
        elif self.colour is not None and min(values) >= 0 and self._nobody_named(i):
            self._attach(tuple(values), start, end, ME)  # "score final ? bleu 9+6, rose 12": the asker's City
        else:
            self._flush()
            self.waiting = (tuple(values), start, end, self.subject, self.city_said)
        return j

    def _attach(self, values: tuple[int, ...], start: int, end: int, subject: str | None = None) -> None:
        """The numbers are the subject's (default: the current one's) district of the current colour (one number:
        its total)."""
        subject = subject or self.subject
        if self.colour is None or subject is None:
            return
        before = self.kinds_before(start)
        card = Kind.CARD in before or Kind.CARD_KIND in before
        card_kind = next((str(t.value) for t in self.tokens_before(start) if t.kind is Kind.CARD_KIND), None)
        if card_kind is not None and self.card_colour is not None:
            card_kind = f"{card_kind}/{self.card_colour.value}"  # a rebel blue card in the yellow district
        self.card_colour = None
        value: object = values if len(values) != 1 or card else values[0]
        if subject == "capital":
            path = f"capital.{self.colour.value}"
        elif subject in ("maximum", "agent_tiles"):
            path = f"{subject}.{self.colour.value}"
            value = values if subject == "agent_tiles" else values[0]
        else:
            path = f"{subject}.city.{self.colour.value}"
        self.add(path, value, start, end, card_kind)

    def _place(self, values: tuple[int, ...], start: int, end: int) -> None:
        """The values of the current subject: its district of the current colour, else its City or its total."""
        if self.colour is not None:
            self._attach(values, start, end)
        else:
            total: object = values[0] if len(values) == 1 else values
            self.add(f"{self.subject}.{'city' if self.city_said else 'total'}", total, start, end)

    def _decimal(self, i: int) -> int:
        token = self.tokens[i]
        after = self.kind(i + 1)
        if after is Kind.GOLD:
            end = max(token.end, self.tokens[i + 1].end)  # "deux ors et demi": the half comes after the gold
            self.add(f"{self.player or ME}.gold", token.value, token.start, end)
            return i + 2
        return i + 1

    def _number_after(self, i: int) -> int | None:
        """The index of the number right after ``i``, or after a colon ("or : deux")."""
        k = i + 2 if self.kind(i + 1) is Kind.MARK and self.text(i + 1) == ":" else i + 1
        return k if self.kind(k) is Kind.NUMBER else None

    def _value_follows(self, i: int) -> bool:
        """A number follows ``i`` in its sentence before any other subject: the value of what ``i`` names."""
        for k in range(i + 1, len(self.tokens)):
            kind = self.kind(k)
            if kind is Kind.NUMBER:
                return True
            if kind in (Kind.CAPITAL, Kind.CITY, Kind.ASKER, Kind.NAME, Kind.GOLD, Kind.PRONOUN, Kind.MAXIMUM):
                return False
            if kind is Kind.MARK and self.text(k) in ".?!":
                return False
        return False

    def _nobody_named(self, i: int) -> bool:
        """The numbers at ``i`` follow their colour ("bleu 9+6", "jaune : 7") in a question that names no one and
        no Capital: a district of the asker's."""
        before = self.kind(i - 2) if self.kind(i - 1) is Kind.MARK else self.kind(i - 1)
        others = (Kind.NAME, Kind.PRONOUN, Kind.CAPITAL, Kind.MAXIMUM, Kind.AGENT_TILE)
        shown = any(fold(t.text) in REVEALED for t in self.tokens)  # "revealed on yellow: 2": an Agent tile
        return before is Kind.COLOUR and not shown and not any(t.kind in others for t in self.tokens)

    def _flush(self) -> None:
        """Numbers that never met a colour: a City or a district said without one ("ma Cité fait 50"), or a
        player's total ("I have 64 with 2 gold")."""
        if self.waiting is None:
            return
        values, start, end, subject, city = self.waiting
        self.waiting = None
        total: object = values[0] if len(values) == 1 else values
        if subject == "capital":
            self.add("capital", total, start, end)
        elif subject is not None and subject not in ("maximum", "agent_tiles", "bonus"):
            gold = (
                self._gapped_gold(subject, start) or self._only_gold_named(subject) or self._with_gold(subject, start)
            )
            kind = "city" if city else "gold" if gold else "total"
            self.add(f"{subject}.{kind}", total, start, end)

    def _only_gold_named(self, subject: str) -> bool:
        """A follow-up that speaks of gold and of nothing else it could count ("I never spent my gold, I actually
        have 4"): its bare number is that gold, unless the player's gold was said with its own number ("et si Maëlys
        finit à 59 avec deux ors": 59 is her score)."""
        kinds = {t.kind for t in self.tokens}
        counted = {Kind.COLOUR, Kind.CITY, Kind.CAPITAL, Kind.MAXIMUM, Kind.AGENT_TILE, Kind.CARD}
        said = any(f.path == f"{subject}.gold" and f.value is not None for f in self.facts)
        return self.topic is not None and Kind.GOLD in kinds and not kinds & counted and not said

    def _with_gold(self, subject: str, start: int) -> bool:
        """ "Soraya ended on 53 with four gold, Dmitri 53 with two": "with" a bare number, where another player's
        gold was said "with" its number earlier in the sentence, is gold too."""
        k = next((k for k, t in enumerate(self.tokens) if t.start == start), None)
        if k is None or k == 0 or fold(self.tokens[k - 1].text) not in WITH:
            return False
        marks = [t.end for t in self.tokens if t.kind is Kind.MARK and t.text in ".?!" and t.end <= start]
        sentence = marks[-1] if marks else 0
        for f in self.facts:
            if f.path.endswith(".gold") and f.path != f"{subject}.gold" and sentence <= f.start < start:
                said = [t for t in self.tokens if t.end <= f.start]
                if said and fold(said[-1].text) in WITH:
                    return True
        return False

    def _gapped_gold(self, subject: str, start: int) -> bool:
        """ "I've got 3 gold, Sam has 1", "moi 4 jetons or, elle 1 seul": a bare number right after another
        player's gold, in the same sentence, is gold too."""
        last = self.facts[-1] if self.facts else None
        if last is None or not last.path.endswith(".gold") or last.path == f"{subject}.gold" or start < last.end:
            return False  # a number said before that gold ("moi 45. Anaïs et Théo ont un or chacun") parallels none
        between = [t for t in self.tokens if last.end <= t.start < start]
        if any(t.kind is Kind.MARK and t.text in ".?!" for t in between):
            return False
        owner = last.path.split(".")[0]  # "Lina 55 points with 2 gold; Wassim has 49": a total, like Lina's first
        marks = [t.end for t in self.tokens if t.kind is Kind.MARK and t.text in ".?!" and t.end <= last.start]
        sentence = marks[-1] if marks else 0
        return not any(f.path in (f"{owner}.total", f"{owner}.city") and f.start >= sentence for f in self.facts)


#: "11 of them", "onze d'entre eux": a count of what was just named.
_OF_THEM = (["of", "them"], ["of", "those"], ["d", "entre"])
