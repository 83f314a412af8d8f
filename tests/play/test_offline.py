"""Offline, in Chromium: after one game page, with the server gone, every page opens, every
demo plays and search answers; the engine's saved start and its fallback; a new build's
service worker replacing the old caches; the site installable.

Each test serves the site itself (``Served``) and stops that server to go offline (and sets the
context offline too), so "offline" means that no request can be answered but the browser's.
"""

from __future__ import annotations

import base64
import json
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

import engine
from site_builder import build
from site_builder.offline import page_url
from tests.conftest import CONTENT, Served, launch_options
from tests.play.conftest import PLAIN_SETTINGS
from tests.play.driver import (board, card_move, end_the_engine, engine_start, moves_shown, play_and_check,
                               wait_ready)

OFFLINE_SET_UP = 90_000  # ms: the shell (about 3 MB) and the demo's runtime (13 MB) into the caches
# The engine's saved starts (theme/static/worker.js): {file name: size} of the files in their
# folder of the origin's private file system (one being written, *.part, is not one yet).
SAVED_STARTS = """navigator.storage.getDirectory()
  .then((root) => root.getDirectoryHandle('patience-rulebook-snapshot'))
  .then(async (folder) => {
    const sizes = {};
    for await (const [name, file] of folder.entries()) {
      if (!name.endsWith('.part')) sizes[name] = (await file.getFile()).size;
    }
    return sizes;
  }, () => ({}))"""


@pytest.fixture
def server(real_site: Path) -> Iterator[Served]:
    s = Served(real_site)
    yield s
    s.stop()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh profile: no service worker, no caches, nothing saved."""
    ctx = browser.new_context(viewport={"width": 1200, "height": 1000})
    ctx.add_init_script(PLAIN_SETTINGS)
    yield ctx
    ctx.close()


def open_page(context: Any, url: str) -> Any:
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.problems = []
    page.on("pageerror", lambda e: page.problems.append(f"page error: {e}"))
    page.on("console", lambda m: page.problems.append(f"console error: {m.text}") if m.type == "error" else None)
    page.goto(url)
    return page


def until(page: Any, script: str, timeout_ms: int = 20_000) -> Any:
    """page.evaluate(script) until truthy (wait_for_function would eval a string: the CSP forbids it)."""
    end = time.monotonic() + timeout_ms / 1000
    while True:
        value = page.evaluate(script)
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {script}")
        time.sleep(0.05)


def kept_for_offline(page: Any) -> None:
    """Wait until the page says the site and its demos are kept, and the engine's start is saved."""
    expect(page.locator("html")).to_have_attribute("data-offline", "playable", timeout=OFFLINE_SET_UP)
    until(page, f"({SAVED_STARTS}).then((s) => Object.keys(s).length === 1)", OFFLINE_SET_UP)


def play_first_move(page: Any) -> None:
    demo = page.locator("section.demo")
    game = engine.new_game(demo.get_attribute("data-game"), int(demo.get_attribute("data-seed")))
    play_and_check(page, game, card_move(page, game))


