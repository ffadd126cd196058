"""Evaluation: the case set, the runner with its regression gate, and the benchmarks."""
