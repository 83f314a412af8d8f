"""Print every game's winnability, as its rule page says it, as a Markdown table.

    python benchmarks/winnability_table.py [--content content]

Read from the committed data files (``content/winnability/SLUG.json``, written by
``python -m engine solve`` and ``bin/winnability``); each row: the deals, the largest budget
of positions a run searched, the counts, and the page's sentence with its 95% interval
(``site_builder.winnability``). A file whose rules' fingerprint is stale is marked so, as
the build would warn. Nothing is solved here.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine import bulk  # noqa: E402
from site_builder.winnability import Winnability, rules_fingerprint  # noqa: E402


def figure_of(slug: str, data: dict[str, Any]) -> Winnability:
    counts = data["counts"]
    return Winnability(slug, data["fingerprint"] != rules_fingerprint(engine.get_spec(slug)), "", data["budget"],
                       data["date"], data["deals"], counts["deals"], counts["won"], counts["lost"], counts["unknown"],
                       data["won"], len(data.get("runs", ())) or 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--content", type=Path, default=Path(__file__).resolve().parent.parent / "content")
    args = parser.parse_args()
    known = {spec.slug: spec for spec in engine.games()}
    print("| game | deals | budget | won | lost | undecided | the rule page says |")
    print("|---|---|---|---|---|---|---|")
    missing = []
    for slug, spec in sorted(known.items(), key=lambda kv: kv[1].title):
        path = args.content / "winnability" / f"{slug}.json"
        if not path.exists():
            missing.append(slug)
            continue
        figure = figure_of(slug, bulk.read(path))
        said = "stale: not shown" if figure.stale else figure.summary()
        print(f"| {spec.title} | {figure.deals} | {figure.budget:,} | {figure.won:,} | {figure.lost:,} | "
              f"{figure.unknown:,} | {said} |")
    if missing:
        print(f"\nNo figures for: {', '.join(missing)}")


if __name__ == "__main__":
    main()
