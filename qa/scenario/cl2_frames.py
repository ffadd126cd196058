"""Capital Lux 2 frames: a bust check, the least gold that saves, the MAXIMUM, the Bonus card, the final score and
the winners. Each builds its position file through a table of the facts read, with the policy's assumptions
(:mod:`qa.scenario.frames`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.cl2.cards import BASE_COLOURS, Colour
from engine.cl2.power import CONFIGURATIONS, Power
from qa.scenario.facts import Fact
from qa.scenario.plan import CL2, Assumption, Missing, NotThisFrame, Plan, colour_of
from qa.scenario.reader import Reading
from qa.scenario.words import ME


def _cards(colour: Colour, value: object, kinds: tuple[str | None, ...] = ()) -> list[str]:
    """A district in the position file: its cards (each of its kind when named), or its total (none for 0)."""
    if isinstance(value, tuple):
        named = kinds or (None,) * len(value)
        return [
            f"{kind}/{colour.value}:{v}" if kind else f"{colour.value}:{v}" if v >= 0 else f"vector/{colour.value}:{v}"
            for v, kind in zip(value, named, strict=True)
        ]
    total = int(str(value))
    return [] if total == 0 else [f"total/{colour.value}:{total}"]


def _colour(reading: Reading, prefer: str) -> Colour:
    """The colour the question is about: of the first ``prefer`` fact, else of the first district fact."""
    districts = [f for f in reading.facts if not f.path.startswith(("powers", "power", "configuration"))]
    for facts in ([f for f in districts if f.path.startswith(prefer)], districts):
        colours = [c for f in facts if (c := colour_of(f.path)) is not None]
        if colours:
            return colours[0]
    return Colour.BLUE  # no colour said: with no power on it, any colour gives the same verdict


class _Table:
    """A Capital Lux 2 position file built from the facts read, with the policy's assumptions. A district said
    without a colour ("my district is 17, the Capital's 15") is taken to be of ``colour``."""

    def __init__(self, reading: Reading, colour: Colour | None = None) -> None:
        self.reading = reading
        self.colour = colour
        self.assumptions: list[Assumption] = []
        self.players: dict[str, dict[str, Any]] = {}
        self.capital: dict[str, list[str]] = {}
        self.agent_tiles: dict[str, list[int]] = {}
        self.powers: dict[str, str] = {}
        self.configuration: str | None = None
        for f in reading.facts:
            if f.value is None:
                raise Missing(f.path)  # said without its value: "une tuile Agent, j'ai pas vu sa valeur"
            self._fact(f)

    def player(self, name: str) -> dict[str, Any]:
        return self.players.setdefault(name, {"name": name, "city": {}})

    def _fact(self, f: Fact) -> None:
        head, _, rest = f.path.partition(".")
        colour = colour_of(f.path) or (self.colour if f.path == "capital" or rest == "city" else None)
        if rest == "city" and colour:
            rest = f"city.{colour.value}"
        if head == "capital" and colour:
            self.capital[colour.value] = _cards(colour, f.value, f.kinds)
        elif head == "maximum" and colour:
            self.capital[colour.value] = _cards(colour, f.value)
            self.agent_tiles[colour.value] = []
        elif head == "agent_tiles" and colour and isinstance(f.value, tuple):
            self.agent_tiles[colour.value] = list(f.value)
        elif head == "powers" and colour and isinstance(f.value, Power):
            self.powers[colour.value] = f.value.value
        elif head == "configuration":
            self.configuration = str(f.value)
        elif rest.startswith("city.") and colour:
            self.player(head)["city"][colour.value] = _cards(colour, f.value, f.kinds)
        elif rest == "gold":
            self.player(head)["gold"] = f.value
        elif rest == "bonus" and isinstance(f.value, tuple):
            self.player(head)["bonus_total"] = sum(f.value)
        elif rest == "total":
            self.player(head)["score"] = f.value

    def city_totals(self) -> None:
        """Game end: a City said without a colour is the City's total."""
        for f in self.reading.facts:
            head, _, rest = f.path.partition(".")
            if rest == "city" and not isinstance(f.value, tuple):
                self.player(head)["city_total"] = f.value
            elif rest == "city" and isinstance(f.value, tuple):
                self.player(head)["city_total"] = sum(f.value)

    def require(self, path: str) -> None:
        """``Missing(path)`` unless the question stated ``path``."""
        if self.reading.get(path) is None:
            raise Missing(path)

    def position(self, *, colour: Colour, bonus: bool = False) -> dict[str, Any]:
        """The position file, every power the question does not name taken as not in play (said)."""
        preset = CONFIGURATIONS[self.configuration] if self.configuration else {}
        if (
            self.agent_tiles
            and "blue" not in self.powers
            and not preset
            and any(f.path.startswith("agent_tiles") for f in self.reading.facts)
        ):
            self.powers["blue"] = Power.AGENT.value
            self.assumptions.append(
                Assumption(
                    "l'Agent est en jeu (des tuiles Agent sont révélées)",
                    "the Agent is in play (Agent tiles are revealed)",
                )
            )
        named = dict(self.powers)
        for c in BASE_COLOURS:
            if c.value not in named and c not in preset:
                named[c.value] = "none"
        if any(c.value not in self.powers and c not in preset for c in BASE_COLOURS):
            given = [Power(p) for p in self.powers.values()] + list(preset.values())
            names_fr = ", ".join(p.info.name("fr") for p in given) or "aucun"
            names_en = ", ".join(p.info.name("en") for p in given) or "none"
            self.assumptions.append(
                Assumption(
                    f"aucun pouvoir en jeu hormis ceux nommés ({names_fr})",
                    f"no power in play but those named ({names_en})",
                )
            )
        agent = named.get("blue") == "agent" or preset.get(Colour.BLUE) is Power.AGENT
        if agent and colour.value not in self.agent_tiles:
            self.agent_tiles[colour.value] = []
            self.assumptions.append(
                Assumption(
                    f"aucune tuile Agent révélée sur le {colour.fr}", f"no Agent tile revealed on {colour.value}"
                )
            )
        players = list(self.players.values()) or [self.player(ME)]
        if bonus:
            players = [{**p, "bonus": []} for p in players]
        doc: dict[str, Any] = {"game": CL2, "players": players, "capital": self.capital, "powers": named}
        if self.configuration:
            doc["configuration"] = self.configuration
        if any(f.path.endswith(".purple") for f in self.reading.facts):
            doc["undercover"] = {}
            self.assumptions.append(
                Assumption(
                    "module Clandestin en jeu (un district violet est nommé)",
                    "the Undercover module is in play (a purple district is named)",
                )
            )
        if agent:
            doc["agent_tiles"] = self.agent_tiles
        return doc


