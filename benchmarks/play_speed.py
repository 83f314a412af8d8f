"""In-page play speed: how fast a game page's demo becomes playable, and how fast it answers.

Builds the site into a temporary folder (or copies ``--site DIR``), serves it with
``site_builder.serve.make_server`` (production headers, strict CSP) and drives headless
Chromium through Playwright, the way tests/conftest.py launches it. Prints medians over
``--runs`` runs of, for each ``--page``:

1. Load, cold (new browser context, empty cache) and warm (a second page in the same
   context, HTTP cache primed; where the browser shares the engine between pages, it finds
   the engine running, as a reader's next game page does): DOMContentLoaded, first contentful paint (the board is in
   the HTML), the ``demo-ready`` mark (first deal from the engine drawn), and the moment the
   first move, clicked as a user would (card, then pile), is drawn (``[data-counter="moves"]``
   shows 1).
2. The floor: a bare same-origin page that only runs ``loadPyodide()`` in a module worker
   from the same ``/pyodide/<version>/`` folder, cold and warm; and ready / floor.
3. First paint of the board with JavaScript on and off.
4. Click-to-repaint over ``--moves`` (50) moves chosen with the Python engine and made
   through the UI: the page's own ``demo-move-paint`` (click to the first frame painted
   with the move shown: at once for a card move the engine listed as legal, else after the
   engine's answer) and ``demo-move`` (click to the engine's answer drawn), median and p95.
5. Bytes the server sent per visit (every request, the worker's included), first and
   repeat visit, compressed as a host sends them (the server gzips text and WebAssembly).
6. Return and offline, in a persistent profile: one game page (``--page``) visited until the
   site is kept for offline play; the next game page in the same tab (``--next``: the engine
   the first page started is still running, where the browser shares it between pages); then,
   that engine ended as after a pause, a *different* game page (``--other``, never visited:
   the engine starts from its saved snapshot), then that page reloaded with the network off.

Run from the repo root:

    .venv/bin/python benchmarks/play_speed.py [--runs 5] [--page /games/deuces/ ...]
                                              [--moves 50] [--site _site]

Aims: demo ready <= 1.2 x the Pyodide-only floor (cold and warm); first paint unaffected by
JavaScript; click-to-repaint median <= 16 ms; a repeat visit transfers next to nothing; a
different game page after one visit ready in <= 500 ms (moonshot 300 ms).

The figures are printed, not asserted; the script exits non-zero (with the page's console
errors) only when something fails outright, e.g. the demo never becomes ready. The pages
run under the real CSP: no ``bypass_csp`` anywhere (page.evaluate with functions only).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import random
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.game import Game  # noqa: E402
from site_builder.serve import make_server  # noqa: E402
# The same gestures the play tests make, and their reading of how the engine started
from tests.play.driver import click_move, end_the_engine, engine_start  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
VIEWPORT = {"width": 1200, "height": 1000}
READY_TIMEOUT = 60.0  # seconds for the demo (or the floor) to become ready
FLOOR_DIR = "_bench"

AIM_READY_RATIO = 1.2
AIM_PAINT_MS = 16.0
AIM_RETURN_MS = 500.0
OFFLINE_WAIT = 120.0  # seconds for a first visit to keep the site and its demos


class BenchFailed(Exception):
    """Something failed outright; the message says what, with the page's console errors."""


# --- the server, counting what it sends --------------------------------------------------


@dataclass
class Sent:
    """What the server sent since the last reset: (path, status, bytes) per request."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: list[tuple[str, int, int]] = field(default_factory=list)

    def reset(self) -> None:
        with self.lock:
            self.requests = []

    def add(self, path: str, status: int, size: int) -> None:
        with self.lock:
            self.requests.append((path, status, size))

    def take(self) -> list[tuple[str, int, int]]:
        with self.lock:
            out, self.requests = self.requests, []
            return out


class CountingWriter:
    """A write-through wrapper around the handler's socket writer that counts bytes."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.count = 0

    def write(self, data: bytes) -> int:
        self.count += len(data)
        written: int = self.raw.write(data)
        return written

    def flush(self) -> None:
        self.raw.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


def counting_server(site: Path, sent: Sent) -> Any:
    """``make_server`` with its handler class wrapped to record every response's size."""
    server = make_server(site, 0, quiet=True)
    made: Any = server.RequestHandlerClass  # functools.partial(handler class, directory=...)
    base = made.func

    class Counting(base):  # type: ignore[misc, valid-type]
        def setup(self) -> None:
            super().setup()
            self.counter = CountingWriter(self.wfile)  # type: ignore[has-type]
            self.wfile = self.counter

        def send_response(self, code: int, message: str | None = None) -> None:
            self._status = code
            super().send_response(code, message)

        def handle_one_request(self) -> None:
            before = self.counter.count
            self._status = 0
            super().handle_one_request()
            if self._status:
                sent.add(self.path.split("?", 1)[0], int(self._status), self.counter.count - before)

    server.RequestHandlerClass = functools.partial(Counting, *made.args, **made.keywords)
    return server


