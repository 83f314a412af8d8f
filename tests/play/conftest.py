"""Fixtures for the in-page play tests: one browser context for all pages (so the HTTP
cache spares reloading Pyodide for every test, as it would for a reader), and a page that
fails its test on any console error or any request to another origin."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1200, "height": 1000})
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


@pytest.fixture
def page(context: Any, site_url: str) -> Iterator[Any]:
    tab = watch(context.new_page(), site_url)
    yield tab
    tab.close()
    assert not tab.problems, "\n".join(tab.problems)
