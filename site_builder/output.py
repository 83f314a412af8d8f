"""Stage 9: write the site into a fresh folder beside the target, then swap it in.

A failed build (a content error, a crash while indexing) removes its temporary folder and
leaves the previous site exactly as it was; a good one replaces it with two renames.
A marker file guards against replacing a folder that is not a site this builder wrote.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .cache import BuildCache

MARKER = ".patience-rulebook-site"


def hashed_name(stem: str, suffix: str, data: bytes) -> str:
    """``assets/<stem>.<hash8><suffix>``: a name that changes when the bytes do, so the
    file may be cached for a year."""
    return f"assets/{stem}.{hashlib.sha256(data).hexdigest()[:8]}{suffix}"


class OutputError(Exception):
    """The output folder cannot be used (it exists and is not a site we wrote)."""


def check_target(out: Path) -> None:
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MARKER).exists())):
        raise OutputError(f"refusing to replace {str(out)!r}: it is not empty and was not written by "
                          f"site_builder (no {MARKER} file); choose another --out")


def fresh_folder(out: Path) -> Path:
    """A new empty folder on the same file system as ``out``, so the swap is a rename."""
    out.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{out.name}-new-", dir=out.parent))


def write_page(folder: str, rel: str, data: bytes) -> None:
    """Write one rendered page (called in the render workers: plain strings, no Paths)."""
    path = f"{folder}/{rel}"
    try:
        f = open(path, "wb")
    except FileNotFoundError:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        f = open(path, "wb")
    with f:
        f.write(data)


def link_unchanged(cache: BuildCache, out: Path, folder: Path, keys: dict[str, str]) -> set[str]:
    """Hard-link into ``folder`` each page of the previous site ``out`` whose key is
    unchanged (and whose file is untouched); returns those pages. The old site is never
    written to, only replaced. Threads, since this is file system calls and nothing else."""
    old, new = str(out), str(folder)

    def link(item: tuple[str, str]) -> str | None:
        rel, key = item
        source = cache.reusable(rel, key, old)
        if source is None:
            return None
        target = f"{new}/{rel}"
        try:
            try:
                os.link(source, target)
            except FileNotFoundError:
                os.makedirs(os.path.dirname(target), exist_ok=True)
                os.link(source, target)
        except OSError:
            return None
        return rel

    with ThreadPoolExecutor(max_workers=4) as pool:
        return {rel for rel in pool.map(link, keys.items(), chunksize=64) if rel is not None}


def write_files(folder: Path, files: dict[str, bytes]) -> None:
    for rel, data in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    (folder / MARKER).write_text("Written by `python -m site_builder build`; safe to delete.\n", "utf-8")


def swap_in(new: Path, out: Path) -> None:
    """Replace ``out`` by ``new``: rename the old one aside, rename the new one in, delete the old."""
    old = None
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}-old-", dir=out.parent))
        old.rmdir()
        out.rename(old)
    try:
        new.rename(out)
    except OSError:
        if old is not None:
            old.rename(out)  # put the previous site back
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def discard(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)
