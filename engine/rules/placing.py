"""Where a card may go: ``refusal`` is the one place that says whether cards may move from a
pile to another (``drop_refusal`` for the pile that receives them), and ``card_moves``
keeps every move of cards it does not refuse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import KING, Card
from ..moves import Move
from ..spec import Build, Direction, Empty, Kind, Pick, PileGroup
from .basics import (Why, base_rank, below_base, covered, fits, free_space, paired_ends_refusal, pick_limit,
                     run_length, stock_out, unfounded, value)

if TYPE_CHECKING:
    from ..game import Game


def drop_refusal(game: Game, dst: str, card: Card, n: int = 1) -> Why | None:
    """Why ``n`` cards whose lowest is ``card`` may not be put on ``dst``; None if they may."""
    d = game.group_of[dst]
    pile = game.piles[dst]
    if d.kind is Kind.CELL:
        if pile:
            return ("cell-full", dst)
        if n != 1:
            return ("one-card", dst)
        return None
    if d.kind is Kind.DISCARD:
        if d.base_rank is not None:  # a heap for dead cards of one rank (Virginia Reel's aces)
            if n != 1 or card.rank != d.base_rank:
                return ("discard-rank", dst, d.base_rank)
            return None
        if n != 13 or card.rank != KING:
            return ("discard-full-run", dst)
        if d.max_cards is not None and len(pile) + n > d.max_cards:
            return ("discard-taken", dst)
        return None
    if d.kind is Kind.FOUNDATION and n != 1:
        return ("one-card", dst)
    if d.stock_out_only and not stock_out(game):
        return ("after-stock", dst)
    if d.max_cards is not None and len(pile) + n > d.max_cards:
        return ("pile-full", dst, d.max_cards)
    if d.sequence and len(pile) + n > len(d.sequence):
        return ("pile-full", dst, len(d.sequence))
    if not pile:
        if d.empty is Empty.NONE:
            return ("empty-takes-nothing", dst)
        if d.empty is Empty.KING and card.rank != KING:
            return ("empty-takes-king", dst)
        if d.empty is Empty.BASE:
            base = base_rank(game, d)
            if base is None or card.rank != base:
                return ("empty-takes-base", dst, base, card)
        if d.empty is Empty.BELOW_BASE:
            below = below_base(game)
            if below is None or card.rank != below:
                return ("empty-takes-base", dst, below, card)
        if d.empty is Empty.PAIRED_ENDS:
            why = paired_ends_refusal(game, d, dst, card)
            if why is not None:
                return why
        if d.one_per_suit and any(game.piles[q] and game.piles[q][0].suit == card.suit for q in d.ids()):
            return ("suit-taken", dst, card.suit)
    elif d.base_card_stays and len(pile) == 1 and stock_out(game):
        if n != 1:
            return ("one-card", dst)
    elif d.build is Build.NONE:
        if d.base_card_stays and len(pile) == 1:
            return ("bare-base-waits", dst)
        return ("builds-nothing", dst)
    elif unfounded(d, pile):
        return ("unfounded", dst, pile[0], d.sequence[0])
    elif pile[-1].rank in d.nothing_on:
        return ("nothing-on", dst, pile[-1])
    elif not fits(game, d, pile, card):
        return ("does-not-fit", dst, card, pile[-1])
    return None


def refusal(game: Game, src: str, dst: str, n: int, room: tuple[int, int] | None = None) -> Why | None:
    """Why ``n`` cards may not go from ``src`` to ``dst`` now; None if they may."""
    g = game.group_of[src]
    d = game.group_of[dst]
    if src == dst:
        return ("same-pile", src)
    if not game.piles[src]:
        return ("src-empty", src)
    if g.pick is Pick.NONE or not g.to:
        return ("src-fixed", src)
    if g.available_when_empty is not None and not game.any_empty(g.available_when_empty):
        return ("src-locked", src, g.available_when_empty)
    if g.base_card_stays and len(game.piles[src]) == 1:
        return ("base-stays", src)
    if g.overlapped_by and covered(game, g, src):
        return ("overlapped", src)
    if g.freed_by and covered(game, g, src):
        return ("covered", src, g.sideways(g.ids().index(src)))
    if d.kind not in g.to:
        return ("no-route", src, dst)
    if d.empty_from and not game.piles[dst] and g.kind not in d.empty_from:
        return ("space-from", dst, d.empty_from)
    if first_pass_refused(game, g, d):
        return ("first-pass", src, g.first_pass_foundations)
    if in_line_refused(game, g, src, d, dst):
        return ("home-in-line", src, g.home_in_line_while_stock)
    run = run_length(game, src)
    if run == 0:
        return ("face-down", src)
    if n > run:
        return ("face-up-only", src, n, run) if g.pick is Pick.FACE_UP else ("not-a-run", src, n, run)
    why = drop_refusal(game, dst, game.piles[src][-n], n)
    if why is not None:
        return why
    if d.kind is Kind.DISCARD and n > 1 and n > run_length(game, src, moving=False):
        return ("discard-full-run", dst)  # cards carried out of order (``Pick.FACE_UP``) are no run
    return supermove_refusal(game, src, dst, n, room)


def in_line_refused(game: Game, g: PileGroup, src: str, d: PileGroup, dst: str) -> bool:
    """Is a card of ``src`` kept from foundation ``dst`` because, while the stock lasts, it
    may go home only to the foundation in line with it (``home_in_line_while_stock``)?"""
    line = g.home_in_line_while_stock
    if line is None or d.kind is not Kind.FOUNDATION or stock_out(game):
        return False
    return d.prefix != line or d.ids().index(dst) != g.ids().index(src)


def first_pass_refused(game: Game, g: PileGroup, d: PileGroup) -> bool:
    """Is a card of group ``g`` kept from foundation group ``d`` because no redeal has been
    used yet (``first_pass_foundations``)?"""
    return (bool(g.first_pass_foundations) and d.kind is Kind.FOUNDATION and d.prefix not in g.first_pass_foundations
            and game.redeals_left == game.spec.redeals)


def supermove_refusal(game: Game, src: str, dst: str, n: int, room: tuple[int, int] | None = None) -> Why | None:
    """A run of ``n`` may move as a unit only if single-card moves through free space
    could do the same: (f + 1) * 2^e cards, with f empty cells and e empty piles that
    take any card, the target not counted (Pick.SUPERMOVE)."""
    if n == 1 or game.group_of[src].pick is not Pick.SUPERMOVE:
        return None
    cells, spaces = free_space(game) if room is None else room
    if not game.piles[dst] and game.group_of[dst].empty is Empty.ANY:
        spaces -= 1
    limit = (cells + 1) * 2 ** max(spaces, 0)
    if n > limit:
        return ("supermove", n, limit, cells, spaces)
    return None


def neighbour_ranks(game: Game, g: PileGroup, pile: list[Card]) -> tuple[int, ...]:
    """The ranks a card would need to be built on the non-empty ``pile`` of group ``g``,
    whatever its suit (one rank below for a pile building down, above for one building up,
    both for either; the next of the group's sequence, if it has one)."""
    if g.sequence:
        return (g.sequence[len(pile)],) if len(pile) < len(g.sequence) and not unfounded(g, pile) else ()
    top = pile[-1]
    if top.rank in g.nothing_on:
        return ()
    low = game.spec.low_rank
    v = value(game, top.rank)
    out = []
    if g.direction is not Direction.DOWN:
        if g.wrap or v < 12:
            out.append((v + 1) % 13)
    if g.direction is not Direction.UP:
        if g.wrap or v > 0:
            out.append((v - 1) % 13)
    return tuple((w + low - 1) % 13 + 1 for w in out)


def card_moves(game: Game, to: frozenset[Kind] | None = None) -> list[Move]:
    """Every standard move of cards from pile to pile that ``refusal`` allows (with ``to``,
    only those onto piles of these kinds: the same moves, as each target is tried alone).

    The source checks of ``refusal`` are ``pick_limit``'s, made once per source. Targets
    are found through the rank they wait for: a non-empty pile that builds is tried only by
    a card of a neighbouring rank, and only empty piles, cells and discards by every card;
    ``drop_refusal`` then decides. This keeps ``legal_moves()`` well under 1 ms in two-pack
    games with many piles.
    """
    out: list[Move] = []
    room = free_space(game)
    piles = game.piles
    group_of = game.group_of
    wanting: dict[int, list[str]] = {}
    open_to: list[tuple[str, int, int]] = []  # (pile, the one rank it takes or 0 for any, the one count or 0)
    for dst in game.order:
        d = group_of[dst]
        pile = piles[dst]
        kind = d.kind
        if to is not None and kind not in to:
            continue
        if kind is Kind.STOCK or (kind is Kind.WASTE and d.build is Build.NONE):
            continue
        if kind is Kind.DISCARD:
            open_to.append((dst, KING, 13) if d.base_rank is None else (dst, d.base_rank, 1))
        elif kind is Kind.CELL:
            if not pile:
                open_to.append((dst, 0, 1))
        elif not pile:
            rank = empty_takes(game, d)
            if rank is not None:
                open_to.append((dst, rank, 1 if kind is Kind.FOUNDATION else 0))
        elif d.build is not Build.NONE and d.direction is Direction.ANY:
            open_to.append((dst, 0, 0))
        elif d.base_card_stays and len(pile) == 1 and stock_out(game):
            open_to.append((dst, 0, 1))
        elif d.build is not Build.NONE:
            for rank in neighbour_ranks(game, d, pile):
                wanting.setdefault(rank, []).append(dst)
    for src in game.order:
        limit = pick_limit(game, src)
        if not limit or group_of[src].onto_before:  # those go by distance: ``before_moves``
            continue
        cards = piles[src]
        kinds = group_of[src].to
        src_kind = group_of[src].kind
        # Where cards are carried out of order, only those in order make a run to discard.
        ordered = run_length(game, src, moving=False) if group_of[src].pick is Pick.FACE_UP else limit
        for n in range(1, limit + 1):
            card = cards[-n]
            targets = [dst for dst, rank, count in open_to
                       if (not rank or rank == card.rank) and (not count or count == n)]
            for dst in (*wanting.get(card.rank, ()), *targets):
                d = group_of[dst]
                if (dst != src and d.kind in kinds
                        and not (d.empty_from and not piles[dst] and src_kind not in d.empty_from)
                        and not first_pass_refused(game, group_of[src], d)
                        and not in_line_refused(game, group_of[src], src, d, dst)
                        and drop_refusal(game, dst, card, n) is None
                        and (n <= ordered or d.kind is not Kind.DISCARD)
                        and supermove_refusal(game, src, dst, n, room) is None):
                    out.append(Move((src,), dst, n))
    return out


def empty_takes(game: Game, g: PileGroup) -> int | None:
    """The one rank an empty pile of ``g`` takes, 0 for any card, None for none: a quick
    sieve for move generation (``drop_refusal`` still decides)."""
    if g.empty is Empty.ANY:
        return 0
    if g.empty is Empty.KING:
        return KING
    if g.empty is Empty.BASE:
        return base_rank(game, g)
    if g.empty is Empty.BELOW_BASE:
        return below_base(game)
    if g.empty is Empty.PAIRED_ENDS:
        return 0
    return None
