"""The Klondike family: Klondike turning three cards and turning one, and Gargantua.

Readings: docs/readings/klondike.md. All data: the triangle of face-down cards, any
face-up run in alternating colours moving as a unit, spaces for kings only, a waste
turned one or three cards at a time and turned over again, and foundation cards that may
be played back to the tableau.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import ACE
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, StockRule


def foundations(count: int) -> PileGroup:
    """Aces up by suit to kings; the top card may come back to the tableau ("worrying back")."""
    return PileGroup("f", Kind.FOUNDATION, "Foundation {n}", count=count, build=Build.SUIT,
                     direction=Direction.UP, empty=Empty.BASE, base_rank=ACE, max_cards=13,
                     pick=Pick.TOP, to=(Kind.TABLEAU,), at=(0, 3 if count == 4 else 2))


def triangle(count: int) -> PileGroup:
    """Pile n holds n cards, only the top one face up."""
    return PileGroup("t", Kind.TABLEAU, "Pile {n}", count=count, build=Build.ALT_COLOUR,
                     direction=Direction.DOWN, empty=Empty.KING, pick=Pick.RUN, run=Build.ALT_COLOUR,
                     to=(Kind.FOUNDATION, Kind.TABLEAU), deal=tuple(range(1, count + 1)),
                     deal_down=tuple(range(count)), at=(1, 0), fan="down")


STOCK = PileGroup("stock", Kind.STOCK, "Stock", at=(0, 0))
WASTE = PileGroup("waste", Kind.WASTE, "Waste", pick=Pick.TOP, to=(Kind.FOUNDATION, Kind.TABLEAU),
                  at=(0, 1), fan="right", show=3)

KLONDIKE = register(GameSpec(
    slug="klondike",
    title="Klondike",
    aliases=("Classic Solitaire", "American Patience"),
    family="klondike",
    decks=1,
    description="Seven piles in a triangle; build down in alternating colours; turn the stock "
                "three cards at a time, as often as you like.",
    groups=(STOCK, WASTE, foundations(4), triangle(7)),
    stock=StockRule(deal_to="waste", draw=3, redeal_waste=True, label="Turn three cards", done="Turned three cards"),
    redeals=None,
    redeal_label="Turn the waste over",
))

KLONDIKE_DRAW_ONE = register(replace(
    KLONDIKE,
    slug="klondike-draw-one",
    title="Klondike (draw one)",
    deals_as="klondike",  # deal N is Klondike's deal N: one deal played turning one and turning three
    aliases=(),
    description="Klondike turning the stock one card at a time, as often as you like.",
    groups=(STOCK, replace(WASTE, fan="none", show=0), foundations(4), triangle(7)),
    stock=StockRule(deal_to="waste", draw=1, redeal_waste=True, label="Turn a card", done="Turned a card"),
))

GARGANTUA = register(GameSpec(
    slug="gargantua",
    title="Gargantua",
    aliases=("Double Klondike", "Jumbo"),
    family="klondike",
    decks=2,
    description="Klondike with two packs: nine piles in a triangle, eight foundations, two passes "
                "through the stock one card at a time.",
    groups=(STOCK, replace(WASTE, fan="none", show=0), foundations(8), triangle(9)),
    stock=StockRule(deal_to="waste", draw=1, redeal_waste=True, label="Turn a card", done="Turned a card"),
    redeals=1,
    redeal_label="Turn the waste over",
    hint_scan="greedy",
))
