"""Capital Lux 2 positions built from what a question states: the table of facts every Capital Lux 2 frame builds
its position file through, with the policy's assumptions, and the slots those frames share.

The policy: a power nobody names is not in play, unless a configuration named puts it there; no Agent tile is
revealed on a colour unless one is said; a district stated by one number is known by its total; the Capital's
district and the asker's district are never assumed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cl2.cards import BASE_COLOURS, Colour
from engine.cl2.power import CONFIGURATIONS, Power
from qa.scenario.facts import COVERED, Fact, card_text
from qa.scenario.frames.base import Slot
from qa.scenario.plan import CL2, Assumption, Missing, colour_of
from qa.scenario.reader import Reading
from qa.scenario.say import Wording, colour, of, terms
from qa.scenario.words import ME

#: A district busts: its cards are discarded, "removed" ("ça dégage ?"); or it is safe.
BUST = frozenset({"bust", "safe", "remove"})

CAPITAL = Slot(
    "capital.{colour}",
    Wording(
        "Quel est le district {colour} de la Capitale (ses cartes ou son total) ?",
        "What is the Capital's {colour} district (its cards or its total)?",
    ),
)
#: The Capital's district, said without a colour ("the Capital's is 15"): of the colour asked about.
CAPITAL_UNCOLOURED = Slot("capital", CAPITAL.ask)
MAXIMUM = Slot("maximum.{colour}")
DISTRICT = Slot(
    "{player}.city.{colour}",
    Wording("Combien vaut ton district {colour} ?", "What is your {colour} district worth?"),
    Wording("Combien vaut le district {colour} de {who} ?", "What is {who}'s {colour} district worth?"),
)
CITY = Slot(
    "{player}.city",
    Wording("Combien vaut ta Cité ?", "What is your City worth?"),
    Wording("Combien vaut la Cité de {who} ?", "What is {who}'s City worth?"),
)
GOLD = Slot(
    "{player}.gold",
    Wording("Combien de jetons Or as-tu ?", "How many gold tokens do you have?"),
    Wording("Combien de jetons Or a {who} ?", "How many gold tokens does {who} have?"),
    position=False,
)
BONUS_CARDS = Slot(
    "{player}.bonus",
    Wording("Quelles cartes Bonus as-tu ?", "Which Bonus cards do you have?"),
    Wording("Quelles cartes Bonus a {who} ?", "Which Bonus cards does {who} have?"),
    default=Wording("{who} aucune carte Bonus", "{who} no Bonus card"),
    position=False,
)
TOTAL = Slot("{player}.total")
POWERS = Slot(
    "powers.{colour}",
    Wording("Quel pouvoir est sur le {colour} ?", "Which power is on {colour}?"),
    default=Wording("aucun pouvoir en jeu hormis ceux nommés ({named})", "no power in play but those named ({named})"),
    position=False,
)
AGENT_TILES = Slot(
    "agent_tiles.{colour}",
    Wording("Quelles tuiles Agent sont révélées sur le {colour} ?", "Which Agent tiles are revealed on {colour}?"),
    default=Wording("aucune tuile Agent révélée sur le {colour}", "no Agent tile revealed on {colour}"),
)
#: The slots of a question about one player's district at round end.
ONE_DISTRICT = (DISTRICT, CAPITAL, CAPITAL_UNCOLOURED, MAXIMUM, AGENT_TILES, POWERS, GOLD)
#: The slots of a game end.
GAME_END = (CITY, DISTRICT, BONUS_CARDS, GOLD, TOTAL)


def cards(colour: Colour, value: object, kinds: tuple[str | None, ...] = ()) -> list[str]:
    """A district in the position file: its cards (each of its kind when named), or its total (none for 0)."""
    if isinstance(value, tuple):
        named = kinds or (None,) * len(value)
        # a negative card said with no kind can only be a vector card
        return [
            card_text(colour.value, v, kind or ("vector" if v < 0 else None))
            for v, kind in zip(value, named, strict=True)
        ]
    total = int(str(value))
    if kinds == (COVERED,):
        return [card_text(colour.value, total, COVERED)]  # "a blue 2 with a token": one card, which a token covers
    return [] if total == 0 else [f"total/{colour.value}:{total}"]


def asked_colour(reading: Reading, prefer: str) -> Colour:
    """The colour the question is about: of the first ``prefer`` fact, else of the first district fact."""
    districts = [f for f in reading.facts if not f.path.startswith(("powers", "power", "configuration"))]
    for facts in ([f for f in districts if f.path.startswith(prefer)], districts):
        colours = [c for f in facts if (c := colour_of(f.path)) is not None]
        if colours:
            return colours[0]
    return Colour.BLUE  # no colour said: with no power on it, any colour gives the same verdict


class Table:
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
        self.rebel_flag: str | None = None
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
            self.capital[colour.value] = cards(colour, f.value, f.kinds)
        elif head == "maximum" and colour:
            self.capital[colour.value] = cards(colour, f.value)
            self.agent_tiles[colour.value] = []
        elif head == "agent_tiles" and colour and isinstance(f.value, tuple):
            # tiles said one by one ("moins un et plus deux") are each a tile: they join, never replace
            self.agent_tiles[colour.value] = [*self.agent_tiles.get(colour.value, []), *f.value]
        elif head == "powers" and colour and isinstance(f.value, Power):
            self.powers[colour.value] = f.value.value
        elif head == "configuration":
            self.configuration = str(f.value)
        elif rest.startswith("city.") and colour:
            self.player(head)["city"][colour.value] = cards(colour, f.value, f.kinds)
        elif rest == "gold":
            self.player(head)["gold"] = f.value
        elif rest == "hand" and isinstance(f.value, tuple):
            self.player(head)["hand"] = list(f.value)  # cards still in hand are laid down at round end
        elif head == "rebel_flag":
            self.rebel_flag = str(f.value)
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

    def modules(self, doc: dict[str, Any]) -> dict[str, Any]:
        """``doc`` with the Undercover module in play: with its current card when the question says it, or when a
        purple district is named (said)."""
        current = self.reading.get("undercover.current")
        if current is not None:
            doc["undercover"] = {"current": str(current.value)}
        elif (named := self.reading.get("undercover")) is not None and named.value is True:
            doc["undercover"] = {}  # the module named (not "without the purple cards")
        elif any(f.path.endswith(".purple") for f in self.reading.facts):
            doc["undercover"] = {}
            self.assumptions.append(
                Assumption(
                    "module Clandestin en jeu (un district violet est nommé)",
                    "the Undercover module is in play (a purple district is named)",
                )
            )
        return doc

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
            self.assumptions.append(POWERS.assumed({"named": names_fr}, {"named": names_en}))
        agent = named.get("blue") == "agent" or preset.get(Colour.BLUE) is Power.AGENT
        if agent and colour.value not in self.agent_tiles:
            self.agent_tiles[colour.value] = []
            self.assumptions.append(AGENT_TILES.assumed({"colour": colour.fr}, {"colour": colour.value}))
        players = list(self.players.values()) or [self.player(ME)]
        if bonus:
            players = [{**p, "bonus": []} for p in players]
        doc: dict[str, Any] = {"game": CL2, "players": players, "capital": self.capital, "powers": named}
        if self.configuration:
            doc["configuration"] = self.configuration
        if self.rebel_flag:
            doc["rebel_flag"] = self.rebel_flag
        self.modules(doc)
        if agent:
            doc["agent_tiles"] = self.agent_tiles
        return doc


def target(reading: Reading, colour: Colour) -> str:
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


def said(reading: Reading, path: str, colour: Colour) -> bool:
    """True when the question states ``path`` (a district) of ``colour``, or without a colour."""
    return reading.get(f"{path}.{colour.value}") is not None or reading.get(path) is not None


def one_district(reading: Reading) -> tuple[Colour, Table, str]:
    """A question about one player's district: its colour, the table, and the player; both the district and the
    Capital's (or its MAXIMUM) must be said."""
    colour = asked_colour(reading, "me.city.")
    table = Table(reading, colour)
    player = target(reading, colour)
    if not said(reading, f"{player}.city", colour):
        raise Missing(f"{player}.city.{colour.value}")
    if not said(reading, "capital", colour) and reading.get(f"maximum.{colour.value}") is None:
        raise Missing(f"capital.{colour.value}")
    return colour, table, player


