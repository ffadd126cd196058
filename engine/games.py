"""Find a game's rules engine by name, the way python-chess's ``find_variant`` finds a variant by alias.

Every caller that builds positions or runs queries (``arbitre check``, the scenario reader, the HTTP API)
looks the engine up here, so that none keeps its own table of games.

>>> find_engine("Capital Lux").game, find_engine("nécropossums").game
('capital-lux-2', 'root')
>>> [v.verdict for v in find_engine("root").check('{"clearings": [], "queries": [{"query": "ritual"}]}')]
[{'points': 0, 'uses': [], 'per_ritual': 0}]
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from engine.cl2 import check as cl2_check
from engine.cl2 import schema as cl2_schema
from engine.errors import EngineError
from engine.names import fold
from engine.root import check as root_check
from engine.root import schema as root_schema
from engine.verdict import Verdict


class PositionFile(Protocol):
    """A game's position file, as its pydantic model reads it."""

    game: str

    def to_position(self) -> Any:
        """The engine's value; ``ImpossiblePosition`` quotes what cannot be."""


@dataclass(frozen=True)
class GameEngine:
    """One game's rules engine: its position file model, its query runner, and the names it answers to."""

    #: The corpus game id (``corpus/data/games.yaml``).
    game: str
    #: Other names: the corpus game's aliases, folded (lower case, no accents).
    aliases: tuple[str, ...]
    model: type[Any]
    runner: Callable[[Any], list[Verdict]]

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of a position file of this game."""
        found: dict[str, Any] = self.model.model_json_schema()
        return found

    def read(self, text: str) -> PositionFile:
        """A position file from its JSON text; pydantic's ``ValidationError`` or ``ImpossiblePosition`` quote bad
        input (the position is built once, so an impossible one is refused here)."""
        doc: PositionFile = self.model.model_validate_json(text)
        doc.to_position()
        return doc

    def run(self, doc: PositionFile) -> list[Verdict]:
        """Every query of a position file read by :meth:`read`, in order."""
        return self.runner(doc)

    def check(self, text: str) -> list[Verdict]:
        """Read a position file and run its queries."""
        return self.run(self.read(text))


#: The engines, in the order ``arbitre check --help`` lists them.
ENGINES: tuple[GameEngine, ...] = (
    GameEngine(
        "capital-lux-2",
        ("capital lux 2", "capital lux", "cl2", "generations"),
        cl2_schema.PositionIn,
        cl2_check.run_queries,
    ),
    GameEngine(
        "root",
        ("law of root", "necropossums", "cabale", "cabal"),
        root_schema.RootPositionIn,
        root_check.run_queries,
    ),
)
#: The game a position file that does not say is taken to be.
DEFAULT_GAME = "capital-lux-2"


def find_engine(name: str) -> GameEngine:
    """The engine of the game called ``name`` (its id or an alias; case and accents do not matter).

    ``EngineError`` quotes an unknown name and lists the games.
    """
    key = fold(name)
    for engine in ENGINES:
        if key == engine.game or key in engine.aliases:
            return engine
    known = ", ".join(e.game for e in ENGINES)
    raise EngineError(f"unknown game {name!r} (no rules engine has that name); engines: {known}")


def declared_game(text: str) -> str:
    """The ``game`` a position file's JSON text declares (the default when it declares none or is not JSON)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return DEFAULT_GAME  # the model reports the syntax error when it reads the text
    found = data.get("game", DEFAULT_GAME) if isinstance(data, dict) else DEFAULT_GAME
    return found if isinstance(found, str) else DEFAULT_GAME
