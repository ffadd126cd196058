"""Looking around a token of a sentence: what precedes or follows it, for the reader's rules."""

from __future__ import annotations

from corpus.text import fold
from engine.cl2.cards import Colour
from qa.scenario.lexicon import Kind, Token

#: Words after a number that make it a difference ("3 over the max", "2 de plus"), not a value.
RELATIVE = frozenset({"over", "above", "under", "below", "more", "less", "au-dessus", "au-dessous"})
#: What "more" can count: "two more gold", "3 more warriors".
_COUNTED = (Kind.GOLD, Kind.WARRIOR, Kind.CEMETERY, Kind.NECRO, Kind.CARD, Kind.HIT, Kind.BIRD)
#: Tokens that set what a sentence talks about.
SUBJECTS = (Kind.CAPITAL, Kind.CITY, Kind.ASKER, Kind.NAME, Kind.MAXIMUM, Kind.AGENT_TILE, Kind.PRONOUN)


#: Words that take a power out of play when they come before it: "sans le Marchand", "no Merchant or Agent", "ni
#: Marchand ni Agent", "nobody had the Merchant", "pas de Marchand".
_DENY = frozenset(
    {"sans", "without", "no", "ni", "nor", "neither", "pas", "aucun", "aucune", "nobody", "personne", "not", "never"}
    | {"jamais", "didn", "don", "doesn", "weren", "wasn"}
)
#: Words that may stand between such a word and the power: articles, "or"/"and", having and playing.
_BETWEEN = frozenset(
    {"the", "a", "an", "le", "la", "l", "de", "d", "du", "un", "une", "any", "or", "ou", "and", "et", "nor", "ni"}
    | {"had", "has", "have", "avait", "avaient", "a", "ont", "played", "joue", "jouait", "out", "en", "jeu", "play"}
    | {"avec", "with", "using", "playing", "jouons", "jouions", "jouez", "utilise", "use", "used", "t"}
)
#: Words that may stand between a power and a denial after it: "The Merchant is not part of this game", "Le
#: Marchand n'est pas en jeu", "the Merchant not being in play".
_BEFORE_DENIAL = frozenset({"is", "was", "est", "etait", "n", "ne", "s", "power", "pouvoir"})
#: A denial after a power: what it says is in play, not a colour ("not on yellow" places it).
_DENIAL = frozenset({"not", "pas", "never", "jamais", "isn", "wasn"})


