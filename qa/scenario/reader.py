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

import re
from dataclasses import dataclass, field

from corpus.text import fold
from engine.cl2.cards import Colour
from engine.cl2.power import Power
from qa.scenario.clauses import battle_flags, revenant_flags
from qa.scenario.facts import Contradiction, Fact
from qa.scenario.lexicon import INTERJECTIONS, Kind, Token, lex
from qa.scenario.root_read import is_root, none_but_named, other_cemeteries, removed_cemetery, root_only
from qa.scenario.view import SUBJECTS, TokenView

#: The asker, as a player.
ME = "me"
_LETTERS = {"a": "A", "b": "B", "c": "C"}


@dataclass(frozen=True)
class Reading:
    """What a sentence states: its facts, the cue words of its question, and what contradicts itself."""

    facts: tuple[Fact, ...]
    cues: frozenset[str]
    tokens: tuple[Token, ...] = field(repr=False)
    contradictions: tuple[Contradiction, ...] = ()
    #: The sentence opens like a follow-up ("et si...", "and with 2 gold?").
    amends: bool = False
    #: The players the sentence names (besides the asker), in order.
    players: tuple[str, ...] = ()
    #: The cues of the sentence that asks (the last one), when the question has several sentences.
    asked: frozenset[str] = frozenset()

    def get(self, path: str) -> Fact | None:
        """The last fact stated at ``path``."""
        return next((f for f in reversed(self.facts) if f.path == path), None)


_ROOT_PIECES = {
    Kind.CEMETERY: "cemeteries",
    Kind.NECRO: "necros",
    Kind.HIT: "hits",
    Kind.BIRD: "bird_cards",
    Kind.SUPPLY: "supply",
}
#: Words that stand for 1 before a piece ("un seul Cimetière", "a single Necro").
_ONE = frozenset({"seul", "seule", "single", "only"})
_ARTICLES = frozenset({"un", "une", "a", "an"})
#: The articles of each language: the French "a" is a verb ("il y a deux tuiles"), not "a +3 tile".
_ARTICLES_OF = {"fr": frozenset({"un", "une"}), "en": frozenset({"a", "an"})}
_SEPARATORS = frozenset({"un", "une", "a", "an", "de", "of"})
_OF_MINE = frozenset({"de", "of", "mes", "my", "ses", "his", "her", "their", "leurs", "cabal", "cabale", "own"})
#: Words that say there is none: "pas d'or", "no gold", "aucun jeton Or".
_NONE = frozenset({"pas", "no", "aucun", "aucune", "zero", "sans", "without", "empty", "vides"})
_SHARED = frozenset(
    {
        *("chacun", "chacune", "each", "both", "tous", "toutes", "all", "egalite", "tied", "tie", "aequo", "pareil"),
        *("same", "partout", "apiece"),
    }
)
#: Words that say an amount without saying it: "quelques pièces d'or", "some gold", "Léon a aussi du jaune".
#: Words between a list and the total it is said to make: "ça fait", "ce qui fait", "which makes".
_THAT = frozenset({"ca", "cela", "ce", "qui", "that", "it", "which", "thats", "s"})
_VAGUE = frozenset({"quelques", "plusieurs", "some", "several", "few", "du"})
#: Words that say a district is empty, right after its colour: "yellow nothing", "jaune rien".
_NOTHING = frozenset({"nothing", "rien", "vide", "empty", "nada"})
#: "aussi", "also": between a verb and what it has ("a aussi du jaune").
_ALSO = frozenset({"aussi", "also", "encore", "too"})
#: Words between "aucune" and its colour: "aucune carte rose", "no yellow cards", "pas une seule carte verte".
_NONE_GAP = frozenset({"de", "d", "of", "en", "du", "un", "une", "seul", "seule", "single", "a"})
#: "a third Cemetery", "un deuxième cimetière": the count it makes.
_ORDINALS = {"second": 2, "deuxieme": 2, "seconde": 2, "2e": 2, "third": 3, "troisieme": 3, "3e": 3}
#: Words that say a tile was turned face up.
_REVEALED = frozenset({"revele", "revelee", "revelees", "reveles", "revealed", "reveals", "flipped", "retourne"})
#: The asker as a subject (not a possessive: "mon violet" does not start a new statement).
_SELF = frozenset({"moi", "me", "i", "je", "j", "myself"})
#: The asker with others: "on", "nous", "we" ("on finit à égalité avec Chloé", "we both have 2 gold").
_WE = {"fr": frozenset({"on", "nous"}), "en": frozenset({"we"})}
#: Object pronouns after "on": "on les révèle" is about the things, not the players.
_OBJECTS = frozenset({"les", "la", "le", "l", "lui", "leur"})
#: Words that join a player to the asker's group: "avec Chloé", "with Sam".
_WITH = frozenset({"avec", "with"})
#: Verbs after "en" that say how many of the thing last named ("j'en ai quatre", "il m'en reste 2").
_HAVE = frozenset(
    {
        *("ai", "as", "a", "avons", "avez", "ont", "reste", "restent", "garde", "mets", "depense"),
        *("avais", "avait", "avions", "aviez", "avaient", "aurais", "aurait", "aurions", "auriez", "auraient"),
    }
)
#: Words between "en a" and its number: "elle en a qu'un seul", "il n'en reste que 2".
_ONLY = frozenset({"qu", "que", "plus", "pas"})
#: What "en" can stand for, and the fact it counts.
_COUNTABLE = {Kind.GOLD: "gold", **{k: v for k, v in _ROOT_PIECES.items()}, Kind.WARRIOR: "warriors"}
#: Words that say nobody has any: "personne n'a de carte rose", "nobody has green".
NOBODY = frozenset({"personne", "nobody", "none", "aucun", "ni"})


