"""The deterministic aligner: which words of a writer's question state which fact of its item.

Writers only write; the label of each number in the text comes from here, matched against the item's facts
(``python -m qa.scenario.data.align`` writes ``labelled.jsonl`` and prints what it kept and dropped, by voice):

- every number of the text, in digits (``9``, ``+3``, ``B9``) or in words (``quinze``, ``twelve``), is found;
- a number whose value no fact holds states no fact (the round, the score so far, a value taken back);
- a value the facts hold as many times as the text says it, all in one fact, is that fact's; the sum of a
  fact's cards said after them ("9 and 8, so 17") is that fact's too;
- anything else cannot be placed without reading the sentence (a value two facts share, a value said more often
  than the facts hold it, a fact none of whose values is found), and the item is dropped.

A value of 0 or 1 may go unsaid as a number ("no gold", "un seul or"): it is not required to be found.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from qa.scenario.data.generate import Item
from qa.scenario.facts import card_read as card
from qa.scenario.slots import numbers_in

DATA = Path(__file__).parent


@dataclass(frozen=True)
class Number:
    """One number of a question: where it is, its value, and the fact it states (``None``: no fact)."""

    start: int
    end: int
    value: int
    path: str | None


@dataclass(frozen=True)
class Labelled:
    """One question (one turn) with its labels."""

    id: str
    voice: str
    lang: str
    game: str
    text: str
    #: The frame asked, or ``rules`` for a rules question.
    intent: str
    also: str | None
    turn: int
    numbers: tuple[Number, ...]


def _values(value: object) -> list[int] | None:
    """A fact's numbers: its cards, or its one number; ``None`` for a fact that is no number."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return [value]
    if isinstance(value, list | tuple) and all(isinstance(v, int) for v in value):
        return list(value)
    return None


def flat(facts: Mapping[str, Any]) -> dict[str, Any]:
    """Part 2's facts as facts of numbers: a card, or a list of cards of one colour, becomes its values under its
    path and colour (``me.plays: "pink:4"`` → ``me.plays.pink: [4]``); Root's clearings become each clearing's
    number and counts (``clearing``, ``clearing.warriors``, ``clearing.enemy_warriors``). Part 1's facts stay."""
    out: dict[str, Any] = {}
    for path, value in facts.items():
        cards = [value] if isinstance(value, str) else value if isinstance(value, list | tuple) else None
        read = [card(c) for c in cards] if cards else None
        if read and all(r is not None for r in read):
            for colour, number in read:  # type: ignore[misc]
                key = f"{path}.{colour}" if colour else path
                out.setdefault(key, []).append(number)
        elif path == "clearings" and isinstance(value, list):
            for clearing in value:
                out.setdefault("clearing", []).append(clearing["id"])
                for count in ("warriors", "enemy_warriors"):
                    if count in clearing:
                        out.setdefault(f"clearing.{count}", []).append(clearing[count])
        else:
            out[path] = value
    return out


def place(text: str, lang: str, facts: Mapping[str, Any]) -> tuple[Number, ...] | None:
    """The numbers of ``text`` labelled with the facts they state; ``None`` when they cannot all be placed."""
    said = numbers_in(text, lang)
    expected: dict[int, list[str]] = {}
    sums: dict[int, list[str]] = {}
    for path, value in facts.items():
        values = _values(value)
        for v in values or ():
            expected.setdefault(v, []).append(path)
        if values and len(values) > 1:
            sums.setdefault(sum(values), []).append(path)
    counts = Counter(v for _, _, v in said)
    left = {v: Counter(owners) for v, owners in expected.items()}
    out: list[Number] = []
    for start, end, value in said:
        owners = expected.get(value, [])
        if not owners:
            summed = sums.get(value, [])
            out.append(Number(start, end, value, summed[0] if len(summed) == 1 else None))
            continue
        if counts[value] != len(owners):
            return None  # the text says the value more often, or less often, than the facts hold it
        open_ = [p for p, n in left[value].items() if n > 0]
        whose = open_[0] if len(open_) == 1 else nearest(text, start, open_)
        if whose is None:
            return None  # two facts share the value and nothing near the number tells which
        left[value][whose] -= 1
        out.append(Number(start, end, value, whose))
    found = Counter((n.path, n.value) for n in out if n.path is not None)
    for path, value in facts.items():
        for v in _values(value) or ():
            if v > 1 and found[(path, v)] == 0:
                return None  # a fact whose value is not in the text: misread by the writer, or said another way
    return tuple(out)


