"""A player's sentence as typed tokens: numbers, colours, places, owners, powers, pieces and question cues.

Words are compared folded (lower case, no accents); a colour or a game word typed with one letter wrong still
counts. Each token keeps its span in the question, so that every fact read can point at the words it came from.

>>> [t.kind.value for t in lex("bleu : capitale 14, moi 16, deux or (Marchand)", "fr")][:9]
['colour', 'mark', 'capital', 'number', 'link', 'asker', 'number', 'link', 'number']
>>> [t.value for t in lex("capitale quinze, moins deux", "fr")]
[None, 15, ',', -2]
>>> [t.value for t in lex("soixante et un, soixante et onze", "fr")]
[61, ',', 71]
"""

from __future__ import annotations

import re
from functools import lru_cache

from corpus.glossary import load_glossary
from corpus.text import fold
from engine.cl2.cards import Colour
from engine.cl2.power import REGISTRY, Power
from qa.analysis import stopwords
from qa.scenario.answers import answered
from qa.scenario.asides import aside_spans
from qa.scenario.broken import broken_words
from qa.scenario.card_words import CARD_KINDS, named_max, valued_kinds
from qa.scenario.numbers import MINUS, number
from qa.scenario.passes import (
    and_one,
    halves,
    headings,
    join_tens,
    measures,
    not_values,
    possessors,
    pronoun_one,
    speakers,
    vocatives,
)
from qa.scenario.shorthand import spelled_out
from qa.scenario.tokens import Kind, Token
from qa.scenario.typos import close

__all__ = ["INTERJECTIONS", "Kind", "Token", "colour_words", "lex"]


_COLOURS = {
    Colour.BLUE: "blue blues bleu bleue bleus bleues",
    Colour.PINK: "pink pinks rose roses",
    Colour.YELLOW: "yellow yellows jaune jaunes",
    Colour.GREEN: "green greens vert verte verts vertes",
    Colour.PURPLE: "purple purples violet violette violets violettes",
}
#: The colour words English players use; the rest of each colour's words are French.
_ENGLISH_COLOURS = frozenset(
    {"blue", "blues", "pink", "pinks", "yellow", "yellows", "green", "greens", "purple", "purples"}
)


def colour_words(lang: str) -> frozenset[str]:
    """The colour words of one language only ("vert", "jaune"; "green", "yellow"): a sign of the language a terse
    question is in ("score : bleu 9, rose 14, 2 or").

    >>> sorted(colour_words("en"))[:2], "vert" in colour_words("fr")
    (['blue', 'blues'], True)
    """
    every = frozenset(w for words in _COLOURS.values() for w in words.split())
    return _ENGLISH_COLOURS if lang == "en" else every - _ENGLISH_COLOURS


