"""Root frames, for the Necropossums: Ritual points, a Cemetery removed, losses in battle, the placements after
a battle, the Revenant and Fossoyer. A Root position here is one battle's clearing (and the Cemeteries' clearings)."""

from __future__ import annotations

from typing import Any

from corpus.text import fold
from qa.scenario.facts import Fact
from qa.scenario.lexicon import Kind
from qa.scenario.plan import ROOT, Assumption, Missing, NotThisFrame, Plan
from qa.scenario.reader import Reading
from qa.scenario.root_read import without_cemetery

_SUITS = ("fox", "mouse", "rabbit")


def _stated(reading: Reading, path: str) -> Fact | None:
    """The fact at ``path``; ``Missing`` when it was said without its number ("some of my warriors")."""
    fact = reading.get(path)
    if fact is not None and fact.value is None:
        raise Missing(path)
    return fact


def _count(reading: Reading, path: str) -> int:
    fact = _stated(reading, path)
    if fact is None:
        raise Missing(path)
    return int(str(fact.value))


#: Words that ask for one Ritual's worth rather than the turn's.
_EACH = frozenset({"each", "chaque", "per", "par"})


def ritual(reading: Reading) -> Plan:
    cemeteries = _count(reading, "cemeteries")
    each = any(fold(t.text) in _EACH for t in reading.tokens) and _stated(reading, "warriors") is None
    stated = _stated(reading, "warriors")
    if stated is None and not each:
        raise Missing("warriors")
    # warriors in one clearing, or in each Cemetery's clearing ("2, 2, 8", "4 warriors in one, 6 in the other");
    # not those of a clearing said to have no Cemetery ("9 warriors in a clearing with no Cemetery")
    counted = [f for f in reading.facts if f.path == "warriors" and not without_cemetery(list(reading.tokens), f)]
    stated = counted[-1] if counted else stated
    counts = [f.value for f in counted if isinstance(f.value, int)]
    spread = stated.value if stated is not None and isinstance(stated.value, tuple) else None
    if spread is None and len(counts) > 1:
        spread = tuple(counts)
    warriors = [0] * cemeteries
    if spread is not None:
        warriors[: len(spread)] = list(spread)[:cemeteries]
    elif stated is not None and warriors:
        warriors[0] = int(str(stated.value))
    clearings = [
        {"id": f"c{i + 1}", "suit": _SUITS[i % 3], "cemetery": _SUITS[i % 3], "warriors": warriors[i]}
        for i in range(cemeteries)
    ]
    others = Assumption(
        "pas d'autres guerriers dans les clairières des Cimetières", "no other warriors in the Cemeteries' clearings"
    )
    said = (others,) if cemeteries > 1 and not each and spread is None else ()
    return Plan("ritual", ROOT, {"game": ROOT, "clearings": clearings}, {"query": "ritual"}, said, each=each)


def remove_cemetery(reading: Reading) -> Plan:
    if reading.get("warriors") is None and not any(t.kind is Kind.WARRIOR for t in reading.tokens):
        raise NotThisFrame("a Cemetery removed, but the question counts no warriors (points for destroying it?)")
    away = _stated(reading, "necro_warriors")
    if away is not None:  # "the Necro has wandered to another clearing where I have 7 warriors"
        return _necro_away(reading, away)
    warriors = _count(reading, "warriors")
    necros = _stated(reading, "necros")
    count = 1 if necros is None else max(1, int(str(necros.value)))  # the Cemetery's Necro, at least
    suits = ["fox", *(_SUITS[i % 3] for i in range(1, count))]
    clearing = {"id": "c1", "suit": "fox", "cemetery": "fox", "necros": suits, "warriors": warriors}
    said = (Assumption("son Nécro se tient dans cette clairière", "its Necro stands in that clearing"),)
    query = {"query": "remove_cemetery", "suit": "fox"}
    return Plan("remove_cemetery", ROOT, {"game": ROOT, "clearings": [clearing]}, query, said)


def _necro_away(reading: Reading, away: Fact) -> Plan:
    """A Cemetery removed while its Necro stands in another clearing: the warriors lost are that clearing's."""
    here = [f for f in reading.facts if f.path == "warriors" and f.start != away.start and isinstance(f.value, int)]
    cemetery = {"id": "c1", "suit": "fox", "cemetery": "fox", "necros": [], "warriors": here[0].value if here else 0}
    necro = {"id": "c2", "suit": "mouse", "necros": ["fox"], "warriors": away.value}
    query = {"query": "remove_cemetery", "suit": "fox"}
    return Plan("remove_cemetery", ROOT, {"game": ROOT, "clearings": [cemetery, necro]}, query)


def battle_losses(reading: Reading) -> Plan:
    hits, warriors = _count(reading, "hits"), _count(reading, "warriors")
    necros = _stated(reading, "necros")
    count = 0 if necros is None else int(str(necros.value))
    said: tuple[Assumption, ...] = ()
    if necros is None and hits > warriors:
        said = (Assumption("aucun Nécro dans la clairière", "no Necro in the clearing"),)
    clearing = {"id": "c1", "suit": "fox", "warriors": warriors, "necros": [_SUITS[i % 3] for i in range(count)]}
    query = {"query": "battle_losses", "clearing": "c1", "hits": hits}
    return Plan("battle_losses", ROOT, {"game": ROOT, "clearings": [clearing]}, query, said)


