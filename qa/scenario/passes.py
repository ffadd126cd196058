"""Passes over the tokens once they are typed: numbers said in several words ("soixante et onze"), the English "one"
that is a pronoun ("the one I just played"), numbers that are no value of the position, and who is who: a
lower-case possessor or key that names a player, a player spoken to, the speakers of a chat log."""

from __future__ import annotations

from corpus.text import fold
from qa.scenario.numbers import number
from qa.scenario.tokens import Kind, Token

_TENS_WORDS = frozenset({"vingt", "trente", "quarante", "cinquante", "soixante"})


def join_tens(question: str, tokens: list[Token]) -> list[Token]:
    """Numbers typed in words without their hyphens are one number: "vingt deux" is 22, "twenty one" 21, "dix
    sept" 17, "soixante dix sept" 77 (digits are never joined: "20 2" stays two numbers)."""
    out: list[Token] = []
    for t in tokens:
        last = out[-1] if out else None
        words = (
            last is not None and last.kind is Kind.NUMBER and last.text.replace(" ", "").isalpha() and t.text.isalpha()
        )
        joined = number(f"{fold(last.text)}-{fold(t.text)}".replace(" ", "-")) if words and last is not None else None
        if last is not None and joined is not None and t.start - last.end <= 2:
            out[-1] = Token(Kind.NUMBER, question[last.start : t.end], last.start, t.end, joined)
            continue
        out.append(t)
    return out


def and_one(question: str, tokens: list[Token]) -> list[Token]:
    """French tens joined to "un"/"onze" by "et" are one number: "soixante et un" is 61, "soixante et onze" 71."""
    out: list[Token] = []
    for t in tokens:
        if (
            len(out) >= 2
            and fold(t.text) in ("un", "une", "onze")
            and fold(out[-1].text) == "et"
            and fold(out[-2].text) in _TENS_WORDS
        ):
            tens = out[-2]
            value = int(str(tens.value)) + (11 if fold(t.text) == "onze" else 1)
            out[-2:] = [Token(Kind.NUMBER, question[tens.start : t.end], tens.start, t.end, value)]
            continue
        out.append(t)
    return out


#: Kinds of tokens a counted "one" goes with ("one card", "one Cemetery", "one gold"); otherwise "one" is a pronoun.
_COUNTED = frozenset(
    {Kind.CARD, Kind.CARD_KIND, Kind.GOLD, Kind.WARRIOR, Kind.CEMETERY, Kind.NECRO, Kind.HIT, Kind.BIRD, Kind.COLOUR}
    | {Kind.ENEMY}  # "One enemy warrior is removed"
)


def pronoun_one(tokens: list[Token]) -> list[Token]:
    """English "one" is a number only before what it counts ("one card"), after "a" ("draws a one"), or closing a
    list of numbers ("tiles three and one"): "the one I just played" is a pronoun."""
    out = list(tokens)
    for k, t in enumerate(out):
        if t.kind is Kind.NUMBER and fold(t.text) == "one":
            after = out[k + 1].kind if k + 1 < len(out) else None
            before = [fold(u.text) for u in out[max(0, k - 1) : k]]
            ends = k + 1 == len(out) or out[k + 1].kind is Kind.MARK  # "tiles three and one." closes the list
            listed = ends and k > 1 and fold(out[k - 1].text) == "and" and out[k - 2].kind is Kind.NUMBER
            if after not in _COUNTED and before not in (["a"], ["an"]) and not listed:
                out[k] = Token(Kind.WORD, t.text, t.start, t.end)
    return out


#: What a half is called: "deux et demi", "two and a half".
_HALF = frozenset({"demi", "demie", "half"})


def halves(question: str, tokens: list[Token]) -> list[Token]:
    """A whole number and a half is one number, kept as said for the schema to refuse where only whole ones exist:
    "deux ors et demi" is 2.5 (the gold word stays after it), "two and a half gold" too."""
    out = list(tokens)
    k = len(out)
    while k > 2:
        k -= 1
        if fold(out[k].text) not in _HALF:
            continue
        link = k - 2 if fold(out[k - 1].text) == "a" else k - 1
        if link < 1 or fold(out[link].text) not in ("et", "and"):
            continue
        n = link - 1 if out[link - 1].kind is Kind.NUMBER else link - 2
        whole = out[n] if n >= 0 else None
        if whole is None or whole.kind is not Kind.NUMBER or not isinstance(whole.value, int):
            continue
        said = Token(Kind.NUMBER, question[whole.start : out[k].end], whole.start, out[k].end, whole.value + 0.5)
        out[n : k + 1] = [said, *out[n + 1 : link]]
        k = n  # what is left to look at is before the number
    return out