# --- the floor page ----------------------------------------------------------------------

FLOOR_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide floor</title></head>
<body data-status="loading" data-pyodide="{pyodide}"><p>Loading Pyodide only.</p>
<script type="module" src="floor.js"></script></body></html>
"""
FLOOR_JS = """// Bench only: load Pyodide in a module worker, as worker.js does, and nothing else.
const body = document.body;
const w = new Worker(new URL("floor-worker.js", import.meta.url), { type: "module" });
w.onmessage = (e) => {
  if (e.data.ok) {
    performance.mark("floor-ready");
    body.dataset.status = "ready";
  } else {
    body.dataset.error = e.data.error;
    body.dataset.status = "error";
  }
};
w.postMessage({ pyodide: body.dataset.pyodide });
"""
FLOOR_WORKER_JS = """self.onmessage = async (event) => {
  try {
    const base = new URL(event.data.pyodide, self.location.href).href;
    const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
    await loadPyodide({ indexURL: base, packages: [] });
    self.postMessage({ ok: true });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err && err.message ? err.message : err) });
  }
};
"""


def write_floor(site: Path, pyodide_version: str) -> str:
    folder = site / FLOOR_DIR
    folder.mkdir(exist_ok=True)
    (folder / "floor.html").write_text(FLOOR_HTML.format(pyodide=f"/pyodide/{pyodide_version}/"), "utf-8")
    (folder / "floor.js").write_text(FLOOR_JS, "utf-8")
    (folder / "floor-worker.js").write_text(FLOOR_WORKER_JS, "utf-8")
    return f"/{FLOOR_DIR}/floor.html"


# --- in the page --------------------------------------------------------------------------

TIMINGS_JS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const first = (name) => { const e = performance.getEntriesByName(name)[0]; return e ? e.startTime : null; };
  const engine = performance.getEntriesByName("engine-ready")[0];
  return { dcl: nav ? nav.domContentLoadedEventEnd : null, fcp: first("first-contentful-paint"),
           ready: first("demo-ready"), floor: first("floor-ready"), start: first("demo-start"), boot: first("engine-boot"),
           engine: engine ? engine.startTime : null, phases: engine && engine.detail ? engine.detail.phases : null };
}"""
MEASURES_JS = """(name) => performance.getEntriesByName(name).map((e) => [e.startTime, e.duration])"""
# Whether the engine's snapshot is saved (theme/static/worker.js: a file in the origin's private file system).
SAVED_START_JS = """() => navigator.storage.getDirectory()
  .then((root) => root.getDirectoryHandle('patience-rulebook-snapshot'))
  .then(async (folder) => {
    for await (const name of folder.keys()) if (!name.endsWith('.part')) return true;
    return false;
  }, () => false)"""
STATUS_JS = """(sel) => { const el = document.querySelector(sel); return el ? el.dataset.status : null; }"""


def watch(page: Any) -> list[str]:
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url} ({r.failure})"))
    return problems


def poll(page: Any, script: str, arg: Any = None, timeout: float = 10.0, what: str = "") -> Any:
    """page.evaluate(script, arg) until truthy (wait_for_function evals a string: the CSP forbids it)."""
    end = time.monotonic() + timeout
    while True:
        value = page.evaluate(script, arg)
        if value:
            return value
        if time.monotonic() > end:
            raise BenchFailed(f"timed out after {timeout:.0f} s waiting for {what or script}")
        time.sleep(0.005)


def wait_status(page: Any, selector: str, problems: list[str], label: str) -> None:
    end = time.monotonic() + READY_TIMEOUT
    status = None
    while time.monotonic() < end:
        status = page.evaluate(STATUS_JS, selector)
        if status in ("ready", "won", "stuck"):
            return
        if status == "error":
            break
        time.sleep(0.01)
    said = page.evaluate("""() => [...document.querySelectorAll('.demo-state, [data-error]')]
                              .map((e) => e.dataset.error || e.textContent).join(' | ')""")
    raise BenchFailed(f"{label}: never ready (data-status={status!r}; page says: {said or '-'})\n"
                      + ("\n".join("  " + p for p in problems) or "  (no console errors)"))


def timings(page: Any, want_fcp: bool = True) -> dict[str, float | None]:
    if want_fcp:  # paint entries can land a moment after the marks
        try:
            poll(page, "() => performance.getEntriesByName('first-contentful-paint').length > 0", timeout=5,
                 what="first-contentful-paint")
        except BenchFailed:
            pass
    result: dict[str, Any] = page.evaluate(TIMINGS_JS)
    return result


