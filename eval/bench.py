"""``arbitre bench``: Arbitre beside BM25 alone and the tutorial pipeline, in one run, as ratios.

Also a cold ``arbitre ask`` (median of 5 runs after one discarded, with peak memory) and the index
build times. Figures are printed, never asserted: these machines are noisy, so compare within a run.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from corpus import load_corpus
from eval.cases import Case, load_cases
from eval.metrics import CaseResult, figures, score_case, select
from eval.runner import run_case
from eval.scenarios import load_scenarios
from eval.tutorial import TutorialPipeline, chunk_seeds
from qa.ask import Asker
from qa.embeddings import E5Embeddings
from qa.index import Progress, SectionIndex, silent_progress
from qa.language import detect_language
from qa.lexical import LexicalRanker
from qa.phrases import NOT_FOUND
from qa.settings import Settings

COLD_QUESTION = "Combien rapporte un jeton Or ?"


def _timed(
    cases: Sequence[Case], answer: Callable[[Case], tuple[str, list[str], str]], progress: Progress, label: str
) -> list[CaseResult]:
    results = []
    with progress(len(cases), label) as bar:
        for case in cases:
            started = time.perf_counter()
            kind, ranked, text = answer(case)
            results.append(score_case(case, kind, ranked, text, time.perf_counter() - started))
            bar.update(1)
    return results


def _cold_ask(data_dir: Path, runs: int = 5) -> dict[str, float]:
    """Wall time and peak RSS of a fresh ``arbitre ask`` process: one discarded run, then the median of ``runs``."""
    arbitre = Path(sys.executable).parent / "arbitre"
    env = {**os.environ, "ARBITRE_DATA_DIR": str(data_dir)}
    seconds, peaks = [], []
    for i in range(runs + 1):
        started = time.perf_counter()
        proc = subprocess.Popen([str(arbitre), "ask", COLD_QUESTION], env=env, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(f"arbitre ask {COLD_QUESTION!r} failed with status {status}")
        if i:
            seconds.append(elapsed)
            peaks.append(usage.ru_maxrss / 1024)
    return {"median_s": round(statistics.median(seconds), 3), "peak_mb": round(max(peaks), 1)}


def _cli_index_seconds(data_dir: Path) -> float:
    arbitre = Path(sys.executable).parent / "arbitre"
    started = time.perf_counter()
    subprocess.run(
        [str(arbitre), "index"], env={**os.environ, "ARBITRE_DATA_DIR": str(data_dir)}, check=True, capture_output=True
    )
    return round(time.perf_counter() - started, 3)


def engine_timings(repeat: int = 200) -> dict[str, float]:
    """Microseconds for one Capital Lux 2 round-end resolution and one final scoring (4 players, best of 5)."""
    import timeit

    from engine.cl2.cards import BASE_COLOURS, Card, Colour
    from engine.cl2.position import Player, Position
    from engine.cl2.power import Power
    from engine.cl2.roundend import resolve_round
    from engine.cl2.scoring import winners

    def district(colour: Colour, *values: int) -> tuple[Card, ...]:
        return tuple(Card(colour, v) for v in values)

    players = tuple(
        Player(name, city={c: district(c, 2 + i, 3, 4 - i % 2) for c in BASE_COLOURS}, gold=i, bonus=(), hand=())
        for i, name in enumerate(["Ana", "Bob", "Cy", "Dee"])
    )
    position = Position(
        players=players,
        capital={c: district(c, 5, 6, 1) for c in BASE_COLOURS},
        powers=dict(zip(BASE_COLOURS, (Power.AGENT, Power.CLERIC, Power.MERCHANT, Power.SCHOLAR), strict=True)),
        agent_tiles={c: (1, -1) for c in BASE_COLOURS},
    )
    round_end = min(timeit.repeat(lambda: resolve_round(position, BASE_COLOURS), number=repeat, repeat=5)) / repeat
    scoring = min(timeit.repeat(lambda: winners(players), number=repeat, repeat=5)) / repeat
    every = min(timeit.repeat(every_power_round, number=max(1, repeat // 10), repeat=5)) / max(1, repeat // 10)
    root = min(timeit.repeat(root_turn, number=repeat, repeat=5)) / repeat
    return {
        "round_end_us": round(round_end * 1e6, 1),
        "final_scoring_us": round(scoring * 1e6, 1),
        "every_power_us": round(every * 1e6, 1),
        "root_turn_us": round(root * 1e6, 1),
    }


def root_turn() -> None:
    """A Necropossums Aurore (Sinistre retour, Fossoyer with a bird card) and Crépuscule's Ritual plan."""
    from engine.root.position import Board, Clearing, RootPosition, Suit
    from engine.root.rules import gravedigging, ritual_plan, sinister_return

    position = RootPosition(
        (
            Clearing("a", Suit.FOX, 5, frozenset({Suit.FOX}), Suit.FOX, {"cats": 2}),
            Clearing("b", Suit.MOUSE, 4, frozenset({Suit.MOUSE}), Suit.MOUSE),
            Clearing("c", Suit.RABBIT, 1, frozenset(), None, {"birds": 3}),
        ),
        Board(supply=6, hand=("bird", "fox")),
    )
    after, _ = sinister_return(position)
    after, _ = gravedigging(after, bird=True)
    ritual_plan(after)