def game_end(reading: Reading) -> Table:
    """The table of a game end: each player's City (by colour or by its total), Bonus cards and gold; a player's
    Bonus cards, when none is said, are taken to be none (said); a City said colour by colour is the whole City
    (said), unless the question gives some City every colour: then it lists them all, and one left out is unsaid."""
    table = Table(reading)
    table.city_totals()
    listed = any(all(c.value in p.get("city", {}) for c in BASE_COLOURS) for p in table.players.values())
    for name, player in table.players.items():
        player.setdefault("city", {})
        if "score" not in player and "city_total" not in player and not player["city"]:
            raise Missing(f"{name}.city")
        if "score" not in player and "city_total" not in player and not listed:
            _whole_city(table, name, player)
        if "score" not in player and "bonus_total" not in player:
            if "bonus" in reading.cues and name == ME:
                raise Missing(f"{name}.bonus")  # Bonus cards said, their values not
            player["bonus_total"] = 0  # no Bonus card said
            table.assumptions.append(
                BONUS_CARDS.assumed(
                    {"who": "tu n’as" if name == ME else name + " n’a"},
                    {"who": "you have" if name == ME else name + " has"},
                )
            )
    return table


def _whole_city(table: Table, name: str, player: dict[str, Any]) -> None:
    """The colours a City said colour by colour leaves out are empty (said): "blue 12 and green 15 in his City"."""
    empty = [c for c in BASE_COLOURS if c.value not in player["city"]]
    if not empty:
        return
    for c in empty:
        player["city"][c.value] = []
    whose_fr, whose_en = ("ta Cité", "your City") if name == ME else (f"la Cité {of(name)}", f"{name}'s City")
    none_fr = " ni ".join(colour(c.value, "fr", feminine=True) for c in empty)
    table.assumptions.append(
        Assumption(
            f"aucune carte {none_fr} dans {whose_fr} (non dit)",
            f"no {' or '.join(c.value for c in empty)} card in {whose_en} (not said)",
        )
    )


def at_game_end(reading: Reading) -> bool:
    """The question states a game end: a City or a score by its total, Bonus cards, or a whole City by colour."""
    if any(f.path.endswith((".city", ".total", ".bonus")) for f in reading.facts):
        return True
    colours: dict[str, set[str]] = {}
    for f in reading.facts:
        head, _, rest = f.path.partition(".")
        if rest.startswith("city."):
            colours.setdefault(head, set()).add(rest)
    return any(len(c) >= 3 for c in colours.values())


def limit_parts(found: Mapping[str, Any], lang: str) -> str:
    """The MAXIMUM a district is compared with, as its sum: the Capital's district, the Agent tiles, the gold."""
    fr = lang == "fr"
    said = f"{found['capital']} ({'Capitale' if fr else 'Capital'})"
    tiles = tuple(found.get("tiles", ()))
    if tiles:
        said += f" {terms(tiles)} ({'tuiles Agent' if fr else 'Agent tiles'})"
    if found.get("gold_spent"):
        said += f" + {found['gold_spent']} ({'or dépensé' if fr else 'gold spent'})"
    value = found["maximum"] + found.get("gold_spent", 0)
    return said + (f" = {value}" if tiles or found.get("gold_spent") else "")
