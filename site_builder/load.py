"""Stage 3: turn checked front matter into the page model, and check it against the engine.

The engine is the authority on every fact it knows (title, family, deck count, aliases);
content that disagrees is an error rather than a silent override, so a rule page can never
describe a different game from the one its demo plays.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import engine

from . import schema
from .cache import BuildCache, digest
from .errors import BuildError, did_you_mean
from .mdparse import plain
from .model import Claim, FamilyPage, GamePage, GlossaryPage, NamePage, Page, Planned, Site, name_key
from .sources import Source, parse_front_matter, parse_toml_file
from .winnability import Winnability, load_winnability

REQUIRED_FILES = ("index.md", "about.md", "glossary.md")


def _stem(rel: str) -> str:
    """``Path(rel).stem``, without making a Path (a thousand pages ask)."""
    name = rel.rpartition("/")[2]
    i = name.rfind(".")
    return name[:i] if 0 < i < len(name) - 1 else name


def _page_kind(rel: str) -> str | None:
    parts = rel.split("/")
    if len(parts) == 2 and parts[0] in ("games", "families", "names") and parts[1].endswith(".md"):
        return parts[0]
    if len(parts) == 2 and parts[0] == "winnability" and parts[1].endswith(".json"):
        return "winnability"
    if rel in ("index.md", "about.md", "glossary.md", "planned.toml"):
        return rel.split(".")[0]
    return None


def load(sources: list[Source], content: Path, errors: list[BuildError], cache: BuildCache | None = None) -> Site:
    """Build the site model from the gathered files; append every problem to ``errors``.
    Front matter comes from ``cache`` when the file's text is the same as before."""
    cache = cache or BuildCache()
    site = Site()
    seen = {s.rel for s in sources}
    for rel in REQUIRED_FILES:
        if rel not in seen:
            errors.append(BuildError(content / rel, 1, "required file is missing", rel))
    checked: list[tuple[Source, str, dict[str, Any]]] = []
    figures: dict[str, Winnability] = {}  # by engine slug
    specs = {s.slug: s for s in engine.games()}
    for src in sources:
        kind = _page_kind(src.rel)
        if kind is None:
            errors.append(BuildError(src.path, 1, "unexpected file in the content folder (expected games/*.md, "
                                     "families/*.md, names/*.md, winnability/*.json, index.md, about.md, "
                                     "glossary.md or planned.toml)", src.rel))
            continue
        if kind == "winnability":
            figure = load_winnability(src, errors, site.warnings, specs, cache)
            if figure is not None:
                figures[figure.game] = figure
            continue
        if kind == "planned":
            if parse_toml_file(src, errors):
                data = schema.check(src, src.meta, schema.PLANNED_FILE, errors, where="planned.toml")
                if data is not None:
                    _load_planned(site, src, data, errors)
            continue
        data = _front_matter(src, kind, errors, cache)
        if data is not None:
            checked.append((src, kind, data))
    for src, kind, data in checked:  # families first: games name them
        if kind == "families":
            slug = _stem(src.rel)
            site.families[slug] = FamilyPage(f"family:{slug}", "family", slug, f"/families/{slug}/",
                                             data["title"], data["summary"], src, games=data["games"],
                                             claims=_claims(src, data, errors))
    for src, kind, data in checked:
        if kind == "games":
            _load_game(site, src, data, errors, specs)
        elif kind == "names":
            _load_name(site, src, data, errors)
        elif kind == "glossary":
            site.glossary = GlossaryPage("glossary", "glossary", "glossary", "/glossary/", data["title"],
                                         data["summary"], src, aliases=data["aliases"])
        elif kind in ("index", "about"):
            url = "/" if kind == "index" else "/about/"
            site.pages[kind] = Page(kind, kind, kind, url, data["title"], data["summary"] or "", src)
    for game in site.games.values():
        game.winnability = figures.get(game.engine)
    _check_engine_coverage(site, sources, content, errors)
    _check_families(site, errors)
    _check_unique_names(site, errors)
    return site


