"""Fixtures for the in-page play tests: one browser context for all pages (so the HTTP
cache spares reloading Pyodide for every test, as it would for a reader), and a page that
fails its test on any console error or any request to another origin."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import cannot_start, launch_options


@pytest.fixture(scope="session")
def context(playwright: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One browser profile on disk for all the play tests, as a returning reader's: its disk
    cache keeps Pyodide's compiled WebAssembly, so each page starts the engine sooner."""
    profile = tmp_path_factory.mktemp("chromium-profile")
    try:
        ctx = playwright.chromium.launch_persistent_context(str(profile), viewport={"width": 1200, "height": 1000},
                                                            **launch_options())
    except Exception as exc:  # noqa: BLE001 (any launch failure means the same fix)
        cannot_start(exc)
    yield ctx
    ctx.close()


def watch(page: Any, site_url: str) -> Any:
    page.set_default_timeout(15_000)
    page.problems = []
    page.on("console", lambda m: page.problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: page.problems.append(f"page error: {e}"))

    def request(r: Any) -> None:
        if not (r.url.startswith(site_url + "/") or r.url.startswith("data:") or r.url.startswith("blob:")):
            page.problems.append(f"request to another origin: {r.url}")

    page.on("request", request)
    return page


# Tests that compare the page with the engine move by move play without the automatic
# moves and animations; the tests of those turn them on. Set only when nothing is saved, so
# a test's own settings survive its reloads.
# Each tab starts with nothing saved (its first page clears what an earlier test's tab may
# have saved, even as it closed); reloads within the tab keep what the test saved.
PLAIN_SETTINGS = """
if (!sessionStorage.getItem("fresh-tab")) {
  sessionStorage.setItem("fresh-tab", "1");
  localStorage.clear();
}
if (!localStorage.getItem("patience-rulebook:settings")) {
  localStorage.setItem("patience-rulebook:settings", JSON.stringify({v: 1, auto: false, motion: false}));
}
"""


@pytest.fixture
def page(context: Any, site_url: str) -> Iterator[Any]:
    """A tab in the shared context that starts with nothing saved in the browser."""
    tab = watch(context.new_page(), site_url)
    tab.add_init_script(PLAIN_SETTINGS)
    yield tab
    tab.close()
    assert not tab.problems, "\n".join(tab.problems)
