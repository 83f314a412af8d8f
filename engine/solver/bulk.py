"""Winnability in bulk: solve a range of deals of a game and write what was found.

``python -m engine solve SLUG --deals 1-10000 [--budget N] [--workers N] [--dask ADDRESS]
[--out content/winnability] [--replace] [--checkpoint SECONDS]`` solves every deal of the
range, in parallel on all the cores of this machine (or on a Dask cluster, given its
scheduler's address and the ``dask`` extra), and writes ``SLUG.json``
(``engine.solver.datafile``): the counts of deals won, lost and undecided, the deal numbers
of each (as ranges such as ``1-7,9``), the budget, the date, timings, and the fingerprint of
the rules and solver (``engine.solver.fingerprint``) that the site builder checks before it
shows the figure.

A new run on the same rules and solver is merged into the file already there, so that what
earlier runs proved is kept (``datafile.merge``); ``--replace`` writes the new run alone, and
a file of other rules or another solver (another fingerprint) is always replaced.
``--undecided`` solves only the deals the file leaves undecided (of ``--deals``, if given): a
second run with a bigger budget spends it where the first ran out (FreeCell's 161 of 10,000
at 200,000 positions).

**A long run loses nothing when it stops.** Every ``--checkpoint`` seconds (ten minutes by
default; 0: only at the end) the deals solved so far are merged into the file, written whole,
and a run stopped by Ctrl-C or SIGTERM (``timeout``, a cluster's job limit) writes the deals
it had finished before it ends (a serial run solves one deal a task, so it loses only the
deal it was on; a run on several cores, the small tasks in hand: ``chunk_size``), so a run
of hours is never chunked by hand for fear of losing it. Each write merges the run into the
file as it was when the run began, so the run appears once in the file's ``runs`` however
often it was written; another run on the same game and folder at the same time would be
overwritten, as before.

Like ``engine/cli.py``, this module does I/O and the engine core never imports it.
"""

from __future__ import annotations

import datetime
import multiprocessing
import os
import platform
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Generator, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TextIO

from ..game import new_game
from ..registry import get_spec
from . import core
from .datafile import (DATA_FORMAT, MergeError, format_ranges, merge, parse_ranges, read, tally, tried, undecided,
                       with_opening, write)
from .fingerprint import fingerprint
from .search import LOST, SEARCH_VERSION, SOLVER_VERSION, UNKNOWN, WON, solve

CHUNK = 25  # the most deals a worker solves per task (a Dask cluster's tasks are all this size)
CHECKPOINT = 600  # seconds between the writes of a long run's deals solved so far

Result = tuple[int, str, int, float]  # seed, verdict, positions, seconds


def solve_deals(slug: str, seeds: list[int], budget: int, rules: str | None = None,
                scan: str = "standard") -> list[Result]:
    """(seed, result, positions, seconds) for each deal; each "won" line is replayed
    through the public rules before it is believed. ``rules``, if given, is the fingerprint
    the file will carry: a Dask worker whose engine has other rules or another solver (an
    install of another commit) refuses, rather than have its verdicts filed under rules
    they were not found by. ``scan``: the solver's (``engine.spec.SCANS``)."""
    if rules is not None and fingerprint(get_spec(slug)) != rules:
        raise ValueError(f"{slug}: the engine on {platform.node()!r} has other rules or another solver "
                         f"(fingerprint {fingerprint(get_spec(slug))}, not {rules}): "
                         "install the same commit on every worker")
    out = []
    for seed in seeds:
        game = new_game(slug, seed)
        start = time.perf_counter()
        verdict = solve(game, budget, scan=scan)
        seconds = time.perf_counter() - start
        if verdict.result == WON:
            check = new_game(slug, seed)
            for move in verdict.moves:
                check.play(move)
            if not check.is_won():
                raise AssertionError(f"{slug} deal {seed}: the solver's winning line does not win")
        out.append((seed, verdict.result, verdict.positions, seconds))
    return out