def every_power_round() -> None:
    """Play a card for every power of configurations A, B, C and set E, each followed by a round end."""
    from engine.cl2.cards import BASE_COLOURS, Card, Colour
    from engine.cl2.position import Player, Position
    from engine.cl2.power import CONFIGURATIONS, Power
    from engine.cl2.powers import play_to_capital
    from engine.cl2.roundend import resolve_round

    def cards(colour: Colour, *values: int) -> tuple[Card, ...]:
        return tuple(Card(colour, v) for v in values)

    set_e = {
        Colour.BLUE: Power.INTRUDER,
        Colour.PINK: Power.VECTOR,
        Colour.YELLOW: Power.MERCHANT,
        Colour.GREEN: Power.EXPERIMENTER,
    }
    choices = {
        Power.AGENT: {"target": Colour.PINK},
        Power.CLERIC: {"district": Colour.GREEN},
        Power.MISSIONARY: {"take": Card(Colour.GREEN, 1)},
        Power.PROSELYTIZER: {"give": Card(Colour.BLUE, 2)},
        Power.SENTINEL: {"on": Card(Colour.GREEN, 3)},
        Power.INFILTRATOR: {"target": Colour.YELLOW},
        Power.INTRUDER: {"district": Colour.YELLOW},
        Power.EXPERIMENTER: {"take": Card(Colour.PINK, 7, kind="experimenter")},
    }
    for powers in (*CONFIGURATIONS.values(), set_e):
        position = Position(
            players=(
                Player(
                    "Ana", city={c: cards(c, 3, 4) for c in BASE_COLOURS}, gold=3, bonus=(), hand=cards(Colour.BLUE, 2)
                ),
                Player("Bob", city={c: cards(c, 5) for c in BASE_COLOURS}, gold=1, bonus=(), hand=()),
            ),
            capital={c: cards(c, 1, 6, 2) for c in BASE_COLOURS},
            powers=powers,
            agent_tiles={c: () for c in BASE_COLOURS} if powers[Colour.BLUE] == Power.AGENT else {},
            agent_stack=(1, -1),
            prophet_stack=(3, 2),
            display=cards(Colour.PINK, 4),
            deck_top=cards(Colour.GREEN, 5),
            recruiter_top=Card(Colour.GREEN, 2),
            recruiter_deck=(),
            dualist_deck=(Card(Colour.BLUE, 3, "dualist", alt=Colour.PINK),),
            rebel_deck=(Card(Colour.PINK, 4, "rebel"),),
            rebel_flag=Colour.BLUE if powers[Colour.BLUE] == Power.INFILTRATOR else None,
            vector_deck=(Card(Colour.GREEN, -2, "vector"),),
            experimenter_display=(Card(Colour.PINK, 7, "experimenter"),),
            experimenter_deck=(),
        )
        for colour in BASE_COLOURS:
            position = play_to_capital(position, "Ana", Card(colour, 5), **choices.get(powers[colour], {})).after  # type: ignore[arg-type]
        resolve_round(position, BASE_COLOURS, tie_gold_on={"Ana": Card(Colour.GREEN, 4), "Bob": Card(Colour.GREEN, 5)})


