"""The build as a line of named stages (after MkDocs ``commands/build.py``).

gather -> front matter -> validate -> parse Markdown -> resolve links -> runtime (engine
archive, vendored Pyodide) -> render -> write -> search index -> service worker -> swap. Everything up to ``render`` only reads; errors from all files are
collected and raised together (``BuildFailed``) before any folder is created.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .errors import BuildError, BuildFailed, BuildWarning
from .links import resolve
from .load import load
from .model import Site
from .offline import SERVICE_WORKER, service_worker
from .output import check_target, discard, fresh_folder, swap_in, write_files
from .render import THEME, render_site
from .runtime import Runtime, prepare_runtime
from .sources import gather

Progress = Callable[[str], None]


def _quiet(_: str) -> None:
    pass


@dataclass
class BuildResult:
    out: Path
    pages: int
    files: int
    seconds: float  # whole build
    render_seconds: float  # read, check and render: everything but the search index and writing
    search_seconds: float
    indexed: int
    warnings: list[BuildWarning]  # problems the build went on without (a stale figure)


def read_site(content: Path, progress: Progress = _quiet) -> Site:
    """Gather, parse, validate and resolve: the whole check, with no output. Raises BuildFailed."""
    if not content.is_dir():
        raise BuildFailed([BuildError(content, 0, "content folder not found", str(content))])
    errors: list[BuildError] = []
    sources = gather(content)
    progress(f"gather: {len(sources)} files in {content}")
    site = load(sources, content, errors)
    progress(f"validate: {len(site.games)} games, {len(site.families)} families, {len(site.planned)} planned, "
             f"{len(site.names)} name page{'s' if len(site.names) != 1 else ''}")
    resolve(site, errors)
    progress("resolve links: done")
    if errors:
        raise BuildFailed(errors)
    return site


def check(content: Path, progress: Progress = _quiet, node_modules: Path | None = None) -> Site:
    """Validate all content and the demos' runtime, and render in memory; writes nothing."""
    site = read_site(content, progress)
    render_site(site, THEME, progress, runtime(node_modules, progress))
    return site


def runtime(node_modules: Path | None, progress: Progress) -> Runtime:
    rt = prepare_runtime(node_modules)
    progress(f"runtime: engine {rt.engine_url}, Pyodide {rt.pyodide_version}")
    return rt


def build(content: Path, out: Path, progress: Progress = _quiet, search: bool = True,
          theme: Path = THEME, node_modules: Path | None = None) -> BuildResult:
    """Build the site into ``out``; on any failure ``out`` is left as it was."""
    start = time.perf_counter()
    check_target(out)
    site = read_site(content, progress)
    rt = runtime(node_modules, progress)
    files = render_site(site, theme, progress, rt)
    rendered = time.perf_counter()
    folder = fresh_folder(out)
    try:
        write_files(folder, files)
        written = time.perf_counter()
        indexed = 0
        if search:
            from .search import build_index

            progress("search index: running Pagefind")
            indexed = build_index(folder)
            progress(f"search index: {indexed} pages indexed")
        searched = time.perf_counter()
        (folder / SERVICE_WORKER).write_bytes(service_worker(folder, rt, theme))
        progress(f"offline: {SERVICE_WORKER} keeps the pages, assets and search index")
        swap_in(folder, out)
    except BaseException:
        discard(folder)
        raise
    end = time.perf_counter()
    pages = sum(1 for name in files if name.endswith(".html"))
    return BuildResult(out, pages, len(files), end - start, rendered - start, searched - written, indexed,
                       site.warnings)
