"""Hints that lead somewhere: how often the page's Hint, asked in Chromium, gives a move after
which the game can still be won, on positions taken along known winning lines, and how long
it takes. Figures, not a test: nothing here fails.

For each game (``--games``, default every registered one):

1. Lines, on CPython: the first ``--deals`` deals that ``content/winnability/SLUG.json``
   lists as won, each solved with ``engine.solve(game, --line-budget)`` (the compiled core),
   and with the other scans while undecided (``solve_any``: the depth-first scan wins most of
   Calculation's); a deal that no scan wins is passed over for the next won one. Along each
   winning line, every ``--every``-th position (after 0, every, 2 x every, ... moves, never
   the won end) is kept as its record (``game.record()``).
2. Hints, in the browser: the built site (``--site DIR``, or built into a temporary folder)
   served by ``site_builder.serve`` (production headers, strict CSP), the game's page opened
   in headless Chromium, and, once its demo is ready and its own first requests answered,
   each position sent to the page's own engine worker as the page restores a saved game
   (``{"op": "replay", "record": ...}``), then the Hint's request as the Hint button makes it
   (``{"op": "solve", "budget": HINT_BUDGET, "seconds": HINT_SECONDS}``, both read from
   theme/static/play/solver.js), timed in the page with ``performance.now()`` from the
   request posted to the answer received. The worker is found by wrapping ``Worker`` in an
   init script (over CDP: the CSP is untouched); the page's own line to it (link.js) ignores
   answers to ids it did not send. The move hinted is the one the Hint rings
   (play/advice.js): the answer's ``move`` when the search found a winning line; when it
   did not (``unknown``), its ``best``, else the first enabled action (the stock), as a
   suggestion; ``lost``, or an undecided answer with neither, rings nothing.
3. Judging, on CPython: the hinted move played through ``engine.bridge.Session`` as the page
   plays it (``{"op": "play", "move": ..., "auto": true}``: the page's default setting sends
   the safe moves home after it), then ``engine.solve(game, --judge-budget)`` (and the other
   scans while undecided) on the position reached. ``won``: the hint leads somewhere; ``lost`` (or a move the engine refuses): a
   bad hint; ``unknown``: undecided, counted apart, unless a winning line known from before
   the hint (the known line, or the hint's own) still wins when its moves that are legal are
   played in order: the judge's best-first search can miss, one move on, a line the hint
   found (Will o' the Wisp). A bad or undecided hint is also judged without the automatic
   moves, to tell a hint that threw the win away from safe moves that did. Each hint is
   also asked on CPython with the same budget and no time limit
   (deterministic, the compiled core): where the browser's answer differs, its time limit cut
   its search short.

Prints a Markdown table per game and overall: positions tried, hints leading to a win (%),
bad, undecided, no hint, how many hints came from a winning line found within the budget
(the rest are suggestions), and the hint's time in the browser (median and p95, ms).
``--json FILE`` keeps every position's result, one JSON object a line, written as it goes;
``--rejudge FILE`` judges those hints again (say with another ``--judge-budget``) without the
browser. Every game takes about a minute on two busy cores (all of them: 46 min).

    .venv/bin/python benchmarks/hint_success.py [--games freecell,klondike] [--deals 10]
        [--every 10] [--site _site] [--json hints.jsonl] [--rejudge hints.jsonl]

The issue's aim: at least 95 % of hints lead to a win, in under 1 s median in Chromium.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shlex
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.bridge import Session  # noqa: E402
from engine.solver.datafile import parse_ranges  # noqa: E402
from engine.solver import fair_budget  # noqa: E402
from engine.spec import SCANS  # noqa: E402
from site_builder.serve import make_server  # noqa: E402
from tests.conftest import launch_options  # noqa: E402

SOLVER_JS = ROOT / "theme" / "static" / "play" / "solver.js"
WINNABILITY = ROOT / "content" / "winnability"
VIEWPORT: Any = {"width": 1280, "height": 800}
READY_TIMEOUT = 120.0  # seconds for a demo to become ready (the first page starts Pyodide afresh)
QUIET_TIMEOUT = 15.0  # seconds for the page's own first requests (its deal, its first check) to be answered
OFFLINE_TIMEOUT = 120.0  # seconds for the first page to keep the site offline (it works meanwhile)
ASK_TIMEOUT = 120_000  # ms for one replay or hint to be answered before it is given up
AIM_SHARE = 95.0
AIM_MEDIAN_MS = 1000.0


def page_constant(name: str) -> float:
    """A constant of the page's solver.js (``export const NAME = 3000;``): the Hint's own."""
    found = re.search(rf"export const {name} = ([0-9.]+);", SOLVER_JS.read_text("utf-8"))
    if not found:
        raise SystemExit(f"hint_success: cannot find {name} in {SOLVER_JS}")
    return float(found.group(1))


HINT_BUDGET = int(page_constant("HINT_BUDGET"))
HINT_SECONDS = page_constant("HINT_SECONDS")


# --- 1. known winning lines, on CPython ----------------------------------------------------


@dataclass
class Position:
    slug: str
    deal: int
    k: int  # moves made along the line
    length: int  # the line's length
    record: str
    rest: list[str]  # the known line from here


def won_deals(slug: str) -> list[int]:
    path = WINNABILITY / f"{slug}.json"
    if not path.is_file():
        return []
    return parse_ranges(str(json.loads(path.read_text("utf-8")).get("won", "")))


def solve_any(game: engine.Game, budget: int) -> engine.Verdict:
    """``engine.solve`` with the standard scan, then with each other scan while undecided: the
    figures' wins come from all of them (most of Calculation's from the depth-first scan)."""
    verdict = engine.solve(game, budget)
    for scan in SCANS[1:]:
        if verdict.result != "unknown":
            break
        other = engine.solve(game, budget, scan=scan)
        verdict = other if other.result != "unknown" else verdict
    return verdict


def positions_of(slug: str, deals: int, every: int, budget: int, notes: list[str]) -> list[Position]:
    """Every ``every``-th position along the winning lines of the first ``deals`` won deals."""
    out: list[Position] = []
    solved = 0
    for deal in won_deals(slug):
        if solved == deals:
            break
        game = engine.new_game(slug, deal)
        verdict = solve_any(game, budget)
        if verdict.result != "won":
            notes.append(f"{slug} deal {deal}: listed as won, but {budget:,} positions say {verdict.result}; "
                         "the next won deal is taken instead")
            continue
        solved += 1
        line = verdict.moves
        for k, move in enumerate(line):
            if k % every == 0:
                out.append(Position(slug, deal, k, len(line), game.record(), [str(m) for m in line[k:]]))
            game.play(move)
        if not game.is_won():
            notes.append(f"{slug} deal {deal}: the solver's line does not win when replayed")
    if solved < deals:
        notes.append(f"{slug}: {solved} won deal{'s' if solved != 1 else ''} known (of {deals} asked)")
    return out


# --- 2. the hints, in the browser ----------------------------------------------------------

# Finds the page's engine worker (named with its "init" message, by engine-boot.js or
# link.js; offline.js's short-lived "warm" worker has no name) and counts the page's own
# requests and answers (numeric ids), so the benchmark starts once the page is quiet. With
# SharedWorker taken away, the page starts a dedicated worker, as where shared workers cannot
# outlive a page (engine-boot.js): the same engine and the same hint, on a worker found here.
FIND_WORKER_JS = """(() => {
  delete window.SharedWorker;
  const Real = window.Worker;
  const bench = { worker: null, post: null, seq: 0, pageSent: [], pageAnswered: 0 };
  window.__hintBench = bench;
  window.Worker = class extends Real {
    constructor(url, options) {
      super(url, options);
      let init = null;
      try { init = options && options.name ? JSON.parse(options.name) : null; } catch { init = null; }
      if (!init || init.type !== "init" || bench.worker) return;
      bench.worker = this;
      const post = Real.prototype.postMessage.bind(this);
      bench.post = post;
      this.postMessage = (message, ...rest) => {
        if (message && typeof message.id === "number") bench.pageSent.push(message.request && message.request.op);
        return post(message, ...rest);
      };
      this.addEventListener("message", (event) => {
        if (event.data && typeof event.data.id === "number") bench.pageAnswered += 1;
      });
    }
  };
  try { localStorage.clear(); } catch {}  // no saved game: the page deals its first deal
})();"""

STATUS_JS = "() => { const d = document.querySelector('section.demo'); return d ? d.dataset.status : null; }"
QUIET_JS = """() => { const b = window.__hintBench;
  return !!b && b.pageAnswered === b.pageSent.length && b.pageSent.includes('solve'); }"""

# One position: restore it as the page restores a saved game, then ask for the hint as the
# Hint button does; the hint timed from its request posted to its answer received.
ASK_JS = """async ([record, budget, seconds, limit]) => {
  const bench = window.__hintBench;
  if (!bench || !bench.worker) return { error: "the page's engine worker was not found" };
  const ask = (request) => new Promise((resolve) => {
    const id = `hint-bench-${++bench.seq}`;
    let start = 0;
    const on = (event) => {
      if (!event.data || event.data.id !== id) return;
      const at = performance.now();
      clearTimeout(timer);
      bench.worker.removeEventListener("message", on);
      resolve({ answer: event.data.answer, ms: at - start });
    };
    const timer = setTimeout(() => {
      bench.worker.removeEventListener("message", on);
      resolve({ answer: null, ms: null });
    }, limit);
    bench.worker.addEventListener("message", on);
    start = performance.now();
    bench.post({ id, request });
  });
  const loaded = await ask({ op: "replay", record });
  if (!loaded.answer) return { error: `no answer to the replay within ${limit} ms` };
  if (!loaded.answer.ok) return { error: `replay refused: ${loaded.answer.error}` };
  const view = loaded.answer.view;
  const deal = view.actions.find((a) => a.enabled);
  const out = { record: loaded.answer.record, status: view.status, deal: deal ? deal.move : null };
  const hint = await ask({ op: "solve", budget, seconds });
  if (!hint.answer) return { ...out, error: `no answer to the hint within ${limit} ms` };
  if (!hint.answer.ok) return { ...out, error: `hint refused: ${hint.answer.error}`, ms: hint.ms };
  return { ...out, solve: hint.answer.solve, ms: hint.ms, after: hint.answer.record };
}"""


@dataclass
class Hint:
    """One position's hint, as asked in the browser and judged on CPython."""

    slug: str
    deal: int
    k: int
    length: int
    record: str
    rest: list[str]  # the known winning line from here
    ms: float | None = None
    result: str = ""  # the browser's search: won | lost | unknown ("" when it gave no answer)
    positions: int = 0
    move: str | None = None  # the move the Hint rings
    kind: str = "none"  # line (a winning line found) | best (suggestion) | stock (suggestion) | none
    error: str = ""
    verdict: str = ""  # after the move (and the automatic moves): won | lost | unknown | illegal
    proof: str = ""  # how a "won" was known: search (the judge's) | line (a winning line followed)
    auto: int = 0  # automatic moves played after it
    bare: str = ""  # the verdict without the automatic moves, when the verdict is not won
    cpython: str = ""  # the same request on CPython without a time limit: result and move
    cpython_positions: int = 0

    @property
    def outcome(self) -> str:
        if self.move is None:
            return "no hint"
        return {"won": "win", "lost": "bad", "illegal": "bad"}.get(self.verdict, "undecided")


