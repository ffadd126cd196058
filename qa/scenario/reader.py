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
from qa.query import QuestionKind, asks_whether, question_kind
from qa.scenario.checks import said_again, twice
from qa.scenario.clauses import battle_flags, revenant_flags
from qa.scenario.clearings import hand_fact, reads_clearings, with_clearings
from qa.scenario.configured import in_configuration, placed_set_e
from qa.scenario.covered import covered
from qa.scenario.cues import asked_text, asking_sentence, cues_of, writes_accents
from qa.scenario.daylight import with_daylight
from qa.scenario.dualist import with_dualist
from qa.scenario.facts import Contradiction, Fact
from qa.scenario.lexicon import INTERJECTIONS, Kind, Token, lex
from qa.scenario.lists import Numbers
from qa.scenario.mentalist import SWAPPED, with_mentalist
from qa.scenario.numbers import ARTICLES
from qa.scenario.players import players_given
from qa.scenario.roles import PLAYED, PLAYING, ROLES, ROUND_END, place_cards, to_place
from qa.scenario.root_read import (
    gapped_warriors,
    is_root,
    necro_away,
    none_but_named,
    other_cemeteries,
    removed_cemetery,
    root_only,
)
from qa.scenario.seats import seat_facts
from qa.scenario.ties import same_as_said, tied_total
from qa.scenario.tiles import each_tile, too_many_tiles, unread_tiles
from qa.scenario.unsaid import Unsaid, unvalued_districts
from qa.scenario.view import SUBJECTS
from qa.scenario.words import (
    LETTERS,
    ME,
    NONE,
    NOTHING,
    ONE,
    ORDINALS,
    ROOT_PIECES,
    SELF,
    SHARED,
    VAGUE,
    instead,
)


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
    #: What the sentence that asks asks for: a yes or a no, a person, a count... (``None`` when not read).
    form: QuestionKind | None = None
    #: The sentence that asks asks whether something is so or allowed ("Can I...?", "je peux ... ?").
    whether: bool = False
    #: Who the sentence that asks names: players by name, and ``me`` for the asker's words ("Does Yanis bust?").
    subjects: tuple[str, ...] = ()

    def get(self, path: str) -> Fact | None:
        """The last fact stated at ``path``."""
        return next((f for f in reversed(self.facts) if f.path == path), None)


