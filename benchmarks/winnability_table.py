"""Print every game's winnability, as its rule page says it, as a Markdown table.

    python benchmarks/winnability_table.py [--content content]

Read from the committed data files (``content/winnability/SLUG.json``, written by
``python -m engine solve`` and ``bin/winnability``); each row: the deals, the largest budget
of positions a run searched, the counts, and the page's sentence with its 95% interval,
read and checked by the builder's own ``load_winnability``. A file whose rules' fingerprint
is stale is marked so, as the build would warn; a broken one is named on standard error.
Nothing is solved here.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from site_builder.errors import BuildError, BuildWarning  # noqa: E402
from site_builder.sources import gather  # noqa: E402
from site_builder.winnability import load_winnability  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--content", type=Path, default=Path(__file__).resolve().parent.parent / "content")
    args = parser.parse_args()
    specs = {spec.slug: spec for spec in engine.games()}
    errors: list[BuildError] = []
    warnings: list[BuildWarning] = []
    figures = {}  # read and checked as the builder does, so each row is what its page says
    for src in gather(args.content):
        if src.rel.startswith("winnability/"):
            figure = load_winnability(src, errors, warnings, specs)
            if figure is not None:
                figures[figure.game] = figure
    print("| game | deals | budget | won | lost | undecided | the rule page says |")
    print("|---|---|---|---|---|---|---|")
    for spec in sorted(specs.values(), key=lambda spec: spec.title):
        figure = figures.get(spec.slug)
        if figure is not None:
            said = "stale: not shown" if figure.stale else figure.summary()
            print(f"| {spec.title} | {figure.deals} | {figure.budget:,} | {figure.won:,} | {figure.lost:,} | "
                  f"{figure.unknown:,} | {said} |")
    missing = [slug for slug in specs if slug not in figures]
    if missing:
        print(f"\nNo figures for: {', '.join(missing)}")
    for problem in errors:
        print(problem, file=sys.stderr)


if __name__ == "__main__":
    main()
