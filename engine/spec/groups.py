"""A row of piles sharing one capability record (``PileGroup``): its rules, and where its
piles lie on the table."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from .words import Build, Direction, Empty, Kind, Pick


@dataclass(frozen=True)
class PileGroup:
    """A row of piles that share one capability record.

    Pile ids are ``prefix`` alone for a group of one, else ``prefix1`` .. ``prefixN``.
    """

    prefix: str
    kind: Kind
    name: str  # display name; "{n}" is replaced by the pile's number
    count: int = 1
    build: Build = Build.NONE
    direction: Direction = Direction.DOWN
    wrap: bool = False  # K and A are adjacent
    empty: Empty = Empty.NONE
    base_rank: int | None = None  # for Empty.BASE; None: the game's base rank (dealt, or set by the first card on the group's first pile)
    starts_with: bool = False  # at set-up each pile takes a card of the base rank, out of the pack
    first_cards: tuple[str, ...] = ()  # or these cards (codes such as "JD"), out of the pack, on its first piles
    # The ranks a pile takes, in order from its first card, where they do not climb or fall
    # one at a time (Royal Cotillion's A 3 5 ..., British Square's A..K K..A). The first is
    # the base rank; the pile is complete when the list is used up. ``steps`` writes the
    # regular ones.
    sequence: tuple[int, ...] = ()
    one_per_suit: bool = False  # no two piles of the group are started by cards of one suit
    # Ranks that close a building pile: while one of them is on top, nothing goes on it
    # (Golf's strict rule: a king ends the chain, as the pile neither goes round the corner
    # nor comes back down from the top rank).
    nothing_on: tuple[int, ...] = ()
    empty_from: tuple[Kind, ...] = ()  # an empty pile takes cards only from these kinds (none: any)
    max_cards: int | None = None
    pick: Pick = Pick.NONE
    run: Build = Build.SUIT  # how the cards of a run moved as a unit must relate
    to: tuple[Kind, ...] = ()  # kinds of pile its cards may go to
    deal: int | tuple[int, ...] = 0  # cards dealt to each pile at set-up (or one count per pile)
    deal_down: int | tuple[int, ...] = 0  # of those, how many face down (or one count per pile)
    available_when_empty: str | None = None  # its cards move only once a pile of that group is empty
    # Until the first redeal, its cards may go home only to the foundations of these groups
    # (St. Helena's top piles to the kings, bottom piles to the aces).
    first_pass_foundations: tuple[str, ...] = ()
    # Its first card never moves, and once the stock is empty a pile holding only that card
    # takes any one card (Intrigue's queens heading the columns).
    base_card_stays: bool = False
    stock_out_only: bool = False  # its piles take cards only once the stock is used up (Little Spider's phase 2)
    # While the stock lasts, its cards go home only to the pile with the same number in
    # this foundation group (Little Spider's lower row: to the foundation directly above).
    home_in_line_while_stock: str | None = None
    refill_from: tuple[str, ...] = ()  # an emptied pile is refilled at once from the first non-empty of these
    refill_until_deal: bool = False  # refill only until the first deal from the stock
    # With ``refill_from`` on a group laid out in lines (``per_line``): only the piles of its
    # first this many lines are refilled; the others stay empty once emptied, like the places
    # the stock has not reached yet (Labyrinth's top row). 0: every pile of the group.
    refill_lines: int = 0
    # An emptied pile is refilled at once from the pile in line with it in this group (the
    # same number), else from the nearest non-empty pile of the group to its left, going
    # round to the last (Heads and Tails' reserves). When all are empty it waits.
    refill_in_line: str | None = None
    turn_up: bool = True  # a face-down card left on top turns face up (False: a face-down reserve)
    # A grid of one-card places (``per_line`` to a row): a place's card may be taken only
    # when one of these neighbours (row offset, column offset) is empty or off the grid
    # (Babette's garden: the place below; Crazy Quilt's quilt: above or below).
    freed_by: tuple[tuple[int, int], ...] = ()
    # Or, for places laid out freely (``places``), the places of the group lying over each
    # of its places, by index in the group, one tuple per pile: a place's card may be taken
    # only once every one of them is empty, and a face-down card there turns up only then
    # (TriPeaks' peaks, each card held by the two cards half over it in the row below).
    overlapped_by: tuple[tuple[int, ...], ...] = ()
    # The grid's places alternate upright and sideways like a chessboard, the first upright:
    # a sideways place's ``freed_by`` neighbours are turned a quarter (left and right for
    # above and below), and the view draws its card sideways (Crazy Quilt).
    checker: bool = False
    # A pile of the group may go (with ``Pick.PILE``, as a whole) only onto the pile this
    # many places before it in the group's order, one of these distances (Accordion: onto its
    # neighbour on the left, or the third to its left), where its top card matches that
    # pile's by the group's ``build``. Never onto an empty place.
    onto_before: tuple[int, ...] = ()
    # The group's piles are one line read in order, and it closes its gaps by itself: after
    # every move, each pile moves down, as a unit, to the earliest empty place, the order of
    # the piles kept (Accordion's row; the empty places then stand at the end, where a deal
    # with ``StockRule.close_up`` fills them).
    close_gaps: bool = False
    # At set-up the group's first pile takes the first card of its base rank to come out of
    # the shuffled pack (Virginia Reel's rows).
    first_found: bool = False
    # At set-up, the cards of these ranks dealt to a pile go under its other cards (the
    # sunk cards in the order dealt, the others keeping theirs): Baker's Dozen's kings, which
    # would otherwise block the cards beneath them for good, as spaces are never filled.
    sink_ranks: tuple[int, ...] = ()
    # Layout hints, in grid cells (one card and its gap); quarters of a cell are allowed.
    at: tuple[float, float] = (0, 0)  # grid row and column of the first pile
    step: tuple[float, float] = (0, 1)  # offset from one pile to the next
    per_line: int = 0  # start a new line of piles after this many
    line_step: tuple[float, float] | None = None  # offset from line to line (default: the next row or column)
    # Or the piles stand in a ring: (centre row, centre column, radius in rows, in columns),
    # the first at the top and the rest clockwise, spaced evenly along it so that no two
    # places share a cell (The Wheel's circle, Two Rings' rings).
    ring: tuple[float, float, float, float] | None = None
    # Or each pile's place is written out, (row, column) per pile (The Wheel's cross of aces).
    places: tuple[tuple[float, float], ...] = ()
    turned: bool = False  # layout: every place of the group lies sideways (Backbone's tail, across two columns)
    fan: str = "none"  # layout: "down", "right" or "none" (squared up)
    first_number: int = 1  # the number "{n}" gives the first pile (a numbering that runs on over groups)
    show: int = 0  # layout: how many top cards a fan shows (0: all), as a waste turned three at a time

    def ids(self) -> tuple[str, ...]:
        if self.count == 1:
            return (self.prefix,)
        return tuple(f"{self.prefix}{n}" for n in range(1, self.count + 1))

    def deal_counts(self) -> tuple[int, ...]:
        return self._per_pile(self.deal, "deal counts")

    def down_counts(self) -> tuple[int, ...]:
        return self._per_pile(self.deal_down, "face-down counts")

    def _per_pile(self, value: int | tuple[int, ...], what: str) -> tuple[int, ...]:
        """One number for every pile, or one per pile (checked against the count)."""
        if isinstance(value, tuple):
            if len(value) != self.count:
                raise ValueError(f"group {self.prefix!r}: {len(value)} {what} for {self.count} piles")
            return value
        return (value,) * self.count

    def place(self, index: int) -> tuple[float, float]:
        """Grid row and column of pile ``index`` of this group, to the nearest quarter cell."""
        if self.places:
            row, col = self.places[index]
            return (_quarter(row), _quarter(col))
        if self.ring is not None:
            row, col = _ring_place(self.ring, self.count, index)
            return (_quarter(row), _quarter(col))
        line, i = self.cell(index)
        line_step = self.line_step or (self.step[1], self.step[0])
        return (_quarter(self.at[0] + i * self.step[0] + line * line_step[0]),
                _quarter(self.at[1] + i * self.step[1] + line * line_step[1]))

    def refills(self, index: int) -> bool:
        """Is pile ``index`` refilled when emptied (``refill_from``, within ``refill_lines``)?"""
        return bool(self.refill_from) and (not self.refill_lines or self.cell(index)[0] < self.refill_lines)

    def pile_name(self, index: int) -> str:
        name = self.name.replace("{n}", str(index + self.first_number))
        if self.per_line:
            row, col = self.cell(index)
            name = name.replace("{row}", str(row + 1)).replace("{col}", str(col + 1))
        return name

    def cell(self, index: int) -> tuple[int, int]:
        """Row and column of pile ``index`` in the group's own grid (``per_line`` to a row)."""
        return divmod(index, self.per_line) if self.per_line else (0, index)

    def turned_at(self, index: int) -> bool:
        """Does pile ``index`` lie sideways on the table (``turned``, or a sideways place of a
        chessboard grid)? Layout only: the rules ask ``sideways``."""
        return self.turned or self.sideways(index)

    def sideways(self, index: int) -> bool:
        """Is pile ``index`` a sideways place of a chessboard grid (``checker``)?"""
        row, col = self.cell(index)
        return self.checker and (row + col) % 2 == 1


