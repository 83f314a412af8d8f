"""Stage 4: parse every page's Markdown body, from the cache or on every core.

A body's parse depends on its text, the file line it starts on (for error lines), the
anchors its page reserves and whether its sections are wanted apart; the key holds exactly
these (and, through the cache's own key, the builder's version). The result is plain data
(``mdparse.ParsedBody``): headings for anchors, links for ``links.resolve``, and HTML whose
wiki links are filled in once resolved.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from functools import partial

from .cache import BuildCache, digest
from .mdparse import ParsedBody, parse_body
from .load import PAGE_KINDS, file_kind
from .model import Html, Site
from .parallel import Batch
from .sources import Source, fenced

RESERVED_ANCHORS = ("top", "main", "contents", "at-a-glance", "demo", "related", "family-games",
                    "sources", "mentioned-on", "winnability")
NAME_ANCHORS = ("top", "main", "name-games", "sources", "mentioned-on")  # taken on a name page

Job = tuple[str, tuple[str, ...], int, bool]  # body, reserved anchors, first line, split at h2


def _parse(job: Job) -> tuple[bytes, bytes]:
    """In a worker: the parse, pickled in two parts: what resolving links needs, and the
    HTML, which the parent only stores (a page's renderer reads it)."""
    parsed = parse_body(*job)
    return (pickle.dumps((parsed.headings, parsed.links), pickle.HIGHEST_PROTOCOL),
            pickle.dumps((parsed.html, parsed.sections), pickle.HIGHEST_PROTOCOL))


def _reserved(kind: str) -> tuple[str, ...]:
    """The anchors a page of ``kind`` keeps for itself: its headings take others."""
    return {"game": RESERVED_ANCHORS, "name": NAME_ANCHORS}.get(kind, ()) or ("top", "main")


def _job(body: str, kind: str, first_line: int) -> Job:
    return (body, _reserved(kind), first_line, kind == "glossary")


def _key(src: Source, kind: str) -> str:
    """The key of the parse of the body of ``src``, a page of ``kind``: the text says the
    body and its first line, the kind which anchors are reserved and whether the sections
    are wanted apart (so a rebuild keys every body without cutting it from its text)."""
    return digest(src.text_key, _reserved(kind), kind == "glossary")


@dataclass
class Early:
    """The bodies ``start_bodies`` set parsing: their keys, and their parses by key once
    the batch has run; and the key of every page file's body, by path and kind of page
    (a rebuild keys each body once)."""

    keys: list[str] = field(default_factory=list)
    parses: dict[str, tuple[bytes, bytes]] = field(default_factory=dict)
    known: dict[tuple[str, str], str] = field(default_factory=dict)


def start_bodies(sources: list[Source], cache: BuildCache, batch: Batch) -> Early:
    """Set the workers parsing, before the front matter is read and checked (``load``,
    the longest stage the parent does alone), the body of every page file the cache does
    not hold: where a body starts is found by the fence alone, and its parse depends on
    nothing else of the front matter. Returns the parses by key, filled once ``batch`` has
    run, for ``parse_bodies`` to give each page its own (the key says all the parse
    depends on, so a page takes only a parse of its very body; a file whose front matter
    turns out bad just wastes its parse)."""
    early = Early()
    started: set[str] = set()
    work: list[Job] = []
    for src in sources:
        kind = PAGE_KINDS.get(file_kind(src.rel) or "")
        if kind is None:
            continue
        key = early.known[src.rel, kind] = _key(src, kind)
        if key in started or (cache.holds("body", key) and cache.holds("html", key)):
            continue
        lines, end = fenced(src.text)
        if end:
            started.add(key)
            early.keys.append(key)
            work.append(_job("".join(lines[end + 1:]), kind, end + 2))  # as parse_front_matter cuts it

    def done(results: list[tuple[bytes, bytes]]) -> None:
        early.parses.update(zip(early.keys, results))

    batch.add(_parse, work, done)
    return early


def parse_bodies(site: Site, cache: BuildCache, batch: Batch, early: Early | None = None) -> int:
    """Give every page its ``parsed`` body, ``headings`` and ``anchors`` once ``batch``
    has run; returns how many bodies are parsed (the rest come from the cache). A body
    ``start_bodies`` set parsing is taken from ``early``. From the cache, a body's
    headings and links are read at once (every page needs them to resolve links) and its
    HTML only when the page is rendered (``Page.html``)."""
    pages = site.all_pages()
    work: list[Job] = []
    keys: list[str] = []
    todo: list[int] = []  # parsed here, or early
    late: list[int] = []  # of todo, those parsed here
    started = set(early.keys if early else ())
    for i, page in enumerate(pages):
        job = _job(page.src.body, page.kind, page.src.body_line)
        key = (early.known.get((page.src.rel, page.kind)) if early else None) or _key(page.src, page.kind)
        keys.append(key)
        page.body_key = key
        if key in started:
            todo.append(i)
            continue
        hit = cache.get("body", key)
        if isinstance(hit, tuple) and len(hit) == 2 and cache.keep("html", key):
            page.parsed = ParsedBody(hit[0], hit[1], "")
            page.load_html = partial(_cached_html, cache, key, job)
        else:
            todo.append(i)
            late.append(i)
            work.append(job)

    def done(results: list[tuple[bytes, bytes]]) -> None:
        parses = {**(early.parses if early else {}), **{keys[i]: result for i, result in zip(late, results)}}
        for i in todo:
            links, html = parses[keys[i]]
            headings, found = pickle.loads(links)
            pages[i].parsed = ParsedBody(headings, found, "")
            pages[i].load_html = partial(pickle.loads, html)
            cache.put_blob("body", keys[i], links)
            cache.put_blob("html", keys[i], html)
        for page in pages:
            reserved = {"game": RESERVED_ANCHORS, "name": NAME_ANCHORS}.get(page.kind, ())
            page.headings = page.parsed.headings if page.parsed else []
            page.anchors = {h[2] for h in page.headings} | set(reserved)

    batch.add(_parse, work, done)
    return len(todo)


def _cached_html(cache: BuildCache, key: str, job: Job) -> Html:
    """A body's HTML from the cache; parsed again if the entry is damaged."""
    hit = cache.get("html", key)
    if isinstance(hit, tuple) and len(hit) == 2:
        return hit[0], hit[1]
    parsed = parse_body(*job)
    return parsed.html, parsed.sections
