"""The compact model's tables (``engine.solver.model``): each pile's capabilities and the
model's other lookups, built once per game and base rank from the spec.

Nothing here restates a rule: a table is what the engine's rule functions (``rules.fits``,
``rules.is_next``, ``rules.related``, ``rules.empty_takes``) answer about every pair of
cards, or what the spec's groups say of each pile; the model's code (``legal``, ``settle``,
``model``) only looks them up. ``widening`` reads the spec too, for the search of either
model (``engine.solver.search``): how many positions it expands at each depth.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from ..auto import never_automatic, redealt_groups, resting_on
from ..cards import ACE, KING, Card
from ..dealing import new_pack, take_up_plan
from ..hooks import Hooks
from ..rules import Probe, blocking, empty_takes, fits, grid_neighbours, is_next, lying_over, refilled, related, rows_to_deal
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick
from .lanes import lanes_of, starts_of
from .keying import TOPMOST, UNKEYED, blocks
from .taking import TakingTables

# Positions expanded at each depth in the first round of a widened search (``widening``).
WIDEN = 1


def code_of(card: Card) -> int:
    return "CDHS".index(card.suit) * 13 + card.rank - 1


@dataclass(frozen=True)
class Pile:
    """One pile's capabilities, as the compact model reads them."""

    kind: Kind
    pick: Pick  # NONE, TOP, RUN, SUPERMOVE or FACE_UP
    targets: frozenset[int]  # piles its cards may go to
    empty_targets: frozenset[int]  # of those, the ones it may fill when empty (a space filled only from some piles)
    max_cards: int
    accepts_empty: frozenset[int] | None  # codes an empty pile takes (None: none)
    builds: bool
    fit: tuple[frozenset[int], ...] | None  # by top code: codes that go on it (direction fixed)
    fit_up: tuple[frozenset[int], ...] | None  # either-fixed piles: once going up ...
    fit_down: tuple[frozenset[int], ...] | None  # ... or down
    fit_by_height: tuple[tuple[frozenset[int], ...], ...] | None  # a sequence that repeats a rank: by height, then top code
    next_pairs: frozenset[int]  # either-fixed: (a << 6 | b) when b is one above a
    run_links: tuple[frozenset[int], ...]  # (lower << 6 | upper) pairs of a movable run, one set per way
    available_when: tuple[int, ...]  # its cards move only when one of these piles is empty
    covered_by: tuple[int, ...]  # the places lying over it: its card moves, and turns up, only once all are empty
    refill_from: tuple[int, ...]
    refill_until_deal: bool
    refill_in_line: tuple[int, ...]  # the reserve piles that refill it at once, in the order they are tried
    turn_up: bool  # a face-down card turns up when it is uncovered (a reserve that stays face down: not)
    after_stock: bool  # takes cards only once the stock is out
    home_in_line: int  # while the stock lasts, its cards go home only to this foundation (-1: any)
    paired_by: tuple[int, ...]  # aces and kings paired by colour: the piles of its group (an empty one follows the first)
    loose: bool  # any neighbouring rank of any suit goes on a card, either way: a card on one it fits was not built there
    base_stays: bool  # its first card never moves; once the stock is out, that card alone takes any one card
    first_homes: frozenset[int] | None  # until the first redeal, the foundations its cards may go to (None: any)
    symmetric_with: int  # index of the first pile of its group when interchangeable, else -1
    suit_kept_by: tuple[int, ...]  # one pile per suit: the piles of its group (an empty one takes no suit they started)
    founded: frozenset[int] | None  # a pile that follows a sequence builds only on these (``rules.unfounded``)


