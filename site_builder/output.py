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
from pathlib import Path
from typing import BinaryIO

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


def fresh_folder(out: Path, spare: Path | None = None) -> tuple[Path, bool]:
    """A new folder on the same file system as ``out``, so the swap is a rename; and
    whether it is the ``spare`` (the site before the current one, kept by ``swap_in``)
    taken up again. A spare already holds most of the pages, as hard links to the very
    files of the current site: the build replaces what changed (``write_page`` and
    ``write_files`` never write into an existing file) and ``prune``s the rest."""
    out.parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=f".{out.name}-new-", dir=out.parent))
    if spare is not None and (spare / MARKER).is_file():
        try:
            os.rename(spare, folder)  # onto the empty folder: same file system, or it fails
            return folder, True
        except OSError:
            shutil.rmtree(spare, ignore_errors=True)
    return folder, False


def _create(path: str) -> BinaryIO:
    """A new file at ``path`` (a file already there is unlinked first, never overwritten:
    in a recycled folder it may be a hard link to a page of the site being served)."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    try:
        return open(path, "xb")
    except FileNotFoundError:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        return open(path, "xb")


def _holds(path: str, data: bytes) -> bool:
    try:
        if os.stat(path).st_size != len(data):
            return False
        with open(path, "rb") as f:
            return f.read() == data
    except OSError:
        return False


def write_page(folder: str, rel: str, data: bytes) -> None:
    """Write one rendered page (called in the render workers: plain strings, no Paths)."""
    with _create(f"{folder}/{rel}") as f:
        f.write(data)


def link_unchanged(cache: BuildCache, out: Path, folder: Path, recycled: bool, keys: dict[str, str]) -> set[str]:
    """Hard-link into ``folder`` each page of the previous site ``out`` whose key is
    unchanged (and whose file is untouched); returns those pages. In a ``recycled``
    folder, a page that is already that very file (a hard link to it: same inode, size and
    modification time) is left as it is, with one look at the disk. The old site is never
    written to, only replaced. (One thread: the files' entries are in memory after the
    last build, and a pool of threads cost more than the calls.)"""
    old, new = str(out), str(folder)

    def link(item: tuple[str, str]) -> str | None:
        rel, key = item
        if recycled and cache.reusable(rel, key, new) is not None:
            return rel
        source = cache.reusable(rel, key, old)
        if source is None:
            return None
        target = f"{new}/{rel}"
        try:
            if recycled:
                try:
                    os.unlink(target)
                except FileNotFoundError:
                    pass
            try:
                os.link(source, target)
            except FileNotFoundError:
                os.makedirs(os.path.dirname(target), exist_ok=True)
                os.link(source, target)
        except OSError:
            return None
        return rel

    return {rel for rel in map(link, keys.items()) if rel is not None}


def write_files(folder: Path, files: dict[str, bytes], recycled: bool = False, marker: bool = True) -> None:
    """Write the files that are not pages (assets, the runtime), and the marker. In a
    recycled folder a file that already holds the bytes is left alone: Pyodide alone is
    13 MB to write, and no page links to these files, so none is shared with the site
    being served."""
    for rel, data in files.items():
        path = f"{folder}/{rel}"
        if recycled and _holds(path, data):
            continue
        with _create(path) as f:
            f.write(data)
    if marker:
        with _create(f"{folder}/{MARKER}") as f:
            f.write(b"Written by `python -m site_builder build`; safe to delete.\n")


def prune(folder: Path, keep: set[str]) -> None:
    """Remove from a recycled ``folder`` every file not in ``keep`` (pages gone, old
    assets, the old search index), and the folders left empty."""

    def walk(path: str, prefix: str) -> bool:
        """Prune one folder; True if anything is left in it."""
        left = False
        with os.scandir(path) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if walk(entry.path, prefix + entry.name + "/"):
                        left = True
                    else:
                        os.rmdir(entry.path)
                elif prefix + entry.name in keep:
                    left = True
                else:
                    os.unlink(entry.path)
        return left

    walk(str(folder), "")


def swap_in(new: Path, out: Path, spare: Path | None = None) -> None:
    """Replace ``out`` by ``new``: rename the old one aside, rename the new one in, then
    delete the old one, or keep it as the ``spare`` for the next build to take up."""
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
    if old is None:
        return
    if spare is not None:
        try:
            shutil.rmtree(spare, ignore_errors=True)
            spare.parent.mkdir(parents=True, exist_ok=True)
            old.rename(spare)
            return
        except OSError:
            pass
    shutil.rmtree(old, ignore_errors=True)


def discard(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)