#: Single folded words, by kind (a value, when the kind needs one, is given by the tables above and below).
_WORDS: dict[Kind, str] = {
    Kind.CAPITAL: "capitale capital capitales",
    Kind.CITY: "cite cites city cities ville home homebase base district districts",
    Kind.GOLD: "or ors gold golds piece pieces coin coins jeton jetons token tokens",
    Kind.MAXIMUM: "maximum max maximums limite",
    Kind.CONFIGURATION: "configuration config",
    Kind.ASKER: "moi je j jai g me mon ma mes m i my mine im ive id mien mienne miens miennes",
    Kind.PRONOUN: "lui elle il he she him her his hers",
    Kind.LINK: "et and , / + & plus",
    Kind.TOTAL: "donc dc so = total totale totalise totalisent fait font makes soit",
    Kind.IN: "en in",
    Kind.CARD: "carte cartes card cards",
    Kind.CEMETERY: "cimetiere cimetieres cemetery cemeteries graveyard graveyards",
    Kind.WARRIOR: "guerrier guerriers warrior warriors",
    Kind.NECRO: "necro necros",
    Kind.HIT: "coup coups touche touches hit hits degat degats damage",
    Kind.BIRD: "oiseau oiseaux bird birds",
    Kind.SUPPLY: "reserve supply",
    Kind.ENEMY: "ennemi ennemis ennemie ennemies adverse adverses enemy enemies",
}
#: What a question asks, by the words that ask it: the cues frames share (a frame's own cue words are in its
#: module, :mod:`qa.scenario.frames`).
CUES: dict[str, str] = {
    "bust": (
        "saute sautes sauter saut depasse depasses depasser perds perd perdre perdu perdus defausse defausses "
        "defausser crame pete petent peter "
        "bust busts busted busting bursting lose loses lost overflow discard discarded toast explose elimine over "
        "exploses explosent exploser crames crament cramer grille griller deborde deborder depase sautent sautera "
        "sauterait sauterais exceed exceeds exceeded overshoot overshoots explode explodes exploded"
    ),
    "safe": (
        "safe passe passer tient tiens survit survive survives keep keeps sauve sauver sauves save saved ok garde "
        "garder gardes tiennent tenir survivent survivre sauvee conserve conserver epargne intact intacte hold "
        "holds held stay stays stayed remain remains kept alright"
    ),
    "how_much": "combien cmb cbm cbien cb combient conbien combiens how many much minimum least donne losses pertes",
    "who": "qui who whom",
    "score": "score scores points point pts pv vp worth vaut rapporte rapportent marque marquer",
    "remove": (
        "retire retiree retires retirer removed remove enleve enlever detruit destroyed die dies meurt meurent tue "
        "tues tuer killed detruite detruits bute butes buter butte degage degages wiped wipes destroys kills "
        "retirent retirees detruire detruis detruisent tuent tuee elimine eliminer elimines eliminent enleves "
        "enlevent vire virer mort morts degomme degommer creve removes removing destroying killing died dead "
        "eliminated slain"
    ),
    "battle": (
        "bataille combat baston battle fight attaque attaquee attacked attack combats combattre combattent "
        "combattu batailles attaquer attaques attaquent affrontement affronte bagarre castagne battles fought "
        "fighting attacking clash skirmish brawl assault"
    ),
    "where": "ou where wher whr",
    "again": "rejoue rejouer rejoues rejouerai rejouez supplementaire again extra",
}
_SUITS = {"fox": "fox renard renards foxes", "mouse": "mouse souris mice", "rabbit": "rabbit lapin lapins rabbits"}
_BY_WORD: dict[str, tuple[Kind, object]] = {}
for _suit, _text in _SUITS.items():
    for _w in _text.split():
        _BY_WORD[_w] = (Kind.SUIT, _suit)
for _kind, _text in _WORDS.items():
    for _w in _text.split():
        _BY_WORD.setdefault(_w, (_kind, None))
for _colour, _text in _COLOURS.items():
    for _w in _text.split():
        _BY_WORD[_w] = (Kind.COLOUR, _colour)
#: The corpus glossary's terms whose every form (in both languages) is a token of a kind: the glossary's
#: variants ("home base", "jetons Or", "bird cards") come with them. The word lists above add what players say.
_GLOSSARY_KINDS: dict[str, Kind] = {
    "city": Kind.CITY,
    "capital": Kind.CAPITAL,
    "gold": Kind.GOLD,
    "maximum": Kind.MAXIMUM,
    "cemetery": Kind.CEMETERY,
    "warrior": Kind.WARRIOR,
    "necro": Kind.NECRO,
    "bird-card": Kind.BIRD,
    **{c.value: Kind.COLOUR for c in Colour if c.value in ("blue", "pink", "yellow", "green", "purple")},
}
_GLOSSARY_PHRASES: list[tuple[str, Kind, object]] = []
_GLOSSARY = load_glossary()  # read once: the tables below and the game words come from it
for _term in _GLOSSARY.terms:
    _of = _GLOSSARY_KINDS.get(_term.id)
    if _of is None:
        continue
    _value = Colour(_term.id) if _of is Kind.COLOUR else None
    for _form in (f for lang in ("fr", "en") for f in _term.forms[lang]):
        _key = fold(_form)
        if " " in _key:
            _GLOSSARY_PHRASES.append((_key, _of, _value))
        else:
            _BY_WORD.setdefault(_key, (_of, _value))


