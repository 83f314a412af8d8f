"""Stages 6 and 7: render Markdown bodies and fill the Jinja templates.

Returns every output file as ``{relative path: bytes}``; nothing is written here, so the
whole site exists in memory before the first byte touches the disk. Theme assets get a
content hash in their name (``style.1a2b3c4d.css``) so they can be cached for a year.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from .board import grid_css
from .cache import BuildCache, builder_version, digest, tree_digest
from .mdparse import fill_links
from .offline import MANIFEST, web_manifest
from .model import FamilyPage, GamePage, Item, Page, Site, slugify
from .output import hashed_name
from .pagekey import PLAIN, Deferred, Memo, context_key, realise
from .parallel import pmap
from .runtime import Runtime

SITE_NAME = "Patience Rulebook"
NAV = [("/games/", "Games A–Z"), ("/families/", "Families"), ("/decks/", "By decks"),
       ("/glossary/", "Glossary"), ("/about/", "About")]
MAX_SIBLINGS = 30
THEME = Path(__file__).resolve().parent.parent / "theme"


@dataclass
class Assets:
    """Theme files under hashed names: logical name -> URL, and path -> bytes to write."""

    urls: dict[str, str]
    files: dict[str, bytes]


def build_assets(theme: Path, extra_css: str) -> Assets:
    """Each file of ``theme/static`` under a hashed name; each folder (a set of JavaScript
    modules that import one another by relative path) as a whole, under a hashed folder
    name, so that its files keep their names and their imports work. ``extra_css`` (the
    board's grid rules) is added to board.css."""
    urls: dict[str, str] = {}
    files: dict[str, bytes] = {}
    for path in sorted((theme / "static").iterdir()):
        if path.is_dir():
            members = {p.relative_to(path).as_posix(): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}
            digest = b"".join(name.encode() + b"\0" + data + b"\0" for name, data in members.items())
            folder = hashed_name(path.name, "", digest)
            for name, data in members.items():
                urls[f"{path.name}/{name}"] = f"/{folder}/{name}"
                files[f"{folder}/{name}"] = data
            continue
        data = path.read_bytes()
        if path.name == "board.css":
            data += extra_css.encode("utf-8")
        name = hashed_name(path.stem, path.suffix, data)
        urls[path.name] = "/" + name
        files[name] = data
    return Assets(urls, files)


def _bytecode_cache(folder: Path | None) -> FileSystemBytecodeCache | None:
    if folder is None:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return FileSystemBytecodeCache(str(folder))


class DataEnvironment(Environment):
    """Jinja's environment, looking a dotted name up in a plain dict by key first.

    ``card.rank`` on a dict makes Jinja try the attribute, fail with an exception, then
    take the item: for the hundred cards of a board that was half of a game page's time.
    The templates call no dict method (``items()`` and the like), so keys first changes
    no page (the real site came out byte for byte as before)."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def make_env(theme: Path, assets: Assets, compiled: Path | None = None) -> Environment:
    """The templates' environment; ``compiled``: a folder where Jinja keeps compiled
    templates between builds (it checks each against its source, so a stale one is never used)."""
    env = DataEnvironment(loader=FileSystemLoader(theme / "templates"), autoescape=select_autoescape(default=True),
                          undefined=StrictUndefined, trim_blocks=False, lstrip_blocks=False,
                          bytecode_cache=_bytecode_cache(compiled))

    def asset(name: str) -> str:
        return assets.urls[name]

    env.globals.update(asset=asset, site_name=SITE_NAME, nav=NAV, fragment=_fragments(env))
    return env


def _fragments(env: Environment) -> Callable[..., Markup]:
    """``fragment(template, **values)`` in a template: the template rendered with those
    values alone, made once for all the pages that pass the same values (the very same
    objects, or equal plain ones): a big family's list of games is on a thousand pages.
    Values are not changed while pages are rendered, and each one is kept while the
    environment lives, so that its id stays its own."""
    made: dict[tuple[object, ...], tuple[list[Any], Markup]] = {}

    def same(v: Any) -> object:
        if type(v) in PLAIN:
            return type(v), v  # True and 1 are equal, but not shown alike
        if type(v) is dict and all(type(x) in PLAIN for x in v.values()):
            return tuple((k, type(x), x) for k, x in v.items())
        return id(v)

    def fragment(template: str, **values: Any) -> Markup:
        key = (template, *((k, same(v)) for k, v in values.items()))
        hit = made.get(key)
        if hit is None:
            hit = made[key] = (list(values.values()), Markup(env.get_template(template).render(**values)))
        return hit[1]

    return fragment


@dataclass
class Rendered:
    """The site's files: ``files`` to write (bytes); ``keys`` holds every page's key (the
    pages are in ``files``, or were written by the sink, or were ``reused``)."""

    files: dict[str, bytes]
    reused: list[str]
    keys: dict[str, str]
    hashes: dict[str, bytes]  # SHA-256 of each page the sink wrote

    @property
    def pages(self) -> int:
        return sum(1 for name in self.keys if name.endswith(".html"))


Reuse = Callable[[dict[str, str]], set[str]]  # {output path: page key} -> the paths provided from the cache
Sink = Callable[[str, bytes], None]  # writes one rendered page
Writer = Callable[[dict[str, bytes]], None]  # writes files that are not pages


def render_site(site: Site, theme: Path = THEME, progress: Callable[[str], None] | None = None,
                runtime: Runtime | None = None, cache: BuildCache | None = None, reuse: Reuse | None = None,
                jobs: int | None = None, sink: Sink | None = None, write: Writer | None = None) -> Rendered:
    """Every file of the site except the search index. Without a ``runtime`` (engine
    archive and Pyodide) the demos stay pictures of the first deal.

    With ``reuse`` (an earlier site to take unchanged pages from), every page's key is
    computed first and the pages ``reuse`` provides are not rendered. The others are
    rendered on every core, each worker keying its own pages when there is nothing to
    reuse; with a ``sink``, the workers write the pages themselves, else they come back
    in ``files``. With ``write``, the files that are not pages (the assets, Pyodide's
    13 MB) are written with it while the workers render, rather than after them (they are
    still in ``files``), with or without a ``sink``."""
    cache = cache or BuildCache()
    boards, (rows, cols) = site.boards, site.grid
    memo: Memo = {}
    assets = build_assets(theme, grid_css(rows, cols))
    # Compiled templates depend on the builder's Jinja settings too: one folder per builder version.
    env = make_env(theme, assets, cache.folder / "templates" / builder_version()[:16] if cache.folder else None)
    out: dict[str, bytes] = dict(assets.files)
    out[MANIFEST] = web_manifest(assets.urls, SITE_NAME)
    play: dict[str, str] = {}
    if runtime is not None:
        out.update(runtime.files)
        play = {"engine": runtime.engine_url, "pyodide": runtime.pyodide_url,
                "worker": assets.urls["worker.js"], "script": assets.urls["play/main.js"], "lock": runtime.lock}
        env.globals["play"] = play
    # Everything a template sees besides its context: the theme's files, the assets' and
    # the runtime's addresses (the builder's own code is in the cache's key).
    env_key = digest(tree_digest(theme), sorted(assets.urls.items()), sorted(play.items()))
    pages: list[tuple[str, str, dict[str, Any]]] = []

    def html(page: Page) -> Deferred:
        """The body, filled in only if the page is rendered: its key is the parse's, and
        the resolved links are in the key through ``page.link_meta``."""
        return Deferred(page.body_key, partial(_body_html, page))

    def page_out(url: str, template: str, **ctx: Any) -> None:
        ctx.setdefault("indexed", True)
        ctx.setdefault("section", "/" + url.strip("/").split("/")[0] + "/" if url != "/" else "/")
        rel = "404.html" if url == "/404.html" else url.strip("/") + "/index.html" if url != "/" else "index.html"
        pages.append((rel, template, ctx))

    def key_of(template: str, ctx: dict[str, Any]) -> str:
        return digest(env_key, template, context_key(ctx, memo))

    families = sorted(site.families.values(), key=lambda f: f.title.casefold())
    siblings = _siblings(site)
    for game in site.games.values():
        _render_game(site, game, html, page_out, _winnable_asset(game, out), boards[game.slug], siblings)
    for fam in families:
        page_out(fam.url, "family.html", title=fam.title, summary=fam.summary, kind="family", page=fam,
                 body=html(fam))
    for nm in sorted(site.names.values(), key=lambda n: n.title.casefold()):
        page_out(nm.url, "name.html", title=nm.title, summary=nm.summary, kind="name", page=nm,
                 body=html(nm), section="/games/")
    _render_glossary(site, page_out)
    for key in ("index", "about"):
        page = site.pages.get(key)
        if page is None:
            continue
        if key == "index":
            page_out("/", "home.html", title=page.title, summary=page.summary, kind="home", page=page,
                     body=html(page), families=families, written=len(site.games), planned=len(site.planned))
        else:
            page_out(page.url, "page.html", title=page.title, summary=page.summary, kind="about", page=page,
                     body=html(page))
    _render_indexes(site, families, page_out)
    page_out("/search/", "search.html", title="Search", summary="Search the rulebook.", kind="search",
             indexed=False, section="")
    page_out("/404.html", "404.html", title="Page not found", summary="", kind="not-found", indexed=False,
             section="")

    keys: dict[str, str] = {}
    reused: set[str] = set()
    if reuse is not None:
        keys = {rel: key_of(template, ctx) for rel, template, ctx in pages}
        reused = reuse(keys)
    # A page that lists many others (a family, the indexes, the glossary, the home page)
    # takes 10-40 ms to render, a game page under 1 ms: started last, as they came, they
    # left one worker rendering them alone while the other had finished (0.1 s of a clean
    # build of the benchmark's 1,062 pages). So they go first; the order of work changes
    # nothing else (each page is its own file, and results come back paired with their page).
    todo = sorted((page for page in pages if page[0] not in reused), key=lambda page: page[1] == "game.html")

    def fill(job: tuple[str, str, dict[str, Any]]) -> tuple[str, bytes]:
        rel, template, ctx = job
        key = keys.get(rel) or key_of(template, ctx)
        data = env.get_template(template).render(**realise(ctx)).encode("utf-8")
        if sink is None:
            return key, data
        sink(rel, data)
        return key, hashlib.sha256(data).digest()

    hashes: dict[str, bytes] = {}
    early = partial(write, dict(out)) if write is not None else None  # the files so far: no page among them
    for (rel, _, _), (key, data) in zip(todo, pmap(fill, todo, jobs, early)):
        keys[rel] = key
        if sink is None:
            out[rel] = data
        else:
            hashes[rel] = data
    if progress:
        progress(f"render: {len(todo)} pages rendered, {len(reused)} unchanged, {len(assets.files)} assets")
    return Rendered(out, sorted(reused), keys, hashes)


def _body_html(page: Page) -> Markup:
    return Markup(fill_links(page.html()[0], page.link_meta))


def _siblings(site: Site) -> Callable[[GamePage], tuple[list[Item], int]]:
    """A game's family list without the game itself (at most MAX_SIBLINGS, and how many
    more); counted once per family, not once per game, for families of a thousand."""
    counts: dict[str, dict[str, int]] = {}
    for slug, fam in site.families.items():
        counts[slug] = {}
        for i in fam.items:
            counts[slug][i.title] = counts[slug].get(i.title, 0) + 1

    first: dict[str, list[Item]] = {slug: fam.items[:MAX_SIBLINGS] for slug, fam in site.families.items()}

    def of(game: GamePage) -> tuple[list[Item], int]:
        family = site.families.get(game.family)
        if family is None:
            return [], 0
        total = len(family.items) - counts[game.family].get(game.title, 0)
        more = max(0, total - MAX_SIBLINGS)
        if all(i.title != game.title for i in first[game.family]) and more > 0:
            return first[game.family], more  # one list for the many games not among the first
        shown: list[Item] = []
        for i in family.items:
            if len(shown) == MAX_SIBLINGS:
                break
            if i.title != game.title:
                shown.append(i)
        return shown, more

    return of


def _winnable_asset(game: GamePage, out: dict[str, bytes]) -> str:
    """The deal numbers the solver has won, as a hashed JSON file the demo fetches only when
    "Winnable deals only" deals; "" when there is no fresh list (a stale one is never shipped)."""
    figure = game.winnability
    if figure is None or figure.stale or not figure.won:
        return ""
    data = figure.asset()
    name = hashed_name(f"winnable-{game.engine}", ".json", data)
    out[name] = data
    return "/" + name


def _render_game(site: Site, game: GamePage, html: Callable[[Page], Deferred], page_out: Callable[..., None],
                 winnable: str, board: Deferred, siblings_of: Callable[[GamePage], tuple[list[Item], int]]) -> None:
    # The demo comes first on the page (game.html), so the whole body follows it.
    toc = [(a, text) for level, text, a in game.headings if level == 2] + [("related", "Related games")]
    if game.sources:
        toc.append(("sources", "Sources"))
    figure = game.winnability if game.winnability and not game.winnability.stale else None
    if figure:
        toc.append(("winnability", "How winnable it is"))
    family = site.families.get(game.family)
    fam_ref = family.link() if family else {"url": "/families/", "title": game.family}
    siblings, more = siblings_of(game)  # a big family is listed in full on its own page
    page_out(game.url, "game.html", title=game.title, summary=game.summary, kind="game", page=game,
             family=fam_ref, siblings=siblings, more_siblings=more, toc=toc, body=html(game),
             board=board, section="/games/", figure=figure, winnable=winnable)


def _render_glossary(site: Site, page_out: Callable[..., None]) -> None:
    gl = site.glossary
    if gl is None or gl.parsed is None:
        return

    def html(section: str) -> Markup:
        return Markup(fill_links(section, gl.link_meta))

    sections = gl.html()[1]
    aliases: dict[str, list[str]] = {}
    for alias, heading in gl.aliases.items():
        aliases.setdefault(slugify(heading), []).append(alias)
    entries: list[dict[str, Any]] = []
    for a, toks in sections[1:]:
        names: list[str] = sorted(aliases.get(a, []), key=lambda x: x.casefold())
        entries.append({"anchor": a, "html": html(toks), "aliases": names, "backlinks": gl.term_backlinks.get(a, [])})
    terms = [(a, gl.terms[a]) for a, _ in sections[1:] if a in gl.terms]
    page_out(gl.url, "glossary.html", title=gl.title, summary=gl.summary, kind="glossary", page=gl,
             intro=html(sections[0][1]), entries=entries, terms=terms)


def _render_indexes(site: Site, families: list[FamilyPage], page_out: Callable[..., None]) -> None:
    items: list[Item] = [site.game_item(g) for g in site.games.values()] + \
        [site.planned_item(p) for p in site.planned]
    entries: list[dict[str, Any]] = [{"title": i.title, "item": i, "see": None} for i in items]
    for g in site.games.values():
        entries += [{"title": a, "see": site.game_item(g), "item": None} for a in g.aliases]
    for p in site.planned:
        entries += [{"title": a, "see": site.planned_item(p), "item": None} for a in p.aliases]
    for n in site.names.values():  # a name several games share: its page lists them
        entries.append({"title": n.title, "see": None, "item": None, "name": n})
    entries.sort(key=lambda e: str(e["title"]).casefold())
    letters: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        first = slugify(str(e["title"]))[:1].upper()
        letters.setdefault(first if first.isalpha() else "#", []).append(e)
    groups = [{"id": f"letter-{k.lower() if k != '#' else 'other'}", "title": k, "url": "", "summary": "",
               "entries": v} for k, v in sorted(letters.items())]
    page_out("/games/", "listing.html", title="Games A to Z", kind="index",
             summary=f"Every game in the rulebook: {len(site.games)} written, {len(site.planned)} still to write, "
                     "with their other names.", groups=groups, jump=[(g["id"], g["title"]) for g in groups],
             show_decks=True)
    fam_groups = [{"id": f.slug, "title": f.title, "url": f.url, "summary": f.summary,
                   "entries": [{"item": i, "see": None} for i in f.items]} for f in families]
    page_out("/families/", "listing.html", title="Games by family", kind="index",
             summary="Games that share a layout or a way of building belong to one family.", groups=fam_groups,
             jump=[(g["id"], g["title"]) for g in fam_groups], show_decks=True)
    by_decks: dict[int, list[dict[str, Any]]] = {}
    for i in sorted(items, key=lambda i: i.title.casefold()):
        by_decks.setdefault(i.decks, []).append({"item": i, "see": None})
    deck_groups = [{"id": f"decks-{n}", "title": f"{n} deck{'s' if n != 1 else ''} ({n * 52} cards)", "url": "",
                    "summary": "", "entries": v} for n, v in sorted(by_decks.items())]
    page_out("/decks/", "listing.html", title="Games by number of decks", kind="index",
             summary="How many packs of 52 cards each game needs.", groups=deck_groups,
             jump=[(g["id"], g["title"]) for g in deck_groups], show_decks=False)