def start_parts(t: dict[str, Any]) -> dict[str, float]:
    """Where a demo's start went (ms): the page until the engine worker starts (engine-boot.js
    in the head, else the player); the worker's parts (worker.js: Pyodide's loader, loadPyodide,
    the engine); the rest of the worker's time (starting it, messages); then, from the engine
    ready, the first deal asked, answered and drawn (and any wait for the player's modules)."""
    started = t.get("boot") if t.get("boot") is not None else t.get("start")
    if started is None or t.get("engine") is None or t.get("ready") is None:
        return {}
    phases = {k: float(v) for k, v in (t.get("phases") or {}).items()}
    return {"page, until the worker starts": started, **{f"worker: {k}": v for k, v in phases.items()},
            "worker: start-up and messages": t["engine"] - started - sum(phases.values()),
            "then the first deal drawn": t["ready"] - t["engine"]}


def moves_shown(page: Any) -> str:
    return str(page.evaluate("() => document.querySelector('[data-counter=\"moves\"]').textContent"))


def play_and_wait(page: Any, game: Game, move: engine.Move, paints: int) -> None:
    """Click ``move``, play it in the Python engine, wait until the page shows it and its paint is measured."""
    click_move(page, game, move)
    game.play(move)
    want = str(game.view()["counters"]["moves"])
    poll(page, "(want) => document.querySelector('[data-counter=\"moves\"]').textContent === want", want,
         timeout=10, what=f"move {move} to be drawn (counter {want}, shows {moves_shown(page)})")
    # The paint measure lands a frame later; the next click would move its start mark.
    poll(page, "(n) => performance.getEntriesByName('demo-move-paint').length >= n", paints, timeout=5,
         what=f"demo-move-paint after {move}")


def page_game(page: Any) -> Game:
    slug, seed = page.evaluate("() => { const d = document.querySelector('section.demo'); "
                               "return [d.dataset.game, Number(d.dataset.seed)]; }")
    return engine.new_game(slug, seed)


def first_move(game: Game) -> engine.Move:
    """The first legal move a person would click: a card move if any, else the action."""
    moves = game.legal_moves()
    if not moves:
        raise BenchFailed(f"{game.spec.slug} deal {game.seed}: no legal move at the start")
    cards = [m for m in moves if not m.action]
    return (cards or moves)[0]


def pick_move(game: Game, rng: random.Random, last: engine.Move | None) -> engine.Move | None:
    """A random legal move, not the reverse of the last one (no shuttling a card back and forth)."""
    moves = game.legal_moves()
    if last is not None and not last.action and len(last.sources) == 1:
        back = [m for m in moves if m.sources == (last.target,) and m.target == last.source]
        moves = [m for m in moves if m not in back] or moves
    return rng.choice(moves) if moves else None


# --- the measurements ---------------------------------------------------------------------


@dataclass
class Visit:
    dcl: float | None = None
    fcp: float | None = None
    ready: float | None = None
    moved: float | None = None  # first move drawn (ms from navigation start)
    first_answer: float | None = None  # that move's demo-move measure (its click to drawn)
    requests: list[tuple[str, int, int]] = field(default_factory=list)
    parts: dict[str, float] = field(default_factory=dict)  # start_parts()

    @property
    def sent(self) -> int:
        return sum(r[2] for r in self.requests)


@dataclass
class MoveFigures:
    made: int
    drawn: list[float]  # demo-move: mark in play() to the answer drawn
    painted: list[float]  # demo-move-paint: to the first frame after it
    worker: list[float]  # play() to the answer arriving on the main thread (worker + messaging)
    render: list[float]  # answer arriving to drawn (Demo.render on the main thread)
    cpython: list[float]  # the same Session.handle requests on this CPython
    moves: list[str]


@dataclass
class Results:
    demo: dict[str, dict[str, list[Visit]]] = field(default_factory=dict)  # page -> cold|warm -> visits
    floor: dict[str, list[Visit]] = field(default_factory=lambda: {"cold": [], "warm": [], "disk": []})
    js_off: dict[str, list[Visit]] = field(default_factory=dict)
    moves: dict[str, MoveFigures] = field(default_factory=dict)
    # 6: "kept" (the first visit until the site is kept offline, ms), "other" (a different
    # game page after it), "offline" (that page reloaded with no network); how each started.
    back: dict[str, list[Visit]] = field(default_factory=lambda: {"kept": [], "next": [], "other": [], "offline": []})
    starts: dict[str, list[str]] = field(default_factory=lambda: {"next": [], "other": [], "offline": []})
    problems: list[str] = field(default_factory=list)


# Every visit starts with nothing saved (a saved game would be replayed, not dealt), with
# animations on (the click-to-repaint aim holds with them) and without the automatic
# moves, so that the page makes exactly the moves the benchmark plays in its engine.
FRESH_VISIT_JS = """localStorage.clear();
localStorage.setItem("patience-rulebook:settings", JSON.stringify({v: 1, auto: false, motion: true}));"""