class TokenView:
    """The tokens of one sentence, with questions about their neighbourhood."""

    tokens: list[Token]
    player: str | None

    def at(self, i: int) -> Token | None:
        return self.tokens[i] if 0 <= i < len(self.tokens) else None

    def kind(self, i: int) -> Kind | None:
        token = self.at(i)
        return token.kind if token else None

    def text(self, i: int) -> str:
        token = self.at(i)
        return token.text if token else ""

    def cue(self, i: int) -> str | None:
        """What token ``i`` asks, when it is a cue word ("bust", "score"...)."""
        token = self.at(i)
        return str(token.value) if token is not None and token.kind is Kind.CUE else None

    def power_denied(self, i: int) -> bool:
        """The power at ``i`` is said not to be in play: a denying word before it, with only articles, other powers,
        "or"/"and" and having or playing between ("No Merchant or Agent", "Ni Marchand ni Agent", "Nobody had the
        Merchant or the Agent out", "On ne jouait pas avec le Marchand"), or a denial right after it ("The Merchant
        is not part of this game", "Le Marchand n'est pas en jeu")."""
        j = i - 1
        while j >= max(0, i - 8):
            word = fold(self.text(j))
            if word in _DENY:
                return True
            if self.kind(j) is not Kind.POWER and (word not in _BETWEEN or self.kind(j) not in (Kind.WORD, Kind.LINK)):
                break  # "Pas d'or, le Marchand est en jeu": "or" is gold there, and the Merchant in play
            j -= 1
        return self._denied_after(i)

    def _denied_after(self, i: int) -> bool:
        """A denial follows the power at ``i`` in its clause, and no colour follows the denial."""
        j = i + 1
        while j < min(i + 5, len(self.tokens)) and fold(self.text(j)) in _BEFORE_DENIAL:
            j += 1
        if fold(self.text(j)) not in _DENIAL:
            return False
        return not any(self.kind(k) is Kind.COLOUR for k in range(j + 1, min(j + 4, len(self.tokens))))

    def _colon_list(self, i: int) -> tuple[tuple[int, ...], int, int] | None:
        """The numbers after a piece's name and a colon, a few words later at most: "warriors in clearings: 2, 2, 8"."""
        j = i + 1
        while j < min(i + 6, len(self.tokens)) and self.kind(j) is not Kind.MARK:
            if self.kind(j) is Kind.NUMBER:
                return None
            j += 1
        if self.kind(j) is not Kind.MARK or self.tokens[j].text != ":" or not self._whole(j + 1):
            return None
        values = [int(str(self.tokens[j + 1].value))]
        k = j + 2
        while self.kind(k) is Kind.LINK and self._whole(k + 1):
            values.append(int(str(self.tokens[k + 1].value)))
            k += 2
        return tuple(values), self.tokens[k - 1].end, k

    def _whole(self, i: int) -> bool:
        """A whole number at ``i`` (not "2.5", which the schema refuses where it belongs)."""
        token = self.at(i)
        return token is not None and token.kind is Kind.NUMBER and isinstance(token.value, int)

    def _counts_follow(self, i: int) -> bool:
        """A number comes within a few words (Bonus cards' values)."""
        for j in range(i + 1, min(i + 6, len(self.tokens))):
            if self.kind(j) is Kind.NUMBER:
                return True
            if self.kind(j) not in (Kind.WORD, Kind.CARD, Kind.MARK, Kind.LINK, Kind.ASKER) and self.cue(j) != "score":
                return False  # "Bonus 10", "mes cartes Bonus valent 8 et 6", "one bonus card worth 9"
        return False

    def _gold_after(self, i: int) -> int | None:
        """The end of the gold word right after ``i`` ("pas d'or": "d" then "or"), if there is one."""
        for j in (i + 1, i + 2):
            if self.kind(j) is Kind.GOLD:
                return self.tokens[j].end
            if self.kind(j) is not Kind.WORD:
                return None
        return None

    def _max_is_a_name(self, i: int) -> bool:
        """ "Max" capitalised, after "and" or a comma, before a number, in a list of players: a name."""
        token = self.tokens[i]
        listed = self.kind(i - 1) is Kind.LINK and self.kind(i + 1) is Kind.NUMBER
        return token.text == "Max" and listed and self.player is not None

    def _agent_colour(self, j: int) -> Colour | None:
        """The colour named just after Agent tiles' values ("+3 révélée sur le pouvoir vert"), if any."""
        for k in range(j, min(j + 7, len(self.tokens))):
            kind = self.kind(k)
            if kind is Kind.COLOUR:
                return self.tokens[k].value  # type: ignore[return-value]
            if kind in (Kind.NUMBER, Kind.MARK, Kind.LINK) or kind in SUBJECTS:
                return None
        return None

    def _threshold(self, i: int) -> bool:
        """The number follows "au moins", "at least", "plus de", "more than", "above"...: a threshold."""
        before = [fold(t.text) for t in self.tokens[max(0, i - 2) : i]]
        pairs = {("au", "moins"), ("at", "least"), ("plus", "de"), ("moins", "de"), ("more", "than"), ("less", "than")}
        return tuple(before[-2:]) in pairs or (bool(before) and before[-1] in ("above", "over", "under", "below"))

    def _points(self, i: int) -> bool:
        """The number counts points ("2 points", "5 PV"), not cards, gold or pieces."""
        after = self.at(i + 1)
        return after is not None and fold(after.text) in ("points", "point", "pts", "pv", "vp")

    def _last_kind(self, i: int) -> Kind | None:
        """The kind of the last token before ``i`` that is not a plain word."""
        kinds = [t.kind for t in self.tokens[:i] if t.kind is not Kind.WORD]
        return kinds[-1] if kinds else None

    def _after_capital(self, i: int) -> bool:
        """The district word at ``i`` follows the Capital in its clause ("the Capital's blue district", "Dans la
        Capitale, le district jaune porte..."): the Capital's district, not the player's."""
        said = [t for t in self.tokens[:i] if t.kind is not Kind.WORD]
        if len(said) > 1 and said[-1].kind is Kind.LINK and said[-1].text == ",":
            return said[-2].kind is Kind.CAPITAL  # "In the Capital, the yellow district", not "9 en bleu, le district"
        return bool(said) and said[-1].kind in (Kind.CAPITAL, Kind.COLOUR)

    def _relative(self, j: int) -> bool:
        """True when the numbers just read are a difference: "3 over the max", "2 de plus que la Capitale"."""
        token = self.at(j)
        if token is None:
            return False
        word = fold(token.text)
        if word == "de" and fold(self.text(j + 1)) in ("plus", "moins"):
            # "2 de plus que la Capitale" is a difference; "et si la capitale avait un 2 de plus ?" one card more
            return fold(self.text(j + 2)) in ("que", "qu") or self.kind(j + 2) in (Kind.CAPITAL, Kind.MAXIMUM)
        if word == "au" and fold(self.text(j + 1)) in ("dessus", "dessous"):
            return True  # "2 au dessus" ("une tuile agent -1 dessus" is on it)
        if word == "more" and self.kind(j + 1) in _COUNTED:
            return False  # "two more gold" is gold added ("3 more than the Capital" is a difference)
        return word in RELATIVE

    def tokens_before(self, start: int) -> list[Token]:
        """The (up to 3) tokens that are not plain words just before ``start``, within the same clause."""
        before = [t for t in self.tokens if t.end <= start and t.kind is not Kind.WORD]
        near: list[Token] = []
        for t in reversed(before):
            if t.kind in (Kind.LINK, Kind.MARK, Kind.NUMBER) or len(near) == 3:
                break
            near.append(t)
        return near

    def kinds_before(self, start: int) -> set[Kind]:
        return {t.kind for t in self.tokens_before(start)}
