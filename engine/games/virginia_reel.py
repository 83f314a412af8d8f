"""Virginia Reel: three rows of eight places, each row kept for one rank, building in
suit by threes; a reserve fed by the stock; aces thrown out.

Reading: docs/readings/odd-ones.md (Virginia Reel). Almost all of it is data: places that
are foundations whose top card may still move on (``pick`` on a foundation group), a
written sequence that a place follows only from its row's rank, the first 2, 3 and 4 of the
shuffled pack heading the rows (``first_found``), a discard for dead aces (a discard with a
``base_rank``), a deal blocked while any place is empty. The hook adds one move: two lone
cards in each other's rows change places.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import ACE
from ..hooks import Hooks
from ..moves import Move
from ..registry import register
from ..spec import Build, Empty, GameSpec, Kind, Pick, PileGroup, StockRule, steps

if TYPE_CHECKING:
    from ..game import Game

F, D = Kind.FOUNDATION, Kind.DISCARD
ROWS = ("two", "three", "four")


def lone(game: Game) -> list[str]:
    """The places holding a single card."""
    return [pid for prefix in ROWS for pid in game.spec.group(prefix).ids() if len(game.piles[pid]) == 1]


def swaps(game: Game, a: str, b: str) -> bool:
    """May the lone cards of places ``a`` and ``b`` change places: each the rank of the
    other's row, and the rows different?"""
    ga, gb = game.group_of[a], game.group_of[b]
    pa, pb = game.piles[a], game.piles[b]
    return (ga is not gb and ga.prefix in ROWS and gb.prefix in ROWS and len(pa) == 1 and len(pb) == 1
            and pa[0].rank == gb.base_rank and pb[0].rank == ga.base_rank)


class VirginiaReelHooks(Hooks):
    def extra_moves(self, game: Game) -> list[Move]:
        # Lone misplaced cards by (the row they lie in, the rank they are): a card of rank
        # r in row X swaps with a card of X's rank lying in the row of r.
        misplaced: dict[tuple[int, int], list[str]] = {}
        for pid in lone(game):
            g = game.group_of[pid]
            rank = game.piles[pid][0].rank
            if g.base_rank is not None and rank != g.base_rank:
                misplaced.setdefault((g.base_rank, rank), []).append(pid)
        return [Move.step(a, b) for (row, rank), sources in misplaced.items()
                for a in sources for b in misplaced.get((rank, row), ())]

    def apply(self, game: Game, move: Move) -> bool:
        if move.action or len(move.sources) != 1 or not swaps(game, move.source, move.target):
            return False
        piles = game.piles
        piles[move.source], piles[move.target] = piles[move.target], piles[move.source]
        return True

    def explain(self, game: Game, move: Move) -> str | None:
        if move.action or len(move.sources) != 1 or move.source not in game.piles or move.target not in game.piles:
            return None
        a, b = move.source, move.target
        ga, gb = game.group_of[a], game.group_of[b]
        if (ga.prefix in ROWS and gb.prefix in ROWS and ga is not gb and len(game.piles[a]) == 1
                and len(game.piles[b]) == 1 and game.piles[b][0].rank != gb.base_rank):
            return (f"{game.pile_name(a)} and {game.pile_name(b)} may change cards only when each card then lies "
                    "in the row of its rank")
        return None


def row(prefix: str, name: str, rank: int, at: float) -> PileGroup:
    """A row of eight places kept for ``rank``: a place holding it builds up in suit by
    threes to four cards; the first of the rank out of the pack heads the row."""
    return PileGroup(prefix, F, name, count=8, build=Build.SUIT, sequence=steps(rank, 3, 4), empty=Empty.BASE,
                     base_rank=rank, first_found=True, pick=Pick.TOP, to=(F, D), deal=(0, 1, 1, 1, 1, 1, 1, 1),
                     at=(at, 0))


VIRGINIA_REEL = register(GameSpec(
    slug="virginia-reel",
    title="Virginia Reel",
    family="other",
    decks=2,
    description="Three rows of eight places kept for the twos, threes and fours, each building in suit by threes "
                "(2 5 8 J, 3 6 9 Q, 4 7 10 K); a reserve of eight fed by the stock; the aces are thrown out.",
    groups=(
        row("two", "Twos row, place {n}", 2, 0),
        row("three", "Threes row, place {n}", 3, 1),
        row("four", "Fours row, place {n}", 4, 2),
        PileGroup("r", Kind.RESERVE, "Reserve {n}", count=8, pick=Pick.TOP, to=(F, D), deal=1, at=(3.25, 0), fan="down"),
        PileGroup("discard", D, "Discarded aces", base_rank=ACE, at=(0, 8.25)),
        PileGroup("stock", Kind.STOCK, "Stock", at=(3.25, 8.25)),
    ),
    stock=StockRule(deal_to="r", blocked_by_empty=ROWS, label="Deal"),
    hooks=VirginiaReelHooks(),
))
