"""Stage 4 (parse half): Markdown to tokens, with wiki links and heading anchors.

CommonMark with raw HTML switched off (so content can never inject a script) plus tables.
``[[Target#section|text]]`` becomes a ``wikilink`` token whose target is resolved later by
``links`` and drawn by ``render_wikilink``; parsing and resolving are separate so every
broken link in every file is found before anything is written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from .model import slugify

WIKI = re.compile(r"\[\[([^\[\]\n]+?)\]\]")
PREFIXES = ("game:", "family:", "glossary:")


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
    """Draw a resolved wiki link: a link, or a clearly marked not-yet-written mention."""
    from html import escape

    meta: dict[str, Any] = tokens[idx].meta
    text = escape(meta.get("text", tokens[idx].content))
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


def token_line(block: Token, children: list[Token], index: int, first_line: int) -> int:
    """File line of child ``index`` of an inline ``block`` whose source starts at ``first_line``."""
    line = first_line + (block.map[0] if block.map else 0)
    return line + sum(1 for t in children[:index] if t.type in ("softbreak", "hardbreak"))


def walk_inline(tokens: list[Token], first_line: int) -> list[tuple[Token, int]]:
    """Every inline child token with its file line, in document order."""
    out = []
    for block in tokens:
        if block.type == "inline" and block.children:
            for i, child in enumerate(block.children):
                out.append((child, token_line(block, block.children, i, first_line)))
    return out