@contextmanager
def open_page(browser: Any, **options: Any) -> Iterator[tuple[Any, Any, list[str]]]:
    context = browser.new_context(viewport=VIEWPORT, **options)
    context.add_init_script(FRESH_VISIT_JS)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        yield context, page, watch(page)
    finally:
        context.close()


def settle(sent: Sent) -> list[tuple[str, int, int]]:
    """The requests of the visit just made (after a moment for any straggler to finish)."""
    time.sleep(0.15)
    return sent.take()


def demo_visit(page: Any, url: str, path: str, sent: Sent, problems: list[str]) -> Visit:
    sent.reset()
    page.goto(url + path, wait_until="commit")
    wait_status(page, "section.demo", problems, path)
    game = page_game(page)
    move = first_move(game)
    click_move(page, game, move)
    game.play(move)
    want = str(game.view()["counters"]["moves"])
    poll(page, "(want) => document.querySelector('[data-counter=\"moves\"]').textContent === want", want,
         timeout=10, what=f"the first move {move} to be drawn")
    t = timings(page)
    drawn = page.evaluate(MEASURES_JS, "demo-move")
    if not drawn:
        raise BenchFailed(f"{path}: no demo-move measure after the first move")
    start, duration = drawn[0]
    return Visit(t["dcl"], t["fcp"], t["ready"], start + duration, duration, settle(sent), start_parts(t))


def floor_visit(page: Any, url: str, path: str, sent: Sent, problems: list[str]) -> Visit:
    sent.reset()
    page.goto(url + path, wait_until="commit")
    wait_status(page, "body", problems, "floor page")
    t = timings(page, want_fcp=False)
    return Visit(t["dcl"], t["fcp"], t["floor"], None, None, settle(sent))


def measure_run(browser: Any, url: str, pages: list[str], floor: str, sent: Sent, res: Results) -> None:
    """One run in fresh browser contexts: the floor and each page, cold then warm, and each
    page with JavaScript off. (A new context keeps its HTTP cache in memory.)"""
    with open_page(browser) as (context, page, problems):
        res.floor["cold"].append(floor_visit(page, url, floor, sent, problems))
        warm = context.new_page()
        page.close()
        res.floor["warm"].append(floor_visit(warm, url, floor, sent, problems + watch(warm)))
    for path in pages:
        with open_page(browser) as (context, page, problems):
            cold = demo_visit(page, url, path, sent, problems)
            warm_page = context.new_page()
            warm_page.set_default_timeout(15_000)
            more = watch(warm_page)
            page.close()
            warm = demo_visit(warm_page, url, path, sent, more)
            res.problems += [f"{path}: {p}" for p in problems + more]
        res.demo.setdefault(path, {"cold": [], "warm": [], "disk": []})
        res.demo[path]["cold"].append(cold)
        res.demo[path]["warm"].append(warm)
        with open_page(browser, java_script_enabled=False) as (_, page, problems):
            sent.reset()
            page.goto(url + path, wait_until="load")
            t = timings(page)
            res.js_off.setdefault(path, []).append(Visit(t["dcl"], t["fcp"], None, None, None, settle(sent)))


def persistent_profile(playwright: Any, profile: Path) -> Any:
    """A browser profile on disk, as a returning reader's (disk cache, service worker, caches)."""
    options: dict[str, Any] = {"headless": True, "args": CHROMIUM_ARGS, "viewport": VIEWPORT}
    if CHROMIUM.exists():
        options["executable_path"] = str(CHROMIUM)
    context = playwright.chromium.launch_persistent_context(str(profile), **options)
    context.add_init_script(FRESH_VISIT_JS)
    return context


def measure_disk_run(playwright: Any, profile: Path, url: str, pages: list[str], floor: str, sent: Sent,
                     res: Results) -> None:
    """Warm visits as a returning reader's browser makes them: a persistent profile (disk
    cache), primed by one visit to each page, then the floor and each page again."""
    context = persistent_profile(playwright, profile)
    try:
        for path in pages:
            page = context.new_page()
            demo_visit(page, url, path, sent, watch(page))
            page.close()
        page = context.new_page()
        res.floor["disk"].append(floor_visit(page, url, floor, sent, watch(page)))
        page.close()
        for path in pages:
            page = context.new_page()
            problems = watch(page)
            res.demo[path]["disk"].append(demo_visit(page, url, path, sent, problems))
            res.problems += [f"{path} (profile): {p}" for p in problems]
            page.close()
    finally:
        context.close()


