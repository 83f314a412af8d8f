"""The declarative vocabulary a game is written in: pure data, at the bottom of the engine.

A game is a ``GameSpec``: its pile groups, each with a capability record (what it builds,
which way, what an empty pile takes, what may be picked up from it and where it may go),
an optional stock rule, and a ``Hooks`` object for the few things data cannot say.
Variants are ``dataclasses.replace`` of another spec. This module imports neither the
rules (``engine.rules`` reads these records) nor the game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from .hooks import Hooks


class Kind(str, Enum):
    """What a pile is for. Foundations (and discards) are where the cards end."""

    FOUNDATION = "foundation"
    TABLEAU = "tableau"
    RESERVE = "reserve"
    CELL = "cell"
    STOCK = "stock"
    WASTE = "waste"
    DISCARD = "discard"


class Build(str, Enum):
    """Which cards may go onto a card: by relation of suit or colour."""

    NONE = "none"
    SUIT = "suit"
    ALT_COLOUR = "alternate-colour"
    ANY_SUIT = "any-suit"
    # A card of the same suit or of the same rank, whatever the direction (Accordion: a
    # pile goes onto another whose top card matches its own in suit or in rank).
    SUIT_OR_RANK = "suit-or-rank"


class Direction(str, Enum):
    UP = "up"
    DOWN = "down"
    EITHER = "either"  # each card may go up or down
    EITHER_FIXED = "either-fixed"  # up or down, fixed by the pile's second card
    ANY = "any"  # any card on any card (a waste pile that takes whatever it is given)


class Empty(str, Enum):
    """What an empty pile takes."""

    ANY = "any"
    NONE = "none"
    KING = "king"
    BASE = "base"  # a card of the group's base rank
    BELOW_BASE = "below-base"  # a card one rank below the game's base rank (a king when it is the ace)
    # An ace or a king; the first placed in the group fixes the colours: aces of its colour
    # and kings of the other, or the reverse (Little Spider's foundations).
    PAIRED_ENDS = "paired-ends"


class Pick(str, Enum):
    """What may be picked up from a pile."""

    NONE = "none"
    TOP = "top"  # the top card only
    RUN = "run"  # the top card, or any run in sequence (by the ``run`` rule) above it, of any length
    # As RUN, but only as many cards as single-card moves through free space could carry:
    # (f + 1) * 2^e, where f counts the empty cells and e the empty piles that take any
    # card, the target not counted. Deuces (no cells): 2^e; FreeCell: (f + 1) * 2^e;
    # Eight Off (spaces take kings only, so e is 0): f + 1.
    SUPERMOVE = "supermove"
    # Any face-up card, together with every card on top of it, whatever their order: the
    # cards above need not be a run (Yukon, Russian Solitaire, Scorpion). The move is judged
    # by the lowest card moved alone, on the pile it goes to.
    FACE_UP = "face-up"
    # The whole pile, as a unit, and only the whole pile: it is judged by its top card
    # (Accordion, where a pile counts as the card showing on it).
    PILE = "pile"


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


@dataclass(frozen=True)
class StockRule:
    """What the ``deal`` action does, and how often the stock may be remade."""

    deal_to: str = "waste"  # "waste": turn cards onto the waste; else a group prefix: one card onto each pile
    draw: int = 1
    redeal_waste: bool = False  # "redeal" turns the waste over into a new stock (GameSpec.redeals times)
    blocked_by_empty: str | tuple[str, ...] | None = None  # no deal while a pile of this group (or these) is empty
    # No deal (nor redeal) while a pile of this group holds a card: a turned card must be
    # placed before the next is turned (Jubilee's hand, Sir Tommy).
    blocked_by_nonempty: str | None = None
    # A redeal gathers these piles into a new stock instead of turning the waste over: each
    # put on the one before (the first at the bottom), and the heap turned face down, so the
    # first card laid on the first pile is the first dealt again.
    gather: tuple[str, ...] = ()
    # With ``deal_to`` a group: each card goes onto the last started pile of the group,
    # and a card of this rank starts the next pile instead (Intrigue, Salic Law).
    new_pile_rank: int | None = None
    deal_to_more: tuple[str, ...] = ()  # with ``deal_to`` a group: these groups' piles are dealt to after it, in order
    # With ``deal_to`` a group laid out in lines (``per_line``): each deal fills the next
    # line, under those dealt before (``Game.deals`` counts them), gaps left as they are
    # (Babette's garden, a row at a time).
    by_rows: bool = False
    last_resort: bool = False  # deal only when no other move is possible
    # With ``deal_to`` a group: the deal first closes the group's gaps (each pile moving down
    # to the earliest empty place, in order, as ``PileGroup.close_gaps`` does by itself), then
    # deals onto the empty places left at the end, in order, ``draw`` cards (0: until every
    # place is filled or the stock runs out). Allowed while a gap lies before a card, or a
    # place is empty and the stock holds a card (Monte Carlo's "Close up": the player's move,
    # as in PySolFC; Accordion, one card at a time onto the end of its row).
    close_up: bool = False
    # With ``deal_to`` a group: each card dealt goes, face up, onto the pile of its rank
    # instead of onto each pile in turn: the piles of ``deal_to`` and then ``deal_to_more``,
    # taken in order, stand for the ranks from the game's lowest up (Clock's hours, the ace
    # at one o'clock and the kings in the centre).
    by_rank: bool = False
    # With ``by_rank``, a game of forced moves with no stock pile: the card dealt is the top
    # face-down card of the pile the last card went to (at first, the last of those piles:
    # Clock's kings), put face up on top of the face-up cards of its rank's pile; the deals
    # end when that pile has no face-down card left. The pile a deal takes from is the one
    # holding one card more than it was dealt, as cards move only this way (none such: the
    # last pile). The deal is then the game's one move, and a renderer may play it from any
    # click (``Game.view()``'s ``forced``).
    chain: bool = False
    label: str = "Deal"  # the button's words
    done: str = "Dealt from the stock"  # what the status says once it is done (past tense, no full stop)


@dataclass(frozen=True)
class Reshuffle:
    """A redeal that gathers the cards left in the piles of ``groups``, shuffles them and
    deals them again face up, ``fans_of`` cards to a pile from the first pile of the first
    group on (the last pile dealt to may take fewer; the piles after it stay empty):
    La Belle Lucie, and the fan games like it (Shamrocks, Trefoil, Three Shuffles and a Draw).

    Chance after the deal, kept reproducible: the shuffle of redeal k is the project's own
    (``engine.rng``) seeded by the game, the deal number and k, over the gathered cards
    put first in a fixed order (suit, rank, copy). So it depends only on which cards are
    left, not on where they lay, and a deal number and a record of moves replay exactly.
    """

    groups: tuple[str, ...]
    fans_of: int = 3


@dataclass(frozen=True)
class TakeUp:
    """A redeal that takes up piles of ``groups`` (their piles in order, group after group)
    and deals their cards out again round the same piles, one card to a pile at a time:
    made only while redeals are left (``GameSpec.redeals``) and the stock, if there is
    one, is empty.

    - By default each redeal takes up every pile: the last pile on the one before, and so on
      to the first, and the packet is dealt from its top (the last pile's top card first),
      round from the first pile (St. Helena).
    - ``one_pile``: each redeal takes up a single pile, the last first (with ``k`` redeals
      left, pile ``k``), and deals it round from its own place (Matrimony).
    - ``bottom_first``: the packet is turned face down, so each pile's bottom card comes
      out first.

    ``take_up_plan`` (engine.dealing) reads this; the rules and the solver's tables both
    follow that plan.
    """

    groups: tuple[str, ...]
    one_pile: bool = False
    bottom_first: bool = False


@dataclass(frozen=True)
class Pairs:
    """Cards taken off together, onto the discard pile ``to``, by a rule on their ranks:
    the available top cards of piles of ``groups``, two at a time whose ranks add up to
    ``total``, or one alone whose rank is ``total`` (Pyramid's thirteens: an ace counts 1,
    a jack 11, a queen 12, so a king goes alone). A card is available as it is to move
    anywhere: a top card, face up, not held in (``freed_by``, ``overlapped_by``).

    The move is written with its sources, ``p7+p28>d``, or ``p28>d`` for a card alone.
    ``match`` names the rule on the ranks: "total" (above), or "rank": two cards of one
    rank, never one alone (Monte Carlo).

    With ``neighbours``, two cards pair only where their places touch: the second lies at
    one of these (row, column) offsets from the first in the grid of their group
    (``per_line`` places to a row; both cards of one group). ``TOUCHING``, the eight places
    round a place, is Monte Carlo's; across and down only would be ``SIDE_BY_SIDE``."""

    to: str
    groups: tuple[str, ...]
    total: int = 13
    match: str = "total"
    neighbours: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Packets:
    """A packet taken off together (The Wheel): the top cards of ``pips`` piles of
    ``groups``, pip cards (2 to 10) of different values adding up to ``total``, and of one
    more, a court card (jack, queen or king) to crown them, laid on the next empty place of
    group ``to`` (its places in order), the pips in rising order and the court on top.

    The move is written with its sources, ``c1+c2+c3+c4>o1`` for three pips and a court."""

    groups: tuple[str, ...]
    to: str
    pips: int = 3
    total: int = 18


# Offsets (row, column) of the places touching a place in a grid: the eight round it
# (across, down and diagonally), and the four beside it (across and down).
TOUCHING: tuple[tuple[int, int], ...] = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
SIDE_BY_SIDE: tuple[tuple[int, int], ...] = ((-1, 0), (0, -1), (0, 1), (1, 0))


@dataclass(frozen=True)
class Outranked:
    """A card taken off alone because it is beaten: the top card of a pile of ``groups`` may
    go onto the discard pile ``to`` while a higher card of its suit lies on top of another
    pile of ``groups`` (Aces Up; higher in the game's order of ranks, so with ``low_rank=2``
    the ace is the highest and is never taken off). The move is written ``t2>d``."""

    to: str
    groups: tuple[str, ...]


# The solver's ways to search (``engine.solver.search``); a spec names one for its page's Hint.
SCANS = ("standard", "stock-first", "depth-first", "greedy", "breaks")


@dataclass(frozen=True)
class GameSpec:
    slug: str
    title: str
    family: str
    decks: int
    groups: tuple[PileGroup, ...]
    aliases: tuple[str, ...] = ()
    description: str = ""
    # The lowest rank: ranks run from it up to the king and on round to the rank below it
    # (Deuces: 2 .. K, A). Only foundations that wrap may pass from the highest to the lowest.
    low_rank: int = 1
    suits: str = "CDHS"  # the suits the cards come in; fewer suits, more copies of each (Spider one suit)
    deal_numbers: str = "project"  # "project": the engine's own shuffle; "microsoft": Windows FreeCell's deals
    # The game whose deal numbers this one shares ("": its own). With the project's shuffle,
    # deal N of one game is not deal N of another (the shuffle is keyed by the game), except
    # where a variant names its parent, so that both can be compared on one deal (Well and
    # Well up only; Klondike turning three and turning one).
    deals_as: str = ""
    deal_by_rows: bool = False  # deal across the piles, one row at a time, instead of pile by pile
    # The first card dealt sets the base rank; its fellows start the ``starts_with`` piles
    # (Penguin), or, where no group starts with them, stay in the pack (Canfield).
    base_from_deal: bool = False
    stock: StockRule | None = None
    redeals: int | None = 0  # how many times the game may be redealt (None: without limit)
    # The redeal gathers, shuffles and deals again the cards left in named piles, instead of
    # remaking a stock (``redeals`` times; a limit is needed, as each redeal is numbered).
    reshuffle: Reshuffle | None = None
    take_up: TakeUp | None = None  # the redeal takes up piles and deals them out again round the same piles
    redeal_label: str = "Redeal"
    redeal_done: str = "The waste is turned over"  # what the status says after a redeal
    pairs: Pairs | None = None  # cards taken off together by a rule on their ranks (Pyramid's thirteens)
    packets: Packets | None = None  # pips of different values adding up to a total, crowned by a court card (The Wheel)
    # The game is won when every card lies in one pile of this group, not on foundations
    # (Accordion's row, folded up into a single pile). "": by the foundations and discards.
    one_pile: str = ""
    outranked: Outranked | None = None  # a top card taken off while a higher card of its suit shows (Aces Up)
    # Groups each kept for one rank (``base_rank``) whose lone cards may trade places: a place
    # of one holding a single card of another's rank, and a place of that one holding a
    # single card of the first one's rank, swap their cards (Virginia Reel's rows:
    # ``rules.swap_moves``).
    swaps: tuple[str, ...] = ()
    stays_out: tuple[int, ...] = ()  # ranks that never go home: the game is won without them (Intrigue's queens)
    # Layout: on a narrow screen the board may fold each wide row of piles in two, the second
    # half under the first (a castle's rows, which grow sideways; The Nation's twelve columns).
    fold: bool = False
    # How the page's Hint and check search (one of ``SCANS``; not a rule,
    # so not in the fingerprint): "greedy" where that scan finds winning lines that best first
    # misses within the Hint's budget (Spider with one suit: measured by benchmarks/hint_scans.py).
    hint_scan: str = "standard"
    hooks: Hooks = field(default_factory=Hooks)

    def group(self, prefix: str) -> PileGroup:
        for g in self.groups:
            if g.prefix == prefix:
                return g
        raise KeyError(prefix)


def steps(first: int, step: int, count: int = 13) -> tuple[int, ...]:
    """Ranks from ``first`` in steps of ``step``, going round from king to ace: a sequence."""
    return tuple((first - 1 + i * step) % 13 + 1 for i in range(count))


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
