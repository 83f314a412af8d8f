"""The depth-first scan (``solve(..., scan="depth-first")``): a second run over the deals the
standard scan left undecided, where each card has a lane home and a place in it
(``Tables.lanes``).

Where cards wait on piles that take any card (Sir Tommy's and Calculation's four waste
piles), a win is a line of one choice a card: which pile each card of the stock goes onto.
The standard scan's best first spreads its budget over every way of placing the first dozen
cards, since placing a card changes its score little; a player's rule of thumb wins instead,
followed to the end. That is this scan: depth first, each position's moves tried in the
order a player would try them:

1. a move that sends a card home (or lets one go home by itself);
2. a card laid on one of its own lane that goes home after it, the closer the better (a 5
   on a 6 before a 5 on a 9: the piles then come off in order);
3. a card laid on one of another lane;
4. a card laid in a space (kept for a card that has nowhere else);
5. a card laid on one of its lane that must go home first (burying it);

and among equals, by the second opinion's score (``Compact.score`` with the disorder
counted). "Goes home after" is read from the foundations as they stand (``waits``): how many
cards each foundation still needs before a card, the fewest of any. Where every foundation
builds one suit, that is the lane's order; where they build regardless of suit it is not
(Calculation's foundations, by ones, twos, threes and fours, each need a 7 at another time,
and which comes first changes as they grow).

Where the piles take any card and give it only to its home, which is one place of one
foundation (Strategy's eight reserves: ``home_only``), a card laid on one of another lane
that goes home no sooner ranks with 2, by the gap as well (a 5 of hearts on a 6 of clubs
before a 5 on a 9), and one that goes home sooner comes after 4, the smaller the gap the
sooner (a 5 on a 4 before a 5 on a 2). There, too, a position is left out where the
order in which the piles' cards must go home (each above the card it lies on) and the
lanes' order make a cycle (``deadlocked``: a 3 of clubs on the 2 of hearts, and the 4 of
hearts on the 2 of clubs): it is lost. Strategy's deals 1-20 at 5,000 positions, won before
-> since: 0 -> 17, 16 of them with no move undone (142 positions). Leaving it out is sound,
so a "lost" stays a proof. (Where the piles build, by that order Baker's Dozen's deals 1-40
won 8, not 15, and Yukon's 6, not 12: there a card laid on another lane may move on.)

Undone from the last choice back, a rule of thumb that erred near the start is never
righted in the budget. So the scan goes over the tree in passes of limited discrepancy: the
first follows the rule of thumb alone; the next ones may leave it (take a move other than
the first) at most 1, 2 and 4 times on their way down, and the last as often as it likes,
each pass a depth-first search of its own. (Passes of 8, 16 ... won no more of the deals
below, and the proofs of Fortress deals lost took half as long again.) Deals 1-40 at 5,000
positions, won by one depth-first search with the lanes' fixed places (search 10) -> by these
passes with the foundations read as they stand: Calculation 1 -> 16, Sir Tommy 6 -> 6,
Baker's Dozen 10 -> 15; of the first ten deals the earlier runs left undecided, Bisley 2 -> 6
and Royal Cotillion 0 -> 2.

**The greedy scan** (``solve(..., scan="greedy")``) is the same passes in any compact model,
each position's moves tried in the order of the standard score alone (``Compact.score``: the
best-scored first), with the search's unsound shortcuts (``Compact.moves``: a card is not
moved off the one it was built on for nothing). Best first, in long games, spends its budget
on plateaus: Spider (one suit) has thousands of ways of moving its runs from pile to pile at
one score, and best first tries them all before it deals; following the best-scored move
down to the end, then leaving it a few times, wins there. Of Spider (one suit)'s deals left
undecided by best first at 1,000,000 positions, the first ten are all won in 725-36,757
positions; of six such deals each at 30,000, Backbone 4, Busy Aces 3, Eights Down and
Gargantua 2, where the depth-first scan's player's order won 0, 0, 1 and 0 (2026-11-30).
A pass that left a move out by a shortcut has not seen every position, so it says nothing;
the last pass, without limit, takes no shortcut, and its "lost" is the proof.

The search is complete: a pass that never had to leave a move out for want of discrepancy
(the last always) has seen every position reachable (each position is expanded again only
when reached with more discrepancy left than before, keyed as the standard scan keys them),
without the first pass's unsound shortcuts; only such a pass says "lost", and it is a proof
as before. The budget counts the positions of every pass. Both scans run wholly in the
compiled core where it is built and no deadline is set (``_core.c``'s ``passes``,
``csrc/passes.h``: the same positions in the same order, the same verdict after the same
count, the same lines; tests/engine/test_core.py), but for the depth-first scan where piles
give cards only home (Strategy: the cycles of ``deadlocked`` are Python's alone), which
takes its moves, keys and scores from the core. Deals 1-5 at 20,000 positions
(``benchmarks/solver_speed.py --scan``): the greedy scan 30-73 times as fast as in pure
Python, the depth-first one 37-64 times (Calculation 260,000 positions a second); over the
core's moves in Python it had been 27,000-33,000.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from ..dealing import new_pack
from ..moves import Move
from ..spec import Pick
from . import best_first, search
from .core import core_of
from .model import DISORDER, Compact
from .lanes import starts_of

# The order of the moves' kinds: a gap of up to GAPS places between a card and the one it is
# laid on ranks each kind of lay by the gap (the smaller, the sooner).
GAPS = 20
HOME, LATER, UNKNOWN, SPACE, SOONER, BURIES = 0, 1, 1 + GAPS, 2 + GAPS, 3 + GAPS, 3 + 2 * GAPS
LAST = 4  # the last limited pass; the one after it has no limit (one depth-first search)
NEVER = 99  # the wait of a card no foundation takes from where it stands
CORE_RESULTS = (search.WON, search.LOST, search.UNKNOWN)  # the compiled core's 0, 1, 2
CACHE = 1 << 17  # foundations' states whose waits are kept, per model


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
    line: list[Any] | None = None  # from the compiled core: the moves after ``made``, in place of key and parent

    def played(self, model: Compact) -> tuple[Move, ...]:
        """The line found, as moves of the game: to the position won, or, undecided, to the
        best-scored one (none where there is none)."""
        if self.line is not None:
            return tuple(p for m in [*self.made, *self.line] for p in model.played(m))
        return () if self.key is None else best_first._line(model, self.parent, self.key, self.made)


def applies(model: Any) -> TypeGuard[Compact]:
    """Does the depth-first scan search this model? Where each card has a lane home."""
    return isinstance(model, Compact) and model.lanes is not None


def depth_first(model: Compact, budget: int, deadline: float | None = None, greedy: bool = False) -> Found:
    """Search ``model`` in passes of limited discrepancy, at most ``budget`` positions over
    them all (see the module's docstring); stop, undecided, at ``deadline`` (a reading of
    the search's ``clock``) too. ``greedy``: the greedy scan, each position's moves tried in
    the order of the score, in any compact model; where the model has more than one way to
    score for it (``Compact.opinions``), one search after the other, sharing the budget as
    the standard scan's opinions do (each is complete, so a "lost" from either is a proof)."""
    opinions = model.opinions("greedy") if greedy else (DISORDER,)
    state, made = model.settle_home(model.start())
    core = core_of(model)
    root = model.key(state) if core is None else core.key(state)
    if model.won(state):
        return Found(search.WON, 1, root, {root: None}, made)
    spent = 0
    first: Found | None = None
    # The same scan in C (tests/engine/test_core.py), but for the depth-first scan's cycles of
    # cards going home from piles that give them only home (``deadlocked``: Strategy).
    compiled = getattr(core, "passes", None) if deadline is None and (greedy or not home_only(model)) else None
    for n, opinion in enumerate(opinions):
        model.hold(opinion)
        share = max(1, (budget - spent) // (len(opinions) - n))
        if compiled is not None:
            result, positions, line = compiled(state, share, model.disorder, greedy)
            found = Found(CORE_RESULTS[result], positions, line=line)
        else:
            found = _scan(_Passes(model, state, root, deadline, core, greedy), share, greedy)
        spent += found.positions
        found.made = made
        if found.result != search.UNKNOWN:
            found.positions = spent
            return found
        first = first or found  # undecided: the first opinion's best line
        if spent >= budget or deadline is not None and best_first.clock() >= deadline:
            break
    assert first is not None
    first.positions = spent
    return first


def _scan(passes: _Passes, budget: int, greedy: bool) -> Found:
    limit = 0
    while True:
        # The greedy scan's limited passes take the search's unsound shortcuts; the last, which
        # has no limit, does not: its "lost" is the proof.
        found = passes.run(limit, budget, shortcuts=greedy and limit < budget)
        if found is not None:
            return found
        limit = max(1, 2 * limit) if limit < LAST else budget  # budget: more than any way down is deep


class _Passes:
    """The passes over one deal's positions, and what they share: the positions counted so
    far and the waits worked out for the foundations' states. With the model's compiled
    ``core``, ``root`` is the core's key of ``state``."""

    def __init__(self, model: Compact, state: Any, root: Any, deadline: float | None, core: Any = None,
                 greedy: bool = False) -> None:
        self.model, self.core, self.state, self.root, self.deadline = model, core, state, root, deadline
        self.greedy = greedy
        self.spent = 0
        self.waits: dict[tuple[tuple[int, int], ...], list[int]] = {}
        # The positions and the second opinion from the model's compiled core where there is
        # one (the same moves, positions and scores: tests/engine/test_core.py), else the model.
        self.score: Callable[[Any], int] = model.score if core is None else (
            lambda child: int(core.score(child, model.disorder)[0]))
        self.home_only = () if greedy else home_only(model)
        self.shortcuts = False

    def run(self, limit: int, budget: int, shortcuts: bool = False) -> Found | None:
        """One pass, leaving the rule of thumb at most ``limit`` times on a way down: what
        the search found, or None where the pass had to leave moves out for want of
        discrepancy, or took the search's unsound ``shortcuts`` and left a move out so, and
        the budget is not spent (the next pass may go on)."""
        self.shortcuts = shortcuts
        self.model.pruned = False
        parent: dict[Any, Any] = {self.root: None}
        left = {self.root: limit}  # the most discrepancy each position was expanded with
        cut = False
        steps = 0
        best: tuple[int, Any] | None = None  # the greedy scan's best-scored position: its score and key
        stack = [(self._ranked(self.state), limit, self.root)]
        while stack:
            kids, have, key = stack[-1]
            if isinstance(kids, tuple):  # a position won
                parent[kids[0]] = (key, kids[1])
                return Found(search.WON, self.spent + 1, kids[0], parent)
            if not kids:
                stack.pop()
                continue
            steps += 1
            if (self.deadline is not None and not steps % best_first.CLOCK_EVERY
                    and best_first.clock() >= self.deadline):
                return self._undecided(best, parent)
            child, ck, moves, rank, score = kids.pop()
            more = have - 1 if rank else have
            if more < 0:  # so are the rest: each leaves the rule of thumb
                cut = True
                kids.clear()
                continue
            if left.get(ck, -1) >= more:
                continue
            left[ck] = more
            parent[ck] = (key, moves)
            if self.greedy and (best is None or score < best[0]):
                best = (score, ck)
            self.spent += 1
            if self.spent >= budget:
                return self._undecided(best, parent)
            stack.append((self._ranked(child), more, ck))
        return None if cut or shortcuts and self.model.pruned else Found(search.LOST, self.spent)

    def _undecided(self, best: tuple[int, Any] | None, parent: dict[Any, Any]) -> Found:
        """The budget or the time is spent: undecided, with the greedy scan's best-scored
        position of this pass (the line to it is the Hint's suggestion, as best first's is)."""
        return Found(search.UNKNOWN, self.spent, None if best is None else best[1], parent)

    def _ranked(self, state: Any) -> list[tuple[Any, Any, list[Any], int, int]] | tuple[Any, list[Any]]:
        """The positions after ``state``, each with its key, the moves that reach it, its
        rank in the order to try them (0 first) and its score (always in the greedy scan;
        else 0 for a move alone of its kind), the first to try last (the stack's top); or
        ``(key, moves)`` of one that is won."""
        model = self.model
        greedy = self.greedy
        home = _home(model, state)
        waits = [] if greedy else self._waits(state[0])
        kinds: list[tuple[int, Any, Any, list[Any]]] = []
        for child, ck, moves in best_first.children(model, state, self.shortcuts, self.core):
            at_home = _home(model, child)
            if at_home == model.total:  # ``model.won``
                return ck, moves
            if self.home_only and deadlocked(model, self.home_only, child[0]):
                continue
            kind = HOME if greedy or at_home > home else _kind(model, state, child, waits, self.home_only)
            kinds.append((kind, child, ck, moves))
        # The score orders moves of one kind only: a move alone of its kind needs none.
        count = Counter(kind for kind, _, _, _ in kinds)
        ranked = [((kind, self.score(child) if greedy or count[kind] > 1 else 0), -i, child, ck, moves)
                  for i, (kind, child, ck, moves) in enumerate(kinds)]
        ranked.sort(reverse=True)
        last = len(ranked) - 1
        return [(child, ck, moves, last - i, order[1]) for i, (order, _, child, ck, moves) in enumerate(ranked)]

    def _waits(self, piles: tuple[tuple[int, ...], ...]) -> list[int]:
        """For each card, how many cards some foundation needs before it, the fewest of any,
        as the foundations stand in ``piles`` (``NEVER`` where none takes it)."""
        model = self.model
        at = tuple((piles[f][-1] if piles[f] else -1, len(piles[f])) for f in model.foundations)
        waits = self.waits.get(at)
        if waits is not None:
            return waits
        waits = [NEVER] * 52
        for f in model.foundations:
            p, pile = model.piles[f], piles[f]
            fit = p.fit
            if fit is None:
                continue
            level = fit[pile[-1]] if pile else starts_of(p)
            seen: set[int] = set()
            k = 0
            while level and len(pile) + k < p.max_cards:
                for c in level:
                    if k < waits[c]:
                        waits[c] = k
                seen |= level
                level = frozenset(d for c in level for d in fit[c]) - seen
                k += 1
        if len(self.waits) >= CACHE:
            self.waits.clear()
        self.waits[at] = waits
        return waits


def home_only(model: Compact) -> tuple[int, ...]:
    """The piles whose cards can go nowhere but home, where each card has one place at home
    (one pack, a foundation to each lane, none giving a card back): Strategy's reserves.
    Their cards go home in the order they lie, the top first, so a position where that
    order and the lanes' cannot both be kept is lost (``deadlocked``). None elsewhere."""
    if model.lanes is None:
        return ()
    lane = model.lanes[0]
    homes = frozenset(model.foundations)
    pack = Counter((c.rank, c.suit) for c in new_pack(model.spec.decks, model.spec.suits))
    if (max(pack.values()) > 1 or len({n for n in lane if n >= 0}) != len(homes)
            or any(model.piles[f].pick is not Pick.NONE for f in homes)):
        return ()
    return tuple(i for i in model.laid if model.piles[i].targets and model.piles[i].targets <= homes
                 and not model.piles[i].base_stays)


def lays_home(model: Compact) -> bool:
    """Are cards laid, by choice, on piles that give them only home (``home_only``)? There
    the depth-first scan is the standard one too (``search.solve``), and so the Hint's: best
    first cannot tell a lay that dooms the deal forty cards later from one that does not
    (Strategy's deals 1-40 at 3,000 positions: none won best first, 32 depth first).
    Labyrinth's piles give cards only home too, but are dealt, not laid on."""
    only = frozenset(home_only(model))
    return bool(only) and any(only & p.targets for p in model.piles)


def deadlocked(model: Compact, piles_only: tuple[int, ...], piles: tuple[tuple[int, ...], ...]) -> bool:
    """Must some card of the ``home_only`` piles go home both before and after another? A
    card lying on another goes home first; in a lane, the lower place first. The cards
    and those two orders make a graph, lost where it has a cycle (none where the cards
    can be taken off one by one, each with nothing left that must go before it)."""
    lane, place = model.lanes  # type: ignore[misc]  # ``applies``: the model has lanes
    after: dict[int, list[int]] = {}
    before: dict[int, int] = {}
    lanes: dict[int, list[int]] = {}
    for i in piles_only:
        pile = piles[i]
        for k, card in enumerate(pile):
            after[card] = [pile[k - 1]] if k else []
            before[card] = 1 if k + 1 < len(pile) else 0
            lanes.setdefault(lane[card], []).append(card)
    for cards in lanes.values():
        cards.sort(key=place.__getitem__)
        for a, b in zip(cards, cards[1:]):
            after[a].append(b)
            before[b] += 1
    free = [card for card, n in before.items() if not n]
    taken = 0
    while free:
        taken += 1
        for b in after[free.pop()]:
            before[b] -= 1
            if not before[b]:
                free.append(b)
    return taken < len(before)


def _home(model: Compact, state: Any) -> int:
    """Cards at home in ``state``: summed at C's speed, since the scan asks it of every child
    (a third of the greedy scan's time, summed in a generator)."""
    goal = model.goal
    piles = state[0]
    return sum(map(len, map(piles.__getitem__, goal)))


def _kind(model: Compact, state: Any, child: Any, waits: list[int], only: tuple[int, ...] = ()) -> int:
    """Where the move to ``child``, which sends no card home, stands in the order of the
    module's docstring (``only``: the ``home_only`` piles)."""
    lane = model.lanes[0]  # type: ignore[index]  # ``applies``: the model has lanes
    for i in model.laid:
        pile = child[0][i]
        if len(pile) <= len(state[0][i]):
            continue
        card = pile[-1]
        if len(pile) == 1:
            return SPACE
        below = pile[-2]
        if lane[card] < 0 or max(waits[card], waits[below]) >= NEVER:
            return UNKNOWN
        gap: int = waits[below] - waits[card]
        if lane[below] == lane[card] and gap < 0:
            return BURIES
        if lane[below] == lane[card] and gap > 0 or i in only and gap >= 0:
            return LATER + min(gap, GAPS - 1)
        return SOONER + min(-gap - 1, GAPS - 1) if i in only else UNKNOWN
    return UNKNOWN
