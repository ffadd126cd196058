"""The reader's words: the closed classes of table talk that tell what a number is about ("chacun", "aucun",
"de plus", "un seul"...), shared by the reader and its helpers."""

from __future__ import annotations

import re

from corpus.text import fold
from qa.scenario.lexicon import Kind
from qa.scenario.numbers import ARTICLES

#: The asker, as a player.
ME = "me"
LETTERS = {"a": "A", "b": "B", "c": "C"}


ROOT_PIECES = {
    Kind.CEMETERY: "cemeteries",
    Kind.NECRO: "necros",
    Kind.HIT: "hits",
    Kind.BIRD: "bird_cards",
    Kind.SUPPLY: "supply",
}
#: Words that stand for 1 before a piece ("un seul Cimetière", "a single Necro").
ONE = frozenset({"seul", "seule", "single", "only"})
#: The articles of each language: the French "a" is a verb ("il y a deux tuiles"), not "a +3 tile".
ARTICLES_OF = {"fr": frozenset({"un", "une"}), "en": frozenset({"a", "an"})}
SEPARATORS = frozenset({"un", "une", "a", "an", "de", "of"})
OF_MINE = frozenset(
    {"de", "of", "mes", "my", "ses", "his", "her", "their", "leurs", "cabal", "cabale", "own", "regular", "reguliers"}
)
#: Words that say there is none: "pas d'or", "no gold", "aucun jeton Or".
NONE = frozenset({"pas", "no", "aucun", "aucune", "zero", "sans", "without", "empty", "vides"})
SHARED = frozenset(
    {
        *("chacun", "chacune", "each", "both", "tous", "toutes", "all", "egalite", "tied", "tie", "aequo", "pareil"),
        *("same", "partout", "apiece"),
    }
)
#: Words that say an amount without saying it: "quelques pièces d'or", "some gold", "Léon a aussi du jaune".
#: Words between a list and the total it is said to make: "ça fait", "ce qui fait", "which makes".
THAT = frozenset({"ca", "cela", "ce", "qui", "that", "it", "which", "thats", "s"})
VAGUE = frozenset({"quelques", "plusieurs", "some", "several", "few", "du", "des"})
#: Words that say a district is empty, right after its colour: "yellow nothing", "jaune rien".
NOTHING = frozenset({"nothing", "rien", "vide", "empty", "nada", "dalle"})  # "que dalle"
#: "aussi", "also": between a verb and what it has ("a aussi du jaune").
ALSO = frozenset({"aussi", "also", "encore", "too"})
#: Words between "aucune" and its colour: "aucune carte rose", "no yellow cards", "pas une seule carte verte".
NONE_GAP = frozenset({"de", "d", "of", "en", "du", "un", "une", "seul", "seule", "single", "a"})
#: "a third Cemetery", "un deuxième cimetière": the count it makes.
ORDINALS = {
    **{"second": 2, "deuxieme": 2, "seconde": 2, "2e": 2, "2eme": 2, "2nd": 2},
    **{"third": 3, "troisieme": 3, "3e": 3, "3eme": 3, "3rd": 3},
}
#: Words that say a tile was turned face up.
REVEALED = frozenset(
    {
        *("revele", "revelee", "revelees", "reveles", "revealed", "reveals", "flipped", "retourne", "reveler"),
        *("revelent", "devoile", "devoilee", "devoiles", "uncovered", "flips", "reveal", "retournee", "retournees"),
    }
)
#: The asker as a subject (not a possessive: "mon violet" does not start a new statement).
SELF = frozenset({"moi", "me", "i", "je", "j", "myself"})
#: The asker with others: "on", "nous", "we" ("on finit à égalité avec Chloé", "we both have 2 gold").
WE = {"fr": frozenset({"on", "nous"}), "en": frozenset({"we"})}
#: Object pronouns after "on": "on les révèle" is about the things, not the players.
OBJECTS = frozenset({"les", "la", "le", "l", "lui", "leur"})
#: Words that join a player to the asker's group: "avec Chloé", "with Sam".
WITH = frozenset({"avec", "with"})
#: Verbs after "en" that say how many of the thing last named ("j'en ai quatre", "il m'en reste 2").
HAVE = frozenset(
    {
        *("ai", "as", "a", "avons", "avez", "ont", "reste", "restent", "garde", "mets", "depense"),
        *("avais", "avait", "avions", "aviez", "avaient", "aurais", "aurait", "aurions", "auriez", "auraient"),
    }
)
#: Words between "en a" and its number: "elle en a qu'un seul", "il n'en reste que 2".
ONLY = frozenset({"qu", "que", "plus", "pas"})
#: What "en" can stand for, and the fact it counts.
COUNTABLE = {Kind.GOLD: "gold", **{k: v for k, v in ROOT_PIECES.items()}, Kind.WARRIOR: "warriors"}
#: Words that say nobody has any: "personne n'a de carte rose", "nobody has green".
NOBODY = frozenset({"personne", "nobody", "none", "aucun", "ni"})
#: Words that open a condition: a question in general ("si on me détruit un cimetière", "when a Necro is removed").
IF = frozenset({"si", "if", "when", "quand", "lorsque", "lorsqu", "whenever"})


