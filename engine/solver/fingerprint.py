"""A fingerprint of a game's rules, so that figures computed from them can tell when they
are stale.

It hashes every field of the spec that the rules read (piles, building, stock, deal,
and the source of the module that holds a game's hooks, less the statement that registers
the spec, whose fields are hashed one by one) and leaves out what only names or
places things (titles, labels, layout hints), so moving a pile on the screen keeps the
figures while changing a rule does not. Fields at their default are left out too: a new
capability of the vocabulary does not make every other game's figure stale.
The solver's version is part of it, bumped when a fault that could make a verdict wrong
is mended (a stronger search, which only settles undecided deals, keeps it); and, for a
game whose entry in ``engine.solver.search.FAULTS_MENDED`` is set, that count, so that a
fault found in what some games alone use turns only their figures stale.
"""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import inspect
import json
from enum import Enum
from typing import Any

from ..hooks import Hooks
from ..spec import GameSpec
from .search import FAULTS_MENDED, SOLVER_VERSION

# Fields that do not change what is legal.
PRESENTATION = frozenset({
    "title", "aliases", "description", "family", "redeal_label", "redeal_done", "label", "done", "name",
    "at", "step", "per_line", "line_step", "ring", "places", "turned", "fan", "show", "first_number", "fold",
    "hint_scan",  # how the Hint searches, not what is legal
})


def fingerprint(spec: GameSpec, solver_version: int | None = None, faults: int | None = None) -> str:
    """Sixteen hex digits naming the rules of ``spec`` (and the solver's version, and the
    faults mended in what this game's searches use: ``FAULTS_MENDED``)."""
    if solver_version is None:
        solver_version = SOLVER_VERSION
    if faults is None:
        faults = FAULTS_MENDED.get(spec.slug, 0)
    plain: dict[str, Any] = {"rules": _plain(spec), "solver": solver_version}
    if spec.deal_numbers == "project":
        # Deal N is a shuffle keyed by the game (engine.dealing.shuffle_key): the figures
        # of the unkeyed shuffle, whose deal N was the same cards in every game, are stale.
        plain["shuffle"] = "keyed by " + (spec.deals_as or spec.slug)
    if faults:  # left out while none: the fingerprints measured before the count existed stay
        plain["faults"] = faults
    text = json.dumps(plain, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _at_default(value: Any, f: dataclasses.Field[Any]) -> bool:
    """Does field ``f`` of ``value`` hold its default? Such fields are left out, so that a
    capability added to the vocabulary later (its default changing nothing) leaves every
    other game's fingerprint as it was."""
    if f.default is not dataclasses.MISSING:
        return bool(getattr(value, f.name) == f.default)
    if f.default_factory is not dataclasses.MISSING:
        return bool(getattr(value, f.name) == f.default_factory())
    return False


def _code(source: str) -> str:
    """A hooks module's source without its ``register(GameSpec(...))`` statements: the spec
    is hashed field by field (its labels and other words left out), so a game's button
    words written beside its hooks do not turn its figures stale. The lines are cut from
    the text as it is (not re-written from the tree, whose form may change with Python's
    version)."""
    lines = source.splitlines(keepends=True)
    for node in reversed(ast.parse(source).body):
        value = getattr(node, "value", None)
        if (isinstance(node, (ast.Assign, ast.Expr)) and isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name) and value.func.id == "register"):
            del lines[node.lineno - 1:node.end_lineno]
    return "".join(lines)


def _plain(value: Any) -> Any:
    if isinstance(value, Hooks):
        cls = type(value)
        if cls is Hooks:
            return None
        try:
            # The hooks and the helpers beside them, and the module of each base the hooks
            # build on (The Nation's take-up in engine/games/takeup.py), its own first.
            modules = dict.fromkeys(inspect.getmodule(c) for c in cls.__mro__ if c not in (Hooks, object))
            code = "".join(_code(inspect.getsource(m)) for m in modules if m is not None)
        except (OSError, TypeError):  # no source at hand (a frozen or browser build)
            code = cls.__qualname__
        return {"hooks": cls.__qualname__, "code": hashlib.sha256(code.encode()).hexdigest()}
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        plain = {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                 if f.name not in PRESENTATION and not _at_default(value, f)}
        if getattr(value, "freed_by", ()):
            plain["per_line"] = getattr(value, "per_line")  # the grid's width is a rule there, not a place on screen
        return plain
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value
