"""Each card's lane home and its place in it (``Tables.lanes``), read from the foundations'
tables: what the second opinion counts (``Compact.disordered``) and the depth-first scan
orders its moves by (``engine.solver.deep``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .tables import Pile

Lanes = tuple[tuple[int, ...], tuple[int, ...]]  # each card's lane (-1: none) and its place in it


def lanes_of(piles: tuple[Pile, ...], foundations: tuple[int, ...]) -> Lanes | None:
    """Each card's lane home and its place in it, for the second opinion's count of cards
    lying above one that goes home before them (``Compact.disordered``). Where every
    foundation builds one line of cards from its first (one suit up from the ace, say),
    each line is a lane, read from the first foundation's tables; where they build
    regardless of suit (Sir Tommy, Calculation), every card is in one lane
    (``_earliest_places``). None where neither reads (foundations by colour, Spider's
    discards) or there is no foundation. Foundations dealt their first cards, and those
    built regardless of suit, had none before search 9:
    deals 1-100 at 20,000 positions, won before -> since: Penta 72 -> 83, Intrigue
    87 -> 92, St. Helena 25 -> 41, Sir Tommy 0 -> 2, Calculation 0 -> 2, Royal
    Cotillion 60 -> 58; Strategy, Jubilee (Kings) 0 and Crazy Quilt 3 alike."""
    if not foundations:
        return None
    return _one_way_lanes(piles[foundations[0]]) or _earliest_places(piles, foundations)

def _one_way_lanes(p: Pile) -> Lanes | None:
    """``lanes_of`` where every foundation builds one line of cards from ``p``'s tables."""
    starts = starts_of(p)
    if p.fit is None or not starts:
        return None
    lane, place = [-1] * 52, [0] * 52
    for n, first in enumerate(sorted(starts)):
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

def _earliest_places(piles: tuple[Pile, ...], foundations: tuple[int, ...]) -> Lanes | None:
    """``lanes_of`` where foundations build regardless of suit (Sir Tommy's, Calculation's):
    one lane for every card, its place the fewest cards any foundation needs under it.
    A foundation starts from the cards it takes when empty, or, dealt its first card
    (Calculation's), from those its build follows from none. None where a foundation
    could hold a card at two heights (Golf's, up or down) or builds otherwise than card
    by card (Spider's runs)."""
    place = [-1] * 52
    for f in foundations:
        p = piles[f]
        if p.fit is None:
            return None
        starts = starts_of(p)
        height = dict.fromkeys(starts, 0)
        level, k = set(starts), 0
        while level and k + 1 < p.max_cards:
            after = {c for b in level for c in p.fit[b]}
            if any(height.get(c, k + 1) != k + 1 for c in after):
                return None
            level = after - height.keys()
            k += 1
            height.update(dict.fromkeys(level, k))
        for c, k in height.items():
            place[c] = k if place[c] < 0 else min(place[c], k)
    if max(place) < 0:
        return None
    return tuple(0 if k >= 0 else -1 for k in place), tuple(max(k, 0) for k in place)


def starts_of(p: Pile) -> frozenset[int]:
    """The cards a foundation's build starts from: those it takes when empty, or, where it is
    dealt its first card (Calculation's, Strategy's aces), those its build follows from none."""
    if p.accepts_empty:
        return p.accepts_empty
    if p.fit is None:
        return frozenset()
    follow = frozenset().union(*p.fit)
    return frozenset(c for c in range(52) if p.fit[c] and c not in follow)
