"""The frames' table: one module per kind of question, everything that belongs to it inside it."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import qa.scenario.frames as package
from qa.scenario.frames import FRAMES, Frame, cue_words, find, position_facts
from qa.scenario.lexicon import CUES, Kind, lex

#: The modules of the package that are no frame: the table's base and what several frames of a game share.
SHARED = {"base", "cl2_table", "root_table", "clearing_table"}


def test_every_frame_module_is_registered_once_under_its_query() -> None:
    modules = {m.name for m in pkgutil.iter_modules(package.__path__)} - SHARED
    assert modules == {f.query for f in FRAMES}
    for name in modules:
        frame = importlib.import_module(f"qa.scenario.frames.{name}").FRAME
        assert isinstance(frame, Frame) and frame.query == name and frame in FRAMES
    assert len({(f.game, f.query) for f in FRAMES}) == len(FRAMES)


@pytest.mark.parametrize("frame", FRAMES, ids=lambda f: f.query)
def test_each_frame_words_its_verdict_and_names_its_slots(frame: Frame) -> None:
    assert frame.sentence is not None and frame.slots
    assert find(frame.query, frame.game) is frame and find(frame.query, "another-game") is None


def test_the_facts_that_state_a_position_come_from_the_slots() -> None:
    # gold, Bonus cards, a power, the supply or a Necro's own Cemetery alone state no position
    assert position_facts() == {
        *("capital", "city", "maximum", "agent_tiles", "total"),
        *("cemeteries", "warriors", "necros", "hits", "enemy_warriors_removed", "bird_cards", "cemetery_here"),
        *("necro_suit", "cemetery_removed", "necro_warriors"),
        *("plays", "enemy_warriors", "pair"),  # a card played, the Daylight (the seats alone state none)
        "clearing",  # a clearing named by its number (Birdsong, the Hammer); the hand alone states none
    }


def test_a_frames_own_cue_words_are_its_alone_and_are_lexed() -> None:
    owned = cue_words()
    shared = {w for text in CUES.values() for w in text.split()}
    for frame in FRAMES:
        for cue, text in frame.words.items():
            assert cue in frame.cues and not set(text.split()) & shared, (frame.query, cue)
            others = [f for f in FRAMES if f is not frame and cue in f.words]
            assert not others, f"{cue!r} is owned by {frame.query} and {[f.query for f in others]}"
    assert set(owned) == {
        *("bonus", "win", "ritual", "gravedig", "revenant", "after_battle", "skull", "wheel", "deal"),
        *("birdsong", "hammer"),
    }
    (token,) = [t for t in lex("Rituel ?", "fr") if t.kind is Kind.CUE]
    assert token.value == "ritual"


def test_a_slot_matches_its_paths_and_gives_its_fields() -> None:
    (district,) = [s for s in find("district").slots if s.path == "{player}.city.{colour}"]  # type: ignore[union-attr]
    assert district.match("Léo.city.green") == {"player": "Léo", "colour": "green"}
    assert district.match("capital.green") is None and district.kind == "city"
    with pytest.raises(ValueError, match=re.escape("'{player}.city.{colour}' has no default")):
        district.assumed({}, {})