def _front_matter(src: Source, kind: str, errors: list[BuildError], cache: BuildCache) -> dict[str, Any] | None:
    """``sources.parse_front_matter`` and ``schema.check`` of a page of ``kind``, whose
    results depend on the file's text and its kind alone; only a file that passed both is
    cached, so every error is found again."""
    key = digest(src.text_key, kind)
    hit = cache.get("front", key)
    if isinstance(hit, tuple) and len(hit) == 3:
        body_at, src.body_line, data = hit
        src.body = src.text[body_at:]
        checked: dict[str, Any] = data
        return checked
    if not parse_front_matter(src, errors):
        return None
    spec = {"games": schema.GAME, "families": schema.FAMILY, "names": schema.NAME,
            "glossary": schema.GLOSSARY}.get(kind, schema.TEXT_PAGE)
    result = schema.check(src, src.meta, spec, errors)
    if result is not None:
        # The body is the end of the text: where it starts is kept, not a copy of it. What
        # only the checks read (the TOML as parsed, its lines) is made again if ever needed.
        cache.put("front", key, (len(src.text) - len(src.body), src.body_line, result))
    return result


def _load_game(site: Site, src: Source, data: dict[str, Any], errors: list[BuildError],
               specs: dict[str, engine.GameSpec]) -> None:
    slug = _stem(src.rel)
    spec = specs.get(data["engine"])
    if spec is None:
        errors.append(BuildError(src.path, src.key_line("engine"), "unknown engine game", data["engine"],
                                 did_you_mean(data["engine"], specs) or "see engine.games()"))
        return
    other = next((g for g in site.games.values() if g.engine == spec.slug), None) \
        if spec.slug in site.engines else None
    if other is not None:
        errors.append(BuildError(src.path, src.key_line("engine"), "duplicate engine slug", spec.slug,
                                 f"already used by {other.src.path}"))
        return
    for key, fact in (("title", spec.title), ("family", spec.family), ("decks", spec.decks)):
        if data[key] != fact:
            errors.append(BuildError(src.path, src.key_line(key), f"{key!r} disagrees with the engine "
                                     f"(engine game {spec.slug!r} says {fact!r})", data[key]))
    if data["family"] not in site.families:
        errors.append(BuildError(src.path, src.key_line("family"), "unknown family", data["family"],
                                 did_you_mean(data["family"], site.families) or "add content/families/<slug>.md"))
    aliases = list(spec.aliases) + [a for a in data["aliases"] if name_key(a) not in
                                    {name_key(x) for x in spec.aliases}]
    site.engines.add(spec.slug)
    site.games[slug] = GamePage(
        f"game:{slug}", "game", slug, f"/games/{slug}/", spec.title, plain(data["summary"]), src,
        engine=spec.slug, aliases=aliases, family=spec.family, decks=spec.decks,
        related=data["related"], sources=data["sources"], description=spec.description,
        claims=_claims(src, data, errors))


def _claims(src: Source, data: dict[str, Any], errors: list[BuildError]) -> list[Claim]:
    """The comparisons a page declares, names as written: a rule page's ``harder_than`` and
    ``easier_than`` (about its own game), then each ``[[compare]]`` table's. They are
    resolved and checked against the figures once every game is known (``claims``)."""
    out = [Claim("", other, harder) for harder, key in ((True, "harder_than"), (False, "easier_than"))
           for other in data.get(key, [])]
    for i, table in enumerate(data.get("compare", [])):
        if not table["harder_than"] and not table["easier_than"]:
            errors.append(BuildError(src.path, src.key_line("game", "compare", i), "a [[compare]] table must "
                                     "say what its game is compared with ('harder_than' or 'easier_than')",
                                     table["game"]))
        out += [Claim(table["game"], other, harder, i) for harder, key in
                ((True, "harder_than"), (False, "easier_than")) for other in table[key]]
    return out


