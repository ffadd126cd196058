"""The kinds of scenario questions: each a frame that names the facts its verdict needs and builds the position.

A frame is chosen by the cue words of the question and the facts it states (:meth:`Frame.fits`). It builds a
position file of its game from the facts, through the engine's schema, adding the assumptions the policy allows
and saying each one (:class:`Assumption`); a fact that decides the verdict and has no safe default is asked for
(:class:`Missing`). Adding a kind of question means adding a frame here.

The policy, the same for every frame:
- a power nobody names is not in play, unless a configuration named puts it there;
- no Agent tile is revealed on a colour unless one is said;
- a district stated by one number is known by its total (its cards are not known one by one);
- the Capital's district, the asker's district, the gold held when gold could save a district, the number of
  Cemeteries and the warriors a Root question counts are never assumed: they are asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from corpus.text import fold
from engine.cl2.cards import BASE_COLOURS, Colour
from engine.cl2.power import CONFIGURATIONS, Power
from qa.scenario.reader import ME, Fact, Reading

CL2, ROOT = "capital-lux-2", "root"


@dataclass(frozen=True)
class Assumption:
    """A fact the question left out, filled in by the policy, said in the answer."""

    fr: str
    en: str

    def text(self, lang: str) -> str:
        """The assumption in ``lang``."""
        return self.fr if lang == "fr" else self.en


class _NotThisFrame(Exception):
    """The question has the frame's cues but not the position it computes (one player "winning" nothing)."""


class Missing(Exception):
    """A fact the verdict needs and no default may fill: the path of the case format (``capital.blue``)."""

    def __init__(self, path: str) -> None:
        self.path = path
        super().__init__(path)


@dataclass(frozen=True)
class Plan:
    """What a frame asks the engine: a position file (its JSON form) and one query, with the assumptions made."""

    frame: str
    game: str
    position: dict[str, Any]
    query: dict[str, Any]
    assumptions: tuple[Assumption, ...] = ()
    #: The colour the question is about (Capital Lux 2), for the echo.
    colour: Colour | None = None
    player: str = ME
    #: Asked as "am I safe?" rather than "do I bust?": the yes is the opposite.
    safe: bool = False
    #: Asked for one Ritual ("how many points does each Ritual score?"), not for the whole turn.
    each: bool = False


@dataclass(frozen=True)
class Frame:
    """One kind of question: its query, its game, the cues that ask it, and how to build its position."""

    query: str
    game: str
    #: Any of these cues asks this question (:data:`qa.scenario.lexicon.CUES`).
    cues: frozenset[str]
    build: Callable[[Reading], Plan] = field(repr=False)
    #: Facts (path prefixes) the question must state one of to be this frame's.
    states: tuple[str, ...] = ()
    #: A higher rank wins when several frames fit.
    rank: int = 0
    #: Besides one of ``cues``, the question must say one cue of each of these sets (a frame that counts needs
    #: "how many").
    also: tuple[frozenset[str], ...] = ()
    #: The question must name a colour (a Bonus card is of one colour).
    coloured: bool = False

    def fits(self, reading: Reading) -> bool:
        """True when the question asks this (one of its cues, and of ``also``) and states a fact of this kind."""
        stated = any(kind in f.path.split(".") for f in reading.facts for kind in self.states)
        asks = bool(self.cues & reading.cues) and all(cues & reading.cues for cues in self.also)
        named = not self.coloured or any(colour_of(f.path) for f in reading.facts if not f.path.startswith("powers"))
        return asks and stated and named


# --- Capital Lux 2 ----------------------------------------------------------------------------------------------


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


def colour_of(path: str) -> Colour | None:
    last = path.rsplit(".", 1)[-1]
    return Colour(last) if last in {c.value for c in Colour} else None


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
    if ME in owners:
        return ME
    if owners:
        return owners[-1]
    asker = any(f.path.startswith(f"{ME}.") for f in reading.facts)
    return reading.players[0] if reading.players and not asker else ME


def _said(reading: Reading, path: str, colour: Colour) -> bool:
    """True when the question states ``path`` (a district) of ``colour``, or without a colour."""
    return reading.get(f"{path}.{colour.value}") is not None or reading.get(path) is not None


def _district(reading: Reading) -> Plan:
    colour = _colour(reading, "me.city.")
    table = _Table(reading, colour)
    player = _target(reading, colour)
    if not _said(reading, f"{player}.city", colour):
        raise Missing(f"{player}.city.{colour.value}")
    if not _said(reading, "capital", colour) and reading.get(f"maximum.{colour.value}") is None:
        raise Missing(f"capital.{colour.value}")
    query = {"query": "district", "player": player, "colour": colour.value}
    safe = "safe" in reading.cues and "bust" not in reading.cues
    return Plan("district", CL2, table.position(colour=colour), query, tuple(table.assumptions), colour, player, safe)


