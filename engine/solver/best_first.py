"""The best-first search (``search``) over a model's positions, and the step every search
makes (``children``): the standard scan of ``engine.solver.search``, whose docstring says what
makes it fast enough. Where the compiled core is built, a compact model's search is the core's
(``engine.solver.core``), position for position.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Iterator
from typing import Any

from ..moves import Move
from .core import core_of
from .model import Compact
from .verdict import LOST, UNKNOWN, WON, Model, Verdict

# Positions between two looks at the clock, when the search has a deadline; and the clock.
CLOCK_EVERY = 64
clock = time.perf_counter


def search(model: Model, budget: int, *, shortcuts: bool, deadline: float | None = None, more: int = 0) -> Verdict:
    """Best-first search with a table of positions seen, widened round by round when the
    model asks (see the module's docstring); complete when not cut short (by the budget,
    or by ``deadline``, a ``clock()`` reading: ``time.perf_counter``). Having spent
    ``budget`` positions, it goes on up to ``more`` if the model's next opinion would only
    retrace it (``Model.retraced``).

    Without a deadline, a compact model's search runs in the compiled core where it is
    built (``engine.solver.core``): the same search, position for position."""
    if deadline is None and isinstance(model, Compact):
        core = core_of(model)
        if core is not None:
            return _core_search(model, core, budget, shortcuts, more)
    state, made = model.settle_home(model.start())
    if model.won(state):
        return Verdict(WON, tuple(p for m in made for p in model.played(m)), 1)
    root = model.key(state)
    parent: dict[Any, tuple[Any, list[Any]] | None] = {root: None}
    positions = 1
    best: list[Any] = [None, root]  # the best score reached and its position's key

    def undecided() -> Verdict:
        return Verdict(UNKNOWN, (), positions, _line(model, parent, best[1], made))

    if positions >= budget:  # the start is all a budget of one position sees
        return undecided()
    tick = 0
    limit = model.widen or budget + 1  # expansions per depth in this round
    expanded: dict[int, int] = {}
    waiting: list[tuple[int, int, Any, Any, int]] = []  # over the limit: for the next round
    heap: list[tuple[int, int, Any, Any, int]] = [(model.score(state), 0, state, root, 0)]
    while heap or waiting:
        if not heap:
            heap, waiting = waiting, []
            heapq.heapify(heap)
            limit *= 2
            expanded.clear()
        entry = heapq.heappop(heap)
        _, _, state, key, depth = entry
        done = expanded.get(depth, 0)
        if done >= limit:
            waiting.append(entry)
            continue
        expanded[depth] = done + 1
        for child, ck, moves in children(model, state, shortcuts):
            if ck in parent:
                continue
            parent[ck] = (key, moves)
            positions += 1
            if model.won(child):
                return Verdict(WON, _line(model, parent, ck, made), positions)
            score = model.score(child)
            if best[0] is None or score < best[0]:
                best[0], best[1] = score, ck
            if deadline is not None and not positions % CLOCK_EVERY and clock() >= deadline:
                return undecided()
            if positions >= budget:
                if positions < more and model.retraced():
                    budget = more
                else:
                    return undecided()
            tick -= 1  # among equals, the newest first: depth before breadth
            heapq.heappush(heap, (score, tick, child, ck, depth + 1))
    return Verdict(LOST, (), positions)


def children(model: Model, state: Any, shortcuts: bool, core: Any = None) -> Iterator[tuple[Any, Any, list[Any]]]:
    """The positions after ``state``, each with its key and the moves that reach it (the
    move and those it sends home by itself, as ``_line`` plays them): the step of every
    search, best first here and depth first in ``engine.solver.deep``, each keeping its own
    record of the positions it has seen. With the compact model's compiled ``core``, the
    core makes them (the same moves and positions; its keys are its own, so a search keys
    all its positions with one or the other)."""
    if core is None:
        for move in model.moves(state, shortcuts):
            child, home = model.apply(state, move)
            yield child, model.key(child), [move, *home]
        return
    moves, pruned = core.moves(state, shortcuts)
    if pruned:
        model.pruned = True  # a core is a compact model's
    for move in moves:
        child, home = core.apply(state, move)
        yield child, core.key(child), [move, *home]


def _core_search(model: Compact, core: Any, budget: int, shortcuts: bool, more: int) -> Verdict:
    """``search`` made by the compiled core; its lines (the start's moves home first) come
    back as the model's moves."""
    result, positions, line, best, pruned, unseen = core.search(
        model.start(), budget, shortcuts=shortcuts, more=more, disorder=model.disorder, widen=model.widen,
        unsorted_unseen=model.unsorted_unseen)
    model.pruned = model.pruned or bool(pruned)
    model.unsorted_unseen = bool(unseen)

    def played(moves: list[Any]) -> tuple[Move, ...]:
        return tuple(p for m in moves for p in model.played(m))

    if result == 0:
        return Verdict(WON, played(line), positions)
    if result == 1:
        return Verdict(LOST, (), positions)
    return Verdict(UNKNOWN, (), positions, played(best))


def _line(model: Model, parent: dict[Any, Any], key: Any, first: list[Any]) -> tuple[Move, ...]:
    steps = []
    link = parent[key]
    while link is not None:
        key, moves = link
        steps.append(moves)
        link = parent[key]
    return tuple(p for m in [*first, *(m for step in reversed(steps) for m in step)] for p in model.played(m))
