"""Winnability in bulk: solve a range of deals of a game and write what was found.

``python -m engine solve SLUG --deals 1-10000 [--budget N] [--workers N] [--dask ADDRESS]
[--out content/winnability] [--replace]`` solves every deal of the range, in parallel on all
the cores of this machine (or on a Dask cluster, given its scheduler's address and the
``dask`` extra), and writes ``SLUG.json``: the counts of deals won, lost and undecided, the
deal numbers of each (as ranges such as ``1-7,9``), the budget, the date, timings, and the
fingerprint of the rules and solver (``engine.solver.fingerprint``) that the site builder checks
before it shows the figure.

**What earlier runs proved is kept.** A "won" is a line replayed through the rules and a
"lost" a complete search, whichever search found it, so a new run on the same rules and
solver (the same fingerprint) is merged into the file already there (``merge``): every
deal of either run, won where either won, lost where either proved it, undecided only
where neither settled it; ``runs`` lists what each run found. Searches that differ win
different deals (Babette: 328 won at 5,000 positions by one search, 219 at 1,000 by an
older one, 407 by the two together), so merging raises a figure at no cost, and a bigger
run (more deals, a bigger budget) only adds to it. A deal one run won and another proved
lost is a fault of the solver: the merge refuses, naming the deals, and writes nothing.
``--replace`` writes the new run alone; a file of other rules or another solver (another
fingerprint) is always replaced. ``python -m engine merge FILE OTHER...`` merges files
made earlier (kept in git, say) into ``FILE``. ``--undecided`` solves only the deals the
file leaves undecided (of ``--deals``, if given): a second run with a bigger budget spends
it where the first ran out (FreeCell's 161 of 10,000 at 200,000 positions).

Each file written also names its ``opening``: the deal the game's rule page opens its demo
on, a won deal whose line the demo's Hint finds from the start (``opening``). It is worked
out here, once, rather than by the site builder on every build.

Like ``engine/cli.py``, this module does I/O and the engine core never imports it.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TextIO

from ..bridge import HINT_BUDGET
from ..game import new_game
from ..registry import get_spec
from . import core
from .fingerprint import fingerprint
from .search import FAULTS_MENDED, LOST, SEARCH_VERSION, SOLVER_VERSION, UNKNOWN, WON, fair_budget, solve

DATA_FORMAT = 1
CHUNK = 25  # deals a worker solves per task
# Won deals tried, lowest first, for the one a rule page's demo opens on (``opening``).
OPENING_TRIES = 60


def parse_ranges(text: str) -> list[int]:
    """``1-5,9`` -> [1, 2, 3, 4, 5, 9]; a malformed part raises ValueError naming it."""
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"cannot read the deal range {part!r}: expected N or N-M")
        a, b = int(low), int(high or low)
        if b < a:
            raise ValueError(f"the deal range {part!r} runs backwards")
        out.extend(range(a, b + 1))
    return out


def format_ranges(numbers: Iterable[int]) -> str:
    """[1, 2, 3, 5] -> ``1-3,5``."""
    parts: list[str] = []
    run: list[int] = []
    for n in sorted(numbers):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [n]
    if run:
        parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ",".join(parts)


def solve_deals(slug: str, seeds: list[int], budget: int, rules: str | None = None,
                scan: str = "standard") -> list[tuple[int, str, int, float]]:
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


def _chunks(seeds: list[int]) -> Iterator[list[int]]:
    for i in range(0, len(seeds), CHUNK):
        yield seeds[i:i + CHUNK]


def run(slug: str, seeds: list[int], budget: int, workers: int | None = None, dask: str | None = None,
        progress: TextIO | None = None, scan: str = "standard") -> dict[str, Any]:
    """Solve ``seeds`` and return the data file's content (naming the ``scan`` where it is
    not the standard one)."""
    spec = get_spec(slug)
    rules = fingerprint(spec)
    started = time.perf_counter()
    results: list[tuple[int, str, int, float]] = []
    chunks = list(_chunks(seeds))
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
                                 [rules] * len(chunks), [scan] * len(chunks), pure=False)
            for _, part in as_completed(futures, with_results=True):  # each chunk as it is done, for the progress
                results.extend(part)
                _report(progress, spec.slug, len(results), len(seeds))
    elif workers == 1:
        for chunk in chunks:
            results.extend(solve_deals(spec.slug, chunk, budget, scan=scan))
            _report(progress, spec.slug, len(results), len(seeds))
    else:
        with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
            for part in pool.map(solve_deals, [spec.slug] * len(chunks), chunks, [budget] * len(chunks),
                                 [None] * len(chunks), [scan] * len(chunks)):
                results.extend(part)
                _report(progress, spec.slug, len(results), len(seeds))
    by = {WON: [], LOST: [], UNKNOWN: []}  # type: dict[str, list[int]]
    for seed, result, _, _ in results:
        by[result].append(seed)
    seconds = sorted(r[3] for r in results)
    positions = sorted(r[2] for r in results)
    return {
        "format": DATA_FORMAT,
        "game": spec.slug,
        "fingerprint": rules,
        "solver_version": SOLVER_VERSION,
        "search": SEARCH_VERSION,
        **({} if scan == "standard" else {"scan": scan}),
        "budget": budget,
        "date": datetime.date.today().isoformat(),
        "deals": format_ranges(seeds),
        "counts": {"deals": len(results), "won": len(by[WON]), "lost": len(by[LOST]), "unknown": len(by[UNKNOWN])},
        "won": format_ranges(by[WON]),
        "lost": format_ranges(by[LOST]),
        "unknown": format_ranges(by[UNKNOWN]),
        "seconds": {"median": round(statistics.median(seconds), 4), "p95": round(seconds[int(0.95 * (len(seconds) - 1))], 4),
                    "total": round(sum(seconds), 1), "wall": round(time.perf_counter() - started, 1)},
        "positions": {"median": int(statistics.median(positions)), "max": positions[-1]},
        "python": sys.version.split()[0],
    }


class MergeError(ValueError):
    """Two runs disagree on a deal (one won it, the other proved it lost), or cannot be merged."""


def _run_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """What a file's runs found: its ``runs``, or the file itself as one run (files written
    before runs were kept)."""
    if "runs" in data:
        return list(data["runs"])
    run: dict[str, Any] = {key: data[key] for key in ("date", "search", "scan", "budget", "deals") if key in data}
    run.update({key: data["counts"][key] for key in ("won", "lost", "unknown")})
    if "seconds" in data:
        run["seconds"] = data["seconds"]["total"]
    return [run]


def merge(old: dict[str, Any], new: dict[str, Any], wins_only: bool = False) -> dict[str, Any]:
    """``new``'s data file with what ``old`` proved kept (see the module's docstring): both
    must be of one game, rules and solver. The timings are ``new``'s (they describe one
    run); ``budget`` is the largest any run used, ``date`` the latest. ``wins_only`` takes
    only ``old``'s won deals (its other deals count as undecided): for a file whose "lost"
    verdicts are in doubt, as when a fault was mended without a new solver version (see
    ``SOLVER_VERSION`` in engine/solver/search.py), while each of its wins is still a
    replayed line; so they are taken from a file of the same rules filed before a fault was
    mended too (``_before_mending``)."""
    if wins_only:
        kept = set(parse_ranges(old["won"]))
        old = {**old, "lost": "", "unknown": format_ranges(set(parse_ranges(old["deals"])) - kept),
               "runs": [{**run, "taken": "won"} for run in _run_of(old)]}
        if old.get("game") == new.get("game") and old.get("fingerprint") in _before_mending(new):
            old = {**old, "fingerprint": new["fingerprint"], "solver_version": new.get("solver_version")}
    for key in ("game", "fingerprint", "solver_version"):
        if old.get(key) != new.get(key):
            raise MergeError(f"cannot merge runs of another {key.replace('_', ' ')}: "
                             f"{old.get(key)!r} and {new.get(key)!r}")
    deals = set(parse_ranges(old["deals"])) | set(parse_ranges(new["deals"]))
    won = set(parse_ranges(old["won"])) | set(parse_ranges(new["won"]))
    lost = set(parse_ranges(old["lost"])) | set(parse_ranges(new["lost"]))
    both = won & lost
    if both:
        raise MergeError(f"{new['game']}: deals won by one run and proved lost by another: {format_ranges(both)} "
                         "(a fault of the solver; nothing written)")
    unknown = deals - won - lost
    out = dict(new)
    out.update({
        "budget": max(old["budget"], new["budget"]),
        "date": max(old["date"], new["date"]),
        "deals": format_ranges(deals),
        "counts": {"deals": len(deals), "won": len(won), "lost": len(lost), "unknown": len(unknown)},
        "won": format_ranges(won), "lost": format_ranges(lost), "unknown": format_ranges(unknown),
        "runs": _run_of(old) + _run_of(new),
    })
    out.pop("scan", None)  # a run's, kept in its entry of ``runs``
    return out


def _before_mending(data: dict[str, Any]) -> set[str]:
    """The fingerprints the rules of ``data``'s game had before the faults mended since (an
    earlier solver version, or fewer faults counted in ``FAULTS_MENDED``), when its file is
    of the rules as they are now: a win filed under one of them is a line replayed through
    the same rules, so ``merge`` takes it with ``wins_only``."""
    try:
        spec = get_spec(data["game"])
    except (KeyError, ValueError):
        return set()
    if data.get("fingerprint") != fingerprint(spec):
        return set()
    faults = FAULTS_MENDED.get(spec.slug, 0)
    return {fingerprint(spec, version, count) for version in range(1, SOLVER_VERSION + 1)
            for count in range(faults + 1)} - {fingerprint(spec)}


def opening(slug: str, won: str) -> int | None:
    """The deal a rule page's demo opens on (a data file's ``opening``): the lowest won deal
    whose winning line the demo's own Hint finds from the deal's start (a search of
    ``HINT_BUDGET`` positions, as in the browser), so that a reader's first Hint leads
    somewhere; tried among the ``OPENING_TRIES`` lowest won deals, else the lowest won
    deal (None where none is won). Klondike's lowest won deal, 2, was won by a search of
    100,000 positions; the Hint finds deal 3's line at once."""
    seeds = parse_ranges(won)
    for seed in seeds[:OPENING_TRIES]:
        game = new_game(slug, seed)
        if solve(game, fair_budget(game, HINT_BUDGET)).result == WON:
            return seed
    return seeds[0] if seeds else None


