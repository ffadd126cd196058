"""Does the wording of the authored questions give their yes or no away?

The yes/no rulings' questions carry their answer (:mod:`qa.yesno`). If a reader who sees only a question, never
its ruling, could tell its yes from its no, matching would learn the writers' habits (flips longer, or always
negated), not the rules. So a classifier that sees only the question (TF-IDF of its folded words and word pairs,
logistic regression) is trained on some rulings and scored on held-out ones (grouped folds: every question of a
ruling in one fold). Its balanced accuracy (the mean of its recall on yes and on no, so that a class that is more
frequent earns nothing) must stay at or under :data:`LIMIT`.

Run it with ``python -m eval.style_guard`` (needs scikit-learn, which the ``dev`` extra brings).
"""

from __future__ import annotations

from dataclasses import dataclass

import click

from corpus import Corpus, load_corpus
from corpus.text import fold
from qa.yesno import labels

#: The highest balanced accuracy a question-only classifier may reach on held-out rulings.
LIMIT = 0.60
FOLDS = 5


@dataclass(frozen=True)
class Labelled:
    """One yes/no question of a ruling, with its right answer."""

    ruling: str
    lang: str
    text: str
    answer: str


@dataclass(frozen=True)
class GuardResult:
    """How well the question alone tells yes from no, on held-out rulings."""

    questions: int
    rulings: int
    #: The share of yes among the questions.
    yes_share: float
    balanced_accuracy: float
    accuracy: float

    @property
    def passed(self) -> bool:
        """True when the wording does not give the answer away."""
        return self.balanced_accuracy <= LIMIT


def yes_no_questions(corpus: Corpus, lang: str | None = None) -> list[Labelled]:
    """Every question labelled yes or no, of the rulings whose questions hold both answers."""
    out: list[Labelled] = []
    for ruling in corpus.rulings.values():
        for q_lang in ruling.questions:
            if lang is not None and q_lang != lang:
                continue
            found = [n for n in labels(ruling, q_lang).values() if n.label in ("yes", "no")]
            if {n.label for n in found} == {"yes", "no"}:
                out.extend(Labelled(ruling.id, q_lang, n.text, n.label) for n in found)
    return out


def guard(questions: list[Labelled], folds: int = FOLDS) -> GuardResult:
    """Train on the rulings of all folds but one, score on that one, over every fold."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import balanced_accuracy_score
    from sklearn.model_selection import GroupKFold
    from sklearn.pipeline import make_pipeline

    if len({q.ruling for q in questions}) < folds:
        raise ValueError(f"the style guard needs at least {folds} rulings with questions of both answers")
    texts = [f"{q.lang} {fold(q.text)}" for q in questions]
    truth = [q.answer for q in questions]
    groups = [q.ruling for q in questions]
    predicted = [""] * len(questions)
    for train, test in GroupKFold(n_splits=folds).split(texts, truth, groups):
        model = make_pipeline(
            TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True), LogisticRegression(max_iter=2000)
        )
        model.fit([texts[i] for i in train], [truth[i] for i in train])
        for i, label in zip(test, model.predict([texts[i] for i in test]), strict=True):
            predicted[i] = str(label)
    return GuardResult(
        questions=len(questions),
        rulings=len(set(groups)),
        yes_share=round(truth.count("yes") / len(truth), 3),
        balanced_accuracy=round(float(balanced_accuracy_score(truth, predicted)), 3),
        accuracy=round(sum(p == t for p, t in zip(predicted, truth, strict=True)) / len(truth), 3),
    )


@click.command()
def main() -> None:
    """Print how well a question-only classifier tells yes from no on held-out rulings, by language."""
    corpus = load_corpus()
    failed = False
    for lang in (None, "fr", "en"):
        result = guard(yes_no_questions(corpus, lang))
        failed |= not result.passed
        click.echo(
            f"{lang or 'all':>3}: {result.questions} questions of {result.rulings} rulings, yes {result.yes_share}: "
            f"balanced accuracy {result.balanced_accuracy} (limit {LIMIT}), accuracy {result.accuracy}"
        )
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
