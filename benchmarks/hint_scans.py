"""Which scan should a game's Hint search with? For each game, the positions along known
winning lines that ``hint_success.py`` takes (every ``--every``-th position of the first
``--deals`` won deals), each searched on CPython by each scan at the Hint's own budget
(``HINT_BUDGET`` of the page's solver.js; the compiled core, which searches position for
position as the browser's pure Python does): how often it finds a winning line, and how many
positions it took where it did. A game's spec names the scan its page's Hint and check use
(``GameSpec.hint_scan``): "greedy" where this table shows that scan finding winning lines
that best first misses. Figures, not a test: nothing here fails.

    .venv/bin/python benchmarks/hint_scans.py [--games spider-one-suit,busy-aces] [--deals 5]
        [--every 10] [--scans standard,greedy]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import engine  # noqa: E402
from hint_success import HINT_BUDGET, positions_of  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="", help="slugs, comma-separated (default: every game)")
    parser.add_argument("--deals", type=int, default=5, help="won deals a game")
    parser.add_argument("--every", type=int, default=10, help="every n-th position along each line")
    parser.add_argument("--line-budget", type=int, default=200_000, help="positions to find each deal's line")
    parser.add_argument("--scans", default="standard,greedy", help="the scans to compare")
    args = parser.parse_args()
    slugs = args.games.split(",") if args.games else [s.slug for s in engine.games()]
    scans = args.scans.split(",")
    print(f"Winning lines found from positions along known winning lines, at the Hint's budget "
          f"({HINT_BUDGET:,} positions); in brackets, the median positions of those found.\n")
    print("| game | positions | " + " | ".join(scans) + " | the spec's |")
    print("|---|---:|" + "---:|" * len(scans) + "---|")
    for slug in slugs:
        notes: list[str] = []
        found: dict[str, list[int]] = {scan: [] for scan in scans}
        positions = positions_of(slug, args.deals, args.every, args.line_budget, notes)
        for position in positions:
            for scan in scans:
                verdict = engine.solve(engine.replay(position.record), HINT_BUDGET, scan=scan)
                if verdict.result == "won":
                    found[scan].append(verdict.positions)
        cells = [f"{100 * len(found[s]) / len(positions):.0f}% ({statistics.median(found[s]):,.0f})"
                 if found[s] else "0%" for s in scans] if positions else ["-"] * len(scans)
        print(f"| {engine.get_spec(slug).title} | {len(positions)} | " + " | ".join(cells)
              + f" | {engine.get_spec(slug).hint_scan} |", flush=True)
        for note in notes:
            print(f"<!-- {note} -->", file=sys.stderr)


if __name__ == "__main__":
    main()