def chunk_size(deals: int, cores: int, dask: bool = False) -> int:
    """Deals a task solves. One at a time in a serial run, whose tasks cost nothing to hand
    out, so that a stop keeps every deal finished; on local cores, about a sixteenth of each
    worker's share and at most ``CHUNK``, so that a run of fewer than ``CHUNK`` deals a
    worker (the few hard deals a big budget is spent on) still keeps every core busy, the
    last tasks end together, and a stop drops at most one small task a worker (Yukon's 114
    hard deals on two cores: tasks of 3 deals, about six minutes, where one of 25 took 50);
    on a cluster, ``CHUNK``."""
    if dask:
        return CHUNK
    if cores == 1:
        return 1
    return max(1, min(CHUNK, deals // (16 * cores)))


def _chunks(seeds: list[int], size: int) -> Iterator[list[int]]:
    for i in range(0, len(seeds), size):
        yield seeds[i:i + size]


def solved(slug: str, seeds: list[int], budget: int, workers: int | None = None, dask: str | None = None,
           scan: str = "standard") -> Generator[list[Result], None, None]:
    """The results of ``seeds``, a chunk at a time as each is done. Leaving the loop early
    (Ctrl-C) stops the workers: a local pool's are killed, not waited for (multiprocessing's
    ``Pool.terminate`` was tried and can hang on its task queue's lock, which an idle worker
    holds), and a Dask client is closed."""
    spec = get_spec(slug)
    cores = workers or os.cpu_count() or 1
    chunks = list(_chunks(seeds, chunk_size(len(seeds), cores, bool(dask))))
    if dask:
        try:
            from dask.distributed import Client, as_completed
        except ImportError:
            raise SystemExit("--dask needs the dask extra: pip install -e '.[dask]'") from None
        try:
            client = Client(dask)
        except OSError as e:  # nothing answers there: a line, not a traceback
            raise ValueError(f"--dask {dask}: no Dask scheduler answers ({e})") from None
        with client:
            futures = client.map(solve_deals, [spec.slug] * len(chunks), chunks, [budget] * len(chunks),
                                 [fingerprint(spec)] * len(chunks), [scan] * len(chunks), pure=False)
            for _, part in as_completed(futures, with_results=True):
                yield part
    elif cores == 1:
        for chunk in chunks:
            yield solve_deals(spec.slug, chunk, budget, scan=scan)
    else:
        pool = ProcessPoolExecutor(max_workers=cores)
        finished = False
        try:
            # Submitted one by one, not by ``pool.map``: stopped, its results would cancel
            # the chunks left while the pool, finding its workers killed, fails them, and on
            # Python 3.11 its own thread then raised (InvalidStateError) and printed a
            # traceback after the run had written its deals and ended well.
            futures = [pool.submit(solve_deals, spec.slug, chunk, budget, None, scan) for chunk in chunks]
            for future in futures:
                yield future.result()
            finished = True
        finally:
            if not finished:  # stopped: the chunks the workers were solving are dropped, not waited for
                for worker in multiprocessing.active_children():
                    worker.kill()
            pool.shutdown(wait=finished)


def summary(slug: str, results: list[Result], budget: int, scan: str = "standard",
            wall: float | None = None) -> dict[str, Any]:
    """The data file's content for one run's ``results`` (naming the ``scan`` where it is not
    the standard one)."""
    spec = get_spec(slug)
    by: dict[str, list[int]] = {WON: [], LOST: [], UNKNOWN: []}
    for seed, result, _, _ in results:
        by[result].append(seed)
    seconds = sorted(r[3] for r in results)
    positions = sorted(r[2] for r in results)
    return {
        "format": DATA_FORMAT,
        "game": spec.slug,
        "fingerprint": fingerprint(spec),
        "solver_version": SOLVER_VERSION,
        "search": SEARCH_VERSION,
        **({} if scan == "standard" else {"scan": scan}),
        "budget": budget,
        "date": datetime.date.today().isoformat(),
        "deals": format_ranges(r[0] for r in results),
        "counts": {"deals": len(results), "won": len(by[WON]), "lost": len(by[LOST]), "unknown": len(by[UNKNOWN])},
        "won": format_ranges(by[WON]),
        "lost": format_ranges(by[LOST]),
        "unknown": format_ranges(by[UNKNOWN]),
        "seconds": {"median": round(statistics.median(seconds), 4), "p95": round(seconds[int(0.95 * (len(seconds) - 1))], 4),
                    "total": round(sum(seconds), 1), "wall": round(sum(seconds) if wall is None else wall, 1)},
        "positions": {"median": int(statistics.median(positions)), "max": positions[-1]},
        "python": sys.version.split()[0],
    }


class Stopped(KeyboardInterrupt):
    """SIGTERM, taken as Ctrl-C is: the run writes what it has and ends."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _on_sigterm(owner: int) -> Any:
    def stop(signum: int, frame: Any) -> None:
        if os.getpid() != owner:  # a worker forked with the handler: end as a worker would
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise Stopped(signum)
    return stop


def _earlier(path: Path, rules: str, replace: bool, out: TextIO) -> dict[str, Any] | None:
    """The file there, if a run of these ``rules`` (their fingerprint) is to be merged into it."""
    if replace or not path.exists():
        return None
    try:
        old = read(path)
    except MergeError as e:
        out.write(f"{e}: replaced\n")
        return None
    if old.get("fingerprint") != rules:
        out.write(f"{path} was measured under other rules or another solver (fingerprint "
                  f"{old.get('fingerprint')}): replaced\n")
        return None
    return old


def _file(path: Path, old: dict[str, Any] | None, data: dict[str, Any], out: TextIO,
          final: bool = True) -> dict[str, Any]:
    """Write one run's ``data`` merged into ``old`` (the file as the run found it); a
    checkpoint (not ``final``) keeps the file's opening rather than work it out again."""
    if old is not None:
        try:
            data = merge(old, data)
        except MergeError:
            kept = Path(tempfile.mkdtemp(prefix=f"{data['game']}-")) / path.name
            write(kept, data)  # the run is not lost: it is kept for a look at the deals named
            out.write(f"this run is kept in {kept}\n")
            raise
    if final or old is None or "opening" not in old:
        data = with_opening(data)
    else:
        data = {**data, "opening": old["opening"]}
    path.parent.mkdir(parents=True, exist_ok=True)
    write(path, data)
    return data


def _report(progress: TextIO, slug: str, done: int, total: int) -> None:
    progress.write(f"\r{slug}: {done}/{total} deals")
    progress.flush()


def main(args: Any, out: TextIO) -> int:
    spec = get_spec(args.slug)
    path = Path(args.out) / f"{spec.slug}.json"
    every = CHECKPOINT if getattr(args, "checkpoint", None) is None else args.checkpoint
    if every < 0:
        raise ValueError(f"--checkpoint {every:g}: a number of seconds, 0 or more (0: write only at the end)")
    scan = getattr(args, "scan", "standard")
    untried = getattr(args, "untried", False)
    if untried and not getattr(args, "undecided", False):
        raise ValueError("--untried goes with --undecided: it leaves out, of the deals the file leaves undecided, "
                         "those already searched with this scan at this budget or more")
    if getattr(args, "undecided", False):
        seeds = undecided(path, args.deals)
        if untried:
            done = tried(read(path), scan, args.budget)
            seeds = [seed for seed in seeds if seed not in done]
        if not seeds:
            within = f" among deals {args.deals}" if args.deals else ""
            unsearched = f" not yet searched with the {scan} scan at {args.budget:,} positions" if untried else ""
            out.write(f"nothing to do: {path} leaves no deal undecided{unsearched}{within}\n")
            return 0
    else:
        seeds = parse_ranges(args.deals or "1-1000")
    if not seeds:
        out.write("error: no deals to solve\n")
        return 2
    if not core.available():
        sys.stderr.write(core.missing_note() + "\n")
    old = _earlier(path, fingerprint(spec), args.replace, out)
    started = time.perf_counter()
    saved = time.monotonic()
    results: list[Result] = []
    stopped = 0
    handled = threading.current_thread() is threading.main_thread()
    before = signal.signal(signal.SIGTERM, _on_sigterm(os.getpid())) if handled else None
    parts = solved(args.slug, seeds, args.budget, args.workers, args.dask, scan)
    try:
        for part in parts:
            results.extend(part)
            _report(sys.stderr, args.slug, len(results), len(seeds))
            if every and len(results) < len(seeds) and time.monotonic() - saved >= every:
                _file(path, old, summary(args.slug, results, args.budget, scan), out, final=False)
                saved = time.monotonic()
    except KeyboardInterrupt as e:
        stopped = getattr(e, "signum", signal.SIGINT)
    finally:
        parts.close()  # the workers stop here, whatever stopped the run
        if handled:
            signal.signal(signal.SIGTERM, before)
    sys.stderr.write("\n")
    if not results:
        out.write(f"stopped before any deal was solved: {path} is as it was\n")
        return 128 + stopped
    data = summary(args.slug, results, args.budget, scan, time.perf_counter() - started)
    scanned = f", the {data['scan']} scan" if "scan" in data else ""
    said = f"{data['game']}: {tally(data)} deals (budget {args.budget}{scanned}; median {data['seconds']['median']} s)"
    data = _file(path, old, data, out)
    if old is not None:
        said += f"; with the earlier runs: {tally(data)}"
    out.write(f"{said} -> {path}\n")
    if stopped:
        out.write(f"stopped after {len(results)} of {len(seeds)} deals: their verdicts are written\n")
        return 128 + stopped
    return 0
