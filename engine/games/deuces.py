"""Deuces (source: deuces.txt): Busy Aces' harder cousin with the twos as foundations."""

from __future__ import annotations

from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, StockRule

DEUCES = register(GameSpec(
    slug="deuces",
    title="Deuces",
    family="forty-thieves",
    decks=2,
    low_rank=2,
    description="Two decks; the eight twos start the foundations; ten piles build down by suit.",
    groups=(
        PileGroup("stock", Kind.STOCK, "Stock", at=(0, 0)),
        PileGroup("waste", Kind.WASTE, "Waste", pick=Pick.TOP, to=(Kind.FOUNDATION, Kind.TABLEAU), at=(0, 1)),
        PileGroup("f", Kind.FOUNDATION, "Foundation {n}", count=8, build=Build.SUIT,
                  direction=Direction.UP, empty=Empty.BASE, base_rank=2, starts_with=True,
                  max_cards=13, at=(0, 2)),
        PileGroup("t", Kind.TABLEAU, "Pile {n}", count=10, build=Build.SUIT, direction=Direction.DOWN,
                  empty=Empty.ANY, pick=Pick.SUPERMOVE, to=(Kind.FOUNDATION, Kind.TABLEAU),
                  deal=1, at=(1, 0), fan="down"),
    ),
    stock=StockRule(deal_to="waste", label="Turn a card", done="Turned a card"),
))
