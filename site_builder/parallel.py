"""Run independent per-page work on every core.

Processes are forked, so a worker starts with the builder's whole state (the site model,
the Jinja environment, any game registered at run time, as the benchmark does) and only
results travel back, pickled. The work given here is pure (parse a body, deal a game,
render a page), results come back in input order, and the serial path runs the very same
function: a parallel build is byte for byte a serial one (tests/site/test_incremental.py).
Small batches stay in the process: forking costs more than a few pages.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

MIN_PARALLEL = 48  # fewer items than this are done in the process itself

_TASK: list[tuple[Callable[[Any], Any], Sequence[Any]]] = []


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _run(span: tuple[int, int]) -> list[Any]:
    fn, items = _TASK[-1]
    return [fn(items[i]) for i in range(*span)]


def pmap(fn: Callable[[T], R], items: Sequence[T], jobs: int | None = None,
         meanwhile: Callable[[], None] | None = None) -> list[R]:
    """``[fn(x) for x in items]``, on ``jobs`` processes (default: every core).
    ``meanwhile``: work of the process itself, done while the workers work (it would only
    wait for them); first, when there are none."""
    workers = min(jobs or available_cores(), len(items) // (MIN_PARALLEL // 2) or 1)
    if workers < 2 or len(items) < MIN_PARALLEL or "fork" not in multiprocessing.get_all_start_methods():
        if meanwhile is not None:
            meanwhile()
        return [fn(x) for x in items]
    # Chunks many times smaller than a worker's share even out work of unequal cost.
    n = workers * 16
    bounds = [len(items) * i // n for i in range(n + 1)]
    spans = [(bounds[i], bounds[i + 1]) for i in range(n) if bounds[i] < bounds[i + 1]]
    _TASK.append((fn, items))
    # Objects made before the fork are moved out of the collector's sight: a worker's
    # collections would otherwise touch every one of them, and copy every page of memory.
    gc.freeze()
    try:
        with multiprocessing.get_context("fork").Pool(workers, initializer=gc.disable) as pool:
            pending = pool.map_async(_run, spans, chunksize=1)
            if meanwhile is not None:
                meanwhile()
            chunks = pending.get()
    finally:
        gc.unfreeze()
        _TASK.pop()
    return [r for chunk in chunks for r in chunk]


class Batch:
    """Independent work of several stages, run in one pool: first deals are dealt while
    bodies are parsed, so the cores stay busy and workers are forked once. Each stage
    adds its work with a function to call on the results; ``run`` does it all."""

    def __init__(self) -> None:
        self.parts: list[tuple[Callable[[Any], Any], Sequence[Any], Callable[[list[Any]], None]]] = []

    def add(self, fn: Callable[[T], R], items: Sequence[T], done: Callable[[list[R]], None]) -> None:
        self.parts.append((fn, items, done))

    def run(self, jobs: int | None = None) -> None:
        flat = [(n, item) for n, (_, items, _) in enumerate(self.parts) for item in items]
        results = pmap(self._one, flat, jobs)
        start = 0
        for fn, items, done in self.parts:
            done(results[start:start + len(items)])
            start += len(items)
        self.parts = []

    def _one(self, task: tuple[int, Any]) -> Any:
        return self.parts[task[0]][0](task[1])
