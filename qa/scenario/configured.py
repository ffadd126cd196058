"""The powers a configuration puts in play. A question that states its configuration ("config B") and names a power
of another configuration ("do I also pick up a gold, like with the Merchant?", "do I get a Recruiter card?" in
configuration A) names it for comparison: the configuration's own power is on that colour. A power of set E
replaces one of the configuration's (``cl2-expansion/set-e``), so naming it beside a configuration puts it in play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from corpus.text import fold
from engine.cl2.power import CONFIGURATIONS, Power
from qa.scenario.facts import Fact
from qa.scenario.tokens import Kind, Token

#: Words between a power and the colour it sits on: "Vecteur en rose", "vector's on pink this game", "Experimenter
#: is the green power", "Vector in play (pink)", "pouvoir vert : Vecteur".
_ON = frozenset(
    {"is", "s", "est", "en", "on", "sur", "our", "notre", "the", "le", "la", "l", "=", ":", "(", "in", "play", "jeu"}
    | {"this", "game", "c", "as", "power", "pouvoir", "sits", "here", "ici", "we", "have", "a", "de", "du"}
)


def configured(facts: Sequence[Fact]) -> dict[str, Power]:
    """The powers the stated configuration puts on each colour, by colour name (none without a configuration)."""
    letter = next((str(f.value) for f in facts if f.path == "configuration"), None)
    if letter is None or letter not in CONFIGURATIONS:
        return {}
    return {colour.value: power for colour, power in CONFIGURATIONS[letter].items()}


def in_configuration(facts: Sequence[Fact]) -> list[Fact]:
    """``facts`` without the powers the stated configuration does not have on their colour (set E's stay)."""
    preset = configured(facts)
    if not preset:
        return list(facts)
    return [
        f
        for f in facts
        if not (
            f.path.startswith("powers.")
            and isinstance(f.value, Power)
            and not f.value.info.set_e
            and preset.get(f.path.split(".", 1)[1], f.value) is not f.value
        )
    ]


def placed_set_e(tokens: Sequence[Token], facts: Sequence[Fact]) -> list[Fact]:
    """``facts`` with each power of set E (which has no colour of its own) on the colour said with it ("Vecteur en
    rose", "the green power is the Experimenter"); a colour followed by a number is a card ("the face-up vector card
    is a green -2"), not the power's."""
    out = []
    for fact in facts:
        colour = None
        if fact.path == "power" and isinstance(fact.value, Power) and fact.value.info.set_e:
            k = next((i for i, t in enumerate(tokens) if t.start == fact.start), None)
            colour = None if k is None else _colour_said(tokens, k)
        out.append(fact if colour is None else replace(fact, path=f"powers.{colour}"))
    return out


def _colour_said(tokens: Sequence[Token], k: int) -> str | None:
    if k + 1 < len(tokens) and (
        fold(tokens[k + 1].text) in ("card", "cards", "carte", "cartes") or tokens[k + 1].kind is Kind.NUMBER
    ):
        return None  # "vector card", "a green vector -2": a card's kind
    for step in (1, -1):
        j = k + step
        while 0 <= j < len(tokens) and abs(j - k) <= 5 and fold(tokens[j].text) in _ON:
            j += step
        if 0 <= j < len(tokens) and tokens[j].kind is Kind.COLOUR:
            after = tokens[j + 1] if j + 1 < len(tokens) else None
            if after is None or after.kind is not Kind.NUMBER:
                return str(getattr(tokens[j].value, "value", tokens[j].value))
    return None
