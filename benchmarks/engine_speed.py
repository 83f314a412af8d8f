"""Engine speed on this Python: for each game, legal_moves() timing over positions
reached by random play, and random-playout moves per second.

Run:  python benchmarks/engine_speed.py [--deals N]
Aim:  legal_moves() under 1 ms (median) in every game.
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


def measure(slug: str, deals: int) -> tuple[float, float, float, float]:
    timings: list[float] = []
    moves_played = 0
    playout_seconds = 0.0
    for seed in range(1, deals + 1):
        g = engine.new_game(slug, seed)
        rng = SplitMix64(seed)
        start = time.perf_counter()
        for _ in range(500):
            g._legal = None  # time the generator itself, not its cache
            t = time.perf_counter()
            moves = g.legal_moves()
            timings.append(time.perf_counter() - t)
            if not moves:
                break
            g.play(moves[rng.below(len(moves))])
            moves_played += 1
        playout_seconds += time.perf_counter() - start
    median = statistics.median(timings)
    p95 = sorted(timings)[int(len(timings) * 0.95)]
    return median * 1e3, p95 * 1e3, 1 / statistics.mean(timings), moves_played / playout_seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per game (default 20)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}")
    print(f"{'game':<18}{'legal_moves median':>20}{'p95':>10}{'calls/s':>10}{'playout moves/s':>17}")
    worst = 0.0
    for spec in engine.games():
        median, p95, calls, playout = measure(spec.slug, args.deals)
        worst = max(worst, median)
        print(f"{spec.slug:<18}{median:>17.3f} ms{p95:>7.3f} ms{calls:>10.0f}{playout:>17.0f}")
    print(f"slowest median: {worst:.3f} ms (aim: under 1 ms) -> {'OK' if worst < 1 else 'OVER'}")


if __name__ == "__main__":
    main()
