"""Stage 5: resolve every cross-reference, and collect backlinks on the way.

Names are looked up case-insensitively in a fixed order: games (titles and aliases), games
not yet written (``planned.toml``), name pages (``names/``: a name several games share),
families, then glossary terms and their aliases. A name that means two kinds of thing (the
game Well, the term "well") goes to the first; a prefix
(``[[glossary:well]]``, ``[[family:Spider]]``, ``[[game:Well]]``) picks the other.
A name that resolves to nothing is an error with a "did you mean".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from typing import Any

from .errors import BuildError, did_you_mean
from .mdparse import PREFIXES, WIKI, LinkRef, split_wikilink
from .model import GamePage, Item, NamePage, Page, Planned, Ref, Site, name_key, slugify


@dataclass(frozen=True)
class Target:
    kind: str  # "game", "planned", "name", "family", "term"
    url: str
    title: str
    page_key: str = ""  # for backlinks; "" for planned games
    anchors: frozenset[str] = frozenset()
    term: str = ""  # glossary anchor
    planned: Planned | None = None


class Resolver:
    """Name tables for every linkable thing, in lookup order."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.tables: dict[str, dict[str, Target]] = {"game": {}, "planned": {}, "name": {}, "family": {},
                                                     "glossary": {}}
        self._found: dict[str, Target | None] = {}
        self._items: dict[str, Item | None] = {}
        self.resolved: dict[str, tuple[Target, dict[str, Any]]] = {}  # wiki link text -> target, drawing
        for g in site.games.values():
            t = Target("game", g.url, g.title, g.key, frozenset(g.anchors))
            for name in (g.title, *g.aliases):
                self.tables["game"][name_key(name)] = t
        for p in site.planned:
            t = Target("planned", p.url, p.title, planned=p)
            for name in (p.title, *p.aliases):
                self.tables["planned"].setdefault(name_key(name), t)
        for n in site.names.values():  # titles are unique against games and planned games (load)
            self.tables["name"].setdefault(name_key(n.title), Target("name", n.url, n.title, n.key,
                                                                     frozenset(n.anchors)))
        for f in site.families.values():
            t = Target("family", f.url, f.title, f.key, frozenset(f.anchors))
            self.tables["family"].setdefault(name_key(f.title), t)
            self.tables["family"].setdefault(name_key(f.slug), t)
        gl = site.glossary
        if gl is not None:
            for level, text, anchor in gl.headings:
                if level == 2:
                    gl.terms[anchor] = text
                    self.tables["glossary"].setdefault(name_key(text), Target(
                        "term", f"{gl.url}#{anchor}", text, gl.key, term=anchor))

    def add_glossary_aliases(self, errors: list[BuildError]) -> None:
        gl = self.site.glossary
        if gl is None:
            return
        self._found.clear()
        self._items.clear()
        self.resolved.clear()
        for alias, heading in gl.aliases.items():
            t = self.tables["glossary"].get(name_key(heading))
            if t is None:
                errors.append(BuildError(gl.src.path, gl.src.key_line(alias, "aliases"),
                                         f"glossary alias {alias!r} names no term heading",
                                         heading, did_you_mean(heading, gl.terms.values())))
            elif name_key(alias) in self.tables["glossary"]:
                errors.append(BuildError(gl.src.path, gl.src.key_line(alias, "aliases"),
                                         "duplicate glossary term or alias", alias))
            else:
                self.tables["glossary"][name_key(alias)] = t

    def names(self) -> list[str]:
        return [t.title for table in self.tables.values() for t in table.values()]

    def lookup(self, name: str) -> Target | None:
        """The thing ``name`` names (remembered: a thousand pages link to the same few names)."""
        if name in self._found:
            return self._found[name]
        found = self._found[name] = self._lookup(name)
        return found

    def _lookup(self, name: str) -> Target | None:
        order = list(self.tables)
        for prefix in PREFIXES:
            if name.lower().startswith(prefix):
                order, name = [prefix[:-1]], name[len(prefix):].strip()
        for table in order:
            found = self.tables[table].get(name_key(name))
            if found is not None:
                return found
        return None

    def game_item(self, name: str) -> Item | None:
        """A game title (written or planned) as a list item, for related lists and families
        (remembered: a thousand games list the same few related games)."""
        if name in self._items:
            return self._items[name]
        item = self._items[name] = self._game_item(name)
        return item

    def _game_item(self, name: str) -> Item | None:
        t = self.lookup(name)
        if t is None or t.kind not in ("game", "planned"):
            return None
        if t.planned is not None:
            return self.site.planned_item(t.planned)
        return self.site.game_item(self.site.games[t.url.strip("/").split("/")[1]])