def test_after_one_game_page_every_page_opens_plays_and_searches_with_the_network_gone(
        context: Any, server: Served, real_site: Path) -> None:
    page = open_page(context, server.url + "/games/deuces/")
    wait_ready(page)
    kept_for_offline(page)
    expect(page.locator("[data-offline-note]")).to_contain_text("every game works offline")
    server.stop()
    context.set_offline(True)

    # A game page never visited, on another day (the engine the first page started has ended):
    # its HTML, the engine, Pyodide and the saved start, all from the browser.
    end_the_engine(page)
    page.close()
    other = open_page(context, server.url + "/games/klondike/")
    wait_ready(other)
    assert engine_start(other) == "snapshot"
    # Its scripts and styles came from the caches without the service worker's code (sw.js's routes).
    sources = other.evaluate("performance.getEntriesByType('resource').filter((e) => e.name.includes('/assets/'))"
                             ".map((e) => [e.name, e.workerMatchedSourceType])")
    assert sources and all(source == "cache" for _, source in sources), sources
    play_first_move(other)
    played = moves_shown(other)
    other.reload()  # an offline reload keeps the game, as online
    wait_ready(other)
    assert moves_shown(other) == played

    for path, heading in (("/families/", "Games by family"), ("/glossary/", "Glossary"), ("/", "Patience Rulebook")):
        other.goto(server.url + path)
        expect(other.locator("h1")).to_contain_text(heading)
    other.goto(server.url + "/search/?q=klondike")
    expect(other.locator(".pagefind-ui__result-link").first).to_be_visible(timeout=20_000)
    assert "Klondike" in " ".join(other.locator(".pagefind-ui__result-link").all_inner_texts())
    other.goto(server.url + "/no-such-page/")
    expect(other.locator("h1")).to_contain_text("not found")
    # Every other page of the site, as the browser's offline copy answers for it.
    urls = [page_url(p.relative_to(real_site).as_posix()) for p in sorted(real_site.rglob("*.html"))]
    answers = other.evaluate("""(urls) => Promise.all(urls.map((u) => fetch(u).then(
        (r) => r.ok && r.headers.get('content-type').startsWith('text/html') ? '' : `${u}: HTTP ${r.status}`,
        (e) => `${u}: ${e}`)))""", urls)
    assert len(urls) > 50 and not [a for a in answers if a], [a for a in answers if a]
    assert not page.problems + other.problems, page.problems + other.problems


def compiled_scripts(context: Any, url: str) -> dict[str, int]:
    """Open ``url`` in a new page until its demo is ready, with a Chrome trace running: each
    module script V8 compiled meanwhile, by the file's name, with the bytes of its code
    cache that V8 used (0: compiled from its source)."""
    page = context.new_page()
    page.set_default_timeout(20_000)
    cdp = context.new_cdp_session(page)
    finished: dict[str, Any] = {}
    cdp.on("Tracing.tracingComplete", lambda event: finished.update(event))
    cdp.send("Tracing.start", {"categories": "v8,devtools.timeline", "transferMode": "ReturnAsStream"})
    page.goto(url)
    wait_ready(page)
    cdp.send("Tracing.end")
    end = time.monotonic() + 20
    while not finished and time.monotonic() < end:
        page.wait_for_timeout(50)
    chunks = []
    while True:
        read = cdp.send("IO.read", {"handle": finished["stream"], "size": 1 << 20})
        chunks.append(base64.b64decode(read["data"]) if read.get("base64Encoded") else read["data"].encode())
        if read.get("eof"):
            break
    events = json.loads(b"".join(chunks))
    events = events["traceEvents"] if isinstance(events, dict) else events
    compiled: dict[str, int] = {}
    for event in events:
        data = event.get("args", {}).get("data", {})
        if event.get("name") == "v8.compileModule" and "url" in data:
            compiled[data["url"].rsplit("/", 1)[-1]] = int(data.get("consumedCacheSize", 0))
    return compiled


def test_a_game_page_after_the_first_compiles_pyodides_scripts_from_the_code_cache(
        context: Any, server: Served) -> None:
    """Chromium keeps a script's compiled code only once it has run twice; the first game page
    runs Pyodide's scripts a second time once they are kept (offline.js), so the next game
    page, which starts from the saved snapshot, compiles none of their source again."""
    page = open_page(context, server.url + "/games/deuces/")
    wait_ready(page)
    kept_for_offline(page)
    end_the_engine(page)
    compiled = compiled_scripts(context, server.url + "/games/klondike/")
    runtime = {name: size for name, size in compiled.items() if name in ("pyodide.mjs", "pyodide.asm.mjs")}
    assert set(runtime) == {"pyodide.mjs", "pyodide.asm.mjs"}, compiled
    assert all(size > 0 for size in runtime.values()), f"compiled from source (no code cache): {runtime}"
    assert not page.problems, page.problems


