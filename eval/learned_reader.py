"""An experiment, not a feature: can a learned tagger tell what each number of a question is, better than the rules?

``python -m eval.learned_reader E5_FOLDER`` (a folder from ``arbitre e5-folder --base``; needs the ``st`` extra)
fine-tunes multilingual-e5-small as a tagger of number tokens on the dev halves of the scenario cases, then
prints, on the test halves, its share of number tokens given the right role (a Capital card, a City card, gold,
a Bonus card, an Agent tile, a Root count, or no fact at all) beside the rule reader's share on the same tokens.

Labels come from each case's expected facts (``facts`` in the case format), placed on the question's number
tokens: through the span of the fact the rule reader read, when it read that fact with the expected value, or
else through the only tokens holding the expected values. A case whose facts cannot be placed so is left out of
both training and scoring, which favours the rule reader somewhat: read that figure as its upper side.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from eval.scenarios import ScenarioCase, _fact_path, _same, load_scenarios
from qa.ask import Asker
from qa.scenario.lexicon import Kind, lex

#: Root facts that are counts.
ROOT_COUNTS = frozenset({"warriors", "cemeteries", "hits", "enemy_warriors_removed", "bird_cards", "necros"})
NONE = "none"


def role(path: str) -> str | None:
    """The role a number plays in the fact at ``path``: ``capital``, ``city``, ``gold``, ``bonus``, ``total``,
    ``agent`` or a Root count; ``None`` for a fact that is no number (a power, a configuration, a flag).

    >>> [role(p) for p in ("capital.green", "Léo.city.pink", "me.gold", "agent_tiles.blue", "hits", "power")]
    ['capital', 'city', 'gold', 'agent', 'hits', None]
    """
    parts = path.split(".")
    if parts[0] == "capital" and len(parts) == 2:
        return "capital"
    if parts[0] == "agent_tiles":
        return "agent"
    if len(parts) == 3 and parts[1] == "city":
        return "city"
    if len(parts) == 2 and parts[1] in ("gold", "bonus", "total"):
        return parts[1]
    return parts[0] if len(parts) == 1 and parts[0] in ROOT_COUNTS else None


@dataclass(frozen=True)
class Tagged:
    """A question's number tokens (character spans) and the role each plays, from the expected facts."""

    question: str
    spans: tuple[tuple[int, int], ...]
    roles: tuple[str, ...]
    #: The role the rule reader gave each token (the fact whose span holds it).
    read: tuple[str, ...]


def tag(case: ScenarioCase, read_facts: Sequence[dict[str, Any]]) -> Tagged | None:
    """The case's number tokens with their roles; ``None`` when an expected fact cannot be placed on them.

    ``read_facts`` are the facts of the rule reader's answer (the answer contract's ``scenario.facts``)."""
    question = case.turns[0]
    numbers = [(t.start, t.end, t.value) for t in lex(question, case.lang) if t.kind is Kind.NUMBER]
    placed: dict[int, str] = {}
    for path, value in case.facts.items():
        kind = role(path)
        if kind is None:
            continue
        fact = next((f for f in read_facts if _fact_path(f["path"]) == _fact_path(path)), None)
        if fact is not None and _same(value, fact["value"]) and fact["start"] >= 0:
            inside = [k for k, (s, e, _) in enumerate(numbers) if s >= fact["start"] and e <= fact["end"]]
            if inside:
                placed.update(dict.fromkeys(inside, kind))
                continue
        values = value if isinstance(value, list) else [value]
        holding = [k for k, (_, _, v) in enumerate(numbers) if v in values and k not in placed]
        if not all(isinstance(v, int) for v in values) or len(holding) != len(values):
            return None
        placed.update(dict.fromkeys(holding, kind))
    read = []
    for s, e, _ in numbers:
        fact = next((f for f in read_facts if f["start"] >= 0 and f["start"] <= s and e <= f["end"]), None)
        read.append((role(fact["path"]) if fact is not None else None) or NONE)
    return Tagged(
        question,
        tuple((s, e) for s, e, _ in numbers),
        tuple(placed.get(k, NONE) for k in range(len(numbers))),
        tuple(read),
    )


def tagged(cases: Sequence[ScenarioCase], asker: Asker) -> list[Tagged]:
    """The single-turn cases with numeric facts, tagged (those whose facts cannot be placed left out)."""
    out = []
    for case in cases:
        if len(case.turns) != 1 or not any(role(p) for p in case.facts):
            continue
        scenario = asker.ask(case.turns[0]).scenario
        found = tag(case, [] if scenario is None else scenario.to_dict().get("facts", []))
        if found is not None and found.spans:
            out.append(found)
    return out


@dataclass(frozen=True)
class Shares:
    """Right roles over number tokens, and over those that hold a fact's value."""

    tokens: tuple[int, int]
    values: tuple[int, int]

    def __str__(self) -> str:
        (a, b), (c, d) = self.tokens, self.values
        return f"all tokens {a}/{b} ({a / b:.3f}), value tokens {c}/{d} ({c / d:.3f})"


