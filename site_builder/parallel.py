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
import multiprocessing.pool
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


def _workers(jobs: int | None, items: int) -> int:
    """How many processes ``items`` are worth (1: none forked)."""
    if items < MIN_PARALLEL or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return min(jobs or available_cores(), items // (MIN_PARALLEL // 2) or 1)


def _spans(count: int, workers: int) -> list[tuple[int, int]]:
    """Chunks many times smaller than a worker's share, to even out work of unequal cost."""
    n = workers * 16
    bounds = [count * i // n for i in range(n + 1)]
    return [(bounds[i], bounds[i + 1]) for i in range(n) if bounds[i] < bounds[i + 1]]


def _pool(workers: int) -> multiprocessing.pool.Pool:
    # Objects made before the fork are moved out of the collector's sight: a worker's
    # collections would otherwise touch every one of them, and copy every page of memory.
    # (The caller unfreezes them once the pool is closed.)
    gc.freeze()
    return multiprocessing.get_context("fork").Pool(workers, initializer=gc.disable)


def _run(span: tuple[int, int]) -> list[Any]:
    fn, items = _TASK[-1]
    return [fn(items[i]) for i in range(*span)]


def pmap(fn: Callable[[T], R], items: Sequence[T], jobs: int | None = None,
         meanwhile: Callable[[], None] | None = None) -> list[R]:
    """``[fn(x) for x in items]``, on ``jobs`` processes (default: every core). The
    workers find ``fn`` and ``items`` in the state they were forked with: neither is
    pickled (a page's context holds the whole site). ``meanwhile``: work of the process
    itself, done while the workers work (it would only wait for them); first, when there
    are none."""
    workers = _workers(jobs, len(items))
    if workers < 2:
        if meanwhile is not None:
            meanwhile()
        return [fn(x) for x in items]
    _TASK.append((fn, items))
    try:
        with _pool(workers) as pool:
            pending = pool.map_async(_run, _spans(len(items), workers), chunksize=1)
            if meanwhile is not None:
                meanwhile()
            chunks = pending.get()
    finally:
        gc.unfreeze()
        _TASK.pop()
    return [r for chunk in chunks for r in chunk]


def _call(task: tuple[Callable[[Any], Any], list[Any]]) -> list[Any]:
    fn, items = task
    return [fn(x) for x in items]


class Batch:
    """Independent work of several stages, in one pool of workers forked once: bodies are
    parsed while the parent reads and checks the front matter, and first deals are dealt
    with them, so the cores stay busy. A stage adds its work (a function of one item,
    defined at module level: items and results travel pickled) with a function to call on
    the results. The work starts at once, on workers forked by the first part large enough
    to be worth them, else in the process itself; ``run`` waits for it and calls each
    stage's function on its results, in the order the stages added their work. Use it as
    a context manager, so that the workers are stopped whatever happens."""

    def __init__(self, jobs: int | None = None) -> None:
        self.jobs = jobs
        self.parts: list[tuple[Callable[[list[Any]], None], Callable[[], list[Any]]]] = []
        self.pool: multiprocessing.pool.Pool | None = None
        self.workers = 1

    def __enter__(self) -> Batch:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def add(self, fn: Callable[[T], R], items: Sequence[T], done: Callable[[list[R]], None]) -> None:
        if self.pool is None:
            self.workers = _workers(self.jobs, len(items))
            if self.workers >= 2:
                self.pool = _pool(self.workers)
        if self.pool is None:
            results = [fn(x) for x in items]
            self.parts.append((done, lambda: results))
            return
        tasks = [(fn, list(items[a:b])) for a, b in _spans(len(items), self.workers)]
        pending = self.pool.map_async(_call, tasks, chunksize=1)
        self.parts.append((done, lambda: [r for chunk in pending.get() for r in chunk]))

    def then(self, fn: Callable[[], None]) -> None:
        """Call ``fn`` in ``run`` once the stages added before it have had their results,
        while the work of those added after it may still be running."""
        self.parts.append((lambda _: fn(), list))

    def run(self) -> None:
        try:
            for done, results in self.parts:
                done(results())
        finally:
            self.parts = []
            self.close()

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool = None
            gc.unfreeze()