def measure_return_run(playwright: Any, profile: Path, url: str, first: str, pages: tuple[str, str], sent: Sent,
                       res: Results) -> None:
    """A reader's second game page: visit ``first`` until the site says it is kept for
    offline play (``<html data-offline="playable">``, the engine's snapshot saved), then the
    next of ``pages`` in the same tab; then, the engine ended, the other of ``pages`` in a new
    tab, and again with the network off. A site with no offline copy gets no figure for the
    last (the page's failure is reported, not fatal)."""
    following, other = pages
    context = persistent_profile(playwright, profile)
    try:
        page = context.new_page()
        problems = watch(page)
        start = time.perf_counter()
        demo_visit(page, url, first, sent, problems)
        try:
            poll(page, "() => document.documentElement.dataset.offline === 'playable'", timeout=OFFLINE_WAIT,
                 what="the site kept for offline play")
            poll(page, SAVED_START_JS, timeout=OFFLINE_WAIT, what="the engine's snapshot saved")
            res.back["kept"].append(Visit(ready=(time.perf_counter() - start) * 1e3, requests=settle(sent)))
        except BenchFailed as e:
            res.problems.append(f"{first}: {e} (a site built without the offline copy?)")
        res.back["next"].append(demo_visit(page, url, following, sent, problems))
        res.starts["next"].append(engine_start(page))
        end_the_engine(page)  # as the browser does after a pause: the next page starts it from its saved start
        page.close()
        page = context.new_page()
        problems = watch(page)
        res.back["other"].append(demo_visit(page, url, other, sent, problems))
        res.starts["other"].append(engine_start(page))
        context.set_offline(True)
        sent.reset()
        end_the_engine(page)
        try:
            page.reload(wait_until="commit")
            wait_status(page, "section.demo", problems, f"{other} offline")
            t = timings(page, want_fcp=False)
            res.back["offline"].append(Visit(t["dcl"], None, t["ready"], requests=settle(sent), parts=start_parts(t)))
            res.starts["offline"].append(engine_start(page))
        except Exception as e:  # noqa: BLE001 (an old site has no offline copy: say so, go on)
            res.problems.append(f"{other} offline reload: {str(e).splitlines()[0]}")
        res.problems += [f"{other} (return): {p}" for p in problems]
        page.close()
    finally:
        context.close()


# Moves phase only: timestamp each engine answer as it reaches the page (a listener added
# before play.js sets onmessage, so it runs first). Injected over CDP, so the CSP is untouched.
ANSWER_CLOCK_JS = """(() => {
  window.__benchAnswers = [];
  for (const name of ["Worker", "SharedWorker"]) {
    const Real = window[name];
    if (!Real) continue;
    window[name] = class extends Real {
      constructor(...args) {
        super(...args);
        (this.port || this).addEventListener("message", (e) => {
          if (e.data && e.data.id !== undefined) window.__benchAnswers.push(performance.now());
        });
      }
    };
  }
})();"""


def measure_moves(browser: Any, url: str, path: str, count: int, sent: Sent, res: Results) -> None:
    """``count`` moves through the UI; the page's demo-move and demo-move-paint measures."""
    from engine.bridge import Session

    with open_page(browser) as (context, page, problems):
        context.add_init_script(ANSWER_CLOCK_JS)
        page.goto(url + path, wait_until="commit")
        wait_status(page, "section.demo", problems, path)
        game = page_game(page)
        rng = random.Random(f"{game.spec.slug}-{game.seed}")
        session = Session()
        session.handle(json.dumps({"op": "new", "game": game.spec.slug, "seed": game.seed}))
        last = None
        played: list[str] = []
        cpython: list[float] = []
        while len(played) < count:
            move = pick_move(game, rng, last)
            if move is None:  # stuck or won: a person would stop here; so do we
                break
            play_and_wait(page, game, move, len(played) + 1)
            t = time.perf_counter()
            session.handle(json.dumps({"op": "play", "move": str(move)}))
            cpython.append((time.perf_counter() - t) * 1e3)
            last = move
            played.append(str(move))
        drawn = page.evaluate(MEASURES_JS, "demo-move")
        painted = [d for _, d in page.evaluate(MEASURES_JS, "demo-move-paint")]
        answers: list[float] = page.evaluate("() => window.__benchAnswers || []")
        res.problems += [f"{path} (moves): {p}" for p in problems]
        sent.take()
    if not played:
        raise BenchFailed(f"{path}: no move could be made")
    worker, render = [], []
    for start, duration in drawn:
        arrived = [a for a in answers if start <= a <= start + duration]
        if arrived:
            worker.append(arrived[-1] - start)
            render.append(start + duration - arrived[-1])
    res.moves[path] = MoveFigures(len(played), [d for _, d in drawn], painted, worker, render, cpython, played)


# --- figures ------------------------------------------------------------------------------


def median(values: list[float | None]) -> float | None:
    real = [v for v in values if v is not None]
    return statistics.median(real) if real else None


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(0.95 * len(ordered))) - 1))]


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f} ms"


def size(n: float | None) -> str:
    if n is None:
        return "-"
    return f"{n / 1e6:.2f} MB" if n >= 1e6 else f"{n / 1e3:.1f} kB" if n >= 1e3 else f"{n:.0f} B"


def verdict(ok: bool) -> str:
    return "OK" if ok else "OVER"


