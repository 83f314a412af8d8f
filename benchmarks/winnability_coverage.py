"""Which undecided deals each scan's biggest run has not reached: runs stopped part way.

    python benchmarks/winnability_coverage.py [--content content] [--games a,b]

For every game whose data file (``content/winnability/SLUG.json``) leaves deals undecided,
and for each scan its runs used: the biggest budget a run of that scan searched, and how
many of the deals now undecided a run of that scan searched at that budget or more
(``engine.solver.datafile.tried``). Where that is fewer than all of them, a run was stopped
or cut into ranges and not finished, and the line ends with the command that takes it up
(``--undecided --untried``). Nothing is solved here.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.solver.datafile import parse_ranges, read, runs_of, tried  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--content", type=Path, default=Path(__file__).resolve().parent.parent / "content")
    parser.add_argument("--games", default="", help="slugs, comma-separated (default: every data file)")
    args = parser.parse_args()
    folder = args.content / "winnability"
    paths = ([folder / f"{slug}.json" for slug in args.games.split(",")] if args.games
             else sorted(folder.glob("*.json")))
    print("| game | undecided | scan | biggest budget | undecided searched at it | to take it up |")
    print("|---|---:|---|---:|---:|---|")
    for path in paths:
        data = read(path)
        left = set(parse_ranges(data["unknown"]))
        if not left:
            continue
        biggest: dict[str, int] = {}
        for run in runs_of(data):
            scan = run.get("scan", "standard")
            biggest[scan] = max(biggest.get(scan, 0), int(run.get("budget", 0)))
        for scan, budget in sorted(biggest.items()):
            searched = len(left & tried(data, scan, budget))
            todo = "" if searched == len(left) else (
                f"`python -m engine solve {data['game']} --undecided --untried --scan {scan} --budget {budget}`")
            print(f"| {data['game']} | {len(left):,} | {scan} | {budget:,} | {searched:,} | {todo} |")


if __name__ == "__main__":
    main()
