"""Amounts said without their number: none at all ("aucune carte rose", "no enemy warriors"), a vague one ("quelques
ors", "some of my warriors"), or one "en" stands for ("j'en ai quatre")."""

from __future__ import annotations

from corpus.text import fold
from engine.cl2.cards import Colour
from qa.scenario.facts import Contradiction, Fact
from qa.scenario.lexicon import Kind, Token
from qa.scenario.numbers import ARTICLES
from qa.scenario.state import WalkState
from qa.scenario.words import (
    ALSO,
    COUNTABLE,
    HAVE,
    LISTS,
    ME,
    NOBODY,
    NONE,
    NONE_GAP,
    OF_MINE,
    ONE,
    ONLY,
    ROOT_PIECES,
    VAGUE,
)


class Unsaid(WalkState):
    """The reader's rules for amounts said without a number."""

    def _no_enemy(self, i: int) -> int | None:
        """ "aucun guerrier adverse", "no enemy warriors", "didn't remove any enemy warriors": none removed."""
        word = fold(self.text(i))
        negated = any(fold(self.text(k)) in ("didn", "not", "pas", "n", "never") for k in range(max(0, i - 3), i))
        if word not in ("aucun", "no", "zero") and not (word == "any" and negated):
            return None
        pair = {self.kind(i + 1), self.kind(i + 2)}
        near = range(max(0, i - 3), min(len(self.tokens), i + 7))
        removal = any(self.cue(k) == "remove" for k in near)  # not "there are no enemy warriors in the clearing"
        if pair != {Kind.WARRIOR, Kind.ENEMY} or not removal:
            return None
        self.add("enemy_warriors_removed", 0, self.tokens[i].start, self.tokens[i + 2].end)
        return i + 3

    def _no_cemetery(self, i: int) -> int | None:
        """ "j'ai aucun cimetière en jeu", "I have no Cemetery on the map": none in play (not "a clearing with no
        Cemetery", which is about that clearing)."""
        if fold(self.text(i)) not in ("aucun", "no", "zero", "pas"):
            return None
        j = i + 1
        while fold(self.text(j)) in ("de", "d", "plus"):
            j += 1
        if self.kind(j) is not Kind.CEMETERY or Kind.SUIT in (self.kind(j - 1), self.kind(j + 1)):
            return None  # "pas de cimetière lapin en jeu" is about that suit
        before = {fold(self.text(k)) for k in range(max(0, i - 3), i)}
        if before & {"with", "avec", "sans", "has", "that", "qui"}:
            return None  # "a clearing that has no Cemetery": that clearing
        after = {fold(self.text(k)) for k in range(j + 1, j + 4)}
        if not (after & {"jeu", "play", "map", "plateau", "carte", "board"} or before & {"ai", "have", "j"}):
            return None
        self.add("cemeteries", 0, self.tokens[i].start, self.tokens[j].end)
        return j + 1

    def _gold_none(self, i: int) -> int | None:
        """ "Gold: none", "or : aucun", "gold - zero": no gold, said after the word for it."""
        if fold(self.text(i)) not in ("none", "nothing", "aucun", "rien", "zero"):
            return None
        k = i - 1
        while k >= 0 and self.kind(k) is Kind.MARK and self.text(k) in ":-=":
            k -= 1
        if k < 0 or k == i - 1 or self.kind(k) is not Kind.GOLD:
            return None  # "gold none" alone is too loose: the word for gold, a colon or a dash, then none
        self.add(f"{self.player or ME}.gold", 0, self.tokens[k].start, self.tokens[i].end)
        return i + 1

    def _has_none(self, i: int) -> int | None:
        """ "I've got 3 gold left, Noé has none": none of the thing last counted."""
        if fold(self.text(i)) not in ("none", "nothing") or fold(self.text(i - 1)) not in ("has", "have", "got"):
            return None
        named = [t.kind for t in self.tokens[:i] if t.kind in COUNTABLE]
        if not named:
            return None
        path = f"{self.player or ME}.gold" if named[-1] is Kind.GOLD else COUNTABLE[named[-1]]
        self.add(path, 0, self.tokens[i - 1].start, self.tokens[i].end)
        return i + 1

    def _counted_by_en(self, i: int) -> int | None:
        """ "j'en ai quatre": "en" and a verb, then a number, count the thing last named (gold, Cemeteries...);
        returns the index after the number, or ``None`` when the words do not have that shape."""
        if fold(self.text(i + 1)) not in HAVE:
            return None
        k = i + 2
        while fold(self.text(k)) in ONLY:
            k += 1  # "elle en a qu'un seul"
        killed = self.kind(k) is Kind.CUE and self.cue(k) == "remove"
        k += 1 if killed else 0  # "j'en ai tué deux": the enemy warriors a battle removed
        one = fold(self.text(k)) in ARTICLES and fold(self.text(k + 1)) in ONE
        if not one and (self.kind(k) is not Kind.NUMBER or isinstance(self.tokens[k].value, float)):
            return None
        if self.kind(k + 1) in (Kind.COLOUR, Kind.IN):
            return None
        named = [t.kind for t in self.tokens[:i] if t.kind in COUNTABLE]
        thing = named[-1] if named else self.topic
        if killed:
            path = "enemy_warriors_removed"
        elif thing is None:
            return None
        else:
            path = f"{self.player or ME}.gold" if thing is Kind.GOLD else COUNTABLE[thing]
        number = self.tokens[k + 1] if one else self.tokens[k]
        self.add(path, 1 if one else number.value, self.tokens[i].start, number.end)
        return self.tokens.index(number) + 1

    def _counts_not_values(self, i: int) -> bool:
        """A number that counts people or cards rather than giving a value: "égalité à trois", "entre nous deux",
        "a three-way tie", "three players", "deux bonus, un six et un huit" (two Bonus cards, then their values)."""
        before = tuple(fold(self.text(k)) for k in range(max(0, i - 2), i))
        after = fold(self.text(i + 1))
        if before[-1:] in (("nous",), ("us",), ("vous",)) or before in (("egalite", "a"), ("tie", "between")):
            return True
        if after in _PEOPLE or (after == "of" and fold(self.text(i + 2)) == "us"):
            return True
        if self.kind(i + 1) is Kind.CUE and self.cue(i + 1) == "bonus":
            j = i + 2
            while self.text(j) in (",", ":", "(") or fold(self.text(j)) in ARTICLES:
                j += 1
            return self.kind(j) is Kind.NUMBER  # the values follow: the number before was how many
        return self._announces(i) or self._counts_places(i)

    def _counts_places(self, i: int) -> bool:
        """A number said in words before a colour and plural districts or cards: "what do the two green districts
        look like after?", "my two blue cards" count them."""
        if any(c.isdigit() for c in self.tokens[i].text):
            return False
        j = i + 2 if self.kind(i + 1) is Kind.COLOUR else i + 1
        noun = fold(self.text(j))
        return self.kind(j) in (Kind.CITY, Kind.CAPITAL, Kind.CARD) and noun.endswith(("s", "x"))

    def _announces(self, i: int) -> bool:
        """A number said in words that announces as many values after a comma or a colon: "the yellow power card
        ended up with two on it, a +2 and a -3", "il y en a deux : 4 et 7". Words come between the number and the
        mark, or it is a colon ("two, four and seven" is a list of three)."""
        count = self.tokens[i].value
        if not isinstance(count, int) or count < 2 or any(c.isdigit() for c in self.tokens[i].text):
            return False
        j = i + 1
        while self.kind(j) is Kind.WORD and j - i <= 3:
            j += 1
        if self.text(j) != ":" and (j == i + 1 or self.text(j) != ","):
            return False
        values = 0
        for k in range(j + 1, len(self.tokens)):
            if self.kind(k) is Kind.NUMBER:
                values += 1
            elif not (self.text(k) == "," or fold(self.text(k)) in LISTS):
                break
        return values == count

    def _in_each_colour(self, i: int) -> int | None:
        """ "Gabin a 10 dans chaque couleur", "9 in every colour": the same total for each of the player's four
        districts; returns the index after the words, or ``None``."""
        words = [fold(self.text(k)) for k in (i + 1, i + 2, i + 3)]
        if words[0] not in ("dans", "in", "en") or words[1] not in _EACH or words[2] not in _COLOURS_WORDS:
            return None
        value, owner = self.tokens[i].value, self.player or ME
        if not isinstance(value, int) or self.subject not in (ME, *self.named):
            return None
        for colour in (Colour.BLUE, Colour.PINK, Colour.YELLOW, Colour.GREEN):
            self.add(f"{owner}.city.{colour.value}", value, self.tokens[i].start, self.tokens[i + 3].end)
        return i + 4

    def _city_total(self, i: int) -> int | None:
        """ "..., so 45 in her city", "38 dans ma cité": the player's whole City; said after its districts ("so"), it
        must be their sum. Returns the index after the words, or ``None``."""
        owner, city = self.at(i + 2), self.at(i + 3)
        if fold(self.text(i + 1)) not in ("in", "dans", "en") or owner is None or city is None:
            return None
        if city.kind is not Kind.CITY or not (owner.kind in (Kind.ASKER, Kind.PRONOUN) or fold(owner.text) in _THEIR):
            return None
        if self.kind(i - 1) is Kind.COLOUR or fold(city.text).startswith("district") or self.kind(i + 4) is Kind.COLOUR:
            return None  # "green 15 in her city", "un 8 dans mon district jaune": a district, said where it is
        value, player = self.tokens[i].value, self.player or ME
        if not isinstance(value, int):
            return None
        start, end = self.tokens[i].start, city.end
        districts = [f for f in self.facts if f.path.startswith(f"{player}.city.") and f.value is not None]
        if self.kind(i - 1) is Kind.TOTAL and len({f.path for f in districts}) == len(_BASE):
            parts = [sum(f.value) if isinstance(f.value, tuple) else int(str(f.value)) for f in districts]
            if sum(parts) != value:
                said = " + ".join(map(str, parts))
                quote = self.question[self.tokens[i - 1].start : end]
                why = (f"{said} = {sum(parts)}, pas {value}", f"{said} = {sum(parts)}, not {value}")
                self.contradictions.append(Contradiction(quote, self.tokens[i - 1].start, end, *why))
                return i + 4
        if not districts:
            self.add(f"{player}.city", value, start, end)
        return i + 4

    def _holds_bare(self, i: int) -> int | None:
        """ "How much gold do I need? I have two.": a holder, a verb of holding and a bare number that ends its
        sentence count the thing last named, when that thing (gold, Cemeteries...) was named after any colour or
        district; returns the index after the number, or ``None`` when the words do not have that shape."""
        k = i + 1
        while fold(self.text(k)) in _HOLDING:
            k += 1
        number = self.at(k)
        if k == i + 1 or number is None or number.kind is not Kind.NUMBER or isinstance(number.value, float):
            return None
        end = k + 1 + (fold(self.text(k + 1)) in _LEFT)
        if end < len(self.tokens) and not (self.kind(end) is Kind.MARK and self.text(end) in ".?!;"):
            return None
        named = [k for k, t in enumerate(self.tokens[:i]) if t.kind in COUNTABLE or t.kind in _DISTRICT_WORDS]
        if (
            not named
            or self.kind(named[-1]) not in COUNTABLE
            or Kind.NUMBER
            in (
                self.kind(named[-1] - 1),
                self.kind(named[-1] + 1),
            )
        ):
            return None  # the thing was named as a topic ("how much gold"), not counted ("Sam has 64 with 1 gold")
        thing = self.tokens[named[-1]].kind
        token = self.tokens[i]
        holder = ME if token.kind is Kind.ASKER else str(token.value) if token.kind is Kind.NAME else None
        if token.kind is Kind.PRONOUN and self.named:
            holder = self.named[-1]
        if holder is None:
            return None
        path = f"{holder}.gold" if thing is Kind.GOLD else COUNTABLE[thing]
        self.add(path, number.value, token.start, number.end)
        return k + 1

    def _none_either(self, i: int) -> bool:
        """ "none", "neither", "non plus" said of a player, a colour being talked about: that district is empty."""
        return self._none_said(i) and self.colour is not None and self.subject in (ME, *self.named)

    def _emptied(self, i: int) -> int | None:
        """The colour the empty word at ``i`` is said of, if any: "yellow nothing", "my green is empty", "nothing in
        green", "rien en jaune"."""
        if self.kind(i - 1) is Kind.COLOUR:
            return i - 1
        if self.kind(i - 2) is Kind.COLOUR and fold(self.text(i - 1)) in _IS:
            return i - 2
        return i + 2 if self.kind(i + 1) is Kind.IN and self.kind(i + 2) is Kind.COLOUR else None

    def _their_bonus(self, i: int) -> int | None:
        """ "ses cartes bonus", "his Bonus cards" with no value after them: that player's Bonus cards, asked for
        ("plus ses cartes bonus mais il les a déjà rangées")."""
        if fold(self.text(i)) not in _THEIR or self.player in (None, ME):
            return None
        j = i + 2 if self.kind(i + 1) is Kind.CARD else i + 1
        if self.cue(j) != "bonus" or self._counts_follow(j):
            return None
        self.add(f"{self.player}.bonus", None, self.tokens[i].start, self.tokens[j].end)
        return j + 1

    def _none_said(self, i: int) -> bool:
        word = fold(self.text(i))
        return word in ("none", "neither") or (word == "non" and fold(self.text(i + 1)) == "plus")

    def _unsaid(self, i: int) -> int | None:
        """An amount said without a number: a vague one ("quelques ors") or none at all ("aucune carte rose")."""
        word = fold(self.text(i))
        if (none := self._gold_none(i)) is not None:
            return none
        if (none := self._has_none(i)) is not None:
            return none
        if (none := self._no_cemetery(i)) is not None:
            return none
        if (unvalued := self._their_bonus(i)) is not None:
            return unvalued
        if (unvalued := self._has_some_too(i)) is not None:
            return unvalued
        if word in {"some", "quelques", "plusieurs", "several", "more"} and (piece := self._vague_piece(i)) is not None:
            return piece
        return self._vague(i) if word in VAGUE else self._empty_district(i) if word in NONE else None

    def _has_some_too(self, i: int) -> int | None:
        """ "Inès en a aussi", "Mathis has some too": a named player has cards of the colour being talked about, and
        no number says how many; read with no value, so that their district is asked for."""
        if self.colour is None or self.subject == "capital" or fold(self.text(i)) not in HAVE | {"has", "have"}:
            return None
        french = fold(self.text(i - 1)) == "en"
        if french == (fold(self.text(i + 1)) == "some"):
            return None  # "Inès en a", "Mathis has some": one of the two
        named = i - 2 if french else i - 1
        while fold(self.text(named)) in ALSO:
            named -= 1  # "Mathis also has some"
        if self.kind(named) is not Kind.NAME:
            return None
        end = i if french else i + 1
        while fold(self.text(end + 1)) in ALSO:
            end += 1
        if self.kind(end + 1) in (Kind.NUMBER, Kind.COLOUR, Kind.GOLD, Kind.CARD):
            return None  # "Inès en a 9", "has some gold": said, or something else
        player = str(self.tokens[named].value)
        self.add(f"{player}.city.{self.colour.value}", None, self.tokens[named].start, self.tokens[end].end)
        return end + 1

    def _vague_piece(self, i: int) -> int | None:
        """ "some of my warriors", "quelques-uns de mes guerriers", "more Cemeteries" (than the earlier turn's): the
        player's own Root pieces counted without a number, read with no value, so that the count is asked for.
        Pieces in general ("on peut dépenser plusieurs cartes Oiseau ?") are a rules question's."""
        j = i + 1
        while self.kind(j) in (Kind.WORD, Kind.ASKER) and fold(self.text(j)) in OF_MINE | {"d"}:
            j += 1
        owned = any(self.kind(k) is Kind.ASKER for k in range(i + 1, j))
        if not owned and fold(self.text(i)) != "more":
            return None
        piece = self.kind(j)
        if (piece is not Kind.WARRIOR and piece not in ROOT_PIECES) or self.kind(j + 1) is Kind.ENEMY:
            return None
        self.add(ROOT_PIECES.get(piece, "warriors"), None, self.tokens[i].start, self.tokens[j].end)
        return j + 1

    def _vague(self, i: int) -> int | None:
        """ "quelques pièces d'or", "some gold", "du jaune": a player's amount said without its number, read as a
        fact with no value, so that it is asked for; returns the index after it, or ``None``."""
        j = i + 2 if fold(self.text(i)) == "a" or fold(self.text(i + 1)) in ("de", "d", "of") else i + 1
        owner = self.player or ME
        if self.cue(j) == "bonus" or (self.kind(j) is Kind.CARD and self.cue(j + 1) == "bonus"):
            end = j + 1 if self.cue(j) == "bonus" else j + 2  # "some bonus cards", "quelques cartes bonus"
            if self._counts_follow(end - 1):
                return None  # "des cartes Bonus de 7 et 5": "des" is an article, the values follow
            self.add(f"{owner}.bonus", None, self.tokens[i].start, self.tokens[end - 1].end)
            return end
        verb = [fold(self.text(k)) for k in range(max(0, i - 2), i) if fold(self.text(k)) not in ALSO]
        if fold(self.text(i)) == "du" and (not verb or verb[-1] not in HAVE | {"has", "have"}):
            return None  # "le MAXIMUM du bleu", "je parle du rose": "of the", not "some"
        if {fold(self.text(k)) for k in range(max(0, i - 3), i)} & NOBODY:
            return None  # "personne a du jaune": nobody has any, an amount known (none)
        if self.subject == "capital" or self.kind(j) not in (Kind.GOLD, Kind.COLOUR):
            return None
        if self.kind(j) is Kind.GOLD:
            self.add(f"{owner}.gold", None, self.tokens[i].start, self.tokens[j].end)
        else:
            colour: Colour = self.tokens[j].value  # type: ignore[assignment]
            self.colour = colour
            self.add(f"{owner}.city.{colour.value}", None, self.tokens[i].start, self.tokens[j].end)
        return j + 1

    def _empty_district(self, i: int) -> int | None:
        """ "aucune carte rose dans la Capitale", "I have no yellow": a district with no card; returns the index
        after its colour, or ``None``."""
        j = i + 1
        while self.kind(j) is Kind.CARD or fold(self.text(j)) in NONE_GAP:
            j += 1
        if self.cue(j) == "bonus" and self.subject != "capital":
            self.add(f"{self.player or ME}.bonus", (), self.tokens[i].start, self.tokens[j].end)  # "aucune carte bonus"
            return j + 1
        if self.kind(j) is not Kind.COLOUR:
            return None
        colour: Colour = self.tokens[j].value  # type: ignore[assignment]
        self.colour = colour
        ahead = [self.kind(k) for k in range(j + 1, min(j + 5, len(self.tokens)))]
        until = ahead.index(Kind.MARK) if Kind.MARK in ahead else len(ahead)
        if Kind.CAPITAL in ahead[:until]:
            self.subject = "capital"  # "aucune carte rose dans la Capitale"
        subject = self.subject if self.subject in ("capital", *self.named, ME) else self.player or ME
        plural = {fold(self.text(k)) for k in range(max(0, i - 3), i)} & _THEY_HAVE  # "Winifred and Jasper have no"
        shared = subject in self.group and len(self.group) > 1 and (self._shared(i) or bool(plural))
        for owner in self.group if shared else [subject]:  # "Agathe, Hugo and I all have empty blue districts"
            path = "capital" if owner == "capital" else f"{owner}.city"
            self.add(f"{path}.{colour.value}", (), self.tokens[i].start, self.tokens[j].end)
        self.moved = True  # a later number of this colour is not more cards of this empty district
        return j + 1