class Tables(TakingTables):
    """The tables of one game's compact model, for one base rank: what the model (``Compact``,
    which builds on this class) looks up instead of asking the rules."""

    def __init__(self, spec: GameSpec, base: int | None) -> None:
        self.spec = spec
        probe: Any = Probe(spec, base)
        order = [pid for g in spec.groups for pid in g.ids()]
        self.ids = order
        index = {p: i for i, p in enumerate(order)}
        group_of = {pid: g for g in spec.groups for pid in g.ids()}
        pack = new_pack(spec.decks, spec.suits)
        cards = {code_of(c): c for c in pack}
        codes = sorted(cards)
        self.total = sum(1 for c in pack if c.rank not in spec.stays_out)  # cards that go home (not Intrigue's queens)
        self.copies = Counter(code_of(c) for c in pack)
        self.kings = frozenset(c for c in codes if cards[c].rank == KING)
        # A game with hooks of its own moves (The Nation's and Babette's take-up):
        # the model lists and makes them through the engine (``LegalMoves._own_moves``,
        # ``Settling.advance``). Hooks that act only in a stage before the model takes over
        # (Queen of Italy's choice, ``Hooks.phase_only``) or only deal are none of its business.
        plain = not own_moves(spec.hooks)
        self.hooked = not plain
        self.standard_deal = spec.stock is not None  # a deal and a redeal the model makes itself
        self.standard_redeal = (spec.stock is not None and (spec.stock.redeal_waste or bool(spec.stock.gather))) \
            or spec.take_up is not None or spec.reshuffle is not None
        self.codes_to_cards = {code_of(c): Card(c.rank, c.suit) for c in new_pack(1, spec.suits)}
        self.card_codes = _CardCodes({c: code_of(c) for c in new_pack(spec.decks, spec.suits)})
        in_line_sources = {g.refill_in_line for g in spec.groups if g.refill_in_line is not None}

        def of_rank(rank: int) -> frozenset[int]:
            return frozenset(c for c in codes if cards[c].rank == rank)

        piles = []
        for pid in order:
            g = group_of[pid]

            def table(direction: Direction, g: Any = g) -> tuple[frozenset[int], ...]:
                h = _with_direction(g, direction)
                return tuple(frozenset(c for c in codes if top in cards and fits(probe, h, _pile_under(h, cards[top]), cards[c]))
                             for top in range(52))

            either_fixed = g.direction is Direction.EITHER_FIXED and g.build is not Build.NONE
            builds = g.build is not Build.NONE
            by_height = builds and len(set(g.sequence)) != len(g.sequence)
            ways = ((Direction.UP,) if g.direction is Direction.UP else (Direction.DOWN,) if g.direction is Direction.DOWN
                    else (Direction.UP, Direction.DOWN))
            links = tuple(frozenset(a << 6 | b for a in codes for b in codes if related(g.run, cards[a], cards[b])
                                    and (is_next(probe, g.wrap, cards[a], cards[b]) if way is Direction.UP
                                         else is_next(probe, g.wrap, cards[b], cards[a])))
                          for way in ways)
            if g.kind is Kind.CELL:
                accepts: frozenset[int] | None = frozenset(codes)
            elif g.kind is Kind.DISCARD:  # a heap for dead cards of one rank takes them one by one (Virginia Reel's aces)
                accepts = None if g.base_rank is None else of_rank(g.base_rank)
            else:
                rank = empty_takes(probe, g)
                accepts = None if rank is None else of_rank(rank) if rank else frozenset(codes)
                if g.empty is Empty.PAIRED_ENDS:
                    accepts = frozenset(c for c in codes if cards[c].rank in (ACE, KING))
            # Piles are interchangeable unless each has its own place in line (refilled from
            # the reserve pile in line with it, or such a reserve itself).
            symmetric = (plain and g.count > 1 and g.kind is not Kind.STOCK and g.kind is not Kind.WASTE
                         and not (g.empty is Empty.BASE and g.base_rank is None and base is None)
                         and g.refill_in_line is None and g.prefix not in in_line_sources and not g.freed_by and not g.overlapped_by
                         and not (spec.stock and set(g.ids()) & set(spec.stock.gather))  # gathered in order
                         and not (spec.take_up and g.prefix in spec.take_up.groups)  # taken up and dealt in order
                         and not g.onto_before and not g.close_gaps  # a row whose places are counted
                         and not (spec.pairs and spec.pairs.neighbours and g.prefix in spec.pairs.groups))  # a grid of neighbours
            piles.append(Pile(
                kind=g.kind,
                # a pile that goes onto the one k places before it moves by ``before_moves``, not as a run
                pick=g.pick if g.to and not g.onto_before else Pick.NONE,
                targets=frozenset(index[q] for q in order if q != pid and group_of[q].kind in g.to),
                empty_targets=frozenset(index[q] for q in order if q != pid and group_of[q].kind in g.to
                                        and (not group_of[q].empty_from or g.kind in group_of[q].empty_from)),
                max_cards=min(g.max_cards or 1 << 30, len(g.sequence) or 1 << 30),
                accepts_empty=accepts,
                builds=builds,
                fit=table(g.direction) if builds and not either_fixed and not by_height else None,
                fit_up=table(Direction.UP) if either_fixed else None,
                fit_down=table(Direction.DOWN) if either_fixed else None,
                fit_by_height=_heights_table(probe, g, cards) if by_height else None,
                next_pairs=frozenset(a << 6 | b for a in codes for b in codes if is_next(probe, g.wrap, cards[a], cards[b])),
                run_links=links,
                available_when=_available_when(spec, g, pid, index),
                covered_by=tuple(index[q] for q in lying_over(g)[pid]) if g.overlapped_by else (),
                refill_from=tuple(index[q] for q in g.refill_from) if pid in refilled(g) else (),
                refill_until_deal=g.refill_until_deal,
                refill_in_line=_in_line(spec, g, pid, index),
                turn_up=g.turn_up,
                after_stock=g.stock_out_only,
                home_in_line=(index[spec.group(g.home_in_line_while_stock).ids()[g.ids().index(pid)]]
                              if g.home_in_line_while_stock else -1),
                paired_by=tuple(index[q] for q in g.ids()) if g.empty is Empty.PAIRED_ENDS else (),
                loose=builds_loosely(g),
                base_stays=g.base_card_stays,
                first_homes=frozenset(index[q] for prefix in g.first_pass_foundations for q in spec.group(prefix).ids())
                if g.first_pass_foundations else None,
                symmetric_with=index[g.ids()[0]] if symmetric else -1,
                suit_kept_by=tuple(index[q] for q in g.ids()) if g.one_per_suit else (),
                founded=of_rank(g.sequence[0]) if g.sequence else None,
            ))
        self.piles = tuple(piles)
        self.n = len(piles)
        kinds = [p.kind for p in piles]
        self.goal = tuple(i for i, k in enumerate(kinds) if k in (Kind.FOUNDATION, Kind.DISCARD))
        self.foundations = tuple(i for i, k in enumerate(kinds) if k is Kind.FOUNDATION)
        self.foundation_set = frozenset(self.foundations)
        self.cells = tuple(i for i, k in enumerate(kinds) if k is Kind.CELL)
        self.spaces = tuple(i for i, p in enumerate(piles) if p.kind is Kind.TABLEAU and group_of[order[i]].empty is Empty.ANY)
        self.stock = index.get("stock", -1) if spec.stock else -1
        self.waste = next((i for i, k in enumerate(kinds) if k is Kind.WASTE), -1)
        rule = spec.stock
        self.rule = rule
        self.turns_again = bool(rule and rule.redeal_waste and spec.redeals != 0)  # (the state counts them down)
        self.deal_to = tuple(index[q] for prefix in (rule.deal_to, *rule.deal_to_more) for q in spec.group(prefix).ids()) \
            if rule and rule.deal_to != "waste" else ()
        # The stock deals onto piles of the tableau (Spider's ten, Scorpion's first three), not
        # onto a waste or a foundation (Golf): the search's STOCK_FIRST opinion (``Compact.opinions``).
        self.stock_to_tableau = bool(self.deal_to) and all(kinds[i] is Kind.TABLEAU for i in self.deal_to)
        self.new_pile_rank = rule.new_pile_rank if rule and rule.new_pile_rank else 0
        # Deals by rows (Babette's garden): the lines each deal fills in turn, the next one
        # found by the deals made since the stock was last made (the position counts them).
        self.rows = tuple(tuple(index[q] for q in line) for line in rows_to_deal(spec.group(rule.deal_to))) \
            if rule and rule.by_rows else ()
        # Foundations in line with piles that send home only to them while the stock lasts.
        self.in_line_homes = frozenset(p.home_in_line for p in piles if p.home_in_line >= 0)
        self.held_by = tuple(index[q] for q in spec.group(rule.blocked_by_nonempty).ids()) \
            if rule and rule.blocked_by_nonempty else ()  # the stock waits while these hold a card
        self.gather = tuple(index[q] for q in rule.gather) if rule else ()  # a redeal gathers these, in order
        # A take-up redeal (``GameSpec.take_up``): by the redeals left (1, 2, ...; one plan
        # where there is no limit), the piles taken up in the order their cards are dealt
        # out and the piles they are dealt to in turn (``dealing.take_up_plan``); whether
        # each pile's bottom card comes out first; and the piles it takes up, from which,
        # while a redeal is left, no card goes home by itself (``auto.safe_moves``).
        lefts = [None] if spec.redeals is None else list(range(1, spec.redeals + 1))
        self.take_up = tuple(tuple(tuple(index[q] for q in part) for part in take_up_plan(spec, left))
                             for left in lefts) if spec.take_up else ()
        self.take_up_bottom = bool(spec.take_up and spec.take_up.bottom_first)
        self.redealt = frozenset(index[q] for prefix in redealt_groups(spec) for q in spec.group(prefix).ids())
        # A redeal that shuffles (``GameSpec.reshuffle``): the piles it gathers and deals
        # again, in order, and the cards to a pile; the orders of its shuffles are the
        # deal's own (``Compact.shuffles``, set by ``compact_model``).
        self.reshuffle_piles = tuple(index[q] for prefix in spec.reshuffle.groups for q in spec.group(prefix).ids()) \
            if spec.reshuffle else ()
        self.fans_of = spec.reshuffle.fans_of if spec.reshuffle else 0
        self.shuffles: tuple[tuple[tuple[int, ...], ...], ...] = ()
        self._taking_tables(spec, probe, index, cards, codes, group_of, order)
        self.blocked_by = tuple(index[q] for prefix in blocking(rule.blocked_by_empty if rule else None)
                                for q in spec.group(prefix).ids())
        # A stock turned onto a waste that turns over again, and nothing else to it (no pile
        # it waits for or refills): moves through the stock (``through_stock``) stand for the
        # bare turns where it turns several cards at a time, whose cards are not the next in
        # line (best first spent its budget on the positions between), and where it turns one
        # at a time with no limit to the turns (``talon_keyed``).
        turning = bool(rule and rule.deal_to == "waste" and rule.redeal_waste and not rule.last_resort
                       and not self.blocked_by and self.waste >= 0
                       and not any(s in p.refill_from for p in piles for s in (self.stock, self.waste)))
        # Turned one card at a time with no limit, the stock and waste read as one line (the
        # waste from its bottom, then the stock from its top) that no turn changes, only where
        # the turns have got to; and every card of the line can be brought up in turn. So two
        # positions that differ only in how far the turns have got are one position: the
        # canonical key reads the line, not the two piles (``Compact.key``), and the moves
        # through the stock play each card of it. (Turned three at a time, the cards a pass
        # brings up depend on where it starts, and a limit on the redeals counts the passes:
        # there the two piles are keyed as they lie.)
        self.talon_keyed = bool(turning and rule is not None and rule.draw == 1 and spec.redeals is None)
        self.through = bool(turning and rule is not None and (rule.draw > 1 or self.talon_keyed))
        self.blocks = blocks(self)
        self.spans = tuple((ids[0], ids[-1] + 1, dealt_to) for ids, dealt_to in self.blocks)
        self.in_order = frozenset(i for ids, dealt_to in self.blocks if dealt_to and dealt_to not in (TOPMOST, UNKEYED) for i in ids)
        self.others = tuple(i for i in range(self.n) if i not in self.goal)
        # Places that take any card (cells, and spaces that take any card) are worth more
        # empty than a space for a king alone.
        self.open_spaces = frozenset(i for i, p in enumerate(piles) if p.accepts_empty is not None
                                     and len(p.accepts_empty) == len(codes) and p.kind is not Kind.FOUNDATION)
        self.laid = tuple(i for i in self.others if piles[i].kind not in (Kind.STOCK, Kind.WASTE))
        # The piles whose disorder the second opinion counts (``disordered``): the laid-out
        # piles, and a waste the stock never comes back from.
        one_pass = self.waste >= 0 and not self.turns_again and self.waste not in self.gather
        self.sorted_piles = self.laid + ((self.waste,) if one_pass else ())
        self.flat = frozenset(i for i, p in enumerate(piles) if p.kind in (Kind.STOCK, Kind.WASTE, Kind.CELL))
        # Safe moves home: the codes some tableau rule builds on each card.
        resting = resting_on(spec)  # the engine's safe-move rule's table, by code
        self.dependents = {c: tuple(sorted({code_of(o) for o in resting[cards[c]]} - {c})) for c in codes}
        # Each foundation's group, by index (cards taken by homes of two groups are a choice).
        self.home_group = {i: group_of[order[i]].prefix for i in self.foundations}
        # Foundations that take more than one card at a place (regardless of suit, by colour):
        # cards of a rank may race for it even in one pack (``_races``).
        self.loose_homes = any(g.kind is Kind.FOUNDATION and g.build is not Build.SUIT for g in spec.groups)
        # A card moving on from a foundation is never a safe move (in Virginia Reel it leaves
        # a gap that blocks the deal); a dead card goes to its heap at once (``auto.safe_moves``).
        self.dead = {i: p.accepts_empty for i, p in enumerate(piles) if p.kind is Kind.DISCARD and p.accepts_empty}
        self.dead_codes = frozenset().union(*self.dead.values())
        # Nor where its going changes what the stock brings later (``auto.never_automatic``).
        self.auto_sources = tuple(i for i, p in enumerate(piles) if p.pick is not Pick.NONE
                                  and p.kind is not Kind.FOUNDATION and not never_automatic(spec, group_of[order[i]], order[i])
                                  and any(j in self.foundations or j in self.dead for j in p.targets))
        self.homes = {i: tuple(f for f in self.foundations if f in piles[i].targets) for i in self.auto_sources}
        self.dead_homes = {i: tuple(d for d in self.dead if d in piles[i].targets) for i in self.auto_sources}
        self.autos = bool(self.auto_sources or self.outranked_auto)
        self.lanes = lanes_of(self.piles, self.foundations)


