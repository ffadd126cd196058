"""Train the learned reader's intent head and measure it (``python -m qa.scenario.data.train_intent``; needs the
``dev`` extra for scikit-learn).

The head reads the question's e5 vector, the one retrieval computes anyway, and says which frame the question asks,
or that it is a rules question. Its data: the writers' labelled questions (every frame of part 1, follow-ups
included; part 2's frames from ``rendered_powers``) and the rulings' questions (the rules class, numbers and
all: "how many gold does a tie give?").

It prints the accuracy with each voice held out of training in turn (whether the head learned the language or the
writers), then writes the head trained on everything to ``qa/models/intent.npz``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from corpus import load_corpus
from qa.embeddings import E5Embeddings
from qa.scenario.data.align import DATA, is_part2
from qa.scenario.intent import MODEL, RULES, IntentHead
from qa.settings import Settings

CACHE = Path.home() / ".cache" / "arbitre-intent"


def rules_questions(each: int = 3) -> list[tuple[str, str]]:
    """Up to ``each`` questions of every ruling in each language, spread over its list: the rules class."""
    corpus = load_corpus()
    out = []
    for r in sorted(corpus.rulings.values(), key=lambda r: r.id):
        for lang in sorted(r.questions):
            asked = [*r.questions[lang], *(a.text for a in r.asked.get(lang, ()))]
            out += [(q, lang) for q in asked[:: max(1, len(asked) // each)][:each]]
    return out


def powers_rows() -> list[dict[str, str]]:
    """Part 2's rendered questions (``rendered_powers``, items in ``items_powers``), labelled by their items' frames:
    the intent alone (their numbers are not aligned yet)."""
    rows = []
    for path in sorted((DATA / "rendered_powers").glob("*.jsonl")):
        items = {
            json.loads(line)["id"]: json.loads(line)
            for line in (DATA / "items_powers" / path.name).read_text(encoding="utf-8").splitlines()
        }
        for line in path.read_text(encoding="utf-8").splitlines():
            said = json.loads(line)
            item = items[said["id"]]
            rows.append({"text": said["turns"][-1], "intent": item["frame"], "voice": item["voice"]})
    return rows


def vectors(texts: list[str], embeddings: E5Embeddings) -> np.ndarray:
    """The e5 query vectors of ``texts``, cached on disk by the texts' digest and the backend's name."""
    digest = hashlib.sha256(json.dumps([embeddings.name, texts]).encode()).hexdigest()[:16]
    path = CACHE / f"{digest}.npy"
    if path.is_file():
        cached: np.ndarray = np.load(path)
        return cached
    CACHE.mkdir(parents=True, exist_ok=True)
    found = np.concatenate([embeddings.embed_queries(texts[k : k + 256]) for k in range(0, len(texts), 256)])
    np.save(path, found)
    return found


def main() -> None:
    import argparse

    from sklearn.linear_model import LogisticRegression

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--held-out", nargs="*", help="measure with only these voices held out (default: each voice)")
    args = parser.parse_args()

    rows = [json.loads(line) for line in (DATA / "labelled.jsonl").read_text(encoding="utf-8").splitlines()]
    # part 2's questions are all in powers_rows(), the ones the aligner could not place too
    rows = [r for r in rows if not is_part2(r["id"])] + powers_rows()
    rules = rules_questions()
    texts = [r["text"] for r in rows] + [q for q, _ in rules]
    labels = np.array([r["intent"] for r in rows] + [RULES] * len(rules))
    voices = np.array([r["voice"] for r in rows] + ["rules"] * len(rules))
    embeddings = E5Embeddings.from_settings(Settings.from_env())
    x = vectors(texts, embeddings)
    sys.stdout.write(f"{len(rows)} labelled questions, {len(rules)} rules questions, {len(set(labels))} classes\n")

    def fit(mask: np.ndarray) -> IntentHead:
        model = LogisticRegression(C=10.0, max_iter=2000, class_weight="balanced")
        model.fit(x[mask], labels[mask])
        return IntentHead.from_float(list(model.classes_), model.coef_, model.intercept_)

    ruled = voices == "rules"
    half = np.arange(len(texts)) % 5 == 0  # a fifth of the rules questions held out with each voice
    for voice in sorted(set(voices) - {"rules"}) if args.held_out is None else args.held_out:
        held = (voices == voice) | (ruled & half)
        head = fit(~held)
        said = [head.predict(v) for v in x[held]]
        truth = labels[held]
        right = Counter(("rules" if t == RULES else "scenario", s.label == t) for s, t in zip(said, truth, strict=True))
        scen_total = right[("scenario", True)] + right[("scenario", False)]
        rules_total = right[("rules", True)] + right[("rules", False)]
        routed = sum(1 for s, t in zip(said, truth, strict=True) if t != RULES and s.label != RULES)
        kept = sum(1 for s, t in zip(said, truth, strict=True) if t == RULES and s.label == RULES)
        sys.stdout.write(
            f"held out {voice:16} frame {right[('scenario', True)] / scen_total:.3f}  routed {routed / scen_total:.3f}"
            f"  rules kept {kept / rules_total:.3f}\n"
        )
    head = fit(np.ones(len(texts), dtype=bool))
    head.save(MODEL)
    sys.stdout.write(f"written {MODEL} ({MODEL.stat().st_size} bytes)\n")


if __name__ == "__main__":
    main()
