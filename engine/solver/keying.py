"""How the compact model's canonical key reads each pile (``engine.solver.model``): which
piles are interchangeable and so keyed as a sorted run, and which lone piles are keyed by
less than all their cards, because what lies under their top does not change what is to
come. ``Tables`` asks ``blocks`` once, its other tables built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..spec import Kind, Pick

if TYPE_CHECKING:
    from .tables import Tables  # (tables.py imports this module: no import of it here at run time)

# A span of the canonical key that is one pile keyed by its length and top card (``keying._topmost``).
TOPMOST = 2
# A span of the canonical key that is one pile left out of it (``keying._unkeyed``).
UNKEYED = 3
# A span of the canonical key that is one pile keyed by its top card alone (``keying._top_only``).
TOP_ONLY = 4


def blocks(t: Tables) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Runs of interchangeable piles for the canonical key, and whether each must keep
    its order while the stock lasts (1): it deals one card to each of its piles, or piles
    in line with them send home only to them; or ``TOPMOST`` (2), a lone pile keyed by
    its length and top card (``_topmost``); or ``UNKEYED`` (3), a lone pile left out
    (``_unkeyed``)."""
    out: list[tuple[tuple[int, ...], int]] = []
    i = 0
    while i < t.n:
        first = t.piles[i].symmetric_with
        j = i + 1
        if first == i:
            while j < t.n and t.piles[j].symmetric_with == i:
                j += 1
        if j == i + 1 and _topmost(t, i):
            out.append(((i,), TOPMOST))
        elif j == i + 1 and _unkeyed(t, i):
            out.append(((i,), UNKEYED))
        elif j == i + 1 and _top_only(t, i):
            out.append(((i,), TOP_ONLY))
        else:
            out.append((tuple(range(i, j)), (bool(t.deal_to) and i in t.deal_to) or i in t.in_line_homes))
        i = j
    return tuple(out)


def _topmost(t: Tables, i: int) -> bool:
    """Is pile ``i`` told apart in the canonical key by its length and top card alone?
    So it is for a foundation that builds loosely (any neighbouring rank of any suit,
    Golf's and Black Hole's one pile), whose cards never move on and whose fit reads
    the top card alone: what it will take depends only on that card, while its cards
    below, in whatever order they came, are the cards no other pile holds. Keying the
    whole pile made every order of the same cards a new position, and the search saw
    each reachable layout many times over (Golf deal 2: lost in 300,000 positions so
    keyed, undecided at 500,000 by the whole pile)."""
    p = t.piles[i]
    return (p.kind is Kind.FOUNDATION and p.loose and p.pick is Pick.NONE and p.fit is not None
            and p.founded is None and not p.paired_by and not p.suit_kept_by)


def _top_only(t: Tables, i: int) -> bool:
    """Is pile ``i`` told apart in the canonical key by its top card alone? So it is for
    a pile of a row whose piles move only as a whole onto the pile some places before
    them (Accordion's): what goes on it, and where it goes, is read from its top card
    (its fit table reads the top), the row closes its gaps by itself, and the game is
    won when one pile holds every card, which the number of piles and the stock tell. So
    two rows with the same top cards in the same places, whatever lies under them, have
    the same moves ever after and are one position."""
    p = t.piles[i]
    return (any(i in ids for ids, _ in t.before) and any(i in ids for ids in t.closing)
            and bool(t.one_pile) and i in t.one_pile and p.fit is not None and p.pick is Pick.NONE)


def _unkeyed(t: Tables, i: int) -> bool:
    """Is pile ``i`` left out of the canonical key? So it is for the discard pile of
    pairs (Pyramid's) or of outranked cards (Aces Up's): its cards never move on, it
    takes a card whatever lies on it, and what lies on it is the cards no other pile
    holds, in the order they were taken off, which changes nothing to come (the rules
    read other piles' top cards, the safe discard only which cards are gone). Keyed
    whole, every order of taking off the same cards was a new position: Aces Up deal
    297 was proved lost in 214,567 positions so, and in 58,067 without, as many as the
    search through the engine needs, whose key reads the pile by its length. So it is
    too for the stock and the waste where the key reads them as one line instead
    (``talon_keyed``)."""
    p = t.piles[i]
    if t.talon_keyed and i in (t.stock, t.waste):
        return True  # keyed as one line instead, after the piles (``talon_keyed``)
    return (i in (t.pair_to, t.outranked_to) and p.kind is Kind.DISCARD and p.pick is Pick.NONE
            and p.accepts_empty is None and p.max_cards >= t.total)