def resolve(site: Site, errors: list[BuildError]) -> None:
    """Resolve wiki links, Markdown links, related lists, family lists; record backlinks."""
    resolver = Resolver(site)
    resolver.add_glossary_aliases(errors)
    urls = {p.url: p.anchors for p in site.all_pages()}
    backlinks: dict[str, dict[str, Ref]] = {}
    term_backlinks: dict[str, dict[str, Ref]] = {}
    resolved = resolver.resolved
    for page in site.all_pages():
        page.link_meta = []
        ref = page.ref()
        for link in page.parsed.links if page.parsed else []:
            if link.kind == "wikilink":
                known = resolved.get(link.content)  # most links were resolved on an earlier page
                target: Target | None
                if known is not None:
                    target = known[0]
                    page.link_meta.append(known[1])
                else:
                    target = _resolve_wikilink(resolver, page, link, errors)
                if target is not None and target.page_key and target.page_key != page.key:
                    backlinks.setdefault(target.page_key, {})[page.key] = ref
                    if target.term:
                        term_backlinks.setdefault(target.term, {})[page.key] = ref
            else:
                _check_markdown_link(page, link, urls, errors)
        for text, key in ((page.summary, "summary"), (page.title, "title")):
            for m in WIKI.finditer(text):
                if resolver.lookup(split_wikilink(m.group(1))[0]) is None:
                    errors.append(BuildError(page.src.path, page.src.key_line(key), "broken link",
                                             m.group(0), did_you_mean(m.group(1), resolver.names())))
    for page in site.games.values():
        page.related_items = _game_items(resolver, page, page.related, "related", errors)
    by_title = sorted(site.games.values(), key=lambda g: g.title)
    for fam in site.families.values():
        fam.items = _game_items(resolver, fam, fam.games, "games", errors)
        listed = {i.title for i in fam.items}
        fam.items += [site.game_item(g) for g in by_title if g.family == fam.slug and g.title not in listed]
        fam.items += [site.planned_item(p) for p in site.planned if p.family == fam.slug and p.title not in listed]
    for game in site.games.values():
        game.names = []
    for nm in site.names.values():
        _name_items(resolver, nm, errors)
    for page in site.all_pages():
        page.backlinks = sorted(backlinks.get(page.key, {}).values(), key=lambda r: r.title.casefold())
    if site.glossary is not None:
        site.glossary.term_backlinks = {t: sorted(refs.values(), key=lambda r: r.title.casefold())
                                        for t, refs in term_backlinks.items()}


