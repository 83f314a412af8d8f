"""axe-core on every page of the built site, at 1280x800: no violations.

axe-core comes from node_modules (pinned in package.json, installed by bin/setup.sh). The
site's Content-Security-Policy forbids inline scripts, so the library's text is evaluated
through Playwright (the DevTools protocol), which the policy does not govern; the pages
themselves are served with their real headers.

Every page is checked as a reader without JavaScript sees it, each visited once, in one
browser context. That context keeps JavaScript on, because axe runs on timers, which a
context with JavaScript switched off never fires; instead every script the page asks for is
refused, and the <noscript> fallbacks are put in place as a browser without scripts shows
them (the site has no inline scripts: the CSP forbids them). Then, with scripts allowed, the
search page (Pagefind's interface is built by script) and a few game pages, once their
demo is playable, are checked too.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engine

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
VIEWPORT = {"width": 1280, "height": 800}
PLAYED = ["deuces", "freecell", "the-wheel"]  # game pages also checked with the demo ready

# Left out of the runs on game pages: e.g. [["section.demo"]] while a finding inside the demo
# (theme/templates/demo.html, theme/static/play/) waits for its fix. Empty: all is checked.
EXCLUDE: list[list[str]] = []

PAGES = (["/", "/games/", "/families/", "/decks/", "/glossary/", "/about/", "/search/?q=deuces",
          "/no-such-page/"]
         + sorted(f"/families/{p.stem}/" for p in (ROOT / "content" / "families").glob("*.md"))
         + sorted(f"/names/{p.stem}/" for p in (ROOT / "content" / "names").glob("*.md"))
         + [f"/games/{g.slug}/" for g in engine.games()])


def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE.relative_to(ROOT)} is missing: run  npm ci  (bin/setup.sh does)", pytrace=False)
    return AXE.read_text("utf-8")


def run_axe(page: Any, source: str, exclude: list[list[str]] | None = None) -> list[dict[str, Any]]:
    """Inject axe-core (if the page lacks it) and return its violations."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(source)
    result: dict[str, Any] = page.evaluate(
        "async (exclude) => await window.axe.run(exclude ? {exclude} : document, {resultTypes: ['violations']})",
        exclude or None)
    return list(result["violations"])


def describe(url: str, violations: list[dict[str, Any]]) -> str:
    lines = [f"{url}: {len(violations)} accessibility violation(s)"]
    for v in violations:
        lines.append(f"  [{v['impact']}] {v['id']}: {v['help']} ({v['helpUrl']})")
        for node in v["nodes"]:
            lines.append(f"      at {', '.join(' '.join(t) if isinstance(t, list) else t for t in node['target'])}")
            summary = (node.get("failureSummary") or "").replace("\n", " ")
            if summary:
                lines.append(f"        {summary}")
    return "\n".join(lines)


@pytest.fixture(scope="module")
def source() -> str:
    return axe_source()


class Reader:
    """One tab in one browser context, reading with scripts off or on."""

    def __init__(self, browser: Any) -> None:
        self.scripts = False
        # No service worker: requests it answered from its cache would pass by the route
        # that keeps scripts off.
        self.context = browser.new_context(viewport=VIEWPORT, service_workers="block")
        self.context.route("**/*", self.request)
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)

    def request(self, route: Any) -> None:
        if not self.scripts and route.request.resource_type == "script":
            route.abort()
        else:
            route.continue_()

    def open(self, url: str, scripts: bool) -> Any:
        self.scripts = scripts
        self.page.goto(url)
        if not scripts:
            self.page.evaluate(SHOW_NOSCRIPT)
        return self.page


# What a browser without scripts shows of <noscript>: its content, as markup.
SHOW_NOSCRIPT = """() => { for (const n of document.querySelectorAll('noscript')) {
  const t = document.createElement('template'); t.innerHTML = n.textContent; n.replaceWith(t.content); } }"""


@pytest.fixture(scope="module")
def reader(browser: Any) -> Iterator[Reader]:
    r = Reader(browser)
    yield r
    r.context.close()


def test_the_list_covers_every_page_of_the_site(real_site: Path) -> None:
    built = {"/" + p.relative_to(real_site).parent.as_posix() + "/" for p in real_site.rglob("index.html")}
    built = {u.replace("/./", "/") for u in built if not u.startswith("/pagefind")}
    listed = {u.split("?")[0] for u in PAGES}
    assert built - listed == set(), f"pages axe does not check: {sorted(built - listed)}"
    assert (real_site / "404.html").exists()


@pytest.mark.parametrize("url", PAGES)
def test_no_violations_with_javascript_off(reader: Reader, site_url: str, source: str, url: str) -> None:
    page = reader.open(site_url + url, scripts=False)
    violations = run_axe(page, source, EXCLUDE if url.startswith("/games/") and url != "/games/" else None)
    assert not violations, describe(url + " (JavaScript off)", violations)


@pytest.mark.parametrize("url", ["/search/?q=deuces"] + [f"/games/{slug}/" for slug in PLAYED])
def test_no_violations_with_javascript_on(reader: Reader, site_url: str, source: str, url: str) -> None:
    page = reader.open(site_url + url, scripts=True)
    if url.startswith("/games/"):
        page.wait_for_selector('section.demo[data-status="ready"], section.demo[data-status="lost"]', timeout=60_000)
        violations = run_axe(page, source, EXCLUDE)
    else:
        page.wait_for_selector(".pagefind-ui__result-link", timeout=15_000)  # the results are drawn
        violations = run_axe(page, source)
    assert not violations, describe(url + " (JavaScript on)", violations)
