"""The build cache: results of earlier builds, reused when everything they depend on is equal.

Each entry is keyed by a digest of *all* its inputs, so a hit can only return what the
work would compute again: a parsed body by its text, where it starts and the anchors it
may not take; a checked winnability file by its text and the deal numbers its game has;
a first deal by the engine's source, the game's rules fingerprint and the seed; the engine
archive by the engine's source; a rendered page by every value its template receives,
the theme, the runtime's addresses and the builder's own source (see ``render``). Nothing is invalidated by hand,
so an incremental build gives the same site as a clean one, byte for byte
(tests/site/test_incremental.py checks that over a sequence of edits).

The cache is a few pickle files outside the output folder (``.cache/site_builder/<out>/``
beside it, so a clean build or a deleted cache loses only time): ``cache.pickle`` for the
records of the site's files, and the entries spread over ``SHARDS`` files by name, so
that a build writes again only the shards whose entries changed (an edit of one page
touches at most six of them, about 1 MB of the 13 MB of the benchmark's 1,062 pages). Every entry
is keyed by a digest of its inputs, so a shard is right on its own, whatever build wrote
it. A file that cannot be read, or was written by another version of the builder, is
ignored and rebuilt: a corrupt cache is never an error. Entries are stored pickled one
by one, so that a value put in cannot be changed afterwards by the build that made it,
and a bad entry is only a miss. Entries no build asked for are dropped when the cache is
saved, so it never grows old.

Rendered pages are not stored here: the previous output holds them. A page whose key is
unchanged is hard-linked from the old site into the new folder, after checking that the
old file is the very one this builder wrote (same inode, size and modification time).
The site a build replaces is kept here too (``previous-site``): the next build starts from
it, so most pages are in place already (``output.fresh_folder``). Jinja's compiled
templates are kept in ``templates/``.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import pickle
import sys
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMAT = 1
PACKAGE = Path(__file__).resolve().parent
FILE = "cache.pickle"
SHARDS = 64  # the entries' files: entries-0.pickle ... entries-3f.pickle


def shard_file(n: int) -> str:
    return f"entries-{n:x}.pickle"


def _shard(name: str) -> int:
    return zlib.crc32(name.encode()) % SHARDS


def digest(*parts: object) -> str:
    """A stable digest of plain values (str, int, bool, None, tuples and lists of them).
    Strings are hashed as they are (with their length), not through repr: page texts are
    long, and a rebuild digests every one."""
    h = hashlib.sha256()
    for part in parts:
        if type(part) is str:
            data = part.encode("utf-8", "surrogatepass")
            h.update(b"s%d:" % len(data))
            h.update(data)
        else:
            text = repr(part).encode("utf-8", "surrogatepass")
            h.update(b"r%d:" % len(text))
            h.update(text)
    return h.hexdigest()


def tree_digest(root: Path, pattern: str = "*") -> str:
    """A digest of every file under ``root`` matching ``pattern``: names and bytes."""
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts):
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


_BUILDER: list[str] = []


def builder_version() -> str:
    """The builder's own source and the versions of what renders for it: a change to any
    of them may change any page, so it is part of every key (through the cache's own)."""
    if not _BUILDER:
        libs = []
        for name in ("jinja2", "markdown-it-py", "markupsafe", "mdurl"):
            try:
                libs.append(f"{name}={importlib.metadata.version(name)}")
            except importlib.metadata.PackageNotFoundError:
                libs.append(f"{name}=?")
        _BUILDER.append(digest(FORMAT, sys.version, libs, tree_digest(PACKAGE, "*.py")))
    return _BUILDER[0]


@dataclass(frozen=True)
class FileRecord:
    """A page file this builder wrote: the key it was rendered under and how to recognise it."""

    key: str
    size: int
    mtime_ns: int
    inode: int
    sha256: bytes = b""  # of its bytes (the service worker's build id digests every file)


def cache_dir(out: Path) -> Path:
    """Where the cache of the site in ``out`` lives: beside it, never inside it."""
    return out.resolve().parent / ".cache" / "site_builder" / out.name


class BuildCache:
    """Namespaced entries (``get``/``put``) and the records of the last site's page files."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder  # None: a cache that remembers nothing (``check``, ``--clean`` reads)
        self.entries: dict[str, bytes] = {}
        self.files: dict[str, FileRecord] = {}  # relative path -> record, of the site last written
        self.used: dict[str, bytes] = {}
        self.stored: dict[int, set[str]] = {}  # shard -> the names its file holds
        self.changed: set[int] = set()  # shards with an entry put anew (one read back damaged, say)

    @classmethod
    def load(cls, folder: Path) -> BuildCache:
        """The cache in ``folder``; an empty one if there is none or it cannot be used."""
        cache = cls(folder)
        version = builder_version()
        try:
            with open(folder / FILE, "rb") as f:
                data = pickle.load(f)
            if not isinstance(data, dict) or data.get("builder") != version or not isinstance(data["files"], dict):
                return cache
            cache.files = data["files"]
        except Exception:  # noqa: BLE001 (any unreadable cache is no cache)
            return cls(folder)
        for n in range(SHARDS):
            try:
                with open(folder / shard_file(n), "rb") as f:
                    data = pickle.load(f)
                entries = data["entries"] if data.get("builder") == version else None
                if isinstance(entries, dict):
                    cache.entries.update(entries)
                    cache.stored[n] = set(entries)
            except Exception:  # noqa: BLE001, S112 (an unreadable shard holds nothing)
                continue
        return cache

    def get(self, namespace: str, key: str) -> Any:
        """The value stored under ``key``, or None."""
        name = f"{namespace}:{key}"
        blob = self.entries.get(name)
        if blob is None:
            return None
        try:
            value = pickle.loads(blob)
        except Exception:  # noqa: BLE001 (a damaged entry is a miss)
            return None
        self.used[name] = blob
        return value

    def keep(self, namespace: str, key: str) -> bool:
        """Is there an entry under ``key``? If so it is kept, unread (``get`` it when needed)."""
        name = f"{namespace}:{key}"
        blob = self.entries.get(name)
        if blob is None:
            return False
        self.used[name] = blob
        return True

    def put(self, namespace: str, key: str, value: Any) -> None:
        self.put_blob(namespace, key, pickle.dumps(value, pickle.HIGHEST_PROTOCOL) if self.folder else b"")

    def put_blob(self, namespace: str, key: str, blob: bytes) -> None:
        """``put`` of a value pickled already (by a worker)."""
        if self.folder is not None:
            name = f"{namespace}:{key}"
            self.used[name] = blob
            self.changed.add(_shard(name))

    def reusable(self, rel: str, key: str, folder: str) -> str | None:
        """``folder``'s file ``rel`` if it is the very file of the last site, rendered
        under ``key`` and untouched (same inode, size and modification time)."""
        record = self.files.get(rel)
        if record is None or record.key != key:
            return None
        path = f"{folder}/{rel}"
        try:
            st = os.stat(path)
        except OSError:
            return None
        if (st.st_size, st.st_mtime_ns, st.st_ino) != (record.size, record.mtime_ns, record.inode):
            return None
        return path

    def save(self, files: dict[str, FileRecord]) -> None:
        """Keep what this build used and the records of the site it wrote; never fails the build.
        A shard whose file holds exactly the entries used is left as it is."""
        if self.folder is None:
            return
        version = builder_version()
        shards: list[dict[str, bytes]] = [{} for _ in range(SHARDS)]
        for name, blob in self.used.items():
            shards[_shard(name)][name] = blob
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for n, entries in enumerate(shards):
                if n in self.changed or self.stored.get(n) != entries.keys():
                    self._write(shard_file(n), {"builder": version, "entries": entries})
            self._write(FILE, {"builder": version, "files": files})
        except OSError:
            pass

    def _write(self, name: str, data: dict[str, Any]) -> None:
        """Replace one file of the cache: a reader sees the old file or the new one, whole."""
        assert self.folder is not None
        fd, tmp = tempfile.mkstemp(prefix=".cache-", dir=self.folder)
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump(data, f, pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, self.folder / name)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def record(path: Path, key: str, sha256: bytes = b"") -> FileRecord:
    st = path.stat()
    return FileRecord(key, st.st_size, st.st_mtime_ns, st.st_ino, sha256)
