"""How many points do Rituals score? Each Ritual removes 3 regular warriors from a clearing with a Cemetery and
scores 1 point per Cemetery in play, up to 3 a turn ("Ritual with 3 Cemeteries and 6 warriors: how many points?")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from corpus.text import fold
from qa.scenario.frames.base import Frame
from qa.scenario.frames.root_table import CEMETERIES, COUNTS, SUITS, WARRIORS, count, stated
from qa.scenario.plan import ROOT, Assumption, Missing, Plan
from qa.scenario.root_read import without_cemetery

if TYPE_CHECKING:
    from engine.verdict import Verdict
    from qa.scenario.reader import Reading

#: Words that ask for one Ritual's worth rather than the turn's.
_EACH = frozenset({"each", "chaque", "per", "par"})


def build(reading: Reading) -> Plan:
    cemeteries = count(reading, "cemeteries")
    each = any(fold(t.text) in _EACH for t in reading.tokens) and stated(reading, "warriors") is None
    said = stated(reading, "warriors")
    if said is None and not each:
        raise Missing("warriors")
    # warriors in one clearing, or in each Cemetery's clearing ("2, 2, 8", "4 warriors in one, 6 in the other");
    # not those of a clearing said to have no Cemetery ("9 warriors in a clearing with no Cemetery")
    counted = [f for f in reading.facts if f.path == "warriors" and not without_cemetery(list(reading.tokens), f)]
    said = counted[-1] if counted else said
    counts = [f.value for f in counted if isinstance(f.value, int)]
    spread = said.value if said is not None and isinstance(said.value, tuple) else None
    if spread is None and len(counts) > 1:
        spread = tuple(counts)
    warriors = [0] * cemeteries
    if spread is not None:
        warriors[: len(spread)] = list(spread)[:cemeteries]
    elif said is not None and warriors:
        warriors[0] = int(str(said.value))
    clearings = [
        {"id": f"c{i + 1}", "suit": SUITS[i % 3], "cemetery": SUITS[i % 3], "warriors": warriors[i]}
        for i in range(cemeteries)
    ]
    others = Assumption(
        "pas d'autres guerriers dans les clairières des Cimetières", "no other warriors in the Cemeteries' clearings"
    )
    assumed = (others,) if cemeteries > 1 and not each and spread is None else ()
    return Plan("ritual", ROOT, {"game": ROOT, "clearings": clearings}, {"query": "ritual"}, assumed, each=each)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    if plan.each:
        n = found["per_ritual"]
        if lang == "fr":
            return f"{n} point(s) par Rituel (1 par Cimetière en jeu)."
        return f"{n} point(s) per Ritual (1 per Cemetery)."
    return f"{found['points']} point(s)."


def work(plan: Plan, verdicts: Sequence[Verdict], lang: str) -> str:
    """Each Ritual, by the Cemetery whose clearing gives its 3 warriors, and what it scores."""
    if plan.each:
        return ""
    found = verdicts[0].verdict
    clearings = [c for c in plan.position.get("clearings", []) if c.get("cemetery")]
    number = {c["id"]: k for k, c in enumerate(clearings, start=1)}
    warriors = ", ".join(str(c.get("warriors", 0)) for c in clearings)
    per, uses = found["per_ritual"], found["uses"]
    fr = lang == "fr"
    lead = f"Guerriers par Cimetière : {warriors}" if fr else f"Warriors by Cemetery: {warriors}"
    if not uses:
        none = (
            "aucune clairière à Cimetière n'a 3 guerriers : aucun Rituel"
            if fr
            else "no Cemetery's clearing holds 3 warriors: no Ritual"
        )
        return f"{lead} ; {none}." if fr else f"{lead}; {none}."
    each = [
        (
            f"Rituel {k} (Cimetière {number.get(cid, '?')}) : {per}"
            if fr
            else f"Ritual {k} (Cemetery {number.get(cid, '?')}): {per}"
        )
        for k, cid in enumerate(uses, start=1)
    ]
    sep = " ; " if fr else "; "
    total = f"{len(uses)} × {per} = {found['points']}"
    return sep.join([lead, *each]) + (f" ; total {total}." if fr else f"; total {total}.")


FRAME = Frame(
    "ritual",
    ROOT,
    frozenset({"ritual"}),
    build,
    ("cemeteries", "warriors"),
    3,
    (COUNTS,),
    slots=(CEMETERIES, WARRIORS),
    sentence=sentence,
    work=work,
    words={"ritual": "rituel rituels ritual rituals"},
)