class _CardCodes(dict[Card, int]):
    """Card -> code, each copy of the pack looked up at once (and any other card worked out)."""

    def __missing__(self, card: Card) -> int:
        return code_of(card)


def _with_direction(g: Any, direction: Direction) -> Any:
    return replace(g, direction=direction)


def _pile_under(g: Any, top: Card) -> list[Card]:
    """A pile of group ``g`` with ``top`` on top, as long as its place in the group's
    sequence says (a sequence without repeated ranks: the top rank tells the place)."""
    if g.sequence and top.rank in g.sequence:
        return [top] * (g.sequence.index(top.rank) + 1)
    return [top]


def builds_loosely(g: Any) -> bool:
    """Does any neighbouring rank of any suit go on a card of ``g``, either way? Then a
    card on one it fits was not built there, and many cards fit on each."""
    return bool(g.build is Build.ANY_SUIT and g.direction in (Direction.EITHER, Direction.ANY))


def _available_when(spec: GameSpec, g: Any, pid: str, index: dict[str, int]) -> tuple[int, ...]:
    """The piles of which one must be empty for ``pid``'s cards to move: its group's
    ``available_when_empty``, or the places that hold a card of a grid in (``freed_by``;
    none when one of them is off the grid, the card being always free)."""
    if g.available_when_empty:
        return tuple(index[q] for q in spec.group(g.available_when_empty).ids())
    if g.freed_by:
        return tuple(index[q] for q in grid_neighbours(g)[pid] or ())
    return ()


