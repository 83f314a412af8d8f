"""Stage 4: parse every page's Markdown body, from the cache or on every core.

A body's parse depends on its text, the file line it starts on (for error lines), the
anchors its page reserves and whether its sections are wanted apart; the key holds exactly
these (and, through the cache's own key, the builder's version). The result is plain data
(``mdparse.ParsedBody``): headings for anchors, links for ``links.resolve``, and HTML whose
wiki links are filled in once resolved.
"""

from __future__ import annotations

import pickle
from functools import partial

from .cache import BuildCache, digest
from .mdparse import ParsedBody, parse_body
from .model import Html, Site
from .parallel import Batch

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


def parse_bodies(site: Site, cache: BuildCache, batch: Batch) -> int:
    """Give every page its ``parsed`` body, ``headings`` and ``anchors`` once ``batch``
    has run; returns how many bodies are parsed (the rest come from the cache). From the
    cache, a body's headings and links are read at once (every page needs them to
    resolve links) and its HTML only when the page is rendered (``Page.html``)."""
    pages = site.all_pages()
    work: list[Job] = []
    keys: list[str] = []
    todo: list[int] = []
    for i, page in enumerate(pages):
        reserved = {"game": RESERVED_ANCHORS, "name": NAME_ANCHORS}.get(page.kind, ()) or ("top", "main")
        job: Job = (page.src.body, reserved, page.src.body_line, page.kind == "glossary")
        key = digest(page.src.text_key, *job[1:])  # the body and its first line follow from the text
        keys.append(key)
        page.body_key = key
        hit = cache.get("body", key)
        if isinstance(hit, tuple) and len(hit) == 2 and cache.keep("html", key):
            page.parsed = ParsedBody(hit[0], hit[1], "")
            page.load_html = partial(_cached_html, cache, key, job)
        else:
            todo.append(i)
            work.append(job)

    def done(results: list[tuple[bytes, bytes]]) -> None:
        for i, (links, html) in zip(todo, results):
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
    return len(work)


def _cached_html(cache: BuildCache, key: str, job: Job) -> Html:
    """A body's HTML from the cache; parsed again if the entry is damaged."""
    hit = cache.get("html", key)
    if isinstance(hit, tuple) and len(hit) == 2:
        return hit[0], hit[1]
    parsed = parse_body(*job)
    return parsed.html, parsed.sections
