"""The load benchmark's ideal-server bound (the benchmark itself runs outside the tests: python -m eval.load)."""

from __future__ import annotations

from eval.load import ideal_latencies, percentile


def test_one_client_waits_only_for_its_own_answer() -> None:
    found = ideal_latencies([0.01, 0.03], clients=1, servers=2, requests=10)
    assert {round(x, 9) for x in found} == {0.01, 0.03}


def test_clients_beyond_the_servers_queue_for_them() -> None:
    found = ideal_latencies([0.01], clients=4, servers=2, requests=100)
    assert found[:2] == [0.01, 0.01]  # the first two are served at once
    assert all(abs(x - 0.02) < 1e-9 for x in found[4:])  # then each waits for one answer ahead of it


def test_a_long_answer_delays_those_behind_it() -> None:
    found = ideal_latencies([0.01, 0.01, 0.01, 0.1], clients=2, servers=1, requests=400)
    assert percentile(found, 0.99) > 0.1 > percentile(found, 0.5)