def _resolve_wikilink(resolver: Resolver, page: Page, link: LinkRef, errors: list[BuildError]) -> Target | None:
    """Resolve one wiki link; its drawing (``mdparse.wikilink_html``) goes to ``page.link_meta``.
    A link resolves the same from any page, so a resolved one is remembered in
    ``resolver.resolved`` (``resolve`` looks there first), and pages linking alike share one
    drawing (which keys each page's render once, not a thousand times: pagekey)."""
    meta: dict[str, Any] = {}
    page.link_meta.append(meta)
    name, section, text = split_wikilink(link.content)
    target = resolver.lookup(name)
    raw, line = link.markup, link.line
    if target is None:
        errors.append(BuildError(page.src.path, line, "broken link", raw,
                                 did_you_mean(name, resolver.names()) or "no game, name page, family or "
                                 "glossary term has that name; planned games go in content/planned.toml"))
        return None
    href = target.url
    if section:
        anchor = slugify(section)
        if target.kind in ("planned", "term"):
            errors.append(BuildError(page.src.path, line, f"a {'planned game' if target.planned else 'glossary term'}"
                                     " has no sections to link to", raw))
            return None
        if anchor not in target.anchors:
            errors.append(BuildError(page.src.path, line, f"broken anchor: {target.title!r} has no section "
                                     f"{section!r}", raw, did_you_mean(anchor, target.anchors)))
            return None
        href = f"{target.url}#{anchor}"
    meta.update({"href": href, "text": text, "kind": target.kind, "planned": target.planned is not None})
    if target.kind == "term":
        meta["title"] = f"Glossary: {target.title}"
    resolver.resolved[link.content] = (target, meta)
    return target


def _check_markdown_link(page: Page, link: LinkRef, urls: dict[str, set[str]], errors: list[BuildError]) -> None:
    """Plain Markdown links: external ones are fine; internal ones must hit a page and anchor."""
    href, line = link.content, link.line
    if href.startswith(("http://", "https://", "mailto:")):
        if link.kind == "image":
            errors.append(BuildError(page.src.path, line, "images must be part of the site, not loaded from "
                                     "another origin", href))
        return
    path, _, anchor = href.partition("#")
    path = path or page.url
    if not path.startswith("/"):
        errors.append(BuildError(page.src.path, line, "relative link; use [[Name]] or a link starting with '/'",
                                 href))
        return
    if not path.endswith("/") and "." not in Path(path).name:
        path += "/"
    if path not in urls:
        errors.append(BuildError(page.src.path, line, "broken link", href, did_you_mean(path, urls)))
    elif anchor and anchor not in urls[path]:
        errors.append(BuildError(page.src.path, line, "broken anchor", href, did_you_mean(anchor, urls[path])))


def _game_item(resolver: Resolver, page: Page, name: str, key: str, errors: list[BuildError]) -> Item | None:
    """The game (written or planned) that ``name`` in the list ``key`` names, or an error
    with the line of the value."""
    item = resolver.game_item(name)
    if item is None:
        target = resolver.lookup(name)
        shared = resolver.site.names.get(target.page_key.partition(":")[2]) \
            if target is not None and target.kind == "name" else None
        if shared is not None:
            hint = (f"{shared.title!r} is a name several games share; list one of them: "
                    + ", ".join(repr(g) for g in shared.games))
        else:
            games = [t.title for k in ("game", "planned") for t in resolver.tables[k].values()]
            hint = did_you_mean(name, games) or "add it to content/planned.toml"
        errors.append(BuildError(page.src.path, page.src.value_line(key, name), f"{key!r} names no game, "
                                 "written or planned", name, hint))
    return item


def _game_items(resolver: Resolver, page: Page, names: list[str], key: str,
                errors: list[BuildError]) -> list[Item]:
    items: list[Item] = []
    for name in names:
        item = _game_item(resolver, page, name, key, errors)
        if item is not None and not (isinstance(page, GamePage) and item.title == page.title):
            items.append(item)
    return items


def _name_items(resolver: Resolver, page: NamePage, errors: list[BuildError]) -> None:
    """A name page's games, in its order; each written game learns the name (for its page)."""
    page.items = []
    by_title = {g.title: g for g in resolver.site.games.values()}
    for name in page.games:
        item = _game_item(resolver, page, name, "games", errors)
        if item is None:
            continue
        if any(i.title == item.title for i in page.items):
            errors.append(BuildError(page.src.path, page.src.value_line("games", name), "game listed twice in "
                                     "'games'", name, f"it names {item.title!r}, listed already"))
            continue
        page.items.append(item)
        if not item.planned and item.title in by_title:
            by_title[item.title].names.append(page)
