"""Virginia Reel: three rows of eight places, each row kept for one rank, building in
suit by threes; a reserve fed by the stock; aces thrown out.

Reading: docs/readings/odd-ones.md (Virginia Reel). All of it is data: places that are
foundations whose top card may still move on (``pick`` on a foundation group), a written
sequence that a place follows only from its row's rank, the first 2, 3 and 4 of the
shuffled pack heading the rows (``first_found``), a discard for dead aces (a discard with a
``base_rank``), a deal blocked while any place is empty, and two lone cards in each other's
rows changing places (``GameSpec.swaps``).
"""

from __future__ import annotations

from ..cards import ACE
from ..registry import register
from ..spec import Build, Empty, GameSpec, Kind, Pick, PileGroup, StockRule, steps

F, D = Kind.FOUNDATION, Kind.DISCARD
ROWS = ("two", "three", "four")


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
    swaps=ROWS,
))
