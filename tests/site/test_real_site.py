"""The real content, built once: every internal link and anchor resolves, nothing is loaded
from another origin, every engine game has a rule page with a demo, and the Netlify headers
give each file exactly the caching and security it needs."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

import engine
from engine.solver.datafile import parse_ranges
import pytest
from markupsafe import escape

from site_builder.serve import headers_for, load_header_rules

LOADING = {("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src"), ("source", "src"),
           ("video", "src"), ("audio", "src"), ("embed", "src"), ("object", "data")}


class Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []  # tag, attribute, value

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            if name in ("href", "src", "data") and value is not None:
                self.links.append((tag, name, value))


def parse_site(root: Path) -> dict[str, Page]:
    pages = {}
    for path in root.rglob("*.html"):
        rel = path.relative_to(root).as_posix()
        url = "/" + (rel.removesuffix("index.html") if rel.endswith("index.html") else rel)
        parser = Page()
        parser.feed(path.read_text("utf-8"))
        pages[url] = parser
    return pages


@pytest.fixture(scope="module")
def pages(real_site: Path) -> dict[str, Page]:
    return parse_site(real_site)


def test_every_internal_link_and_anchor_resolves(real_site: Path, pages: dict[str, Page]) -> None:
    broken = []
    for url, page in pages.items():
        for tag, attr, value in page.links:
            if value.startswith(("http://", "https://", "mailto:")):
                continue
            target, anchor = urldefrag(value)
            path = urlsplit(target).path or url
            if not path.startswith("/"):
                broken.append(f"{url}: relative link {value!r}")
                continue
            if path.endswith("/"):
                exists = (real_site / path.lstrip("/") / "index.html").exists()
            else:
                exists = (real_site / path.lstrip("/")).is_file()
            if not exists:
                broken.append(f"{url}: {tag} {attr}={value!r} (no such file)")
            elif anchor and path in pages and anchor not in pages[path].ids:
                broken.append(f"{url}: {value!r} (no id {anchor!r} on {path})")
            elif anchor and path.endswith(".html") is False and path not in pages:
                broken.append(f"{url}: {value!r} (anchor on a non-page)")
    assert not broken, "\n".join(broken)


def test_nothing_is_loaded_from_another_origin(pages: dict[str, Page]) -> None:
    offenders = [f"{url}: <{tag} {attr}={value!r}>" for url, page in pages.items()
                 for tag, attr, value in page.links
                 if (tag, attr) in LOADING and ("//" in value or value.startswith("data:"))]
    assert not offenders, "\n".join(offenders)


def test_every_engine_game_has_a_page_with_its_first_deal(real_site: Path) -> None:
    for spec in engine.games():
        pages = [p for p in (real_site / "games").glob("*/index.html")
                 if f'data-game="{spec.slug}"' in p.read_text("utf-8")]
        assert len(pages) == 1, spec.slug
        html = pages[0].read_text("utf-8")
        assert f'data-seed="{first_deal_shown(spec)}"' in html
        assert "data-worker=" in html and f"Play {escape(spec.title)}" in html


def first_deal_shown(spec: engine.GameSpec) -> int:
    """The deal the fresh figure in content/winnability/ opens on (a won one), else 1."""
    path = Path(__file__).resolve().parents[2] / "content" / "winnability" / f"{spec.slug}.json"
    if not path.is_file():
        return 1
    data = json.loads(path.read_text("utf-8"))
    won = parse_ranges(data["won"])
    if not won or data["fingerprint"] != engine.fingerprint(spec):
        return 1
    assert data.get("opening", won[0]) in won, spec.slug
    return int(data.get("opening", won[0]))


def test_every_figure_with_undecided_deals_reads_as_a_lower_bound(real_site: Path) -> None:
    """The figure's wording follows one rule on every game page: while any deal is undecided,
    the share won is stated as "at least", with its interval, and the method section says
    it is a lower bound; a plain share only when no deal is undecided."""
    checked = 0
    for path in sorted((real_site / "games").glob("*/index.html")):
        html = " ".join(path.read_text("utf-8").split())
        start = html.index("<dt>Winnable</dt><dd>") + len("<dt>Winnable</dt><dd>")
        said = html[start:html.index("</dd>", start)]
        found = re.search(r"% of [\d,]+ deals \(95% interval [\d.]+\u2013[\d.]+%, (none|[\d,]+) undecided\)", said)
        if found is None:  # not measured, being recomputed, or not settled: no share is given
            assert "%" not in said, (path, said)
            continue
        checked += 1
        method = html[html.index('id="winnability"'):]
        if found.group(1) == "none":
            assert not said.startswith("at least"), (path, said)
            assert "lower bound" not in method and "Every deal was decided" in method, path
        else:
            assert said.startswith("at least "), (path, said)
            assert "is a lower bound" in method and "Every deal was decided" not in method, path
    assert checked > 30


def test_search_index_and_ui_are_same_origin_files(real_site: Path) -> None:
    for name in ("pagefind-ui.js", "pagefind-ui.css", "pagefind.js", "pagefind-entry.json"):
        assert (real_site / "pagefind" / name).is_file(), name
    search = (real_site / "search" / "index.html").read_text("utf-8")
    assert 'src="/pagefind/pagefind-ui.js"' in search


def test_netlify_headers_cache_and_protect_every_file(real_site: Path) -> None:
    rules = load_header_rules()
    for path in real_site.rglob("*"):
        if not path.is_file() or path.name.startswith("."):
            continue
        rel = path.relative_to(real_site).as_posix()
        url = "/" + rel.removesuffix("index.html")
        headers = headers_for(url, rules)
        cache = headers.get("Cache-Control", [])
        assert len(cache) <= 1, f"{url} gets several Cache-Control values (Netlify would join them): {cache}"
        if rel.startswith("assets/"):
            assert cache == ["public, max-age=31536000, immutable"], url
        elif rel.endswith(".html") or rel in ("sw.js", "manifest.webmanifest"):
            assert cache == ["no-cache"], url  # a new build's pages and service worker are seen at once
        csp = headers["Content-Security-Policy"][0]
        for part in ("default-src 'self'", "'wasm-unsafe-eval'", "frame-ancestors 'none'"):
            assert part in csp
        assert "http" not in csp and "unsafe-inline" not in csp
        assert headers["X-Content-Type-Options"] == ["nosniff"] and "Referrer-Policy" in headers
    assert headers_for("/engine/pyodide.asm.wasm", rules)["Content-Type"] == ["application/wasm"]


def test_netlify_build_settings() -> None:
    import tomllib

    config = tomllib.loads((Path(__file__).resolve().parents[2] / "netlify.toml").read_text("utf-8"))
    assert config["build"]["publish"] == "_site"
    assert config["build"]["command"] == "npm ci && pip install -e . && python -m site_builder build"
