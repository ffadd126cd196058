"""``arbitre eval``: run the cases, print the figures, apply the regression gate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from eval.accord import accord_figures, accord_lines
from eval.cases import load_cases
from eval.gate import TOLERANCE, compare, default_baseline_file, load_baseline, marginal_cases, write_baseline
from eval.metrics import breakdown, select
from eval.runner import run_cases
from eval.scenarios import SCENARIO_REASONS, SET, load_scenarios, run_scenarios, scenario_figures
from qa.ask import Asker
from qa.index import Progress

COLUMNS = (
    "cases",
    "recall@1",
    "recall@5",
    "accuracy",
    "direct_accuracy",
    "grounded",
    "not_found_precision",
    "not_found_recall",
    "p50_ms",
    "p95_ms",
    "yn_right",
    "yn_wrong",
    "yn_withheld",
)
HEADERS = (
    "cases",
    "R@1",
    "R@5",
    "acc",
    "direct",
    "ground",
    "NF-P",
    "NF-R",
    "p50ms",
    "p95ms",
    "YN-ok",
    "YN-bad",
    "YN-?",
)


def table(groups: dict[str, dict[str, Any]]) -> list[str]:
    """The figures as aligned text rows."""
    width = max(len(name) for name in groups)
    lines = [f"{'':{width}}  " + "  ".join(f"{h:>6}" for h in HEADERS)]
    for name, fig in groups.items():
        if not fig["cases"]:
            continue
        cells = ["—" if fig[c] is None else str(fig[c]) for c in COLUMNS]
        lines.append(f"{name:{width}}  " + "  ".join(f"{cell:>6}" for cell in cells))
    return lines


def run_evaluation(
    asker: Asker,
    *,
    half: str,
    as_json: bool,
    accept: bool,
    cases_file: str | None,
    baseline_file: str | None,
    progress: Progress,
) -> int:
    """Run, print, gate. Returns the exit code: 1 when a case regressed (and ``accept`` is off)."""
    cases = select(load_cases(asker.corpus, Path(cases_file) if cases_file else None), half)
    results = run_cases(asker, cases, progress)
    scenarios = [] if cases_file else [c for c in load_scenarios() if half == "all" or c.half == half]
    solved = run_scenarios(asker, scenarios, progress)
    results += [s.result for s in solved]
    backend = asker.index.embeddings.name
    baseline_path = Path(baseline_file) if baseline_file else default_baseline_file()
    baseline = load_baseline(baseline_path)
    changes = compare(baseline, results, scope={c.id for c in cases} | {c.id for c in scenarios})
    regressions = [c for c in changes if c.regression]
    marginal = marginal_cases(results)
    groups = breakdown(results)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "backend": backend,
                    "half": half,
                    "figures": groups,
                    "scenarios": scenario_figures(solved),
                    "accord": accord_figures(solved),
                    "changes": [c.describe() for c in changes],
                    "regressions": [c.id for c in regressions],
                    "tolerance": TOLERANCE,
                    "marginal": marginal,
                    "results": [r.to_dict() for r in results],
                },
                ensure_ascii=False,
                indent=1,
            )
        )
    else:
        click.echo(f"Evaluation of {len(results)} cases ({half}); embedding backend {backend}")
        for line in table(groups):
            click.echo(line)
        if solved:
            click.echo(
                "\nScenarios: passed (the right verdict, the fact asked for, or the problem quoted), reader (facts "
                "read right), routed (took the scenario path), clarify P/R, confident wrong verdicts"
            )
            for name, fig in scenario_figures(solved).items():
                click.echo(
                    f"  {name:24} {fig['passed']:>4}/{fig['cases']:<4} {fig['share']!s:>6}  reader {fig['facts']:>8} "
                    f"{fig['reader']!s:>6}  routed {fig['routed']!s:>6}  clarify P {fig['clarify_precision']!s:>6} "
                    f"R {fig['clarify_recall']!s:>6}  wrong {fig['confident_wrong']}  "
                    f"false cannot-be {fig.get('false_cannot_be', 0)}"
                )
            click.echo(
                "\nTwo readers, per set: questions both read, how often they agreed and how right the answer was then, "
                "and what each kind of disagreement became (right/cases)"
            )
            for line in accord_lines(solved):
                click.echo(line)
            stayed = [r for r in results if r.set != SET]
            kept = sum(r.reason not in SCENARIO_REASONS for r in stayed)
            if stayed:
                click.echo(f"  rules questions kept on the rules path: {kept}/{len(stayed)} ({kept / len(stayed):.3f})")
        click.echo(
            f"\n{len(changes)} case(s) changed since the baseline ({baseline_path.name}):"
            if changes
            else "\nNo case changed since the baseline."
        )
        for change in changes:
            click.echo(f"  {change.describe()}")
        share = len(marginal) / len(results) if results else 0.0
        flipped = sum(c.marginal for c in changes)
        click.echo(
            f"{len(marginal)} of {len(results)} case(s) ({share:.1%}) are marginal (margin ≤ {TOLERANCE}): "
            f"the gate forgives a change on them; {flipped} changed."
        )
    if accept:
        if half != "all":
            raise click.ClickException("--accept records the whole set: run it with --half all")
        write_baseline(baseline_path, results, backend)
        click.echo(f"Baseline recorded in {baseline_path}", err=True)
        return 0
    if baseline is None:
        click.echo(f"No baseline yet at {baseline_path}: run `arbitre eval --accept` to record one.", err=True)
        return 1
    if regressions:
        click.echo(f"{len(regressions)} regression(s): a case that passed in the baseline now fails.", err=True)
        return 1
    return 0
