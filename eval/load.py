"""Load benchmark of the HTTP API (not a test): ``python -m eval.load [--seconds 30] [--clients 8] [--workers 2]``.

It starts ``arbitre serve`` with ``--workers`` processes on loopback (the rate limit raised for it), and
``--clients`` concurrent clients ask ``/api/ask`` for ``--seconds``, cycling through the evaluation set's
questions (varied, so that no cache makes it trivial). It reports requests per second, p50, p99, errors and 5xx;
then the in-process rate on the same machine: as many processes as workers, each with its own asker, on the same
questions for the same time. The ratio of the two is the figure to compare (machines are noisy; both run here).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
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
        ordered = sorted(self.latencies)
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
    done, stop = 0, time.perf_counter() + seconds
    while time.perf_counter() < stop:
        asker.ask(asked[(offset + done) % len(asked)])
        done += 1
    out.put(done)


def in_process_rate(asked: list[str], processes: int, seconds: float) -> float:
    if "OMP_NUM_THREADS" not in os.environ:  # each process its share of the cores, as `arbitre serve` gives
        os.environ["OMP_NUM_THREADS"] = str(max(1, (os.cpu_count() or 1) // processes))
    spawn = multiprocessing.get_context("spawn")  # fresh processes, as uvicorn's workers are (not forks)
    out: multiprocessing.Queue[int] = spawn.Queue()
    procs = [spawn.Process(target=_in_process, args=((asked, seconds, k * 97, out),)) for k in range(processes)]
    for p in procs:
        p.start()
    total = sum(out.get() for _ in procs)
    for p in procs:
        p.join()
    return total / seconds


@click.command()
@click.option("--seconds", type=float, default=30.0, show_default=True)
@click.option("--clients", type=int, default=8, show_default=True)
@click.option("--workers", type=int, default=2, show_default=True)
def main(seconds: float, clients: int, workers: int) -> None:
    """Load the API and compare with the in-process rate."""
    asked = questions()
    arbitre = shutil.which("arbitre", path=os.path.dirname(sys.executable)) or "arbitre"
    port = _port()
    env = {**os.environ, "ARBITRE_RATE_LIMIT": "1000000/minute"}
    server = subprocess.Popen(
        [arbitre, "serve", "--port", str(port), "--workers", str(workers)],
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
        for _ in range(2 * workers):  # warm each worker
            httpx.post(f"{url}/api/ask", json={"question": asked[0]}, timeout=30)
        load = asyncio.run(_drive(url, asked, clients, seconds))
    finally:
        server.terminate()
        server.wait(timeout=30)
    base = in_process_rate(asked, workers, seconds)
    ms = 1000
    click.echo(
        f"api_load clients={clients} workers={workers} seconds={load.seconds:.1f} requests={load.requests} "
        f"rps={load.rate:.1f} p50_ms={load.percentile(0.5) * ms:.0f} p99_ms={load.percentile(0.99) * ms:.0f} "
        f"mean_ms={statistics.fmean(load.latencies) * ms:.0f} errors={load.errors} server_errors={load.server_errors}"
    )
    click.echo(f"in_process processes={workers} rps={base:.1f}")
    click.echo(f"ratio api/in_process={load.rate / base:.2f}")


if __name__ == "__main__":
    main()
