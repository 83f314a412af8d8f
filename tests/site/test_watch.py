"""Live preview: ``serve --watch`` rebuilds on a change and the open page follows, in Chromium.

The server is the real command (``python -m site_builder serve --watch``) on the small
fixture content, served with netlify.toml's headers; a console error (a script or a
connection the CSP blocks) or a request to another origin fails the test.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from site_fixture import game_page, write_content

WAIT = 60_000  # ms: a rebuild is a new process; on a busy machine it may take a while
PLAY = "## Layout\n\nDeal the cards for Well.\n\n## Play\n\nBuild on the [[foundations]]. {}\n"


class Server:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.content = write_content(root)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "site_builder", "serve", "--watch", "--port", "0", "--no-search",
             "--content", str(self.content), "--out", str(root / "_site")],
            cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.url = ""
        self.log: list[str] = []
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.log.append(line)
            found = re.search(r"at (http://127\.0\.0\.1:\d+)/", line)
            if found:
                self.url = found.group(1)
                break
        if not self.url:
            pytest.fail("serve --watch did not start:\n" + "".join(self.log))

    def write_well(self, text: str) -> None:
        (self.content / "games" / "well.md").write_text(game_page("well", text), "utf-8")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("watch"))
    yield s
    s.stop()


@pytest.fixture
def page(browser: Any, server: Server) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(WAIT)
    errors: list[str] = []
    foreign: list[str] = []
    tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.on("request", lambda req: foreign.append(req.url) if not req.url.startswith(server.url) else None)
    yield tab
    context.close()
    assert not errors, f"console errors: {errors}"
    assert not foreign, f"requests to another origin: {foreign}"


def test_an_edit_reloads_the_open_page_with_the_new_text(page: Any, server: Server) -> None:

    server.write_well(PLAY.format("First words."))
    page.goto(server.url + "/games/well/")
    expect(page.locator("main")).to_contain_text("First words.")
    page.evaluate("window.beforeTheEdit = true")
    server.write_well(PLAY.format("Second words, after an edit."))
    expect(page.locator("main")).to_contain_text("Second words, after an edit.")
    assert page.evaluate("window.beforeTheEdit === undefined")  # a reload, not a patch


def test_a_broken_file_shows_an_overlay_naming_file_and_line_until_it_is_fixed(page: Any, server: Server) -> None:

    server.write_well(PLAY.format("Good words."))
    page.goto(server.url + "/games/well/")
    expect(page.locator("main")).to_contain_text("Good words.")
    broken = game_page("well", PLAY.format("See [[No Such Game]]."))
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if "[[No Such Game]]" in text)
    (server.content / "games" / "well.md").write_text(broken, "utf-8")

    overlay = page.locator("#livereload-overlay")
    expect(overlay).to_be_visible()
    error = overlay.locator(f'li[data-line="{line}"]')
    expect(error).to_have_count(1)
    assert error.get_attribute("data-file").endswith("games/well.md")
    expect(error).to_contain_text(f"well.md:{line}: broken link")
    expect(error).to_contain_text("[[No Such Game]]")
    expect(page.locator("main")).to_contain_text("Good words.")  # the last good page stays
    page.reload()  # a page opened while the build is broken shows the overlay too
    expect(overlay).to_be_visible()
    expect(page.locator("main")).to_contain_text("Good words.")

    server.write_well(PLAY.format("Fixed words."))
    expect(page.locator("main")).to_contain_text("Fixed words.")
    expect(overlay).to_have_count(0)


def test_the_live_reload_script_is_only_in_what_the_watch_server_sends(server: Server) -> None:
    site = server.root / "_site"
    pages = list(site.rglob("*.html"))
    assert pages and not [p for p in pages if "__livereload" in p.read_text("utf-8")]


def test_while_writing_no_offline_copy_is_kept(page: Any, server: Server) -> None:
    """The watch server's /sw.js removes itself (and any copy an earlier serve kept), so a
    rebuild never makes the browser fetch the whole site again, nor keep pages with the
    live-reload script in them."""
    page.goto(server.url + "/about/")
    expect(page.locator("main")).to_contain_text("About the site.")
    for _ in range(100):  # the page registers the worker once loaded; the worker then unregisters
        names = page.evaluate("caches.keys()")
        registered = page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)")
        if page.evaluate("document.readyState") == "complete" and not registered and names == []:
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(1000)
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
    assert not [n for n in page.evaluate("caches.keys()") if n != "patience-rulebook-snapshot"]
    assert page.locator("html").get_attribute("data-offline") is None