#: Words that take back the number after them: "5, not 7", "5 et pas 7", "5 au lieu de 7", "5 instead of 7".
_NOT = frozenset({"not", "pas", "non"})
_INSTEAD = (("au", "lieu", "de"), ("instead", "of"))
#: What a number counts when it is no value of a position: the players ("three of us", "4 joueurs", "on est
#: trois"), the rounds or turns ("3 manches", "manche 2", "round 2").
_PLAYERS_AFTER = (("of", "us"), ("d", "entre", "nous"), ("joueurs",), ("players",))
_PLAYERS_BEFORE = (("on", "est"), ("we", "are"), ("we", "re"), ("partie", "a"), ("jeu", "a"), ("joue", "a"))
# not "égalité à trois": "égalité à trois en violet" may be a tie at 3 as well as a three-way tie
#: The letters that mark a quiz's answers: "(a) 12", "B) 2".
_OPTIONS = frozenset("abcde")
#: "manche 2", "question 1" (not "turn 3 warriors": "this turn, 3 warriors").
_ROUND_BEFORE = frozenset({"manche", "round", "question"})
_ROUNDS_AFTER = frozenset({"manches", "rounds", "tours", "turns"})


def not_values(tokens: list[Token]) -> list[Token]:
    """Numbers that are no value of the position become words: the one a correction takes back ("Anouk's yellow is 5,
    not 7"), the number of players ("End of game, three of us", "fin de partie a deux", "4 joueurs"), a round's or a
    question's ("manche 2", "3 manches", "question 1"), a quiz's answers ("(a) 12 (b) 13", "A) 1 B) 2"), and "both"
    in French ("les deux districts", "des deux côtés", but not "les deux 7")."""
    out = list(tokens)
    words = [fold(t.text) for t in out]
    numbers = [t.kind is Kind.NUMBER for t in out]
    for k, t in enumerate(out):
        if not numbers[k]:
            continue
        before = [w for w in words[max(0, k - 3) : k] if w != ","]
        taken_back = bool(before) and before[-1] in _NOT and _number_before(numbers, words, k)
        instead = any(tuple(words[k - len(p) : k]) == p for p in _INSTEAD) and _number_before(numbers, words, k)
        players = any(tuple(words[k + 1 : k + 1 + len(p)]) == p for p in _PLAYERS_AFTER) or any(
            tuple(words[max(0, k - len(p)) : k]) == p for p in _PLAYERS_BEFORE
        )
        rounds = bool(set(words[k - 1 : k]) & _ROUND_BEFORE or set(words[k + 1 : k + 2]) & _ROUNDS_AFTER)
        option = k > 1 and words[k - 1] == ")" and words[k - 2] in _OPTIONS  # "(a) 12 (b) 13", "A) 1 B) 2"
        both = words[k] == "deux" and words[k - 1 : k] in (["les"], ["des"], ["aux"]) and not _number_after(numbers, k)
        if taken_back or instead or players or rounds or option or both:
            out[k] = Token(Kind.WORD, t.text, t.start, t.end)
    return out


#: What a number measures when it is money, time or a stake: "5 euros", "23 h 40", "2 minutes", "20 pompes".
_UNITS = frozenset(
    {"euro", "euros", "eur", "dollar", "dollars", "balles", "bucks", "quid", "pounds", "centimes", "cents"}
    | {"h", "heure", "heures", "hour", "hours", "min", "mn", "minute", "minutes", "seconde", "secondes", "seconds"}
    | {"an", "ans", "years", "pompes", "pushups", "cafe", "cafes", "coffee", "coffees", "biere", "bieres", "beers"}
    | {"star", "stars", "etoile", "etoiles"}  # a review's rating: "Two stars", "J'ai retiré deux étoiles"
)
#: Words that say a rating follows ("Note : 3/5", "Rating: 4/5"): the mark and its scale are no values.
_RATING = frozenset({"note", "rating", "rated", "notee", "avis", "score"})
#: Signs glued to an amount of money ("5 €", "$3", "£2", "50 %").
_SIGNS = frozenset("€$£%")


def _number_after(numbers: list[bool], k: int) -> bool:
    return k + 1 < len(numbers) and numbers[k + 1]