def machine_facts(browser: Any, site: Path) -> list[str]:
    from importlib.metadata import version

    pyodide = sorted(p.name for p in (site / "pyodide").iterdir() if p.is_dir())
    return [f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
            f"{os.cpu_count()} CPUs, {platform.system()} {platform.release()}, "
            f"load average {os.getloadavg()[0]:.1f} at the start",
            f"Chromium {browser.version} (headless), Playwright {version('playwright')}",
            f"Pyodide {', '.join(pyodide) or '?'} (from the built pyodide/ folder)"]


def report(res: Results, runs: int, facts: list[str], floor_path: str, move_count: int) -> None:
    print("Patience Rulebook: in-page play speed")
    for fact in facts:
        print("  " + fact)
    print(f"  medians of {runs} runs; times in ms from navigation start; real CSP (no bypass_csp)")
    print()
    kinds = ("cold", "warm", "disk")
    floor_ready = {k: median([v.ready for v in res.floor[k]]) for k in kinds}
    w = 34
    print(f"{'1-2. Load':<{w}}{'cold':>12}{'warm':>12}{'warm, disk':>12}")

    def row(label: str, values: dict[str, float | None], fmt: Callable[[float | None], str] = ms,
            tail: str = "") -> None:
        print(f"  {label:<{w - 2}}" + "".join(f"{fmt(values.get(k)):>12}" for k in kinds) + tail)

    for path, visits in res.demo.items():
        print(path)
        for label, key in (("DOMContentLoaded", "dcl"), ("first paint (FCP)", "fcp"), ("demo ready (mark)", "ready"),
                           ("first move drawn", "moved")):
            row(label, {k: median([getattr(v, key) for v in visits[k]]) for k in kinds})
        row("  after ready (incl. clicking)", {k: median([v.moved - v.ready for v in visits[k]
                                                         if v.moved is not None and v.ready is not None]) for k in kinds})
        row("  its demo-move (click to drawn)", {k: median([v.first_answer for v in visits[k]]) for k in kinds})
        ready = {k: median([v.ready for v in visits[k]]) for k in kinds}
        ratio: dict[str, float | None] = {}
        for k in kinds:
            mine, base = ready[k], floor_ready[k]
            ratio[k] = mine / base if mine is not None and base else None
        ok = all(r is not None and r <= AIM_READY_RATIO for r in ratio.values())
        row("ready / floor", ratio, lambda r: "-" if r is None else f"{r:.2f}",
            f"   aim <= {AIM_READY_RATIO}: {verdict(ok)}")
        print("  where the time to ready goes:")
        for label in dict.fromkeys(k for vs in visits.values() for v in vs for k in v.parts):
            row("  " + label, {k: median([v.parts.get(label) for v in visits[k]]) for k in kinds})
    print(f"floor: {floor_path} (loadPyodide() in a module worker only)")
    row("DOMContentLoaded", {k: median([v.dcl for v in res.floor[k]]) for k in kinds})
    row("loadPyodide() resolved", floor_ready)
    print("  cold: new browser context; warm: a second page in that context (its HTTP cache lives in")
    print("  memory); warm, disk: a persistent profile (disk cache) that has seen the page once before.")
    print()

    print(f"{'3. First paint of the board, cold':<{w}}{'JS on':>12}{'JS off':>12}")
    for path, visits in res.demo.items():
        on = median([v.fcp for v in visits["cold"]])
        off = median([v.fcp for v in res.js_off.get(path, [])])
        diff = f"{on - off:+.0f} ms" if on is not None and off is not None else "-"
        # Unaffected within noise: two frames, or 15 % of the JS-off figure.
        ok = on is not None and off is not None and on - off <= max(33.0, 0.15 * off)
        print(f"  {path:<{w - 2}}{ms(on):>12}{ms(off):>12}   JS on - off {diff}: "
              f"{'unaffected (within noise)' if ok else 'DELAYED'}")
    on_dcl = {p: median([v.dcl for v in vs["cold"]]) for p, vs in res.demo.items()}
    off_dcl = {p: median([v.dcl for v in vs]) for p, vs in res.js_off.items()}
    for path in res.demo:
        print(f"  {path + ' DOMContentLoaded':<{w - 2}}{ms(on_dcl[path]):>12}{ms(off_dcl.get(path)):>12}"
              "   (module scripts run before it)")
    print()

    print(f"{f'4. Click-to-repaint, {move_count} moves':<{w}}{'median':>12}{'p95':>12}{'max':>12}")
    for path, f in res.moves.items():
        note = "" if f.made == move_count else f" (the game ended after {f.made} moves)"
        print(f"{path}{note}")
        # A legal card move is shown at once and painted at the next frame; the engine's
        # answer (with refills, turned cards) is drawn when the worker's reply arrives.
        rows = [("demo-move-paint (click to painted)", f.painted),
                ("demo-move (click to answer drawn)", f.drawn),
                ("  worker + messaging", f.worker), ("  render (main thread)", f.render),
                ("engine on CPython (same moves)", f.cpython)]
        for label, values in rows:
            if values:
                print(f"  {label:<{w - 2}}{ms_f(statistics.median(values)):>12}{ms_f(p95(values)):>12}"
                      f"{ms_f(max(values)):>12}")
        med = statistics.median(f.painted)
        print(f"  aim: demo-move-paint median <= {AIM_PAINT_MS:.0f} ms: {verdict(med <= AIM_PAINT_MS)}")
        slow = max(range(len(f.painted)), key=lambda i: f.painted[i])
        print(f"  slowest: move {slow + 1} ({f.moves[slow] if slow < len(f.moves) else '?'}), "
              f"{f.painted[slow]:.1f} ms to paint")
    print()

    print(f"{'5. Bytes sent (gzip), per visit':<{w}}{'first':>12}{'repeat':>12}{'repeat, disk':>14}")

    def line(label: str, visits: dict[str, list[Visit]]) -> None:
        sent = "".join(f"{size(median([v.sent for v in visits[k]])):>{12 if k != 'disk' else 14}}"
                       for k in kinds if k in visits)
        count = " / ".join(f"{median([len(v.requests) for v in visits[k]]) or 0:.0f}" for k in kinds if k in visits)
        print(f"  {label:<{w - 2}}{sent}   requests {count}")

    for path, visits in res.demo.items():
        line(path, visits)
    line("floor", res.floor)
    for path, visits_off in res.js_off.items():
        line(f"{path} with JS off", {"cold": visits_off})
    for path, visits in res.demo.items():
        print(f"  {path}, run 1, each request: first visit | repeat | repeat, disk")
        first = {p: (st, n) for p, st, n in visits["cold"][0].requests}
        warm = {p: (st, n) for p, st, n in visits["warm"][0].requests}
        disk = {p: (st, n) for p, st, n in visits["disk"][0].requests} if visits["disk"] else {}
        for p in sorted(first.keys() | warm.keys() | disk.keys(), key=lambda p: -first.get(p, (0, 0))[1]):
            cells = [f"{d[p][0]} {size(d[p][1])}" if p in d else "-" for d in (first, warm, disk)]
            print(f"    {p:<42}{cells[0]:>12}  | {cells[1]:>12}  | {cells[2]:>12}")
    print()
    report_return(res, floor_ready.get("disk"))
    if res.problems:
        print()
        print("Console errors and warnings seen (not fatal):")
        for p in dict.fromkeys(res.problems):
            print("  " + p)


