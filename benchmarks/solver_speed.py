"""How fast the solver is: per game, solve times and positions per second on CPython, and
the Hint's time in Pyodide (under Node) on positions from the middle of games.

    python3 benchmarks/solver_speed.py [--deals 20] [--budget 20000] [--games a,b]
                                       [--scan greedy] [--no-pure] [--pyodide] [--hint-positions 5]

Prints a table: per game, positions per second of the pure-Python model and of the compiled
core on the same deals and budget, side by side (issue 30: the core at least 30 times as
fast); the medians are the core's. The aims of issue 11: a hint under 1 s in the browser.
``--no-pure`` times the core alone; ``--scan`` one of the solver's scans (``engine.spec.SCANS``;
the greedy and depth-first scans run wholly in the core, but Strategy's). Figures, not a test: nothing here fails.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.bridge import HINT_BUDGET  # noqa: E402
from engine.rng import SplitMix64  # noqa: E402
from engine.solver import core as compiled  # noqa: E402
from engine.spec import SCANS  # noqa: E402

MID_GAME = 25  # random moves played before a hint is asked for


def mid_game_records(slugs: list[str], count: int) -> list[str]:
    """Records of positions some random moves into a game (the same on every run)."""
    out = []
    for slug in slugs:
        for seed in range(1, count + 1):
            game = engine.new_game(slug, seed)
            rng = SplitMix64(seed)
            for _ in range(MID_GAME):
                moves = game.legal_moves()
                if not moves:
                    break
                game.play(moves[rng.below(len(moves))])
            out.append(game.record())
    return out


def timed(slug: str, deals: int, budget: int, core: bool, scan: str = "standard") -> tuple[dict[str, int], int, list[float]]:
    """Deals 1..``deals`` solved with the compiled core on or off: verdicts, positions, times."""
    was = compiled.use(core)
    try:
        times, positions, results = [], 0, {"won": 0, "lost": 0, "unknown": 0}
        for seed in range(1, deals + 1):
            game = engine.new_game(slug, seed)
            start = time.perf_counter()
            verdict = engine.solve(game, budget, scan=scan)
            times.append(time.perf_counter() - start)
            positions += verdict.positions
            results[verdict.result] += 1
        return results, positions, times
    finally:
        compiled.use(was)


def cpython(slugs: list[str], deals: int, budget: int, pure: bool, scan: str = "standard") -> None:
    """Per game, the same deals and budget searched by the pure-Python model and by the
    compiled core (``engine.solver.core``), side by side; the tables of each game (of each base
    rank, in games whose deal sets it) are built before the clock starts, by a solve of
    each deal at one position."""
    print(f"CPython {sys.version.split()[0]}: deals 1-{deals}, budget {budget} positions, the {scan} scan; "
          f"compiled core {'built' if compiled._core is not None else 'NOT built'}")
    print(f"{'game':22s} {'won':>4s} {'lost':>4s} {'undec':>5s} {'median s':>9s} {'p95 s':>7s} "
          f"{'pure pos/s':>10s} {'core pos/s':>10s} {'ratio':>6s}")
    for slug in slugs:
        for seed in range(1, deals + 1):
            engine.solve(engine.new_game(slug, seed), 1)
        results, positions, times = timed(slug, deals, budget, True, scan)
        rate = positions / sum(times)
        pure_rate, ratio = "", ""
        if pure:
            pure_results, pure_positions, pure_times = timed(slug, deals, budget, False, scan)
            if (pure_results, pure_positions) != (results, positions):
                print(f"{slug}: the core and the pure model DISAGREE: {results} {positions} vs {pure_results} {pure_positions}")
            pure_rate = f"{pure_positions / sum(pure_times):10.0f}"
            ratio = f"{(pure_positions / sum(pure_times)) and rate / (pure_positions / sum(pure_times)):6.1f}"
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{slug:22s} {results['won']:4d} {results['lost']:4d} {results['unknown']:5d} "
              f"{statistics.median(times):9.3f} {p95:7.3f} {pure_rate:>10s} {rate:10.0f} {ratio:>6s}", flush=True)


SNIPPET = """
import json, time
import engine
from engine.bridge import HINT_BUDGET
from engine.solver import fair_budget
out = {}
for record in json.loads(RECORDS):
    game = engine.replay(record)
    start = time.perf_counter()
    verdict = engine.solve(game, fair_budget(game, HINT_BUDGET))
    out.setdefault(game.spec.slug, []).append((time.perf_counter() - start, verdict.result, verdict.positions))
json.dumps(out)
"""


def pyodide(slugs: list[str], count: int) -> None:
    records = mid_game_records(slugs, count)
    runner = ROOT / "tests" / "engine" / "pyodide_parity.mjs"
    with tempfile.TemporaryDirectory() as tmp:
        snippet = Path(tmp) / "hint.py"
        snippet.write_text(f"RECORDS = {json.dumps(json.dumps(records))}\n{SNIPPET}", encoding="utf-8")
        done = subprocess.run(["node", str(runner), str(ROOT / "engine"), str(snippet)], cwd=ROOT,
                              capture_output=True, text=True, check=True)
    data = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"\nPyodide (Node): the hint (budget {HINT_BUDGET} positions of the compact model, as the bridge "
          f"turns them into the game's own) on {count} positions {MID_GAME} random moves into deals 1.. of each game")
    print(f"{'game':22s} {'median s':>9s} {'max s':>7s}  verdicts")
    every = []
    for slug, runs in data.items():
        times = sorted(t for t, _, _ in runs)
        every.extend(times)
        verdicts = ", ".join(f"{r}" for _, r, _ in runs)
        print(f"{slug:22s} {statistics.median(times):9.3f} {times[-1]:7.3f}  {verdicts}")
    every.sort()
    print(f"{'all':22s} {statistics.median(every):9.3f} {every[-1]:7.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--budget", type=int, default=20_000)
    parser.add_argument("--games", default="")
    parser.add_argument("--scan", default="standard", choices=SCANS)
    parser.add_argument("--pyodide", action="store_true", help="also time the hint in Pyodide")
    parser.add_argument("--hint-positions", type=int, default=5)
    parser.add_argument("--no-cpython", action="store_true")
    parser.add_argument("--no-pure", action="store_true", help="the compiled core alone, without the pure-Python model beside it")
    args = parser.parse_args()
    slugs = args.games.split(",") if args.games else [s.slug for s in engine.games()]
    if not args.no_cpython:
        cpython(slugs, args.deals, args.budget, not args.no_pure, args.scan)
    if args.pyodide:
        pyodide(slugs, args.hint_positions)


if __name__ == "__main__":
    main()
