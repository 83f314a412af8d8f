"""The compact model's legal moves (``engine.solver.model``): what the tables say of a
position, the moves they allow, and the moves of a game's own, which the engine lists on a
copy of the game put at the position.

A position and a move of the model are written as the model's docstring says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..moves import Move
from ..spec import GameSpec, Kind, Pick
from .tables import Pile, Tables
from .taking import Taking

if TYPE_CHECKING:
    from ..game import Game

DEAL, REDEAL = (-1, -1, 0), (-2, -2, 0)
HOOKED = -3  # (HOOKED, k, 0): the k-th move of the game's own (its hooks' extra moves) that a model has met
CMove = tuple[int, int, int]
Through = tuple[int, int, int, tuple[CMove, ...]]  # a card's move after deals and redeals (``through_stock``)
State = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], "int | None", int]


class LegalMoves(Taking, Tables):
    """The compact model's moves (``Compact`` builds on this class): its tables looked up at
    a position."""

    def __init__(self, spec: GameSpec, base: int | None) -> None:
        super().__init__(spec, base)
        self.work: Any = None  # set by compact_model, for a game with hooks
        self.work_at: Any = None  # the state ``work`` stands at, if known
        self.own_moves: list[Move] = []
        self.own_index: dict[Move, int] = {}
        self.pruned = False  # set when the first pass leaves a move out (``moves``)

    # --- the engine's game and the model's positions ----------------------------------

    def state_of(self, game: Game) -> State:
        codes = self.card_codes
        return (tuple(tuple([codes[c] for c in game.piles[p]]) for p in self.ids),
                tuple([game.down[p] for p in self.ids]), game.redeals_left, game.deals)

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

    # --- moves ------------------------------------------------------------------------

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

    @staticmethod
    def _home(p: Pile, pile: tuple[int, ...]) -> bool:
        """Are the cards of ``pile`` home: a foundation's, unless dealt into the wrong place
        of a sequence (Virginia Reel), whence they must move on? The first pass never
        brings a card back from home."""
        return p.kind is Kind.FOUNDATION and (p.founded is None or pile[0] in p.founded)

    def _in_run(self, p: Pile, below: int, card: int) -> bool:
        """Does ``card`` rest on ``below`` as part of a run (built on it in sequence, and
        related by the run rule)? Moving it on for nothing is what the first pass leaves
        out; a card on a card it only fits (Spider's 5♥ on a 6♠) may still go where it
        joins a run (the 6♥), though not sideways to another card it only fits (the 6♣)."""
        pair = below << 6 | card
        return any(pair in link for link in p.run_links)

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
            # Cards carried out of order (Pick.FACE_UP): only those in order go to a discard.
            ordered = self.ordered_length(state, i) if p.pick is Pick.FACE_UP else limit
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
                    if n > ordered and self.piles[j].kind is Kind.DISCARD:
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
                    elif (not every and not rest and p.kind is kind and p.symmetric_with >= 0
                          and p.symmetric_with == self.piles[j].symmetric_with and j not in in_order):
                        continue  # a whole pile into an empty one of its own group: the same position
                        # (not while the stock deals to them in order: the key keeps their order then)
                    else:
                        out.append((1 if rest and rest <= rest_down else 4 if kind is Kind.TABLEAU else 5, (i, j, n)))
        if self.before:
            onto = self.before_moves(state)
            legal = legal or bool(onto)
            out += [(0, m) for m in onto]
        if self.pair_to >= 0:
            paired = self.pair_moves(state)
            legal = legal or bool(paired)
            out += [(0, m) for m in paired]
        if self.outranked_to >= 0:
            beaten = self.outranked_moves(state)
            legal = legal or bool(beaten)
            out += [(0, m) for m in beaten]
        if self.packet_sources:
            packed = self.packet_moves(state)
            legal = legal or bool(packed)
            out += [(0, m) for m in packed]
        out.sort(key=lambda sm: sm[0])
        moves: list[CMove | Through] = [m for _, m in out]
        if self.swap_places:
            traded = self.swap_moves(state, every)
            legal = legal or bool(traded)
            moves.extend(traded)
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
            if self.close_up:  # a gap before a card to close, or an empty place and a card to deal (``rules.stock_refusal``)
                if self.gap_before_card(piles) or (stock and any(not piles[j] for j in self.deal_to)):
                    moves.append(DEAL)
            elif (stock and not held and not any(not piles[j] for j in self.blocked_by) and not (rule.last_resort and legal)
                    and (not self.rows or state[3] < len(self.rows))):
                moves.append(DEAL)
            if self.gather:
                if (not stock and not held and (redeals := state[2]) != 0 and (redeals is None or redeals > 0)
                        and any(piles[j] for j in self.gather)):
                    moves.append(REDEAL)
            elif (rule.redeal_waste and not stock and (redeals := state[2]) != 0 and self.waste >= 0
                    and piles[self.waste] and (redeals is None or redeals > 0)):
                moves.append(REDEAL)
        if self.take_up and (self.stock < 0 or not piles[self.stock]) and state[2] != 0:
            moves.append(REDEAL)  # taken up and dealt again (``rules.take_up_refusal``)
        if self.reshuffle_piles and state[2] != 0 and any(piles[j] for j in self.reshuffle_piles):
            moves.append(REDEAL)  # shuffled and dealt again (``rules.reshuffle_refusal``)
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