def _flag(reading: Reading, path: str) -> bool | None:
    fact = _stated(reading, path)
    return None if fact is None else bool(fact.value)


def after_battle(reading: Reading) -> Plan:
    """Ambiance lugubre (a Cemetery of the battle's suit elsewhere) and Présence morbide (a Necro in the battle)."""
    removed = _count(reading, "enemy_warriors_removed")
    if removed == 0:  # both abilities need an enemy warrior removed: what else the clearing holds cannot matter
        battle = {"id": "c1", "suit": "fox", "necros": []}
        query0 = {"query": "after_battle", "clearing": "c1", "enemy_warriors_removed": 0}
        unsaid = Assumption(
            "aucun guerrier adverse retiré : le reste de la clairière ne change rien",
            "no enemy warrior removed: the rest of the clearing changes nothing",
        )
        return Plan("after_battle", ROOT, {"game": ROOT, "clearings": [battle]}, query0, (unsaid,))
    none_on_board = _stated(reading, "cemeteries") is not None and _count(reading, "cemeteries") == 0
    here = False if none_on_board else _flag(reading, "cemetery_here")
    if here is None:
        raise Missing("cemetery_here")
    necros = _stated(reading, "necros")
    if necros is None:
        raise Missing("necros")
    elsewhere = False if (here or none_on_board) else _flag(reading, "cemetery_elsewhere")
    if elsewhere is None:
        raise Missing("cemeteries")
    count = int(str(necros.value))
    battle = {"id": "c1", "suit": "fox", "necros": [_SUITS[i % 3] for i in range(count)]}
    if here:
        battle["cemetery"] = "fox"
    clearings = [battle] + ([{"id": "c2", "suit": "mouse", "cemetery": "fox"}] if elsewhere else [])
    query: dict[str, Any] = {
        "query": "after_battle",
        "clearing": "c1",
        "enemy_warriors_removed": removed,
        "necro_removed": bool(_flag(reading, "necro_removed")),
        "cemetery_removed": bool(_flag(reading, "cemetery_removed")),
    }
    said: tuple[Assumption, ...] = ()
    if removed == 1 and elsewhere and count:
        query["choice"] = "c1"  # one warrior either way; where is the player's choice
        said = (
            Assumption(
                "un seul guerrier adverse retiré : 1 guerrier, dans la clairière de ton choix",
                "one enemy warrior removed: 1 warrior, in the clearing of your choice",
            ),
        )
    return Plan("after_battle", ROOT, {"game": ROOT, "clearings": clearings}, query, said)


def revenant(reading: Reading) -> Plan:
    """Revenant: a removed Necro goes back to its Cemetery's clearing, or to the faction board."""
    necro = _stated(reading, "necro_suit")  # said with no suit: asked for
    if necro is None:
        raise Missing("necro_suit")
    suit = str(necro.value)
    cemetery = _stated(reading, f"cemetery.{suit}")
    if cemetery is None:
        raise Missing("cemeteries")
    clearings: list[dict[str, Any]] = [{"id": "c1", "suit": suit, "necros": [suit]}]
    if cemetery.value:
        clearings.append({"id": "c2", "suit": suit, "cemetery": suit})
    query = {"query": "remove_necro", "suit": suit, "with_cemetery": bool(_flag(reading, "with_cemetery"))}
    return Plan("remove_necro", ROOT, {"game": ROOT, "clearings": clearings}, query)


def gravedigging(reading: Reading) -> Plan:
    cemeteries = _count(reading, "cemeteries")
    birds = _stated(reading, "bird_cards")
    supply = _stated(reading, "supply")
    clearings = [{"id": f"c{i + 1}", "suit": _SUITS[i % 3], "cemetery": _SUITS[i % 3]} for i in range(cemeteries)]
    said: tuple[Assumption, ...] = ()
    if supply is None:
        said = (Assumption("la réserve a assez de guerriers", "the supply holds enough warriors"),)
    if not clearings:  # Sinistre retour places a Cemetery first: where does not change what Fossoyer places
        clearings = [{"id": "c1", "suit": "fox"}]
        said += (
            Assumption(
                "Sinistre retour place d'abord un Cimetière (dans la clairière au moins de pièces adverses)",
                "Sinistre retour first places a Cemetery (in the clearing with the fewest enemy pieces)",
            ),
        )
    board: dict[str, Any] = {"supply": 15 if supply is None else int(str(supply.value))}
    bird = birds is not None and int(str(birds.value)) > 0
    if bird:
        board["hand"] = ["bird"]
    query = {"query": "gravedigging", "bird": bird}
    return Plan("gravedigging", ROOT, {"game": ROOT, "clearings": clearings, "board": board}, query, said)


#: A Root frame computes a number: the question asks how many (points, warriors).