class _Walk(TokenView):
    """One pass over the tokens, with what the sentence is currently talking about."""

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

    def add(self, path: str, value: object, start: int, end: int, card_kind: str | None = None) -> None:
        if path == "cemeteries" and any(f.path == path for f in self.facts):
            return  # "Three Cemeteries ..., 11 warriors in one Cemetery clearing": the first says how many
        last = self.facts[-1] if self.facts else None
        district = path.startswith("capital.") or ".city." in path
        count = len(value) if isinstance(value, tuple) else 1
        kinds: tuple[str | None, ...] = (card_kind,) * count if card_kind else ()
        if last is not None and last.path == path and last.value is None and value is not None:
            self.facts[-1] = Fact(path, value, last.start, end, kinds)  # "du jaune, un 5": the amount, said after
            self.moved = False
            return
        if last is not None and last.path == path and district and not self.moved and value is not None:
            # "a 6 and a 2", "une carte de 7 et une de 5": one district, read in pieces
            values = last.value if isinstance(last.value, tuple) else (last.value,)
            more = value if isinstance(value, tuple) else (value,)
            both = (last.kinds or (None,) * len(values)) + (kinds or (None,) * len(more))
            kinds = both if any(both) else ()
            self.facts[-1] = Fact(path, (*values, *more), last.start, end, kinds)
        else:
            self.facts.append(Fact(path, value, start, end, kinds))
        self.moved = False

    def run(self) -> None:
        i = 0
        while i < len(self.tokens):
            i = self.step(i)
        self._flush()

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
            kind = "city" if city else "gold" if self._gapped_gold(subject, start) else "total"
            self.add(f"{subject}.{kind}", total, start, end)

    def _gapped_gold(self, subject: str, start: int) -> bool:
        """ "I've got 3 gold, Sam has 1", "moi 4 jetons or, elle 1 seul": a bare number right after another
        player's gold, in the same sentence, is gold too."""
        last = self.facts[-1] if self.facts else None
        if last is None or not last.path.endswith(".gold") or last.path == f"{subject}.gold":
            return False
        between = [t for t in self.tokens if last.end <= t.start < start]
        if any(t.kind is Kind.MARK and t.text in ".?!" for t in between):
            return False
        owner = last.path.split(".")[0]  # "Lina 55 points with 2 gold; Wassim has 49": a total, like Lina's first
        marks = [t.end for t in self.tokens if t.kind is Kind.MARK and t.text in ".?!" and t.end <= last.start]
        sentence = marks[-1] if marks else 0
        return not any(f.path in (f"{owner}.total", f"{owner}.city") and f.start >= sentence for f in self.facts)

    def step(self, i: int) -> int:
        before = self.subject
        done = self._step(i)
        ended = any(t.kind is Kind.MARK and t.text in ".?!" for t in self.tokens[i:done])
        token = self.tokens[i]  # a subject said again ("Léo a 9 en rose, lui 8"), not "mon violet"
        restated = token.kind in (Kind.NAME, Kind.PRONOUN) or (token.kind is Kind.ASKER and fold(token.text) in _SELF)
        if self.subject != before or ended or restated:  # or a new sentence: "my blue 12. Wait, my blue is 9"
            self.moved = True
        return done

    def _step(self, i: int) -> int:
        token = self.tokens[i]
        kind = token.kind
        counted = self._counted_by_en(i) if kind is Kind.IN and fold(token.text) == "en" else None
        if counted is not None:
            return counted
        if kind is Kind.CAPITAL:
            self.subject = "capital"
            if self.waiting is not None and self.waiting[3] is None and self.colour is not None:
                said = self.waiting  # "un 3 rose dans la capitale"
                self.waiting = None
                self._attach(said[0], said[1], said[2], "capital")
        elif kind is Kind.CITY:
            capital_district = fold(token.text).startswith("district") and self.subject == "capital"
            if not capital_district or self._last_kind(i) not in (Kind.CAPITAL, Kind.COLOUR):
                self.subject = self.player or ME  # "the Capital's blue district" stays the Capital's
                self.city_said = True
        elif self._we(i):
            if ME not in self.group:
                self.group = [ME]
            self.subject = self.player = ME
            self.city_said = False
        elif kind is Kind.ASKER and self.subject == "bonus" and self.cue(i - 1) == "bonus":
            self.player = ME  # "en bonus j'ai un 7 et un 4": still the Bonus cards, the asker's
        elif kind is Kind.ASKER:
            self._join(i, ME)
            self.subject = self.player = ME
            self.city_said = False
        elif kind is Kind.PRONOUN and self.subject == "capital" and self._last_kind(i) in (Kind.CAPITAL, Kind.LINK):
            pass  # "La Capitale, elle, a 7 et 6": the pronoun is the Capital
        elif kind is Kind.PRONOUN and self.named:
            self.subject = self.player = self.named[-1]
        elif kind is Kind.NAME and self._names_a_player(i):
            self._join(i, str(token.value))
            self.subject = self.player = str(token.value)
            self.named.append(self.player)
            self.city_said = False
        elif kind is Kind.CUE and token.value == "bonus" and self._counts_follow(i):
            self.subject = "bonus"  # "mes cartes Bonus valent 8 et 6", "Bonus 10"
        elif kind is Kind.GOLD and (k := self._number_after(i)) is not None and self.kind(i - 1) is not Kind.NUMBER:
            number = self.tokens[k]  # "gold 2", "or : deux"
            self.add(f"{self.player or ME}.gold", number.value, token.start, number.end)
            return k + 1
        elif kind is Kind.WORD and fold(token.text) in _NONE and self._gold_after(i) is not None:
            end = self._gold_after(i)  # "pas d'or", "no gold"
            self.add(f"{self.player or ME}.gold", 0, token.start, end or token.end)
            return i + 1
        elif kind is Kind.WORD and (after := self._no_enemy(i)) is not None:
            return after
        elif kind is Kind.WORD and fold(token.text) in _ORDINALS and self.kind(i + 1) is Kind.CEMETERY:
            self.add("cemeteries", _ORDINALS[fold(token.text)], token.start, self.tokens[i + 1].end)
            return i + 2  # "a third Cemetery": three in play
        elif kind is Kind.WORD and (after := self._unsaid(i)) is not None:
            return after
        elif (
            kind is Kind.WORD
            and fold(token.text) in _NOTHING
            and self.colour is not None
            and (self.kind(i - 1) in (Kind.NAME, Kind.ASKER, Kind.PRONOUN))
        ):
            self._attach((), token.start, token.end, self.subject or self.player or ME)  # "Nour rien du tout"
        elif kind is Kind.WORD and fold(token.text) in _NOTHING and self.kind(i - 1) is Kind.COLOUR:
            self.colour = self.tokens[i - 1].value  # type: ignore[assignment] # "yellow nothing", "jaune : rien"
            self._attach((), self.tokens[i - 1].start, token.end, self.subject or self.player or ME)
        elif kind is Kind.WORD and self._none_either(i):
            for name in self.group if len(self.group) > 1 and self.subject in self.group else [self.subject]:
                self._attach((), token.start, token.end, name)  # "Ana and I have none", "Bea neither"
        elif kind is Kind.MAXIMUM and self._max_is_a_name(i):
            self.subject = self.player = token.text  # "..., et Max 15": a player called Max
            self.named.append(token.text)
        elif kind is Kind.MAXIMUM:
            self.subject = "maximum"
        elif kind is Kind.AGENT_TILE:
            self.subject = "agent_tiles"
        elif kind is Kind.COLOUR:
            self.colour = token.value  # type: ignore[assignment]
            if self.waiting is not None and (self.waiting[3] or self.subject) is None:
                pass  # "un 3 rose dans la capitale": whose it is comes after
            elif self.waiting is not None:
                values, start, end, subject, _ = self.waiting
                self._attach(values, start, end, subject or self.subject)
                self.waiting = None
        elif kind is Kind.POWER and {fold(self.text(k)) for k in range(max(0, i - 2), i)} & {"sans", "without", "no"}:
            pass  # "on joue sans le Marchand": not in play, as the policy has it for a power nobody names
        elif kind is Kind.POWER:
            power: Power = token.value  # type: ignore[assignment]
            colours = list(power.info.colours.values())
            path = f"powers.{colours[0].value}" if colours else "power"
            self.add(path, power, token.start, token.end)
            if power is Power.AGENT and self._value_follows(i):
                self.subject = "agent_tiles"  # "agent +1 révélé sur le rose", "l'agent révélé ... c'est moins deux"
        elif kind is Kind.CONFIGURATION:
            letter = self.at(i + 1)
            if letter is not None and fold(letter.text) in _LETTERS:
                self.add("configuration", _LETTERS[fold(letter.text)], token.start, letter.end)
                return i + 2
        elif kind is Kind.NUMBER:
            return self._numbers(i)
        elif kind is Kind.WORD and fold(token.text) in _ONE | _ARTICLES:
            j = i + 1
            while self.kind(j) is Kind.WORD and fold(self.tokens[j].text) in _ONE:
                j += 1
            only = i > 0 and fold(self.text(i - 1)) in ("qu", "que")  # "je n'ai qu'un or": exactly one
            if j == i + 1 and fold(token.text) in _ARTICLES and self.kind(j) is not Kind.BIRD and not only:
                return i + 1  # "un guerrier": an article, not a count ("une carte Oiseau" is one)
            if any(fold(t.text) in _NONE | {"not", "pas"} for t in self.tokens[max(0, i - 3) : i]):
                piece = self.kind(j)
                self.add(_ROOT_PIECES.get(piece, "warriors"), 0, token.start, self.tokens[j].end)  # type: ignore[arg-type]
                return j + 1  # "not spending a bird card", "sans carte Oiseau"
            piece = self.kind(j)
            if piece is Kind.GOLD and (j > i + 1 or only):
                for owner in self._owners(j):  # "un seul or", "a single gold"
                    self.add(f"{owner}.gold", 1, token.start, self.tokens[j].end)
                return j + 1
            if piece is Kind.WARRIOR and self.kind(j + 1) is Kind.ENEMY:
                self.add("enemy_warriors_removed", 1, token.start, self.tokens[j + 1].end)  # "un seul guerrier adverse"
                return j + 2
            if piece in _ROOT_PIECES or piece is Kind.WARRIOR:
                name = _ROOT_PIECES.get(piece, "warriors")
                self.add(name, 1, token.start, self.tokens[j].end)
                return j + 1
            if j > i + 1 and piece in (Kind.MARK, Kind.LINK, None) and self.subject in (ME, *self.named):
                self._flush()  # "lui il a 3 or, moi un seul": a bare 1, read as a number said alone
                self.waiting = ((1,), token.start, self.tokens[j - 1].end, self.subject, self.city_said)
                return j
        elif (kind in _ROOT_PIECES or kind is Kind.WARRIOR) and self._colon_list(i) is not None:
            values, end, after = self._colon_list(i)  # type: ignore[misc] # "Cemeteries: 3", "warriors in ...: 2, 2, 8"
            name = _ROOT_PIECES.get(kind, "warriors")
            self.add(name, values[0] if len(values) == 1 else values, token.start, end)
            return after
        return i + 1

    def _names_a_player(self, i: int) -> bool:
        """A capitalised word names a player when a number, a colour or a question word follows it closely."""
        if str(self.tokens[i].value) in self.named or self.kind(i - 1) is Kind.AMEND:
            return True
        if fold(self.text(i + 1)) == "s" and self.kind(i + 2) in (Kind.CITY, Kind.COLOUR, Kind.GOLD):
            return True  # "Kenji's city", "Jo's pink"
        if (self.kind(i - 1) is Kind.LINK and self.kind(i - 2) is Kind.ASKER) or (
            self.kind(i - 1) is Kind.LINK and str(self.tokens[i - 2].value) in self.named
        ):
            return True  # "Moi, Anaïs et Tom", "Léo et Sam": a list of players
        for j in range(i + 1, min(i + 6, len(self.tokens))):
            kind = self.tokens[j].kind
            if kind in (Kind.NUMBER, Kind.COLOUR, Kind.GOLD, Kind.CUE) or fold(self.tokens[j].text) in _VAGUE:
                return True
            if self._none_said(j):
                return True  # "Bea neither", "Léa non plus"
            if kind in (Kind.ASKER, Kind.NAME) and self.tokens[j - 1].kind is Kind.LINK:  # "Léo et moi", "Sam et Chloé"
                return True
            if kind is Kind.PRONOUN:  # "Leo, he's got 15"
                return True
            if kind is Kind.CITY or (kind is Kind.MARK and self.tokens[j].text == ":"):
                continue  # "Léo : Cité 55"
            if kind in SUBJECTS or kind is Kind.MARK:
                return False
        return False

    def _numbers(self, i: int) -> int:
        """A list of numbers from token ``i``: "2, 8 et 5", "5/1/8", "3+3+6"; returns the index after it."""
        first = self.tokens[i].value
        if isinstance(first, float):  # "2.5 gold": kept as said, for the schema to refuse
            return self._decimal(i)
        article = _ARTICLES_OF.get(self.lang, _ARTICLES)
        signed = self.tokens[i].text[:1] in "+-" or (fold(self.tokens[i - 1].text) in article if i else False)
        shown = {fold(self.text(k)) for k in range(max(0, i - 3), i)} & _REVEALED
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
        while True:  # "2, 8 et 5", "5/1/8", "3+3+6", "a 5 and a 6", "5 4 et 2"
            k = j + 1 if self.kind(j) is Kind.LINK else j
            while self.kind(k) is Kind.WORD and fold(self.tokens[k].text) in _SEPARATORS:
                k += 1
            if self.kind(k) is not Kind.NUMBER or isinstance(self.tokens[k].value, float):
                break
            if self.kind(k + 1) in (Kind.GOLD, Kind.WARRIOR, Kind.CARD) or self.kind(k + 1) in _ROOT_PIECES:
                break
            values.append(int(str(self.tokens[k].value)))
            end, j = self.tokens[k].end, k + 1
        while fold(self.text(j)) in _ONE:
            j += 1  # "1 seul guerrier adverse"
        after = self.kind(j)
        if self._relative(j):
            return j + 1
        if after is Kind.GOLD or (after is Kind.WORD and self.kind(j + 1) is Kind.GOLD):
            for owner in self._owners(j):  # "2 or", "on a toutes les deux 2 jetons Or"
                self.add(f"{owner}.gold", values[-1], start, self.tokens[j].end)
            return self._gold_points(j + 1, values[-1], start)
        theirs = after is Kind.WARRIOR and (self.kind(j + 1) is Kind.ENEMY or self._theirs(i, j))
        if after is Kind.ENEMY or theirs:
            face = [fold(self.text(k)) for k in range(j + 1, j + 4)] == ["d", "en", "face"]
            tail = j + 3 if face else j  # "3 guerriers d'en face"
            self.add("enemy_warriors_removed", values[-1], start, self.tokens[tail].end)
            return tail + 1
        k = j
        while self.kind(k) in (Kind.WORD, Kind.ASKER, Kind.NAME) and fold(self.tokens[k].text) in _OF_MINE:
            k += 1  # "7 de mes guerriers", "5 of my warriors", "7 Cabal warriors"
        if k > j and (self.kind(k) is Kind.WARRIOR or self.kind(k) in _ROOT_PIECES):
            if self.kind(k) is Kind.WARRIOR and {"their", "leurs"} & {fold(self.text(m)) for m in range(j, k)}:
                self.add("enemy_warriors_removed", values[-1], start, self.tokens[k].end)  # "2 of their warriors"
                return k + 1
            after, j = self.kind(k), k
        if after is Kind.WARRIOR:
            self.add("warriors", values[-1] if len(values) == 1 else tuple(values), start, self.tokens[j].end)
            return j + 1
        if after in _ROOT_PIECES:
            self.add(_ROOT_PIECES[after], values[-1], start, self.tokens[j].end)
            return j + 1
        if after is Kind.CARD and self.kind(j + 1) is Kind.BIRD:  # "1 carte Oiseau"
            self.add("bird_cards", values[-1], start, self.tokens[j + 1].end)
            return j + 2
        if self.kind(i - 1) in _ROOT_PIECES and self.subject is None:
            self.add(_ROOT_PIECES[self.kind(i - 1)], values[-1], start, end)  # type: ignore[index]
            return j
        k = j + 1 if after is Kind.LINK else j
        while self.kind(k) in (Kind.WORD, Kind.CUE) and fold(self.tokens[k].text) in _THAT:
            k += 1  # "5 et 6 ça fait 12", "un 6 plus un 9, ce qui fait 13"
        k = k if self.kind(k) is Kind.TOTAL else j
        if self.kind(k) is Kind.TOTAL and self._whole(k + 1) and len(values) > 1:
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
            while self.kind(k) in (Kind.WORD, Kind.CUE) and fold(self.text(k)) in _THAT:
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
        value: object = values if len(values) != 1 or card else values[0]
        if subject == "capital":
            path = f"capital.{self.colour.value}"
        elif subject in ("maximum", "agent_tiles"):
            path = f"{subject}.{self.colour.value}"
            value = values if subject == "agent_tiles" else values[0]
        else:
            path = f"{subject}.city.{self.colour.value}"
        self.add(path, value, start, end, card_kind)

    def _join(self, i: int, player: str) -> None:
        """Players named one after the other, joined by "et"/"and", form a group; so does a player said to be
        "avec"/"with" the asker's "on"/"we" ("on finit à égalité avec Chloé")."""
        before = [t for t in self.tokens[:i] if t.kind is not Kind.WORD]
        joined = len(before) >= 2 and before[-1].kind is Kind.LINK and before[-2].kind in (Kind.NAME, Kind.ASKER)
        joined = joined or (ME in self.group and fold(self.text(i - 1)) in _WITH)
        if player in self.group and len(self.group) > 1:
            return  # "Léo et moi, on ...": the group stays
        self.group = [*self.group, player] if joined and self.group else [player]

    def _owners(self, j: int) -> list[str]:
        """Whose the value just read is: the group's when it is shared ("tous les deux"), else the player's."""
        return list(self.group) if self._shared(j) else [self.player or ME]

    def _no_enemy(self, i: int) -> int | None:
        """ "aucun guerrier adverse", "no enemy warriors", "didn't remove any enemy warriors": none removed."""
        word = fold(self.text(i))
        negated = any(fold(self.text(k)) in ("didn", "not", "pas", "n", "never") for k in range(max(0, i - 3), i))
        if word not in ("aucun", "no", "zero") and not (word == "any" and negated):
            return None
        pair = {self.kind(i + 1), self.kind(i + 2)}
        if pair != {Kind.WARRIOR, Kind.ENEMY}:
            return None
        self.add("enemy_warriors_removed", 0, self.tokens[i].start, self.tokens[i + 2].end)
        return i + 3

    def _counted_by_en(self, i: int) -> int | None:
        """ "j'en ai quatre": "en" and a verb, then a number, count the thing last named (gold, Cemeteries...);
        returns the index after the number, or ``None`` when the words do not have that shape."""
        if fold(self.text(i + 1)) not in _HAVE:
            return None
        k = i + 2
        while fold(self.text(k)) in _ONLY:
            k += 1  # "elle en a qu'un seul"
        one = fold(self.text(k)) in _ARTICLES and fold(self.text(k + 1)) in _ONE
        if not one and (self.kind(k) is not Kind.NUMBER or isinstance(self.tokens[k].value, float)):
            return None
        if self.kind(k + 1) in (Kind.COLOUR, Kind.IN):
            return None
        named = [t.kind for t in self.tokens[:i] if t.kind in _COUNTABLE]
        thing = named[-1] if named else self.topic
        if thing is None:
            return None
        number = self.tokens[k + 1] if one else self.tokens[k]
        path = f"{self.player or ME}.gold" if thing is Kind.GOLD else _COUNTABLE[thing]
        self.add(path, 1 if one else number.value, self.tokens[i].start, number.end)
        return self.tokens.index(number) + 1

    def _shared(self, j: int) -> bool:
        """The value just read belongs to every player of the group: "chacun", "each", "both", "tous les deux",
        "à égalité", said in the clause of its number (from the last player named)."""
        ends = [k for k in range(max(0, j - 8), j) if self.kind(k) is Kind.MARK and self.text(k) in ".?!"]
        first = ends[-1] + 1 if ends else max(0, j - 8)  # within this sentence
        subjects = (Kind.NAME, Kind.ASKER, Kind.PRONOUN)
        said = [k for k in range(first, j) if self.kind(k) in subjects or self._we(k)]
        near = [fold(t.text) for t in self.tokens[said[-1] if said else first : j + 4]]
        we = bool(said) and self._we(said[-1])  # "Sacha et moi on est à 54": "on" is them all
        return len(self.group) > 1 and (we or bool(set(near) & _SHARED))

    def _we(self, k: int) -> bool:
        """The asker and others ("on", "nous", "we"), not "on les révèle"."""
        said = self.kind(k) is Kind.WORD and fold(self.text(k)) in _WE.get(self.lang, frozenset())
        return said and fold(self.text(k + 1)) not in _OBJECTS

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

    def _gold_points(self, j: int, gold: int, start: int) -> int:
        """ "3 gold, so 5 points": what a player says their gold is worth is checked (2 points each); returns the
        index after what was read."""
        k = j + 1 if self.kind(j) is Kind.LINK else j
        while self.kind(k) in (Kind.WORD, Kind.CUE) and fold(self.text(k)) in _THAT:
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
            self.contradictions.append(
                Contradiction(
                    self.question[start : self.tokens[at].end],
                    start,
                    self.tokens[at].end,
                    f"{said} = {sum(values)}, pas {stated}",
                    f"{said} = {sum(values)}, not {stated}",
                )
            )

    def _theirs(self, i: int, j: int) -> bool:
        """The warriors counted at ``i`` (their word at ``j``) are the enemy's: "on leur tue deux guerriers",
        "3 guerriers d'en face", "2 of their warriors"."""
        before = {fold(self.text(k)) for k in range(max(0, i - 2), i)}
        after = [fold(self.text(k)) for k in range(j + 1, j + 4)]
        return bool(before & {"leur", "leurs", "their"}) or after[:3] == ["d", "en", "face"]

    def _number_after(self, i: int) -> int | None:
        """The index of the number right after ``i``, or after a colon ("or : deux")."""
        k = i + 2 if self.kind(i + 1) is Kind.MARK and self.text(i + 1) == ":" else i + 1
        return k if self.kind(k) is Kind.NUMBER else None

    def _none_either(self, i: int) -> bool:
        """ "none", "neither", "non plus" said of a player, a colour being talked about: that district is empty."""
        return self._none_said(i) and self.colour is not None and self.subject in (ME, *self.named)

    def _none_said(self, i: int) -> bool:
        word = fold(self.text(i))
        return word in ("none", "neither") or (word == "non" and fold(self.text(i + 1)) == "plus")

    def _unsaid(self, i: int) -> int | None:
        """An amount said without a number: a vague one ("quelques ors") or none at all ("aucune carte rose")."""
        word = fold(self.text(i))
        if word in _VAGUE | {"more"} and (piece := self._vague_piece(i)) is not None:
            return piece
        return self._vague(i) if word in _VAGUE else self._empty_district(i) if word in _NONE else None

    def _vague_piece(self, i: int) -> int | None:
        """ "some of my warriors", "more Cemeteries", "plusieurs guerriers": Root pieces counted without a number,
        read with no value, so that the count is asked for."""
        j = i + 1
        while self.kind(j) in (Kind.WORD, Kind.ASKER) and fold(self.text(j)) in _OF_MINE | {"d"}:
            j += 1
        piece = self.kind(j)
        if (piece is not Kind.WARRIOR and piece not in _ROOT_PIECES) or self.kind(j + 1) is Kind.ENEMY:
            return None
        self.add(_ROOT_PIECES.get(piece, "warriors"), None, self.tokens[i].start, self.tokens[j].end)
        return j + 1

    def _vague(self, i: int) -> int | None:
        """ "quelques pièces d'or", "some gold", "du jaune": a player's amount said without its number, read as a
        fact with no value, so that it is asked for; returns the index after it, or ``None``."""
        j = i + 2 if fold(self.text(i)) == "a" or fold(self.text(i + 1)) in ("de", "d", "of") else i + 1
        owner = self.player or ME
        if self.cue(j) == "bonus" or (self.kind(j) is Kind.CARD and self.cue(j + 1) == "bonus"):
            end = j + 1 if self.cue(j) == "bonus" else j + 2  # "some bonus cards", "quelques cartes bonus"
            self.add(f"{owner}.bonus", None, self.tokens[i].start, self.tokens[end - 1].end)
            return end
        verb = [fold(self.text(k)) for k in range(max(0, i - 2), i) if fold(self.text(k)) not in _ALSO]
        if fold(self.text(i)) == "du" and (not verb or verb[-1] not in _HAVE | {"has", "have"}):
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
        while self.kind(j) is Kind.CARD or fold(self.text(j)) in _NONE_GAP:
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
        shared = subject in self.group and len(self.group) > 1 and self._shared(i)
        for owner in self.group if shared else [subject]:  # "Agathe, Hugo and I all have empty blue districts"
            path = "capital" if owner == "capital" else f"{owner}.city"
            self.add(f"{path}.{colour.value}", (), self.tokens[i].start, self.tokens[j].end)
        self.moved = True  # a later number of this colour is not more cards of this empty district
        return j + 1

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
            self.add(f"{self.player or ME}.gold", token.value, token.start, self.tokens[i + 1].end)
            return i + 2
        return i + 1


