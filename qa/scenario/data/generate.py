"""Labelled positions for the learned reader: random valid positions and queries, drawn from the engines' schemas,
that writers then put into the words a player would use (``python -m qa.scenario.data.generate``).

Each item is a label, exact by construction: the frame asked, the facts stated (as fact paths of the case format,
``eval/scenarios_format.md``), who asks about whom, and for a follow-up the facts its second turn changes. Values
lean toward the decision's edge (a district within 2 of its MAXIMUM, tied totals), where a misread number changes
the verdict. A writer sees only :func:`describe`'s text; the aligner (:mod:`qa.scenario.data.align`) later finds
which words state which fact.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

CL2 = "capital-lux-2"
ROOT = "root"
COLOURS = ("blue", "pink", "yellow", "green")
NAMES = ("Léo", "Sam", "Inès", "Tom", "Maya", "Hugo", "Zoé", "Ben", "Chloé", "Nico")
#: Voices whose questions are about a named player, not the asker (part 1's City frames only).
ABOUT_OTHER = frozenset({"other-player", "onlooker"})
SUITS = ("fox", "mouse", "rabbit")
#: The frames of part 1 and how often each is drawn.
WEIGHTS = {
    "district": 5, "gold_needed": 3, "maximum": 2, "bonus": 3, "score": 3, "winners": 2,
    "ritual": 2, "remove_cemetery": 1, "remove_necro": 1, "battle_losses": 1, "after_battle": 1, "gravedigging": 1,
}  # fmt: skip
SEED = 20261206
#: A later batch's items are numbered from ``batch * FIRST_OF_BATCH``: batch 0 holds 560 a voice.
FIRST_OF_BATCH = 1000


@dataclass
class Item:
    """One position to put into words: the label of the question a writer makes of it."""

    id: str
    game: str
    frame: str
    lang: str
    voice: str
    #: The player the question is about: ``me`` (the asker) or a name.
    about: str
    facts: dict[str, Any]
    #: A fact the question must leave out (its path): the answer should ask for it.
    leave_out: str | None = None
    #: A follow-up's second turn: the facts it changes (the label is ``facts`` updated with them).
    then: dict[str, Any] = field(default_factory=dict)
    #: A second frame the same question asks about the same position.
    also: str | None = None


def _cards(rng: random.Random, total: int, most: int = 4) -> list[int]:
    """Cards (1 to 9 each) summing to ``total`` (a single 0 for an empty total)."""
    if total <= 0:
        return []
    least = -(-total // 9)
    count = rng.randint(least, max(least, min(most, total)))
    cards = [1] * count
    for _ in range(total - count):
        cards[rng.choice([i for i, c in enumerate(cards) if c < 9])] += 1
    return cards


def _district(rng: random.Random, total: int, lists: bool) -> list[int] | int:
    return _cards(rng, total) if lists else total


def _edge(rng: random.Random, limit: int) -> int:
    """A total near ``limit`` most of the time (within 2), anywhere else sometimes."""
    if rng.random() < 0.7:
        return max(1, limit + rng.randint(-2, 2))
    return max(1, rng.randint(max(1, limit - 9), limit + 9))


def _bust_facts(rng: random.Random, about: str, frame: str) -> dict[str, Any]:
    colour = rng.choice(COLOURS)
    lists = rng.random() < 0.7
    capital = rng.randint(6, 22)
    facts: dict[str, Any] = {f"capital.{colour}": _district(rng, capital, lists or rng.random() < 0.5)}
    limit = capital
    if rng.random() < 0.25:  # revealed Agent tiles on the colour
        tiles = [rng.choice((-2, -1, 1, 2, 3)) for _ in range(rng.choice((1, 1, 2)))]
        facts[f"agent_tiles.{colour}"] = tiles
        facts["powers.blue"] = "agent"
        limit += sum(tiles)
    merchant = frame == "gold_needed" or rng.random() < 0.45
    gold = rng.randint(0, 5)
    if merchant:
        facts["powers.yellow"] = "merchant"
        facts[f"{about}.gold"] = gold
    total = _edge(rng, limit + (rng.randint(0, gold) if merchant and rng.random() < 0.6 else 0))
    facts[f"{about}.city.{colour}"] = _district(rng, total, lists)
    if rng.random() < 0.2:  # another district said in passing
        other = rng.choice([c for c in COLOURS if c != colour])
        facts[f"{about}.city.{other}"] = _district(rng, rng.randint(3, 20), lists)
    if rng.random() < 0.15:  # another player's district of the colour
        name = rng.choice([n for n in NAMES if n != about])
        facts[f"{name}.city.{colour}"] = _district(rng, _edge(rng, limit), lists)
    return facts


def _maximum_facts(rng: random.Random) -> dict[str, Any]:
    colour = rng.choice(COLOURS)
    facts: dict[str, Any] = {f"capital.{colour}": _cards(rng, rng.randint(5, 22))}
    if rng.random() < 0.7:
        facts[f"agent_tiles.{colour}"] = [rng.choice((-2, -1, 1, 2, 3)) for _ in range(rng.choice((1, 2, 2, 3)))]
        facts["powers.blue"] = "agent"
    return facts


def _bonus_facts(rng: random.Random, about: str) -> dict[str, Any]:
    colour = rng.choice(COLOURS)
    capital = rng.randint(8, 22)
    facts: dict[str, Any] = {f"capital.{colour}": _district(rng, capital, rng.random() < 0.6)}
    players = [about, *rng.sample([n for n in NAMES if n != about], rng.choice((1, 2, 2, 3)))]
    lists = rng.random() < 0.5
    base = _edge(rng, capital)
    for player in players:
        total = base if rng.random() < 0.3 else _edge(rng, capital)  # ties are frequent
        facts[f"{player}.city.{colour}"] = _district(rng, max(1, total), lists)
    return facts


def _score_facts(rng: random.Random, about: str) -> dict[str, Any]:
    lists = rng.random() < 0.4
    facts: dict[str, Any] = {}
    for colour in rng.sample(COLOURS, rng.choice((2, 3, 4, 4))):
        facts[f"{about}.city.{colour}"] = _district(rng, rng.randint(0, 18), lists)
    facts[f"{about}.bonus"] = [rng.randint(1, 9) for _ in range(rng.choice((0, 1, 1, 2, 3)))]
    facts[f"{about}.gold"] = rng.randint(0, 6)
    return facts


def _winners_facts(rng: random.Random, about: str) -> dict[str, Any]:
    players = [about, *rng.sample([n for n in NAMES if n != about], rng.choice((1, 2, 2, 3)))]
    facts: dict[str, Any] = {}
    base = rng.randint(20, 60)
    for player in players:
        city = rng.randint(12, 45)
        gold = rng.randint(0, 5)
        score = base if rng.random() < 0.35 else rng.randint(max(5, base - 6), base + 6)
        bonus = max(0, score - city - 2 * gold)
        facts[f"{player}.city_total"] = city
        facts[f"{player}.bonus_total"] = bonus
        facts[f"{player}.gold"] = gold
    return facts


def _root_facts(rng: random.Random, frame: str) -> dict[str, Any]:
    if frame == "ritual":
        facts: dict[str, Any] = {"cemeteries": rng.randint(0, 4), "warriors": rng.randint(0, 12)}
    elif frame == "remove_cemetery":
        facts = {"warriors": rng.randint(1, 12), "necros": rng.randint(0, 3), "cemetery_removed": True}
        if rng.random() < 0.4:
            facts["necro_warriors"] = rng.randint(0, 4)
    elif frame == "remove_necro":
        suit = rng.choice(SUITS)
        facts = {"necro_suit": suit, "cemeteries": rng.randint(0, 4)}
        if rng.random() < 0.7:
            facts[f"cemetery.{suit}"] = rng.random() < 0.6
    elif frame == "battle_losses":
        facts = {"hits": rng.randint(1, 5), "warriors": rng.randint(0, 8), "necros": rng.randint(0, 3)}
    elif frame == "after_battle":
        facts = {
            "enemy_warriors_removed": rng.randint(0, 4),
            "cemetery_here": rng.random() < 0.4,
            "necros": rng.randint(0, 2),
            "cemeteries": rng.randint(0, 3),
        }
    else:  # gravedigging
        facts = {"cemeteries": rng.randint(0, 4), "bird_cards": rng.randint(0, 3), "supply": rng.randint(0, 12)}
    return facts


#: Which fact a frame's answer may need and a question may leave out (the answer asks for it).
ASKABLE = {
    "district": "capital.{colour}", "gold_needed": "{about}.gold", "bonus": "capital.{colour}",
    "ritual": "cemeteries", "battle_losses": "hits", "gravedigging": "cemeteries",
}  # fmt: skip


def draw(rng: random.Random, index: int, voice: str, lang: str, about_other: bool) -> Item:
    """One random item of a random frame."""
    frame = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
    if voice == "two-at-once":
        frame = rng.choice(("district", "district", "gold_needed", "bonus"))
    while voice in ABOUT_OTHER and frame not in ("district", "gold_needed", "bonus", "score"):
        frame = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
    game = ROOT if frame in ("ritual", "remove_cemetery", "remove_necro", "battle_losses", "after_battle",
                             "gravedigging") else CL2  # fmt: skip
    about = rng.choice(NAMES) if (about_other or rng.random() < 0.2) and game == CL2 else "me"
    if frame in ("district", "gold_needed"):
        facts = _bust_facts(rng, about, frame)
    elif frame == "maximum":
        facts = _maximum_facts(rng)
    elif frame == "bonus":
        facts = _bonus_facts(rng, about)
    elif frame == "score":
        facts = _score_facts(rng, about)
    elif frame == "winners":
        facts = _winners_facts(rng, about)
    else:
        facts = _root_facts(rng, frame)
    item = Item(f"{voice}-{index:04d}", game, frame, lang, voice, about, facts)
    if voice == "two-at-once":
        merchant = facts.get("powers.yellow") == "merchant"
        item.also = "gold_needed" if frame == "district" and merchant and rng.random() < 0.5 else "maximum"
        return item
    if frame in ASKABLE and rng.random() < 0.08:
        colour = next((p.split(".")[-1] for p in facts if p.startswith("capital.")), "")
        path = ASKABLE[frame].format(colour=colour, about=about)
        if path in facts:
            item.leave_out = path
    elif rng.random() < 0.12 and item.frame not in ("winners", "remove_necro"):
        path = rng.choice([p for p, v in facts.items() if isinstance(v, int) and not isinstance(v, bool)] or [""])
        if path:
            item.then = {path: max(0, facts[path] + rng.choice((-2, -1, 1, 2, 3)))}
    return item


def generate(voices: dict[str, str], per_voice: int, seed: int = SEED, first: int = 0) -> Iterator[Item]:
    """``per_voice`` items for each voice (its language: ``fr``, ``en``, or ``mixed`` for half each), numbered from
    ``first`` (a second batch draws from another seed and numbers on)."""
    rng = random.Random(seed)  # noqa: S311 - reproducible drawing, not security
    for voice, lang in voices.items():
        for index in range(first, first + per_voice):
            item_lang = lang if lang != "mixed" else ("fr" if index % 2 else "en")
            yield draw(rng, index, voice, item_lang, voice in ABOUT_OTHER)


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per-voice", type=int, default=560)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "items")
    parser.add_argument("--batch", type=int, default=0, help="a later batch: seed + batch, numbered after the others")
    parser.add_argument("--voices", nargs="*", help="only these voices (default: every voice)")
    args = parser.parse_args()
    from qa.scenario.data.voices import VOICES

    args.out.mkdir(parents=True, exist_ok=True)
    files: dict[str, list[str]] = {}
    voices = {v.name: v.lang for v in VOICES if not args.voices or v.name in args.voices}
    unknown = sorted(set(args.voices or ()) - {v.name for v in VOICES})
    if unknown:
        raise SystemExit(f"unknown voice(s) {unknown}; the voices are {[v.name for v in VOICES]}")
    for item in generate(voices, args.per_voice, SEED + args.batch, args.batch * FIRST_OF_BATCH):
        files.setdefault(item.voice, []).append(json.dumps(asdict(item), ensure_ascii=False))
    for voice, lines in files.items():
        with (args.out / f"{voice}.jsonl").open("w" if not args.batch else "a", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")
        sys.stdout.write(f"{voice}: {len(lines)} items\n")


if __name__ == "__main__":
    main()
