"""Run the evaluation cases through Arbitre and score them."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace

from eval.cases import Case
from eval.metrics import CaseResult, score_case
from qa.ask import Asker
from qa.index import Progress, silent_progress


def run_case(asker: Asker, case: Case) -> CaseResult:
    """Ask one case's question through the answer function (its language is detected, as for a real user) and
    score the answer."""
    started = time.perf_counter()
    answer = asker.ask(case.question)
    seconds = time.perf_counter() - started
    ranked = list(answer.retrieved)
    quotes = [c.quote for c in answer.citations]
    cited = [f"{s.title}\n{s.text}" for s in (asker.corpus.section(c.section, c.lang) for c in answer.citations)]
    result = score_case(
        case, answer.kind, ranked, answer.answer, seconds, quotes=quotes, cited=cited, margin=answer.margin
    )
    return replace(result, reason=answer.reason)


def run_cases(asker: Asker, cases: Sequence[Case], progress: Progress = silent_progress) -> list[CaseResult]:
    """Every case, in order, with a progress display."""
    results = []
    with progress(len(cases), "Evaluating") as bar:
        for case in cases:
            results.append(run_case(asker, case))
            bar.update(1)
    return results
