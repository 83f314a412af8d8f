"""Will o' the Wisp (source: will-o-the-wisp.txt): a small Spider with one deck."""

from __future__ import annotations

from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, StockRule

WILL_O_THE_WISP = register(GameSpec(
    slug="will-o-the-wisp",
    title="Will o' the Wisp",
    family="spider",
    decks=1,
    description="Seven piles of three; build down regardless of suit, move runs in suit, discard king-to-ace runs.",
    groups=(
        PileGroup("stock", Kind.STOCK, "Hand", at=(0, 0)),
        PileGroup("discard", Kind.DISCARD, "Discards", at=(0, 6)),
        PileGroup("t", Kind.TABLEAU, "Pile {n}", count=7, build=Build.ANY_SUIT, direction=Direction.DOWN,
                  empty=Empty.ANY, pick=Pick.RUN, run=Build.SUIT, to=(Kind.TABLEAU, Kind.DISCARD),
                  deal=3, deal_down=2, at=(1, 0), fan="down"),
    ),
    stock=StockRule(deal_to="t", blocked_by_empty="t", label="Deal a card to each pile", done="Dealt a card to each pile"),
))
