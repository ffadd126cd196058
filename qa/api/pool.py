"""A process's askers: one per answering thread, lent to one request at a time.

An asker's embedding engine is not shared between threads, so each answering thread has its own asker. The
engine's C code runs without Python's lock, so two askers in one process answer about as fast as two processes
(measured on 2 cores: 42.7 questions a second with two threads, 42.8 with two processes, 21.5 with one). One
process with a pool takes every request in arrival order and gives it to the first free asker, where separate
worker processes keep each connection to themselves: 8 keep-alive clients could all land on one worker, which
halved the throughput in the load benchmark (:mod:`eval.load`).
"""

from __future__ import annotations

import queue
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from corpus import Corpus


class AskerPool:
    """Askers lent one at a time (first come, first served); ``ask`` and ``check`` wait for a free one."""

    def __init__(self, askers: Sequence[Any]) -> None:
        if not askers:
            raise ValueError("an asker pool needs at least one asker")
        #: Every asker, free or not.
        self.askers = tuple(askers)
        self._free: queue.Queue[Any] = queue.Queue()
        for asker in self.askers:
            self._free.put(asker)

    def __len__(self) -> int:
        return len(self.askers)

    @property
    def corpus(self) -> Corpus:
        """The corpus the askers answer from (read only, so shared)."""
        found: Corpus = self.askers[0].corpus
        return found

    @property
    def index(self) -> Any:
        """The first asker's index (they all open the same one)."""
        return self.askers[0].index

    @contextmanager
    def lease(self) -> Iterator[Any]:
        """A free asker for the time of one answer; it goes back to the pool afterwards, whatever happened."""
        asker = self._free.get()
        try:
            yield asker
        finally:
            self._free.put(asker)

    def ask(self, *args: Any, **kwargs: Any) -> Any:
        """``Asker.ask`` on the first free asker."""
        with self.lease() as asker:
            return asker.ask(*args, **kwargs)

    def check(self, *args: Any, **kwargs: Any) -> Any:
        """``Asker.check`` on the first free asker."""
        with self.lease() as asker:
            return asker.check(*args, **kwargs)
