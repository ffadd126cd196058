"""Paired warm latency of two checkouts: each question is asked of both, one right after the other.

``python -m eval.paired /path/to/old-checkout [--old-data DIR]`` starts one long-lived worker per checkout (the
other is this one), warms both up, then asks every main evaluation question of both, three times, alternating
which goes first. Machine noise then hits both alike; the figures printed are ratios within the run. The old
checkout gets its own data folder, since its index may differ.

``python -m eval.paired OLD --scenarios`` asks the scenario cases' first questions instead (a question's line
breaks become spaces: the worker reads one line a question).

``python -m eval.paired OLD --engine`` does the same for the benchmark's engine line: each checkout's own
``eval.bench.engine_timings`` runs in a fresh process, alternately, and the ratio of medians of each figure is
printed.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import click

from corpus import load_corpus
from eval.cases import default_cases_file, load_cases
from eval.scenarios import load_scenarios

_WORKER = """
import sys
from qa.ask import Asker
asker = Asker()
print("ready", flush=True)
for line in sys.stdin:
    asker.ask(line.rstrip("\\n"))
    print("ok", flush=True)
"""


class Worker:
    """An ``Asker`` in its own process, over the code of one checkout."""

    def __init__(self, checkout: Path, data_dir: Path | None = None) -> None:
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        if data_dir is not None:
            env["ARBITRE_DATA_DIR"] = str(data_dir)
        self.process = subprocess.Popen(
            [sys.executable, "-c", _WORKER],
            cwd=checkout,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        if self._line() != "ready":
            raise RuntimeError(f"the worker over {checkout} did not start")

    def _line(self) -> str:
        return self.process.stdout.readline().strip() if self.process.stdout else ""

    def ask(self, question: str) -> float:
        """The milliseconds one answer takes, pipe included (the same for both workers)."""
        if self.process.stdin is None:
            raise RuntimeError("the worker has no input")
        started = time.perf_counter()
        self.process.stdin.write(question + "\n")
        self.process.stdin.flush()
        if self._line() != "ok":
            raise RuntimeError(f"the worker failed on {question!r}")
        return (time.perf_counter() - started) * 1000


_ENGINE = "import json; from eval.bench import engine_timings; print(json.dumps(engine_timings()))"


def engine_figures(checkout: Path) -> dict[str, float]:
    """The benchmark's engine line, as the code of ``checkout`` computes it, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run([sys.executable, "-c", _ENGINE], cwd=checkout, env=env, capture_output=True, check=True)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def compare_engines(old: Path, rounds: int) -> None:
    """Ratios new/old of the engine line's figures (median over ``rounds`` alternating runs of each)."""
    here = Path(__file__).resolve().parent.parent
    runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    for round_ in range(rounds):
        order = [("old", old), ("new", here)] if round_ % 2 else [("new", here), ("old", old)]
        for label, checkout in order:
            runs[label].append(engine_figures(checkout))
    for key in runs["new"][0]:
        before = statistics.median(r[key] for r in runs["old"])
        after = statistics.median(r[key] for r in runs["new"])
        click.echo(f"{key}: old {before:.1f}, new {after:.1f}, new/old {after / before:.3f}")


@click.command()
@click.argument("old", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--old-data", type=click.Path(file_okay=False, path_type=Path), help="Its data folder.")
@click.option("--rounds", default=3, show_default=True, help="How many times each question is asked.")
@click.option("--engine", is_flag=True, help="Compare the benchmark's engine line instead of answer latency.")
@click.option("--scenarios", is_flag=True, help="Ask the scenario cases' first questions instead of the main ones.")
def main(old: Path, old_data: Path | None, rounds: int, engine: bool, scenarios: bool) -> None:
    """Paired warm latency of OLD (another checkout) and this checkout."""
    if engine:
        compare_engines(old, max(rounds, 5))
        return
    if scenarios:
        questions = [c.turns[0].replace("\n", " ") for c in load_scenarios()]
    else:
        questions = [c.question for c in load_cases(load_corpus(), default_cases_file())]
    before = Worker(old, old_data or old.parent / f"{old.name}-data")
    after = Worker(Path(__file__).resolve().parent.parent)
    for question in questions[:20]:
        before.ask(question), after.ask(question)
    olds, news = [], []
    for round_ in range(rounds):
        for i, question in enumerate(questions):
            if (i + round_) % 2:
                olds.append(before.ask(question))
                news.append(after.ask(question))
            else:
                news.append(after.ask(question))
                olds.append(before.ask(question))
    ratios = [b / a for a, b in zip(olds, news, strict=True)]
    click.echo(f"old: median {statistics.median(olds):.2f} ms, mean {statistics.fmean(olds):.2f} ms")
    click.echo(f"new: median {statistics.median(news):.2f} ms, mean {statistics.fmean(news):.2f} ms")
    click.echo(
        f"new/old: median of per-question ratios {statistics.median(ratios):.3f}, "
        f"ratio of medians {statistics.median(news) / statistics.median(olds):.3f}, "
        f"ratio of means {statistics.fmean(news) / statistics.fmean(olds):.3f}"
    )


if __name__ == "__main__":
    main()
