"""The server side of live preview: build events for the pages, and the script that hears them.

``serve --watch`` serves the site as ``serve`` does (netlify.toml's headers, CSP included)
and adds two same-origin paths: ``/__livereload.js``, a small script tag for which is put
into each HTML page *as it is sent* (the files on disk, which could be published, never
hold it), and ``/__livereload``, a stream of Server-Sent Events. Each event says which
good build the site now is and the errors of the latest build, if it failed; the script
reloads the page after a new good build and shows the errors over the page otherwise.
Nothing comes from another origin and nothing is inline, so the CSP holds unchanged.
"""

from __future__ import annotations

import json
import threading
import uuid
from pathlib import Path
from typing import Any

from .errors import BuildError
from .serve import Handler

# While writing, no offline copy: every rebuild would make a new service worker that fetches
# the whole site again, and the pages it kept would carry the live-reload script. This one,
# sent in place of the site's /sw.js, removes any copy an earlier `serve` left (keeping the
# engine's saved start, which is keyed by the engine's code and still good).
NO_OFFLINE_WORKER = b"""// serve --watch: no offline copy while the rulebook is being written (site_builder/livereload.py).
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith("patience-rulebook-") && name !== "patience-rulebook-snapshot") await caches.delete(name);
  }
  await self.registration.unregister();
})()));
"""
SCRIPT_PATH = "/__livereload.js"
EVENTS_PATH = "/__livereload"
SCRIPT = Path(__file__).with_name("livereload.js")
KEEPALIVE = 15.0  # seconds between comments on an idle stream, so a dead client is noticed
NO_SITE = (b"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>No site yet</title></head>"
           b"<body><main><h1>No site built yet</h1><p>The first build failed; fix the content and this page "
           b"reloads.</p></main></body></html>")


def error_record(error: BuildError | dict[str, Any]) -> dict[str, Any]:
    """A build error as the page shows it (and as the build's ``--report`` file holds it)."""
    if isinstance(error, dict):
        return {"path": str(error.get("path", "")), "line": int(error.get("line", 0)),
                "text": str(error.get("text", ""))}
    return {"path": str(error.path), "line": error.line, "text": str(error)}


class Hub:
    """The state of the builds (a number for the latest good one, the latest errors), and
    a way for the event streams to wait for the next change."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._token = uuid.uuid4().hex[:8]  # a restarted server is a new site as far as pages know
        self._good = 0
        self._errors: list[dict[str, Any]] = []
        self._version = 0
        self.closed = False

    def publish(self, errors: list[dict[str, Any]]) -> None:
        """A build finished: a new good site (no ``errors``), or a failed build."""
        with self._changed:
            if not errors:
                self._good += 1
            self._errors = errors
            self._version += 1
            self._changed.notify_all()

    def close(self) -> None:
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def build(self) -> str:
        """The name of the latest good build (pages served now are of it)."""
        return f"{self._token}-{self._good}"

    def state(self) -> tuple[int, str]:
        """(version, the event's JSON)."""
        with self._changed:
            return self._version, json.dumps({"build": self.build(), "errors": self._errors})

    def wait(self, version: int, timeout: float) -> bool:
        """Wait until the state is newer than ``version``; False on timeout or when closed."""
        with self._changed:
            self._changed.wait_for(lambda: self.closed or self._version != version, timeout)
            return not self.closed and self._version != version


def inject(html: bytes, build: str) -> bytes:
    """The page with the live-reload script added before ``</body>``; the script's address
    names the good build the page is of, so that it reloads after any newer one."""
    tag = f'<script src="{SCRIPT_PATH}?build={build}" defer></script>'.encode()
    at = html.rfind(b"</body>")
    return html[:at] + tag + html[at:] if at >= 0 else html + tag


class WatchHandler(Handler):
    """``serve``'s handler, plus the live-reload script, the event stream, and the script
    added to every HTML page it sends."""

    hub: Hub

    def do_GET(self) -> None:  # noqa: N802 (the base class's name)
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == EVENTS_PATH:
            if self.command == "HEAD":
                self._send(200, "text/event-stream", b"")
            else:
                self._events()
        elif path == SCRIPT_PATH:
            self._send(200, "text/javascript; charset=utf-8", SCRIPT.read_bytes())
        elif path == "/sw.js":
            self._send(200, "text/javascript; charset=utf-8", NO_OFFLINE_WORKER)
        else:
            page = self._html_file(path)
            if page is not None:
                self._send(200, "text/html; charset=utf-8", inject(page.read_bytes(), self.hub.build()))
            elif path.endswith((".html", "/")) and not (Path(self.directory) / "index.html").exists():
                self._send(200, "text/html; charset=utf-8", inject(NO_SITE, self.hub.build()))
            elif self.command == "HEAD":
                super().do_HEAD()
            else:
                super().do_GET()

    def do_HEAD(self) -> None:  # noqa: N802 (the base class's name)
        self.do_GET()

    def _html_file(self, path: str) -> Path | None:
        """The HTML file ``path`` names in the site, if any (a folder means its index.html)."""
        if path.endswith("/") or path.endswith(".html"):
            target = Path(self.translate_path(path))
            if target.is_dir():
                target = target / "index.html"
            if target.is_file() and target.suffix == ".html":
                return target
        return None

    def _send(self, code: int, content_type: str, body: bytes) -> None:
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code == 404 and page.exists():
            self._send(404, "text/html; charset=utf-8", inject(page.read_bytes(), self.hub.build()))
            return
        super().send_error(code, message, explain)

    def _events(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        version = -1
        try:
            while not self.hub.closed:
                if version == -1 or self.hub.wait(version, KEEPALIVE):
                    version, data = self.hub.state()
                    self.wfile.write(f"event: build\ndata: {data}\n\n".encode())
                else:
                    self.wfile.write(b": idle\n\n")
                self.wfile.flush()
        except OSError:  # the page went away
            return
