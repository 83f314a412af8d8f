"""The build as a line of named stages (after MkDocs ``commands/build.py``).

gather -> front matter -> validate -> parse Markdown -> resolve links -> check the
comparisons the prose makes against the winnability figures -> runtime (engine archive,
vendored Pyodide) -> render -> write into a fresh folder -> search index -> service
worker -> swap. Everything up to ``render`` only reads; errors from all files are collected
and raised together (``BuildFailed``) before any folder is created.

The build cache (``cache``) sits beside the stages, not between them: front matter,
bodies, first deals and pages each look their result up by a key of all their inputs
before doing the work, and the work itself runs on every core (``parallel``); while the
workers render the pages, the parent, which would only wait for them, writes the assets.
"""

from __future__ import annotations

import gc
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial, wraps
from pathlib import Path
from typing import Any, TypeVar, cast

from .board import deal_boards
from .bodies import parse_bodies
from .cache import BuildCache, record
from .claims import check_claims
from .errors import BuildError, BuildFailed, BuildWarning
from .links import resolve
from .load import load
from .model import Site
from .offline import SERVICE_WORKER, service_worker, site_files
from .output import (MARKER, check_target, discard, fresh_folder, link_unchanged, prune, swap_in, write_files,
                     write_page)
from .parallel import Batch
from .render import THEME, render_site
from .runtime import Runtime, prepare_runtime
from .sources import gather

Progress = Callable[[str], None]
SPARE = "previous-site"  # in the cache folder: the site before the current one, taken up by the next build


def _quiet(_: str) -> None:
    pass


F = TypeVar("F", bound=Callable[..., Any])


def _collect_less(fn: F) -> F:
    """Run ``fn`` with the cyclic garbage collector off, then collect the young objects
    once. A build makes a few hundred thousand objects that live until it ends and hardly
    any garbage cycles (a few hundred); at the default thresholds (a collection every 700
    new objects) the collector walked them over and over (about 70 ms of a one-page
    rebuild of the benchmark's 1,062 pages), and even at mypy's raised thresholds one
    collection of the young generation, then holding the whole site, took 20 ms. Once
    ``fn`` has returned, its objects are freed (by reference counting) and what is left
    young is small: collecting it then costs about a millisecond. The collector is put back
    as it was; nothing is left uncollected."""

    @wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            gc.collect(0)
            if enabled:
                gc.enable()

    return cast(F, run)


@dataclass
class BuildResult:
    out: Path
    pages: int
    files: int
    seconds: float  # whole build
    render_seconds: float  # read, check, render and write: everything but the search index and the service worker
    search_seconds: float
    indexed: int
    warnings: list[BuildWarning]  # problems the build went on without (a stale figure)
    unchanged: int = 0  # pages taken from the previous build (their inputs had not changed)


def read_site(content: Path, progress: Progress = _quiet, cache: BuildCache | None = None,
              jobs: int | None = None) -> Site:
    """Gather, parse, validate and resolve: the whole check, with no output. Raises BuildFailed."""
    if not content.is_dir():
        raise BuildFailed([BuildError(content, 0, "content folder not found", str(content))])
    cache = cache or BuildCache()
    errors: list[BuildError] = []
    sources = gather(content)
    progress(f"gather: {len(sources)} files in {content}")
    site = load(sources, content, errors, cache)
    progress(f"validate: {len(site.games)} games, {len(site.families)} families, {len(site.planned)} planned, "
             f"{len(site.names)} name page{'s' if len(site.names) != 1 else ''}")
    batch = Batch()  # bodies parsed and first deals dealt together, on every core
    parsed = parse_bodies(site, cache, batch)
    deal_boards(site, cache, batch)
    batch.run(jobs)
    progress(f"parse: {parsed} bodies parsed, {len(site.all_pages()) - parsed} unchanged; first deals dealt")
    resolve(site, errors)
    progress("resolve links: done")
    check_claims(site, errors)
    progress(f"claims: {sum(len(p.claims) for p in site.all_pages())} comparisons checked against the figures")
    if errors:
        raise BuildFailed(errors)
    return site


