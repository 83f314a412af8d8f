"""The compact model's ways of taking cards other than one pile's cards onto another
(``engine.solver.model``): cards taken off together (pairs, outranked cards, packets), two
lone cards trading places, and rows whose piles go onto the piles before them and close
their gaps; their tables (``TakingTables``, part of ``Tables``), what a pile takes and
gives in a position (``Reading``), and the moves they allow (``Taking``, which
``LegalMoves`` builds on).

Nothing here restates a rule: the tables are the engine's rule functions' answers
(``rules.takes_off``, ``rules.outranks``, ``rules.neighbour_table``) or what the spec's
groups say, and ``tests/engine/test_solver_model.py`` checks the moves against the engine.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..auto import never_automatic
from ..cards import JACK, Card
from ..moves import pile_sort_key
from ..rules import is_pip, neighbour_table, outranks, takes_off
from ..spec import GameSpec, Pick

if TYPE_CHECKING:
    from .legal import CMove, State
    from .tables import Tables

    Base = Tables  # the classes below are read with the tables they look up (``LegalMoves`` joins them)
else:
    Base = object  # (tables.py imports this module: no import of it here at run time)

PACKET = 4096  # a packet is (i, place, -PACKET - mask): the mask of its sources (``Taking.packet_moves``)


class TakingTables:
    """The tables of the special ways of taking cards, built once per game with the rest
    (``Tables.__init__``)."""

    def _taking_tables(self, spec: GameSpec, probe: Any, index: dict[str, int], cards: dict[int, Card], codes: list[int],
                       group_of: dict[str, Any], order: list[str]) -> None:
        rule = spec.stock
        # Lone cards that trade places (``GameSpec.swaps``): the places of its rows, in order,
        # and the rank each one's row is kept for (``Taking.swap_moves``).
        self.swap_places = tuple(index[q] for prefix in spec.swaps for q in spec.group(prefix).ids())
        self.swap_rows = tuple(spec.group(prefix).base_rank or 0 for prefix in spec.swaps for _ in spec.group(prefix).ids())
        # Rows whose piles go as a whole onto the pile k places before them (``PileGroup.onto_before``,
        # ``Taking.before_moves``), rows that close their gaps after every move (``close_gaps``),
        # a stock dealt into the first empty places of its row (``StockRule.close_up``), and the
        # piles one of which holds every card when the game is won (``GameSpec.one_pile``): Accordion.
        self.before = tuple((tuple(index[q] for q in g.ids()), g.onto_before) for g in spec.groups if g.onto_before)
        self.closing = tuple(tuple(index[q] for q in g.ids()) for g in spec.groups if g.close_gaps)
        self.close_up = bool(rule and rule.close_up)
        self.one_pile = tuple(index[q] for q in spec.group(spec.one_pile).ids()) if spec.one_pile else ()
        # A deal that takes no choice away: the cards go onto the end of the row that wins,
        # whose piles go only onto piles before them and whose gaps close by themselves, so
        # every move open before the deal is open after it, and dealing never costs a win
        # (Accordion: ``search.suggestion``).
        row = spec.group(spec.one_pile) if spec.one_pile else None
        self.free_deal = bool(rule and rule.close_up and row and rule.deal_to == row.prefix
                              and row.onto_before and row.close_gaps)
        # Cards taken off together (``GameSpec.pairs``, by their ranks' total): the discard
        # pile, the piles whose available cards pair, in the order the engine writes a pair's
        # sources, and by code the codes that pair with it, and those that go alone.
        pairs = spec.pairs
        self.pair_to = index[pairs.to] if pairs else -1
        self.pair_sources = tuple(index[q] for q in sorted((q for prefix in pairs.groups for q in spec.group(prefix).ids()),
                                                           key=pile_sort_key)) if pairs else ()
        self.pair_alone = frozenset(c for c in codes if pairs and takes_off(pairs, cards[c].rank))
        self.pair_with = tuple(frozenset(d for d in codes if pairs and c in cards and takes_off(pairs, cards[c].rank, cards[d].rank))
                               for c in range(52))
        # Packets (``GameSpec.packets``, The Wheel): the piles whose top cards make them, in
        # the order the engine writes a packet's sources (a packet is ``(i, to, -PACKET - m)``,
        # ``m`` the mask of its sources in this order), the places they go to in turn, and
        # how many pips of different values add up to what.
        packets = spec.packets
        self.packet_sources = tuple(index[q] for q in sorted((q for prefix in packets.groups for q in spec.group(prefix).ids()),
                                                             key=pile_sort_key)) if packets else ()
        self.packet_places = tuple(index[q] for q in spec.group(packets.to).ids()) if packets else ()
        self.packet_pips = packets.pips if packets else 0
        self.packet_total = packets.total if packets else 0
        # Where only cards that touch pair (``Pairs.neighbours``, Monte Carlo): by pile, the
        # piles that touch it (``rules.neighbour_table``); empty where any two may pair.
        near = neighbour_table(spec) if pairs and pairs.neighbours else {}
        self.pair_near = {index[q]: frozenset(index[n] for n in around) for q, around in near.items()}
        # Cards taken off as outranked (``GameSpec.outranked``): the discard pile, the piles
        # whose top cards may go, those of them whose card goes by itself once it can outrank
        # nothing more (``auto._outranks_nothing``), and by code the codes that outrank it and
        # those it outranks.
        beaten = spec.outranked
        self.outranked_to = index[beaten.to] if beaten else -1
        self.outranked_sources = tuple(index[q] for prefix in beaten.groups for q in spec.group(prefix).ids()) if beaten else ()
        self.outranked_auto = tuple(i for i in self.outranked_sources if not never_automatic(spec, group_of[order[i]], order[i]))
        self.outranked_by = tuple(frozenset(d for d in codes if c in cards and outranks(probe, cards[d], cards[c])) for c in range(52))
        self.outranking = tuple(frozenset(d for d in codes if c in cards and outranks(probe, cards[c], cards[d])) for c in range(52))


class Reading(Base):
    """What a pile takes and gives in a position: the tables looked up there."""

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
        """How many cards may move from pile ``i`` as a unit (``rules.run_length``)."""
        pile = state[0][i]
        up = len(pile) - state[1][i]
        if up <= 0:
            return 0
        p = self.piles[i]
        if p.pick is Pick.TOP:
            return 1
        if p.pick is Pick.FACE_UP:
            return up
        return self.ordered_length(state, i)

    def ordered_length(self, state: State, i: int) -> int:
        """How many face-up cards at the top of pile ``i`` are in order by its run links
        (``rules.run_length`` with ``moving=False``): what a discard takes from it."""
        pile = state[0][i]
        up = len(pile) - state[1][i]
        if up <= 0:
            return 0
        p = self.piles[i]
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
        if p.covered_by and any(state[0][j] for j in p.covered_by):
            return 0  # a card lies over it (``rules.covered``)
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



class Taking(Reading):
    """The moves of the special ways of taking cards."""

    def pair_moves(self, state: State) -> list[CMove]:
        """Cards taken off together (``rules.pair_moves``): an available card alone, as
        ``(i, to, 1)``, and two, as ``(i, to, -1 - k)``, ``i`` before ``k`` in the order the
        engine writes a pair's sources."""
        piles, to = state[0], self.pair_to
        free = [i for i in self.pair_sources if self.pick_limit(state, i)]
        out: list[CMove] = []
        for x, i in enumerate(free):
            c = piles[i][-1]
            if c in self.pair_alone:
                out.append((i, to, 1))
            fellows = self.pair_with[c]
            near = self.pair_near.get(i) if self.pair_near else None
            out += [(i, to, -1 - k) for k in free[x + 1:] if piles[k][-1] in fellows and (near is None or k in near)]
        return out

    def outranked_moves(self, state: State) -> list[CMove]:
        """Top cards taken off while a higher card of their suit lies on top of another of
        the piles (``rules.outranked_moves``), as ``(i, to, 1)``."""
        piles = state[0]
        free = [i for i in self.outranked_sources if self.pick_limit(state, i)]
        tops = {piles[i][-1] for i in free}
        return [(i, self.outranked_to, 1) for i in free if not tops.isdisjoint(self.outranked_by[piles[i][-1]])]

    def packet_moves(self, state: State) -> list[CMove]:
        """Packets (``rules.packet_moves``): pips of different values adding up to the total
        and a court card, from the top cards of the packets' piles, to the next empty place,
        as ``(i, place, -PACKET - mask)``: ``i`` the first source, ``mask`` the sources by
        their place in ``packet_sources``."""
        piles, down = state[0], state[1]
        place = next((j for j in self.packet_places if not piles[j]), -1)
        if place < 0:
            return []
        pips: list[tuple[int, int]] = []
        courts: list[int] = []
        for b, i in enumerate(self.packet_sources):
            pile = piles[i]
            if pile and down[i] < len(pile):
                rank = pile[-1] % 13 + 1
                if is_pip(rank):
                    pips.append((b, rank))
                elif rank >= JACK:
                    courts.append(b)
        out: list[CMove] = []
        for chosen in combinations(pips, self.packet_pips):
            ranks = {r for _, r in chosen}
            if len(ranks) == self.packet_pips and sum(ranks) == self.packet_total:
                mask = sum(1 << b for b, _ in chosen)
                out += [self.packet_move(mask | 1 << court, place) for court in courts]
        return out

    def packet_move(self, mask: int, place: int) -> CMove:
        """The packet of the sources ``mask`` marks (by their place in ``packet_sources``)
        to ``place``, as a move: ``(first source, place, -PACKET - mask)``."""
        return (self.packet_sources[(mask & -mask).bit_length() - 1], place, -PACKET - mask)

    def packet_piles(self, n: int) -> list[int]:
        """The sources of the packet whose move's count is ``n`` (``packet_move``), in order."""
        mask = -PACKET - n
        return [k for b, k in enumerate(self.packet_sources) if mask >> b & 1]

    def before_moves(self, state: State) -> list[CMove]:
        """Piles going as a whole onto the pile some places before them in their row, where
        its top card fits there (``rules.before_moves``), as ``(i, j, n)``: n the whole pile."""
        piles, down = state[0], state[1]
        out: list[CMove] = []
        for ids, offsets in self.before:
            for x, i in enumerate(ids):
                pile = piles[i]
                if not pile or down[i] >= len(pile):
                    continue
                for k in offsets:
                    if k <= x:
                        j = ids[x - k]
                        if piles[j] and pile[-1] in self.fit_set(j, piles[j]):
                            out.append((i, j, len(pile)))
        return out

    def gap_before_card(self, piles: tuple[tuple[int, ...], ...]) -> bool:
        """Does an empty place of the row the stock closes up come before a pile that holds
        cards (``rules.gap_before_card``)?"""
        gap = False
        for j in self.deal_to:
            if not piles[j]:
                gap = True
            elif gap:
                return True
        return False

    def swap_moves(self, state: State, every: bool = False) -> list[CMove]:
        """Two lone cards trading places (``rules.swap_moves``), each of the rank the other's
        row is kept for, as ``(i, j, 0)``: once, from the earlier place, unless ``every``
        (both ways, as the engine lists them; either makes the same position)."""
        piles = state[0]
        lone = [(i, row, piles[i][0] % 13 + 1) for i, row in zip(self.swap_places, self.swap_rows)
                if len(piles[i]) == 1 and piles[i][0] % 13 + 1 != row]
        return [(a, b, 0) for x, (a, row_a, rank_a) in enumerate(lone) for b, row_b, rank_b in (lone if every else lone[x + 1:])
                if rank_a == row_b and rank_b == row_a]
