"""``serve``: the built site on 127.0.0.1, with the same headers Netlify would send.

Reading ``[[headers]]`` from netlify.toml means a Content-Security-Policy mistake shows up
in local testing (and in the Playwright tests) instead of only in production. Text and
WebAssembly go out gzip-compressed to a browser that asks for it, as a real host sends them,
so the bytes a visit costs can be measured here (benchmarks/play_speed.py).
"""

from __future__ import annotations

import gzip
import io
import os
import re
import sys
import threading
import tomllib
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

NETLIFY_TOML = Path(__file__).resolve().parent.parent / "netlify.toml"
# What a host compresses: text, JSON, SVG and WebAssembly. Zips and Pagefind's index files
# are compressed already.
COMPRESSED = frozenset((".html", ".css", ".js", ".mjs", ".json", ".svg", ".wasm", ".webmanifest", ".txt", ".xml"))


class GzipCache:
    """Each file compressed once per version (path, size, mtime), shared by the handler threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.files: dict[Path, tuple[tuple[int, int], bytes]] = {}
        self.making: dict[Path, threading.Lock] = {}

    def get(self, path: Path, st: os.stat_result) -> bytes:
        """``path`` compressed, as of its ``stat`` ``st``."""
        stamp = (st.st_size, st.st_mtime_ns)
        with self.lock:
            found = self.files.get(path)
            if found and found[0] == stamp:
                return found[1]
            making = self.making.setdefault(path, threading.Lock())
        with making:  # one thread compresses a big file; the others wait for it
            with self.lock:
                found = self.files.get(path)
            if found and found[0] == stamp:
                return found[1]
            data = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
            with self.lock:
                self.files[path] = (stamp, data)
            return data


def load_header_rules(path: Path = NETLIFY_TOML) -> list[tuple[re.Pattern[str], dict[str, str]]]:
    """netlify.toml ``[[headers]]`` as (compiled ``for`` pattern, values); none if no file."""
    if not path.exists():
        return []
    data: dict[str, Any] = tomllib.loads(path.read_text("utf-8"))
    rules = []
    for rule in data.get("headers", []):
        pattern = "".join(".*" if part == "*" else "[^/]+" if part.startswith(":") else re.escape(part)
                          for part in re.split(r"(\*|:[A-Za-z_]+)", rule["for"]))
        rules.append((re.compile(pattern + r"\Z"), dict(rule.get("values", {}))))
    return rules


def headers_for(path: str, rules: list[tuple[re.Pattern[str], dict[str, str]]]) -> dict[str, list[str]]:
    """Every value each header gets for ``path`` (Netlify joins them when several rules match)."""
    out: dict[str, list[str]] = {}
    for pattern, values in rules:
        if pattern.match(path):
            for name, value in values.items():
                out.setdefault(name, []).append(" ".join(value.split()))
    return out


class Handler(SimpleHTTPRequestHandler):
    """Static files, Netlify's headers, ``.wasm`` as application/wasm, and 404.html for misses."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".js": "text/javascript", ".pagefind": "application/octet-stream",
                      ".webmanifest": "application/manifest+json"}
    rules: list[tuple[re.Pattern[str], dict[str, str]]] = []
    gzipped = GzipCache()

    def send_head(self) -> Any:
        """A compressible file, to a client that accepts gzip, goes out compressed; a
        conditional request (answered 304 when unchanged) and everything else as usual."""
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        url = self.path.split("?", 1)[0].split("#", 1)[0]
        target = Path(self.translate_path(self.path))
        if target.is_dir() and url.endswith("/"):
            target = target / "index.html"
        if (not accepts or "If-Modified-Since" in self.headers or not target.is_file()
                or target.suffix not in COMPRESSED):
            return super().send_head()
        st = target.stat()
        body = self.gzipped.get(target, st)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(target)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        for name, values in headers_for(path, self.rules).items():
            if name.lower() != "content-type":
                self.send_header(name, ", ".join(values))
        super().end_headers()

    def guess_type(self, path: Any) -> str:
        for name, values in headers_for(self.path.split("?", 1)[0], self.rules).items():
            if name.lower() == "content-type":
                return values[-1]
        return super().guess_type(path)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code == 404 and page.exists():
            body = page.read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            return
        super().send_error(code, message, explain)

    def list_directory(self, path: Any) -> None:
        """No folder listings: Netlify has none either."""
        self.send_error(404)
        return None

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
        if not getattr(self.server, "quiet", False):
            super().log_message(format, *args)


class Server(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that hangs up mid-answer (a page left, a fetch aborted) is no error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(root: Path, port: int = 0, quiet: bool = False) -> ThreadingHTTPServer:
    """A server for ``root`` on 127.0.0.1 (``port`` 0: any free port); call serve_forever()."""
    handler = type("SiteHandler", (Handler,), {"rules": load_header_rules(), "gzipped": GzipCache()})
    server = Server(("127.0.0.1", port), partial(handler, directory=str(root)))
    server.quiet = quiet  # type: ignore[attr-defined]
    return server


def serve(root: Path, port: int = 8000) -> None:
    server = make_server(root, port)
    real_port = server.server_address[1]
    print(f"Serving {root} at http://127.0.0.1:{real_port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()
