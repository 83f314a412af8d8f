"""A reader in Chromium: home page -> game -> family -> glossary term, and search.

The site is served with netlify.toml's headers (Content-Security-Policy included), and any
console error, such as a blocked script or style, fails the test.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    errors: list[str] = []
    tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.console_errors = errors
    yield tab
    context.close()
    assert not errors, f"console errors: {errors}"


def test_reader_follows_links_from_home_to_game_family_and_term(page: Any, site_url: str) -> None:
    from playwright.sync_api import expect

    page.goto(site_url + "/")
    expect(page.locator("h1")).to_have_text("Patience Rulebook")
    page.locator("main").get_by_role("link", name="Deuces", exact=True).first.click()
    expect(page).to_have_url(re.compile(r"/games/deuces/$"))
    expect(page.locator("h1")).to_have_text("Deuces")
    expect(page.locator('section.demo[data-game="deuces"] [data-pile]')).to_have_count(20)
    expect(page.get_by_role("img", name="2 of clubs").first).to_be_visible()

    page.locator("nav.crumbs a").nth(1).click()
    expect(page).to_have_url(re.compile(r"/families/forty-thieves/$"))
    expect(page.locator("#family-games")).to_contain_text("Busy Aces")  # every member written and linked
    expect(page.locator("#family-games")).not_to_contain_text("not yet written")

    page.locator("main a.wl-term").first.click()
    expect(page).to_have_url(re.compile(r"/glossary/#[a-z0-9-]+$"))
    anchor = page.url.split("#")[1]
    expect(page.locator(f"[id='{anchor}']")).to_be_in_viewport()


def test_reader_finds_a_game_with_the_search_box(page: Any, site_url: str) -> None:
    from playwright.sync_api import expect

    page.goto(site_url + "/games/well/")
    page.locator("#site-search").fill("Nation")
    page.locator("#site-search").press("Enter")
    expect(page).to_have_url(re.compile(r"/search/\?q=Nation$"))
    result = page.locator(".pagefind-ui__result-link", has_text="The Nation").first
    expect(result).to_be_visible()
    result.click()
    expect(page).to_have_url(re.compile(r"/games/the-nation/"))
    expect(page.locator("h1")).to_have_text("The Nation")


def test_typing_in_the_search_page_box_shows_results(page: Any, site_url: str) -> None:
    from playwright.sync_api import expect

    page.goto(site_url + "/search/")
    page.locator(".pagefind-ui__search-input").fill("wisp")
    expect(page.locator(".pagefind-ui__result-link", has_text="Will o").first).to_be_visible()


def test_on_a_phone_search_shows_its_first_results_in_the_first_screen(page: Any, site_url: str) -> None:
    """From a game page's header on a 360x740 phone: the search button opens the search page,
    where the box and the first results show before any scrolling (the filters come after)."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "/games/spider/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # the header fits the phone
    page.locator(".site-header .search-box button").click()
    expect(page).to_have_url(re.compile(r"/search/"))
    page.locator(".pagefind-ui__search-input").fill("spider")
    first = page.locator(".pagefind-ui__result").first
    expect(first).to_be_visible()
    box = first.bounding_box()
    assert box is not None and box["y"] + 60 <= 740, f"the first result starts at {box}"
    filters = page.locator(".pagefind-ui__filter-panel").bounding_box()
    assert filters is None or filters["y"] > box["y"]  # results before filters


def test_missing_page_gets_the_404_page(page: Any, site_url: str) -> None:
    response = page.goto(site_url + "/games/no-such-game/")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Page not found"
    expected = [e for e in page.console_errors if "status of 404" in e]
    assert len(expected) == 1  # the browser reports the 404 response itself; nothing else may fail
    page.console_errors.remove(expected[0])