def rung_move(solve: dict[str, Any] | None, deal: str | None) -> tuple[str | None, str]:
    """The move the Hint rings for this answer, and how it came (play/advice.js)."""
    if not solve or solve.get("result") == "lost":
        return None, "none"
    if solve.get("result") == "won":
        return (solve.get("move"), "line") if solve.get("move") else (None, "none")
    if solve.get("best"):
        return solve["best"], "best"
    return (deal, "stock") if deal else (None, "none")


@contextmanager
def served(site: Path) -> Iterator[str]:
    server = make_server(site, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = str(server.server_address[0]), int(server.server_address[1])
    try:
        yield f"http://{host}:{port}"
    finally:
        server.shutdown()
        server.server_close()


def poll(page: Any, script: str, timeout: float) -> Any:
    """page.evaluate(script) until truthy, or None after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        value = page.evaluate(script)
        if value or time.monotonic() > end:
            return value
        time.sleep(0.05)


def open_game(page: Any, url: str, slug: str, first: bool, notes: list[str]) -> str | None:
    """The game's page, ready and quiet; or why not."""
    page.goto(f"{url}/games/{slug}/", wait_until="commit")
    status = poll(page, f"() => !['static', 'loading', null].includes(({STATUS_JS})())", READY_TIMEOUT)
    state = page.evaluate(STATUS_JS)
    if not status or state == "error":
        said = page.evaluate("() => (document.querySelector('.demo-state') || {}).textContent || ''")
        return f"the demo never became ready (data-status={state!r}: {said.strip()[:200]})"
    if not page.evaluate("() => !!(window.__hintBench && window.__hintBench.worker)"):
        return "the page's engine worker was not found"
    if first:  # keeping the site offline fetches the whole site and warms a second worker: let it finish
        if not poll(page, "() => ['playable', 'saved', 'off'].includes(document.documentElement.dataset.offline)",
                    OFFLINE_TIMEOUT):
            notes.append(f"{slug}: the site was not kept offline within {OFFLINE_TIMEOUT:.0f} s (measured anyway)")
    if not poll(page, QUIET_JS, QUIET_TIMEOUT):
        sent = page.evaluate("() => window.__hintBench.pageSent")
        notes.append(f"{slug}: the page's own check was not seen within {QUIET_TIMEOUT:.0f} s (its requests: {sent})")
    return None


def ask_hints(page: Any, positions: list[Position]) -> list[Hint]:
    hints: list[Hint] = []
    for pos in positions:
        hint = Hint(pos.slug, pos.deal, pos.k, pos.length, pos.record, pos.rest)
        try:
            got = page.evaluate(ASK_JS, [pos.record, HINT_BUDGET, HINT_SECONDS, ASK_TIMEOUT])
        except Exception as exc:  # noqa: BLE001 (a page that crashed: say so, go on)
            got = {"error": f"{exc.__class__.__name__}: {str(exc).splitlines()[0]}"}
        hint.ms = got.get("ms")
        if got.get("error"):
            hint.error = str(got["error"])
        elif got.get("record") != pos.record or got.get("after") != pos.record:
            hint.error = f"the worker answered for another position ({str(got.get('after'))[:60]}...)"
        else:
            solve = got.get("solve") or {}
            hint.result = str(solve.get("result", ""))
            hint.positions = int(solve.get("positions", 0))
            hint.move, hint.kind = rung_move(solve, got.get("deal"))
        hints.append(hint)
    return hints


# --- 3. judging, on CPython ----------------------------------------------------------------


def judge(hint: Hint, budget: int, auto: bool) -> None:
    """Does the hinted move (and what the page plays after it) keep the game winnable?

    The judge's search is best first, and a position one move along a winning line can
    take it longer than the position before (it found the line from there, not from here):
    so an undecided judgement is settled by following a winning line known from before the
    hint, the known line or the hint's own (the same search on CPython), playing each of its
    moves that is legal after the hint: legal moves that end in a win prove the position won."""
    game = engine.replay(hint.record)
    cpu = engine.solve(game, fair_budget(game, HINT_BUDGET), scan=game.spec.hint_scan)  # as the page's Session asks
    line = cpu.moves or cpu.best
    hint.cpython = f"{cpu.result} {line[0] if line else '-'}"
    hint.cpython_positions = cpu.positions
    hint.verdict = hint.proof = hint.bare = ""
    hint.auto = 0
    if hint.move is None:
        return
    known = [ln[1:] for ln in (hint.rest, [str(m) for m in cpu.moves]) if ln and ln[0] == hint.move]
    session = Session()
    session.handle(json.dumps({"op": "replay", "record": hint.record}))
    answer = json.loads(session.handle(json.dumps({"op": "play", "move": hint.move, "auto": auto})))
    if not answer["ok"]:
        hint.verdict = "illegal"
        return
    hint.auto = len(answer["moves"]) - 1
    assert session.game is not None
    hint.verdict, hint.proof = settle(session.game, budget, known)
    if hint.verdict != "won" and hint.auto:
        bare = engine.replay(hint.record)
        bare.play(hint.move)
        hint.bare = settle(bare, budget, known)[0]


def settle(game: engine.Game, budget: int, lines: list[list[str]]) -> tuple[str, str]:
    """The judge's verdict on ``game`` and how a win was known (see ``judge``)."""
    verdict = solve_any(game, budget).result
    if verdict == "won":
        return verdict, "search"
    if verdict == "unknown" and any(follows(game, line) for line in lines):
        return "won", "line"
    return verdict, ""


def follows(game: engine.Game, line: list[str]) -> bool:
    """Do the moves of ``line`` that are legal, played in order from ``game``, win it?"""
    work = engine.replay(game.record())
    for text in line:
        move = work.parse_move(text)
        if work.is_legal(move):
            work.play(move)
    return work.is_won()


# --- figures -------------------------------------------------------------------------------


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(0.95 * len(ordered))) - 1))]


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


