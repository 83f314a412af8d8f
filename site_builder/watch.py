"""``serve --watch``: serve the site, rebuild it when its sources change, reload the pages.

The watcher polls modification times (standard library only, every ``POLL`` seconds) under
the content folder, the theme and the engine. Each rebuild runs ``python -m site_builder
build``'s own ``main`` in a process of its own, forked from a warm one that has imported the
builder and the engine (``site_builder.warm``; started again when their code changes, so
a changed engine or builder is the one that runs). A crash cannot take the server down,
and the build is the very one the command line makes (with its cache: an edit rebuilds
what it changed). The build's errors go to the terminal as
usual and, through a small report file, to the open pages (``livereload``); a failed
build leaves the last good site in place, served as it was.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from .livereload import Hub, WatchHandler, error_record
from .render import THEME
from .runtime import ENGINE_DIR
from .serve import load_header_rules

CODE = [ENGINE_DIR, Path(__file__).resolve().parent]  # what the warm builder imports
POLL = 0.3  # seconds between looks at the files
Snapshot = dict[str, tuple[int, int]]


def snapshot(roots: list[Path]) -> Snapshot:
    """Every file under ``roots`` with its modification time and size; editors' hidden and
    backup files and Python's caches left out."""
    seen: Snapshot = {}
    for root in roots:
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__pycache__"]
            for name in files:
                if name.startswith((".", "#")) or name.endswith(("~", ".swp", ".pyc")):
                    continue
                path = os.path.join(folder, name)
                try:
                    st = os.stat(path)
                except OSError:  # gone meanwhile: the next look sees it gone
                    continue
                seen[path] = (st.st_mtime_ns, st.st_size)
    return seen


class WarmBuilder:
    """Runs ``python -m site_builder build`` for the watcher: forked from a warm process
    (``site_builder.warm``) where the system can fork, else in a new process each time.
    The warm process is started again when the engine's or the builder's code has changed
    since it started, so each build runs the code its files hold."""

    def __init__(self, content: Path, out: Path, extra: list[str]) -> None:
        self.args = ["build", "--content", str(content), "--out", str(out), *extra]
        self.proc: subprocess.Popen[str] | None = None
        self.status: Any = None
        self.code: Snapshot = {}  # the code the warm process imported

    def __call__(self) -> list[dict[str, Any]]:
        """One build; its errors (none when it succeeded). Its output and errors go to
        this terminal."""
        fd, name = tempfile.mkstemp(prefix="site-builder-report-", suffix=".json")
        os.close(fd)
        report = Path(name)
        try:
            code = self._run([*self.args, "--report", str(report)])
            try:
                data = json.loads(report.read_text("utf-8"))
                errors = [error_record(e) for e in data.get("errors", [])]
            except (OSError, ValueError, AttributeError, TypeError):
                errors = []
            if code != 0 and not errors:
                errors = [{"path": "", "line": 0, "text": f"the build stopped (exit status {code}); see the terminal"}]
            return errors
        finally:
            report.unlink(missing_ok=True)

    def _run(self, argv: list[str]) -> int:
        if not hasattr(os, "fork"):
            return subprocess.run([sys.executable, "-m", "site_builder", *argv], check=False).returncode
        code = snapshot(CODE)
        if self.proc is None or self.proc.poll() is not None or code != self.code:
            self.close()
            self.code = code
            self._start()
        assert self.proc is not None and self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(argv) + "\n")
            self.proc.stdin.flush()
            answer = self.status.readline()
        except OSError:
            answer = ""
        if not answer:  # the warm process is gone: build the plain way, and start afresh next time
            self.close()
            return subprocess.run([sys.executable, "-m", "site_builder", *argv], check=False).returncode
        return int(answer)

    def _start(self) -> None:
        read, write = os.pipe()
        try:
            self.proc = subprocess.Popen([sys.executable, "-m", "site_builder.warm", str(write)], stdin=subprocess.PIPE,
                                         text=True, pass_fds=(write,))
        finally:
            os.close(write)
        self.status = os.fdopen(read, "r")

    def close(self) -> None:
        if self.proc is not None:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None
        if self.status is not None:
            self.status.close()
            self.status = None


class Watcher(threading.Thread):
    """Polls the sources; on a change, waits until they are still, rebuilds, and tells the hub."""

    def __init__(self, roots: list[Path], rebuild: Any, hub: Hub) -> None:
        super().__init__(daemon=True, name="site-builder-watch")
        self.roots, self.rebuild, self.hub = roots, rebuild, hub
        self.stopped = threading.Event()

    def run(self) -> None:
        last = snapshot(self.roots)
        while not self.stopped.wait(POLL):
            now = snapshot(self.roots)
            if now == last:
                continue
            while not self.stopped.wait(POLL / 3):  # an editor may write in steps: wait for quiet
                settled = snapshot(self.roots)
                if settled == now:
                    break
                now = settled
            changed = sorted(set(now.items()) ^ set(last.items()))
            last = now
            names = sorted({os.path.relpath(path) for path, _ in changed})
            print(f"\nChanged: {', '.join(names[:5])}{' …' if len(names) > 5 else ''}; rebuilding", flush=True)
            started = time.perf_counter()
            errors = self.rebuild()
            self.hub.publish(errors)
            if errors:
                print(f"Build failed ({len(errors)} error{'s' if len(errors) != 1 else ''}); still serving the "
                      "last good site", flush=True)
            else:
                print(f"Rebuilt in {time.perf_counter() - started:.2f} s; the open pages reload", flush=True)

    def stop(self) -> None:
        self.stopped.set()


def serve_watch(content: Path, out: Path, port: int = 8000, extra: list[str] | None = None,
                roots: list[Path] | None = None) -> None:
    """Build, serve on 127.0.0.1, and rebuild on every change until Ctrl+C."""
    rebuild = WarmBuilder(content, out, extra or [])
    hub = Hub()
    started = time.perf_counter()
    errors = rebuild()
    hub.publish(errors)
    if errors:
        print("The first build failed; serving a page that shows why until it is fixed", flush=True)
    else:
        print(f"Built in {time.perf_counter() - started:.2f} s", flush=True)
    handler = type("WatchSiteHandler", (WatchHandler,), {"rules": load_header_rules(), "hub": hub})
    server = ThreadingHTTPServer(("127.0.0.1", port), partial(handler, directory=str(out)))
    server.quiet = True  # type: ignore[attr-defined]
    watcher = Watcher(roots or [content, THEME, ENGINE_DIR], rebuild, hub)
    watcher.start()
    print(f"Serving {out} at http://127.0.0.1:{server.server_address[1]}/ and rebuilding on changes to "
          f"{content}, the theme and the engine  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        watcher.stop()
        hub.close()
        server.server_close()
        rebuild.close()