#: Plural verbs of having, whose subject is every player just named together: "Winifred and Jasper have no yellow".
_THEY_HAVE = frozenset({"have", "ont", "possedent", "avaient"})
#: Words between a colour and the word saying it is empty: "my green is empty", "mon vert est vide".
_IS = frozenset({"is", "est", "was", "etait", "s", "reste", "stays"})
#: A player's own, said of another player: "ses cartes bonus", "his Bonus cards".
_THEIR = frozenset({"ses", "sa", "son", "his", "her", "their", "leurs"})


#: "too", "aussi": the asker has some as well ("moi j'en ai aussi", "I have some too").
_TOO = frozenset({"aussi", "too", "also"})
_SOME = frozenset({"en", "some", "des", "quelques"})
_HAVE = frozenset({"got", "have", "has", "ai", "a", "avons", "possede"})
#: The words between a holder and a bare number: "I have", "I've got", "she's got", "j'ai", "il a".
_HOLDING = frozenset({"have", "has", "had", "ve", "s", "got", "hold", "holds", "only", "just", "j", "ai", "a", "n"})
_LEFT = frozenset({"left", "restant", "restants"})
_BASE = (Colour.BLUE, Colour.PINK, Colour.YELLOW, Colour.GREEN)
_EACH = frozenset({"chaque", "each", "every", "toutes", "all"})
_COLOURS_WORDS = frozenset({"couleur", "couleurs", "colour", "colours", "color", "colors", "district", "districts"})
#: Words after a number that make it a head count: "three players", "à trois joueurs", "a three-way tie".
_PEOPLE = frozenset({"players", "joueurs", "joueuses", "people", "personnes", "way", "ways"})
#: Words that name a district, after which a bare number is the district's, not the thing counted before.
_DISTRICT_WORDS = frozenset({Kind.COLOUR, Kind.CITY, Kind.CAPITAL})


