"""Stage 3a: front matter as a typed schema (after MkDocs ``config_options``).

Each kind of file declares its keys, their types and whether they are required. A missing
key, an unknown key (with a "did you mean") or a value of the wrong type is a ``BuildError``
naming the file, the line of the key and the value. Valid front matter becomes a plain dict
of checked values that ``load`` turns into the page model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import BuildError, did_you_mean
from .sources import Source


@dataclass(frozen=True)
class Field:
    """One front-matter key: its type and whether it must be present."""

    kind: str  # "str", "int", "list[str]", "table[str]", "sources", "compare", "games"
    required: bool = True

    def default(self) -> Any:
        return {"list[str]": [], "table[str]": {}, "sources": [], "compare": [], "games": []}.get(self.kind)


GAME = {
    "title": Field("str"),
    "engine": Field("str"),
    "aliases": Field("list[str]", required=False),
    "family": Field("str"),
    "decks": Field("int"),
    "related": Field("list[str]", required=False),
    "summary": Field("str"),
    "sources": Field("sources", required=False),
    # Comparisons the prose makes (claims.py checks them against the winnability figures):
    # this game against others, and, in [[compare]] tables, one game against others.
    "harder_than": Field("list[str]", required=False),
    "easier_than": Field("list[str]", required=False),
    "compare": Field("compare", required=False),
}
FAMILY = {"title": Field("str"), "summary": Field("str"), "games": Field("list[str]", required=False),
          "compare": Field("compare", required=False)}
NAME = {"title": Field("str"), "summary": Field("str"), "games": Field("list[str]"),
        "sources": Field("sources", required=False)}
GLOSSARY = {"title": Field("str"), "summary": Field("str"), "aliases": Field("table[str]", required=False)}
TEXT_PAGE = {"title": Field("str"), "summary": Field("str", required=False)}
SOURCE_ENTRY = {"name": Field("str"), "note": Field("str", required=False)}
COMPARE_ENTRY = {"game": Field("str"), "harder_than": Field("list[str]", required=False),
                 "easier_than": Field("list[str]", required=False)}
NESTED = {"sources": (SOURCE_ENTRY, "a [[sources]] table"), "compare": (COMPARE_ENTRY, "a [[compare]] table")}
PLANNED_FILE = {"game": Field("games", required=False)}
PLANNED_GAME = {
    "title": Field("str"),
    "family": Field("str"),
    "decks": Field("int"),
    "aliases": Field("list[str]", required=False),
    "note": Field("str", required=False),
}

_TYPE_NAMES = {"str": "a string", "int": "an integer", "list[str]": "a list of strings",
               "table[str]": "a table of strings", "sources": "an array of [[sources]] tables",
               "compare": "an array of [[compare]] tables", "games": "an array of [[game]] tables"}


def _type_ok(kind: str, value: Any) -> bool:
    if kind == "str":
        return isinstance(value, str)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "list[str]":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == "table[str]":
        return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())
    return isinstance(value, list) and all(isinstance(v, dict) for v in value)


def check(src: Source, data: dict[str, Any], schema: dict[str, Field], errors: list[BuildError],
          table: str | None = None, nth: int = 0, where: str = "front matter") -> dict[str, Any] | None:
    """Check ``data`` against ``schema``; return the values with defaults filled in, or None."""
    ok = True
    out: dict[str, Any] = {}
    for key in data:
        if key not in schema:
            ok = False
            errors.append(BuildError(src.path, src.key_line(key, table, nth), f"unknown key in {where}",
                                     key, did_you_mean(key, schema)))
    for key, spec in schema.items():
        if key not in data:
            if spec.required:
                ok = False
                line = src.key_line("", table, nth) if table else src.meta_offset
                errors.append(BuildError(src.path, line, f"missing required key in {where}", key))
            out[key] = spec.default()
            continue
        value = data[key]
        if not _type_ok(spec.kind, value):
            ok = False
            errors.append(BuildError(src.path, src.key_line(key, table, nth),
                                     f"{key!r} must be {_TYPE_NAMES[spec.kind]}", value))
            continue
        if spec.kind == "str" and not value.strip() and spec.required:
            ok = False
            errors.append(BuildError(src.path, src.key_line(key, table, nth), f"{key!r} must not be empty", value))
            continue
        out[key] = value
    for key, (entry_schema, what) in NESTED.items():
        if key in schema and isinstance(out.get(key), list):
            entries = []
            for i, entry in enumerate(out[key]):
                checked = check(src, entry, entry_schema, errors, key, i, what)
                ok = ok and checked is not None
                entries.append(checked)
            out[key] = entries
    return out if ok else None
