"""Stage 4 (parse half): Markdown to tokens, with wiki links and heading anchors.

CommonMark with raw HTML switched off (so content can never inject a script) plus tables.
``[[Target#section|text]]`` becomes a ``wikilink`` token whose target is resolved later by
``links`` and drawn by ``render_wikilink``; parsing and resolving are separate so every
broken link in every file is found before anything is written.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, NamedTuple

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from .model import slugify

WIKI = re.compile(r"\[\[([^\[\]\n]+?)\]\]")
PREFIXES = ("game:", "family:", "glossary:")
# Marks a wiki link in HTML rendered before links are resolved. markdown-it turns every NUL
# of the input into U+FFFD, so no content can ever produce one.
PLACEHOLDER = "\x00"
_PLACEHOLDERS = re.compile(r"\x00(\d+)\x00")


@functools.lru_cache(maxsize=16384)
def split_wikilink(raw: str) -> tuple[str, str, str]:
    """``"Well#Layout|the layout"`` -> ("Well", "Layout", "the layout"); text defaults to the name."""
    target, _, text = raw.partition("|")
    name, _, section = target.partition("#")
    name, section, text = name.strip(), section.strip(), text.strip()
    if not text:
        shown = name
        for prefix in PREFIXES:
            if shown.lower().startswith(prefix):
                shown = shown[len(prefix):].strip()
        text = shown
    return name, section, text


def plain(text: str) -> str:
    """Inline text with wiki-link brackets dropped: for summaries, titles and heading slugs."""
    return WIKI.sub(lambda m: split_wikilink(m.group(1))[2], text)


def _wikilink_rule(state: StateInline, silent: bool) -> bool:
    if not state.src.startswith("[[", state.pos):
        return False
    match = WIKI.match(state.src, state.pos)
    if match is None:
        return False
    if not silent:
        token = state.push("wikilink", "", 0)
        token.content = match.group(1)
        token.markup = match.group(0)
    state.pos = match.end()
    return True


def _heading_ids(state: StateCore) -> None:
    """Give every h2-h4 an id (slug of its text, made unique) and list them in ``env``."""
    headings: list[tuple[int, str, str]] = state.env.setdefault("headings", [])
    used: set[str] = set(state.env.get("reserved", ()))
    tokens = state.tokens
    for i, tok in enumerate(tokens):
        if tok.type != "heading_open" or tok.tag not in ("h2", "h3", "h4"):
            continue
        text = plain(tokens[i + 1].content)
        base = slugify(text) or "section"
        anchor, n = base, 2
        while anchor in used:
            anchor, n = f"{base}-{n}", n + 1
        used.add(anchor)
        tok.attrSet("id", anchor)
        tok.meta["line"] = (tok.map[0] if tok.map else 0)
        headings.append((int(tok.tag[1]), text, anchor))


def render_wikilink(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict,
                    env: EnvType) -> str:
    """Draw a wiki link: resolved (its meta has an ``href``), or, while parsing ahead of
    the links (``parse_body``), a placeholder that ``fill_links`` replaces once resolved."""
    meta: dict[str, Any] = tokens[idx].meta
    if "href" not in meta and "index" in meta:
        return f"{PLACEHOLDER}{meta['index']}{PLACEHOLDER}"
    return wikilink_html(meta, tokens[idx].content)


def wikilink_html(meta: dict[str, Any], content: str = "") -> str:
    """A resolved wiki link: a link, or a clearly marked not-yet-written mention."""
    text = escape(meta.get("text", content))
    href = escape(meta.get("href", "#"), quote=True)
    if meta.get("planned"):
        return (f'<a class="wl planned" href="{href}" title="Not yet written">{text}'
                f'<span class="nyw"> (not yet written)</span></a>')
    title = meta.get("title")
    tip = f' title="{escape(title, quote=True)}"' if title else ""
    return f'<a class="wl wl-{meta.get("kind", "page")}" href="{href}"{tip}>{text}</a>'


def make_parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": True})
    md.enable(["table", "replacements", "smartquotes"])
    md.inline.ruler.before("link", "wikilink", _wikilink_rule)
    md.core.ruler.push("heading_ids", _heading_ids)
    md.add_render_rule("wikilink", render_wikilink)
    return md


def walk_inline(tokens: list[Token], first_line: int) -> list[tuple[Token, int]]:
    """Every inline child token with its file line, in document order: the block's first
    line, plus the line breaks before the token within it."""
    out = []
    for block in tokens:
        if block.type == "inline" and block.children:
            line = first_line + (block.map[0] if block.map else 0)
            for child in block.children:
                out.append((child, line))
                if child.type in ("softbreak", "hardbreak"):
                    line += 1
    return out


class LinkRef(NamedTuple):
    """A link as written in a body: a wiki link (``content`` between the brackets,
    ``markup`` the whole ``[[...]]``) or a Markdown link or image (``content`` its address).
    A named tuple: a rebuild reads every page's links from the cache, and a tuple
    unpickles in half the time of a dataclass."""

    kind: str  # "wikilink", "link_open" or "image"
    content: str
    markup: str
    line: int


@dataclass
class ParsedBody:
    """All the builder needs from a Markdown body, as plain data (so it can be cached and
    sent between processes): its headings, its links in document order, and its HTML with
    each wiki link as a numbered placeholder (links resolve only once every page is read).
    ``sections`` is the HTML cut before each h2, for pages that list their sections
    apart (the glossary)."""

    headings: list[tuple[int, str, str]]
    links: list[LinkRef]
    html: str
    sections: list[tuple[str, str]] = field(default_factory=list)


def parse_body(body: str, reserved: Sequence[str], first_line: int, split: bool = False) -> ParsedBody:
    """Parse one page's Markdown (``first_line``: file line of the body's first line)."""
    md = _parser()
    env: dict[str, Any] = {"reserved": reserved}
    tokens = md.parse(body, env)
    links: list[LinkRef] = []
    wikilinks = 0
    for tok, line in walk_inline(tokens, first_line):
        if tok.type == "wikilink":
            tok.meta["index"] = wikilinks
            wikilinks += 1
            links.append(LinkRef("wikilink", tok.content, tok.markup, line))
        elif tok.type in ("link_open", "image"):
            attr = "src" if tok.type == "image" else "href"
            links.append(LinkRef(tok.type, str(tok.attrGet(attr) or ""), "", line))
    html = md.renderer.render(tokens, md.options, {})
    sections: list[tuple[str, str]] = []
    if split:
        sections = [(anchor, md.renderer.render(toks, md.options, {})) for anchor, toks in split_sections(tokens)]
    return ParsedBody(env.get("headings", []), links, html, sections)


def fill_links(html: str, metas: list[dict[str, Any]]) -> str:
    """``html`` from ``parse_body`` with each placeholder replaced by its resolved link."""
    if PLACEHOLDER not in html:
        return html
    return _PLACEHOLDERS.sub(lambda m: wikilink_html(metas[int(m.group(1))]), html)


def split_sections(tokens: list[Token], level: str = "h2") -> list[tuple[str, list[Token]]]:
    """Cut a token list before each heading of ``level``: [(heading id or "", tokens)]."""
    out: list[tuple[str, list[Token]]] = [("", [])]
    for tok in tokens:
        if tok.type == "heading_open" and tok.tag == level:
            out.append((str(tok.attrGet("id") or ""), []))
        out[-1][1].append(tok)
    return out


_PARSER: list[MarkdownIt] = []


def _parser() -> MarkdownIt:
    """One parser per process (making one compiles its rules)."""
    if not _PARSER:
        _PARSER.append(make_parser())
    return _PARSER[0]
