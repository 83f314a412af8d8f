"""The key of a rendered page: a digest of every value its template is given.

A template can only show what its context holds (and the theme, the environment's globals
and the builder's code, which go into the key beside this digest). Walking the whole
context, rather than listing what each page "depends on", is what makes the cache correct
by construction: the page that links here (its backlinks), the games of its family, a
renamed related game, a winnability figure, the first deal: whatever the template may
read is in the key, so no dependency can be forgotten. Over-inclusion costs only a
re-render.

An object may stand for itself in a key through a ``__pagekey__`` method that returns a
string saying everything a template may read of it (``Source``: its path and a digest of
its text, taken once per build and shared with the other caches).

Shared objects (a page listed on many pages, a related game) are digested once per build
through ``memo``, keyed by object identity; the memo holds each object, so that its id
cannot be taken by a new object while the memo lives.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

from markupsafe import Markup


# Field metadata for a value computed from other fields of the same object (a parse of its
# text, say): leaving it out of the key loses nothing, since what it comes from is in it.
DERIVED = {"key": "derived"}


@dataclass(frozen=True)
class Deferred:
    """A template value known by its key (a first deal from the cache, a page's body HTML)
    and made only if the page is rendered: an unchanged page costs its key, not the value."""

    key: str
    make: Callable[[], Any]


Memo = dict[int, tuple[object, str]]  # id -> (the object, kept alive so its id stays its own; its digest)


def context_key(ctx: dict[str, Any], memo: Memo) -> str:
    """Digest of a template context (a dict of plain values, dataclasses, Markup, paths)."""
    out: list[str] = []
    _enc(ctx, memo, out)
    return hashlib.sha256("".join(out).encode("utf-8", "surrogatepass")).hexdigest()


def realise(ctx: dict[str, Any]) -> dict[str, Any]:
    """The context with each ``Deferred`` value made."""
    return {k: v.make() if isinstance(v, Deferred) else v for k, v in ctx.items()}


_FIELDS: dict[type, tuple[str, ...]] = {}
PLAIN = frozenset({str, int, float, bool, type(None)})  # repr says exactly which value (Markup is apart)


def _fields(t: type) -> tuple[str, ...]:
    names = _FIELDS.get(t)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(t) if f.metadata.get("key") != "derived")
        _FIELDS[t] = names
    return names


def _enc(v: Any, memo: Memo, out: list[str]) -> None:
    t = type(v)
    if t is str:
        out.append(f"s{len(v)}:")
        out.append(v)
        return
    if t in PLAIN:
        out.append(repr(v))
        return
    if t is Markup:
        out.append(f"m{len(v)}:")
        out.append(v)
        return
    known = memo.get(id(v))
    if known is not None:
        out.append(known[1])
        return
    if t is list or t is tuple:
        if all(type(x) in PLAIN or (type(x) is tuple and all(type(y) in PLAIN for y in x)) for x in v):
            out.append(repr(v))  # plain values (or tuples of them) only: repr is exact, and done in C
            return
        try:  # members all keyed before (Refs, Items, resolved links: shared by many pages)
            known_texts = [memo[id(x)][1] for x in v]
        except KeyError:
            pass
        else:  # the same text as the walk below gives
            text = ("[" if t is list else "(") + "".join([f"={k}," for k in known_texts]) + ("]" if t is list else ")")
            memo[id(v)] = (v, text)
            out.append(text)
            return
        members = ["[" if t is list else "("]
        for x in v:
            _item(x, memo, members)
        members.append("]" if t is list else ")")
        text = "".join(members)
        memo[id(v)] = (v, text)  # a list many pages share (a family's first games) is walked once
        out.append(text)
    elif t is dict:
        if all(type(x) in PLAIN and type(k) is str for k, x in v.items()):
            text = repr(v)  # a leaf, such as a resolved link's drawing shared by many pages
            memo[id(v)] = (v, text)
            out.append(text)
            return
        out.append("{")
        for k, x in v.items():
            _item(k, memo, out)
            _item(x, memo, out)
        out.append("}")
    elif t is set or t is frozenset:
        items = []
        for x in v:
            part: list[str] = []
            _enc(x, memo, part)
            items.append("".join(part))
        out.append("<" + ",".join(sorted(items)) + ">")
    elif t is Deferred:
        out.append("~" + v.key)
    elif isinstance(v, PurePath):
        out.append(f"p{v.as_posix()!r}")
    elif hasattr(t, "__pagekey__"):
        text = "#" + v.__pagekey__()  # an object that says what it holds (a content file, by its text's digest)
        memo[id(v)] = (v, text)
        out.append(text)
    elif dataclasses.is_dataclass(v) and not isinstance(v, type):
        if t.__dataclass_params__.frozen and all(type(getattr(v, n)) in PLAIN for n in _fields(t)):
            text = repr(v)  # a frozen record of plain values (a Ref, an Item): its repr says it all
            memo[id(v)] = (v, text)
            out.append(text)
            return
        part = [t.__qualname__, "("]
        for name in _fields(t):
            part.append(name)
            _item(getattr(v, name), memo, part)
        part.append(")")
        digest = "@" + hashlib.sha256("".join(part).encode("utf-8", "surrogatepass")).hexdigest()
        memo[id(v)] = (v, digest)
        out.append(digest)
    else:
        raise TypeError(f"cannot key a template value of type {t.__qualname__}: teach pagekey._enc about it")


def _item(x: Any, memo: Memo, out: list[str]) -> None:
    """``=``, ``_enc`` of one member, then a comma, with the common cases inline (a page's
    key walks a few hundred values; this is the hot loop of a rebuild). A value encodes
    the same whether or not the memo knew it, so a key never depends on what was keyed
    before it (nor in which process)."""
    tx = type(x)
    if tx is str:
        out.append(f"=s{len(x)}:")
        out.append(x)
    elif tx in PLAIN:
        out.append(f"={x!r}")
    else:
        out.append("=")
        known = memo.get(id(x))
        if known is not None:
            out.append(known[1])
        else:
            _enc(x, memo, out)
    out.append(",")
