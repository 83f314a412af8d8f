"""Playing a move and what follows it: the standard moves of a game (every kind, in one
list), applying one, and settling the board after it (turning up cards, refilling empty
piles, closing gaps).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..dealing import reshuffle, take_up
from ..moves import Move
from ..spec import PileGroup
from .basics import covered, value
from .placing import card_moves
from .stock import chain_source, close_gaps, next_row, rank_piles, stock_moves
from .special import before_moves, crowned, is_packet, is_swap, outranked_moves, packet_moves, pair_moves, swap_moves

if TYPE_CHECKING:
    from ..game import Game


def standard_moves(game: Game) -> list[Move]:
    """All legal moves: cards, pairs taken off, cards taken off as outranked, lone cards
    traded, packets, the game's own moves, then stock actions; a last-resort deal only when nothing else is possible."""
    moves = (card_moves(game) if game.plain else []) + pair_moves(game) + outranked_moves(game) + before_moves(game) \
        + swap_moves(game) + packet_moves(game) + game.spec.hooks.extra_moves(game)
    stock = stock_moves(game)
    rule = game.spec.stock
    if rule is not None and rule.last_resort and moves:
        stock = [m for m in stock if m.action != "deal"]
    return moves + stock


def apply_standard(game: Game, move: Move) -> None:
    """Carry out a standard move (already known legal)."""
    piles = game.piles
    if move.action == "deal":
        rule = game.spec.stock
        if rule is None:
            raise ValueError(f"{game.spec.title} has no stock to deal from")
        if rule.chain:  # the top face-down card of the pile the last card went to
            source = chain_source(game)
            game.down[source] -= 1
            card = piles[source].pop(game.down[source])
            piles[rank_piles(game.spec)[value(game, card.rank)]].append(card)
            game.deals += 1
            return
        stock = piles[game.stock_id]
        if rule.by_rank:
            card = stock.pop()
            piles[rank_piles(game.spec)[value(game, card.rank)]].append(card)
        elif rule.deal_to == "waste":
            for _ in range(rule.draw):
                if stock:
                    piles[game.waste_id].append(stock.pop())
        elif rule.close_up:
            g = game.spec.group(rule.deal_to)
            close_gaps(game, g.ids())
            fill = [pid for pid in g.ids() if not piles[pid]]
            for pid in fill[:rule.draw or len(fill)]:
                if not stock:
                    break
                piles[pid].append(stock.pop())
        elif rule.by_rows:
            for pid in next_row(game):
                if stock:
                    piles[pid].append(stock.pop())
        elif rule.new_pile_rank is not None:
            ids = game.spec.group(rule.deal_to).ids()
            started = [pid for pid in ids if piles[pid]]
            card = stock.pop()
            fresh = [pid for pid in ids if not piles[pid]]
            if (card.rank == rule.new_pile_rank and fresh) or not started:
                piles[fresh[0]].append(card)
            else:
                piles[started[-1]].append(card)
        else:
            for prefix in (rule.deal_to, *rule.deal_to_more):
                for pid in game.spec.group(prefix).ids():
                    if not stock:
                        break
                    piles[pid].append(stock.pop())
        game.deals += 1
    elif move.action == "redeal" and game.spec.reshuffle is not None:
        reshuffle(game)
    elif move.action == "redeal" and game.spec.take_up is not None:
        take_up(game)
    elif move.action == "redeal":
        rule = game.spec.stock
        gather = rule.gather if rule is not None and rule.gather else (game.waste_id,)
        heap = [card for pid in gather for card in piles[pid]]
        for pid in gather:
            piles[pid] = []
        piles[game.stock_id] = heap[::-1]
        game.use_redeal()
    elif is_packet(game, move):  # a packet, crowned by its court card (``GameSpec.packets``)
        piles[move.target].extend(crowned([piles[pid].pop() for pid in move.sources]))
    elif len(move.sources) > 1:  # a pair taken off together (``GameSpec.pairs``)
        for pid in move.sources:
            piles[move.target].append(piles[pid].pop())
    elif is_swap(game, move):  # two lone cards trade places (``GameSpec.swaps``)
        piles[move.source], piles[move.target] = piles[move.target], piles[move.source]
    else:
        src = piles[move.source]
        cards = src[-move.count:]
        del src[-move.count:]
        piles[move.target].extend(cards)


def settle(game: Game) -> None:
    """What happens by itself after every move: exposed face-down cards turn up, and
    emptied piles that refill do so, and rows that close their gaps close them."""
    for ids in game.closing:
        close_gaps(game, ids)
    for pid in game.order:
        pile = game.piles[pid]
        g = game.group_of[pid]
        turn_up(game, pid)
        if g.refill_from and not pile and not (g.refill_until_deal and game.deals) and pid in refilled(g):
            for source in g.refill_from:
                if game.piles[source]:
                    pile.append(game.piles[source].pop())
                    turn_up(game, source)  # the card it leaves on top (Canfield's reserve)
                    break
        if g.refill_in_line is not None and not pile:
            linked = in_line_source(game, g, pid)
            if linked is not None:
                pile.append(game.piles[linked].pop())
                game.down[linked] = min(game.down[linked], len(game.piles[linked]))


def turn_up(game: Game, pid: str) -> None:
    """A face-down card left on top of ``pid`` turns face up, where its group turns cards
    up (else the pile stays face down), and nothing lies over it (``overlapped_by``)."""
    pile = game.piles[pid]
    g = game.group_of[pid]
    if g.overlapped_by and covered(game, g, pid):
        return
    if game.down[pid] and game.down[pid] >= len(pile):
        game.down[pid] = max(0, len(pile) - 1) if game.group_of[pid].turn_up else len(pile)


@lru_cache(maxsize=None)
def refilled(g: PileGroup) -> frozenset[str]:
    """The piles of group ``g`` that ``refill_from`` refills (all, or those of its first
    ``refill_lines`` lines)."""
    return frozenset(pid for i, pid in enumerate(g.ids()) if g.refills(i))


def in_line_source(game: Game, g: PileGroup, pid: str) -> str | None:
    """The pile that refills ``pid`` (group ``g``, ``refill_in_line``): the pile with the
    same number in the linked group, else the nearest non-empty one to its left, going
    round; None when all are empty."""
    assert g.refill_in_line is not None
    sources = game.spec.group(g.refill_in_line).ids()
    i = g.ids().index(pid) % len(sources)
    for k in range(len(sources)):
        source = sources[(i - k) % len(sources)]
        if game.piles[source]:
            return source
    return None