@lru_cache(maxsize=None)
def _ring_place(ring: tuple[float, float, float, float], count: int, index: int) -> tuple[float, float]:
    """Place ``index`` of ``count`` on the ellipse ``ring`` (centre row, centre column, radius
    in rows, in columns), from the top clockwise. The places are spaced evenly by the
    distance that tells whether two cards overlap on the grid (the larger of the row and the
    column difference: a cell holds one card), not by angle: equal angles crowd the places
    where the ellipse runs steeply, and cards there overlap. Worked out once for each place
    (4,000 sines and cosines): every view of a ringed game asks for every place, and in
    Pyodide that took a quarter of a second a move in The Wheel."""
    row, col, r_rows, r_cols = ring
    steps = 2048
    points = [(row - r_rows * math.cos(2 * math.pi * k / steps), col + r_cols * math.sin(2 * math.pi * k / steps))
              for k in range(steps + 1)]
    length = [0.0]
    for (r0, c0), (r1, c1) in zip(points, points[1:]):
        length.append(length[-1] + max(abs(r1 - r0), abs(c1 - c0)))
    want = length[-1] * index / count
    k = next(k for k in range(steps + 1) if length[k] >= want)
    return points[k]


def _quarter(x: float) -> float:
    """Round to a quarter of a grid cell; a whole number stays an ``int`` (so the view has 2, not 2.0)."""
    q = round(x * 4) / 4
    return int(q) if q == int(q) else q
