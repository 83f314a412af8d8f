"""The depth-first scan (``solve(..., scan="depth-first")``): a second run over the deals the
standard scan left undecided, where each card has a lane home and a place in it
(``Tables.lanes``).

Where cards wait on piles that take any card (Sir Tommy's and Calculation's four waste
piles), a win is a line of one choice a card: which pile each card of the stock goes onto.
The standard scan's best first spreads its budget over every way of placing the first dozen
cards, since placing a card changes its score little; a player's rule of thumb wins instead,
followed to the end and undone from the last choice back. That is this scan: depth first,
each position's moves tried in the order a player would try them:

1. a move that sends a card home (or lets one go home by itself);
2. a card laid on one of its own lane that goes home after it, the closer the better (a 5
   on a 6 before a 5 on a 9: the piles then come off in order);
3. a card laid on one of another lane;
4. a card laid in a space (kept for a card that has nowhere else);
5. a card laid on one of its lane that must go home first (burying it);

and among equals, by the second opinion's score (``Compact.score`` with the disorder
counted). Sir Tommy deals 1-20 at 20,000 positions: 2 won, none by the standard scan;
Calculation 2 and none.

The search is complete: every position reachable is seen once (the same table of positions
seen, keyed as the standard scan keys them), without the first pass's unsound shortcuts, so
a "lost" is a proof as before. It runs in Python, not in the compiled core: its wins come
within a few hundred positions, and its budget is small.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeGuard

from . import search
from .model import DISORDER, Compact

HOME, SAME_LANE, OTHER_LANE, SPACE, BURIES = 0, 1, 20, 21, 22  # the order of the moves' kinds


@dataclass
class Found:
    """What the scan found: ``result`` (won, lost or unknown), the positions it saw, and
    for a win the position won (``key``) with the links back to the start (``parent``)
    and the moves made before the first (``made``)."""

    result: str
    positions: int
    key: Any = None
    parent: dict[Any, Any] = field(default_factory=dict)
    made: list[Any] = field(default_factory=list)


def applies(model: Any) -> TypeGuard[Compact]:
    """Does the depth-first scan search this model? Where each card has a lane home."""
    return isinstance(model, Compact) and model.lanes is not None


def depth_first(model: Compact, budget: int, deadline: float | None = None) -> Found:
    """Search ``model`` depth first, at most ``budget`` positions (see the module's docstring);
    stop, undecided, at ``deadline`` (a reading of the search's ``clock``) too."""
    model.hold(DISORDER)
    state, made = model.settle_home(model.start())
    root = model.key(state)
    parent: dict[Any, Any] = {root: None}
    if model.won(state):
        return Found("won", 1, root, parent, made)
    stack = [_children(model, state, root, parent)]
    steps = 0
    while stack:
        kids = stack[-1]
        steps += 1
        if isinstance(kids, tuple):  # a position won
            return Found("won", len(parent), kids[1], parent, made)
        if len(parent) >= budget or (deadline is not None and not steps % search.CLOCK_EVERY
                                     and search.clock() >= deadline):
            return Found("unknown", len(parent))
        if not kids:
            stack.pop()
            continue
        child, ck = kids.pop()
        stack.append(_children(model, child, ck, parent))
    return Found("lost", len(parent))


def _children(model: Compact, state: Any, key: Any,
              parent: dict[Any, Any]) -> list[tuple[Any, Any]] | tuple[str, Any]:
    """The positions after ``state`` not seen before, recorded in ``parent``, the one to try
    first last (the stack's top); or ``("won", key)`` where one of them is won."""
    ranked: list[tuple[tuple[int, int], int, Any, Any]] = []
    home = _home(model, state)
    for child, ck in search.unseen(model, state, key, parent, False):
        if model.won(child):
            return ("won", ck)
        ranked.append(((_kind(model, state, child, home), model.score(child)), -len(ranked), child, ck))
    ranked.sort(reverse=True)
    return [(child, ck) for _, _, child, ck in ranked]


def _home(model: Compact, state: Any) -> int:
    return sum(len(state[0][i]) for i in model.goal)


def _kind(model: Compact, state: Any, child: Any, home: int) -> int:
    """Where the move to ``child`` stands in the order of the module's docstring."""
    if _home(model, child) > home:
        return HOME
    lane, place = model.lanes  # type: ignore[misc]  # ``applies``: the model has lanes
    for i in model.laid:
        pile = child[0][i]
        if len(pile) <= len(state[0][i]):
            continue
        card = pile[-1]
        if len(pile) == 1:
            return SPACE
        below = pile[-2]
        if lane[card] < 0 or lane[below] != lane[card]:
            return OTHER_LANE
        gap = place[below] - place[card]
        return SAME_LANE + min(gap, OTHER_LANE - SAME_LANE - 1) if gap >= 0 else BURIES
    return OTHER_LANE