def _gold_needed(reading: Reading) -> Plan:
    colour = _colour(reading, "me.city.")
    table = _Table(reading, colour)
    player = _target(reading, colour)
    if not _said(reading, f"{player}.city", colour):
        raise Missing(f"{player}.city.{colour.value}")
    if not _said(reading, "capital", colour) and reading.get(f"maximum.{colour.value}") is None:
        raise Missing(f"capital.{colour.value}")
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


def _maximum(reading: Reading) -> Plan:
    colour = _colour(reading, "capital.")
    table = _Table(reading)
    table.require(f"capital.{colour.value}")
    query = {"query": "maximum", "colour": colour.value}
    return Plan("maximum", CL2, table.position(colour=colour), query, tuple(table.assumptions), colour)


def _bonus(reading: Reading) -> Plan:
    colour = _colour(reading, "me.city.")
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
            player["bonus_total"] = 0  # no Bonus card said
            table.assumptions.append(
                Assumption(
                    f"{'tu n’as' if name == ME else name + ' n’a'} aucune carte Bonus",
                    f"{'you have' if name == ME else name + ' has'} no Bonus card",
                )
            )
    return table


def _score(reading: Reading) -> Plan:
    kinds = {f.path.split(".")[-1] for f in reading.facts} & {"city", "bonus", "gold", "total"}
    if len(kinds) < 2:
        raise _NotThisFrame
    table = _game_end(reading)
    players = list(table.players) or [ME]
    player = ME if ME in players else players[0]
    doc = {"game": CL2, "players": list(table.players.values()) or [table.player(ME)]}
    return Plan("score", CL2, doc, {"query": "score", "player": player}, tuple(table.assumptions), player=player)


def _winners(reading: Reading) -> Plan:
    if len({f.path.split(".")[0] for f in reading.facts if "." in f.path}) < 2:
        raise _NotThisFrame
    table = _game_end(reading)
    for name in reading.players:
        table.player(name)
    doc = {"game": CL2, "players": list(table.players.values())}
    return Plan("winners", CL2, doc, {"query": "winners"}, tuple(table.assumptions))


# --- Root: the Necropossums -------------------------------------------------------------------------------------

_SUITS = ("fox", "mouse", "rabbit")


def _count(reading: Reading, path: str) -> int:
    fact = reading.get(path)
    if fact is None:
        raise Missing(path)
    return int(str(fact.value))


#: Words that ask for one Ritual's worth rather than the turn's.
_EACH = frozenset({"each", "chaque", "per", "par"})


def _ritual(reading: Reading) -> Plan:
    cemeteries = _count(reading, "cemeteries")
    each = any(fold(t.text) in _EACH for t in reading.tokens) and reading.get("warriors") is None
    stated = reading.get("warriors")
    if stated is None and not each:
        raise Missing("warriors")
    # warriors in one clearing, or in each Cemetery's clearing ("2, 2, 8")
    spread = stated.value if stated is not None and isinstance(stated.value, tuple) else None
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


def _remove_cemetery(reading: Reading) -> Plan:
    warriors = _count(reading, "warriors")
    clearing = {"id": "c1", "suit": "fox", "cemetery": "fox", "necros": ["fox"], "warriors": warriors}
    said = (Assumption("son Nécro se tient dans cette clairière", "its Necro stands in that clearing"),)
    query = {"query": "remove_cemetery", "suit": "fox"}
    return Plan("remove_cemetery", ROOT, {"game": ROOT, "clearings": [clearing]}, query, said)


def _battle_losses(reading: Reading) -> Plan:
    hits, warriors = _count(reading, "hits"), _count(reading, "warriors")
    necros = reading.get("necros")
    count = 0 if necros is None else int(str(necros.value))
    said: tuple[Assumption, ...] = ()
    if necros is None and hits > warriors:
        said = (Assumption("aucun Nécro dans la clairière", "no Necro in the clearing"),)
    clearing = {"id": "c1", "suit": "fox", "warriors": warriors, "necros": [_SUITS[i % 3] for i in range(count)]}
    query = {"query": "battle_losses", "clearing": "c1", "hits": hits}
    return Plan("battle_losses", ROOT, {"game": ROOT, "clearings": [clearing]}, query, said)


def _flag(reading: Reading, path: str) -> bool | None:
    fact = reading.get(path)
    return None if fact is None else bool(fact.value)


