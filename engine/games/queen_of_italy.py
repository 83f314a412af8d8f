"""Queen of Italy, also called Terrace: the player chooses the foundations' base rank."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card
from ..dealing import standard_deal
from ..hooks import Hooks
from ..moves import Move
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, StockRule

if TYPE_CHECKING:
    from ..game import Game

CHOOSE = "choose-base"
CHOICES = 4


class QueenHooks(Hooks):
    phase_only = True  # the choice is the only stage; after it, the spec's rules alone

    def deal(self, game: Game, pack: list[Card]) -> bool:
        standard_deal(game, pack)
        game.phase = CHOOSE
        return True

    def moves(self, game: Game) -> list[Move] | None:
        if game.phase != CHOOSE:
            return None
        return [Move.step(f"t{i}", "f1") for i in range(1, CHOICES + 1)]

    def after_move(self, game: Game, move: Move) -> None:
        # The chosen card's place and the five new piles were filled from the stock by
        # the tableau's refill rule as part of this move; the game proper begins.
        game.phase = ""

    def explain(self, game: Game, move: Move) -> str | None:
        if game.phase == CHOOSE:
            return "first choose the base card: move one of the four dealt cards to the first foundation"
        return None

    def prompt(self, game: Game) -> str:
        if game.phase == CHOOSE:
            return "Choose the base card: move one of the four dealt cards to the first foundation."
        return ""


QUEEN_OF_ITALY = register(GameSpec(
    slug="queen-of-italy",
    title="Queen of Italy",
    aliases=("Terrace",),
    family="terrace",
    decks=2,
    description="Choose the base rank, then build eight foundations up in alternating colours from the terrace, tableau and waste.",
    groups=(
        PileGroup("terrace", Kind.RESERVE, "Terrace", pick=Pick.TOP, to=(Kind.FOUNDATION,), deal=11,
                  at=(0, 0), fan="right"),
        PileGroup("f", Kind.FOUNDATION, "Foundation {n}", count=8, build=Build.ALT_COLOUR,
                  direction=Direction.UP, wrap=True, empty=Empty.BASE, max_cards=13, at=(1, 0)),
        PileGroup("t", Kind.TABLEAU, "Pile {n}", count=9, build=Build.ALT_COLOUR, direction=Direction.DOWN,
                  empty=Empty.ANY, pick=Pick.TOP, to=(Kind.FOUNDATION, Kind.TABLEAU),
                  deal=(1, 1, 1, 1, 0, 0, 0, 0, 0), refill_from=("waste", "stock"), at=(2, 0), fan="down"),
        PileGroup("stock", Kind.STOCK, "Stock", at=(0, 8)),
        PileGroup("waste", Kind.WASTE, "Waste", pick=Pick.TOP, to=(Kind.FOUNDATION, Kind.TABLEAU), at=(1, 8)),
    ),
    stock=StockRule(deal_to="waste", label="Turn a card", done="Turned a card"),
    hooks=QueenHooks(),
    hint_scan="greedy",  # benchmarks/hint_scans.py: winning lines from 88% of positions, best first 80%
))
