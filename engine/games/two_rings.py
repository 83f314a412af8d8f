"""Two Rings (Lady Cadogan): sevens build up to kings, sixes down to aces."""

from __future__ import annotations

from ..cards import KING
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, StockRule

TWO_RINGS = register(GameSpec(
    slug="two-rings",
    title="Two Rings",
    family="lady-cadogan",
    decks=2,
    description="Sevens build up to kings and sixes down to aces, fed from an eight-card bracelet and the talon.",
    groups=(
        PileGroup("f", Kind.FOUNDATION, "Sevens {n}", count=8, build=Build.SUIT, direction=Direction.UP,
                  empty=Empty.BASE, base_rank=7, starts_with=True, max_cards=KING - 7 + 1, ring=(1.75, 2.25, 1.5, 2)),
        PileGroup("g", Kind.FOUNDATION, "Sixes {n}", count=8, build=Build.SUIT, direction=Direction.DOWN,
                  empty=Empty.BASE, base_rank=6, starts_with=True, max_cards=6, ring=(1.75, 7.75, 1.5, 2)),
        PileGroup("b", Kind.RESERVE, "Bracelet {n}", count=8, pick=Pick.TOP, to=(Kind.FOUNDATION,),
                  deal=1, refill_from=("stock", "waste"), at=(4.5, 1.5)),
        PileGroup("stock", Kind.STOCK, "Pack", at=(5.75, 0)),
        PileGroup("waste", Kind.WASTE, "Talon", pick=Pick.TOP, to=(Kind.FOUNDATION,), at=(5.75, 1)),
    ),
    stock=StockRule(deal_to="waste", redeal_waste=True, label="Turn a card", done="Turned a card"),
    redeals=1,
    redeal_label="Turn the talon over", redeal_done="The talon is turned over",
))
