"""The solver's compiled core (``engine/solver/_core.c``), fed the tables of the compact model.

``bin/setup.sh`` builds it with the machine's C compiler (``setup.py``: an optional
extension, so a machine without one installs the project all the same and the solver runs
in pure Python). In the browser there is none: Pyodide runs the pure-Python model, which
stays the reference.

Nothing here states a rule. ``tables`` writes out what ``engine.solver.tables`` has already
asked the engine's rule functions (which cards fit on which top card, which pairs make a
run, what an empty pile takes, where each pile's cards may go, ...) as one array of
integers, in the order ``read_tables`` in ``_core.c`` reads them; the core then follows
``Compact.moves``, ``advance``, ``settle_home``, ``key``, ``score`` and
``engine.solver.best_first.search`` (and ``engine.solver.deep``'s greedy scan) step by step, so
that both see the same positions in the same order and give the same verdict after the same
number of positions (``tests/engine/test_core.py``). Games with moves of their own (hooks that the engine
makes: The Nation's and Babette's deals after a take-up) are searched by the pure-Python model.

``PATIENCE_SOLVER=pure`` in the environment, or ``use(False)``, turns the core off (for
the side-by-side benchmark and the parity tests).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..spec import Kind, Pick

if TYPE_CHECKING:
    from .model import Compact

try:
    from . import _core  # type: ignore[attr-defined]
except ImportError:  # not built (no compiler), or in the browser
    _core = None

KINDS = {Kind.FOUNDATION: 0, Kind.TABLEAU: 1, Kind.RESERVE: 2, Kind.CELL: 3, Kind.STOCK: 4, Kind.WASTE: 5, Kind.DISCARD: 6}
PICKS = {Pick.NONE: 0, Pick.TOP: 1, Pick.RUN: 2, Pick.SUPERMOVE: 3, Pick.FACE_UP: 4}
MAX_TAKE_UP = 64  # the core's MAXTAKE: a take-up redeal's plans (one per redeal) it holds
MAX_ROWS = 4  # the core's MAXROWS: rows whose piles go onto the piles before them, and rows that close their gaps
END = 0x5EED  # the tables' last number: both sides read the same layout
_enabled = os.environ.get("PATIENCE_SOLVER", "") != "pure"


def available() -> bool:
    """Is the compiled core built and switched on?"""
    return _core is not None and _enabled


def use(on: bool) -> bool:
    """Switch the core on or off; returns whether it was on."""
    global _enabled
    was, _enabled = _enabled, on
    return was


def missing_note() -> str:
    """One line for a bulk run without the core."""
    if _core is None:
        return "engine: the solver's compiled core is not built (bin/setup.sh builds it with a C compiler): searching in pure Python, many times slower"
    return "engine: the solver's compiled core is switched off (PATIENCE_SOLVER=pure): searching in pure Python"


def takes(model: Compact) -> bool:
    """Does the core make every move of ``model``'s game? Not a game with moves of its own
    (its hooks'), which the pure-Python model makes through the engine."""
    return not model.hooked and len(model.take_up) <= MAX_TAKE_UP and len(model.before) <= MAX_ROWS and len(model.closing) <= MAX_ROWS


def core_of(model: Compact) -> Any | None:
    """The compiled core of ``model``'s game (built once per game and base rank), or None
    where there is none: not built, switched off, or a game whose moves it does not make
    (``takes``)."""
    if not available() or not takes(model):
        return None
    # One core for each way of going through the stock: a copy of the model may have it
    # switched off (the tests' search by bare turns), and the core built for that copy
    # must not be the one later copies of the same game find (Klondike's hint then began
    # with another move, in whichever test came after).
    for through, core in model.core_box:
        if through == model.through:
            break
    else:
        assert _core is not None
        core = _core.Core(tables(model))
        model.core_box.append((model.through, core))
    if model.reshuffle_piles:  # the orders this deal's redeals shuffle in (one core serves every deal)
        core.shuffles(b"".join(bytes(order) for orders in model.shuffles for order in orders), model.total)
    return core


def _mask(codes: Iterable[int]) -> int:
    out = 0
    for c in codes:
        out |= 1 << c
    return out


def tables(model: Compact) -> bytes:
    """The compact model's tables as 64-bit integers, in the order ``_core.c`` reads them."""
    from array import array  # (not needed in the browser)

    out = array("q")
    put = out.append

    def seq(xs: Iterable[int]) -> None:
        xs = list(xs)
        put(len(xs))
        out.extend(xs)

    def masks(table: Any) -> None:
        out.extend(_mask(table[c]) if c < len(table) else 0 for c in range(52))

    def pairs(link: frozenset[int]) -> list[frozenset[int]]:  # (a << 6 | b) pairs, by a
        by: list[set[int]] = [set() for _ in range(52)]
        for pair in link:
            by[pair >> 6].add(pair & 63)
        return [frozenset(s) for s in by]

    m = model
    put(m.n)
    put(m.total)
    out.extend(m.copies.get(c, 0) for c in range(52))
    put(_mask(m.kings))
    for piles in (m.goal, m.foundations, m.cells, m.spaces):
        seq(piles)
    for x in (m.stock, m.waste, int(m.turns_again), int(m.through), int(m.talon_keyed)):
        put(x)
    seq(m.deal_to)
    put(m.new_pile_rank)
    put(len(m.rows))
    for row in m.rows:
        seq(row)
    seq(sorted(m.in_line_homes))
    for piles in (m.held_by, m.gather, m.blocked_by):
        seq(piles)
    put(len(m.spans))
    for a, b, dealt_to in m.spans:
        out.extend((a, b, int(dealt_to)))
    seq(sorted(m.in_order))
    seq(m.others)
    seq(sorted(m.open_spaces))
    seq(m.laid)
    seq(m.sorted_piles)
    seq(sorted(m.flat))
    for c in range(52):
        seq(m.dependents.get(c, ()))
    groups: dict[str, int] = {}
    for f in m.foundations:
        put(groups.setdefault(m.home_group[f], len(groups)))
    put(int(m.loose_homes))
    put(len(m.dead))
    for i, accepts in m.dead.items():
        put(i)
        put(_mask(accepts))
    put(_mask(m.dead_codes))
    seq(m.auto_sources)
    for i in m.auto_sources:
        seq(m.homes[i])
        seq(m.dead_homes[i])
    if m.lanes is not None:
        put(1)
        out.extend(m.lanes[0])
        out.extend(m.lanes[1])
    else:
        put(0)
    put(m.pair_to)
    seq(m.pair_sources)
    put(_mask(m.pair_alone))
    out.extend(_mask(m.pair_with[c]) for c in range(52))
    put(m.outranked_to)
    seq(m.outranked_sources)
    seq(m.outranked_auto)
    out.extend(_mask(m.outranked_by[c]) for c in range(52))
    out.extend(_mask(m.outranking[c]) for c in range(52))
    rule = m.rule
    put(int(rule is not None))
    put(rule.draw if rule else 0)
    put(int(rule is not None and rule.deal_to == "waste"))
    put(int(bool(rule and rule.redeal_waste)))
    put(int(bool(rule and rule.last_resort)))
    put(-1 if m.spec.redeals is None else m.spec.redeals)
    put(len(m.take_up))
    for taken, round_ in m.take_up:
        seq(taken)
        seq(round_)
    put(int(m.take_up_bottom))
    seq(sorted(m.redealt))
    seq(m.reshuffle_piles)
    put(m.fans_of)
    seq(m.swap_places)
    seq(m.swap_rows)
    put(len(m.before))
    for ids, offsets in m.before:
        seq(ids)
        seq(offsets)
    put(len(m.closing))
    for ids in m.closing:
        seq(ids)
    put(int(m.close_up))
    seq(m.one_pile)
    put(int(bool(m.pair_near)))
    for i in m.pair_sources:
        seq(sorted(m.pair_near.get(i, ())))
    seq(m.packet_sources)
    seq(m.packet_places)
    put(m.packet_pips)
    put(m.packet_total)
    for p in m.piles:
        put(KINDS[p.kind])
        put(PICKS[p.pick])
        seq(sorted(p.targets))
        seq(sorted(p.empty_targets))
        put(p.max_cards)
        put(int(p.accepts_empty is not None))
        put(_mask(p.accepts_empty or ()))
        put(int(p.builds))
        # in the order Compact.fit_set reads them
        if p.fit is not None:
            put(1)
            masks(p.fit)
        elif p.fit_by_height is not None:
            put(3)
            put(len(p.fit_by_height) - 1)
            for by_top in p.fit_by_height:
                masks(by_top)
        elif p.fit_up is not None and p.fit_down is not None:
            put(2)
            masks(p.fit_up)
            masks(p.fit_down)
            masks(pairs(p.next_pairs))
        else:
            put(0)
        put(len(p.run_links))
        for link in p.run_links:
            masks(pairs(link))
        seq(p.available_when)
        seq(p.covered_by)
        seq(p.refill_from)
        put(int(p.refill_until_deal))
        seq(p.refill_in_line)
        put(int(p.turn_up))
        put(int(p.after_stock))
        put(p.home_in_line)
        seq(p.paired_by)
        put(int(p.loose))
        put(int(p.base_stays))
        put(int(p.first_homes is not None))
        seq(sorted(p.first_homes or ()))
        put(p.symmetric_with)
        seq(p.suit_kept_by)
        put(int(p.founded is not None))
        put(_mask(p.founded or ()))
    put(END)
    return out.tobytes()