def measures(question: str, tokens: list[Token]) -> list[Token]:
    """Numbers that count money, time, a stake or a rating state no fact of a position: the unit after them ("5 euros",
    "23 h", "2 minutes", "20 pompes", "two stars"), the minutes of a time ("23 h 40"), a currency sign beside them
    ("€5", "3 $"), or a rating and its scale ("Note : 3/5")."""
    out = list(tokens)
    for k, t in enumerate(tokens):
        if t.kind is not Kind.NUMBER:
            continue
        after = fold(tokens[k + 1].text) if k + 1 < len(tokens) else ""
        before = fold(tokens[k - 1].text) if k > 0 else ""
        unit = after in _UNITS and not (after == "an" and k + 2 < len(tokens))  # "un an", not "2 an extra card"
        minutes = before == "h" and k > 1 and tokens[k - 2].kind is Kind.NUMBER  # "23 h 40"
        signed = (
            question[max(0, t.start - 2) : t.start].strip()[-1:] in _SIGNS
            or question[t.end : t.end + 2].strip()[:1] in _SIGNS
        )
        if unit or minutes or signed:
            out[k] = Token(Kind.WORD, t.text, t.start, t.end)
        rated = {fold(u.text) for u in tokens[max(0, k - 3) : k]} & _RATING
        scale = k + 2 < len(tokens) and tokens[k + 1].text == "/" and tokens[k + 2].value in (5, 10, 20)
        if rated and scale:  # "Note : 3/5": the mark and its scale
            out[k] = Token(Kind.WORD, t.text, t.start, t.end)
            out[k + 2] = Token(Kind.WORD, tokens[k + 2].text, tokens[k + 2].start, tokens[k + 2].end)
    return out


def _number_before(numbers: list[bool], words: list[str], k: int) -> bool:
    """A number was said within the six words before ``k``: what the taken-back number is corrected to ("5 en
    jaune au lieu de 7")."""
    return any(numbers[max(0, k - 7) : k - 1])


#: The words that speak to someone: "ton", "your", "t'as".
_SECOND_PERSON = frozenset({"ton", "ta", "tes", "tu", "t", "toi", "your", "you", "yours"})


def vocatives(question: str, tokens: list[Token]) -> list[Token]:
    """A player spoken to by name ("Cyprien, ton district jaune ?", "— Rémi, your final City?"): from there on, the
    words that speak to someone mean that player, until another is spoken to. A name before a comma is spoken to
    when a word that speaks to someone follows in its sentence, or when it opens a line or a turn ("— Ottilie, ...")."""
    out = list(tokens)
    addressee: Token | None = None
    for k, t in enumerate(out):
        following = out[k + 1] if k + 1 < len(out) else None
        if t.kind is Kind.NAME and following is not None and following.text == ",":
            gap = question[out[k - 1].end : t.start] if k else question[: t.start]
            if _speaks_to(out, k + 2) or "\n" in gap or "—" in gap or not k:
                addressee = t
                continue
        if addressee is not None and t.kind is Kind.WORD and fold(t.text) in _SECOND_PERSON:
            out[k] = Token(Kind.NAME, t.text, t.start, t.end, addressee.value)
    return out


def _speaks_to(tokens: list[Token], k: int) -> bool:
    """A word that speaks to someone comes at ``k`` or later in the same sentence."""
    for t in tokens[k:]:
        if t.kind is Kind.MARK and t.text in ".?!":
            return False
        if t.kind is Kind.WORD and fold(t.text) in _SECOND_PERSON:
            return True
    return False


def speakers(question: str, tokens: list[Token]) -> list[Token]:
    """A chat log ("Bérénice: moi j'ai 9 et 8 en bleu" then "Oskar: et moi 6"): each line's "moi", "my", "I" is its
    speaker's, and the one who speaks last, when they ask or speak of themselves, is the asker, however named. A
    line is a speaker's when it opens with a name and a colon, and two people at least say words so (not only
    numbers: "Rémi : 9, 3, 4" and "moi : 6, 4" are rows of values)."""
    labels = [
        k
        for k, t in enumerate(tokens)
        if t.kind is Kind.NAME
        and k + 2 < len(tokens)
        and tokens[k + 1].text == ":"
        and (not k or "\n" in question[tokens[k - 1].end : t.start])
    ]
    if len({tokens[k].value for k in labels if tokens[k + 2].kind is not Kind.NUMBER}) < 2:
        return tokens
    out = list(tokens)
    ends = [_line_end(question, tokens, k) for k in labels]
    last = tokens[labels[-1] + 2 : ends[-1]]
    asks = any(t.kind is Kind.ASKER or t.text == "?" for t in last)
    asker = tokens[labels[-1]].value if asks else None  # "Sélène: City blue 11, ...": a row, nobody asking
    for label, end in zip(labels, ends, strict=True):
        speaker = tokens[label]
        if speaker.value == asker:
            continue
        for k in range(label + 2, end):
            if out[k].kind is Kind.ASKER:
                out[k] = Token(Kind.NAME, out[k].text, out[k].start, out[k].end, speaker.value)
    return [Token(Kind.ASKER, t.text, t.start, t.end) if t.kind is Kind.NAME and t.value == asker else t for t in out]