@dataclass
class Row:
    label: str
    hints: list[Hint] = field(default_factory=list)
    note: str = ""

    def cells(self) -> list[str]:
        n = len(self.hints)
        if not n:
            return [self.label, "0", "-", "-", "-", "-", "-", "-", "-", self.note]
        count = {o: sum(h.outcome == o for h in self.hints) for o in ("win", "bad", "undecided", "no hint")}
        times = [h.ms for h in self.hints if h.ms is not None]
        lines = sum(h.kind == "line" for h in self.hints)
        share = 100.0 * count["win"] / n
        return [self.label, str(n), f"{share:.1f} % ({count['win']})", str(count["bad"]), str(count["undecided"]),
                str(count["no hint"]), f"{lines} ({100.0 * lines / n:.0f} %)",
                ms(statistics.median(times) if times else None), ms(p95(times) if times else None), self.note]


HEADER = ["game", "positions", "hint leads to a win", "bad", "undecided", "no hint", "winning line found",
          "median ms", "p95 ms", "note"]


def table(rows: list[Row]) -> str:
    out = ["| " + " | ".join(HEADER) + " |", "|" + "|".join(["---"] + ["---:"] * (len(HEADER) - 2) + ["---"]) + "|"]
    out += ["| " + " | ".join(row.cells()) + " |" for row in rows]
    return "\n".join(out)


