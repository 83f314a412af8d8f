"""Deals settled exactly where the foundations stay closed while the stock lasts and every card
turned is laid on piles that give it only home (Strategy): ``settle``.

There a deal is a question of order alone. A pile's cards were laid in the order they were
turned and go home in the reverse order. Take an order in which the cards could go home (a
merge of the lanes, each in its own order) and list the cards in it by when they were turned:
cards that come in rising order of turning must all lie on different piles, and patience
sorting shows that the longest such run is exactly how many piles that order needs. So the
deal can be won exactly when some merge needs no more piles than there are; the last card
turned needs none, as it may wait in the hand while the piles go home. ``settle`` searches
the merges depth first, the lane whose next card was turned latest first, remembering each
state seen (the foundations' heights and the patience tails of the runs so far, which is all
the rest depends on), and leaving a state as soon as one lane's cards still to go, in their
own order, would need too many piles: a "lost" is a proof, every merge searched. A win is made into a line
(each card laid, as turned, on the pile whose top goes home the soonest after it) and played
through the rules before it is believed. Strategy's deals 1-10,000: 9,991 won and 9 lost,
none left undecided (median 0.014 s a deal), where the depth-first scan had left 378 of
1-6,000 undecided at 100,000 positions (deal 372 is won in 48 states); each of the nine
lost leaves the search at once, nine cards of one suit turned in rising order.
``benchmarks/strategy_exact.py`` is the same search written apart from the engine.
"""

from __future__ import annotations

import bisect
from typing import Any, TypeGuard

from ..game import Game
from ..moves import Move
from .deep import home_only, lays_home
from .model import Compact

EVERY = frozenset(range(52))  # the codes of every card


def applies(model: Any, game: Game) -> TypeGuard[Compact]:
    """Is ``game`` at the start of such a deal? Foundations closed while the stock lasts, one
    pack with one place at home for each card (``deep.home_only``), piles that take any card
    and give it only home, all empty, a hand that takes each card turned and is empty, every
    card not at home in the stock, turned one at a time into the hand and no further card
    turned while it holds one, and no redeal."""
    rule = game.spec.stock
    if (not isinstance(model, Compact) or model.lanes is None or not lays_home(model) or rule is None
            or rule.deal_to != "waste" or rule.draw != 1 or not rule.blocked_by_nonempty):
        return False
    piles = home_only(model)
    state = model.start()[0]
    homes = frozenset(model.foundations)
    hand = model.waste
    return (
        all(model.piles[f].after_stock for f in model.foundations)
        and model.stock is not None and hand is not None and not state[hand]
        and model.piles[hand].targets <= homes | frozenset(piles)
        and set(model.laid) == set(piles)
        and all(not state[i] and model.piles[i].accepts_empty == EVERY and _takes_any(model.piles[i].fit)
                for i in piles)
        and sum(len(state[f]) for f in model.foundations) + len(state[model.stock]) == model.total
        and not game.has_redeal()
    )


def _takes_any(fit: tuple[frozenset[int], ...] | None) -> bool:
    """Does a pile with these tables take any card on any card?"""
    return fit is not None and all(fit[c] == EVERY for c in range(52))


def settle(model: Compact, game: Game, budget: int) -> tuple[str, int, tuple[Move, ...]]:
    """"won" (with its line, played through the rules), "lost" or "unknown" (more than
    ``budget`` states), how many states were seen, and the line."""
    lane, place = model.lanes  # type: ignore[misc]  # ``applies``
    turned = [model.card_codes[c] for c in reversed(game.piles[game.stock_id])]
    when = {code: i for i, code in enumerate(turned)}
    chains: dict[int, list[int]] = {}
    for code in sorted(turned, key=place.__getitem__):
        chains.setdefault(lane[code], []).append(code)
    lanes = list(chains.values())
    last = len(turned) - 1
    room = len(home_only(model))
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    merge: list[int] = []

    def search(heights: tuple[int, ...], tails: tuple[int, ...]) -> bool:
        if all(h == len(chain) for h, chain in zip(heights, lanes)):
            return True
        if (heights, tails) in seen or len(seen) >= budget:
            return False
        seen.add((heights, tails))
        for n, h in enumerate(heights):  # every merge keeps each lane's own order: a bound
            if _piles(tails, [when[c] for c in lanes[n][h:]], last) > room:
                return False
        for _, n in sorted((-when[lanes[n][h]], n) for n, h in enumerate(heights) if h < len(lanes[n])):
            new = _laid(tails, when[lanes[n][heights[n]]], last)
            if len(new) > room:
                continue
            merge.append(lanes[n][heights[n]])
            if search(heights[:n] + (heights[n] + 1,) + heights[n + 1:], new):
                return True
            merge.pop()
        return False

    if not search(tuple(0 for _ in lanes), ()):  # as deep as the cards turned: well within Python's limit
        return ("unknown" if len(seen) >= budget else "lost"), len(seen), ()
    line = _line(model, game, turned, merge)
    return ("won", len(seen), line) if line else ("unknown", len(seen), ())


def _laid(tails: tuple[int, ...], time: int, last: int) -> tuple[int, ...]:
    """Patience sorting's tails once the card turned at ``time`` goes home next: it takes
    the place of the first tail turned after it, or starts a run of its own (the last card
    turned, waiting in the hand, needs no pile)."""
    if time == last:
        return tails
    at = bisect.bisect_left(tails, time)
    return tails[:at] + (time,) + tails[at + 1:]


def _piles(tails: tuple[int, ...], times: list[int], last: int) -> int:
    """How many piles patience sorting needs after ``tails`` once cards turned at ``times``
    go home, in that order."""
    for time in times:
        tails = _laid(tails, time, last)
    return len(tails)


def _line(model: Compact, game: Game, turned: list[int], merge: list[int]) -> tuple[Move, ...]:
    """The moves of a win by ``merge``, played on a copy of ``game``; empty if they do not win."""
    goes = {code: n for n, code in enumerate(merge)}
    names = game.order
    piles = [names[i] for i in home_only(model)]
    work = Game(game.spec, game.seed)
    work.restore(game.snapshot())
    moves: list[Move] = []
    tops: list[int] = []
    where: dict[int, str] = {}

    def play(text: str) -> None:
        move = work.parse_move(text)
        work.play(move)
        moves.append(move)

    for i, code in enumerate(turned):
        play("deal")
        if i == len(turned) - 1:
            where[code] = game.waste_id
            break
        fits = [k for k, top in enumerate(tops) if top > goes[code]]
        k = min(fits, key=tops.__getitem__) if fits else len(tops)
        tops[k:k + 1] = [goes[code]]
        play(f"{game.waste_id}>{piles[k]}")
        where[code] = piles[k]
    for code in merge:
        home = next((m for m in work.legal_moves() if m.sources == (where[code],)
                     and m.target in (names[f] for f in model.foundations)), None)
        if home is None:
            return ()
        work.play(home)
        moves.append(home)
    return tuple(moves) if work.is_won() else ()