def _target(reading: Reading, colour: Colour) -> str:
    """The player a one-player question is about: the asker, unless another player has that district (or is named
    while the asker says nothing of theirs)."""
    owners = [f.path.split(".")[0] for f in reading.facts if f.path.endswith(f".city.{colour.value}")]
    asked = [p for p in reading.players if p in owners]
    if asked and reading.amends:  # a follow-up about another player: "what about Leo?"
        return asked[-1]
    named = [p for p in reading.subjects if p in owners]
    if len(named) == 1:  # the sentence that asks names whose district: "... I've got 14 in green. Does Yanis bust?"
        return named[0]
    if ME in owners:
        return ME
    if owners:
        return owners[-1]
    asker = any(f.path.startswith(f"{ME}.") for f in reading.facts)
    return reading.players[0] if reading.players and not asker else ME


def _said(reading: Reading, path: str, colour: Colour) -> bool:
    """True when the question states ``path`` (a district) of ``colour``, or without a colour."""
    return reading.get(f"{path}.{colour.value}") is not None or reading.get(path) is not None


def _one_district(reading: Reading) -> tuple[Colour, _Table, str]:
    """A question about one player's district: its colour, the table, and the player; both the district and the
    Capital's (or its MAXIMUM) must be said."""
    colour = _colour(reading, "me.city.")
    table = _Table(reading, colour)
    player = _target(reading, colour)
    if not _said(reading, f"{player}.city", colour):
        raise Missing(f"{player}.city.{colour.value}")
    if not _said(reading, "capital", colour) and reading.get(f"maximum.{colour.value}") is None:
        raise Missing(f"capital.{colour.value}")
    return colour, table, player


def district(reading: Reading) -> Plan:
    if "nobody" in reading.cues and not any(".city." in f.path for f in reading.facts):
        raise NotThisFrame("nobody has that colour: no district to check ('personne a de vert ... on défausse le 7 ?')")
    colour, table, player = _one_district(reading)
    query = {"query": "district", "player": player, "colour": colour.value}
    safe = "safe" in reading.cues and "bust" not in reading.cues
    return Plan("district", CL2, table.position(colour=colour), query, tuple(table.assumptions), colour, player, safe)


