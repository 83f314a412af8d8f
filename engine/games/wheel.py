"""The Wheel (Lady Cadogan): packets of three pips summing to 18, crowned by a court card.

All of it is data: the layout, the refill during the first deal, the last-resort deal, and
the packet (``GameSpec.packets``); the hook only tells the player what the game waits for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import ACE
from ..hooks import Hooks
from ..registry import register
from ..spec import Empty, GameSpec, Kind, Packets, Pick, PileGroup, StockRule

if TYPE_CHECKING:
    from ..game import Game


class WheelHooks(Hooks):
    def prompt(self, game: Game) -> str:
        return "Pick three pip cards of different values adding to 18 and a court card, then take the packet."


THE_WHEEL = register(GameSpec(
    slug="the-wheel",
    title="The Wheel",
    family="lady-cadogan",
    decks=2,
    description="Make 24 packets of three pips summing to 18, each crowned with a court card.",
    groups=(
        # As the book lays it out: the aces in a cross in the middle, the circle of 24 places
        # round it, the cushion of two rows of six below, and the pack beside the cushion.
        PileGroup("x", Kind.FOUNDATION, "Cross {n}", count=8, empty=Empty.BASE, base_rank=ACE,
                  starts_with=True, max_cards=1,
                  places=((1.5, 5.5), (2.5, 2.5), (2.5, 3.5), (2.5, 4.5), (2.5, 6.5), (2.5, 7.5), (2.5, 8.5), (3.5, 5.5))),
        PileGroup("o", Kind.FOUNDATION, "Circle {n}", count=24, ring=(2.5, 5.5, 2.5, 5.5)),
        PileGroup("c", Kind.TABLEAU, "Cushion {n}", count=12, pick=Pick.TOP, deal=1,
                  refill_from=("stock",), refill_until_deal=True, at=(6.25, 3), per_line=6,
                  line_step=(1.25, 0)),
        PileGroup("stock", Kind.STOCK, "Pack", at=(6.25, 10)),
    ),
    stock=StockRule(deal_to="c", last_resort=True, label="Deal twelve more", done="Dealt twelve more"),
    packets=Packets(groups=("c",), to="o", pips=3, total=18),
    hooks=WheelHooks(),
))

