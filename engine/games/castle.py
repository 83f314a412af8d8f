"""The Beleaguered Castle family, beyond Well (well.py): Beleaguered Castle and Fortress;
Streets and Alleys and Siegecraft.

Readings: docs/readings/beleaguered-castle.md and docs/readings/cells-and-castles.md. Open
games of one pack with no stock: all data, from Well's vocabulary (rows that build both
ways by suit), Deuces' supermove and FreeCell's cells.
"""

from __future__ import annotations

from ..cards import ACE
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup

F, T, C = Kind.FOUNDATION, Kind.TABLEAU, Kind.CELL


def foundations(*, dealt: bool, top: int = 0) -> PileGroup:
    """A column of four foundations, aces up by suit, between the two wings of rows
    (``top``: the grid row it starts on, below a cell)."""
    return PileGroup("f", F, "Foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP,
                     empty=Empty.BASE, base_rank=ACE, starts_with=dealt, max_cards=13, at=(top, 2), step=(1, 0))


def rows(count: int, deal: int | tuple[int, ...], build: Build, direction: Direction, run: Build,
         top: int = 0, to: tuple[Kind, ...] = (F, T)) -> PileGroup:
    """Rows fanned in two wings, left and right of the foundations, each row two cells wide."""
    return PileGroup("t", T, "Row {n}", count=count, build=build, direction=direction, empty=Empty.ANY,
                     pick=Pick.SUPERMOVE, run=run, to=to, deal=deal, at=(top, 0), step=(1, 0),
                     per_line=count // 2, line_step=(0, 3), fan="right")


BELEAGUERED_CASTLE = register(GameSpec(
    slug="beleaguered-castle",
    title="Beleaguered Castle",
    aliases=("Laying Siege", "Sham Battle"),
    family="beleaguered-castle",
    decks=1,
    description="Aces out as foundations; eight rows of six build down regardless of suit; no stock.",
    fold=True,
    groups=(foundations(dealt=True), rows(8, 6, Build.ANY_SUIT, Direction.DOWN, Build.ANY_SUIT)),
))

FORTRESS = register(GameSpec(
    slug="fortress",
    title="Fortress",
    family="beleaguered-castle",
    decks=1,
    description="All 52 cards in ten rows; foundations from the aces; rows build up or down by suit.",
    fold=True,
    groups=(foundations(dealt=False),
            rows(10, (6, 5, 5, 5, 5, 6, 5, 5, 5, 5), Build.SUIT, Direction.EITHER, Build.SUIT)),
))

STREETS_AND_ALLEYS = register(GameSpec(
    slug="streets-and-alleys",
    title="Streets and Alleys",
    family="beleaguered-castle",
    decks=1,
    description="Beleaguered Castle with the aces dealt among the rows: eight rows of seven and "
                "six, foundations from empty; build down regardless of suit.",
    fold=True,
    groups=(foundations(dealt=False), rows(8, (7, 7, 7, 7, 6, 6, 6, 6), Build.ANY_SUIT, Direction.DOWN, Build.ANY_SUIT)),
))

SIEGECRAFT = register(GameSpec(
    slug="siegecraft",
    title="Siegecraft",
    family="beleaguered-castle",
    decks=1,
    description="Beleaguered Castle with one cell above the foundations that holds any one card.",
    fold=True,
    groups=(
        PileGroup("c", C, "Cell", empty=Empty.ANY, pick=Pick.TOP, to=(F, T), at=(0, 2)),
        foundations(dealt=True, top=1),
        rows(8, 6, Build.ANY_SUIT, Direction.DOWN, Build.ANY_SUIT, top=1, to=(F, T, C)),
    ),
))