def gold_needed(reading: Reading) -> Plan:
    if _at_game_end(reading) and not any(f.path.startswith(("capital", "maximum")) for f in reading.facts):
        raise NotThisFrame("a game end with no Capital: gold scores points, it saves no district")
    colour, table, player = _one_district(reading)
    if "yellow" not in table.powers and not table.configuration:
        table.powers["yellow"] = Power.MERCHANT.value
        table.assumptions.append(
            Assumption(
                "le Marchand est en jeu (seul son pouvoir dépense de l'or)",
                "the Merchant is in play (only its power spends gold)",
            )
        )
    query = {"query": "gold_needed", "player": player, "colour": colour.value}
    return Plan("gold_needed", CL2, table.position(colour=colour), query, tuple(table.assumptions), colour, player)


def maximum(reading: Reading) -> Plan:
    colour = _colour(reading, "capital.")
    table = _Table(reading)
    table.require(f"capital.{colour.value}")
    query = {"query": "maximum", "colour": colour.value}
    return Plan("maximum", CL2, table.position(colour=colour), query, tuple(table.assumptions), colour)


def bonus(reading: Reading) -> Plan:
    if any(f.path.endswith(".bonus") for f in reading.facts):
        raise NotThisFrame  # "aucune carte bonus", "Bonus cards 7 and 4": a player's Bonus cards, a game end
    colour = _colour(reading, "me.city.")
    if "nobody" in reading.cues and not any(f.path.endswith(f".city.{colour.value}") for f in reading.facts):
        # "personne n'a de carte rose": every district of that colour is empty
        start = reading.facts[0].start if reading.facts else 0
        empty = [Fact(f"{name}.city.{colour.value}", 0, start, start) for name in (ME, *reading.players)]
        reading = replace(reading, facts=(*reading.facts, *empty))
    table = _Table(reading)
    if not any(f.path.endswith(f".city.{colour.value}") for f in reading.facts):
        raise Missing(f"me.city.{colour.value}")
    for name in reading.players:  # a player named without their district cannot be compared
        if reading.get(f"{name}.city.{colour.value}") is None:
            raise Missing(f"{name}.city.{colour.value}")
    if reading.get(f"capital.{colour.value}") is None and reading.get(f"maximum.{colour.value}") is None:
        raise Missing(f"capital.{colour.value}")
    query = {"query": "bonus", "colour": colour.value}
    return Plan("bonus", CL2, table.position(colour=colour, bonus=True), query, tuple(table.assumptions), colour)


def _game_end(reading: Reading) -> _Table:
    table = _Table(reading)
    table.city_totals()
    for name, player in table.players.items():
        player.setdefault("city", {})
        if "score" not in player and "city_total" not in player and not player["city"]:
            raise Missing(f"{name}.city")
        if "score" not in player and "bonus_total" not in player:
            if "bonus" in reading.cues and name == ME:
                raise Missing(f"{name}.bonus")  # Bonus cards said, their values not
            player["bonus_total"] = 0  # no Bonus card said
            table.assumptions.append(
                Assumption(
                    f"{'tu n’as' if name == ME else name + ' n’a'} aucune carte Bonus",
                    f"{'you have' if name == ME else name + ' has'} no Bonus card",
                )
            )
    return table


def _at_game_end(reading: Reading) -> bool:
    """The question states a game end: a City or a score by its total, Bonus cards, or a whole City by colour."""
    if any(f.path.endswith((".city", ".total", ".bonus")) for f in reading.facts):
        return True
    colours: dict[str, set[str]] = {}
    for f in reading.facts:
        head, _, rest = f.path.partition(".")
        if rest.startswith("city."):
            colours.setdefault(head, set()).add(rest)
    return any(len(c) >= 3 for c in colours.values())


def score(reading: Reading) -> Plan:
    kinds = {"city" if ".city" in f.path else f.path.split(".")[-1] for f in reading.facts}
    if len(kinds & {"city", "bonus", "gold", "total"}) < 2 or not _at_game_end(reading):
        raise NotThisFrame
    table = _game_end(reading)
    players = list(table.players) or [ME]
    player = ME if ME in players else players[0]
    doc = {"game": CL2, "players": list(table.players.values()) or [table.player(ME)]}
    return Plan("score", CL2, doc, {"query": "score", "player": player}, tuple(table.assumptions), player=player)


def winners(reading: Reading) -> Plan:
    if len({f.path.split(".")[0] for f in reading.facts if "." in f.path}) < 2 or not _at_game_end(reading):
        raise NotThisFrame
    table = _game_end(reading)
    for name in reading.players:
        table.player(name)
    doc = {"game": CL2, "players": list(table.players.values())}
    return Plan("winners", CL2, doc, {"query": "winners"}, tuple(table.assumptions))