def _load_name(site: Site, src: Source, data: dict[str, Any], errors: list[BuildError]) -> None:
    """A name page: its games are resolved with the links (``links.resolve``), once every
    game and planned game is known; here only the shape of the list is checked."""
    slug = _stem(src.rel)
    games: list[str] = data["games"]
    if len(games) < 2:
        errors.append(BuildError(src.path, src.key_line("games"), "a name page must list at least two games "
                                 "(a name that means one game is an alias on its page)", games))
        return
    site.names[slug] = NamePage(f"name:{slug}", "name", slug, f"/names/{slug}/", data["title"],
                                plain(data["summary"]), src, games=games, sources=data["sources"])


def _load_planned(site: Site, src: Source, data: dict[str, Any], errors: list[BuildError]) -> None:
    for i, entry in enumerate(data["game"]):
        game = schema.check(src, entry, schema.PLANNED_GAME, errors, "game", i, "a [[game]] table")
        if game is not None:
            site.planned.append(Planned(game["title"], game["family"], game["decks"], game["aliases"],
                                        game["note"] or "", src, src.key_line("title", "game", i)))


def _check_engine_coverage(site: Site, sources: list[Source], content: Path, errors: list[BuildError]) -> None:
    covered = {g.engine for g in site.games.values()}
    broken = {_stem(s.rel) for s in sources if s.rel.startswith("games/")}  # reported already
    for spec in engine.games():
        if spec.slug not in covered and spec.slug not in broken:
            errors.append(BuildError(content / "games" / f"{spec.slug}.md", 1,
                                     "registered engine game has no rule page", spec.slug,
                                     f"write content/games/{spec.slug}.md with engine = {spec.slug!r}"))


def _check_families(site: Site, errors: list[BuildError]) -> None:
    for p in site.planned:
        if p.family not in site.families:
            errors.append(BuildError(p.src.path, p.src.key_line("family", "game", site.planned.index(p)),
                                     "unknown family", p.family, did_you_mean(p.family, site.families)))


def _check_unique_names(site: Site, errors: list[BuildError]) -> None:
    """Titles and aliases must name one thing: games, planned games and name pages share one
    namespace. Where a name was claimed (file, and line for a planned game) is written out,
    and the line of a claim looked up, only for a duplicate."""
    used: dict[str, tuple[Source, int]] = {}

    def where(key: str) -> str:
        src, line = used[key]
        return f"{src.path}:{line}" if line else f"{src.path}"

    def claim(name: str, src: Source, line: Callable[[], int], what: str, planned_line: int = 0) -> None:
        key = name_key(name)
        if key in used:
            errors.append(BuildError(src.path, line(), f"duplicate {what}", name, f"already used by {where(key)}"))
        else:
            used[key] = (src, planned_line)

    for g in site.games.values():
        claim(g.title, g.src, partial(g.src.key_line, "title"), "title")
        for a in g.aliases:
            claim(a, g.src, partial(g.src.key_line, "aliases"), "alias")
    for i, p in enumerate(site.planned):
        claim(p.title, p.src, partial(int, p.line), "title", p.line)
        for a in p.aliases:
            claim(a, p.src, partial(p.src.key_line, "aliases", "game", i), "alias", p.line)
    games_used = set(used)
    for n in site.names.values():  # a name page's title is a name no game or planned game owns
        key = name_key(n.title)
        if key in games_used:
            errors.append(BuildError(n.src.path, n.src.key_line("title"), "name page title is already a game's "
                                     "title or alias", n.title, f"used by {where(key)}; a name page is for a name "
                                     "several games share, none of them by that name alone"))
        else:
            claim(n.title, n.src, partial(n.src.key_line, "title"), "name page title")
    used.clear()
    for f in site.families.values():
        claim(f.title, f.src, partial(f.src.key_line, "title"), "family title")