def with_opening(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its ``opening`` worked out again for its won deals (none: no key)."""
    out = {key: value for key, value in data.items() if key != "opening"}
    seed = opening(data["game"], data["won"])
    if seed is not None:
        out["opening"] = seed
    return out


def write(path: Path, data: dict[str, Any]) -> None:
    """Write a data file whole (a temporary file renamed over it)."""
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise MergeError(f"{path}: not a readable winnability file ({e})") from None
    if not isinstance(data, dict) or not all(k in data for k in ("game", "fingerprint", "deals", "won", "lost")):
        raise MergeError(f"{path}: not a winnability file")
    return data


def merge_files(target: Path, others: list[Path], out: TextIO, wins_only: bool = False) -> int:
    """``python -m engine merge FILE [OTHER...]``: merge what ``others`` proved into ``FILE``
    (``--wins-only``: only their won deals); with none, only work its ``opening`` out again."""
    data = read(target)
    for other in others:
        data = merge(read(other), data, wins_only)
    data = with_opening(data)
    write(target, data)
    out.write(f"{data['game']}: {tally(data)} deals ({len(_run_of(data))} runs), opens on deal "
              f"{data.get('opening', '-')} -> {target}\n")
    return 0


def tally(data: dict[str, Any]) -> str:
    """A data file's counts as said: "N won, N lost, N undecided of N"."""
    c = data["counts"]
    return f"{c['won']} won, {c['lost']} lost, {c['unknown']} undecided of {c['deals']}"


def undecided(path: Path, deals: str | None) -> list[int]:
    """The deals (of ``deals``, if given) that the data file at ``path`` leaves undecided:
    for a second run with a bigger budget, whose verdicts are merged into it. The file must
    be of the rules and solver as they are now: what another fingerprint left undecided
    says nothing of these rules."""
    if not path.exists():
        raise ValueError(f"--undecided: there is no {path} to take the undecided deals from")
    data = read(path)
    now = fingerprint(get_spec(data["game"]))
    if data.get("fingerprint") != now:
        raise ValueError(f"--undecided: {path} was measured under other rules or another solver "
                         f"(fingerprint {data.get('fingerprint')}, now {now}); solve its deals again instead")
    left = parse_ranges(data["unknown"])
    if deals is not None:
        wanted = set(parse_ranges(deals))
        left = [seed for seed in left if seed in wanted]
    return left


def _report(progress: TextIO | None, slug: str, done: int, total: int) -> None:
    if progress is not None:
        progress.write(f"\r{slug}: {done}/{total} deals")
        progress.flush()


def main(args: Any, out: TextIO) -> int:
    folder = Path(args.out)
    path = folder / f"{get_spec(args.slug).slug}.json"
    if getattr(args, "undecided", False):
        seeds = undecided(path, args.deals)
        if not seeds:
            within = f" among deals {args.deals}" if args.deals else ""
            out.write(f"nothing to do: {path} leaves no deal undecided{within}\n")
            return 0
    else:
        seeds = parse_ranges(args.deals or "1-1000")
    if not seeds:
        out.write("error: no deals to solve\n")
        return 2
    if not core.available():
        sys.stderr.write(core.missing_note() + "\n")
    data = run(args.slug, seeds, args.budget, args.workers, args.dask, progress=sys.stderr,
               scan=getattr(args, "scan", "standard"))
    sys.stderr.write("\n")
    folder.mkdir(parents=True, exist_ok=True)
    scanned = f", the {data['scan']} scan" if "scan" in data else ""
    said = f"{data['game']}: {tally(data)} deals (budget {args.budget}{scanned}; median {data['seconds']['median']} s)"
    if path.exists() and not args.replace:
        try:
            old = read(path)
        except MergeError as e:
            out.write(f"{e}: replaced\n")
            old = None
        if old is not None and old.get("fingerprint") != data["fingerprint"]:
            out.write(f"{path} was measured under other rules or another solver (fingerprint "
                      f"{old.get('fingerprint')}): replaced\n")
        elif old is not None:
            try:
                data = merge(old, data)
            except MergeError:
                kept = Path(tempfile.mkdtemp(prefix=f"{data['game']}-")) / path.name
                write(kept, data)  # the run is not lost: it is kept for a look at the deals named
                out.write(f"this run is kept in {kept}\n")
                raise
            said += f"; with the earlier runs: {tally(data)}"
    write(path, with_opening(data))
    out.write(f"{said} -> {path}\n")
    return 0
