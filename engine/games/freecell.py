"""The FreeCell family: FreeCell, Eight Off and Penguin; Baker's Game, Seahaven Towers,
Fore Cell and King Albert.

Readings: docs/readings/freecell.md and docs/readings/cells-and-castles.md. All data:
cells, the supermove formula (which counts empty cells and the spaces that take any card,
so the king-only spaces of Eight Off, Seahaven Towers and Fore Cell add nothing),
FreeCell's Microsoft deal numbers (Baker's Game shares them), Penguin's beak, which sets
the base rank of the whole game, and King Albert's reserve: seven one-card places that
give cards and never take one.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import ACE
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup

TO_ANYWHERE = (Kind.FOUNDATION, Kind.TABLEAU, Kind.CELL)


def cells(count: int, row: int, deal: int | tuple[int, ...] = 0) -> PileGroup:
    """Places that each hold any one card."""
    return PileGroup("c", Kind.CELL, "Cell {n}", count=count, empty=Empty.ANY, pick=Pick.TOP,
                     to=(Kind.FOUNDATION, Kind.TABLEAU), deal=deal, at=(row, 0))


def foundations(row: int, col: int) -> PileGroup:
    return PileGroup("f", Kind.FOUNDATION, "Foundation {n}", count=4, build=Build.SUIT,
                     direction=Direction.UP, empty=Empty.BASE, base_rank=ACE, max_cards=13, at=(row, col))


FREECELL = register(GameSpec(
    slug="freecell",
    title="FreeCell",
    family="freecell",
    decks=1,
    description="All 52 cards face up in eight columns, four free cells; build down in alternating "
                "colours. Deal numbers are Microsoft's.",
    groups=(
        cells(4, 0),
        foundations(0, 4),
        PileGroup("t", Kind.TABLEAU, "Column {n}", count=8, build=Build.ALT_COLOUR, direction=Direction.DOWN,
                  empty=Empty.ANY, pick=Pick.SUPERMOVE, run=Build.ALT_COLOUR, to=TO_ANYWHERE,
                  deal=(7, 7, 7, 7, 6, 6, 6, 6), at=(1, 0), fan="down"),
    ),
    deal_numbers="microsoft",
    deal_by_rows=True,
))

EIGHT_OFF = register(GameSpec(
    slug="eight-off",
    title="Eight Off",
    family="freecell",
    decks=1,
    description="Eight columns of six built down by suit, eight cells with four cards in them; "
                "spaces take kings only.",
    groups=(
        foundations(0, 2),
        PileGroup("t", Kind.TABLEAU, "Column {n}", count=8, build=Build.SUIT, direction=Direction.DOWN,
                  empty=Empty.KING, pick=Pick.SUPERMOVE, run=Build.SUIT, to=TO_ANYWHERE,
                  deal=6, at=(2, 0), fan="down"),
        cells(8, 1, deal=(1, 1, 1, 1, 0, 0, 0, 0)),
    ),
))

PENGUIN = register(GameSpec(
    slug="penguin",
    title="Penguin",
    aliases=("Beak and Flipper",),
    family="freecell",
    decks=1,
    description="The first card dealt, the beak, sets the base rank; build down by suit round the "
                "corner, move any run in suit, seven cells in the flipper.",
    groups=(
        PileGroup("f", Kind.FOUNDATION, "Foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP,
                  wrap=True, empty=Empty.BASE, starts_with=True, max_cards=13, at=(0, 0)),
        cells(7, 1),
        PileGroup("t", Kind.TABLEAU, "Column {n}", count=7, build=Build.SUIT, direction=Direction.DOWN,
                  wrap=True, empty=Empty.BELOW_BASE, pick=Pick.RUN, run=Build.SUIT, to=TO_ANYWHERE,
                  deal=7, at=(2, 0), fan="down"),
    ),
    base_from_deal=True,
))

BAKERS_GAME = register(replace(
    FREECELL,
    slug="bakers-game",
    title="Baker's Game",
    description="FreeCell as C. L. Baker played it before FreeCell: eight columns, four cells, "
                "build down by suit. Deal numbers are Microsoft's, as FreeCell's.",
    groups=(
        cells(4, 0),
        foundations(0, 4),
        replace(FREECELL.group("t"), build=Build.SUIT, run=Build.SUIT),
    ),
))

SEAHAVEN_TOWERS = register(GameSpec(
    slug="seahaven-towers",
    title="Seahaven Towers",
    aliases=("Sea Towers",),
    family="freecell",
    decks=1,
    description="Ten columns of five built down by suit, four cells with the last two cards in "
                "the middle two; spaces take kings only.",
    groups=(
        PileGroup("t", Kind.TABLEAU, "Column {n}", count=10, build=Build.SUIT, direction=Direction.DOWN,
                  empty=Empty.KING, pick=Pick.SUPERMOVE, run=Build.SUIT, to=TO_ANYWHERE,
                  deal=5, at=(1, 0), fan="down"),
        cells(4, 0, deal=(0, 1, 1, 0)),
        foundations(0, 6),
    ),
    deal_by_rows=True,
))

FORE_CELL = register(GameSpec(
    slug="fore-cell",
    title="Fore Cell",
    family="freecell",
    decks=1,
    description="FreeCell with eight columns of six and the last four cards in the four cells; "
                "spaces take kings only.",
    groups=(
        PileGroup("t", Kind.TABLEAU, "Column {n}", count=8, build=Build.ALT_COLOUR, direction=Direction.DOWN,
                  empty=Empty.KING, pick=Pick.SUPERMOVE, run=Build.ALT_COLOUR, to=TO_ANYWHERE,
                  deal=6, at=(1, 0), fan="down"),
        cells(4, 0, deal=1),
        foundations(0, 4),
    ),
    deal_by_rows=True,
))

KING_ALBERT = register(GameSpec(
    slug="king-albert",
    title="King Albert",
    aliases=("Idiot's Delight",),
    family="freecell",
    decks=1,
    description="Nine columns of one to nine cards built down in alternating colours, one card at "
                "a time; a reserve of seven cards, any of which may be played.",
    groups=(
        PileGroup("t", Kind.TABLEAU, "Column {n}", count=9, build=Build.ALT_COLOUR, direction=Direction.DOWN,
                  empty=Empty.ANY, pick=Pick.TOP, to=(Kind.FOUNDATION, Kind.TABLEAU),
                  deal=tuple(range(1, 10)), at=(1, 0), fan="down"),
        # The "Belgian reserve": seven single places whose cards may each be played at any
        # time, and which take nothing, not even once emptied.
        PileGroup("r", Kind.RESERVE, "Reserve {n}", count=7, pick=Pick.TOP,
                  to=(Kind.FOUNDATION, Kind.TABLEAU), deal=1, at=(0, 1)),
        PileGroup("f", Kind.FOUNDATION, "Foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP,
                  empty=Empty.BASE, base_rank=ACE, max_cards=13, at=(0, 9), step=(1, 0)),
    ),
))