def _after_battle(reading: Reading) -> Plan:
    """Ambiance lugubre (a Cemetery of the battle's suit elsewhere) and Présence morbide (a Necro in the battle)."""
    removed = _count(reading, "enemy_warriors_removed")
    none_on_board = reading.get("cemeteries") is not None and _count(reading, "cemeteries") == 0
    here = False if none_on_board else _flag(reading, "cemetery_here")
    if here is None:
        raise Missing("cemetery_here")
    necros = reading.get("necros")
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


def _revenant(reading: Reading) -> Plan:
    """Revenant: a removed Necro goes back to its Cemetery's clearing, or to the faction board."""
    necro = reading.get("necro_suit")
    if necro is None or necro.value is None:
        raise Missing("necro_suit")
    suit = str(necro.value)
    cemetery = reading.get(f"cemetery.{suit}")
    if cemetery is None:
        raise Missing("cemeteries")
    clearings: list[dict[str, Any]] = [{"id": "c1", "suit": suit, "necros": [suit]}]
    if cemetery.value:
        clearings.append({"id": "c2", "suit": suit, "cemetery": suit})
    query = {"query": "remove_necro", "suit": suit, "with_cemetery": bool(_flag(reading, "with_cemetery"))}
    return Plan("remove_necro", ROOT, {"game": ROOT, "clearings": clearings}, query)


def _gravedigging(reading: Reading) -> Plan:
    cemeteries = _count(reading, "cemeteries")
    birds = reading.get("bird_cards")
    supply = reading.get("supply")
    clearings = [{"id": f"c{i + 1}", "suit": _SUITS[i % 3], "cemetery": _SUITS[i % 3]} for i in range(cemeteries)]
    said: tuple[Assumption, ...] = ()
    if supply is None:
        said = (Assumption("la réserve a assez de guerriers", "the supply holds enough warriors"),)
    board: dict[str, Any] = {"supply": 15 if supply is None else int(str(supply.value))}
    bird = birds is not None and int(str(birds.value)) > 0
    if bird:
        board["hand"] = ["bird"]
    query = {"query": "gravedigging", "bird": bird}
    return Plan("gravedigging", ROOT, {"game": ROOT, "clearings": clearings, "board": board}, query, said)


#: A Root frame computes a number: the question asks how many (points, warriors).
COUNTS = frozenset({"how_much", "score"})
#: Removing a Cemetery: the question says it is removed and asks how many.
REMOVES = frozenset({"remove", "bust"})

#: Every frame, most specific first.
FRAMES: tuple[Frame, ...] = (
    Frame("gold_needed", CL2, frozenset({"how_much"}), _gold_needed, ("gold", "city", "capital"), rank=3),
    Frame("bonus", CL2, frozenset({"bonus"}), _bonus, ("capital", "city"), rank=3, coloured=True),
    Frame("district", CL2, frozenset({"bust", "safe"}), _district, ("capital", "city", "maximum"), rank=2),
    Frame("winners", CL2, frozenset({"win"}), _winners, ("total", "city", "bonus"), rank=2),
    Frame("score", CL2, frozenset({"score"}), _score, ("total", "city", "bonus"), rank=2),
    Frame("maximum", CL2, frozenset({"maximum"}), _maximum, ("capital", "agent_tiles", "maximum"), rank=1),
    Frame("ritual", ROOT, frozenset({"ritual"}), _ritual, ("cemeteries", "warriors"), 3, (COUNTS,)),
    Frame("gravedigging", ROOT, frozenset({"gravedig"}), _gravedigging, ("cemeteries", "bird_cards"), 3, (COUNTS,)),
    Frame("battle_losses", ROOT, frozenset({"battle", "remove", "bust"}), _battle_losses, ("hits",), 2, (COUNTS,)),
    Frame("remove_necro", ROOT, frozenset({"where", "revenant"}), _revenant, ("necro_suit",), 3),
    Frame("after_battle", ROOT, frozenset({"after_battle"}), _after_battle, ("enemy_warriors_removed",), 3, (COUNTS,)),
    Frame("remove_cemetery", ROOT, frozenset({"cemetery"}), _remove_cemetery, ("warriors",), 1, (REMOVES, COUNTS)),
)


def _plans(frame: Frame, reading: Reading) -> bool:
    """True unless the frame finds, building its position, that the question is not of its kind."""
    try:
        frame.build(reading)
    except _NotThisFrame:
        return False
    except Missing:
        return True  # the solver asks for it
    return True


def choose(reading: Reading) -> Frame | None:
    """The frame of the question: the best-ranked one that fits what its last sentence asks, else what the whole
    question says; ``None`` for a rules question."""
    for cues in (reading.asked, reading.cues):
        fitting = [f for f in FRAMES if f.fits(replace(reading, cues=cues)) and _plans(f, reading)]
        if fitting:
            return max(fitting, key=lambda f: f.rank)
    return None