def details(hints: list[Hint]) -> list[str]:
    """What the table does not say: where the failures came from."""
    out: list[str] = []
    failed = [h for h in hints if h.outcome != "win"]
    by_kind = {k: [h for h in hints if h.kind == k] for k in ("line", "best", "stock", "none")}
    for kind, label in (("line", "a winning line found"), ("best", "suggestion: the search's best"),
                        ("stock", "suggestion: the stock")):
        group = by_kind[kind]
        if group:
            wins = sum(h.outcome == "win" for h in group)
            out.append(f"- hints from {label}: {len(group)}, of which lead to a win {wins} "
                       f"({100.0 * wins / len(group):.0f} %), bad {sum(h.outcome == 'bad' for h in group)}, "
                       f"undecided {sum(h.outcome == 'undecided' for h in group)}")
    # Late in a line the search is short (few cards left to place), so the median mixes
    # easy positions with the opening ones, where a player is likelier to ask.
    thirds = []
    for n, label in enumerate(("first", "middle", "last")):
        part = [h for h in hints if 3 * h.k // max(1, h.length) == n]
        times = [h.ms for h in part if h.ms is not None]
        if part and times:
            wins = sum(h.outcome == "win" for h in part)
            thirds.append(f"{label} third {100.0 * wins / len(part):.1f} % of {len(part)}, median "
                          f"{ms(statistics.median(times))} ms, p95 {ms(p95(times))} ms")
    if thirds:
        out.append("- by where the position lies along its line: " + "; ".join(thirds))
    said_lost = [h for h in hints if h.result == "lost"]
    if said_lost:
        out.append(f"- the search said \"lost\" on {len(said_lost)} position(s) of a winning line (a fault): "
                   + ", ".join(f"{h.slug} {h.deal}@{h.k}" for h in said_lost[:8]))
    errors = [h for h in hints if h.error]
    if errors:
        out.append(f"- no answer from the page on {len(errors)} position(s): "
                   + "; ".join(f"{h.slug} {h.deal}@{h.k}: {h.error}" for h in errors[:5]))
    followed = [h for h in hints if h.proof == "line"]
    if followed:
        out.append(f"- {len(followed)} win(s) known by following a winning line, where the judge's own search was "
                   "undecided: " + ", ".join(f"{h.slug} {h.deal}@{h.k}" for h in followed[:8]))
    thrown = [h for h in failed if h.bare == "won"]
    if thrown:
        out.append(f"- {len(thrown)} hint(s) would have led to a win, but the automatic moves after them threw it away: "
                   + ", ".join(f"{h.slug} {h.deal}@{h.k} {h.move}" for h in thrown[:8]))
    cut = [h for h in hints if h.result and h.cpython.split(" ")[0] != h.result]
    if cut:
        slow = [h for h in cut if h.positions < h.cpython_positions]
        out.append(f"- the browser's answer differs from the same search on CPython (no time limit) on {len(cut)} "
                   f"position(s), {len(slow)} of them searched fewer positions (its {HINT_SECONDS:g} s limit)")
    over = [h for h in hints if h.ms is not None and h.ms >= HINT_SECONDS * 1000]
    if over:
        out.append(f"- {len(over)} hint(s) ran into the {HINT_SECONDS:g} s limit")
    return out


# --- main ----------------------------------------------------------------------------------


@dataclass
class Run:
    """What one run found, for the report."""

    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    spent: dict[str, float] = field(default_factory=lambda: {"lines": 0.0, "browser": 0.0, "judge": 0.0})


def measure(args: argparse.Namespace, slugs: list[str], res: Run) -> None:
    """Lines, hints in the browser and judging, game by game."""
    from playwright.sync_api import sync_playwright

    out = args.json.open("w", encoding="utf-8") if args.json else None
    with tempfile.TemporaryDirectory(prefix="hint-success-") as tmp:
        if args.site:
            site = args.site
        else:
            from site_builder import build

            site = Path(tmp) / "site"
            print("building the site ...", file=sys.stderr, flush=True)
            build(ROOT / "content", site, search=False)
        pyodide = sorted(p.name for p in (site / "pyodide").iterdir() if p.is_dir())
        with served(site) as url, sync_playwright() as p:
            browser = p.chromium.launch(**launch_options())
            context = browser.new_context(viewport=VIEWPORT)
            context.add_init_script(FIND_WORKER_JS)
            page = context.new_page()
            res.facts.append(f"Chromium {browser.version} (headless), Pyodide {', '.join(pyodide)}, site "
                             f"{'from ' + str(args.site) if args.site else 'built in a temporary folder'}")
            opened = False
            try:
                for n, slug in enumerate(slugs):
                    t = time.perf_counter()
                    positions = positions_of(slug, args.deals, args.every, args.line_budget, res.notes)
                    res.spent["lines"] += time.perf_counter() - t
                    row = Row(slug)
                    res.rows.append(row)
                    if not positions:
                        row.note = "no won deal known"
                        continue
                    print(f"[{n + 1}/{len(slugs)}] {slug}: {len(positions)} positions "
                          f"({len({q.deal for q in positions})} deals) ...", file=sys.stderr, flush=True)
                    t = time.perf_counter()
                    why = open_game(page, url, slug, first=not opened, notes=res.notes)
                    opened = True
                    if why:
                        row.note = why
                        res.spent["browser"] += time.perf_counter() - t
                        continue
                    hints = ask_hints(page, positions)
                    res.spent["browser"] += time.perf_counter() - t
                    t = time.perf_counter()
                    for hint in hints:
                        judge(hint, args.judge_budget, not args.no_auto)
                        if out:
                            out.write(json.dumps({**asdict(hint), "outcome": hint.outcome}) + "\n")
                            out.flush()
                    res.spent["judge"] += time.perf_counter() - t
                    row.hints = hints
                    print("  " + " | ".join(row.cells()), file=sys.stderr, flush=True)
            finally:
                context.close()
                browser.close()
                if out:
                    out.close()


def rejudge(args: argparse.Namespace, slugs: list[str], res: Run) -> None:
    """The hints kept by an earlier run's ``--json``, judged again (no browser)."""
    fields = {f for f in Hint.__dataclass_fields__}
    by_game: dict[str, list[Hint]] = {}
    with args.rejudge.open(encoding="utf-8") as kept:
        for line in kept:
            data = json.loads(line)
            hint = Hint(**{k: v for k, v in data.items() if k in fields})
            if hint.slug in slugs:
                by_game.setdefault(hint.slug, []).append(hint)
    res.facts.append(f"hints asked in the browser by an earlier run, kept in {args.rejudge}, judged again here")
    t = time.perf_counter()
    for slug in slugs:
        row = Row(slug, by_game.get(slug, []))
        res.rows.append(row)
        if not row.hints:
            row.note = "no won deal known" if not won_deals(slug) else f"not in {args.rejudge.name}"
            continue
        for hint in row.hints:
            judge(hint, args.judge_budget, not args.no_auto)
        print("  " + " | ".join(row.cells()), file=sys.stderr, flush=True)
    res.spent["judge"] = time.perf_counter() - t


def run(args: argparse.Namespace) -> None:
    specs = {s.slug: s for s in engine.games()}
    slugs = args.games.split(",") if args.games else list(specs)
    unknown = [s for s in slugs if s not in specs]
    if unknown:
        raise SystemExit(f"hint_success: unknown game(s): {', '.join(unknown)}")
    started = time.perf_counter()
    load_start = os.getloadavg()[0]
    res = Run()
    if args.rejudge:
        rejudge(args, slugs, res)
    else:
        measure(args, slugs, res)
    took = time.perf_counter() - started
    res.facts.insert(0, f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load average {load_start:.1f} "
                        f"at the start and {os.getloadavg()[0]:.1f} at the end")
    res.facts.append(f"took {took / 60:.1f} min: lines {res.spent['lines']:.0f} s, browser "
                     f"{res.spent['browser']:.0f} s, judging {res.spent['judge']:.0f} s")
    report(args, res)


def report(args: argparse.Namespace, res: Run) -> None:
    every = [h for row in res.rows for h in row.hints]
    total = Row("**all games**", every, f"{sum(1 for r in res.rows if r.hints)} games")
    print("## Hints that lead somewhere")
    print()
    print(f"`{shlex.join(['python', *sys.argv])}`")
    print()
    if args.rejudge:
        print(f"- Positions and hints: as an earlier run kept them in {args.rejudge} (its --deals and --every).")
    else:
        print(f"- Positions: every {args.every}th position (after 0, {args.every}, ... moves) of the winning lines "
              f"found by engine.solve({args.line_budget:,}) on CPython for the first {args.deals} won deals of each "
              "game (content/winnability).")
    print(f"- Hint: the page's own worker, {{\"op\": \"solve\", \"budget\": {HINT_BUDGET}, \"seconds\": "
          f"{HINT_SECONDS:g}}} after {{\"op\": \"replay\"}} of the position; time from request to answer in the page.")
    print(f"- Judged: the hinted move played as the page plays it (automatic moves "
          f"{'off' if args.no_auto else 'on, the default setting'}), then engine.solve({args.judge_budget:,}) on "
          "CPython: won = leads to a win; lost or refused = bad; unknown = undecided (unless a winning line "
          "known from before the hint, followed, wins).")
    for fact in res.facts:
        print(f"- {fact}.")
    print()
    print(table([*res.rows, total]))
    print()
    share = 100.0 * sum(h.outcome == "win" for h in every) / len(every) if every else 0.0
    times = [h.ms for h in every if h.ms is not None]
    median = statistics.median(times) if times else None
    print(f"Aim: >= {AIM_SHARE:.0f} % of hints lead to a win: {share:.1f} % "
          f"({'met' if share >= AIM_SHARE else 'not met'}); median < {AIM_MEDIAN_MS:.0f} ms: {ms(median)} ms "
          f"({'met' if median is not None and median < AIM_MEDIAN_MS else 'not met'}).")
    below = [r.label for r in res.rows
             if r.hints and 100.0 * sum(h.outcome == "win" for h in r.hints) / len(r.hints) < AIM_SHARE]
    if below:
        print(f"Games under {AIM_SHARE:.0f} %: {', '.join(below)}.")
    extra = details(every)
    if extra or res.notes:
        print()
        for line in extra:
            print(line)
        for note in res.notes:
            print(f"- {note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[1:]))
    parser.add_argument("--games", help="comma-separated slugs (default: every registered game)")
    parser.add_argument("--deals", type=int, default=10, help="won deals per game (default 10)")
    parser.add_argument("--every", type=int, default=10, help="every how many moves along a line (default 10)")
    parser.add_argument("--line-budget", type=int, default=200_000,
                        help="positions for the known winning lines (default 200000)")
    parser.add_argument("--judge-budget", type=int, default=200_000,
                        help="positions to judge the position after a hint (default 200000)")
    parser.add_argument("--no-auto", action="store_true",
                        help="judge without the automatic moves the page plays after a move by default")
    parser.add_argument("--site", type=Path, help="an already built site to serve (default: build one)")
    parser.add_argument("--json", type=Path, help="write every position's result here, one JSON object a line")
    parser.add_argument("--rejudge", type=Path, metavar="FILE",
                        help="no browser: judge again the hints an earlier run kept with --json FILE")
    args = parser.parse_args()
    if args.deals < 1 or args.every < 1:
        parser.error("--deals and --every must be at least 1")
    if args.site and not (args.site / "pyodide").is_dir():
        parser.error(f"--site {args.site}: not a built site (no pyodide/ folder)")
    os.chdir(ROOT)
    run(args)


if __name__ == "__main__":
    main()