def _in_line(spec: GameSpec, g: Any, pid: str, index: dict[str, int]) -> tuple[int, ...]:
    """The piles that refill ``pid`` in line (``refill_in_line``), in the order the rules
    try them (``rules.in_line_source``): the one with its number, then leftwards, going round."""
    if g.refill_in_line is None:
        return ()
    sources = spec.group(g.refill_in_line).ids()
    i = g.ids().index(pid) % len(sources)
    return tuple(index[sources[(i - k) % len(sources)]] for k in range(len(sources)))


def _heights_table(probe: Any, g: Any, cards: dict[int, Card]) -> tuple[tuple[frozenset[int], ...], ...]:
    """For a pile whose sequence repeats a rank (British Square's ace up to king and back
    down), the codes that go on it by its height, then its top code: the place in the
    sequence is the height, and a pile of one suit (or colour) is built up to it."""
    seq = g.sequence
    codes = sorted(cards)
    out: list[tuple[frozenset[int], ...]] = [tuple(frozenset() for _ in range(52))]  # an empty pile: accepts_empty
    for height in range(1, len(seq) + 1):
        row: list[frozenset[int]] = []
        for top in range(52):
            card = cards.get(top)
            if card is None or card.rank != seq[height - 1]:
                row.append(frozenset())
                continue
            pile = [Card(rank, card.suit) for rank in seq[:height - 1]] + [card]
            row.append(frozenset(c for c in codes if fits(probe, g, pile, cards[c])))
        out.append(tuple(row))
    return tuple(out)