def unvalued_districts(tokens: list[Token], facts: list[Fact], colour: Colour | None) -> list[Fact]:
    """The asker's district said to hold cards without their value: "moi j'en ai aussi", "I have some too", "I've
    got blue cards but I forgot their sum": a fact with no value, so that it is asked for (never taken as empty)."""
    found: list[Fact] = []
    if not any(f.value is not None for f in facts):
        return found  # no position stated: "Do I lose my blue cards?" is a rules question
    for k, t in enumerate(tokens):
        if t.kind is not Kind.ASKER:
            continue
        window = tokens[k + 1 : k + 5]
        words = [fold(u.text) for u in window]
        coloured = next((u for u in window if u.kind is Kind.COLOUR), None)
        held = bool(set(words) & _HAVE)  # "I've got blue cards", "j'ai des cartes bleues", not "I lose my blue cards"
        cards = held and any(u.kind is Kind.CARD for u in window) and coloured is not None
        some = bool(set(words) & _SOME) and bool(set(words) & _TOO) and colour is not None
        if not (cards or some) or any(u.kind is Kind.NUMBER for u in tokens[k + 1 : k + 8]):
            continue
        said = coloured.value if cards and coloured is not None else colour
        path = f"me.city.{said.value}" if isinstance(said, Colour) else None
        if path is not None and not any(f.path == path for f in [*facts, *found]):
            end = window[-1].end if window else t.end
            found.append(Fact(path, None, t.start, end))
    return found