def read_facts(
    question: str,
    lang: str,
    colour: Colour | None = None,
    players: tuple[str, ...] = (),
    topic: Kind | None = None,
    context: frozenset[str] = frozenset(),
) -> Reading:
    """The facts ``question`` states (in ``lang``), its question cues, and its contradictions. ``colour``,
    ``players`` and ``topic`` (what a bare "en" counts) are what was already being talked about (a follow-up's
    earlier turn), and ``context`` what the earlier turn asked (a battle, where a Necro goes).

    >>> [(f.path, f.value) for f in read_facts("j'en ai quatre", "fr", topic=Kind.GOLD).facts]
    [('me.gold', 4)]
    >>> [(f.path, f.value) for f in read_facts("on finit à égalité avec Chloé, 58 chacune", "fr").facts]
    [('me.total', 58), ('Chloé.total', 58)]
    """
    tokens = lex(question, lang)
    walk = _Walk(question, tokens, colour, players, topic, lang)
    walk.run()
    cues = _cues(tokens)
    asked = _cues(_last_sentence(tokens)) or cues
    spoken = [t for t in tokens if t.kind not in (Kind.MARK, Kind.LINK) and fold(t.text) not in INTERJECTIONS]
    opening = fold(spoken[0].text) if spoken else ""  # "Oh, and an Agent tile too"
    amends = bool(tokens) and (
        any(t.kind is Kind.AMEND for t in tokens[:4])
        or opening in ("et", "and")
        or any(fold(t.text) in ("instead", "plutot") for t in tokens)
    )
    players = tuple(p for p in dict.fromkeys(walk.named) if p not in players)
    valued = {f.path for f in walk.facts if f.value is not None}
    facts = [f for f in walk.facts if f.value is not None or f.path not in valued]  # "quelques ors... 3 en fait"
    facts += _unread_tiles(tokens, facts, walk.tile_count, walk.colour, bool(context))
    about = cues | context  # "and if that battle had been in the Cemetery's clearing?" is still about the battle
    if any(t.kind in (Kind.CEMETERY, Kind.NECRO) for t in tokens) and "after_battle" in about:
        facts = [*facts, *battle_flags(tokens, facts)]
    pieces = (Kind.NECRO, Kind.CEMETERY) if context & {"where", "revenant"} else (Kind.NECRO,)
    if any(t.kind in pieces for t in tokens) and about & {"where", "revenant"}:
        facts = [*facts, *revenant_flags(tokens)]
    said_none: list[Contradiction] = []
    if is_root(tokens):
        facts = removed_cemetery(tokens, other_cemeteries(tokens, root_only(facts)))
        said_none = none_but_named(question, tokens, facts)
    contradictions = (*walk.contradictions, *_twice(question, facts), *said_none)
    return Reading(tuple(facts), cues, tuple(tokens), contradictions, amends, players, asked)