def fits_tables(spec: GameSpec) -> bool:
    """Can this model state the spec's rules as tables and its own steps? Not: a sequence
    repeating a rank in piles whose cards move on (only a pile that keeps its cards is read
    by its height), a grid place also held by another group."""
    for g in spec.groups:
        if g.freed_by and g.available_when_empty:
            return False
        if len(set(g.sequence)) != len(g.sequence) and (g.to or g.build is Build.NONE):
            return False
    return True


def own_moves(hooks: Hooks) -> bool:
    """Has the game moves of its own, which its hooks list and make (``extra_moves``, ``apply``)?"""
    kind = type(hooks)
    return kind.extra_moves is not Hooks.extra_moves or kind.apply is not Hooks.apply


def widening(spec: GameSpec) -> int:
    """Positions expanded at each depth in the first round: a limit for games whose wins are
    long lines (more than one pack, or Spider's kind, won by discarding whole runs), none
    for the others, nor where the tableau builds either way regardless of suit: a card
    then fits on many others, and one line per depth wanders among moves that change
    little. Little Spider, one pack dealt onto the tableau a row at a time but built home
    card by card, is not of Spider's kind: deals 1-40 at 5,000 positions, 16 won without
    the limit against 8 with it. St Helena (two packs, built either way): deals 1-30 at
    5,000 positions, 7 won without it and none with it."""
    loose = any(g.kind is Kind.TABLEAU and builds_loosely(g) for g in spec.groups)
    return WIDEN if (spec.decks > 1 or any(g.kind is Kind.DISCARD for g in spec.groups)) and not loose else 0
