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
cannot be taken by a new object while the memo lives. What the memo remembers is the
object's text, or the digest of that text when it is long (``_short``): either way a
function of the object's contents alone, so a key is the same whatever was keyed before.
"""

from __future__ import annotations

import dataclasses
import hashlib
import operator
from collections.abc import Callable
from dataclasses import dataclass
from itertools import chain
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


_FIELDS: dict[type, tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]], bool]] = {}
PLAIN = frozenset({str, int, float, bool, type(None)})  # repr says exactly which value (Markup is apart)
_STR = frozenset({str})


def _fields(t: type) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]], bool]:
    """A dataclass's fields that go into keys, a function giving their values (as a
    tuple, in C), and whether the class is frozen."""
    known = _FIELDS.get(t)
    if known is None:
        names = tuple(f.name for f in dataclasses.fields(t) if f.metadata.get("key") != "derived")
        get = operator.attrgetter(*names) if len(names) > 1 else lambda v: tuple(getattr(v, n) for n in names)
        known = _FIELDS[t] = (names, get, t.__dataclass_params__.frozen)  # type: ignore[attr-defined]
    return known


def _plain(v: list[Any] | tuple[Any, ...]) -> bool:
    """Are the members plain values, or tuples of them? (Type checks done in C.)"""
    kinds = set(map(type, v))
    if kinds <= PLAIN:
        return True
    if kinds == _TUPLE:  # a table of contents: (anchor, text) pairs
        return PLAIN.issuperset(map(type, chain.from_iterable(v)))
    return kinds <= _PLAIN_OR_TUPLE and all(PLAIN.issuperset(map(type, x)) for x in v if type(x) is tuple)


_TUPLE = frozenset({tuple})
_PLAIN_OR_TUPLE = PLAIN | _TUPLE


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
        if _plain(v):
            out.append(repr(v))  # plain values (or tuples of them) only: repr is exact, and done in C
            return
        found = [memo.get(id(x)) for x in v]
        if None not in found:  # members all keyed before (Refs, Items, resolved links: shared by many pages)
            # the same text as the walk below gives
            text = "".join([f"={k[1]}," for k in found])  # type: ignore[index]
            text = _short(f"[{text}]" if t is list else f"({text})")
        else:
            members = ["[" if t is list else "("]
            for x in v:
                _item(x, memo, members)
            members.append("]" if t is list else ")")
            text = _short("".join(members))
        memo[id(v)] = (v, text)  # a list many pages share (a family's first games) is walked once
        out.append(text)
    elif t is dict:
        if _STR.issuperset(map(type, v)) and PLAIN.issuperset(map(type, v.values())):
            text = _short(repr(v))  # a leaf, such as a resolved link's drawing shared by many pages
            memo[id(v)] = (v, text)
            out.append(text)
            return
        out.append("{")
        for k, x in v.items():
            if type(k) is str:
                _named(f"=s{len(k)}:{k},", x, memo, out)
            else:
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
        names, get, frozen = _fields(t)
        values = get(v)
        if frozen and PLAIN.issuperset(map(type, values)):
            # A frozen record of plain values (a Ref, an Item): its class and its values say it all.
            text = _short(t.__qualname__ + repr(values))
            memo[id(v)] = (v, text)
            out.append(text)
            return
        part = [t.__qualname__, "("]
        for name, x in zip(names, values):
            _named(name, x, memo, part)
        part.append(")")
        digest = "@" + hashlib.sha256("".join(part).encode("utf-8", "surrogatepass")).hexdigest()
        memo[id(v)] = (v, digest)
        out.append(digest)
    else:
        raise TypeError(f"cannot key a template value of type {t.__qualname__}: teach pagekey._enc about it")


SHORT = 128  # a memoised text longer than this stands in keys as its digest


def _short(text: str) -> str:
    """A memoised value's text as it goes into keys: as it is when short, else ``*`` and
    its digest (no other encoding starts with ``*``). A shared list (a family's first
    games, on a thousand pages) or record (an Item, in every index) then costs each key
    that holds it 65 characters, not its whole text; the text is digested once per build."""
    if len(text) <= SHORT:
        return text
    return "*" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _item(x: Any, memo: Memo, out: list[str]) -> None:
    """``=``, ``_enc`` of one member, then a comma."""
    _named("", x, memo, out)


def _named(name: str, x: Any, memo: Memo, out: list[str]) -> None:
    """``name``, ``=``, ``_enc`` of one member, then a comma, with the common cases inline
    (a page's key walks a few hundred values; this is the hot loop of a rebuild). A value
    encodes the same whether or not the memo knew it, so a key never depends on what was
    keyed before it (nor in which process)."""
    tx = type(x)
    if tx is str:
        out.append(f"{name}=s{len(x)}:{x},")
    elif tx in PLAIN:
        out.append(f"{name}={x!r},")
    else:
        known = memo.get(id(x))
        if known is not None:
            out.append(f"{name}={known[1]},")
        else:
            out.append(name + "=")
            _enc(x, memo, out)
            out.append(",")