def _twice(question: str, facts: list[Fact]) -> list[Contradiction]:
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


def _unread_tiles(
    tokens: list[Token], facts: list[Fact], count: int | None, colour: Colour | None, follows: bool = False
) -> list[Fact]:
    """Agent tiles said to be revealed without all their values ("une tuile Agent ... j'ai pas vu sa valeur",
    "two tiles, one is +1"): a fact with no value, so that the values are asked for. A follow-up (``follows``)
    states its districts in the earlier turn."""
    tiles = [t for t in tokens if t.kind is Kind.AGENT_TILE]
    read = [f for f in facts if f.path.startswith("agent_tiles.")]
    values = sum(len(f.value) if isinstance(f.value, tuple) else 1 for f in read)
    districts = [f for f in facts if f.path.startswith("capital") or ".city" in f.path]
    if not tiles or not (districts or follows) or (read and (count is None or values >= count)):
        return []  # no position stated, or every tile's value read
    where = colour_of_tiles(tokens, tiles[0]) or colour
    if where is None:
        return []
    return [Fact(f"agent_tiles.{where.value}", None, tiles[0].start, tiles[0].end)]


def colour_of_tiles(tokens: list[Token], tile: Token) -> Colour | None:
    """The colour named closest after (else before) the Agent tiles' mention."""
    after = [t for t in tokens if t.start > tile.start and t.kind is Kind.COLOUR]
    before = [t for t in tokens if t.start < tile.start and t.kind is Kind.COLOUR]
    found = after[0] if after else before[-1] if before else None
    return None if found is None else found.value  # type: ignore[return-value]


