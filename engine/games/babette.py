"""Babette: Lady Cadogan's garden of rows, dealt a row at a time, and taken up twice.

Reading: docs/readings/two-pack-classics.md (Babette). The garden is data: a grid whose
places free the card above them when they empty (``freed_by``), dealt a row at a time by
the stock (``StockRule.by_rows``). The take-up and redeal is The Nation's and St. Helena's
(``TakeUpHooks``): this hook gives only the order of gathering, and the redeal starts a new
stock from which the garden is dealt again, row by row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import ACE, KING, Card
from ..moves import Move
from ..registry import register
from ..rules import apply_standard
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, StockRule
from .takeup import TakeUpHooks

if TYPE_CHECKING:
    from ..game import Game

F = Kind.FOUNDATION
COLUMNS = 8


class BabetteHooks(TakeUpHooks):
    no_redeals = "no redeals left: the garden may be taken up and dealt again {n} times"

    def tableau(self, game: Game) -> list[str]:
        return list(game.spec.group("g").ids())

    def gather(self, game: Game, piles: list[str]) -> list[Card]:
        """The columns gathered from the left, each under the one before, and the packet
        turned over: the rightmost column comes out first, each from its top row down."""
        columns = [piles[c::COLUMNS] for c in range(COLUMNS)]
        return [card for column in reversed(columns) for pid in column for card in game.piles[pid]]

    def deal_out(self, game: Game, cards: list[Card]) -> None:
        """The cards become the stock (the first of them on top), and the first row of the
        garden is dealt from it at once; the others follow a deal at a time."""
        game.piles[game.stock_id] = cards[::-1]
        game.deals = 0
        apply_standard(game, Move.act("deal"))

    def extra_moves(self, game: Game) -> list[Move]:
        return [] if game.piles[game.stock_id] else super().extra_moves(game)

    def explain(self, game: Game, move: Move) -> str | None:
        if move.action == "redeal" and game.has_redeal() and game.piles[game.stock_id]:
            return "the garden may be taken up only once every row has been dealt (the stock is not used up)"
        if move.action == "deal":
            return None  # the stock's own reasons
        return super().explain(game, move)


BABETTE = register(GameSpec(
    slug="babette",
    title="Babette",
    family="other",
    decks=2,
    description="A garden dealt a row of eight at a time, each card free once the place below it is empty; aces "
                "build up and kings down, one of each per suit; the garden is taken up and dealt again twice.",
    groups=(
        PileGroup("a", F, "Ace foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP, empty=Empty.BASE,
                  base_rank=ACE, one_per_suit=True, max_cards=13, at=(0, 0)),
        PileGroup("k", F, "King foundation {n}", count=4, build=Build.SUIT, direction=Direction.DOWN,
                  empty=Empty.BASE, base_rank=KING, one_per_suit=True, max_cards=13, at=(0, 4)),
        # Thirteen rows of eight, each row half over the one before, as Cadogan lays them
        # when the table is short of room.
        PileGroup("g", Kind.RESERVE, "Garden row {row}, column {col}", count=13 * COLUMNS, max_cards=1,
                  pick=Pick.TOP, to=(F,), freed_by=((1, 0),), at=(1.25, 0), per_line=COLUMNS,
                  line_step=(0.5, 0)),
        PileGroup("stock", Kind.STOCK, "Stock", at=(0, 8.25)),
    ),
    stock=StockRule(deal_to="g", by_rows=True, label="Deal a row", done="Dealt a row"),
    redeals=2,
    redeal_label="Take up and redeal", redeal_done="Taken up and redealt",
    hooks=BabetteHooks(),
))
