"""How fast the site builds: the real content, then a synthetic site of 1000+ rule pages.

    python benchmarks/build_speed.py [--pages N] [--no-search]

The synthetic pages are copies of the real Deuces page with new titles. The builder insists
that every page matches a registered engine game, so the benchmark registers one engine
variant per copy (``dataclasses.replace`` of the Deuces spec) through the engine's public
``register``: the same checks and the same first-deal rendering run as for real pages.
Prints pages per second for the full build without search indexing, and the Pagefind
indexing time on its own.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import shutil
import tempfile
import time
from pathlib import Path

import engine
from site_builder import build

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"


def synthetic_content(target: Path, count: int) -> None:
    """Copy the real content and add ``count`` games cloned from the Deuces page."""
    shutil.copytree(CONTENT, target)
    template = (CONTENT / "games" / "deuces.md").read_text("utf-8")
    base = engine.get_spec("deuces")
    for i in range(1, count + 1):
        slug, title = f"bench-deuces-{i}", f"Bench Deuces {i}"
        engine.register(dataclasses.replace(base, slug=slug, title=title, aliases=()))
        text = re.sub(r'^title = ".*"$', f'title = "{title}"', template, count=1, flags=re.M)
        text = re.sub(r'^engine = ".*"$', f'engine = "{slug}"', text, count=1, flags=re.M)
        text = re.sub(r"^aliases = \[.*\]$", "aliases = []", text, count=1, flags=re.M)
        (target / "games" / f"{slug}.md").write_text(text, "utf-8")


def run(label: str, content: Path, out: Path, search: bool) -> None:
    start = time.perf_counter()
    result = build(content, out, search=False)
    plain = time.perf_counter() - start
    line = f"{label}: {result.pages} pages built in {plain:.2f} s = {result.pages / plain:.0f} pages/s (no search index)"
    if search:
        start = time.perf_counter()
        result = build(content, out, search=True)
        line += (f"; with Pagefind {time.perf_counter() - start:.2f} s total, "
                 f"of which indexing {result.search_seconds:.2f} s")
    print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=1000, help="synthetic rule pages to add (default 1000)")
    parser.add_argument("--no-search", action="store_true", help="skip timing the Pagefind index")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        run("real content", CONTENT, work / "real_site", not args.no_search)
        synthetic_content(work / "content", args.pages)
        run(f"real + {args.pages} synthetic", work / "content", work / "big_site", not args.no_search)


if __name__ == "__main__":
    main()
