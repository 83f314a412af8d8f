"""A compact model of a game for the solver: every game whose hooks do not replace the
moves, or do so only in a stage of the game's own that is over (Queen of Italy after its
choice of base card: ``Hooks.phase_only``; the tables are then built for the base rank the
chosen card set).

A position is ``(piles, down, redeals_left, deals)``: ``piles`` a tuple of tuples of card
codes (suit index * 13 + rank - 1, so the copies of a card in a two-pack game share a
code), ``down`` the face-down count of each pile. A move is ``(source, target, count)``
of pile indices (a count of 0: the two piles' lone cards trade places; below 0: a pair
taken off), or ``DEAL`` / ``REDEAL``, or ``(HOOKED, k, 0)`` for a move of the game's
own (its hooks' extra moves: The Nation's and Babette's deals after a take-up),
which the engine lists and makes on a copy of the game put at the position.

Nothing here restates a rule: the tables are built once per game (``tables``) by asking the
engine's rule functions (``rules.fits``, ``rules.is_next``, ``rules.related``,
``rules.empty_takes``) about every pair of cards, and the model's code only looks them up.
What cannot be a table
(how many cards a supermove may carry, what settles after a move) follows ``engine.rules``
step by step, and ``tests/engine/test_solver_model.py`` checks moves and positions against
the engine over random games of every game this model takes.

The model is one class, ``Compact``, written in layers of a module each: its tables
(``tables.Tables``), its legal moves (``legal.LegalMoves``), its moves made and the safe
moves home (``settle.Settling``), and here the keys and scores of its positions and what
the search asks of a model.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..dealing import reshuffle_orders
from ..hooks import Hooks
from ..moves import Move
from ..rules import base_rank
from ..spec import Empty, GameSpec, Pick
from .legal import DEAL, HOOKED, REDEAL, CMove, State, Through
from .settle import Settling
from .keying import TOP_ONLY, TOPMOST, UNKEYED
from .tables import fits_tables, own_moves
from .taking import PACKET

if TYPE_CHECKING:
    from ..game import Game


# Weights of the score (best first): cards away from home, cards buried under their pile's top run,
# depth of the cards the foundations wait for, and each empty place that takes any card.
WEIGHTS = [3, 2, 1, 3]
# The second opinion's weight (engine.solver.search): each card lying above a card of its own way
# home that must go home before it.
DISORDER = 2
# The opinion of the "stock-first" scan (``Compact.opinions``), where the stock deals onto
# the tableau's piles: the stock's cards count one each, not half.
STOCK_FIRST = -1
# The opinion of the "breaks" scan (``Compact.opinions``): a pile counts its face-down cards and
# each card not in run with the card under it, not every card under its top run.
BREAKS = -2


def stock_buried(n: int, waste: bool, turns_again: bool, stock_first: bool = False) -> int:
    """How buried the ``n`` cards of a stock or waste count: as many as they are where the
    waste comes back as the stock; else a waste buries its cards for good (twice the
    weight) and the stock's come in their turn (half; as many under the ``STOCK_FIRST``
    opinion)."""
    if turns_again:
        return n
    return n * 2 if waste else n if stock_first else n // 2


class Compact(Settling):
    """The compact model of one game (see the module's docstring)."""

    def __init__(self, spec: GameSpec, base: int | None) -> None:
        super().__init__(spec, base)
        self.disorder = 0  # weight of the disorder term of the score: set by the search (engine.solver.search)
        self.unsorted_unseen = True  # no position scored yet had a disorder term (``retraced``)
        self.widen = 0  # set by the search (engine.solver.search.model_of)
        self._start: State = ((), (), None, 0)  # set by compact_model
        self.core_box: list[Any] = []  # the compiled cores of these tables, by ``through`` (engine.solver.core); shared by the copies

    # --- positions --------------------------------------------------------------------

    def key(self, state: State) -> Any:
        """The canonical form of a position: interchangeable piles sorted (not while the
        stock still deals one card to each of them, in order); a stock turned one card at a
        time, as often as the player likes, read with its waste as one line."""
        piles, down, redeals, deals = state
        stock_left = self.stock >= 0 and bool(piles[self.stock])
        parts: list[Any] = [redeals, deals if self.rows else min(deals, 1)]
        for a, b, dealt_to in self.spans:
            if dealt_to == TOPMOST:
                parts.append((len(piles[a]), piles[a][-1:]))
                parts.append(down[a])
            elif dealt_to == UNKEYED:
                continue
            elif dealt_to == TOP_ONLY:
                parts.append(piles[a][-1:])
                parts.append(down[a])
            elif b - a == 1:
                parts.append(piles[a])
                parts.append(down[a])
            elif dealt_to and stock_left:
                parts.append(piles[a:b])
                parts.append(down[a:b])
            else:
                parts.append(tuple(sorted(zip(piles[a:b], down[a:b]))))
        if self.talon_keyed:  # the stock and waste as the one line no turn changes (``Tables.talon_keyed``)
            parts.append(piles[self.waste] + piles[self.stock][::-1])
        return tuple(parts)

    def won(self, state: State) -> bool:
        piles = state[0]
        if self.one_pile:  # every card in one pile of the row (``Game.is_won``)
            return any(len(piles[i]) == self.total for i in self.one_pile)
        return sum(len(piles[i]) for i in self.goal) == self.total

    def score(self, state: State) -> int:
        """Lower is better: cards away from home; how deep the cards the foundations wait
        for lie in the layout (cards above them); cards under the top
        run of each pile (out of sequence or face down; under the ``BREAKS`` opinion, only the
        face-down ones and those not in run with the card under them); less a little for each space."""
        piles, down = state[0], state[1]
        if self.one_pile:  # won in one pile: each other pile, and each card of the stock, still has to join it
            return WEIGHTS[0] * (sum(1 for i in self.one_pile if piles[i]) - 1
                                 + (len(piles[self.stock]) if self.stock >= 0 else 0))
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
                buried += stock_buried(n, i == self.waste, turns_again, self.disorder == STOCK_FIRST)
                continue
            if not links or i in self.flat:
                buried += n
                continue
            if self.disorder == BREAKS:
                p = self.piles[i]
                buried += down[i] + sum(1 for x in range(down[i] + 1, n) if not self._in_run(p, pile[x - 1], pile[x]))
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
        if self.disorder > 0:
            score += self.disorder * self.disordered(state)
        elif self.unsorted_unseen and self.lanes is not None and self.disordered(state):
            self.unsorted_unseen = False
        return score

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

    # --- what the search asks ---------------------------------------------------------

    def start(self) -> State:
        return self._start

    def opinions(self, scan: str = "standard") -> tuple[int, ...]:
        """The ways to score positions that the budget is shared among. The ``standard``
        scan: the score as it is; then, where the tables give each card a lane home and a
        place in it (``Tables.lanes``), a second opinion that also counts the cards lying
        above one that must go home before them (``disordered``). The two get stuck on
        different deals: over FreeCell deals 1-200 at 3,000 positions each left 20
        undecided, but only 8 were the same.

        The ``stock-first`` scan, where the stock deals onto piles of the tableau (Spider):
        one opinion that counts the stock's cards one each instead of half (``STOCK_FIRST``).
        The standard score puts off a deal, which buries every pile's top run, until it has
        tried every way of rearranging the piles; this one deals sooner, and wins other
        deals: of the 36 Spider (one suit) deals of 1-150 left undecided by 260,000 positions
        of the standard scan, it wins 18 in 60,000. Not the standard scan, even shared: over
        deals 1-100, sharing the budget with it won more Spider (one suit: 76 against 60) but
        fewer Salic Law (48 against 56), and proved fewer Scorpion deals lost (47 against 55),
        whose proofs need the whole budget. So it is a scan of its own, for a second run over
        the deals the first left undecided (``python -m engine solve --scan``). Elsewhere
        it is the standard scan.

        The ``greedy`` scan (``engine.solver.deep``) orders moves by the score as it is; where
        the stock deals onto the tableau, then by the stock-first opinion: of six Spider (one
        suit) deals the first left undecided at 100,000 positions, the second won four, in
        68,000-98,000.

        The ``breaks`` scan, in any game: one opinion that counts, in each pile, its face-down
        cards and each card not in run with the card under it (``BREAKS``), instead of every
        card under its top run. Under the standard score a card dealt onto a pile, or laid on a
        card it only fits, buries the whole run beneath it, so the search puts off the deal
        and the build; under this one it costs one. Of twelve deals each that every scan
        before had left undecided (at 1,000,000-2,000,000 positions), it won at 200,000 five
        of Spiderette's, six of Spider (two suits)' and four of Will o' the Wisp's, against
        none by the standard scan at the same budget; at 300,000, four of ten of Penta's and
        St. Helena's and two of Yukon's, against none (none in the rest of the Forty Thieves
        family, Klondike or Streets and Alleys). Spider (two suits) deals 1-8 at 50,000: six
        won, against one."""
        if scan == "breaks":
            return (BREAKS,)
        if scan == "stock-first" and self.lanes is None and self.stock_to_tableau:
            return (STOCK_FIRST,)
        if scan == "greedy":  # the greedy scan's (``engine.solver.deep``): the stock's cards as a cost, then sooner
            return (0, STOCK_FIRST) if self.lanes is None and self.stock_to_tableau else (0,)
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
        if n <= -PACKET:  # a packet: its sources by the mask (``Taking.packet_move``)
            return Move(tuple(self.ids[k] for k in self.packet_piles(n)), self.ids[j])
        if n < 0:  # a pair taken off: i, then the pile -1 - n (``LegalMoves.pair_moves``)
            return Move((self.ids[i], self.ids[-1 - n]), self.ids[j])
        if n == 0:  # two lone cards trade places (``LegalMoves.swap_moves``)
            return Move.step(self.ids[i], self.ids[j])
        return Move((self.ids[i],), self.ids[j], n)

    def cmove(self, move: Move, state: State) -> CMove:
        """The public ``move``, made at ``state``, as a move of the model. A game's own move
        may look like a card's: its hooks say; so may two lone cards trading places
        (Virginia Reel's rows, ``swap_moves``)."""
        standard = (len(move.sources) == 1 and not move.action) or (move.action == "deal" and self.standard_deal) \
            or (move.action == "redeal" and self.standard_redeal)
        if self.hooked and (not standard or move in self.spec.hooks.extra_moves(self._work_at(state))):
            return self._own(move)
        if move.action:
            return DEAL if move.action == "deal" else REDEAL
        index = self.ids.index
        if self.packet_sources and len(move.sources) > 2:
            return self.packet_move(sum(1 << self.packet_sources.index(index(p)) for p in move.sources), index(move.target))
        if self.swap_places and len(move.sources) == 1 and move.count == 1:
            traded = (index(move.source), index(move.target), 0)
            if traded in self.swap_moves(state, every=True):
                return traded
        if len(move.sources) == 2:
            return (index(move.sources[0]), index(move.target), -1 - index(move.sources[1]))
        return (index(move.source), index(move.target), move.count)

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
            or not fits_tables(spec):
        return None  # hooks that replace the moves or act after each one need the engine itself
    if spec.stock is not None and (spec.stock.by_rank or spec.stock.chain):
        return None  # cards dealt to the pile of their rank (Clock's chain): the engine plays them
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
    if model.reshuffle_piles:  # the orders this deal's redeals shuffle in
        model.shuffles = reshuffle_orders(game, model.total)
    if model.hooked:  # the game's own moves are listed and made by the engine, on a copy of its own
        model.work = game.working_copy()
        model.own_moves, model.own_index = [], {}
    return model