def _line_end(question: str, tokens: list[Token], k: int) -> int:
    """The index of the first token after ``k`` on a later line (or the end)."""
    for n in range(k + 1, len(tokens)):
        if "\n" in question[tokens[n - 1].end : tokens[n].start]:
            return n
    return len(tokens)


#: What a possessor owns: "matteo's blue", "sam's City", "jo's gold".
_OWNED = frozenset({Kind.COLOUR, Kind.CITY, Kind.GOLD, Kind.CARD})


def possessors(question: str, tokens: list[Token], common: frozenset[str]) -> list[Token]:
    """A lower-case word with "'s" before something a player owns is a player's name: "matteo's blue: 6+6+4"; so is
    a lower-case word that opens a quoted key of a pasted structure, no game word: ``{"ysolde": {"blue": ...}}``.
    ``common``: the words that are nobody's name (stop words, game words)."""
    out = list(tokens)
    for k in range(len(out) - 2):
        word, s, owned = out[k], out[k + 1], out[k + 2]
        key = fold(word.text)
        apostrophe = question[word.end : s.start] in ("'", "’")
        possessive = word.kind is Kind.WORD and fold(s.text) == "s" and apostrophe and owned.kind in _OWNED
        if possessive and len(key) > 2 and key not in common:
            name = word.text[:1].upper() + word.text[1:]
            out[k] = Token(Kind.NAME, word.text, word.start, word.end, name)
        elif word.kind is Kind.WORD and _keyed(question, word) and len(key) > 2 and key not in common:
            name = word.text[:1].upper() + word.text[1:]  # {"ysolde": {"blue": [5, 5]}}, {"thibaud_bleu": [4, 4]}
            out[k] = Token(Kind.NAME, word.text, word.start, word.end, name)
    return out


def _keyed(question: str, word: Token) -> bool:
    """The word opens a quoted key of a pasted structure: ``"ysolde":``, ``'thibaud_bleu':``."""
    before, after = question[word.start - 1 : word.start], question[word.end : word.end + 1]
    if before not in ('"', "'") or after not in ('"', "'", "_"):
        return False
    close = question.find(before, word.end)
    value = question[close + 1 : close + 8].lstrip()
    # what the key holds is counted (cards, a number, a structure of them), not a word: "attacker": "Hollis" is none
    return close != -1 and value.startswith(":") and value[1:].lstrip()[:1] in tuple("[{-0123456789")


def headings(question: str, tokens: list[Token]) -> list[Token]:
    """Capitalised words that frame a message and name nobody: a heading that opens it ("Objet : Carte Bonus bleue",
    "Subject: Green Bonus card"; said once, words and no number on its line), and a word alone on its line ("Merci,",
    "Regards,", a signature)."""
    out = list(tokens)
    names = [t.value for t in tokens if t.kind is Kind.NAME]
    for k, t in enumerate(tokens):
        if t.kind is not Kind.NAME:
            continue
        heading = (
            k == 0
            and len(tokens) > 2
            and tokens[1].text == ":"
            and tokens[2].kind not in (Kind.NUMBER, Kind.ASKER)
            and names.count(t.value) == 1
        )
        line_start = question.rfind("\n", 0, t.start) + 1
        line_end = question.find("\n", t.end)
        line = question[line_start : None if line_end < 0 else line_end]
        heading = heading and not any(c.isdigit() for c in line)  # "Léo : Cité 55, Bonus 10": a row, not a heading
        rest = question[t.end : None if line_end < 0 else line_end].strip()
        alone = line_start > 0 and question[line_start : t.start].strip() == "" and rest in ("", ",", ".")
        if heading or alone:
            out[k] = Token(Kind.WORD, t.text, t.start, t.end)
    return out