class _Walk(Unsaid, Numbers):
    """One pass over the tokens, with what the sentence is currently talking about."""

    def run(self) -> None:
        i = 0
        while i < len(self.tokens):
            i = self.step(i)
        self._flush()

    def step(self, i: int) -> int:
        before = self.subject
        token = self.tokens[i]
        if token.kind is Kind.MARK and token.text == "(":
            self.asides.append((self.subject, self.player, self.city_said))
        elif token.kind is Kind.MARK and token.text == ")" and self.asides:
            self.subject, self.player, self.city_said = self.asides.pop()  # the aside's owner stays in it
        done = self._step(i)
        ended = any(t.kind is Kind.MARK and t.text in ".?!" for t in self.tokens[i:done])
        # a subject said again ("Léo a 9 en rose, lui 8"), not "mon violet"
        restated = token.kind in (Kind.NAME, Kind.PRONOUN) or (token.kind is Kind.ASKER and fold(token.text) in SELF)
        if self.subject != before or ended or restated:  # or a new sentence: "my blue 12. Wait, my blue is 9"
            self.moved = True
        if ended:
            self._flush()  # numbers wait for their colour within their sentence: "three of us. Me: City blue 8"
        return done

    def _step(self, i: int) -> int:
        token = self.tokens[i]
        kind = token.kind
        counted = self._counted_by_en(i) if kind is Kind.IN and fold(token.text) == "en" else None
        if kind in (Kind.ASKER, Kind.NAME, Kind.PRONOUN):
            counted = self._holds_bare(i)  # "How much gold do I need? I have two."
        if counted is not None:
            return counted
        if kind is Kind.CAPITAL:
            self.subject = "capital"
            if self.waiting is not None and self.waiting[3] is None and self.colour is not None:
                said = self.waiting  # "un 3 rose dans la capitale"
                self.waiting = None
                self._attach(said[0], said[1], said[2], "capital")
        elif kind is Kind.CITY and self._chosen_district(i):
            self.subject = "capital"  # "je choisis le district vert (5, 3, 6)", "the Cleric on the green district"
        elif kind is Kind.CITY:
            capital_district = fold(token.text).startswith("district") and self.subject == "capital"
            if not capital_district or not self._after_capital(i):
                self.subject = self.player or ME  # "the Capital's blue district" stays the Capital's
                self.city_said = True
        elif self._we(i):
            if ME not in self.group:  # "on" is the asker and whoever was named: "en fait on a trois or chacun"
                self.group = [ME, *dict.fromkeys(self.named)]
            self.subject = self.player = ME
            self.city_said = False
        elif kind is Kind.ASKER and self.subject == "bonus" and self.cue(i - 1) == "bonus":
            self.player = ME  # "en bonus j'ai un 7 et un 4": still the Bonus cards, the asker's
        elif kind is Kind.ASKER:
            self._join(i, ME)
            self.subject = self.player = ME
            self.city_said = False
        elif (
            kind is Kind.PRONOUN
            and self.subject == "capital"
            and self._last_kind(i) in (Kind.CAPITAL, Kind.LINK)
            and self.kind(i + 1) not in (Kind.COLOUR, Kind.CITY)
        ):
            pass  # "La Capitale, elle, a 7 et 6": the pronoun is the Capital ("..., her yellow is at 18" is a player's)
        elif kind is Kind.PRONOUN and self.named:
            self.subject = self.player = self.named[-1]
        elif kind is Kind.PRONOUN and (ahead := self._named_ahead(i)) is not None:
            self.subject = self.player = ahead  # "elle garde ses jaunes Margot ?": the name comes after
            self.named.append(ahead)
        elif kind is Kind.NAME and self._names_a_player(i):
            self._join(i, str(token.value))
            self.subject = self.player = str(token.value)
            self.named.append(self.player)
            self.city_said = False
        elif kind is Kind.WORD and fold(token.text) in DISPLAYS and self.subject is None:
            self.subject = self.player or ME  # "display = green 4, green 2": cards, which the display's role takes
        elif kind is Kind.CUE and token.value == "bonus" and self._counts_follow(i):
            self.subject = "bonus"  # "mes cartes Bonus valent 8 et 6", "Bonus 10"
        elif kind is Kind.GOLD and (k := self._number_after(i)) is not None and self.kind(i - 1) is not Kind.NUMBER:
            number = self.tokens[k]  # "gold 2", "or : deux"
            self.add(f"{self.player or ME}.gold", number.value, token.start, number.end)
            return k + 1
        elif kind is Kind.WORD and fold(token.text) in NONE and self._gold_after(i) is not None:
            end = self._gold_after(i)  # "pas d'or", "no gold"
            self.add(f"{self.player or ME}.gold", 0, token.start, end or token.end)
            return i + 1
        elif kind is Kind.WORD and (after := self._no_enemy(i)) is not None:
            return after
        elif kind is Kind.WORD and fold(token.text) in ORDINALS and self.kind(i + 1) is Kind.CEMETERY:
            self.add("cemeteries", ORDINALS[fold(token.text)], token.start, self.tokens[i + 1].end)
            return i + 2  # "a third Cemetery": three in play
        elif kind is Kind.WORD and (after := self._unsaid(i)) is not None:
            return after
        elif (
            kind is Kind.WORD
            and fold(token.text) in NOTHING
            and self.colour is not None
            and (self.kind(i - 1) in (Kind.NAME, Kind.ASKER, Kind.PRONOUN))
        ):
            self._attach((), token.start, token.end, self.subject or self.player or ME)  # "Nour rien du tout"
        elif kind is Kind.WORD and fold(token.text) in NOTHING and (c := self._emptied(i)) is not None:
            self.colour = self.tokens[c].value  # type: ignore[assignment] # "yellow nothing", "jaune : rien"
            start, end = min(self.tokens[c].start, token.start), max(self.tokens[c].end, token.end)
            self._attach((), start, end, self.subject or self.player or ME)
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
        elif kind is Kind.COLOUR and self._rebel_in_list(i):
            self.card_colour = token.value  # type: ignore[assignment] # "a yellow 4 and a rebel blue 5": still yellow
        elif kind is Kind.COLOUR:
            self.colour = token.value  # type: ignore[assignment]
            if self.waiting is not None and (self.waiting[3] or self.subject) is None:
                pass  # "un 3 rose dans la capitale": whose it is comes after
            elif self.waiting is not None:
                values, start, end, subject, _ = self.waiting
                self._attach(values, start, end, subject or self.subject)
                self.waiting = None
        elif kind is Kind.POWER and self.power_denied(i):
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
            if letter is not None and fold(letter.text) in LETTERS:
                self.add("configuration", LETTERS[fold(letter.text)], token.start, letter.end)
                return i + 2
        elif kind is Kind.NUMBER and (whole := self._city_total(i)) is not None:
            return whole  # "so 45 in her city"
        elif kind is Kind.NUMBER and (each := self._in_each_colour(i)) is not None:
            return each  # "10 dans chaque couleur"
        elif kind is Kind.NUMBER and self._counts_not_values(i):
            return i + 1  # "égalité à trois", "deux bonus, un six et un huit"
        elif kind is Kind.NUMBER:
            return self._numbers(i)
        elif kind is Kind.WORD and fold(token.text) in ONE | ARTICLES:
            j = i + 1
            while self.kind(j) is Kind.WORD and fold(self.tokens[j].text) in ONE:
                j += 1
            only = i > 0 and fold(self.text(i - 1)) in ("qu", "que")  # "je n'ai qu'un or": exactly one
            only = only or (self.kind(j) is Kind.GOLD and fold(self.text(j + 1)) in SHARED)  # "un or chacun"
            enemy = self.kind(j) is Kind.WARRIOR and self.kind(j + 1) is Kind.ENEMY  # "retiré un guerrier adverse"
            if j == i + 1 and fold(token.text) in ARTICLES and self.kind(j) is not Kind.BIRD and not only and not enemy:
                return i + 1  # "un guerrier": an article, not a count ("une carte Oiseau" is one)
            if any(fold(t.text) in NONE | {"not", "pas"} for t in self._clause_before(i, 3)):
                piece = self.kind(j)
                self.add(ROOT_PIECES.get(piece, "warriors"), 0, token.start, self.tokens[j].end)  # type: ignore[arg-type]
                return j + 1  # "not spending a bird card", "sans carte Oiseau"
            piece = self.kind(j)
            if piece is Kind.GOLD and (j > i + 1 or only):
                for owner in self._owners(j):  # "un seul or", "a single gold"
                    self.add(f"{owner}.gold", 1, token.start, self.tokens[j].end)
                return j + 1
            if piece is Kind.WARRIOR and self.kind(j + 1) is Kind.ENEMY:
                self.add("enemy_warriors_removed", 1, token.start, self.tokens[j + 1].end)  # "un seul guerrier adverse"
                return j + 2
            if piece in ROOT_PIECES or piece is Kind.WARRIOR:
                name = ROOT_PIECES.get(piece, "warriors")
                self.add(name, 1, token.start, self.tokens[j].end)
                return j + 1
            if j > i + 1 and piece in (Kind.MARK, Kind.LINK, None) and self.subject in (ME, *self.named):
                self._flush()  # "lui il a 3 or, moi un seul": a bare 1, read as a number said alone
                self.waiting = ((1,), token.start, self.tokens[j - 1].end, self.subject, self.city_said)
                return j
        elif (kind in ROOT_PIECES or kind is Kind.WARRIOR) and self._colon_list(i) is not None:
            values, end, after = self._colon_list(i)  # type: ignore[misc] # "Cemeteries: 3", "warriors in ...: 2, 2, 8"
            name = ROOT_PIECES.get(kind, "warriors")
            self.add(name, values[0] if len(values) == 1 else values, token.start, end)
            return after
        return i + 1

    def _named_ahead(self, i: int) -> str | None:
        """The player a pronoun said before any name stands for: the name later in its sentence, if any."""
        for token in self.tokens[i + 1 :]:
            if token.kind is Kind.NAME:
                return str(token.value)
            if token.kind is Kind.MARK and token.text in ".?!":
                return None
        return None

    def _clause_before(self, i: int, n: int) -> list[Token]:
        """Up to ``n`` tokens before ``i``, within its sentence ("aucun Nécro. Un seul guerrier adverse": no
        "aucun")."""
        before = self.tokens[max(0, i - n) : i]
        ends = [k for k, t in enumerate(before) if t.kind is Kind.MARK and t.text in ".?!"]
        return before[ends[-1] + 1 :] if ends else before

    def _names_a_player(self, i: int) -> bool:
        """A capitalised word names a player when a number, a colour or a question word follows it closely."""
        if str(self.tokens[i].value) in self.named or self.kind(i - 1) is Kind.AMEND:
            return True
        if fold(self.text(i + 1)) == "s" and self.kind(i + 2) in (Kind.CITY, Kind.COLOUR, Kind.GOLD):
            return True  # "Kenji's city", "Jo's pink"
        if fold(self.text(i - 1)) in _ASKS_OF:
            return True  # "How much gold does Sacha have to spend?", "est-ce que Margot garde ses jaunes ?"
        if fold(self.text(i - 1)) in _OWNER_OF and self.kind(i - 2) in (Kind.COLOUR, Kind.CITY, Kind.GOLD, Kind.CARD):
            return True  # "le district vert de Cunégonde", "the pink district of Oriane": whose it is
        if fold(self.text(i - 1)) in _YOUR:
            return True  # "we look at your Honorine instead", "notre Basile": a player spoken of to another
        if self.kind(i + 1) is Kind.MARK and self.text(i + 1) == "?":
            return True  # "et Eliott ? il a 7 et 7", "And Eliott?": the player the question turns to
        if (self.kind(i - 1) is Kind.LINK and self.kind(i - 2) is Kind.ASKER) or (
            self.kind(i - 1) is Kind.LINK and str(self.tokens[i - 2].value) in self.named
        ):
            return True  # "Moi, Anaïs et Tom", "Léo et Sam": a list of players
        for j in range(i + 1, min(i + 6, len(self.tokens))):
            kind = self.tokens[j].kind
            if kind in (Kind.NUMBER, Kind.COLOUR, Kind.GOLD, Kind.CUE) or fold(self.tokens[j].text) in VAGUE:
                return True
            if self._none_said(j):
                return True  # "Bea neither", "Léa non plus"
            if kind in (Kind.ASKER, Kind.NAME) and self.tokens[j - 1].kind is Kind.LINK:  # "Léo et moi", "Sam et Chloé"
                return True
            if kind is Kind.PRONOUN:  # "Leo, he's got 15"
                return True
            if kind is Kind.CITY and j > i + 1 and all(self.kind(m) is Kind.WORD for m in range(i + 1, j)):
                return True  # "Ambroisine termine avec une Cité de 12": her City
            if kind is Kind.CITY or (kind is Kind.MARK and self.tokens[j].text == ":"):
                continue  # "Léo : Cité 55"
            if kind in SUBJECTS or kind is Kind.MARK:
                return False
        return False


