"""Powers as values: the enum, its registry, the glossary's names, and the one policy for unknown powers."""

from __future__ import annotations

import re

import pytest

from corpus import Corpus
from corpus.glossary import load_glossary
from engine.cl2 import sections
from engine.cl2.cards import BASE_COLOURS, Card, Colour
from engine.cl2.position import Player, Position
from engine.cl2.power import CONFIGURATIONS, REGISTRY, Power, configuration, fits
from engine.cl2.roundend import prepare_next_round, resolve_round
from engine.cl2.schema import PositionIn, format_position, parse_position
from engine.errors import EngineError, ImpossiblePosition, MissingFact


def c(text: str) -> Card:
    return Card.parse(text)


def test_every_power_is_in_the_registry_with_the_glossarys_id_and_names() -> None:
    glossary = load_glossary()
    assert set(REGISTRY) == set(Power)
    for power, info in REGISTRY.items():
        term = glossary.term(power.value)
        assert term.kind == "power" and term.game == "capital-lux-2"
        assert (info.names_fr, info.names_en) == (term.forms["fr"], term.forms["en"]), power


def test_every_glossary_power_with_a_power_tile_is_in_the_registry() -> None:
    tiles = {"mentalist", "secret-card", "swap"}  # the Mentalist's tiles are not colour powers
    powers = {t.id for t in load_glossary().terms if t.kind == "power" and t.game == "capital-lux-2"}
    assert powers - tiles == {p.value for p in Power}


def test_each_power_names_the_section_that_describes_it(corpus: Corpus) -> None:
    for power, info in REGISTRY.items():
        section = corpus.original(info.section)
        assert load_glossary().term(power.value).occurs_in(section.title + " " + section.text, section.lang), power


@pytest.mark.parametrize(
    ("text", "power"),
    [
        ("merchant", Power.MERCHANT),
        ("Marchand", Power.MERCHANT),
        ("marchand", Power.MERCHANT),
        (" CLERC ", Power.CLERIC),
        ("Cleric", Power.CLERIC),
        ("prophete", Power.PROPHET),
        ("Prosélytiste", Power.PROSELYTIZER),
        ("Intrus", Power.INTRUDER),
        ("infiltre", Power.INFILTRATOR),
    ],
)
def test_a_power_is_read_from_any_of_its_names(text: str, power: Power) -> None:
    assert Power.parse(text) is power


def test_an_unknown_power_is_quoted() -> None:
    with pytest.raises(EngineError, match=re.escape("unknown power 'Mentaliste'; expected one of agent, cleric")):
        Power.parse("Mentaliste")


def test_configurations_put_each_preset_power_on_its_colour() -> None:
    assert configuration("A") == {
        Colour.BLUE: Power.AGENT,
        Colour.PINK: Power.CLERIC,
        Colour.YELLOW: Power.MERCHANT,
        Colour.GREEN: Power.SCHOLAR,
    }
    assert {p for config in CONFIGURATIONS.values() for p in config.values()} == {p for p in Power if not p.info.set_e}
    with pytest.raises(EngineError, match="unknown configuration 'D'"):
        configuration("D")


def test_set_e_powers_sit_on_any_base_colour_and_presets_on_their_own() -> None:
    assert all(fits(Power.VECTOR, colour) for colour in BASE_COLOURS)
    assert not fits(Power.VECTOR, Colour.PURPLE)
    assert fits(Power.SENTINEL, Colour.YELLOW) and not fits(Power.SENTINEL, Colour.BLUE)
    with pytest.raises(ImpossiblePosition, match="a power sits on two colours"):
        Position(players=(), powers={Colour.BLUE: Power.VECTOR, Colour.PINK: Power.VECTOR})
    with pytest.raises(ImpossiblePosition, match=re.escape("'marchand' on yellow is not a power")):
        Position(players=(), powers={Colour.YELLOW: "marchand"})  # type: ignore[dict-item]


def test_the_schema_reads_any_name_and_writes_the_id() -> None:
    doc = {"players": [], "powers": {"blue": "Agent", "pink": "clerc", "yellow": "Merchant", "green": "none"}}
    position = PositionIn.model_validate(doc).to_position()
    assert position.powers == {
        Colour.BLUE: Power.AGENT,
        Colour.PINK: Power.CLERIC,
        Colour.YELLOW: Power.MERCHANT,
        Colour.GREEN: None,
    }
    assert '"powers":{"blue":"agent","pink":"cleric","yellow":"merchant","green":"none"}' in format_position(position)
    assert parse_position(format_position(position)) == position


# --- one policy: an unknown power is asked for when, and only when, it could change the answer ---------------


def tie_table(yellow: dict[Colour, Power | None]) -> Position:
    """Ana and Bob tie on green: whether the tie gold goes on a card (Sentinel) depends on yellow's power."""
    players = tuple(
        Player(name, city={col: () for col in BASE_COLOURS} | {Colour.GREEN: (c("green:4"),)}, gold=0, bonus=())
        for name in ("Ana", "Bob")
    )
    capital = {col: () for col in BASE_COLOURS} | {Colour.GREEN: (c("green:9"),)}
    return Position(players=players, capital=capital, powers={Colour.BLUE: None, **yellow})


def test_an_unknown_yellow_power_is_asked_for_when_a_tie_gives_gold() -> None:
    with pytest.raises(MissingFact, match=re.escape("powers.yellow")):
        resolve_round(tie_table({}), (Colour.GREEN,))


def test_a_stated_assumption_lets_the_round_end_proceed() -> None:
    result = resolve_round(tie_table({Colour.YELLOW: None}), (Colour.GREEN,))
    assert result.bonuses[0].tied == ("Ana", "Bob")
    assert [p.gold for p in result.after.players] == [1, 1]


def test_a_power_that_cannot_matter_is_not_asked_for() -> None:
    """Nobody busts and nobody ties: the yellow power (Merchant, Sentinel...) changes nothing."""
    position = tie_table({})
    ana = position.player("Ana")
    position = position.with_player(Player("Ana", city={**ana.city, Colour.GREEN: (c("green:5"),)}, gold=0, bonus=()))
    assert resolve_round(position, (Colour.GREEN,)).bonuses[0].winner == "Ana"


def test_vector_cards_between_rounds_need_to_know_where_the_vector_is() -> None:
    city = {col: () for col in BASE_COLOURS} | {Colour.PINK: (c("vector/pink:-2"), c("pink:3"))}
    position = Position(players=(Player("Ana", city=city),), powers={Colour.BLUE: Power.AGENT})
    with pytest.raises(MissingFact, match=re.escape("powers.pink")):
        prepare_next_round(position)
    with_vector = Position(players=position.players, powers={Colour.GREEN: Power.VECTOR})
    after, steps = prepare_next_round(with_vector)
    assert after.player("Ana").city[Colour.PINK] == (c("pink:3"),) and steps[-1].rule == sections.VECTOR
    without = Position(players=position.players, powers=dict.fromkeys(BASE_COLOURS))
    assert prepare_next_round(without)[0].player("Ana").city[Colour.PINK] == city[Colour.PINK]


def test_no_vector_card_means_the_vector_does_not_matter() -> None:
    position = Position(players=(Player("Ana", city={Colour.PINK: (c("pink:3"),)}),))
    after, steps = prepare_next_round(position)
    assert after == position and [s.rule for s in steps] == [sections.NEXT_ROUND]