#: Words that take back what was just said: "mon bleu 12, non pardon 13", "12, sorry I mean 13".
CORRECTIONS = frozenset(
    {
        *("pardon", "sorry", "oops", "oups", "correction", "plutot", "wait", "attends", "actually", "mean", "dire"),
        *("erreur", "mistake", "rectifie", "rectification", "scratch", "bad"),
    }
)


def takes_back(between: str) -> bool:
    """The words between two values of one fact take the first back: the second stands."""
    return bool(set(re.findall(r"\w+", fold(between))) & CORRECTIONS)


#: Words that say what the cards before come to: "so 10", "donc 12", "which makes 15", "ça fait 9".
SO = frozenset(
    {"so", "donc", "makes", "fait", "now", "maintenant", "total"}
    | {"porte", "portant", "brings", "bringing", "taking", "atteint", "atteignant", "reaching"}  # a card, then where
)  # it takes the district: "pose un 7, ce qui porte le district à 13", "plays a 4, bringing her yellow to 16"


def sums_up(between: str) -> bool:
    """The words between a district's cards and a number say the number is what they come to."""
    return bool(set(re.findall(r"\w+", fold(between))) & SO)


def instead(folded: list[str]) -> bool:
    """The words say a value replaces an earlier one ("what if the Capital had 18 instead?", "plutôt 17"), not a
    preference ("lose the Necro rather than a warrior": "plutôt que", "instead of")."""
    return any(
        w in ("instead", "plutot") and (k + 1 == len(folded) or folded[k + 1] not in ("of", "que", "qu"))
        for k, w in enumerate(folded)
    )


#: Words that play a card on top of what a district held: "my yellow was 9, I add a 1", "puis j'y pose un 3".
PLAYS = frozenset(
    {
        *("add", "adds", "added", "adding", "ajoute", "ajoutes", "rajoute", "rajoutes", "ajouter", "rajouter"),
        *("play", "plays", "played", "joue", "joues", "jouer", "pose", "poses", "poser", "posee", "drop", "drops"),
        *("dropped", "puis", "then", "encore", "another"),
    }
)
#: Words that join a card to the cards before it: "a 2, a 3 and a 5", "d'un 8, d'un 6 et d'un 5".
LISTS = ARTICLES | {"and", "et", "d", "de", "of", "plus", "with", "avec"}


#: Words that choose a Capital district for a power: "je choisis le district vert", "I pick the blue district", "je
#: vise le district jaune", "use the Cleric on ...".
CHOOSE_DISTRICT = frozenset(
    {"choisis", "choisit", "choisir", "choisi", "choose", "chooses", "chose", "chosen", "pick", "picks", "picked"}
    | {"vise", "vises", "viser", "target", "targets", "targeting", "designe", "designes", "designate"}
    | {"use", "uses", "using", "utilise", "utilises", "utiliser"}
)