@lru_cache(maxsize=1)
def _cue_words() -> dict[str, str]:
    """Every cue word and its cue: the words every frame shares (:data:`CUES`) and those one frame owns (its
    module's ``words``). The frames read what this module lexes, so they are imported when the first word is."""
    from qa.scenario.frames import cue_words

    return {w: cue for cue, text in {**CUES, **cue_words()}.items() for w in text.split()}


@lru_cache(maxsize=1)
def _cue_typos() -> tuple[str, ...]:
    """The cue words long enough to be recognised through a typo."""
    return tuple(sorted(w for w in _cue_words() if len(w) >= 5))


#: Every single-word form of the glossary: a game word, never a player's name ("Pouvoir", "Bonus").
_GAME_WORDS = frozenset(
    fold(f) for t in _GLOSSARY.terms for lang in ("fr", "en") for f in t.forms[lang] if " " not in f
) | frozenset(
    {
        *("pouvoir", "power", "tuile", "tile", "manche", "round", "partie", "game", "tour", "turn", "config", "fin"),
        *("final", "end", "debut", "start", "over"),
    }
)
#: Power names, folded (single words; "home base" style names are not powers).
_POWERS: dict[str, Power] = {
    fold(name): info.power for info in REGISTRY.values() for name in (info.power.value, *info.names_fr, *info.names_en)
}
_PHRASES = (
    (re.compile(r"\bhome ?bases?\b"), Kind.CITY),
    (re.compile(r"\bpieces? d'?or\b|\bjetons? d'?or\b|\bgold (?:tokens?|coins?|pieces?)\b"), Kind.GOLD),
    (re.compile(r"\btuiles? agents?\b|\bagent tiles?\b"), Kind.AGENT_TILE),
    # "un agent révélé", "two Agents flipped": an Agent is revealed only as an Agent tile
    (re.compile(r"\bagents?(?= (?:revel|reveal|retourn|devoil|flipp)\w*)"), Kind.AGENT_TILE),
    (re.compile(r"\b(?:tuiles?|tiles?)(?= *[+-]\d)"), Kind.AGENT_TILE),  # "une tuile +3": only Agent tiles are signed
    (re.compile(r"\bdu coup\b"), Kind.TOTAL),
    # the Capital's cards lie in the middle of the table: "au centre en vert y a un neuf"
    (re.compile(r"\bau (?:centre|milieu)\b|\bin the (?:middle|centre|center)\b"), Kind.CAPITAL),
    (re.compile(r"\bgame (?:is )?over\b"), Kind.WORD),  # the game's end, not a district over its MAXIMUM
    (
        re.compile(
            r"\bet si\b|\bwhat if\b|\band if\b|\bet avec\b|\band with\b|\bet maintenant\b|\band now\b|"
            r"\bwhat about\b|\bet pour\b|\band for\b|\bsame question\b|\bmeme question\b|\bpareil pour\b"
        ),
        Kind.AMEND,
    ),
)
_TOKEN = re.compile(
    r"\d+(?:e|eme|ème|er|nd|rd|th)\b|\d+\.\d+|(?<!\w)[+-]?\d+|\d+|[^\W\d_]+(?:-[^\W\d_]+)*|[,;/+&=:?!().]|-", re.UNICODE
)


#: Stop words of both languages, folded: never a name, never a typo of a game word.
_STOP = (
    stopwords("fr")
    | stopwords("en")
    | frozenset(
        {"personne", "aucun", "aucune", "nul", "nulle", "rien", "sous", "chacun", "chacune", "tous", "toutes", "nobody"}
        | {"cette", "cet", "celle", "celui", "ceci", "cela"}  # demonstratives the French list lacks: "Cette carte..."
    )
)  # the French list leaves out the words that deny or count: "Personne n'a dépassé", "Aucun district", "Sous ces..."


_TYPO_TARGETS = tuple(sorted(w for w, (k, _) in _BY_WORD.items() if len(w) >= 4 and k is not Kind.LINK))


def _card_follows(key: str) -> bool:
    """Rebel cards are never a power's name; the other kinds are cards only beside a card word (see lex)."""
    return key.startswith("rebel")


