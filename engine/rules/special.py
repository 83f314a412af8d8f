"""The moves some games add to taking a card from one pile to another: removing pairs or
sums (``Pairs``), placing a card before its neighbour, throwing out an outranked card,
moving packets of pips, and swapping a lone misplaced card; each kind with its moves and
its refusal.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ..cards import JACK, Card
from ..moves import Move, pile_sort_key
from ..spec import GameSpec, Pairs, Pick, PileGroup
from .basics import Why, covered, fits, pick_limit, value

if TYPE_CHECKING:
    from ..game import Game


def pair_pool(game: Game) -> list[str]:
    """The piles whose top cards may be taken off in pairs now (``GameSpec.pairs``): those
    of its groups whose top card is available."""
    rule = game.spec.pairs
    if rule is None:
        return []
    return [pid for prefix in rule.groups for pid in game.spec.group(prefix).ids() if pick_limit(game, pid)]


def takes_off(rule: Pairs, *ranks: int) -> bool:
    """Do cards of these ranks go off together by ``rule``: one alone whose rank is the
    total, or two adding up to it ("total"); two of one rank, never one alone ("rank")?"""
    if rule.match == "total":
        return sum(ranks) == rule.total
    return len(ranks) == 2 and ranks[0] == ranks[1]


def pair_moves(game: Game) -> list[Move]:
    """Every legal taking-off of ``GameSpec.pairs``: one available card whose rank is the
    total alone, or two from different piles whose ranks add up to it."""
    rule = game.spec.pairs
    if rule is None:
        return []
    pool = pair_pool(game)
    rank = {pid: game.piles[pid][-1].rank for pid in pool}
    out = [Move((pid,), rule.to) for pid in pool if takes_off(rule, rank[pid])]
    near = game.near
    for i, a in enumerate(pool):
        for b in pool[i + 1:]:
            if takes_off(rule, rank[a], rank[b]) and (near is None or b in near.get(a, ())):
                out.append(Move(tuple(sorted((a, b), key=pile_sort_key)), rule.to))
    return out


def neighbour_table(spec: GameSpec) -> dict[str, frozenset[str]]:
    """For each place of the pairs' groups, the places of its own group that touch it by
    ``Pairs.neighbours`` (offsets in the group's grid, ``per_line`` places to a row): worked
    out once per game (``Game.near``)."""
    rule = spec.pairs
    assert rule is not None
    out: dict[str, frozenset[str]] = {}
    for prefix in rule.groups:
        g = spec.group(prefix)
        ids = g.ids()
        cols = g.per_line or len(ids)
        for i, pid in enumerate(ids):
            row, col = g.cell(i)
            out[pid] = frozenset(ids[(row + dr) * cols + col + dc] for dr, dc in rule.neighbours
                                 if 0 <= col + dc < cols and 0 <= (row + dr) * cols + col + dc < len(ids)
                                 and row + dr >= 0)
    return out


def pair_refusal(game: Game, move: Move) -> Why | None:
    """Why ``move``, onto the pairs' discard pile, is not a legal taking-off; None if it is."""
    rule = game.spec.pairs
    assert rule is not None
    if len(move.sources) > 2 or move.count != 1 or (rule.match == "rank" and len(move.sources) != 2):
        return ("pair-size", rule.total) if rule.match == "total" else ("pair-two",)
    for pid in move.sources:
        if pid not in rule.groups and game.group_of[pid].prefix not in rule.groups:
            return ("pair-from", pid)
        if not game.piles[pid]:
            return ("src-empty", pid)
        g = game.group_of[pid]
        if g.overlapped_by and covered(game, g, pid):
            return ("overlapped", pid)
        if g.freed_by and covered(game, g, pid):
            return ("covered", pid, g.sideways(g.ids().index(pid)))
        if not pick_limit(game, pid):
            return ("face-down", pid)
    cards = [game.piles[pid][-1] for pid in move.sources]
    if rule.match == "rank":
        if cards[0].rank != cards[1].rank:
            return ("pair-rank", cards[0], cards[1])
    elif sum(c.rank for c in cards) != rule.total:
        return ("pair-total", tuple(cards), rule.total)
    if game.near is not None and move.sources[1] not in game.near.get(move.sources[0], ()):
        return ("not-neighbours", *move.sources)
    return None


def moved_count(g: PileGroup, pile: list[Card]) -> int:
    """How many cards a pile of a group with ``onto_before`` moves: all (``Pick.PILE``), or the top one."""
    return len(pile) if g.pick is Pick.PILE else 1


def before_moves(game: Game) -> list[Move]:
    """Every legal move of ``PileGroup.onto_before``: a pile (or its top card) onto the
    pile that many places before it in its group, where its top card fits there."""
    out: list[Move] = []
    piles = game.piles
    for g, ids in game.rows:
        for i, src in enumerate(ids):
            pile = piles[src]
            if not pile or game.down[src] >= len(pile):
                continue
            for k in g.onto_before:
                if k <= i:
                    dst = ids[i - k]
                    if piles[dst] and fits(game, g, piles[dst], pile[-1]):
                        out.append(Move((src,), dst, moved_count(g, pile)))
    return out


def before_refusal(game: Game, src: str, dst: str, n: int) -> Why | None:
    """Why ``n`` cards of ``src``, of a group with ``onto_before``, may not go to ``dst``; None if they may."""
    g = game.group_of[src]
    pile = game.piles[src]
    if src == dst:
        return ("same-pile", src)
    if not pile:
        return ("src-empty", src)
    ids = g.ids()
    if game.group_of[dst] is not g or ids.index(src) - ids.index(dst) not in g.onto_before:
        return ("onto-before", src, g.onto_before)
    if n != moved_count(g, pile):
        return ("whole-pile", src, len(pile)) if g.pick is Pick.PILE else ("not-a-run", src, n, 1)
    if not game.piles[dst]:
        return ("empty-takes-nothing", dst)
    if not fits(game, g, game.piles[dst], pile[-1]):
        return ("no-match", dst, pile[-1], game.piles[dst][-1])
    return None


def outranks(game: Game, a: Card, b: Card) -> bool:
    """Does ``a`` outrank ``b`` (``GameSpec.outranked``): a higher card of its suit, in the
    game's order of ranks (Aces Up: aces high)?"""
    return a.suit == b.suit and value(game, a.rank) > value(game, b.rank)


def outranked_moves(game: Game) -> list[Move]:
    """Every legal taking-off of ``GameSpec.outranked``: an available top card of its groups
    while a higher card of its suit lies on top of another of their piles."""
    rule = game.spec.outranked
    if rule is None:
        return []
    tops = [(pid, game.piles[pid][-1]) for prefix in rule.groups for pid in game.spec.group(prefix).ids()
            if pick_limit(game, pid)]
    best: dict[str, int] = {}
    for _, card in tops:
        best[card.suit] = max(best.get(card.suit, -1), value(game, card.rank))
    return [Move((pid,), rule.to) for pid, card in tops if best[card.suit] > value(game, card.rank)]


def outranked_refusal(game: Game, move: Move) -> Why | None:
    """Why ``move``, onto the discard pile of ``GameSpec.outranked``, is not a legal
    taking-off; None if it is."""
    rule = game.spec.outranked
    assert rule is not None
    if len(move.sources) != 1 or move.count != 1:
        return ("outranked-one",)
    src = move.source
    if game.group_of[src].prefix not in rule.groups:
        return ("outranked-from", src)
    if not game.piles[src]:
        return ("src-empty", src)
    if not pick_limit(game, src):
        return ("face-down", src)
    card = game.piles[src][-1]
    for prefix in rule.groups:
        for pid in game.spec.group(prefix).ids():
            top = game.piles[pid][-1] if pid != src and pick_limit(game, pid) else None
            if top is not None and outranks(game, top, card):
                return None
    return ("not-outranked", card)


def is_pip(rank: int) -> bool:
    """A pip card of a packet (``GameSpec.packets``): 2 to 10."""
    return 2 <= rank <= 10


def crowned(cards: list[Card]) -> list[Card]:
    """A packet's cards as they lie on its place: the pips in rising order, the court on top."""
    return sorted(cards, key=lambda c: (c.rank >= JACK, c.rank))


def next_packet_place(game: Game) -> str | None:
    """The place the next packet goes to: the first empty one of ``Packets.to``."""
    rule = game.spec.packets
    assert rule is not None
    return next((p for p in game.spec.group(rule.to).ids() if not game.piles[p]), None)


def packet_moves(game: Game) -> list[Move]:
    """Every legal packet of ``GameSpec.packets``: top cards of its groups, pips of
    different values adding up to its total and one court card, to the next place."""
    rule = game.spec.packets
    if rule is None:
        return []
    place = next_packet_place(game)
    if place is None:
        return []
    tops = [(p, game.piles[p][-1].rank) for prefix in rule.groups for p in game.spec.group(prefix).ids()
            if game.piles[p] and game.down[p] < len(game.piles[p])]
    pips = [(p, r) for p, r in tops if is_pip(r)]
    courts = [p for p, r in tops if r >= JACK]
    out = []
    for chosen in combinations(pips, rule.pips):
        ranks = {r for _, r in chosen}
        if len(ranks) == rule.pips and sum(ranks) == rule.total:
            for court in courts:
                out.append(Move(tuple(sorted([p for p, _ in chosen] + [court], key=pile_sort_key)), place))
    return out


def packet_refusal(game: Game, move: Move) -> Why | None:
    """Why ``move``, a card or cards of the packets' groups, is not a legal packet; None if it is."""
    rule = game.spec.packets
    assert rule is not None
    if len(move.sources) == 1:
        return ("packet-only", rule.pips, rule.total)
    if len(move.sources) != rule.pips + 1:
        return ("packet-size", rule.pips + 1, rule.pips)
    bad = [p for p in move.sources if p not in game.group_of or game.group_of[p].prefix not in rule.groups]
    if bad:
        return ("packet-from", bad[0])
    if any(not game.piles[p] for p in move.sources):
        return ("packet-empty",)
    ranks = [game.piles[p][-1].rank for p in move.sources]
    pips = [r for r in ranks if is_pip(r)]
    courts = [r for r in ranks if r >= JACK]
    if not courts:
        return ("packet-no-court",)
    if len(courts) > 1 or len(pips) != rule.pips:
        return ("packet-one-court", rule.pips)
    if len(set(pips)) != rule.pips:
        return ("packet-same-pips", rule.pips)
    if sum(pips) != rule.total:
        return ("packet-total", sum(pips), rule.total)
    place = next_packet_place(game)
    if move.target != place:
        return ("packet-place", place, move.target)
    return None


def is_packet(game: Game, move: Move) -> bool:
    """Is ``move`` (known legal) a packet of ``GameSpec.packets``?"""
    rule = game.spec.packets
    return rule is not None and len(move.sources) > 1 and game.group_of.get(move.target) is game.spec.group(rule.to)


def _lone_misplaced(game: Game) -> list[tuple[str, int, int]]:
    """The places of ``GameSpec.swaps``' groups holding a single card not of their row's rank,
    as (place, the row's rank, the card's rank), in the layout's order."""
    out = []
    for prefix in game.spec.swaps:
        g = game.spec.group(prefix)
        for pid in g.ids():
            pile = game.piles[pid]
            if len(pile) == 1 and pile[0].rank != g.base_rank:
                assert g.base_rank is not None  # (the registry's check)
                out.append((pid, g.base_rank, pile[0].rank))
    return out


def swap_moves(game: Game) -> list[Move]:
    """Every legal trade of ``GameSpec.swaps``: two lone cards, each of the rank the other's
    row is kept for, change places (listed both ways, as a move from either place)."""
    lone = _lone_misplaced(game)
    return [Move.step(a, b) for a, row_a, rank_a in lone for b, row_b, rank_b in lone
            if rank_a == row_b and rank_b == row_a]


def _lone_in_rows(game: Game, move: Move) -> tuple[PileGroup, Card, PileGroup, Card] | None:
    """For a move of one card between places of two different rows of ``GameSpec.swaps``
    that each hold a single card: each place's row and card; None for any other move."""
    rows = game.spec.swaps
    if not rows or move.action or len(move.sources) != 1 or move.count != 1:
        return None
    a, b = move.source, move.target
    ga, gb = game.group_of.get(a), game.group_of.get(b)
    if ga is None or gb is None or ga is gb or ga.prefix not in rows or gb.prefix not in rows:
        return None
    pa, pb = game.piles[a], game.piles[b]
    return (ga, pa[0], gb, pb[0]) if len(pa) == 1 and len(pb) == 1 else None


def is_swap(game: Game, move: Move) -> bool:
    """Is ``move`` a trade of ``GameSpec.swaps``: the lone cards of two places of different
    rows, each the rank of the other's row?"""
    lone = _lone_in_rows(game, move)
    return lone is not None and lone[1].rank == lone[2].base_rank and lone[3].rank == lone[0].base_rank


def swap_refusal(game: Game, move: Move) -> Why | None:
    """Why a move between the lone cards of two rows of ``GameSpec.swaps`` is refused, where
    the card it would go onto lies out of its row too (so the player meant a trade); None
    for any other move, which the standard rules explain."""
    lone = _lone_in_rows(game, move)
    if lone is not None and lone[3].rank != lone[2].base_rank:
        return ("swap-rows", move.source, move.target)
    return None