def tally(starts: list[str]) -> str:
    """How the engine started over the runs, e.g. "1 running, 3 snapshot"."""
    return ", ".join(f"{n} {s}" for s, n in sorted(Counter(starts).items()))


def report_return(res: Results, floor: float | None) -> None:
    w = 34
    print(f"{'6. Return and offline':<{w}}{'median':>12}{'min':>12}{'max':>12}   engine start")

    def row(label: str, visits: list[Visit], key: str, starts: list[str] | None = None) -> None:
        values = [v for v in (getattr(x, key) for x in visits) if v is not None]
        cells = (ms(median(values)), ms(min(values)) if values else "-", ms(max(values)) if values else "-")
        how = tally(starts or [])
        print(f"  {label:<{w - 2}}" + "".join(f"{c:>12}" for c in cells) + (f"   {how}" if how else ""))

    row("first game page until kept", res.back["kept"], "ready")
    row("the next game page, same tab", res.back["next"], "ready", res.starts["next"])
    row("  its first move drawn", res.back["next"], "moved")
    row("another game page: demo ready", res.back["other"], "ready", res.starts["other"])
    row("  its first move drawn", res.back["other"], "moved")
    row("that page offline: demo ready", res.back["offline"], "ready", res.starts["offline"])
    print("  where another game page's time to ready goes (median; offline in brackets):")
    for label in dict.fromkeys(k for v in res.back["other"] + res.back["offline"] for k in v.parts):
        on = median([v.parts.get(label) for v in res.back["other"]])
        off = median([v.parts.get(label) for v in res.back["offline"]])
        print(f"    {label:<{w - 4}}{ms(on):>12}  ({ms(off)})")
    following = median([v.ready for v in res.back["next"]])
    other = median([v.ready for v in res.back["other"]])
    if following is not None and other is not None:
        ratio = f"; the warm floor (loadPyodide only) is {ms(floor)}" if floor else ""
        print(f"  aim: another game page ready <= {AIM_RETURN_MS:.0f} ms: the next, same tab: "
              f"{verdict(following <= AIM_RETURN_MS)}; from the saved start: {verdict(other <= AIM_RETURN_MS)}{ratio}")
    offline = [v for v in res.back["offline"] if v.ready is not None]
    sent_offline = median([v.sent for v in offline]) if offline else None
    paths = sorted({r[0] for v in offline for r in v.requests if r[2]})
    print(f"  bytes the server sent during the offline reload: {size(sent_offline)}"
          + (f" ({', '.join(paths)}: the browser's check for a new service worker, which offline emulation lets"
             " through)" if paths == ["/sw.js"] else f" ({', '.join(paths)})" if paths else ""))
    kept = median([v.sent for v in res.back["kept"]])
    if kept:
        print(f"  keeping the site offline after the first page's demo: {size(kept)} more, compressed")


