"""How fast the site builds: the real content, then a synthetic site of 1000+ rule pages.

    python benchmarks/build_speed.py [--pages N] [--no-search] [--jobs N]

The synthetic pages are copies of the real Deuces page with new titles. The builder insists
that every page matches a registered engine game, so the benchmark registers one engine
variant per copy (``dataclasses.replace`` of the Deuces spec) through the engine's public
``register``: the same checks and the same first-deal rendering run as for real pages.

Prints, for each site: pages per second for a full build from scratch without search
indexing (as ``build --clean`` makes it: nothing reused, the cache filled; on every core
unless ``--jobs``, and on one process for comparison), then the time of a rebuild after one page's text changed (with the cache
the command line keeps; the best and the median of five edits), and the Pagefind
indexing time on its own. Times are wall-clock: on a shared machine, run it twice.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import engine
from site_builder import build
from site_builder.cache import cache_dir
from site_builder.parallel import available_cores

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


def full(label: str, content: Path, out: Path, jobs: int | None) -> None:
    """A build from scratch as ``python -m site_builder build --clean --no-search`` makes it
    where a site was built before: nothing reused, every file written anew, the site it
    replaces kept as the spare (and the older spare deleted), and the cache filled for the
    next build. (Deleting the old site just before, as this benchmark once did, timed the
    file system more than the builder: on these machines' ext4, files made just after a few
    thousand deletes cost up to 0.6-0.8 ms each. It still varies with the folder: run it
    with TMPDIR set to another one to see.)"""
    for _ in range(1 if out.exists() else 2):  # a site to replace and a spare, as in use; untimed
        build(content, out, search=False, jobs=jobs, cache=cache_dir(out))
    start = time.perf_counter()
    result = build(content, out, search=False, jobs=jobs, cache=cache_dir(out), clean=True)
    took = time.perf_counter() - start
    cores = f"{jobs} process{'es' if jobs != 1 else ''}" if jobs else f"{available_cores()} cores"
    print(f"{label}: full build of {result.pages} pages in {took:.2f} s = {result.pages / took:.0f} pages/s "
          f"(no search index, {cores})", flush=True)


def rebuild(label: str, content: Path, out: Path, page: str, jobs: int | None) -> None:
    """Time rebuilds after one page's text changed, with the cache (``cache_dir(out)``)."""
    cache = cache_dir(out)
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(cache, ignore_errors=True)
    for _ in range(2):  # the first fills the cache; the second leaves a spare site, as in use
        build(content, out, search=False, cache=cache, jobs=jobs)
    path = content / "games" / page
    original = path.read_text("utf-8")
    times = []
    try:
        for i in range(5):
            path.write_text(original + f"\nOne more sentence, number {i}.\n", "utf-8")
            start = time.perf_counter()
            result = build(content, out, search=False, cache=cache, jobs=jobs)
            times.append(time.perf_counter() - start)
            assert result.pages - result.unchanged == 1, "an edit of one page's text rebuilds that page alone"
    finally:
        path.write_text(original, "utf-8")
    print(f"{label}: rebuild after one edited page in {min(times):.3f} s (median {statistics.median(times):.3f} s "
          f"of {len(times)}; {result.pages} pages, 1 rendered, no search index)", flush=True)


def search(label: str, content: Path, out: Path) -> None:
    start = time.perf_counter()
    result = build(content, out, search=True)
    print(f"{label}: with Pagefind {time.perf_counter() - start:.2f} s total, of which indexing "
          f"{result.search_seconds:.2f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=1000, help="synthetic rule pages to add (default 1000)")
    parser.add_argument("--no-search", action="store_true", help="skip timing the Pagefind index")
    parser.add_argument("--jobs", type=int, default=None, help="processes for the full build (default: every core)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copytree(CONTENT, work / "real")  # a copy: the rebuild timing edits a page
        for label, content, out in (("real content", work / "real", work / "real_site"),
                                    (f"real + {args.pages} synthetic", work / "content", work / "big_site")):
            if content.name == "content":  # after the real content: it registers engine games
                synthetic_content(content, args.pages)
            full(label, content, out, args.jobs)
            if args.jobs != 1:
                full(label, content, out, 1)
            rebuild(label, content, out, "deuces.md", args.jobs)
            if not args.no_search:
                search(label, content, out)


if __name__ == "__main__":
    main()