def read_facts(
    question: str,
    lang: str,
    colour: Colour | None = None,
    players: tuple[str, ...] = (),
    topic: Kind | None = None,
    context: frozenset[str] = frozenset(),
    follows: bool = False,
    intended: str | None = None,
) -> Reading:
    """The facts ``question`` states (in ``lang``), its question cues, and its contradictions. ``colour``,
    ``players`` and ``topic`` (what a bare "en" counts) are what was already being talked about (a follow-up's
    earlier turn), and ``context`` what the earlier turn asked (a battle, where a Necro goes). A question that
    ``follows`` an earlier position may correct one card of it ("the 6 in the Capital is actually a 5"): its
    corrections are left to the router, which knows that position. ``intended`` is the frame the intent head reads
    (:func:`qa.scenario.learned.intended`): when it is a card played's, the question's cards are read as a play, and
    for what a play does, its words of gain and loss ("what do I win or lose?") ask nothing of a round end.

    >>> [(f.path, f.value) for f in read_facts("j'en ai quatre", "fr", topic=Kind.GOLD).facts]
    [('me.gold', 4)]
    >>> [(f.path, f.value) for f in read_facts("on finit à égalité avec Chloé, 58 chacune", "fr").facts]
    [('me.total', 58), ('Chloé.total', 58)]
    """
    tokens, covered_at = covered(lex(question, lang))
    kinds = {t.kind for t in tokens}
    if Kind.GOLD in kinds and Kind.COLOUR not in kinds:
        colour = None  # "I never spent my gold, I have 4": not the earlier turn's colour
    walk = _Walk(question, tokens, colour, players, topic, lang)
    walk.covered = covered_at
    walk.run()
    cues = cues_of(tokens)
    asking = asking_sentence(tokens)
    asked = cues_of(asking, accents=writes_accents(tokens)) or cues
    if intended == "play":
        cues, asked = cues - ROUND_END, asked - ROUND_END
    said = asked_text(question, asking) if asking else ""
    form = question_kind(said, lang) if said else None
    whether = bool(said) and asks_whether(said, lang)
    spoken = [t for t in tokens if t.kind is not Kind.MARK and t.text.isalnum() and fold(t.text) not in INTERJECTIONS]
    opening = fold(spoken[0].text) if spoken else ""  # "Oh, and an Agent tile too"
    amends = bool(tokens) and (
        any(t.kind is Kind.AMEND for t in tokens[:4])
        or opening in ("et", "and")
        or instead([fold(t.text) for t in tokens])
    )
    players = tuple(p for p in dict.fromkeys(walk.named) if p not in players)
    valued = {f.path for f in walk.facts if f.value is not None}
    facts = [f for f in walk.facts if f.value is not None or f.path not in valued]  # "quelques ors... 3 en fait"
    facts = each_tile(tokens, facts, walk.tile_count)
    facts += unread_tiles(tokens, facts, walk.tile_count, walk.colour, bool(context))
    about = cues | context  # "and if that battle had been in the Cemetery's clearing?" is still about the battle
    if any(t.kind in (Kind.CEMETERY, Kind.NECRO) for t in tokens) and "after_battle" in about:
        facts = [*facts, *battle_flags(tokens, facts)]
    pieces = (Kind.NECRO, Kind.CEMETERY) if context & {"where", "revenant"} else (Kind.NECRO,)
    if any(t.kind in pieces for t in tokens) and about & {"where", "revenant"}:
        facts = [*facts, *revenant_flags(tokens)]
    said_none: list[Contradiction] = []
    root = is_root(tokens) or reads_clearings(tokens) or hand_fact(tokens) is not None  # suits are Root's
    if not root:
        facts += tied_total(tokens, facts)
        facts += same_as_said(tokens, facts)
        facts += unvalued_districts(tokens, facts, walk.colour)
    else:
        facts = removed_cemetery(tokens, other_cemeteries(tokens, gapped_warriors(tokens, root_only(facts))))
        facts = necro_away(tokens, facts)
        facts = with_clearings(tokens, with_daylight(tokens, facts), question)
        said_none = none_but_named(question, tokens, facts)
    facts = said_again(question, facts, corrections=not follows)
    if not root:
        facts = in_configuration(placed_set_e(tokens, facts))
        playing = PLAYED in context or intended in PLAYING
        seats = seat_facts(tokens)  # "nous sommes quatre": a count of players, no one's total
        facts = place_cards(tokens, facts, asked, played=playing, placing=intended == "legal_plays")
        facts = [f for f in facts if not any(s.path == "players" and s.start <= f.start < s.end for s in seats)] + seats
        facts = with_dualist(tokens, with_mentalist(tokens, facts, swapping=SWAPPED in context))
        facts = to_place(facts, asked)  # a Dualist card in hand, asked where it may go
    contradictions = (*walk.contradictions, *twice(question, facts), *said_none, *too_many_tiles(question, tokens))
    subjects = tuple(dict.fromkeys(str(t.value) if t.kind is Kind.NAME else ME for t in asking if t.kind in _WHO))
    players = players_given(question, tokens, players, facts, subjects)
    return Reading(tuple(facts), cues, tuple(tokens), contradictions, amends, players, asked, form, whether, subjects)


#: The Proselytizer's display, whose cards the walk reads as cards (their role is the display's).
DISPLAYS = ROLES["display"]
#: Words a question puts before the player it asks about: "does Sacha", "est-ce que Margot".
_ASKS_OF = frozenset({"does", "did", "do", "is", "was", "can", "could", "will", "would", "should", "que"})
#: The word between a district and its owner: "le district vert de Cunégonde", "the pink district of Oriane".
_OWNER_OF = frozenset({"de", "d", "of"})
#: Possessives before a player's name: "your Honorine", "votre Basile", "notre Ottilie".
_YOUR = frozenset({"your", "our", "votre", "notre", "ton", "ta"})
#: The tokens that name who a sentence is about.
_WHO = (Kind.NAME, Kind.ASKER)
