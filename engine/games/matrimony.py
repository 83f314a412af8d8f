"""Matrimony: jacks down and queens up, one of each per suit; sixteen redeals of one pile each.

Reading: docs/readings/two-pack-classics.md (Matrimony). Everything but the redeal is data
(foundation sequences that wrap from a court card, one pile per suit, the J♦ and Q♦ of one
pack out at the start, a stock dealt onto every pile, and the redeal, which takes up one
pile, the last first, and deals it round from its own place: ``take_up``). The hook only
says which pile the next redeal takes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import JACK, QUEEN
from ..dealing import take_up_plan
from ..hooks import Hooks
from ..registry import register
from ..spec import Build, Empty, GameSpec, Kind, Pick, PileGroup, StockRule, TakeUp, steps

if TYPE_CHECKING:
    from ..game import Game

F, T = Kind.FOUNDATION, Kind.TABLEAU


def redeal_pile(game: Game) -> str:
    """The pile the next redeal takes up: pile 16 first, then 15, … (one per redeal)."""
    return take_up_plan(game.spec, game.redeals_left)[0][0]


class MatrimonyHooks(Hooks):
    def prompt(self, game: Game) -> str:
        if game.piles[game.stock_id] or not game.has_redeal():
            return ""
        return f"A redeal takes up {game.pile_name(redeal_pile(game))} and deals it from its own place."


MATRIMONY = register(GameSpec(
    slug="matrimony",
    title="Matrimony",
    family="other",
    decks=2,
    description="Jacks build down and queens up, one of each per suit, round the corner to marry; sixteen piles "
                "fed from the stock, then sixteen redeals of one pile each.",
    groups=(
        PileGroup("stock", Kind.STOCK, "Stock", at=(0, 0)),
        PileGroup("j", F, "Jack foundation {n}", count=4, build=Build.SUIT, sequence=steps(JACK, -1),
                  empty=Empty.BASE, one_per_suit=True, first_cards=("JD",), at=(0, 2)),
        PileGroup("q", F, "Queen foundation {n}", count=4, build=Build.SUIT, sequence=steps(QUEEN, 1),
                  empty=Empty.BASE, one_per_suit=True, first_cards=("QD",), at=(1, 2)),
        PileGroup("t", T, "Pile {n}", count=16, pick=Pick.TOP, to=(F,), deal=1, at=(2.25, 0), per_line=8,
                  line_step=(1.25, 0)),
    ),
    stock=StockRule(deal_to="t", label="Deal"),
    redeals=16,
    # The packet is turned face down and dealt from its top, which is the pile's bottom card:
    # the first card goes back on its own place, the rest to the piles after it, round from
    # the last pile to the first.
    take_up=TakeUp(("t",), one_pile=True, bottom_first=True),
    redeal_label="Redeal a pile", redeal_done="A pile is redealt",
    hooks=MatrimonyHooks(),
))