def test_the_engine_starts_afresh_when_its_saved_start_is_broken_and_saves_a_good_one(
        context: Any, server: Served) -> None:
    page = open_page(context, server.url + "/games/the-wheel/")
    wait_ready(page)
    assert engine_start(page) == "fresh"
    kept_for_offline(page)
    # Spoil the saved start in place, as a bad write or a changed Pyodide would.
    page.evaluate("""async () => {
      const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('patience-rulebook-snapshot');
      const [name] = await Array.fromAsync(folder.keys());
      const file = await (await folder.getFileHandle(name)).createWritable();
      await file.write(new Uint8Array(4096).fill(7));
      await file.close();
    }""")
    end_the_engine(page)
    page.reload()
    wait_ready(page)
    assert engine_start(page) == "fallback"
    play_first_move(page)
    # The broken one is replaced by a good one, which the next page starts from.
    until(page, f"({SAVED_STARTS}).then((s) => Object.values(s).length === 1 && Object.values(s)[0] > 1000000)",
          OFFLINE_SET_UP)
    end_the_engine(page)
    again = open_page(context, server.url + "/games/deuces/")
    wait_ready(again)
    assert engine_start(again) == "snapshot"
    assert not [p for p in page.problems + again.problems if "saved start" not in p]


def test_the_next_game_page_finds_the_engine_running_and_each_page_plays_its_own_game(
        context: Any, server: Served) -> None:
    page = open_page(context, server.url + "/games/deuces/")
    wait_ready(page)
    assert engine_start(page) == "fresh"
    # The next game page in the same tab: the engine has outlived the page that started it.
    page.goto(server.url + "/games/klondike/")
    wait_ready(page)
    assert engine_start(page) == "running"
    opening = board(page)
    play_first_move(page)
    # Another tab meanwhile, another game: the same engine, but a game of its own.
    other = open_page(context, server.url + "/games/freecell/")
    wait_ready(other)
    assert engine_start(other) == "running"
    play_first_move(other)
    page.locator('.demo-controls [data-command="undo"]').click()  # undone in Klondike's game, not in FreeCell's
    expect(page.locator('[data-counter="moves"]')).to_have_text("0")
    assert board(page) == opening
    play_first_move(page)
    assert not page.problems + other.problems, page.problems + other.problems


# Browsers whose shared workers cannot outlive their pages: none at all, or shared workers that
# know no extendedLifetime (this one passes on only the options such a browser reads).
WITHOUT_LASTING_WORKERS = {
    "no-shared-workers": "delete window.SharedWorker;",
    "shared-workers-that-end-with-the-page": """{
      const Native = window.SharedWorker;
      window.SharedWorker = class extends Native {
        constructor(url, options) {
          super(url, typeof options === "object" ? {type: options.type, name: options.name} : options);
        }
      };
    }""",
}


@pytest.mark.parametrize("browser_without", WITHOUT_LASTING_WORKERS)
def test_where_shared_workers_cannot_outlive_the_page_each_page_starts_its_own_engine(
        context: Any, server: Served, browser_without: str) -> None:
    context.add_init_script(WITHOUT_LASTING_WORKERS[browser_without])
    page = open_page(context, server.url + "/games/deuces/")
    wait_ready(page)
    assert engine_start(page) == "fresh"
    kept_for_offline(page)
    other = open_page(context, server.url + "/games/klondike/")
    wait_ready(other)
    assert engine_start(other) == "snapshot"  # read through a dedicated worker's synchronous file handle
    play_first_move(other)
    assert not page.problems + other.problems, page.problems + other.problems


