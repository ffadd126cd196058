"""What a play changed, as the play verdict says it: one diff of the positions for every power."""

from __future__ import annotations

from typing import Any

from engine.cl2.check import run_queries
from engine.cl2.schema import PositionIn


def play(position: dict[str, Any], **query: Any) -> dict[str, Any]:
    doc = PositionIn.model_validate({**position, "queries": [{"query": "play", "player": "Ana", **query}]})
    (verdict,) = run_queries(doc)
    assert verdict.error is None and verdict.missing is None, verdict
    found: dict[str, Any] = verdict.verdict
    return found


TABLE: dict[str, Any] = {
    "players": [
        {"name": "Ana", "gold": 1, "hand": ["blue:3"], "city": {c: [] for c in ("blue", "pink", "yellow", "green")}}
    ],
    "capital": {"blue": ["blue:5"], "pink": ["pink:2", "pink:6"], "yellow": [], "green": ["green:1", "green:4"]},
}


def test_cleric_moves_the_lowest_card_to_the_city() -> None:
    found = play({**TABLE, "powers": {"pink": "cleric"}}, card="pink:4", district="green")
    assert found["applied"] is True
    assert (found["city_gained"], found["capital_left"], found["hand_gained"]) == (["green:1"], ["green:1"], [])


def test_cleric_in_its_own_district_leaves_the_card_just_played() -> None:
    found = play({**TABLE, "powers": {"pink": "cleric"}}, card="pink:1", district="pink")
    assert found["city_gained"] == ["pink:2"]


def test_merchant_gives_one_gold() -> None:
    found = play({**TABLE, "powers": {"yellow": "merchant"}}, card="yellow:3")
    assert (found["gold"], found["city_gained"], found["capital_left"]) == (2, [], [])


def test_prophet_at_five_discards_every_lowest_card_the_one_just_played_included() -> None:
    position = {**TABLE, "powers": {"pink": "prophet"}, "prophet_tiles": [3], "prophet_stack": [2]}
    found = play(position, card="pink:1")
    assert sorted(found["capital_left"]) == ["blue:5", "green:1", "pink:1"]


def test_proselytizer_takes_the_other_colours_into_hand() -> None:
    position = {**TABLE, "powers": {"green": "proselytizer"}, "display": ["pink:5", "blue:2", "green:3"]}
    found = play(position, card="green:2", give="blue:3")
    assert sorted(found["hand_gained"]) == ["green:3", "pink:5"]


def test_disciple_says_the_extra_turn_and_changes_nothing_else() -> None:
    found = play({**TABLE, "powers": {"yellow": "disciple"}}, card="yellow:3")
    assert found["extra_turn"] is True
    assert (found["gold"], found["hand_gained"], found["capital_left"], found["capital_added"]) == (1, [], [], [])


def test_a_card_played_to_the_city_activates_nothing_but_an_experimenter_1() -> None:
    table = {**TABLE, "powers": {"yellow": "disciple", "green": "experimenter"}}
    plain = play(table, card="yellow:4", place="city")
    assert (plain["power"], plain["applied"], plain["extra_turn"], plain["city_gained"]) == (None, False, False, [])
    assert plain["capital_left"] == []  # a card played to the City never was in the Capital
    one = play(table, card="experimenter/yellow:1", place="city")
    assert (one["power"], one["applied"], one["extra_turn"]) == ("disciple", True, True)


def test_queries_are_answered_after_the_plays_made_before_them() -> None:
    doc = PositionIn.model_validate(
        {
            **TABLE,
            "powers": {"pink": "cleric", "blue": "none", "yellow": "none", "green": "none"},
            "players": [{"name": "Ana", "gold": 0, "city": {"pink": [], "green": ["green:5"]}}],
            "plays": [{"query": "play", "player": "Ana", "card": "pink:3", "district": "green"}],
            "queries": [{"query": "district", "player": "Ana", "colour": "green"}],
        }
    )
    (verdict,) = run_queries(doc)
    assert verdict.verdict["total"] == 6 and verdict.verdict["maximum"] == 4  # green 1 moved: 5 + 1 against 4
    assert verdict.steps[1].rule == "cl2-power-tiles/config-a/clerc"  # the Cleric's move, before the bust check


def test_a_secret_card_goes_face_down_anywhere_in_the_capital_and_activates_that_district() -> None:
    doc = PositionIn.model_validate(
        {
            **TABLE,
            "powers": {"yellow": "merchant"},
            "queries": [
                {"query": "play", "player": "Ana", "card": "pink:4", "into": "yellow", "secret": True},
                {"query": "play", "player": "Ana", "card": "pink:4", "into": "yellow"},
            ],
        }
    )
    secret, plain = run_queries(doc)
    assert secret.verdict is not None
    assert (secret.verdict["power"], secret.verdict["applied"], secret.verdict["gold"]) == ("merchant", True, 2)
    assert secret.steps[0].rule == "cl2-expansion/mentalist/secret-card"
    assert plain.error == "pink:4 cannot be played in the Capital's yellow district"  # without the tile


def test_a_secret_card_names_its_district_and_is_never_played_to_a_city() -> None:
    queries = [
        {"query": "play", "player": "Ana", "card": "pink:4", "secret": True},
        {"query": "play", "player": "Ana", "card": "pink:4", "into": "yellow", "secret": True, "place": "city"},
    ]
    (unnamed, city) = run_queries(
        PositionIn.model_validate({**TABLE, "powers": {"yellow": "merchant"}, "queries": queries})
    )
    assert unnamed.missing == "play.into"
    assert city.error == "a Secret Card is played in the Capital, not in a City"


def test_a_round_end_after_a_play_lays_down_only_a_hand_the_position_gave() -> None:
    city: dict[str, list[str]] = {c: [] for c in ("blue", "pink", "yellow", "green")} | {"blue": ["blue:10"]}
    capital = {"blue": ["blue:3", "blue:8"], "pink": [], "yellow": [], "green": []}
    plays = [{"query": "play", "player": "Ana", "card": "pink:5", "take": "blue:3"}]
    district = [{"query": "district", "player": "Ana", "colour": "blue"}]
    powers = {"pink": "missionary", "blue": "none", "yellow": "none", "green": "none"}
    for hand, total in ((None, 10), ([], 13)):  # unknown: the blue 3 taken joins cards nobody knows; known: laid down
        player = {"name": "Ana", "gold": 0, "city": city} | ({} if hand is None else {"hand": hand})
        doc = {"players": [player], "capital": capital, "powers": powers, "plays": plays, "queries": district}
        (verdict,) = run_queries(PositionIn.model_validate(doc))
        assert verdict.error is None and verdict.verdict["total"] == total