#: Words that name what a fact is about, by the parts of its path (players are named by their names).
_CUES: dict[str, str] = {
    "capital": r"capital\w*|cap\b|🏛",
    "me": r"\b(?:my|mine|me|i|moi|mon|ma|mes|je|j|jai|chez moi|perso)\b",
    "city": r"\bcit[yée]\w*|district|ville",
    "gold": r"\bgold\w*|\bors?\b|pi[eè]ces?|coins?|jetons?|💰|🪙",
    "bonus": r"bonus",
    "agent_tiles": r"agent|tuiles?|tiles?",
    "blue": r"\bblue\b|\bbleue?s?\b|🔵|\bB(?=\d)",
    "pink": r"\bpinks?\b|\broses?\b|🩷|\bP(?=\d)|\bR(?=\d)",
    "yellow": r"\byellows?\b|\bjaunes?\b|🟡|\bY(?=\d)|\bJ(?=\d)",
    "green": r"\bgreens?\b|\bverte?s?\b|🟢|\bG(?=\d)|\bV(?=\d)",
}


def _cues_of(path: str) -> set[str]:
    """The patterns that name a fact: its owner (a player by name), its kind and its colour."""
    parts = path.split(".")
    cues = {_CUES[p] for p in parts if p in _CUES}
    if parts[0] not in _CUES and len(parts) > 1:
        cues.add(r"\b" + re.escape(parts[0]) + r"\b")
    return cues


def nearest(text: str, at: int, paths: list[str]) -> str | None:
    """Of facts that share a value, the one whose own words (those the others lack) come last before the number
    in its sentence, or else first after it in its clause; ``None`` when that does not single one out."""
    cues = {p: _cues_of(p) for p in paths}
    own = {p: cues[p] - set().union(*(cues[q] for q in paths if q != p)) for p in paths}
    begin = max(text.rfind(mark, 0, at) for mark in ".?!;\n") + 1
    before: dict[str, int] = {}
    for p, patterns in own.items():
        ends = [m.end() for pattern in patterns for m in re.finditer(pattern, text[begin:at], re.IGNORECASE)]
        if ends:
            before[p] = max(ends)
    if before:
        best = sorted(before, key=lambda p: -before[p])
        return best[0] if len(best) == 1 or before[best[0]] > before[best[1]] else None
    ahead = re.split(r"[,.;:?!]|\d", text[at : at + 25].lstrip("+-0123456789"), maxsplit=1)[0]  # its own clause
    after = {p for p, patterns in own.items() if any(re.search(x, ahead, re.IGNORECASE) for x in patterns)}
    return after.pop() if len(after) == 1 else None


def consistent(item: Item) -> bool:
    """False for a position the generator drew that cannot be: a Cemetery on the map with none in play."""
    on_map = (
        any(p.startswith("cemetery.") and v is True for p, v in item.facts.items())
        or item.facts.get("cemetery_here") is True
    )
    return not (on_map and item.facts.get("cemeteries") == 0)


def label(item: Item, turns: list[str]) -> Iterator[Labelled]:
    """The labelled turns of one rendered item (nothing when a turn cannot be placed, or the item's position
    cannot be)."""
    if not consistent(item):
        return
    facts = flat({p: v for p, v in item.facts.items() if p != item.leave_out})
    wanted = [facts] + ([flat(item.then)] if item.then else [])
    if len(turns) != len(wanted):
        return
    for k, (text, stated) in enumerate(zip(turns, wanted, strict=True)):
        placed = place(text, item.lang, stated)
        if placed is None:
            return
        yield Labelled(item.id, item.voice, item.lang, item.game, text, item.frame, item.also, k + 1, placed)


def is_part2(item_id: str) -> bool:
    """An item of part 2 (powers and modules): numbered ``<voice>-p0000``."""
    return item_id.rsplit("-", 1)[-1].startswith("p")


#: Where each part's items and their writers' questions are: part 1's frames, and part 2's powers and modules.
PARTS = (("items", "rendered"), ("items_powers", "rendered_powers"))


def rendered(
    voice: str, out: Path = DATA / "rendered", items_in: Path = DATA / "items"
) -> Iterable[tuple[Item, list[str]]]:
    """The items of ``voice`` with the turns their writer wrote (nothing when the voice has none in this part)."""
    if not (out / f"{voice}.jsonl").is_file():
        return
    items = {
        json.loads(line)["id"]: Item(**json.loads(line))
        for line in (items_in / f"{voice}.jsonl").read_text(encoding="utf-8").splitlines()
    }
    for line in (out / f"{voice}.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        yield items[row["id"]], list(row["turns"])


def main() -> None:
    from qa.scenario.data.voices import VOICES

    rows: list[str] = []
    for items_in, out in PARTS:
        for voice in VOICES:
            pairs = list(rendered(voice.name, DATA / out, DATA / items_in))
            if not pairs:
                continue
            kept = [row for item, turns in pairs for row in label(item, turns)]
            items = len({r.id for r in kept})
            sys.stdout.write(f"{out:16} {voice.name:16} {items:4}/{len(pairs)} items placed, {len(kept)} questions\n")
            rows += [json.dumps(asdict(r), ensure_ascii=False) for r in kept]
    (DATA / "labelled.jsonl").write_text("\n".join(rows) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
