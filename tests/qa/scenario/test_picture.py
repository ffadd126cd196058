"""The SVG of a position: what it shows, and that every text in it is escaped."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from qa.scenario.picture import picture

SVG = "{http://www.w3.org/2000/svg}"
NONE = {"blue": "none", "pink": "none", "yellow": "none", "green": "none"}


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]  # noqa: S314 - our own output


def test_a_bust_check_shows_the_maximum_and_marks_the_busted_district() -> None:
    position = {
        "capital": {"green": ["green:2", "green:8", "green:5"]},
        "players": [
            {"name": "me", "city": {"green": ["green:7", "green:9"]}},
            {"name": "Léo", "city": {"green": ["total/green:15"]}},
        ],
        "powers": NONE,
    }
    found = texts(picture(position, {"player": "me", "colour": "green", "busted": True}, "fr") or "")
    assert found == ["Capitale verte", "15", "moi", "16 ✗ saute", "Léo", "15", "MAX 15"]  # a tie stays


def test_the_verdict_decides_a_district_the_merchant_saved() -> None:
    position = {
        "capital": {"pink": ["pink:6", "pink:4"]},
        "players": [{"name": "me", "city": {"pink": ["pink:9", "pink:3"]}, "gold": 2}],
        "powers": {**NONE, "yellow": "merchant"},
    }
    found = texts(picture(position, {"player": "me", "colour": "pink", "busted": False}, "en") or "")
    assert found == ["Capital pink", "10", "me", "12", "MAX 10"]


def test_the_bonus_winner_is_starred() -> None:
    position = {
        "capital": {"yellow": ["yellow:7", "yellow:2"]},
        "players": [
            {"name": "me", "city": {"yellow": ["yellow:5"]}},
            {"name": "Ali", "city": {"yellow": ["yellow:8"]}},
        ],
        "powers": NONE,
    }
    found = texts(picture(position, {"colour": "yellow", "winner": "Ali"}, "en") or "")
    assert "Ali ★" in found and "me" in found


def test_names_from_the_question_are_escaped_text() -> None:
    name = '<script>alert(1)</script>"&'
    position = {"capital": {"blue": ["blue:5"]}, "players": [{"name": name, "city": {"blue": ["blue:4"]}}]}
    svg = picture(position, None, "en") or ""
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert name in texts(svg)


def test_game_end_totals_and_root_clearings() -> None:
    end = {"players": [{"name": "me", "score": 64, "gold": 3}, {"name": "Sam", "score": 64, "gold": 1}]}
    assert texts(picture(end, {"winners": ["Sam"]}, "en") or "") == [
        "me: score 64, gold 3",
        "Sam: score 64, gold 1 ★ wins",
    ]
    root = {
        "game": "root",
        "clearings": [{"id": "c1", "suit": "fox", "warriors": 5, "cemetery": "fox", "necros": ["fox"]}],
    }
    assert texts(picture(root, None, "fr") or "") == ["c1 (renard)", "Cimetière renard", "Nécro renard", "5 guerriers"]


def test_nothing_to_draw_or_an_unreadable_position_gives_none() -> None:
    assert picture(None, None, "fr") is None
    assert picture({"players": [{"name": "me", "city": {"green": ["green:x"]}}]}, None, "fr") is None