def _word(text: str, start: int, end: int, lang: str, first: bool) -> Token:
    key = fold(text)
    if key.endswith("'s"):
        key = key[:-2]
    value = number(key)
    if value is not None and key not in ("a", "an", "un", "une"):
        return Token(Kind.NUMBER, text, start, end, value)
    if key in CARD_KINDS and (key not in _POWERS or _card_follows(key)):
        return Token(Kind.CARD_KIND, text, start, end, CARD_KINDS[key])
    if key in _POWERS:
        return Token(Kind.POWER, text, start, end, _POWERS[key])
    if key == "or" and lang == "en":
        return Token(Kind.WORD, text, start, end)
    if key in _BY_WORD:
        kind, found = _BY_WORD[key]
        return Token(kind, text, start, end, found)
    cues = _cue_words()
    if key in cues:
        return Token(Kind.CUE, text, start, end, cues[key])
    cue = next((cues[part] for part in key.split("-") if part in cues), None)
    if cue is not None:  # "saute-t-il", "perds-je"
        return Token(Kind.CUE, text, start, end, cue)
    # "Faut-il" is a verb, "Pouvoir" a game word: never a name; "Sacha-Lou", each part capitalised, is one
    compound = "-" in text and all(part[:1].isupper() for part in text.split("-"))
    verb = ("-" in key and not compound) or key in _GAME_WORDS
    if text[:1].isupper() and len(key) > 1 and key not in _STOP and not first and not verb:
        return Token(Kind.NAME, text, start, end, text)
    typo = close(key, _TYPO_TARGETS)
    if typo is not None:
        kind, found = _BY_WORD[typo]
        return Token(kind, text, start, end, found)
    cue_typo = close(key, _cue_typos())
    if cue_typo is not None:  # "scroe", "busst"
        return Token(Kind.CUE, text, start, end, cues[cue_typo])
    if text[:1].isupper() and len(key) > 2 and key not in _STOP | INTERJECTIONS and not verb:
        return Token(Kind.NAME, text, start, end, text)
    return Token(Kind.WORD, text, start, end)


#: Words that open a sentence at the table and are nobody's name: "Sorry, Rayan has 59 too", "Bref, ...".
INTERJECTIONS = frozenset(
    {
        *("sorry", "oops", "okay", "wait", "hmm", "yeah", "yep", "nope", "actually", "well", "right", "alright"),
        *("hey", "pardon", "attends", "euh", "bref", "voila", "ouais", "ouf", "bah", "merde", "mince", "dis"),
        *("bon", "ok", "oui", "non", "yes"),
    }
)


def _known(word: str, lang: str) -> bool:
    """The reader knows the word: a game word, a cue, a number, a colour, or a common word of the language."""
    return fold(word) in _STOP or _word(word, 0, 0, lang, False).kind not in (Kind.WORD, Kind.NAME)


