"""Part 2's generator: the same items from the same seed, every part-2 frame and every power of the registry, cards
the engine reads, and a writer's view of each."""

from __future__ import annotations

import json
from dataclasses import asdict

from engine.cl2.cards import Card
from engine.cl2.power import REGISTRY
from qa.scenario.data.align import DATA
from qa.scenario.data.describe_powers import describe
from qa.scenario.data.generate_powers import WEIGHTS, generate
from qa.scenario.data.voices import BRIEFS, VOICES

ITEMS = list(generate({"a": "mixed", "b": "fr"}, 300, seed=7))
#: Fact paths whose values are cards, or lists of cards.
CARDS = frozenset({"plays", "give", "take", "on", "deck_top", "display", "rebel_deck", "recruiter_top", "hand"})
CARDS |= {"dualist_deck", "vector_deck", "experimenter_display"}


def test_the_same_seed_draws_the_same_items_and_every_frame() -> None:
    again = list(generate({"a": "mixed", "b": "fr"}, 300, seed=7))
    assert [asdict(i) for i in ITEMS] == [asdict(i) for i in again]
    assert {i.frame for i in ITEMS} == set(WEIGHTS)
    assert {i.lang for i in ITEMS if i.voice == "b"} == {"fr"}


def test_every_power_of_the_registry_but_the_mentalist_is_played() -> None:
    played = {str(v) for i in ITEMS if i.frame == "play" for p, v in i.facts.items() if p.startswith("powers.")}
    assert played == {p.value for p in REGISTRY} - {"mentalist"}  # the Mentalist's tiles are the swap's items


def test_every_card_said_is_one_the_engine_reads() -> None:
    for item in (i for i in ITEMS if i.game == "capital-lux-2"):
        for path, value in item.facts.items():
            if path.rsplit(".", 1)[-1] in CARDS:
                for card in value if isinstance(value, list) else [value]:
                    assert Card.parse(card).format() == card, (item.id, path)


def test_a_writer_sees_every_fact_in_words() -> None:
    for item in ITEMS:
        text = describe(item)
        assert text.count("\n  - ") == len(item.facts) and "Ask: " in text
        assert "choice." not in text and ".plays" not in text  # no fact path reaches the writer


def test_batch_nine_is_the_generators_draw_its_brief_names() -> None:
    brief = (BRIEFS / "batch9-powers.md").read_text(encoding="utf-8")
    command = " ".join(brief.split("`")[1].split())
    voices = command.split("--voices ")[1].split()
    drawn = list(generate({v.name: v.lang for v in VOICES if v.name in voices}, 50, 20261209))
    for voice in voices:
        committed = (DATA / "items_powers" / f"{voice}.jsonl").read_text(encoding="utf-8").splitlines()
        assert [json.loads(line) for line in committed] == [asdict(i) for i in drawn if i.voice == voice], voice