@_collect_less
def check(content: Path, progress: Progress = _quiet, node_modules: Path | None = None) -> Site:
    """Validate all content and the demos' runtime, and render in memory; writes nothing."""
    site = read_site(content, progress)
    render_site(site, THEME, progress, runtime(node_modules, progress))
    return site


def runtime(node_modules: Path | None, progress: Progress, cache: BuildCache | None = None) -> Runtime:
    rt = prepare_runtime(node_modules, cache=cache)
    progress(f"runtime: engine {rt.engine_url}, Pyodide {rt.pyodide_version}")
    return rt


@_collect_less
def build(content: Path, out: Path, progress: Progress = _quiet, search: bool = True,
          theme: Path = THEME, node_modules: Path | None = None, cache: Path | None = None,
          clean: bool = False, jobs: int | None = None) -> BuildResult:
    """Build the site into ``out``; on any failure ``out`` is left as it was.

    With a ``cache`` folder (the command line's is ``cache.cache_dir(out)``), work whose
    inputs are unchanged since the last build is taken from it, and unchanged pages from
    the previous ``out``; ``clean`` ignores what it holds (and starts it afresh).
    ``jobs``: processes to use (default: every core)."""
    start = time.perf_counter()
    check_target(out)
    store = BuildCache.load(cache) if cache is not None and not clean else BuildCache(cache)
    site = read_site(content, progress, store, jobs)
    rt = runtime(node_modules, progress, store)
    spare = cache / SPARE if cache is not None else None
    # A clean build takes the spare up too, but only as folders to write in: it reuses no
    # page (its cache is empty), writes every file anew and prunes the rest. Deleting the
    # spare's thousand folders and making them again cost 0.3-0.5 s of a clean build of the
    # benchmark's 1,062 pages on this project's machines (ext4).
    folder, recycled = fresh_folder(out, spare)
    try:
        reuse = partial(link_unchanged, store, out, folder, recycled) if store.files else None

        def write(files: dict[str, bytes]) -> None:  # the files that are not pages, while the pages render
            write_files(folder, files, recycled)

        rendered = render_site(site, theme, progress, rt, store, reuse, jobs, partial(write_page, str(folder)), write)
        written_at = time.perf_counter()
        if recycled:
            prune(folder, set(rendered.files) | set(rendered.keys) | {MARKER})
        known = {**{rel: store.files[rel].sha256 for rel in rendered.reused}, **rendered.hashes}
        # A page taken from the old site is a hard link to the very file its record describes.
        reused = set(rendered.reused)
        records = {rel: store.files[rel] if rel in reused else record(folder / rel, key, known.get(rel, b""))
                   for rel, key in rendered.keys.items()} if cache else {}
        written = time.perf_counter()
        indexed = 0
        names = [*rendered.files, *rendered.keys]  # every file of the site so far
        if search:
            from .search import build_index

            if recycled:
                discard(folder / "pagefind")
            progress("search index: running Pagefind")
            indexed = build_index(folder)
            progress(f"search index: {indexed} pages indexed")
            names += ["pagefind/" + rel for rel in site_files(folder / "pagefind")]
        searched = time.perf_counter()

        def sha256(rel: str) -> bytes:
            """A file's digest, from what the build knows: pages were hashed as they were
            written, the other files it made are in memory; the search index is read."""
            found = known.get(rel)
            if found:
                return found
            data = rendered.files.get(rel)
            return hashlib.sha256((folder / rel).read_bytes() if data is None else data).digest()

        write_files(folder, {SERVICE_WORKER: service_worker(folder, rt, theme, names, sha256)}, marker=False)
        progress(f"offline: {SERVICE_WORKER} keeps the pages, assets and search index")
        swap_in(folder, out, spare)
    except BaseException:
        discard(folder)
        raise
    store.save(records)
    end = time.perf_counter()
    files = len(set(rendered.files) | set(rendered.keys))
    return BuildResult(out, rendered.pages, files, end - start,
                       written_at - start, searched - written, indexed, site.warnings, len(rendered.reused))
