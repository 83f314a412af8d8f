"""Engine speed on this Python: for each game, legal_moves() timing over positions
reached by random play, random-playout moves per second, and view() (what the demo's
engine sends the page after every move) timed every tenth position.

Run:  python benchmarks/engine_speed.py [--deals N]
Aims: legal_moves() under 1 ms (median) in every game; view() under 5 ms (median), since
Pyodide runs it several times slower again on every move a player makes.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine.rng import SplitMix64  # noqa: E402


def measure(slug: str, deals: int) -> tuple[float, float, float, float, float]:
    timings: list[float] = []
    views: list[float] = []
    moves_played = 0
    playout_seconds = 0.0
    for seed in range(1, deals + 1):
        g = engine.new_game(slug, seed)
        rng = SplitMix64(seed)
        seen = len(views)
        start = time.perf_counter()
        for n in range(500):
            if n % 10 == 0:
                t = time.perf_counter()
                g.view()
                views.append(time.perf_counter() - t)
            g._legal = None  # time the generator itself, not its cache
            t = time.perf_counter()
            moves = g.legal_moves()
            timings.append(time.perf_counter() - t)
            if not moves:
                break
            g.play(moves[rng.below(len(moves))])
            moves_played += 1
        playout_seconds += time.perf_counter() - start - sum(views[seen:])  # the views timed are not play
    median = statistics.median(timings)
    p95 = sorted(timings)[int(len(timings) * 0.95)]
    return (median * 1e3, p95 * 1e3, 1 / statistics.mean(timings), moves_played / playout_seconds,
            statistics.median(views) * 1e3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per game (default 20)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}")
    print(f"{'game':<20}{'legal_moves median':>20}{'p95':>10}{'calls/s':>10}{'playout moves/s':>17}{'view median':>14}")
    worst = worst_view = 0.0
    for spec in engine.games():
        median, p95, calls, playout, view = measure(spec.slug, args.deals)
        worst, worst_view = max(worst, median), max(worst_view, view)
        print(f"{spec.slug:<20}{median:>17.3f} ms{p95:>7.3f} ms{calls:>10.0f}{playout:>17.0f}{view:>11.3f} ms")
    print(f"slowest legal_moves median: {worst:.3f} ms (aim: under 1 ms) -> {'OK' if worst < 1 else 'OVER'}")
    print(f"slowest view median: {worst_view:.3f} ms (aim: under 5 ms) -> {'OK' if worst_view < 5 else 'OVER'}")


if __name__ == "__main__":
    main()
