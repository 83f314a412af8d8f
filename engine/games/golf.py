"""The Golf family (issue 32): games in which every card goes to one pile, built a rank up or
down regardless of suit, so that the whole deal is played out in a single chain of ranks.

Readings: docs/readings/golf-and-pyramid.md. Golf and Black Hole are data in the existing
vocabulary: one foundation that builds either way (``Direction.EITHER``), with or without
going round the corner (``wrap``), started by a dealt card (``deal=1``) or a named one
(``first_cards``), fed by columns whose top cards go only there; Golf's stock is turned one
card at a time straight onto that foundation (``StockRule(deal_to="f")``).
"""

from __future__ import annotations

from ..cards import KING
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pairs, Pick, PileGroup, StockRule

F, T = Kind.FOUNDATION, Kind.TABLEAU

Place = tuple[float, float]


def overlaps(places: tuple[Place, ...]) -> tuple[tuple[int, ...], ...]:
    """For places laid out in rows one cell apart, each card half over the two cards of the
    row above it that it touches: for each place, the places of the next row half a column
    to either side of it, the cards lying over it (``PileGroup.overlapped_by``)."""
    return tuple(tuple(j for j, (r, c) in enumerate(places) if r == row + 1 and abs(c - col) == 0.5)
                 for row, col in places)


def chain(at: tuple[float, float], *, wrap: bool, name: str = "Foundation", deal: int = 0,
          first_cards: tuple[str, ...] = (), nothing_on: tuple[int, ...] = ()) -> PileGroup:
    """The one foundation of the family: any card one rank above or below its top card,
    whatever the suits (with ``wrap``, a king and an ace are neighbours too; nothing goes
    on a card of a rank in ``nothing_on``)."""
    return PileGroup("f", F, name, build=Build.ANY_SUIT, direction=Direction.EITHER, wrap=wrap, empty=Empty.NONE,
                     nothing_on=nothing_on, deal=deal, first_cards=first_cards, at=at)


GOLF = register(GameSpec(
    slug="golf",
    title="Golf",
    family="golf",
    decks=1,
    description="Seven columns of five, all face up; their top cards go onto one pile a rank up or down regardless "
                "of suit, never round the corner and nothing on a king; the stock is turned onto the pile one card "
                "at a time, once.",
    groups=(
        PileGroup("t", T, "Column {n}", count=7, empty=Empty.NONE, pick=Pick.TOP, to=(F,), deal=5, at=(0, 0),
                  fan="down"),
        PileGroup("stock", Kind.STOCK, "Stock", at=(2.75, 2)),
        # The first card of the stock starts the pile; a king on top ends it until the
        # next card is turned onto it.
        chain(at=(2.75, 3.5), wrap=False, deal=1, nothing_on=(KING,)),
    ),
    stock=StockRule(deal_to="f", label="Turn a card", done="Turned a card"),
))

# The fans stand round the hole as PySolFC lays them out: five above, two on each side of
# it in the two middle rows, four below.
_FAN_PLACES = ((0, 0), (0, 1.5), (0, 3), (0, 4.5), (0, 6),
               (1, 0), (1, 1.5), (1, 4.5), (1, 6),
               (2, 0), (2, 1.5), (2, 4.5), (2, 6),
               (3, 0.75), (3, 2.25), (3, 3.75), (3, 5.25))

BLACK_HOLE = register(GameSpec(
    slug="black-hole",
    title="Black Hole",
    family="golf",
    decks=1,
    description="The ace of spades is the hole; the other 51 cards lie in seventeen fans of three round it, and "
                "their top cards go into the hole a rank up or down regardless of suit, king and ace meeting; no stock.",
    groups=(
        PileGroup("t", T, "Fan {n}", count=17, empty=Empty.NONE, pick=Pick.TOP, to=(F,), deal=3,
                  places=_FAN_PLACES, fan="right"),
        chain(at=(1.5, 3.25), wrap=True, name="Black hole", first_cards=("AS",)),
    ),
))

# TriPeaks: three peaks of 3, 6 and 9 cards over a base row of ten, as one group of 28 places:
# the three tops, the six of the second row (two a peak), the nine of the third, the ten of
# the base; each card half under the two of the row below it. Each row is a cell below the
# one before, so no card covers another's corner on the screen.
_PEAK_PLACES: tuple[Place, ...] = (
    tuple((0, 3 * p + 1.5) for p in range(3))
    + tuple((1, 3 * p + 1 + m) for p in range(3) for m in range(2))
    + tuple((2, j + 0.5) for j in range(9))
    + tuple((3, k) for k in range(10)))

TRIPEAKS = register(GameSpec(
    slug="tripeaks",
    title="TriPeaks",
    aliases=("Tri Peaks", "Three Peaks"),
    family="golf",
    decks=1,
    description="Three peaks of 28 cards, only the base row face up; a card is free once both cards over it are gone, "
                "and free cards go onto one pile a rank up or down regardless of suit, king and ace meeting; the "
                "stock is turned onto the pile one card at a time, once.",
    groups=(
        PileGroup("p", T, "Peak place {n}", count=28, empty=Empty.NONE, max_cards=1, pick=Pick.TOP, to=(F,), deal=1,
                  deal_down=(1,) * 18 + (0,) * 10, overlapped_by=overlaps(_PEAK_PLACES), places=_PEAK_PLACES),
        PileGroup("stock", Kind.STOCK, "Stock", at=(4.25, 3.5)),
        chain(at=(4.25, 5), wrap=True, deal=1),
    ),
    stock=StockRule(deal_to="f", label="Turn a card", done="Turned a card"),
))

# Pyramid: seven rows of 1 to 7 cards, each card half over the two of the row above it
# that it touches, drawn a cell apart as TriPeaks' rows (the board steps each row down from
# the one it lies over, showing its indexes); the stock, waste and discard pile in a row
# below, where the books put them.
_PYRAMID_PLACES: tuple[Place, ...] = tuple((r, (6 - r) / 2 + k) for r in range(7) for k in range(r + 1))

PYRAMID = register(GameSpec(
    slug="pyramid",
    title="Pyramid",
    aliases=("Solitaire 13",),
    family="golf",
    decks=1,
    description="A pyramid of 28 cards in seven rows; two free cards whose values add up to 13 are taken off "
                "together, a king alone; the stock is turned one card at a time onto a waste whose top card pairs "
                "too; one pass, and every card must go.",
    groups=(
        PileGroup("p", T, "Pyramid place {n}", count=28, empty=Empty.NONE, max_cards=1, pick=Pick.TOP,
                  to=(Kind.DISCARD,), deal=1, overlapped_by=overlaps(_PYRAMID_PLACES), places=_PYRAMID_PLACES),
        PileGroup("stock", Kind.STOCK, "Stock", at=(7, 1.5)),
        PileGroup("waste", Kind.WASTE, "Waste", pick=Pick.TOP, to=(Kind.DISCARD,), at=(7, 2.5)),
        PileGroup("d", Kind.DISCARD, "Discard pile", at=(7, 4.5)),
    ),
    stock=StockRule(deal_to="waste", label="Turn a card", done="Turned a card"),
    pairs=Pairs(to="d", groups=("p", "waste")),
))