def shares(expected: Sequence[Sequence[str]], found: Sequence[Sequence[str]]) -> Shares:
    """How many roles ``found`` gives right, over all tokens and over value tokens.

    >>> str(shares([["city", "none"]], [["city", "city"]]))
    'all tokens 1/2 (0.500), value tokens 1/1 (1.000)'
    """
    pairs = [(e, f) for es, fs in zip(expected, found, strict=True) for e, f in zip(es, fs, strict=True)]
    values = [(e, f) for e, f in pairs if e != NONE]
    return Shares(
        (sum(e == f for e, f in pairs), len(pairs)),
        (sum(e == f for e, f in values), len(values)),
    )


def fine_tune(
    train: list[Tagged], test: list[Tagged], folder: Path, epochs: int
) -> list[list[str]]:  # pragma: no cover
    """Fine-tune e5 (its word embeddings frozen) with a linear head on each number's first piece; the roles it
    gives the test tokens after the last epoch (a figure is printed after each)."""
    import torch
    from transformers import AutoModel, AutoTokenizer

    torch.manual_seed(0)
    rng = random.Random(0)  # noqa: S311 - shuffles training rows, reproducibly
    tokenizer = AutoTokenizer.from_pretrained(str(folder))
    model = AutoModel.from_pretrained(str(folder))
    roles = sorted({r for t in train + test for r in t.roles})
    head = torch.nn.Linear(model.config.hidden_size, len(roles))
    for p in model.embeddings.parameters():
        p.requires_grad = False
    trainable = [p for p in model.parameters() if p.requires_grad] + list(head.parameters())
    optimiser = torch.optim.AdamW(trainable, lr=5e-5)

    def encode(t: Tagged) -> tuple[list[int], list[int]]:
        enc = tokenizer("query: " + t.question, return_offsets_mapping=True, truncation=True, max_length=256)
        labels = [-100] * len(enc["input_ids"])
        shift = len("query: ")
        for (s, e), r in zip(t.spans, t.roles, strict=True):
            first = next(
                (k for k, (a, b) in enumerate(enc["offset_mapping"]) if b > a and a < e + shift and b > s + shift), None
            )
            if first is not None:
                labels[first] = roles.index(r)
        return enc["input_ids"], labels

    def batch(rows: list[tuple[list[int], list[int]]]) -> tuple[Any, Any, Any]:
        width = max(len(i) for i, _ in rows)
        ids = torch.tensor([i + [0] * (width - len(i)) for i, _ in rows])
        mask = torch.tensor([[1] * len(i) + [0] * (width - len(i)) for i, _ in rows])
        labels = torch.tensor([y + [-100] * (width - len(y)) for _, y in rows])
        return ids, mask, labels

    rows, test_rows = [encode(t) for t in train], [encode(t) for t in test]
    predicted: list[list[str]] = []
    for epoch in range(epochs):
        model.train()
        rng.shuffle(rows)
        for k in range(0, len(rows), 16):
            ids, mask, labels = batch(rows[k : k + 16])
            logits = head(model(input_ids=ids, attention_mask=mask).last_hidden_state)
            loss = torch.nn.functional.cross_entropy(
                logits.reshape(-1, len(roles)), labels.reshape(-1), ignore_index=-100
            )
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        model.eval()
        predicted = []
        with torch.no_grad():
            for (ids_row, labels_row), t in zip(test_rows, test, strict=True):
                ids, mask, labels = batch([(ids_row, labels_row)])
                best = head(model(input_ids=ids, attention_mask=mask).last_hidden_state).argmax(-1)[0]
                predicted.append([roles[int(best[k])] for k, y in enumerate(labels_row) if y != -100])
                if len(predicted[-1]) != len(t.roles):  # a number the tokenizer cut away: counted wrong
                    predicted[-1] = [*predicted[-1], *["?"] * (len(t.roles) - len(predicted[-1]))]
        click.echo(f"epoch {epoch + 1}: learned tagger {shares([t.roles for t in test], predicted)}")
    return predicted


@click.command()
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--epochs", type=int, default=5, show_default=True)
def main(folder: Path, epochs: int) -> None:  # pragma: no cover
    """Fine-tune a number-role tagger on the dev halves; compare it with the rule reader on the test halves."""
    asker = Asker()
    cases = load_scenarios()
    train = tagged([c for c in cases if c.half == "dev"], asker)
    test = tagged([c for c in cases if c.half == "test"], asker)
    click.echo(f"tagged cases: dev {len(train)}, test {len(test)}")
    click.echo(f"rule reader: {shares([t.roles for t in test], [t.read for t in test])}")
    fine_tune(train, test, folder, epochs)


if __name__ == "__main__":  # pragma: no cover
    main()
