"""The stock and the rows it deals: whether a deal, redeal or take-up may happen now and why
not, which row or pile the stock deals to next, and the gaps a row must close first.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..moves import Move
from ..spec import GameSpec, PileGroup
from .basics import Why

if TYPE_CHECKING:
    from ..game import Game


def stock_refusal(game: Game, action: str) -> Why | None:
    """Why the stock's ``deal`` or ``redeal`` is not allowed now; None if it is."""
    if action == "redeal" and game.spec.reshuffle is not None:
        return reshuffle_refusal(game)
    if action == "redeal" and game.spec.take_up is not None:
        return take_up_refusal(game)
    rule = game.spec.stock
    if rule is not None and rule.chain:
        if action != "deal":
            return ("no-redeal",)
        source = chain_source(game)
        return None if game.down[source] else ("chain-ended", source)
    if rule is None or not game.stock_id:
        return ("no-stock", action)
    stock = game.piles[game.stock_id]
    waiting = rule.blocked_by_nonempty
    if action == "deal":
        if rule.close_up:
            g = game.spec.group(rule.deal_to)
            if not gap_before_card(game, g):
                if not game.any_empty(rule.deal_to):
                    return ("no-gaps", rule.deal_to)
                if not stock:
                    return ("nothing-to-close", rule.deal_to)
            return None
        if not stock:
            return ("stock-empty",)
        for prefix in blocking(rule.blocked_by_empty):
            if game.any_empty(prefix):
                return ("deal-blocked", prefix)
        if rule.by_rows and not next_row(game):
            return ("grid-full", rule.deal_to)
        if waiting is not None and not game.all_empty(waiting):
            return ("deal-waiting", waiting)
        return None
    if not rule.redeal_waste and not rule.gather:
        return ("no-redeal",)
    if stock:
        return ("redeal-stock-left",)
    if not game.has_redeal():
        return ("no-redeals-left", str(game.spec.redeals))
    if rule.gather:
        if waiting is not None and not game.all_empty(waiting):
            return ("deal-waiting", waiting)
        if not any(game.piles[p] for p in rule.gather):
            return ("gather-empty", rule.gather[0])
        return None
    if not game.piles[game.waste_id]:
        return ("waste-empty",)
    return None


def reshuffle_refusal(game: Game) -> Why | None:
    """Why a reshuffling redeal (``GameSpec.reshuffle``) is not allowed now; None if it is:
    it may be made at any time while redeals are left and a named pile holds a card."""
    rule = game.spec.reshuffle
    if rule is None:
        return ("no-redeal",)
    if not game.has_redeal():
        return ("no-redeals-left", str(game.spec.redeals))
    if not any(game.piles[pid] for prefix in rule.groups for pid in game.spec.group(prefix).ids()):
        return ("gather-empty-piles",)
    return None


def take_up_refusal(game: Game) -> Why | None:
    """Why a take-up redeal (``GameSpec.take_up``) is not allowed now; None if it is: while
    redeals are left, once the stock (if any) is empty."""
    rule = game.spec.take_up
    if rule is None:
        return ("no-redeal",)
    if game.stock_id and game.piles[game.stock_id]:
        return ("take-up-stock-left", "a pile" if rule.one_pile else "the piles")
    if not game.has_redeal():
        if rule.one_pile:
            return ("take-up-each-once", str(game.spec.redeals))
        return ("take-up-none-left", str(game.spec.redeals))
    return None


def blocking(prefixes: str | tuple[str, ...] | None) -> tuple[str, ...]:
    """``StockRule.blocked_by_empty`` as a tuple of group prefixes."""
    if prefixes is None:
        return ()
    return (prefixes,) if isinstance(prefixes, str) else prefixes


def next_row(game: Game) -> tuple[str, ...]:
    """The places the next deal fills (``StockRule.by_rows``): the line after the lines
    dealt at set-up and by each deal since (``Game.deals``); empty when the grid is full."""
    rule = game.spec.stock
    assert rule is not None
    rows = rows_to_deal(game.spec.group(rule.deal_to))
    return rows[game.deals] if game.deals < len(rows) else ()


@lru_cache(maxsize=None)
def rows_to_deal(g: PileGroup) -> tuple[tuple[str, ...], ...]:
    """The lines of group ``g`` (``per_line`` piles each) that deals by rows fill in turn:
    those after the lines the set-up dealt into."""
    width = g.per_line or g.count
    ids = g.ids()
    return tuple(tuple(ids[k:k + width]) for k in range(lines_dealt_at_setup(g) * width, len(ids), width))


@lru_cache(maxsize=None)
def lines_dealt_at_setup(g: PileGroup) -> int:
    """How many lines of group ``g`` (``per_line`` piles each) the set-up deals into."""
    return -(-sum(1 for n in g.deal_counts() if n) // (g.per_line or g.count))


@lru_cache(maxsize=None)
def rank_piles(spec: GameSpec) -> tuple[str, ...]:
    """With ``StockRule.by_rank``: the pile of each rank, from the game's lowest rank up."""
    rule = spec.stock
    assert rule is not None
    return tuple(pid for prefix in (rule.deal_to, *rule.deal_to_more) for pid in spec.group(prefix).ids())


@lru_cache(maxsize=None)
def _dealt(spec: GameSpec) -> dict[str, int]:
    """How many cards the set-up deals to each pile."""
    return {pid: n for g in spec.groups for pid, n in zip(g.ids(), g.deal_counts())}


def chain_source(game: Game) -> str:
    """The pile the next card of a chain of deals (``StockRule.chain``) is turned from: the
    pile the last card went to. Cards move only from that pile to the pile of their rank, so
    it is the pile holding one card more than it was dealt; at first, none does, and the
    chain starts from the last pile (Clock's kings)."""
    dealt = _dealt(game.spec)
    piles = rank_piles(game.spec)
    for pid in piles[:-1]:
        if len(game.piles[pid]) > dealt[pid]:
            return pid
    return piles[-1]


def stock_moves(game: Game) -> list[Move]:
    spec = game.spec
    return [Move.act(a) for a in ("deal", "redeal")
            if (spec.stock or (a == "redeal" and (spec.reshuffle or spec.take_up))) and stock_refusal(game, a) is None]


def close_gaps(game: Game, ids: tuple[str, ...]) -> bool:
    """Move each of the piles ``ids`` (a group's) down, as a unit, to the earliest empty
    place, keeping their order (``close_gaps``, ``StockRule.close_up``); True if a pile moved."""
    piles, down = game.piles, game.down
    moved = False
    k = 0
    for pid in ids:
        if not piles[pid]:
            continue
        if pid != ids[k]:
            piles[ids[k]], piles[pid] = piles[pid], []
            down[ids[k]], down[pid] = down[pid], 0
            moved = True
        k += 1
    return moved


def gap_before_card(game: Game, g: PileGroup) -> bool:
    """Does an empty place of group ``g`` come before a pile that holds cards?"""
    seen_gap = False
    for pid in g.ids():
        if not game.piles[pid]:
            seen_gap = True
        elif seen_gap:
            return True
    return False
