"""How a scenario answer names things, as a player says them: the asker, a colour, a list of numbers, yes and no.

Shared by every frame's verdict sentence and by :mod:`qa.scenario.write`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from corpus.text import fold
from engine.cl2.cards import Colour
from qa.scenario.words import ME

YES_NO = {"fr": ("Oui", "Non"), "en": ("Yes", "No")}
_COLOURS = frozenset(c.value for c in Colour)


@dataclass(frozen=True)
class Wording:
    """One sentence in both languages, with ``{fields}`` to fill."""

    fr: str
    en: str

    def text(self, lang: str, **fields: Any) -> str:
        """The sentence in ``lang``, its fields filled."""
        return (self.fr if lang == "fr" else self.en).format(**fields)


def who(name: str, lang: str) -> str:
    """A player as the answer names them: the asker is "toi" or "you"."""
    return ("toi" if lang == "fr" else "you") if name == ME else name


def colour(name: str, lang: str, feminine: bool = False, plural: bool = False) -> str:
    """A colour's name in ``lang``, agreeing in French with a feminine or plural noun ("" for no colour)."""
    if name not in _COLOURS:
        return ""
    if lang != "fr":
        return name
    said = Colour(name).fr
    if feminine and said in ("bleu", "vert", "violet"):
        said += "te" if said == "violet" else "e"
    return said + ("s" if plural else "")


def of(name: str) -> str:
    """French "de" before a name, elided before a vowel: "de Léo", "d’Ambroise"."""
    return f"d’{name}" if fold(name[:1]) in "aeiouh" and name[:1] else f"de {name}"


def district_of(player: str, name: str, lang: str) -> str:
    """A player's district of a colour, as a player says it: "ton vert", "vert de Léo", "your green", "Léo's green"."""
    said = colour(name, lang)
    if lang == "fr":
        return f"ton {said}" if player == ME else f"{said} {of(player)}"
    return f"your {said}" if player == ME else f"{player}'s {said}"


def numbers(value: object, kinds: tuple[str | None, ...] = (), lang: str = "en") -> str:
    """A district's cards as a sum ("7 + 8 = 15"), or its one number; a card of a kind says it ("6 (gold token)",
    "5 (rebel blue)", "-2 (vector)").

    >>> numbers((6, 7), ("gold", None)), numbers((4, 5), (None, "rebel/blue"), "fr")
    ('6 (gold token) + 7 = 13', '4 + 5 (rebelle bleu) = 9')
    """
    cards = value if isinstance(value, tuple) else (value,)
    named = kinds if len(kinds) == len(cards) else (None,) * len(cards)
    said = [f"{v} ({_kind_name(k, lang)})" if k else str(v) for v, k in zip(cards, named, strict=True)]
    if isinstance(value, tuple) and len(value) > 1:
        return " + ".join(said) + f" = {sum(value)}"
    if isinstance(value, tuple):
        return said[0] if value else "0"
    return said[0]


#: The kinds of card a district may hold, as an answer names them.
_KINDS = {
    "gold": ("jeton Or", "gold token"),
    "rebel": ("rebelle", "rebel"),
    "vector": ("vecteur", "vector"),
    "experimenter": ("expérimentateur", "experimenter"),
    "dualist": ("dualiste", "dualist"),
    "recruiter": ("recruteur", "recruiter"),
}


def _kind_name(kind: str, lang: str) -> str:
    """A card's kind in ``lang``, with its own colour when the kind gives one ("rebel/blue": "rebel blue")."""
    name, _, own = kind.partition("/")
    fr, en = _KINDS.get(name, (name, name))
    if not own:
        return fr if lang == "fr" else en
    return f"{fr} {colour(own, lang)}" if lang == "fr" else f"{en} {own}"


def listed(items: list[str], lang: str, *, either: bool = False) -> str:
    """Items as a sentence lists them: "a, b et c" ("a, b ou c" when ``either``); "" for none.

    >>> listed(["toi", "Sam", "Léo"], "fr"), listed(["blue", "pink"], "en", either=True)
    ('toi, Sam et Léo', 'blue or pink')
    """
    if len(items) < 2:
        return items[0] if items else ""
    last = (" ou " if lang == "fr" else " or ") if either else (" et " if lang == "fr" else " and ")
    return ", ".join(items[:-1]) + last + items[-1]


def signed(values: tuple[int, ...] | list[int]) -> str:
    """Agent tiles as a player lists them: "+3, -1"."""
    return ", ".join(f"{v:+d}" for v in values)


def terms(values: tuple[int, ...] | list[int]) -> str:
    """Numbers added to a sum, each with its sign: "+ 3 − 1"."""
    return " ".join(f"{'+' if v >= 0 else '−'} {abs(v)}" for v in values)
