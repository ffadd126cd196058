"""Capital Lux 2 powers as values: an enum, and a registry of what the texts say about each.

A power's value is its id in the corpus glossary (``cleric``, ``proselytizer``...). The registry gives its
names in both languages (the glossary's forms, which a test keeps equal), the section that describes it, and
the colour it sits on in each preset configuration; a set E power sits on whichever colour it replaces (an
input of the position, since the texts do not say).

>>> Power.parse("Marchand") is Power.parse("merchant") is Power.MERCHANT
True
>>> Power.parse("prophete").info.name("fr"), dict(Power.CLERIC.info.colours)
('Prophète', {'A': <Colour.PINK: 'pink'>})
>>> sorted(p.value for p in configuration("B").values())
['disciple', 'infiltrator', 'prophet', 'proselytizer']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from engine.cl2 import sections
from engine.cl2.cards import Colour
from engine.errors import EngineError
from engine.names import fold


class Power(Enum):
    """A power a Power tile can put on a colour; the value is the glossary id."""

    AGENT = "agent"
    CLERIC = "cleric"
    MERCHANT = "merchant"
    SCHOLAR = "scholar"
    INFILTRATOR = "infiltrator"
    PROPHET = "prophet"
    DISCIPLE = "disciple"
    PROSELYTIZER = "proselytizer"
    RECRUITER = "recruiter"
    MISSIONARY = "missionary"
    SENTINEL = "sentinel"
    DUALIST = "dualist"
    INTRUDER = "intruder"
    VECTOR = "vector"
    ARCHITECT = "architect"
    EXPERIMENTER = "experimenter"

    @property
    def info(self) -> PowerInfo:
        """What the texts say about this power (kept on the member: a registry lookup hashes the enum)."""
        found: PowerInfo = self.__dict__["_info"]
        return found

    @classmethod
    def parse(cls, text: str) -> Power:
        """A power from its id, or any of its names in either language (case and accents do not matter).

        ``EngineError`` quotes anything else and lists the ids.
        """
        found = _BY_NAME.get(fold(text))
        if found is None:
            raise EngineError(f"unknown power {text!r}; expected one of {', '.join(p.value for p in cls)}")
        return found


@dataclass(frozen=True)
class PowerInfo:
    """One power: the section describing it, its names, and its colour in each preset configuration."""

    power: Power
    section: str
    #: The glossary's forms, the first being the name to show.
    names_fr: tuple[str, ...]
    names_en: tuple[str, ...]
    #: Configuration letter -> colour; empty for a set E power (it sits on the colour it replaces).
    colours: Mapping[str, Colour]

    def name(self, lang: str) -> str:
        """The name to show in ``lang`` (``fr`` or ``en``)."""
        return (self.names_fr if lang == "fr" else self.names_en)[0]

    @property
    def set_e(self) -> bool:
        """True for an expansion set E power, which sits on any one colour."""
        return not self.colours


def _info(power: Power, section: str, fr: tuple[str, ...], en: tuple[str, ...], **colours: Colour) -> PowerInfo:
    return PowerInfo(power, section, fr, en, MappingProxyType(colours))


B, P, Y, G = Colour.BLUE, Colour.PINK, Colour.YELLOW, Colour.GREEN
#: Every power, with what the texts say about it.
REGISTRY: Mapping[Power, PowerInfo] = MappingProxyType(
    {
        info.power: info
        for info in (
            _info(Power.AGENT, sections.AGENT, ("Agent",), ("Agent",), A=B),
            _info(Power.CLERIC, sections.CLERIC, ("Clerc", "Clercs"), ("Cleric", "Clerics", "Clerc"), A=P),
            _info(Power.MERCHANT, sections.MERCHANT, ("Marchand",), ("Merchant", "Marchand"), A=Y),
            _info(Power.SCHOLAR, sections.SCHOLAR, ("Savant",), ("Scholar", "Savant"), A=G),
            _info(Power.INFILTRATOR, sections.INFILTRATOR, ("Infiltré",), ("Infiltrator", "Infiltré"), B=B),
            _info(Power.PROPHET, sections.PROPHET, ("Prophète",), ("Prophet", "Prophète"), B=P),
            _info(Power.DISCIPLE, sections.DISCIPLE, ("Disciple",), ("Disciple",), B=Y),
            _info(
                Power.PROSELYTIZER,
                sections.PROSELYTIZER,
                ("Prosélytiste", "Prosélytistes", "prosélytiste"),
                ("Proselytizer", "Proselytizers", "Prosélytiste"),
                B=G,
            ),
            _info(
                Power.RECRUITER,
                sections.RECRUITER,
                ("Recruteur", "recruteur", "recruteurs"),
                ("Recruiter", "recruiter", "Recruteur"),
                C=B,
            ),
            _info(Power.MISSIONARY, sections.MISSIONARY, ("Missionnaire",), ("Missionary", "Missionnaire"), C=P),
            _info(Power.SENTINEL, sections.SENTINEL, ("Sentinelle",), ("Sentinel", "Sentinelle"), C=Y),
            _info(Power.DUALIST, sections.DUALIST, ("Dualiste",), ("Dualist", "Dualiste"), C=G),
            _info(Power.INTRUDER, sections.INTRUDER, ("Intrus",), ("Intruder",)),
            _info(Power.VECTOR, sections.VECTOR, ("Vecteur",), ("Vector", "vector")),
            _info(Power.ARCHITECT, sections.ARCHITECT, ("Architecte",), ("Architect", "architect")),
            _info(Power.EXPERIMENTER, sections.EXPERIMENTER, ("Expérimentateur",), ("Experimenter", "experimenter")),
        )
    }
)
for _info_of in REGISTRY.values():
    _info_of.power.__dict__["_info"] = _info_of

#: The preset configurations: the power on each colour.
CONFIGURATIONS: Mapping[str, Mapping[Colour, Power]] = MappingProxyType(
    {
        letter: MappingProxyType({info.colours[letter]: p for p, info in REGISTRY.items() if letter in info.colours})
        for letter in ("A", "B", "C")
    }
)


def configuration(letter: str) -> dict[Colour, Power]:
    """The power on each colour in preset configuration ``letter``; ``EngineError`` quoting another letter."""
    if letter not in CONFIGURATIONS:
        raise EngineError(f"unknown configuration {letter!r}; the texts have {', '.join(CONFIGURATIONS)}")
    return dict(CONFIGURATIONS[letter])


def fits(power: Power, colour: Colour) -> bool:
    """True when ``power`` may sit on ``colour``: its colour in a preset configuration, or any base colour for a
    set E power (purple has no Power card)."""
    return (power, colour) in _FITS


_FITS = frozenset(
    (info.power, colour)
    for info in REGISTRY.values()
    for colour in Colour
    if colour is not Colour.PURPLE and (info.set_e or colour in info.colours.values())
)


_BY_NAME: dict[str, Power] = {
    fold(name): info.power for info in REGISTRY.values() for name in (info.power.value, *info.names_fr, *info.names_en)
}
