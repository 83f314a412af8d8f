"""The engine itself as the solver's model (``engine.solver.verdict.Model``): for a game whose
hooks no table can say, it searches what the compact model (``engine.solver.model``) cannot,
at about four times the cost of a position (``engine.solver.search.ENGINE_COST``), and
scores positions as the compact model does.
"""

from __future__ import annotations

from typing import Any

from ..auto import safe_moves
from ..game import Game
from ..moves import Move
from ..rules import drop_refusal, empty_takes, run_length
from ..spec import Empty, Kind, Pick
from .model import WEIGHTS, stock_buried
from .tables import builds_loosely, code_of, widening


class EngineModel:
    """The engine itself as a search model, for games whose hooks no table can say: a
    position is an engine snapshot, and moves are the engine's own."""

    def __init__(self, game: Game) -> None:
        self.work = work = game.working_copy()
        self.pruned = False
        self.widen = widening(game.spec)
        self.codes = {c: code_of(c) for p in game.order for c in game.piles[p]}
        self.goal = tuple(work._lay.index[p] for p in work._lay.goal_ids)
        goal = set(work._lay.goal_ids)
        self.laid = tuple(p for p in game.order if p not in goal)
        group = work.group_of
        self.open_spaces = frozenset(p for p in self.laid if group[p].kind is Kind.CELL
                                     or (group[p].kind is Kind.TABLEAU and empty_takes(work, group[p]) == 0))
        self.foundations = tuple(p for p in work._lay.goal_ids if work.group_of[p].kind is Kind.FOUNDATION)
        self.dealt = tuple(p for p in self.laid if work.group_of[p].kind not in (Kind.STOCK, Kind.WASTE))
        self.faces = tuple({(c.suit, c.rank): c for p in game.order for c in game.piles[p]}.values())
        self._takes: dict[Any, frozenset[int]] = {}
        self._scored: tuple[Any, int] = (None, 0)
        # Piles keyed by their length and top card alone, as the compact model keys them
        # (``keying._topmost``): a foundation that builds loosely, whose cards never move on.
        self.topmost = frozenset(i for i, p in enumerate(game.order) if _topmost(group[p]))
        # The discard pile of cards taken off in pairs (``GameSpec.pairs``), keyed by its
        # length alone: nothing is ever built on it nor taken from it, so which pairs went
        # first cannot change what follows (Pyramid: every order of the same pairs taken
        # off was a new position).
        # So is the discard pile of cards thrown out as outranked (``GameSpec.outranked``).
        heaps = [rule.to for rule in (game.spec.pairs, game.spec.outranked) if rule is not None]
        self.counted = frozenset(work._lay.index[pid] for pid in heaps)
        # A game won in one pile (``GameSpec.one_pile``): its piles, which are keyed by
        # their top card alone as well (a pile counts as the card showing on it: Accordion).
        self.one = tuple(work._lay.index[p] for p in work._lay.one_ids)
        self.goal_count = work.goal_count
        self.topmost |= frozenset(i for i, p in enumerate(game.order) if group[p].pick is Pick.PILE)

    def start(self) -> Any:
        return self.work.snapshot()

    def opinions(self, scan: str = "standard") -> tuple[int, ...]:
        return (0,)  # one way to score, whatever the scan

    def hold(self, opinion: int) -> None:
        pass

    def retraced(self) -> bool:
        return False

    def moves(self, state: Any, shortcuts: bool) -> list[Move]:
        self.work.restore(state)
        return self.work.generate_moves()

    def apply(self, state: Any, move: Move) -> tuple[Any, list[Move]]:
        self.work.restore(state)
        self.work.advance(move)
        return self._home()

    def settle_home(self, state: Any) -> tuple[Any, list[Move]]:
        self.work.restore(state)
        return self._home()

    def _home(self) -> tuple[Any, list[Move]]:
        """Play the moves home that can never cost a win (``safe_moves`` by its strict
        rule: every card that could rest on the card is home already), one at a time, as
        the compact model does before branching."""
        work = self.work
        made: list[Move] = []
        while True:
            safe = safe_moves(work, strict=True)
            if not safe:
                snap = work.snapshot()
                self._scored = (snap, self._score_here())
                return snap, made
            work.advance(safe[0])
            made.append(safe[0])

    def key(self, state: Any) -> Any:
        cards, down, *rest = state
        codes = self.codes
        top, counted = self.topmost, self.counted
        return (tuple(bytes((d, len(pile))) if i in counted
                      else bytes((d, len(pile), *[codes[c] for c in pile[-1:]])) if i in top
                      else bytes((d, *[codes[c] for c in pile])) for i, (pile, d) in enumerate(zip(cards, down))), *rest)

    def won(self, state: Any) -> bool:
        cards, down = state[0], state[1]  # as ``Game.is_won``: face-down cards are not home
        if self.one:
            return any(len(cards[i]) == self.goal_count for i in self.one)
        return bool(sum(len(cards[i]) - down[i] for i in self.goal) == self.work.goal_count)

    def score(self, state: Any) -> int:
        """As the compact model scores (``Compact.score``): cards away from home, cards
        buried under each pile's top run, less each empty place that takes any card. The
        position just reached is scored as it is settled; another is restored first."""
        if self._scored[0] is not state:
            self.work.restore(state)
            self._scored = (state, self._score_here())
        return self._scored[1]

    def _score_here(self) -> int:
        work = self.work
        away = work.goal_count - sum(len(work.piles[p]) for p in work._lay.goal_ids)
        if self.one:  # the moves still to make: each joins two piles or deals a card
            return WEIGHTS[0] * (sum(1 for p in work._lay.one_ids if work.piles[p]) - 1
                                 + (len(work.piles[work.stock_id]) if work.stock_id else 0))
        rule = work.spec.stock
        turns_again = bool(rule and (rule.gather or (rule.redeal_waste and work.has_redeal())))
        buried = 0
        for pid in self.laid:
            g = work.group_of[pid]
            n = len(work.piles[pid])
            if not n:
                buried -= WEIGHTS[3] if pid in self.open_spaces else 1
            elif g.kind is Kind.STOCK or g.kind is Kind.WASTE:
                buried += stock_buried(n, g.kind is Kind.WASTE, turns_again)
            elif g.kind is Kind.CELL:
                buried += n
            else:
                buried += n - run_length(work, pid, moving=False)
        return WEIGHTS[0] * away + WEIGHTS[1] * buried + WEIGHTS[2] * self._wanted()

    def _wanted(self) -> int:
        """For each foundation, how many cards lie on the nearest card it takes now, in the
        piles laid out (not the stock or waste). What a foundation takes is asked of the
        rules once per foundation, top card and height; how deep each card lies, once per
        position."""
        work = self.work
        codes = self.codes
        near: dict[int, int] | None = None  # card code -> cards on its nearest copy
        total = 0
        for f in self.foundations:
            pile = work.piles[f]
            key = (f, (pile[-1].suit, pile[-1].rank) if pile else None, len(pile))
            takes = self._takes.get(key)
            if takes is None:
                takes = self._takes[key] = frozenset(codes[c] for c in self.faces if drop_refusal(work, f, c) is None)
            if not takes:
                continue
            if near is None:
                near = {}
                for pid in self.dealt:
                    cards = work.piles[pid]
                    top = len(cards) - 1
                    for depth in range(top + 1):
                        code = codes[cards[top - depth]]
                        known = near.get(code)
                        if known is None or depth < known:
                            near[code] = depth
            total += min((near[c] for c in takes if c in near), default=0)
        return total

    def move(self, move: Move) -> Move:
        return move

    def played(self, move: Move) -> list[Move]:
        return [move]


def _topmost(g: Any) -> bool:
    """Is a pile of group ``g`` told apart by its length and top card alone? A foundation
    that builds loosely (any neighbouring rank of any suit), whose cards never move on, and
    whose fit reads its top card alone (no sequence, no suit kept per pile, no paired ends):
    the order of the cards beneath cannot change what it takes (``keying._topmost``)."""
    return (g.kind is Kind.FOUNDATION and builds_loosely(g) and (g.pick is Pick.NONE or not g.to)
            and not g.sequence and not g.one_per_suit and g.empty is not Empty.PAIRED_ENDS)
