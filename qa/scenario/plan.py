"""What a frame gives the solver: a plan (a position file and a query, with the assumptions made), or the fact
that must be asked (:class:`Missing`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cl2.cards import Colour
from qa.scenario.words import ME

CL2, ROOT = "capital-lux-2", "root"


@dataclass(frozen=True)
class Assumption:
    """A fact the question left out, filled in by the policy, said in the answer."""

    fr: str
    en: str

    def text(self, lang: str) -> str:
        """The assumption in ``lang``."""
        return self.fr if lang == "fr" else self.en


class NotThisFrame(Exception):
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
    #: Further queries on the same position whose verdicts the answer shows (every player's score).
    also: tuple[dict[str, Any], ...] = ()
    #: The verdict's field whose truth is the yes or the no of a yes/no question ("do I play again?": ``extra_turn``).
    asks: str | None = None


def colour_of(path: str) -> Colour | None:
    """The colour a fact path ends with (``capital.green`` -> green), if any."""
    last = path.rsplit(".", 1)[-1]
    return Colour(last) if last in {c.value for c in Colour} else None
