"""The Capital district a player chooses for a power (``choice.district``: the Cleric takes from it, the Intruder's
rebel card goes in it), or the Power card chosen (``choice.target``: the Agent's tile, the Infiltrator's flag)."""

from __future__ import annotations

from collections.abc import Sequence

from corpus.text import fold
from qa.scenario.facts import Fact
from qa.scenario.tokens import Kind, Token

#: Words that say which district a card is taken from: "je choisis le vert", "I take from the green".
_CHOOSE = frozenset(
    {"choisis", "choisit", "choisir", "choisi", "choose", "chooses", "chose", "chosen", "pick", "picks", "picked"}
    | {"prends", "prend", "take", "takes", "took", "from", "designe", "designes", "designer", "designate", "designates"}
    | {"place", "places", "placer", "met", "mets", "mettre", "put", "puts"}
)
#: Where a clause ends: the choice is said within its clause.
_ENDS = frozenset(".?!;")
#: The words of a Power card: a colour said with them names the card, not a Capital district.
_POWER_CARD = frozenset({"pouvoir", "power"})


def chosen_district(tokens: Sequence[Token]) -> Fact | None:
    """The Capital district a player chooses ("je choisis le district vert", "he picks the blue Capital district",
    "I take from the green"): a colour at most three words after a word of choosing or taking, with no number
    between them, as ``choice.district``; a Power card chosen ("I choose the yellow power card", "je désigne la
    carte Pouvoir verte": the Agent's tile, the Infiltrator's flag) as ``choice.target``."""
    for k, token in enumerate(tokens):
        if fold(token.text) not in _CHOOSE:
            continue
        for j in range(k + 1, min(k + 5, len(tokens))):
            t = tokens[j]
            if t.kind is Kind.NUMBER or (t.kind is Kind.MARK and t.text in _ENDS):
                break
            if t.kind is Kind.COLOUR:
                power = any(fold(u.text) in _POWER_CARD for u in tokens[max(k + 1, j - 2) : j + 3])
                path = "choice.target" if power else "choice.district"
                return Fact(path, getattr(t.value, "value", t.value), t.start, t.end)
    return _power_on_district(tokens)


def _power_on_district(tokens: Sequence[Token]) -> Fact | None:
    """A power used on a Capital district: "the Cleric on the green district", "le Clerc sur le district vert"."""
    for k, token in enumerate(tokens[:-3]):
        if token.kind is not Kind.POWER or fold(tokens[k + 1].text) not in ("on", "sur"):
            continue
        near = tokens[k + 2 : k + 6]
        colour = next((t for t in near if t.kind is Kind.COLOUR), None)
        if colour is not None and any(fold(t.text).startswith("district") for t in near):
            return Fact("choice.district", getattr(colour.value, "value", colour.value), colour.start, colour.end)
    return None
