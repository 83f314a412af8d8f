"""A compact model of a game for the solver: every game whose hooks do not replace the
moves, or do so only in a stage of the game's own that is over (Queen of Italy after its
choice of base card: ``Hooks.phase_only``; the tables are then built for the base rank the
chosen card set).

A position is ``(piles, down, redeals_left, deals)``: ``piles`` a tuple of tuples of card
codes (suit index * 13 + rank - 1, so the copies of a card in a two-pack game share a
code), ``down`` the face-down count of each pile. A move is ``(source, target, count)``
of pile indices, or ``DEAL`` / ``REDEAL``, or ``(HOOKED, k, 0)`` for a move of the game's
own (its hooks' extra moves: The Wheel's packets, a take-up redeal), which the engine
lists and makes on a copy of the game put at the position.

Nothing here restates a rule: the tables are built once per game by asking the engine's
rule functions (``rules.fits``, ``rules.is_next``, ``rules.related``, ``rules.empty_takes``)
about every pair of cards, and the code below only looks them up. What cannot be a table
(how many cards a supermove may carry, what settles after a move) follows ``rules.py``
step by step, and ``tests/engine/test_solver_model.py`` checks moves and positions against
the engine over random games of every game this model takes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .cards import ACE, KING, Card
from .dealing import new_pack
from .auto import resting_on
from .hooks import Hooks
from .moves import Move
from .rules import Probe, base_rank, blocking, empty_takes, fits, grid_neighbours, is_next, related, rows_to_deal
from .spec import Build, Direction, Empty, GameSpec, Kind, Pick

if TYPE_CHECKING:
    from .game import Game

# Weights of the score (best first): cards away from home, cards buried under their pile's top run,
# depth of the cards the foundations wait for, and each empty place that takes any card.
WEIGHTS = [3, 2, 1, 3]
# The second opinion's weight (engine.solve): each card lying above a card of its own way
# home that must go home before it.
DISORDER = 2
DEAL, REDEAL = (-1, -1, 0), (-2, -2, 0)
HOOKED = -3  # (HOOKED, k, 0): the k-th move of the game's own (its hooks' extra moves) that a model has met
CMove = tuple[int, int, int]
Through = tuple[int, int, int, tuple[CMove, ...]]  # a card's move after deals and redeals (``through_stock``)
State = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], "int | None", int]


def stock_buried(n: int, waste: bool, turns_again: bool) -> int:
    """How buried the ``n`` cards of a stock or waste count: as many as they are where the
    waste comes back as the stock; else a waste buries its cards for good (twice the
    weight) and the stock's come in their turn (half)."""
    if turns_again:
        return n
    return n * 2 if waste else n // 2


def code_of(card: Card) -> int:
    return "CDHS".index(card.suit) * 13 + card.rank - 1


@dataclass(frozen=True)
class _Pile:
    """One pile's capabilities, as the compact model reads them."""

    kind: Kind
    pick: Pick  # NONE, TOP, RUN or SUPERMOVE
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


