"""The compact model's moves made (``engine.solver.model``): the position after a move,
what settles by itself (a face-down card turned up, a pile refilled), and the safe moves
home the search makes before branching (``engine.solver.search``).
"""

from __future__ import annotations

from collections import Counter

from .legal import DEAL, HOOKED, REDEAL, CMove, LegalMoves, State, Through
from .taking import PACKET


class Settling(LegalMoves):
    """The compact model's moves made (``Compact`` builds on this class)."""

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
            elif self.close_up:  # the row closed up, then its first empty places dealt to
                self._close(piles, down, self.deal_to)
                fill = [j for j in self.deal_to if not piles[j]]
                for j in fill[:self.rule.draw or len(fill)]:
                    if not stock:
                        break
                    piles[j] = (stock.pop(),)
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
            if self.reshuffle_piles:  # gathered in a fixed order, shuffled as the deal's redeal shuffles, dealt in fans
                assert redeals is not None and self.spec.redeals is not None  # (a reshuffle needs a number of redeals)
                cards = sorted(c for j in self.reshuffle_piles for c in piles[j])
                order = self.shuffles[self.spec.redeals - redeals][len(cards)]  # (``dealing.reshuffle``)
                fans: list[list[int]] = [[] for _ in self.reshuffle_piles]
                for k, o in enumerate(order):
                    fans[min(k // self.fans_of, len(fans) - 1)].append(cards[o])
                for j, fan in zip(self.reshuffle_piles, fans):
                    piles[j] = tuple(fan)
                    down[j] = 0
            elif self.take_up:  # taken up and dealt round again (``dealing.take_up``)
                taken, round_ = self.take_up[redeals - 1 if redeals is not None else 0]
                cards = [c for j in taken for c in (piles[j] if self.take_up_bottom else piles[j][::-1])]
                for j in taken:
                    piles[j] = ()
                    down[j] = 0
                dealt: list[list[int]] = [[] for _ in round_]
                for k, c in enumerate(cards):
                    dealt[k % len(round_)].append(c)
                for j, more in zip(round_, dealt):
                    piles[j] = piles[j] + tuple(more)
            elif self.gather:  # the piles gathered in order, the first on top, make the new stock
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
            if n <= -PACKET:  # a packet, the pips in rising order and the court on top (``rules.crowned``)
                packet = self.packet_piles(n)
                crown = sorted((piles[k][-1] for k in packet), key=lambda c: (c % 13 >= 10, c % 13))
                for k in packet:
                    piles[k] = piles[k][:-1]
                piles[j] = piles[j] + tuple(crown)
            elif n < 0:  # a pair taken off, i's card first (``LegalMoves.pair_moves``)
                k = -1 - n
                piles[j] = piles[j] + (piles[i][-1], piles[k][-1])
                piles[i], piles[k] = piles[i][:-1], piles[k][:-1]
            elif n == 0:  # two lone cards trade places (``LegalMoves.swap_moves``)
                piles[i], piles[j] = piles[j], piles[i]
                down[i], down[j] = down[j], down[i]
            else:
                src = piles[i]
                piles[j] = piles[j] + src[-n:]
                piles[i] = src[:-n]
        for ids in self.closing:  # rows that close their gaps (``rules.settle``)
            self._close(piles, down, ids)
        for i in range(self.n):
            pile = piles[i]
            p = self.piles[i]
            if down[i] and down[i] >= len(pile) and not (p.covered_by and any(piles[j] for j in p.covered_by)):
                down[i] = max(0, len(pile) - 1) if p.turn_up else len(pile)  # ``rules.turn_up``
            if p.refill_from and not pile and not (p.refill_until_deal and deals):
                for s in p.refill_from:
                    if piles[s]:
                        piles[i] = pile = (piles[s][-1],)
                        piles[s] = piles[s][:-1]
                        if down[s] and down[s] >= len(piles[s]):  # the card left on top turns up (Canfield's reserve)
                            down[s] = max(0, len(piles[s]) - 1) if self.piles[s].turn_up else len(piles[s])
                        break
            if p.refill_in_line and not pile:
                for s in p.refill_in_line:
                    if piles[s]:
                        piles[i] = (piles[s][-1],)
                        piles[s] = piles[s][:-1]
                        down[s] = min(down[s], len(piles[s]))
                        break
        return (tuple(piles), tuple(down), redeals, deals)

    @staticmethod
    def _close(piles: list[tuple[int, ...]], down: list[int], ids: tuple[int, ...]) -> None:
        """The piles ``ids`` moved down to the earliest empty places, keeping their order
        (``rules.close_gaps``)."""
        k = 0
        for i in ids:
            if not piles[i]:
                continue
            j = ids[k]
            if i != j:
                piles[j], piles[i] = piles[i], ()
                down[j], down[i] = down[i], 0
            k += 1

    def settle_home(self, state: State) -> tuple[State, list[CMove]]:
        """Make the safe moves home (see ``engine.solver.search``)."""
        if not self.autos:
            return state, []
        made: list[CMove] = []
        home: Counter[int] | None = None
        copies, deps = self.copies, self.dependents
        while True:
            piles, down = state[0], state[1]
            wants = {f: self._wants(piles, f) for f in self.foundations}  # the cards each takes now
            wanted = self.dead_codes.union(*wants.values())
            redealt = self.redealt if state[2] != 0 else frozenset()  # (``auto.safe_moves``)
            for i in self.auto_sources:
                pile = piles[i]
                if not pile or down[i] >= len(pile) or pile[-1] not in wanted or i in redealt:
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
                beaten = self._outranks_nothing(state)
                if beaten is None:
                    return state, made
                state = self.advance(state, beaten)
                made.append(beaten)

    def _outranks_nothing(self, state: State) -> CMove | None:
        """The first card taken off as outranked that can outrank nothing more, every card
        it outranks being home already (``auto._outranks_nothing``): it goes by itself."""
        if not self.outranked_auto:
            return None
        piles = state[0]
        home = {c for g in self.goal for c in piles[g]}
        auto = self.outranked_auto
        for move in self.outranked_moves(state):
            if move[0] in auto and self.outranking[piles[move[0]][-1]] <= home:
                return move
        return None

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
