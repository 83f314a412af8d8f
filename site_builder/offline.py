"""Stage: the offline copy. A web app manifest, and a service worker that lists what to keep.

The service worker (``theme/sw.js``, written to ``/sw.js`` with the list below put in front
of it) is made after the search index, because it lists Pagefind's files too. What it keeps:

* the shell, on the first visit to any page: every HTML page, every hashed asset, the
  search index and the manifest's icons;
* the demos' runtime (Pyodide's files and the engine archive), once a game page has shown
  its demo, since those are 13 MB that a reader who never plays should not pay for.

Its caches carry the build's id (a hash of every file it lists, and of what they contain)
and Pyodide's version, so a new build is a new service worker with new caches, and the old
ones are deleted when it activates. ``docs/offline.md`` says how it behaves.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from .output import MARKER
from .runtime import Runtime

SERVICE_WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
# Pagefind's other front ends: the search page uses pagefind-ui.js, never these.
PAGEFIND_UNUSED = ("pagefind-component-ui.css", "pagefind-component-ui.js", "pagefind-modular-ui.css",
                   "pagefind-modular-ui.js", "pagefind-highlight.js")
BOARD_GREEN = "#1f3d2b"  # the header's and the icons' colour (style.css)
PAPER = "#fdfbf6"


def web_manifest(asset_urls: dict[str, str], site_name: str) -> bytes:
    """The manifest that makes the site installable. Its PNG icons are ``icon.svg`` drawn on
    the board's green, the card inside the middle 80 % so that a round mask keeps it whole."""
    icons = [{"src": asset_urls["icon.svg"], "sizes": "any", "type": "image/svg+xml"}]
    icons += [{"src": asset_urls[f"icon-{n}.png"], "sizes": f"{n}x{n}", "type": "image/png", "purpose": "any maskable"}
              for n in (192, 512)]
    data = {"name": site_name, "short_name": "Rulebook", "description":
            "The rules of patience card games, each one playable in the page, online or off.",
            "start_url": "/", "scope": "/", "display": "standalone", "lang": "en",
            "background_color": PAPER, "theme_color": BOARD_GREEN, "icons": icons}
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def page_url(rel: str) -> str:
    """The URL a file is served at: ``games/x/index.html`` is ``/games/x/``."""
    if rel == "index.html":
        return "/"
    if rel.endswith("/index.html"):
        return "/" + rel[: -len("index.html")]
    return "/" + rel


def site_files(folder: Path) -> list[str]:
    """Every file under ``folder``, as paths relative to it."""
    root = str(folder)
    return [os.path.relpath(os.path.join(path, name), root).replace(os.sep, "/")
            for path, _, names in os.walk(root) for name in names]


def shell_files(folder: Path, runtime: Runtime) -> dict[str, Path]:
    """URL -> file of everything the service worker keeps at install, in URL order."""
    return {url: folder / rel for url, rel in _shell(site_files(folder), runtime).items()}


def _shell(files: Iterable[str], runtime: Runtime) -> dict[str, str]:
    demo = set(runtime.demo_urls)
    found: dict[str, str] = {}
    for rel in files:
        if rel == MARKER or rel == SERVICE_WORKER or rel.startswith("pyodide/"):
            continue
        if rel.startswith("pagefind/") and rel.rpartition("/")[2] in PAGEFIND_UNUSED:
            continue
        url = page_url(rel)
        if url not in demo:
            found[url] = rel
    return dict(sorted(found.items()))


def service_worker(folder: Path, runtime: Runtime, theme: Path, files: Iterable[str] | None = None,
                   sha256: Callable[[str], bytes] | None = None) -> bytes:
    """``sw.js`` for the site written in ``folder``: the list of what to keep, then the worker.
    ``files``: the site's files, and ``sha256`` the digest of one, as the build knows them
    (it made them), so the folder is neither walked nor read again; without them, both are."""
    shell = _shell(site_files(folder) if files is None else files, runtime)
    digest_of = sha256 or (lambda rel: hashlib.sha256((folder / rel).read_bytes()).digest())
    digest = hashlib.sha256()
    for url, rel in shell.items():
        digest.update(url.encode() + b"\0" + digest_of(rel))
    for url in runtime.demo_urls:
        digest.update(url.encode() + b"\0")  # their names carry their versions
    config = {"build": digest.hexdigest()[:16], "pyodide": runtime.pyodide_version, "shell": list(shell),
              "demo": list(runtime.demo_urls)}
    head = ("// Written by site_builder (offline.py) for this build: what the service worker below keeps.\n"
            f"const OFFLINE = {json.dumps(config, indent=1)};\n\n")
    return (head + (theme / SERVICE_WORKER).read_text("utf-8")).encode("utf-8")