def lex(question: str, lang: str) -> list[Token]:
    """The tokens of ``question`` (in ``lang``), in order."""
    tokens: list[Token] = []
    taken: list[tuple[int, int, Kind]] = []
    folded = fold(question)
    for pattern, kind in _PHRASES:
        for m in pattern.finditer(folded):
            taken.append((m.start(), m.end(), kind))
    for words, of, _ in _GLOSSARY_PHRASES:  # the glossary's multi-word forms ("bird cards", "jetons Or")
        for m in re.finditer(rf"\b{re.escape(words)}\b", folded):
            if not any(a <= m.start() < b for a, b, _ in taken):
                taken.append((m.start(), m.end(), of))
    sentence_start = True
    asides = aside_spans(question)
    joins = broken_words(question, lambda word: _known(word, lang))
    after_cut = -1
    for m in _TOKEN.finditer(question):
        start, end, text = m.start(), m.end(), m.group()
        if start < after_cut:
            continue  # the second part of a word cut by a line break, read with its first
        if start in joins:  # "Cordel\nia", "VE\nRT": one word
            after_cut, text = joins[start]
            end = after_cut
        said = next((s for s in asides if s[0] <= start < s[1]), None)
        if said is not None:  # "#CapitalLux2", "@remi_ludo", "Capital Lux 2": one word, no number, no name
            if not (tokens and tokens[-1].kind is Kind.WORD and tokens[-1].start == said[0]):
                tokens.append(Token(Kind.WORD, question[said[0] : said[1]], said[0], said[1]))
            continue
        phrase = next((t for t in taken if t[0] <= start < t[1]), None)
        if phrase is not None:
            if tokens and tokens[-1].start == phrase[0]:
                last = tokens[-1]
                tokens[-1] = Token(last.kind, question[phrase[0] : end], last.start, end, last.value)
            else:
                tokens.append(Token(phrase[2], question[phrase[0] : end], start, end))
            continue
        if text in "?!.":
            tokens.append(Token(Kind.MARK, text, start, end))
            sentence_start = True
            continue
        if text in ",;/+&=:":
            kind = Kind.TOTAL if text == "=" else Kind.LINK if text != ":" else Kind.MARK
            tokens.append(Token(kind, text, start, end, text))
            continue
        if text in ("-", "(", ")"):
            tokens.append(Token(Kind.MARK, text, start, end, text))
            continue
        if "." in text:
            tokens.append(Token(Kind.NUMBER, text, start, end, float(text)))
            sentence_start = False
            continue
        spelled = spelled_out(fold(text), lang)
        if spelled is not None:  # "jrajoute": "je rajoute", both read where the shorthand stands
            tokens.extend(_word(w, start, end, lang, sentence_start) for w in spelled)
            sentence_start = False
            continue
        token = _word(text, start, end, lang, sentence_start)
        if token.kind is Kind.POWER and tokens and tokens[-1].kind is Kind.CARD and fold(text) in CARD_KINDS:
            token = Token(Kind.CARD_KIND, text, start, end, CARD_KINDS[fold(text)])  # "carte Expérimentateur"
        if (
            token.kind is Kind.NUMBER
            and len(tokens) > 1
            and fold(tokens[-1].text) == "les"
            and fold(tokens[-2].text) in _ALL
        ):
            token = Token(Kind.WORD, text, start, end)  # "tous les deux", "toutes les trois": everyone, not a count
        if token.kind is Kind.WORD and fold(text) in ("un", "une", "one") and tokens and fold(tokens[-1].text) in MINUS:
            token = Token(Kind.NUMBER, text, start, end, 1)  # "moins un", "minus one"
        negative = tokens and fold(tokens[-1].text) in MINUS and not _bullet(question, tokens[-1])
        if negative and len(tokens) > 1 and fold(tokens[-2].text) in ("au", "at"):
            negative = False  # "au moins 2", "at least": not a sign
        if token.kind is Kind.NUMBER and negative:
            minus = tokens.pop()
            token = Token(Kind.NUMBER, question[minus.start : end], minus.start, end, -abs(token.value))  # type: ignore[arg-type]
        if token.kind is Kind.CARD and tokens and tokens[-1].kind is Kind.POWER and fold(tokens[-1].text) in CARD_KINDS:
            power = tokens.pop()  # "an Experimenter card": a kind of card, not the power
            tokens.append(Token(Kind.CARD_KIND, power.text, power.start, power.end, CARD_KINDS[fold(power.text)]))
        if token.kind is Kind.NUMBER and tokens and fold(tokens[-1].text) == "single":
            single = tokens.pop()  # "a single 2": one card worth 2, not a 1 and a 2
            tokens.append(Token(Kind.WORD, single.text, single.start, single.end))
        tokens.append(token)
        sentence_start = False
    tokens = named_max(valued_kinds(tokens))
    framed = headings(question, possessors(question, tokens, _STOP | _GAME_WORDS))
    spoken = answered(speakers(question, vocatives(question, framed)))
    joined = and_one(question, join_tens(question, spoken))
    return not_values(measures(question, halves(question, pronoun_one(joined))))


_ALL = frozenset({"tous", "toutes"})


def _bullet(question: str, dash: Token) -> bool:
    """A dash that opens its line before a space is a list's bullet ("- 5 jetons Or"), not a sign."""
    if dash.text not in ("-", "–", "—"):
        return False  # "moins deux" opening a line is a sign
    line = question[question.rfind("\n", 0, dash.start) + 1 : dash.start]
    return line.strip() == "" and question[dash.end : dash.end + 1] in (" ", "\t")