def ms_f(value: float) -> str:
    return f"{value:.1f} ms"


# --- main ---------------------------------------------------------------------------------


def local_file(site: Path, path: str) -> Path:
    """The file of the built ``site`` that serves the URL path ``path``."""
    target = site / path.strip("/")
    return target / "index.html" if path.endswith("/") else target


def prepare_site(tmp: Path, given: Path | None) -> tuple[Path, float]:
    site = tmp / "site"
    start = time.perf_counter()
    if given is not None:
        if not (given / "pyodide").is_dir():
            raise BenchFailed(f"--site {given}: not a built site (no pyodide/ folder)")
        shutil.copytree(given, site)  # a copy: the floor page goes in, the given folder stays as it is
    else:
        from site_builder.pipeline import build

        build(ROOT / "content", site, search=False)
    return site, time.perf_counter() - start


def launch(p: Any) -> Any:
    options: dict[str, Any] = {"headless": True, "args": CHROMIUM_ARGS}
    if CHROMIUM.exists():
        options["executable_path"] = str(CHROMIUM)
    try:
        return p.chromium.launch(**options)
    except Exception as exc:  # noqa: BLE001 (any launch failure means the same fix)
        raise BenchFailed(f"cannot start Chromium ({exc.__class__.__name__}: {str(exc).splitlines()[0]}). "
                          "Install it: apt-get install chromium (or: python -m playwright install chromium)") from None


def run(args: argparse.Namespace) -> None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise BenchFailed("Playwright is not installed: run  pip install -e '.[test]'") from None
    pages = args.page or ["/games/deuces/"]
    with tempfile.TemporaryDirectory(prefix="play-speed-") as tmp_name:
        site, build_s = prepare_site(Path(tmp_name), args.site)
        versions = sorted(p.name for p in (site / "pyodide").iterdir() if p.is_dir())
        if len(versions) != 1:
            raise BenchFailed(f"expected one Pyodide version in {site / 'pyodide'}, found {versions}")
        floor = write_floor(site, versions[0])
        for path in [*pages, args.next, args.other]:
            local = local_file(site, path)
            if not local.is_file():
                raise BenchFailed(f"--page {path}: no such page in the built site ({local})")
        sent = Sent()
        server = counting_server(site, sent)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        host, port = server.server_address[:2]
        url = f"http://{host}:{port}"
        res = Results()
        started = time.perf_counter()
        try:
            with sync_playwright() as p:
                browser = launch(p)
                try:
                    facts = machine_facts(browser, site)
                    facts.append(f"site {'copied from ' + str(args.site) if args.site else 'built'} in a temp dir "
                                 f"({build_s:.1f} s), served by site_builder.serve at {url}")
                    for i in range(args.runs):
                        print(f"run {i + 1}/{args.runs} ...", file=sys.stderr, flush=True)
                        measure_run(browser, url, pages, floor, sent, res)
                        measure_disk_run(p, Path(tmp_name) / f"profile-{i}", url, pages, floor, sent, res)
                        measure_return_run(p, Path(tmp_name) / f"return-{i}", url, pages[0], (args.next, args.other), sent,
                                           res)
                    for path in pages:
                        print(f"{args.moves} moves on {path} ...", file=sys.stderr, flush=True)
                        measure_moves(browser, url, path, args.moves, sent, res)
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()
        facts.append(f"measured in {time.perf_counter() - started:.0f} s; load average {os.getloadavg()[0]:.1f} "
                     "at the end (other work on the machine makes the load times noisy)")
        report(res, args.runs, facts, floor, args.moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[1:]))
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    parser.add_argument("--page", action="append", metavar="URL",
                        help="a game page's path, repeatable (default /games/deuces/)")
    parser.add_argument("--next", default="/games/freecell/", metavar="URL",
                        help="the game page visited next in the same tab (default /games/freecell/)")
    parser.add_argument("--other", default="/games/klondike/", metavar="URL",
                        help="the game page visited after a pause (default /games/klondike/)")
    parser.add_argument("--moves", type=int, default=50, help="moves for the click-to-repaint figure (default 50)")
    parser.add_argument("--site", type=Path, help="an already built site (copied, not modified); default: build one")
    args = parser.parse_args()
    if args.runs < 1 or args.moves < 1:
        parser.error("--runs and --moves must be at least 1")
    os.chdir(ROOT)
    try:
        run(args)
    except BenchFailed as e:
        print(f"play_speed: FAILED: {e}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
