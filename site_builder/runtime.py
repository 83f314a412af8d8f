"""Stage: what the in-page demos run on, prepared before anything is written.

* The engine, packed into one JSON file per build named by its content hash, so browsers may
  cache it for a year and a new engine is a new name.
* Pyodide's core files, copied from the npm package pinned in package.json into
  ``pyodide/<version>/``, after checking that the installed copy is the pinned one and
  complete. Nothing is ever fetched from a CDN. Its standard library is cut down to the
  modules the demos import (``site_builder.stdlib``).
* Pyodide's lock file reduced to its ``info`` and no packages: the demos load none, so the
  worker hands this to ``loadPyodide`` instead of fetching and parsing the full 120 kB file
  on every start.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

import engine

from . import stdlib
from .cache import BuildCache, tree_digest
from .errors import BuildError, BuildFailed
from .output import hashed_name

ROOT = Path(__file__).resolve().parent.parent
ENGINE_DIR = Path(engine.__file__).resolve().parent
# The files the worker loads; the rest of the npm package (consoles, type files, source
# maps, the Node-only build) stays out of the site. The lock file is shipped for anyone
# loading Pyodide by hand (the play benchmark's floor page); the demos never fetch it.
PYODIDE_LOADED = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_CORE = (*PYODIDE_LOADED, "pyodide-lock.json")
# Pyodide's two scripts, each marked at its top for V8's explicit compile hints (Chromium 136
# and later; a comment to any other browser): every function in them is compiled when the
# script is, instead of when first called. Almost all of them run at every start, and the
# browser keeps a script's compiled code only for what was compiled by then, so unmarked a
# game page compiled 260 of Pyodide's functions again at every start (70 ms of a demo's start on
# these machines); marked, it takes them from the code cache.
COMPILE_ALL = b"//# allFunctionsCalledOnLoad\n"
PYODIDE_EAGER = ("pyodide.mjs", "pyodide.asm.mjs")
# The standard library, cut down to what the demos import and stripped (``site_builder.stdlib``):
# 0.42 MB of the 2.5 MB zip.
STDLIB = "python_stdlib.zip"
# The terminal, the bulk runner and its data files: never in a browser.
ENGINE_SKIP = ("cli.py", "__main__.py", "solver/bulk.py", "solver/datafile.py")


@dataclass
class Runtime:
    files: dict[str, bytes] = field(default_factory=dict)
    engine_url: str = ""
    pyodide_url: str = ""  # folder URL ending in "/"
    pyodide_version: str = ""
    lock: str = ""  # the minimal lock file, JSON text
    # The files a demo's worker fetches: cached for offline play on the first game page visited.
    demo_urls: tuple[str, ...] = ()


# What this process has made already, by the same key as the build cache's: a clean build
# (which reads no cache) in the same process, as the tests and ``serve --watch`` make them,
# does not strip the same sources again (seconds a build). Pure functions of their inputs.
_MADE: dict[tuple[str, str], bytes] = {}


def engine_bundle(src: Path = ENGINE_DIR, cache: BuildCache | None = None) -> bytes:
    """The engine package as one JSON object, each file's path under ``engine/`` to its
    source, comments and docstrings left out as the standard library's are (``stdlib.strip``);
    byte-identical for identical code. JSON, not a zip: hosts compress text (brotli, gzip)
    but not zips, and brotli over the whole package gains on deflate file by file (42 kB
    against 73 kB). With a ``cache``, or once made in this process, the bundle of the same
    files is not made again."""
    key = tree_digest(src, "*.py")
    known = _MADE.get(("engine-bundle", key))
    if known is None and cache is not None:
        known = cache.get("engine-bundle", key)
    if isinstance(known, bytes):
        _MADE["engine-bundle", key] = known
        return known
    files = {f"engine/{path.relative_to(src).as_posix()}": stdlib.strip(path.read_bytes()).decode("utf-8")
             for path in sorted(src.rglob("*.py")) if path.relative_to(src).as_posix() not in ENGINE_SKIP}
    bundle = json.dumps(files, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    _MADE["engine-bundle", key] = bundle
    if cache is not None:
        cache.put("engine-bundle", key, bundle)
    return bundle


def pinned_pyodide(root: Path = ROOT) -> tuple[str, Path]:
    """The version package.json pins, and where package.json sits."""
    manifest = root / "package.json"
    try:
        pinned = json.loads(manifest.read_text("utf-8"))["dependencies"]["pyodide"]
    except (OSError, ValueError, KeyError) as e:
        raise BuildFailed([BuildError(manifest, 0, "package.json must pin the npm package pyodide", str(e))]) from None
    return str(pinned), manifest


def vendor_pyodide(node_modules: Path, root: Path = ROOT, cache: BuildCache | None = None) -> tuple[str, dict[str, bytes]]:
    """Pyodide's core files from ``node_modules/pyodide``, checked against the pin. With a
    ``cache``, the standard library of the same zip, list and stripping code is not trimmed
    again (seconds of every rebuild, ``serve --watch``'s included)."""
    pinned, manifest = pinned_pyodide(root)
    package = node_modules / "pyodide"
    fix = "run `npm ci` in the project folder (bin/serve and bin/test do it)"
    try:
        installed = json.loads((package / "package.json").read_text("utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        raise BuildFailed([BuildError(package, 0, "Pyodide is not installed", str(package), fix)]) from None
    if installed != pinned:
        raise BuildFailed([BuildError(manifest, 0, f"package.json pins pyodide {pinned} but node_modules has",
                                      installed, fix)])
    files: dict[str, bytes] = {}
    errors = []
    for name in PYODIDE_CORE:
        path = package / name
        data = path.read_bytes() if path.is_file() else b""
        if not data:
            errors.append(BuildError(path, 0, "a Pyodide core file is missing or empty", name, fix))
        if name in PYODIDE_EAGER and data and not data.startswith(COMPILE_ALL):
            data = COMPILE_ALL + data
        if name == STDLIB and data:
            data = _trimmed(data, path, cache)
        files[f"pyodide/{installed}/{name}"] = data
    if errors:
        raise BuildFailed(errors)
    return installed, files


def _trimmed(data: bytes, path: Path, cache: BuildCache | None) -> bytes:
    """``stdlib.trim`` of ``data``, from ``cache`` or this process where the same input was
    trimmed before."""
    key = hashlib.sha256(data + stdlib.KEEP_FILE.read_bytes() + Path(stdlib.__file__).read_bytes()).hexdigest()
    known = _MADE.get(("stdlib", key))
    if known is None and cache is not None:
        known = cache.get("stdlib", key)
    if isinstance(known, bytes):
        _MADE["stdlib", key] = known
        return known
    trimmed = stdlib.trim(data, path)
    _MADE["stdlib", key] = trimmed
    if cache is not None:
        cache.put("stdlib", key, trimmed)
    return trimmed


def minimal_lock(lock: bytes, path: Path) -> str:
    """Pyodide's lock file with no packages: its ``info`` (the ABI version is checked at start)."""
    try:
        info = json.loads(lock)["info"]
        if not isinstance(info, dict) or "abi_version" not in info:
            raise ValueError("no info.abi_version")
    except (ValueError, KeyError, TypeError) as e:
        raise BuildFailed([BuildError(path, 0, "Pyodide's lock file cannot be read", str(e))]) from None
    return json.dumps({"info": info, "packages": {}}, sort_keys=True, separators=(",", ":"))


def prepare_runtime(node_modules: Path | None = None, root: Path = ROOT, cache: BuildCache | None = None) -> Runtime:
    bundle = engine_bundle(cache=cache)
    modules = node_modules or root / "node_modules"
    version, files = vendor_pyodide(modules, root, cache)
    engine_path = hashed_name("engine", ".json", bundle)
    files[engine_path] = bundle
    folder = f"/pyodide/{version}/"
    lock = minimal_lock(files[f"pyodide/{version}/pyodide-lock.json"], modules / "pyodide" / "pyodide-lock.json")
    return Runtime(files, "/" + engine_path, folder, version, lock,
                   tuple(folder + name for name in PYODIDE_LOADED) + ("/" + engine_path,))