def test_a_new_build_replaces_the_old_caches_and_its_pages_show_at_once(
        context: Any, tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    out = tmp_path / "_site"
    build(content, out, search=False)
    server = Served(out)
    try:
        page = open_page(context, server.url + "/about/")
        expect(page.locator("html")).to_have_attribute("data-offline", "saved", timeout=OFFLINE_SET_UP)
        old = [n for n in page.evaluate("caches.keys()") if n.startswith("patience-rulebook-")]
        about = content / "about.md"
        about.write_text(about.read_text("utf-8") + "\nA sentence added by the new build.\n", "utf-8")
        build(content, out, search=False)
        page.reload()
        expect(page.locator("main")).to_contain_text("A sentence added by the new build.")  # network first
        until(page, f"caches.keys().then((names) => !names.includes({old[0]!r}) && "
                    "names.some((n) => /^patience-rulebook-[0-9a-f]{16}$/.test(n)))", OFFLINE_SET_UP)
    finally:
        server.stop()
    context.set_offline(True)
    page.reload()
    expect(page.locator("main")).to_contain_text("A sentence added by the new build.")  # the new build's copy


@pytest.fixture
def profile(playwright: Any, tmp_path: Path) -> Iterator[Any]:
    """A profile on disk: a browser installs no app from a private (incognito) window."""
    ctx = playwright.chromium.launch_persistent_context(str(tmp_path / "profile"), **launch_options())
    ctx.add_init_script(PLAIN_SETTINGS)
    yield ctx
    ctx.close()


def test_the_offline_copy_waits_for_a_pause_in_play(context: Any, server: Served) -> None:
    """A player who starts at once is not raced by the offline copy: while input keeps coming
    (a key every half second here) no service worker is registered; after a pause it is,
    and the site is kept."""
    page = open_page(context, server.url + "/games/freecell/")
    wait_ready(page)
    play_first_move(page)
    for _ in range(12):
        page.keyboard.press("Shift")
        page.wait_for_timeout(500)
        assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
    kept_for_offline(page)
    assert not page.problems, page.problems


def test_the_site_is_installable_and_the_offline_copy_can_be_removed(profile: Any, server: Served) -> None:
    context = profile
    page = open_page(context, server.url + "/")
    expect(page.locator("html")).to_have_attribute("data-offline", "saved", timeout=OFFLINE_SET_UP)
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    note = page.locator("[data-offline-note]")
    # A saved start of the engine, as a game page's worker leaves it (this page has no demo).
    page.evaluate("""async () => {
      const root = await navigator.storage.getDirectory();
      const folder = await root.getDirectoryHandle('patience-rulebook-snapshot', {create: true});
      const file = await (await folder.getFileHandle('saved-start', {create: true})).createWritable();
      await file.write(new Uint8Array(4096));
      await file.close();
    }""")
    assert page.evaluate(SAVED_STARTS) == {"saved-start": 4096}
    note.get_by_role("button", name="Remove the offline copy").click()
    expect(page.locator("html")).to_have_attribute("data-offline", "off")
    until(page, "caches.keys().then((names) => !names.some((n) => n.startsWith('patience-rulebook-')))")
    until(page, f"({SAVED_STARTS}).then((s) => Object.keys(s).length === 0)")
    until(page, "navigator.serviceWorker.getRegistrations().then((r) => r.length === 0)")
    page.goto(server.url + "/glossary/")  # the choice lasts: no worker is registered again
    expect(note).to_contain_text("keeps no offline copy")
    page.wait_for_timeout(500)
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
    note.get_by_role("button", name="Keep an offline copy").click()
    expect(page.locator("html")).to_have_attribute("data-offline", "saved", timeout=OFFLINE_SET_UP)


def test_the_demo_starts_its_engine_itself_when_the_early_start_script_is_missing(
        context: Any, server: Served) -> None:
    blocked: list[str] = []

    def block(route: Any) -> None:
        blocked.append(route.request.url)
        route.abort()

    context.route("**/assets/engine-boot.*.js", block)
    page = open_page(context, server.url + "/games/deuces/")
    wait_ready(page)
    play_first_move(page)
    assert blocked and page.evaluate("performance.getEntriesByName('engine-boot').length") == 0
    assert page.evaluate("performance.getEntriesByName('engine-ready').length") == 1
    assert all("Failed to load resource" in p for p in page.problems), page.problems


def test_an_early_start_script_that_comes_after_the_player_starts_no_second_engine(
        context: Any, server: Served) -> None:
    """The head's script is async: on a slow network it may run after the player has
    started the worker itself; then it must do nothing (one engine, one start)."""
    def late(route: Any) -> None:
        time.sleep(1.5)
        route.continue_()

    context.route("**/assets/engine-boot.*.js", late)
    page = open_page(context, server.url + "/games/deuces/")
    wait_ready(page)
    until(page, "performance.getEntriesByType('resource').some((e) => e.name.includes('/engine-boot.'))")
    assert page.evaluate("performance.getEntriesByName('engine-boot').length") == 0
    play_first_move(page)
    assert page.evaluate("performance.getEntriesByName('engine-ready').length") == 1
    assert not page.problems, page.problems
