"""Load benchmark of the HTTP API (not a test): ``python -m eval.load [--seconds 30] [--clients 8] [--workers 1]``.

It starts ``arbitre serve`` with ``--workers`` processes of ``--answerers`` askers each (default: the cores over
the workers) on loopback (the rate limit raised for it), and ``--clients`` concurrent clients ask ``/api/ask`` for
``--seconds``, cycling through the evaluation set's questions (varied, so that no cache makes it trivial). It
reports requests per second, p50, p99, errors and 5xx; then the in-process rate on the same machine: as many
processes as the server has askers in all, each with its own asker and one engine thread, on the same questions for
the same time. The ratio of the two is the figure to compare (machines are noisy; both run here).
"""

from __future__ import annotations

import asyncio
import heapq
import multiprocessing
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

import click
import httpx

from corpus import load_corpus
from eval.cases import load_cases


@dataclass(frozen=True)
class Load:
    requests: int
    seconds: float
    latencies: tuple[float, ...]
    errors: int
    server_errors: int

    @property
    def rate(self) -> float:
        return self.requests / self.seconds

    def percentile(self, p: float) -> float:
        return percentile(self.latencies, p)


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p`` percentile (0 to 1) of ``values``, NaN for none."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def questions() -> list[str]:
    return [c.question for c in load_cases(load_corpus())]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _drive(url: str, asked: list[str], clients: int, seconds: float) -> Load:
    latencies: list[float] = []
    errors = server_errors = 0
    stop = time.perf_counter() + seconds
    counter = 0

    async def client(k: int) -> None:
        nonlocal errors, server_errors, counter
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            while time.perf_counter() < stop:
                question = asked[counter % len(asked)]
                counter += 1
                started = time.perf_counter()
                try:
                    response = await http.post("/api/ask", json={"question": question})
                except httpx.HTTPError:
                    errors += 1
                    continue
                latencies.append(time.perf_counter() - started)
                if response.status_code >= 500:
                    server_errors += 1
                elif response.status_code != 200:
                    errors += 1

    began = time.perf_counter()
    await asyncio.gather(*(client(k) for k in range(clients)))
    return Load(len(latencies), time.perf_counter() - began, tuple(latencies), errors, server_errors)


def _in_process(args: tuple[list[str], float, int, multiprocessing.Queue]) -> None:  # type: ignore[type-arg]
    asked, seconds, offset, out = args
    from qa.ask import Asker

    asker = Asker()
    asker.ask(asked[0])  # warm
    took: list[float] = []
    stop = time.perf_counter() + seconds
    while (started := time.perf_counter()) < stop:
        asker.ask(asked[(offset + len(took)) % len(asked)])
        took.append(time.perf_counter() - started)
    out.put(took)


def ideal_latencies(service: list[float], clients: int, servers: int, requests: int = 20_000) -> list[float]:
    """The latencies an ideal server would give: ``clients`` asking in a closed loop, ``servers`` askers taking
    requests first come, first served, with the measured in-process answer times (``service``, in turn) and no
    HTTP, client or scheduling cost at all. A lower bound for the API's figures on this machine."""
    free = [0.0] * servers
    arrivals = [(0.0, c) for c in range(clients)]
    found: list[float] = []
    while len(found) < requests:
        arrived, client = heapq.heappop(arrivals)
        k = min(range(servers), key=free.__getitem__)
        free[k] = max(arrived, free[k]) + service[len(found) % len(service)]
        found.append(free[k] - arrived)
        heapq.heappush(arrivals, (free[k], client))
    return found


def in_process_rate(asked: list[str], processes: int, seconds: float) -> tuple[float, list[float]]:
    if "OMP_NUM_THREADS" not in os.environ:  # each process its share of the cores, as `arbitre serve` gives
        os.environ["OMP_NUM_THREADS"] = str(max(1, (os.cpu_count() or 1) // processes))
    spawn = multiprocessing.get_context("spawn")  # fresh processes, as uvicorn's workers are (not forks)
    out: multiprocessing.Queue[list[float]] = spawn.Queue()
    procs = [spawn.Process(target=_in_process, args=((asked, seconds, k * 97, out),)) for k in range(processes)]
    for p in procs:
        p.start()
    took = [t for _ in procs for t in out.get()]
    for p in procs:
        p.join()
    return len(took) / seconds, took


@click.command()
@click.option("--seconds", type=float, default=30.0, show_default=True)
@click.option("--clients", type=int, default=8, show_default=True)
@click.option("--workers", type=int, default=1, show_default=True)
@click.option("--answerers", type=int, default=None, help="Askers per worker [default: the cores over the workers].")
def main(seconds: float, clients: int, workers: int, answerers: int | None) -> None:
    """Load the API and compare with the in-process rate."""
    asked = questions()
    answerers = answerers or max(1, (os.cpu_count() or 1) // workers)
    arbitre = shutil.which("arbitre", path=os.path.dirname(sys.executable)) or "arbitre"
    port = _port()
    env = {**os.environ, "ARBITRE_RATE_LIMIT": "1000000/minute"}
    server = subprocess.Popen(
        [arbitre, "serve", "--port", str(port), "--workers", str(workers), "--answerers", str(answerers)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300
        while True:
            try:
                if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise click.ClickException("the server did not become ready")
            time.sleep(0.5)
        for _ in range(2 * workers * answerers):  # warm each asker
            httpx.post(f"{url}/api/ask", json={"question": asked[0]}, timeout=30)
        cpu = time.process_time()
        load = asyncio.run(_drive(url, asked, clients, seconds))
        cpu = time.process_time() - cpu  # what the clients took of the machine's cores
    finally:
        server.terminate()
        server.wait(timeout=30)
    base, service = in_process_rate(asked, workers * answerers, seconds)
    ideal = ideal_latencies(service, clients, workers * answerers)
    ms = 1000
    click.echo(
        f"api_load clients={clients} workers={workers} answerers={answerers} seconds={load.seconds:.1f} "
        f"requests={load.requests} "
        f"rps={load.rate:.1f} p50_ms={load.percentile(0.5) * ms:.0f} p99_ms={load.percentile(0.99) * ms:.0f} "
        f"mean_ms={statistics.fmean(load.latencies) * ms:.0f} errors={load.errors} server_errors={load.server_errors} "
        f"client_cpu_ms_per_request={cpu / max(1, load.requests) * ms:.1f}"
    )
    click.echo(
        f"in_process processes={workers * answerers} rps={base:.1f} answer_p50_ms={percentile(service, 0.5) * ms:.0f} "
        f"answer_p99_ms={percentile(service, 0.99) * ms:.0f}"
    )
    click.echo(
        f"ideal_server (no HTTP or client cost, {clients} clients, first come first served) "
        f"p50_ms={percentile(ideal, 0.5) * ms:.0f} p99_ms={percentile(ideal, 0.99) * ms:.0f}"
    )
    click.echo(f"ratio api/in_process={load.rate / base:.2f}")


if __name__ == "__main__":
    main()
