"""Scoring one case, and the figures over a set of cases (by kind, language and half)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from corpus.model import Verdict, leading_verdict
from corpus.text import fold, normalize
from eval.cases import Case


def fact_present(fact: Sequence[str], answer: str) -> bool:
    """True when one alternative of ``fact`` occurs in ``answer``, ignoring case, accents and spacing.

    >>> fact_present(["2 points", "deux points"], "Chaque jeton Or rapporte 2  Points.")
    True
    """
    text = fold(normalize(answer))
    return any(fold(normalize(alt)) in text for alt in fact)


@dataclass(frozen=True)
class CaseResult:
    """What Arbitre did on one case."""

    id: str
    half: str
    kind: str
    lang: str
    style: str
    #: Predicted answer kind (``rules``, ``not_found``...).
    predicted: str
    #: Section ids returned, best first.
    ranked: tuple[str, ...]
    #: An expected section ranks first / in the top 5 (always false for not_found cases).
    hit1: bool
    hit5: bool
    #: The answer is right: the key facts are in what is shown (the answer and its quotes), or "not found"
    #: when that is the answer.
    accurate: bool
    #: The key facts are in the answer text alone (the direct answer, without its quotes).
    direct: bool
    #: An answer was given and the sections it cites hold its key facts.
    grounded: bool
    seconds: float
    #: How close Arbitre's decision came to another answer (:attr:`qa.answer.Answer.margin`); ``None`` when no
    #: similarity was compared.
    margin: float | None = None
    #: The case's set.
    set: str = "cases"
    #: For a yes/no case: its expected answer, and the yes or no the answer starts with (``None``: withheld).
    expect: str | None = None
    said: str | None = None
    #: Why the answer is what it is (:class:`qa.decision.Reason`): tells whether a question took the scenario path.
    reason: str | None = None

    @property
    def passed(self) -> bool:
        """The gate's verdict: right answer, and (for an answerable case) the right section in the top 5."""
        return self.accurate and (self.kind == "not_found" or self.hit5)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {**asdict(self), "ranked": list(self.ranked), "passed": self.passed}


def said_verdict(answer: str) -> Verdict | None:
    """The yes or no an answer gives first. Arbitre answers "Si" only to a question asked in the negative, to say
    that the statement asked, negation included, is false: a no.

    >>> said_verdict("Si. Elle active toujours son pouvoir."), said_verdict("Oui. Trois manches.")
    ('no', 'yes')
    """
    return "no" if answer.startswith("Si.") else leading_verdict(answer)


def score_case(
    case: Case,
    predicted: str,
    ranked: Sequence[str],
    answer: str,
    seconds: float,
    *,
    quotes: Sequence[str] = (),
    cited: Sequence[str] = (),
    margin: float | None = None,
) -> CaseResult:
    """Score Arbitre's answer to ``case``: ``answer`` is its text, ``quotes`` the passages it shows, ``cited``
    the full text of the sections it cites."""
    expected = set(case.sections)

    def holds(text: str) -> bool:
        return all(fact_present(f, text) for f in case.facts)

    answered = predicted != "not_found"
    said = said_verdict(answer) if case.expect else None
    if case.not_found:  # the answer names what the texts do not know, when the case says what that is
        accurate = direct = not answered and holds(answer)
        grounded = False
    elif case.expect:  # what a player sees: the right yes or no first
        accurate = direct = answered and said == case.expect and holds(answer)
        grounded = accurate
    else:
        accurate = answered and holds("\n".join([answer, *quotes]))
        direct = answered and holds(answer)
        grounded = answered and holds("\n".join(cited))
    return CaseResult(
        id=case.id,
        half=case.half,
        kind=case.kind,
        lang=case.lang,
        style=case.style,
        predicted=predicted,
        ranked=tuple(ranked),
        hit1=not case.not_found and bool(ranked) and ranked[0] in expected,
        hit5=not case.not_found and bool(expected & set(ranked[:5])),
        accurate=accurate,
        direct=direct,
        grounded=grounded,
        seconds=seconds,
        margin=margin,
        set=case.set,
        expect=case.expect,
        said=said,
    )


