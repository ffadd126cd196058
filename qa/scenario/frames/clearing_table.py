"""A Root position said clearing by clearing (:mod:`qa.scenario.clearings`), put in the engine's terms: each clearing
named by its number with what the question says of it. A clearing's suit the question leaves out is taken as the
fox, said in the answer, where nothing the frame computes depends on it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from qa.scenario.facts import Fact
from qa.scenario.plan import Assumption

if TYPE_CHECKING:
    from qa.scenario.reader import Reading

FIELDS = ("suit", "cemetery", "necros", "warriors", "enemy_warriors", "ruled")
_SUITS_FR = {"fox": "renard", "mouse": "souris", "rabbit": "lapin"}


def said_clearings(reading: Reading) -> dict[str, dict[str, Any]]:
    """What the question says of each clearing it names, by id, in the order named."""
    return _by_clearing(reading.facts)


def engine_clearings(said: dict[str, dict[str, Any]]) -> tuple[list[dict[str, Any]], tuple[Assumption, ...]]:
    """The engine's clearings: ``warriors`` 0 where none is said is the caller's to decide (it is passed as said)."""
    clearings = []
    unsuited = []
    for ident, facts in said.items():
        clearing: dict[str, Any] = {"id": ident, "suit": facts.get("suit") or "fox"}
        if facts.get("suit") is None:
            unsuited.append(ident)
        for key in ("cemetery", "warriors", "ruled"):
            if facts.get(key) is not None:
                clearing[key] = facts[key]
        if facts.get("necros"):
            clearing["necros"] = list(facts["necros"])
        if facts.get("enemy_warriors") is not None:
            clearing["enemy_warriors"] = {"enemy": facts["enemy_warriors"]}
        clearings.append(clearing)
    assumed: tuple[Assumption, ...] = ()
    if unsuited:
        ids = ", ".join(unsuited)
        assumed = (
            Assumption(
                f"couleur des clairières {ids} non dite : renard (les nombres n'en dépendent pas)",
                f"suit of clearings {ids} not said: fox (the counts do not depend on it)",
            ),
        )
    return clearings, assumed


def clearings_line(facts: Sequence[Fact], lang: str) -> list[str]:
    """Each clearing as read, for the echo: "clairière 1 : renard, Cimetière renard, 2 guerriers"."""
    fr = lang == "fr"
    out = []
    for ident, said in _by_clearing(facts).items():
        parts = [suit_name(said["suit"], lang)] if said.get("suit") else []
        if said.get("cemetery"):
            parts.append(f"Cimetière {suit_name(said['cemetery'], lang)}" if fr else f"{said['cemetery']} Cemetery")
        for necro in said.get("necros") or ():
            parts.append(f"Nécro {suit_name(necro, lang)}" if fr else f"{necro} Necro")
        if said.get("warriors") is not None:
            parts.append(f"{said['warriors']} guerrier(s)" if fr else f"{said['warriors']} warrior(s)")
        if said.get("enemy_warriors") is not None:
            n = said["enemy_warriors"]
            parts.append(f"{n} guerrier(s) adverse(s)" if fr else f"{n} enemy warrior(s)")
        if said.get("ruled") is not None:
            parts.append(
                ("contrôlée" if said["ruled"] else "non contrôlée")
                if fr
                else ("ruled" if said["ruled"] else "not ruled")
            )
        out.append(
            f"{'clairière' if fr else 'clearing'} {ident} : {', '.join(parts)}"
            if fr
            else f"clearing {ident}: {', '.join(parts)}"
        )
    return out


def _by_clearing(facts: Sequence[Fact]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for fact in facts:
        head, _, rest = fact.path.partition(".")
        ident, _, key = rest.rpartition(".")
        if head == "clearing" and key in FIELDS:
            out.setdefault(ident, {})[key] = fact.value
    return out


def suit_name(suit: str, lang: str) -> str:
    return _SUITS_FR.get(suit, suit) if lang == "fr" else suit