def _last_sentence(tokens: list[Token]) -> list[Token]:
    """The tokens of the sentence that asks: the last one that ends with "?" ("Combien je perds ? Mon Cimetière
    ... où je n'ai que 1 guerrier."), else the last one."""
    sentences: list[list[Token]] = [[]]
    for t in tokens:
        sentences[-1].append(t)
        if t.kind is Kind.MARK and t.text in ".?!":
            sentences.append([])
    sentences = [s for s in sentences if any(t.kind is not Kind.MARK for t in s)]
    asking = [s for s in sentences if s[-1].text == "?"]
    chosen = (asking or sentences or [[]])[-1]
    return [t for t in chosen if not (t.kind is Kind.MARK and t.text in ".?!")]


def _cues(tokens: list[Token]) -> frozenset[str]:
    named = {k.value for k in (Kind.MAXIMUM, Kind.CEMETERY, Kind.GOLD) if any(t.kind is k for t in tokens)}
    words = {fold(t.text) for t in tokens}
    if "total" in words and "combien" in words | {"how"}:
        named.add("score")  # "ça fait combien au total ?"
    if words & {"final", "finale"} and words & {"combien", "how", "cmb", "cb", "total"}:
        named.add("score")  # "j'ai combien au final ?"
    if {"fin", "partie"} <= words and words & {"combien", "cmb", "cb"}:
        named.add("score")  # "fin de partie ... je fais combien ?"
    asked = [fold(t.text) for t in tokens if t.kind is not Kind.MARK]
    if asked and asked[-1] == "total" and tokens[-1].text == "?":
        named.add("score")  # "... bonus : 6+4+9 / or : deux. total ?", "Mon total ?"
    if words & NOBODY:
        named.add("nobody")
    return frozenset(str(t.value) for t in tokens if t.kind is Kind.CUE) | named