class Compact:
    """The compact model of one game (see the module's docstring)."""

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
        # A game with hooks of its own moves (The Wheel's packets, The Nation's take-up):
        # the model lists and makes them through the engine (``_own_moves``, ``_own_advance``).
        # Hooks that act only in a stage before the model takes over (Queen of Italy's
        # choice, ``Hooks.phase_only``) or only deal are none of its business.
        plain = not own_moves(spec.hooks)
        self.hooked = not plain
        self.standard_deal = spec.stock is not None  # a deal and a redeal the model makes itself
        self.standard_redeal = spec.stock is not None and (spec.stock.redeal_waste or bool(spec.stock.gather))
        self.codes_to_cards = {code_of(c): Card(c.rank, c.suit) for c in new_pack(1, spec.suits)}
        self.card_codes = _CardCodes({c: code_of(c) for c in new_pack(spec.decks, spec.suits)})
        self.work: Any = None  # set by compact_model, for a game with hooks
        self.work_at: Any = None  # the state ``work`` stands at, if known
        self.own_moves: list[Move] = []
        self.own_index: dict[Move, int] = {}
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
                         and g.refill_in_line is None and g.prefix not in in_line_sources and not g.freed_by
                         and not (spec.stock and set(g.ids()) & set(spec.stock.gather)))  # gathered in order
            piles.append(_Pile(
                kind=g.kind,
                pick=g.pick if g.to else Pick.NONE,
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
                refill_from=tuple(index[q] for q in g.refill_from),
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
        self.blocked_by = tuple(index[q] for prefix in blocking(rule.blocked_by_empty if rule else None)
                                for q in spec.group(prefix).ids())
        self.blocks = self._blocks()
        # Moves through the stock (``through_stock``): where the stock turns several cards at
        # a time onto a waste that turns over again, the cards it brings up are not the next
        # in line, and best first spent its budget on the positions between.
        self.through = bool(rule and rule.deal_to == "waste" and rule.draw > 1 and rule.redeal_waste
                            and not rule.last_resort and not self.blocked_by and self.waste >= 0
                            and not any(s in p.refill_from for p in piles for s in (self.stock, self.waste)))
        self.spans = tuple((ids[0], ids[-1] + 1, dealt_to) for ids, dealt_to in self.blocks)
        self.in_order = frozenset(i for ids, dealt_to in self.blocks if dealt_to for i in ids)
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
        self.auto_sources = tuple(i for i, p in enumerate(piles) if p.pick is not Pick.NONE
                                  and p.kind is not Kind.FOUNDATION
                                  and any(j in self.foundations or j in self.dead for j in p.targets))
        self.homes = {i: tuple(f for f in self.foundations if f in piles[i].targets) for i in self.auto_sources}
        self.dead_homes = {i: tuple(d for d in self.dead if d in piles[i].targets) for i in self.auto_sources}
        self.autos = bool(self.auto_sources)
        self.lanes = self._lanes()
        self.disorder = 0  # weight of the disorder term of the score: set by the search (engine.solve)
        self.unsorted_unseen = True  # no position scored yet had a disorder term (``retraced``)
        self.pruned = False
        self.widen = 0  # set by the search (engine.solve.widening)
        self._start: State = ((), (), None, 0)  # set by compact_model
        self.core_box: list[Any] = []  # the compiled core of these tables, once built (engine.fastcore); shared by the copies

    def _lanes(self) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """Each card's way home and its place on it, where every foundation builds one line
        of cards from its first (one suit up from the ace, say): read from the first
        foundation's tables, following from each card it takes when empty. None where a
        card could follow more than one card there (foundations by colour, Spider's
        discards) or there is no foundation."""
        if not self.foundations:
            return None
        p = self.piles[self.foundations[0]]
        if p.fit is None or not p.accepts_empty:
            return None
        lane, place = [-1] * 52, [0] * 52
        for n, first in enumerate(sorted(p.accepts_empty)):
            card, k = first, 0
            while True:
                if lane[card] >= 0:
                    return None
                lane[card], place[card] = n, k
                after = p.fit[card]
                if not after or k + 1 >= p.max_cards:
                    break
                if len(after) != 1:
                    return None
                (card,) = after
                k += 1
        return tuple(lane), tuple(place)

    def disordered(self, state: State) -> int:
        """Cards lying above a card of their own way home that must go home before them
        (in the laid-out piles, and a waste that is not turned over again): each has to
        move once more before its turn comes. In a one-pass waste it can only go onto the
        tableau, as the waste is never turned over to bring the card under it up; the
        count steers the second opinion away from burying a card under its own suit's
        higher cards. Deals 1-100 at 3,000 positions (and 101-200 where marked), won
        without the waste -> with it: Forty Thieves 9 -> 9 (101-200: 6 -> 9), Deuces
        34 -> 38 (18 -> 21), Diplomat 6 -> 10, Three's Company 2 -> 4, Sixes and Sevens
        18 -> 19, Fours Up 17 -> 16, Busy Aces 60 -> 57, Penta 57 and Dimes 0 alike."""
        assert self.lanes is not None
        lane, place = self.lanes
        piles = state[0]
        count = 0
        for i in self.sorted_piles:
            pile = piles[i]
            if len(pile) < 2:
                continue
            lows: dict[int, int] = {}
            for c in pile:
                w = lane[c]
                if w < 0:
                    continue
                k = place[c]
                low = lows.get(w, 99)
                if low < k:
                    count += 1
                elif k < low:
                    lows[w] = k
        return count

    def _blocks(self) -> tuple[tuple[tuple[int, ...], bool], ...]:
        """Runs of interchangeable piles for the canonical key, and whether each must keep
        its order while the stock lasts: it deals one card to each of its piles, or piles in
        line with them send home only to them."""
        out: list[tuple[tuple[int, ...], bool]] = []
        i = 0
        while i < self.n:
            first = self.piles[i].symmetric_with
            j = i + 1
            if first == i:
                while j < self.n and self.piles[j].symmetric_with == i:
                    j += 1
            out.append((tuple(range(i, j)), (bool(self.deal_to) and i in self.deal_to) or i in self.in_line_homes))
            i = j
        return tuple(out)

    # --- positions ----------------------------------------------------------------------

    def state_of(self, game: Game) -> State:
        codes = self.card_codes
        return (tuple(tuple([codes[c] for c in game.piles[p]]) for p in self.ids),
                tuple([game.down[p] for p in self.ids]), game.redeals_left, game.deals)

    def key(self, state: State) -> Any:
        """The canonical form of a position: interchangeable piles sorted (not while the
        stock still deals one card to each of them, in order)."""
        piles, down, redeals, deals = state
        stock_left = self.stock >= 0 and bool(piles[self.stock])
        parts: list[Any] = [redeals, deals if self.rows else min(deals, 1)]
        for a, b, dealt_to in self.spans:
            if b - a == 1:
                parts.append(piles[a])
                parts.append(down[a])
            elif dealt_to and stock_left:
                parts.append(piles[a:b])
                parts.append(down[a:b])
            else:
                parts.append(tuple(sorted(zip(piles[a:b], down[a:b]))))
        return tuple(parts)

    def won(self, state: State) -> bool:
        piles = state[0]
        return sum(len(piles[i]) for i in self.goal) == self.total

    def score(self, state: State) -> int:
        """Lower is better: cards away from home; how deep the cards the foundations wait
        for lie in the layout (cards above them); cards under the top
        run of each pile (out of sequence or face down); less a little for each space."""
        piles, down = state[0], state[1]
        buried = 0
        home = 0
        turns_again = self.turns_again and state[2] != 0
        for i in self.goal:
            home += len(piles[i])
        for i in self.others:
            pile = piles[i]
            n = len(pile)
            if not n:
                buried -= WEIGHTS[3] if i in self.open_spaces else 1
                continue
            links = self.piles[i].run_links
            if i == self.waste or i == self.stock:
                buried += stock_buried(n, i == self.waste, turns_again)
                continue
            if not links or i in self.flat:
                buried += n
                continue
            # the lowest card from which the pile is one run to its top
            j = n - 1
            link = links[0]
            if j > 0:
                pair = pile[j - 1] << 6 | pile[j]
                for ln in links:
                    if pair in ln:
                        link = ln
                        break
            while j > down[i] and (pile[j - 1] << 6 | pile[j]) in link:
                j -= 1
            buried += j
        wanted = 0
        depth: dict[frozenset[int], int] = {}  # by the cards wanted: four empty foundations want the same aces
        for j in self.foundations:
            need = self._wants(piles, j)
            if not need:
                continue
            best = depth.get(need)
            if best is None:
                best = 1 << 20
                for c in need:
                    for i in self.laid:
                        q = piles[i]
                        if c in q:
                            d = q[::-1].index(c)  # the nearest copy
                            if d < best:
                                best = d
                depth[need] = best
            if best < 1 << 20:
                wanted += best
        score = WEIGHTS[0] * (self.total - home) + WEIGHTS[1] * buried + WEIGHTS[2] * wanted
        if self.disorder:
            score += self.disorder * self.disordered(state)
        elif self.unsorted_unseen and self.lanes is not None and self.disordered(state):
            self.unsorted_unseen = False
        return score

    # --- moves --------------------------------------------------------------------------

    def accepts_now(self, piles: tuple[tuple[int, ...], ...], j: int) -> frozenset[int] | None:
        """The codes the empty pile ``j`` takes in this position: its table's, less the
        suits another pile of its group was started with (one pile per suit), and after the
        first ace or king of a group that pairs them, only those that pair with it."""
        p = self.piles[j]
        accepts = p.accepts_empty
        if p.paired_by and accepts is not None:
            first = next((piles[q][0] for q in p.paired_by if piles[q]), -1)
            if first >= 0:  # the same end of its colour, or the other end of the other colour
                red = first // 13 in (1, 2)
                accepts = frozenset(c for c in accepts if (c % 13 == first % 13) == ((c // 13 in (1, 2)) == red))
        if not p.suit_kept_by or accepts is None:
            return accepts
        taken = {piles[q][0] // 13 for q in p.suit_kept_by if piles[q]}
        return frozenset(c for c in accepts if c // 13 not in taken) if taken else accepts

    def run_length(self, state: State, i: int) -> int:
        pile = state[0][i]
        up = len(pile) - state[1][i]
        if up <= 0:
            return 0
        p = self.piles[i]
        if p.pick is Pick.TOP:
            return 1
        best = 1
        for link in p.run_links:
            n = 1
            while n < up and (pile[-n - 1] << 6 | pile[-n]) in link:
                n += 1
            if n > best:
                best = n
        return best

    def pick_limit(self, state: State, i: int) -> int:
        p = self.piles[i]
        if p.pick is Pick.NONE or not state[0][i]:
            return 0
        if p.available_when and all(state[0][j] for j in p.available_when):
            return 0
        if p.base_stays and len(state[0][i]) == 1:
            return 0
        return self.run_length(state, i)

    def fit_set(self, i: int, pile: tuple[int, ...]) -> frozenset[int]:
        p = self.piles[i]
        if p.founded is not None and pile[0] not in p.founded:
            return frozenset()  # a card dealt into the wrong place waits to be moved away
        if p.fit is not None:
            return p.fit[pile[-1]]
        if p.fit_by_height is not None:
            return p.fit_by_height[len(pile)][pile[-1]]
        assert p.fit_up is not None and p.fit_down is not None
        if len(pile) >= 2:
            return (p.fit_up if (pile[0] << 6 | pile[1]) in p.next_pairs else p.fit_down)[pile[-1]]
        return p.fit_up[pile[-1]] | p.fit_down[pile[-1]]

    def moves(self, state: State, shortcuts: bool = False, every: bool = False) -> list[CMove | Through]:
        """The legal moves, roughly best first: with ``shortcuts``, less those the first
        pass leaves out; unless ``every``, less a whole pile moved into an empty pile of its
        own interchangeable group (the same position, by the canonical key)."""
        piles, down = state[0], state[1]
        cells = sum(1 for i in self.cells if not piles[i])
        spaces = sum(1 for i in self.spaces if not piles[i])
        wanting: dict[int, list[int]] = {}
        open_to: list[tuple[int, frozenset[int] | None, int]] = []
        # One empty pile of an interchangeable group stands for the others (the same
        # position by the canonical key), unless the stock still deals to them in order.
        stocked = self.stock >= 0 and bool(piles[self.stock])
        in_order = self.in_order if stocked else frozenset()
        seen_empty: set[int] = set()
        for j, pile in enumerate(piles):
            p = self.piles[j]
            if p.after_stock and stocked:
                continue
            if p.kind is Kind.DISCARD:
                if p.accepts_empty is not None:
                    open_to.append((j, p.accepts_empty, 1))
                elif len(pile) + 13 <= p.max_cards:
                    open_to.append((j, self.kings, 13))
            elif p.kind is Kind.STOCK or (p.kind is Kind.WASTE and not p.builds):
                continue
            elif not pile:
                if p.accepts_empty is not None:
                    group = p.symmetric_with
                    if group >= 0 and not every and j not in in_order:
                        if group in seen_empty:
                            continue
                        seen_empty.add(group)
                    open_to.append((j, self.accepts_now(piles, j),
                                    1 if p.kind is Kind.FOUNDATION or p.kind is Kind.CELL else 0))
            elif p.base_stays and len(pile) == 1:
                if not stocked:  # a base card alone takes any one card once the stock is out
                    open_to.append((j, None, 1))
            elif p.builds and len(pile) < p.max_cards:
                for c in self.fit_set(j, pile):
                    wanting.setdefault(c, []).append(j)
        out: list[tuple[int, CMove]] = []
        legal = False  # any card move at all, kept or not (a last-resort deal waits for none)
        for i in range(self.n):
            limit = self.pick_limit(state, i)
            if not limit:
                continue
            p = self.piles[i]
            pile = piles[i]
            targets, empty_targets = p.targets, p.empty_targets
            barred = self._barred(state, i)
            rest_down = down[i]
            for n in range(1, limit + 1):
                card = pile[-n]
                rest = len(pile) - n
                for j in wanting.get(card, ()):
                    if j not in targets or (n > 1 and self.piles[j].kind is Kind.FOUNDATION):
                        continue
                    if j in barred:
                        continue
                    if len(piles[j]) + n > self.piles[j].max_cards:
                        continue
                    if n > 1 and p.pick is Pick.SUPERMOVE and n > (cells + 1) << spaces:
                        continue
                    legal = True
                    if self.piles[j].kind is Kind.FOUNDATION:
                        if shortcuts and self._home(p, pile):
                            self.pruned = True
                            continue
                        out.append((0, (i, j, n)))
                        continue
                    if shortcuts and (self._home(p, pile) or (
                            rest > rest_down and not p.loose and (self._in_run(p, pile[rest - 1], card) or (
                                p.builds and card in self.fit_set(i, pile[:rest])
                                and not self._in_run(self.piles[j], piles[j][-1], card))))):
                        self.pruned = True
                        continue
                    out.append((1 if rest and rest <= rest_down else 2 if not rest else 3, (i, j, n)))
                for j, accepts, count in open_to:
                    if j not in empty_targets or (count and count != n) or (accepts is not None and card not in accepts):
                        continue
                    if j in barred:
                        continue
                    if len(piles[j]) + n > self.piles[j].max_cards:
                        continue
                    if n > 1 and p.pick is Pick.SUPERMOVE:
                        room = spaces - 1 if j in self.spaces else spaces
                        if n > (cells + 1) << max(room, 0):
                            continue
                    legal = True
                    kind = self.piles[j].kind
                    if kind is Kind.FOUNDATION or kind is Kind.DISCARD:
                        if shortcuts and self._home(p, pile):
                            self.pruned = True
                            continue
                        out.append((0, (i, j, n)))
                    elif shortcuts and self._home(p, pile):
                        self.pruned = True
                    elif not every and not rest and p.kind is kind and p.symmetric_with >= 0 and p.symmetric_with == self.piles[j].symmetric_with:
                        continue  # a whole pile into an empty one of its own group: the same position
                    else:
                        out.append((1 if rest and rest <= rest_down else 4 if kind is Kind.TABLEAU else 5, (i, j, n)))
        out.sort(key=lambda sm: sm[0])
        moves: list[CMove | Through] = [m for _, m in out]
        if self.hooked:
            own = self._own_moves(state)
            legal = legal or bool(own)
            moves.extend(own)
        rule = self.rule
        if self.through and not every:
            moves.extend(self.through_stock(state, wanting, open_to))
        elif rule is not None and self.stock >= 0:
            stock = piles[self.stock]
            held = any(piles[j] for j in self.held_by)  # a card turned waits to be placed
            if (stock and not held and not any(not piles[j] for j in self.blocked_by) and not (rule.last_resort and legal)
                    and (not self.rows or state[3] < len(self.rows))):
                moves.append(DEAL)
            if self.gather:
                if (not stock and not held and (redeals := state[2]) != 0 and (redeals is None or redeals > 0)
                        and any(piles[j] for j in self.gather)):
                    moves.append(REDEAL)
            elif (rule.redeal_waste and not stock and (redeals := state[2]) != 0 and self.waste >= 0
                    and piles[self.waste] and (redeals is None or redeals > 0)):
                moves.append(REDEAL)
        return moves

    def through_stock(self, state: State, wanting: dict[int, list[int]],
                      open_to: list[tuple[int, frozenset[int] | None, int]]) -> list[Through]:
        """Each card the stock can bring to the top of the waste, by turning and turning the
        waste over as often as it takes, played at once to each place that takes it: one move
        ``(waste, target, 1, steps)``, ``steps`` being the deals and redeals made first.

        They stand for the bare deal and redeal, which are then not offered. Nothing is lost:
        turning cards changes only the stock and the waste, so in any line of play the turns
        can wait until just before the waste's top card is played, and turns that end in no
        play lead back to a position the line already had, or one with fewer redeals left.
        The search is as complete as before. What a target takes is the same whichever card
        is on the waste (``wanting``, ``open_to``: worked out once, by ``moves``). The turns
        are made here on the stock and waste alone, as ``advance`` makes them, not through it
        (a copy of every pile at each turn); tests/engine/test_solver_model.py checks that the
        two reach the same positions."""
        assert self.rule is not None
        w, st, draw = self.waste, self.stock, self.rule.draw
        targets, empty_targets = self.piles[w].targets, self.piles[w].empty_targets
        stock, waste, redeals = list(state[0][st]), list(state[0][w]), state[2]
        seen = {(tuple(stock), tuple(waste))}
        steps: tuple[CMove, ...] = ()
        out: list[Through] = []
        while True:
            if stock:
                for _ in range(min(draw, len(stock))):
                    waste.append(stock.pop())
                steps += (DEAL,)
            elif waste and redeals != 0:
                stock, waste = waste[::-1], []
                if redeals is not None:
                    redeals -= 1
                steps += (REDEAL,)
            else:
                return out
            turned = (tuple(stock), tuple(waste))
            if turned in seen:  # round the whole cycle: the rest repeats
                return out
            seen.add(turned)
            if not waste:
                continue
            card = waste[-1]
            for j in wanting.get(card, ()):
                if j in targets and len(state[0][j]) < self.piles[j].max_cards:
                    out.append((w, j, 1, steps))
            for j, accepts, count in open_to:  # as in ``moves``: a place that takes a whole run (count 13) takes no one card
                if (j in empty_targets and count <= 1 and (accepts is None or card in accepts)
                        and len(state[0][j]) < self.piles[j].max_cards):
                    out.append((w, j, 1, steps))

    def _work_at(self, state: State) -> Any:
        """The engine's copy of the game, put at ``state`` (cards by suit and rank: which
        copy of a two-pack card lies where does not matter to the game's own moves); not
        again when it stands there already (listed, not yet moved)."""
        work = self.work
        if self.work_at is state:
            return work
        self.work_at = state
        cards = self.codes_to_cards
        for pid, pile, d in zip(self.ids, state[0], state[1]):
            work.piles[pid] = [cards[c] for c in pile]
            work.down[pid] = d
        work.redeals_left, work.deals, work.phase, work._legal = state[2], state[3], None, None
        return work

    def _own_moves(self, state: State) -> list[CMove]:
        """The game's own moves here (its hooks' extra moves), as (HOOKED, k, 0)."""
        return [self._own(m) for m in self.spec.hooks.extra_moves(self._work_at(state))]

    def _own(self, move: Move) -> CMove:
        """``move``, a move of the game's own, as (HOOKED, k, 0): its number among those met."""
        k = self.own_index.get(move)
        if k is None:
            k = self.own_index[move] = len(self.own_moves)
            self.own_moves.append(move)
        return (HOOKED, k, 0)

    def played(self, move: CMove | Through) -> list[Move]:
        """The moves of the public rules that make ``move``: a move through the stock is
        its deals and redeals, then the card's move."""
        if len(move) == 4:
            return [*(self.move(step) for step in move[3]), self.move(move[:3])]
        return [self.move(move)]

    def apply(self, state: State, move: CMove | Through) -> tuple[State, list[CMove]]:
        """The position after ``move`` (and what settles by itself), then the safe moves
        home that follow, which are returned too."""
        after = self.advance(state, move)
        return self.settle_home(after)

    def advance(self, state: State, move: CMove | Through) -> State:
        if move[0] == HOOKED:  # the game's own move, made by the engine
            work = self._work_at(state)
            self.work_at = None
            work.advance(self.own_moves[move[1]])
            return self.state_of(work)
        if len(move) == 4:  # through the stock (``through_stock``)
            for step in move[3]:
                state = self.advance(state, step)
            move = move[:3]
        piles = list(state[0])
        down = list(state[1])
        redeals, deals = state[2], state[3]
        if move == DEAL:
            assert self.rule is not None
            stock = list(piles[self.stock])
            if self.rule.deal_to == "waste":
                waste = list(piles[self.waste])
                for _ in range(self.rule.draw):
                    if stock:
                        waste.append(stock.pop())
                piles[self.waste] = tuple(waste)
            elif self.rows:  # the next line of the grid
                for j in self.rows[deals]:
                    if stock:
                        piles[j] = (*piles[j], stock.pop())
            elif self.new_pile_rank:  # onto the newest pile, or a new one for a card of this rank
                card = stock.pop()
                started = [j for j in self.deal_to if piles[j]]
                fresh = [j for j in self.deal_to if not piles[j]]
                j = fresh[0] if (card % 13 + 1 == self.new_pile_rank and fresh) or not started else started[-1]
                piles[j] = (*piles[j], card)
            else:
                for j in self.deal_to:
                    if not stock:
                        break
                    piles[j] = (*piles[j], stock.pop())
            piles[self.stock] = tuple(stock)
            deals += 1
        elif move == REDEAL:
            if self.gather:  # the piles gathered in order, the first on top, make the new stock
                heap = [c for j in self.gather for c in piles[j]]
                for j in self.gather:
                    piles[j] = ()
                piles[self.stock] = tuple(heap[::-1])
            else:
                piles[self.stock] = piles[self.waste][::-1]
                piles[self.waste] = ()
            if redeals is not None:
                redeals -= 1
        else:
            i, j, n = move
            src = piles[i]
            piles[j] = piles[j] + src[-n:]
            piles[i] = src[:-n]
        for i in range(self.n):
            pile = piles[i]
            p = self.piles[i]
            if down[i] and down[i] >= len(pile):
                down[i] = max(0, len(pile) - 1) if p.turn_up else len(pile)
            if p.refill_from and not pile and not (p.refill_until_deal and deals):
                for s in p.refill_from:
                    if piles[s]:
                        piles[i] = pile = (piles[s][-1],)
                        piles[s] = piles[s][:-1]
                        break
            if p.refill_in_line and not pile:
                for s in p.refill_in_line:
                    if piles[s]:
                        piles[i] = (piles[s][-1],)
                        piles[s] = piles[s][:-1]
                        down[s] = min(down[s], len(piles[s]))
                        break
        return (tuple(piles), tuple(down), redeals, deals)

    def settle_home(self, state: State) -> tuple[State, list[CMove]]:
        """Make the safe moves home (see ``engine.solve``)."""
        if not self.autos:
            return state, []
        made: list[CMove] = []
        home: Counter[int] | None = None
        copies, deps = self.copies, self.dependents
        while True:
            piles, down = state[0], state[1]
            wants = {f: self._wants(piles, f) for f in self.foundations}  # the cards each takes now
            wanted = self.dead_codes.union(*wants.values())
            for i in self.auto_sources:
                pile = piles[i]
                if not pile or down[i] >= len(pile) or pile[-1] not in wanted:
                    continue
                c = pile[-1]
                j = next((d for d in self.dead_homes[i] if c in self.dead[d]), -1)  # a dead card: wanted nowhere else
                if j < 0:
                    barred = self._barred(state, i)
                    homes = [f for f in self.homes[i] if c in wants[f] and f not in barred]
                    if not homes or self.home_group[homes[0]] != self.home_group[homes[-1]]:
                        continue  # none, or homes of two kinds: a choice (``auto.safe_moves``)
                    if home is None and (deps[c] or copies[c] > 1 or self.loose_homes):
                        home = Counter(c for g in self.goal for c in piles[g])
                    if copies[c] > 1 or self.loose_homes:
                        assert home is not None
                        j = next((f for f in homes if not self._races(wants, f, home)), -1)
                        if j < 0:
                            continue
                    else:
                        j = homes[0]
                    if deps[c]:
                        assert home is not None
                        if any(home[d] < copies[d] for d in deps[c]):
                            continue
                if not self.pick_limit(state, i):
                    continue
                move = (i, j, 1)
                state = self.advance(state, move)
                made.append(move)
                if home is not None:
                    home[c] += 1
                break
            else:
                return state, made

    def _barred(self, state: State, i: int) -> frozenset[int]:
        """The foundations pile ``i``'s cards may not go to now: all but the one in line
        while the stock lasts (``home_in_line``), and those of other groups before the first
        redeal (``first_homes``)."""
        p = self.piles[i]
        barred: frozenset[int] = frozenset()
        if p.home_in_line >= 0 and self.stock >= 0 and state[0][self.stock]:
            barred = self.foundation_set - {p.home_in_line}
        if p.first_homes is not None and state[2] == self.spec.redeals:
            barred |= self.foundation_set - p.first_homes
        return barred

    def _races(self, wants: dict[int, frozenset[int]], j: int, home: Counter[int]) -> bool:
        """Do more cards wait for the place foundation ``j`` offers than there are
        foundations of its group offering it (``auto._races``)? Then which goes home first
        is a choice. ``wants``: the cards each foundation takes now."""
        need = wants[j]
        waiting = sum(self.copies[a] - home[a] for a in need)
        if waiting <= 1:
            return False
        group = self.home_group[j]
        offering = sum(1 for f in self.foundations if self.home_group[f] == group and need <= wants[f])
        return waiting > offering

    def _wants(self, piles: tuple[tuple[int, ...], ...], f: int) -> frozenset[int]:
        """The codes foundation ``f`` takes now."""
        pile = piles[f]
        p = self.piles[f]
        if len(pile) >= p.max_cards:
            return frozenset()
        if not pile:
            return self.accepts_now(piles, f) or frozenset()
        return self.fit_set(f, pile) if p.builds else frozenset()

    @staticmethod
    def _home(p: _Pile, pile: tuple[int, ...]) -> bool:
        """Are the cards of ``pile`` home: a foundation's, unless dealt into the wrong place
        of a sequence (Virginia Reel), whence they must move on? The first pass never
        brings a card back from home."""
        return p.kind is Kind.FOUNDATION and (p.founded is None or pile[0] in p.founded)

    def _in_run(self, p: _Pile, below: int, card: int) -> bool:
        """Does ``card`` rest on ``below`` as part of a run (built on it in sequence, and
        related by the run rule)? Moving it on for nothing is what the first pass leaves
        out; a card on a card it only fits (Spider's 5♥ on a 6♠) may still go where it
        joins a run (the 6♥), though not sideways to another card it only fits (the 6♣)."""
        pair = below << 6 | card
        return any(pair in link for link in p.run_links)

    def start(self) -> State:
        return self._start

    def opinions(self) -> tuple[int, ...]:
        """The score as it is; then, where every card has one way home, a second opinion
        that also counts the cards lying above one that must go home before them
        (``disordered``). The two get stuck on different deals: over FreeCell deals 1-200 at
        3,000 positions each left 20 undecided, but only 8 were the same."""
        return (0, DISORDER) if self.lanes is not None else (0,)

    def hold(self, opinion: int) -> None:
        self.disorder = opinion
        self.unsorted_unseen = True

    def retraced(self) -> bool:
        """Would the next opinion only retrace the search made so far? So it is where no
        position that search scored had a card lying above one of its own way home that
        goes first (``disordered``): the second opinion scores those positions as the first
        did, so it would expand the same ones in the same order and spend its share seeing
        them again (Cast Out Nines, one card dealt to each pile: deals 1-4 at 3,000
        positions, the two searches saw the same 1,500)."""
        return self.disorder == 0 and self.unsorted_unseen

    def move(self, move: CMove) -> Move:
        if move[0] == HOOKED:
            return self.own_moves[move[1]]
        if move == DEAL:
            return Move.act("deal")
        if move == REDEAL:
            return Move.act("redeal")
        i, j, n = move
        return Move((self.ids[i],), self.ids[j], n)

    def cmove(self, move: Move, state: State) -> CMove:
        """The public ``move``, made at ``state``, as a move of the model. A game's own move
        may look like a card's (Virginia Reel's swap of two lone cards): its hooks say."""
        standard = (len(move.sources) == 1 and not move.action) or (move.action == "deal" and self.standard_deal) \
            or (move.action == "redeal" and self.standard_redeal)
        if self.hooked and (not standard or move in self.spec.hooks.extra_moves(self._work_at(state))):
            return self._own(move)
        if move.action:
            return DEAL if move.action == "deal" else REDEAL
        index = self.ids.index
        return (index(move.source), index(move.target), move.count)


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


def _fits_tables(spec: GameSpec) -> bool:
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


def _first_card_base(game: Game) -> int | None:
    """The base rank the first card on a foundation group's first pile has set
    (``rules.base_rank``), once it is set for the rest of the game: that card never
    leaves (its group's cards never move on, no redeal gathers it, the game has no moves of
    its own), every group that reads its base so agrees, and no pile takes the rank below
    the base (``rules.below_base`` reads only a base set by the deal). None otherwise."""
    spec = game.spec
    ranks = set()
    for g in spec.groups:
        if g.empty is Empty.BELOW_BASE:
            return None
        if g.empty is not Empty.BASE or g.base_rank is not None or g.sequence:
            continue
        first = g.ids()[0]
        if (g.pick is not Pick.NONE and g.to) or (spec.stock and first in spec.stock.gather):
            return None
        ranks.add(base_rank(game, g))
    if len(ranks) != 1 or None in ranks or own_moves(spec.hooks):
        return None
    return ranks.pop()


@lru_cache(maxsize=None)
def _compact(spec: GameSpec, base: int | None) -> Compact | None:
    hooks = type(spec.hooks)
    if ((hooks.moves is not Hooks.moves or hooks.after_move is not Hooks.after_move) and not spec.hooks.phase_only) \
            or not _fits_tables(spec):
        return None  # hooks that replace the moves or act after each one need the engine itself
    if base is None and any(g.empty is Empty.BASE and g.base_rank is None and not g.sequence for g in spec.groups):
        return None  # the first card played sets the base: not a table until it is played
    return Compact(spec, base)


def compact_model(game: Game) -> Compact | None:
    """A fresh compact model standing at ``game``'s position, or None when the game's
    hooks need the engine itself: hooks that replace the moves or act after each one,
    unless only in a stage of the game's own that is over (``Hooks.phase_only``). The
    tables are built for the game's base rank: set by the deal, or by the first card
    played to the foundations once it stays there (``_first_card_base``)."""
    if game.phase:
        return None  # a stage of the game's own: its hooks may refuse or replace any move
    base = game.base if game.base is not None else _first_card_base(game)
    shared = _compact(game.spec, base)
    if shared is None:
        return None
    model = Compact.__new__(Compact)
    model.__dict__.update(shared.__dict__)
    model.pruned = False
    model._start = model.state_of(game)
    if model.hooked:  # the game's own moves are listed and made by the engine, on a copy of its own
        model.work = game.working_copy()
        model.own_moves, model.own_index = [], {}
    return model
