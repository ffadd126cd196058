"""Labelled positions of part 2 (issue 35): a card played with its power, where a card may go, the Architect's
claim, the Mentalist's Swap, and the Necropossums' Skull, Wheel, Birdsong and Hammer
(``python -m qa.scenario.data.generate_powers``).

As in :mod:`qa.scenario.data.generate`, each item is a label exact by construction: the frame asked and the facts
stated, as the case format's fact paths (``eval/scenarios_format.md``): the card played (``me.plays``), the
choices a power needs (``choice.*``), its deck or display, the clearings named by number (``clearings``). The
verdict is the engine's to compute; the item only says what the question states. Writers see
:func:`qa.scenario.data.describe_powers.describe`, never the paths.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

from qa.scenario.data.generate import CL2, COLOURS, NAMES, ROOT, SUITS, Item

#: The powers of each configuration and of set E, by colour (configurations A, B, C; set E replaces one colour).
POWERS = {
    "blue": ("agent", "infiltrator", "recruiter", "intruder"),
    "pink": ("cleric", "prophet", "missionary", "vector"),
    "yellow": ("merchant", "disciple", "sentinel", "architect"),
    "green": ("scholar", "proselytizer", "dualist", "experimenter"),
}
#: The part-2 frames and how often each is drawn.
WEIGHTS = {"play": 8, "legal_plays": 2, "architect_claim": 1, "swap": 1, "skull": 1, "wheel": 1, "birdsong": 2,
           "hammer": 2}  # fmt: skip
SEED = 20261207
ACTIONS = ("boot", "sword", "card", "skull", "hammer")


def _card(rng: random.Random, colour: str | None = None, low: int = 1, high: int = 9) -> str:
    return f"{colour or rng.choice(COLOURS)}:{rng.randint(low, high)}"


def _rebel(rng: random.Random) -> str:
    return f"rebel/{_card(rng, high=6)}"  # rebel cards are worth 1 to 6


def _district(rng: random.Random, colour: str, most: int = 3) -> list[int]:
    return [rng.randint(1, 9) for _ in range(rng.randint(1, most))]


def _power_facts(rng: random.Random, about: str, colour: str, power: str) -> dict[str, Any]:
    """What a question about playing a card of ``colour`` with ``power`` on it states, the power's choices and
    draws included."""
    facts: dict[str, Any] = {f"powers.{colour}": power, f"{about}.plays": _card(rng, colour)}
    other = rng.choice([c for c in COLOURS if c != colour])
    if power == "agent":
        facts |= {"agent_stack": [rng.choice((-2, -1, 1, 2, 3))], "choice.target": other}
    elif power == "cleric":
        facts |= {"choice.district": other, f"capital.{other}": _district(rng, other)}
    elif power == "merchant":
        facts[f"{about}.gold"] = rng.randint(0, 5)
    elif power == "scholar":
        facts["deck_top"] = [_card(rng)]
    elif power == "infiltrator":
        facts |= {"rebel_deck": [_rebel(rng)], "rebel_flag": colour, "choice.target": other}
    elif power == "prophet":
        facts |= {"prophet_tiles": [rng.randint(1, 3) for _ in range(rng.randint(0, 2))]}
        facts["prophet_stack"] = [rng.randint(1, 3)]
        facts |= {f"capital.{c}": _district(rng, c) for c in COLOURS}
    elif power == "proselytizer":
        facts |= {"display": [_card(rng) for _ in range(3)], "choice.give": _card(rng)}
    elif power == "recruiter":
        facts["recruiter_top"] = f"recruiter/{_card(rng)}"
    elif power == "missionary":
        take = rng.randint(1, 5)
        facts |= {f"capital.{other}": [take, rng.randint(1, 9)], "choice.take": f"{other}:{take}"}
    elif power == "sentinel":
        covered = rng.randint(1, 9)
        facts |= {f"{about}.city.{other}": [covered], "choice.on": f"{other}:{covered}"}
    elif power == "dualist":
        facts["dualist_deck"] = [f"dualist/{colour}|{other}:{rng.randint(1, 6)}"]
    elif power == "intruder":
        facts |= {"choice.district": other, "rebel_deck": [_rebel(rng)]}
    elif power == "vector":
        facts["vector_deck"] = [f"vector/{_card(rng, low=-3, high=-1)}"]
    elif power == "architect":
        facts |= {"architect_display": ["=14", "pink=green"], "choice.tile": rng.choice(("=14", "pink=green"))}
        facts["choice.keep"] = rng.random() < 0.5
    elif power == "experimenter":
        shown = [f"experimenter/{rng.choice(COLOURS)}:{rng.choice((1, 7))}" for _ in range(2)]  # worth 1 or 7
        facts |= {"experimenter_display": shown, "choice.take": rng.choice(shown)}
    return facts


def _play(rng: random.Random, about: str) -> dict[str, Any]:
    colour = rng.choice(COLOURS)
    return _power_facts(rng, about, colour, rng.choice(POWERS[colour]))


def _legal(rng: random.Random, about: str) -> dict[str, Any]:
    if rng.random() < 0.5:
        return {"configuration": "B", "rebel_flag": rng.choice(COLOURS), f"{about}.hand": [_rebel(rng)]}
    extra = rng.choice(COLOURS)
    power = rng.choice(COLOURS)
    hand = rng.choice((f"purple:{rng.randint(2, 6)}", _card(rng, extra), _card(rng)))
    return {"undercover": True, "undercover.current": f"{power}/{extra}", f"{about}.hand": [hand]}


def _architect(rng: random.Random, about: str) -> dict[str, Any]:
    tile = rng.choice(("=12", "=14", "=16", "=18", "pink=green", "blue=yellow"))
    facts: dict[str, Any] = {"powers.yellow": "architect", f"{about}.architect": tile}
    for colour in rng.sample(COLOURS, rng.randint(1, 3)):
        facts[f"{about}.city.{colour}"] = _district(rng, colour, 4)
    return facts


def _swap(rng: random.Random, about: str) -> dict[str, Any]:
    colour = rng.choice(COLOURS)
    city, capital = _district(rng, colour), _district(rng, colour)
    tile = "blue/pink" if colour in ("blue", "pink") else "yellow/green"
    return {
        "mentalist.swap": tile,
        f"{about}.city.{colour}": city,
        f"capital.{colour}": capital,
        "choice.give": f"{colour}:{rng.choice(city)}",
        "choice.take": f"{colour}:{rng.choice(capital)}",
    }


def _skull(rng: random.Random) -> dict[str, Any]:
    return {"necro": rng.choice(SUITS), "enemy_warriors": rng.choice((0, 0, 1, 2, 3))}


def _wheel(rng: random.Random) -> dict[str, Any]:
    now, turned = rng.sample(ACTIONS, 2), rng.sample(ACTIONS, 2)
    return {"necro": rng.choice(SUITS), "wheel": now, "pair": turned, "enemy_warriors": rng.randint(0, 2)}


def _clearings(rng: random.Random, count: int, cemeteries: bool) -> list[dict[str, Any]]:
    ids = rng.sample(range(1, 13), count)
    suits = rng.sample(SUITS, min(count, 3))
    out = []
    for n, ident in enumerate(ids):
        suit = suits[n % len(suits)]
        out.append({"id": ident, "suit": suit, "warriors": rng.randint(0, 5), "cemetery": suit if cemeteries else None})
    return out


def _birdsong(rng: random.Random) -> dict[str, Any]:
    cemeteries = rng.random() < 0.75
    clearings = _clearings(rng, rng.randint(1, 3), cemeteries)
    if not cemeteries:
        for c in clearings:
            c["enemy_warriors"] = rng.randint(0, 4)
    return {"clearings": clearings, "bird_cards": rng.choice((0, 0, 1)), "supply": rng.randint(2, 14)}


def _hammer(rng: random.Random) -> dict[str, Any]:
    necro = rng.choice(SUITS)
    ident = rng.randint(1, 12)
    here = {"id": ident, "suit": rng.choice(SUITS), "necros": [necro], "cemetery": None}
    home = {"id": ident % 12 + 1, "suit": necro, "necros": [], "cemetery": necro}
    return {
        "necro": necro,
        "clearings": [here, home],
        "ruled": rng.random() < 0.7,
        "hand": [rng.choice(SUITS) for _ in range(rng.randint(1, 4))],
    }


DRAW: dict[str, Callable[[random.Random, str], dict[str, Any]]] = {
    "play": _play,
    "legal_plays": _legal,
    "architect_claim": _architect,
    "swap": _swap,
    "skull": lambda rng, about: _skull(rng),
    "wheel": lambda rng, about: _wheel(rng),
    "birdsong": lambda rng, about: _birdsong(rng),
    "hammer": lambda rng, about: _hammer(rng),
}


def draw(rng: random.Random, index: int, voice: str, lang: str) -> Item:
    """One random part-2 item."""
    frame = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
    game = ROOT if frame in ("skull", "wheel", "birdsong", "hammer") else CL2
    about = rng.choice(NAMES) if game == CL2 and rng.random() < 0.25 else "me"
    return Item(f"{voice}-p{index:04d}", game, frame, lang, voice, about, DRAW[frame](rng, about))


def generate(voices: dict[str, str], per_voice: int, seed: int = SEED) -> Iterator[Item]:
    """``per_voice`` part-2 items for each voice (``mixed``: half French, half English)."""
    rng = random.Random(seed)  # noqa: S311 - reproducible drawing, not security
    for voice, lang in voices.items():
        for index in range(per_voice):
            yield draw(rng, index, voice, lang if lang != "mixed" else ("fr" if index % 2 else "en"))


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per-voice", type=int, default=40)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "items_powers")
    parser.add_argument("--voices", nargs="*", help="only these voices (default: every voice)")
    parser.add_argument("--seed", type=int, default=SEED, help="another batch draws other positions")
    args = parser.parse_args()
    from qa.scenario.data.voices import VOICES

    voices = {v.name: v.lang for v in VOICES if not args.voices or v.name in args.voices}
    args.out.mkdir(parents=True, exist_ok=True)
    files: dict[str, list[str]] = {}
    for item in generate(voices, args.per_voice, args.seed):
        files.setdefault(item.voice, []).append(json.dumps(asdict(item), ensure_ascii=False))
    for voice, lines in files.items():
        (args.out / f"{voice}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        sys.stdout.write(f"{voice}: {len(lines)} items\n")


if __name__ == "__main__":
    main()