def _ratio(n: int, d: int) -> float | None:
    return round(n / d, 3) if d else None


def figures(results: Sequence[CaseResult]) -> dict[str, Any]:
    """recall@1 and @5 (answerable cases), answer accuracy (shown, and direct answer alone), the share of
    answered cases whose cited sections hold the key facts, not_found precision/recall, latency."""
    answerable = [r for r in results if r.kind != "not_found"]
    answered = [r for r in answerable if r.predicted != "not_found"]
    predicted_nf = [r for r in results if r.predicted == "not_found"]
    true_nf = [r for r in results if r.kind == "not_found"]
    both = [r for r in true_nf if r.predicted == "not_found"]
    ms = np.array([r.seconds * 1000 for r in results]) if results else np.zeros(1)
    yes_no = [r for r in results if r.expect]
    return {
        "cases": len(results),
        "recall@1": _ratio(sum(r.hit1 for r in answerable), len(answerable)),
        "recall@5": _ratio(sum(r.hit5 for r in answerable), len(answerable)),
        "accuracy": _ratio(sum(r.accurate for r in results), len(results)),
        "direct_accuracy": _ratio(sum(r.direct for r in results), len(results)),
        "grounded": _ratio(sum(r.grounded for r in answered), len(answered)),
        "not_found_precision": _ratio(len(both), len(predicted_nf)),
        "not_found_recall": _ratio(len(both), len(true_nf)),
        "p50_ms": round(float(np.percentile(ms, 50)), 1),
        "p95_ms": round(float(np.percentile(ms, 95)), 1),
        "passed": sum(r.passed for r in results),
        # yes/no questions: the right yes or no given first, a wrong one, or none (withheld)
        "yn_right": _ratio(sum(r.said == r.expect for r in yes_no), len(yes_no)),
        "yn_wrong": _ratio(sum(r.said is not None and r.said != r.expect for r in yes_no), len(yes_no)),
        "yn_withheld": _ratio(sum(r.said is None for r in yes_no), len(yes_no)),
    }


def breakdown(results: Sequence[CaseResult]) -> dict[str, dict[str, Any]]:
    """:func:`figures` for the main set (all, then by half, kind, language, half × language, half × kind, and
    style), then for each other set, by half and by half × language."""
    out = _breakdown([r for r in results if r.set == "cases"])
    for name in dict.fromkeys(r.set for r in results if r.set != "cases"):
        members = [r for r in results if r.set == name]
        out[f"set={name}"] = figures(members)
        for half in ("dev", "test"):
            out[f"set={name} half={half}"] = figures([r for r in members if r.half == half])
            for lang in ("fr", "en"):
                out[f"set={name} half={half} lang={lang}"] = figures(
                    [r for r in members if r.half == half and r.lang == lang]
                )
    return out


def _breakdown(results: Sequence[CaseResult]) -> dict[str, dict[str, Any]]:
    kinds = sorted({r.kind for r in results})
    groups: list[dict[str, str]] = [{}]
    groups += [{"half": h} for h in ("dev", "test")]
    groups += [{"kind": k} for k in kinds]
    groups += [{"lang": lang} for lang in ("fr", "en")]
    groups += [{"half": h, "lang": lang} for h in ("dev", "test") for lang in ("fr", "en")]
    groups += [{"half": h, "kind": k} for h in ("dev", "test") for k in kinds]
    groups += [{"style": s} for s in sorted({r.style for r in results})]
    out = {}
    for group in groups:
        name = " ".join(f"{k}={v}" for k, v in group.items()) or "all"
        out[name] = figures([r for r in results if all(getattr(r, k) == v for k, v in group.items())])
    return out


def select(cases: Iterable[Case], half: str) -> list[Case]:
    """The cases of ``half`` (``dev``, ``test`` or ``all``)."""
    return [c for c in cases if half == "all" or c.half == half]