def run_bench(
    seeds_dir: Path,
    *,
    half: str = "test",
    progress: Progress = silent_progress,
    notify: Callable[[str], None] = lambda m: None,
) -> dict[str, Any]:
    """Measure everything in one run and return the figures (see the module docstring)."""
    corpus = load_corpus()
    cases = select(load_cases(corpus), half)
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-") as tmp:
        data_dir = Path(tmp)
        settings = Settings(data_dir=data_dir)
        embeddings = E5Embeddings.from_settings(settings)

        notify("Index build: full, then with nothing changed")
        index = SectionIndex(corpus, embeddings, settings, progress=progress)
        full = index.build(force=True).seconds
        started = time.perf_counter()
        SectionIndex(corpus, embeddings, settings).ensure()
        unchanged = time.perf_counter() - started
        unchanged_cli = _cli_index_seconds(data_dir)

        asker = Asker(corpus, settings)
        for case in cases[:5]:  # warm up: language model, first queries
            asker.ask(case.question)
        arbitre = []
        with progress(len(cases), "Arbitre") as bar:
            for case in cases:
                arbitre.append(run_case(asker, case))
                bar.update(1)
        notify("Scenario answers beside rules answers, alternately")
        scenario = scenario_latency(asker, [c.question for c in cases])

        ranker = LexicalRanker(corpus)

        def bm25(case: Case) -> tuple[str, list[str], str]:
            hits = ranker.rank(case.question, detect_language(case.question), k=5)
            if not hits:
                return "not_found", [], NOT_FOUND[case.lang]
            return "rules", [h.section.id for h in hits], hits[0].section.text

        lexical = _timed(cases, bm25, progress, "BM25 alone")

        notify("Tutorial pipeline: chunking the seed texts and embedding the chunks")
        started = time.perf_counter()
        tutorial = TutorialPipeline(chunk_seeds(corpus, seeds_dir), embeddings)
        tutorial_build = time.perf_counter() - started

        def chunked(case: Case) -> tuple[str, list[str], str]:
            top = tutorial.search(case.question)
            ranked = list(dict.fromkeys(s for chunk in top for s in chunk.sections))
            return "rules", ranked, top[0].text if top else ""

        chunks = _timed(cases, chunked, progress, "Tutorial pipeline")

        notify("Cold `arbitre ask`: 1 discarded run, then 5")
        cold = _cold_ask(data_dir)

    systems = {"arbitre": figures(arbitre), "bm25": figures(lexical), "tutorial": figures(chunks)}
    return {
        "backend": embeddings.name,
        "half": half,
        "cases": len(cases),
        "systems": systems,
        "cold_ask": cold,
        "engine": engine_timings(),
        "scenario": scenario,
        "index": {
            "full_build_s": round(full, 3),
            "unchanged_s": round(unchanged, 3),
            "unchanged_cli_s": unchanged_cli,
            "tutorial_build_s": round(tutorial_build, 3),
        },
    }


def scenario_latency(asker: Asker, rules: Sequence[str]) -> dict[str, float]:
    """Warm milliseconds of a scenario answer and of a rules answer, asked alternately in one run (the first turn of
    every scenario case against as many rules questions), and their ratio."""
    questions = [c.turns[0] for c in load_scenarios()]
    pairs = list(zip(rules, questions, strict=False))
    rule_ms, scenario_ms = [], []
    for rule, scene in pairs:
        started = time.perf_counter()
        asker.ask(rule)
        rule_ms.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        asker.ask(scene)
        scenario_ms.append((time.perf_counter() - started) * 1000)
    rules_median, scenario_median = statistics.median(rule_ms), statistics.median(scenario_ms)
    return {
        "pairs": len(pairs),
        "rules_median_ms": round(rules_median, 1),
        "scenario_median_ms": round(scenario_median, 1),
        "ratio_of_medians": round(scenario_median / rules_median, 3),
        "ratio_of_means": round(statistics.fmean(scenario_ms) / statistics.fmean(rule_ms), 3),
    }


def _ratio(a: float | None, b: float | None) -> str:
    if a is None or b is None or b == 0:
        return "—"
    return f"{a / b:.2f}x"


def report(figures_: dict[str, Any]) -> list[str]:
    """The benchmark as text: each system's figures, and Arbitre's ratios to the others."""
    systems = figures_["systems"]
    keys = ("recall@1", "recall@5", "accuracy", "not_found_precision", "not_found_recall", "p50_ms", "p95_ms")
    lines = [
        f"Benchmark on the {figures_['half']} half ({figures_['cases']} cases); backend {figures_['backend']}",
        f"{'':12}" + "".join(f"{k:>21}" for k in keys),
    ]
    for name, fig in systems.items():
        lines.append(f"{name:12}" + "".join(f"{'—' if fig[k] is None else fig[k]:>21}" for k in keys))
    for other in ("bm25", "tutorial"):
        lines.append(
            f"{'arbitre/' + other:12}"
            + "".join(f"{_ratio(systems['arbitre'][k], systems[other][k]):>21}" for k in keys)
        )
    cold, index, engine = figures_["cold_ask"], figures_["index"], figures_["engine"]
    lines += [
        f"cold `arbitre ask`: median {cold['median_s']} s over 5 runs, peak {cold['peak_mb']} MB",
        f"index: full build {index['full_build_s']} s; nothing changed {index['unchanged_s']} s in process, "
        f"{index['unchanged_cli_s']} s for `arbitre index`; tutorial chunks embedded in {index['tutorial_build_s']} s",
        f"engine: one Capital Lux 2 round end (4 players, 4 colours) {engine['round_end_us']} µs; "
        f"one final scoring {engine['final_scoring_us']} µs; every power played then a round end, for A, B, C "
        f"and set E: {engine['every_power_us']} µs; a Necropossums Aurore and Ritual plan: {engine['root_turn_us']} µs",
    ]
    scenario = figures_.get("scenario")
    if scenario:
        lines.append(
            f"scenario answers: median {scenario['scenario_median_ms']} ms against {scenario['rules_median_ms']} ms "
            f"for rules answers ({scenario['pairs']} pairs, alternately): ratio of medians "
            f"{scenario['ratio_of_medians']}, of means {scenario['ratio_of_means']}"
        )
    return lines
