"""The Nation (Lady Cadogan): a counted deal with automatic foundation plays, two redeals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import ACE, KING, Card
from ..registry import register
from ..rules import drop_refusal
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup
from .takeup import TakeUpHooks

if TYPE_CHECKING:
    from ..game import Game

COUNT = 8  # each column is dealt by counting one to eight


def counted_deal(game: Game, pack: list[Card]) -> None:
    """Deal ``pack`` in order into the columns, counting one to eight per column; a card
    that fits a foundation as it turns up goes there at once and still uses its count."""
    foundations = game.ids_by_kind[Kind.FOUNDATION]
    cards = iter(pack)
    for pid in game.spec.group("t").ids():
        for _ in range(COUNT):
            card = next(cards, None)
            if card is None:
                return
            home = next((f for f in foundations if drop_refusal(game, f, card) is None), None)
            game.piles[home or pid].append(card)


class NationHooks(TakeUpHooks):
    no_redeals = "no redeals left: the tableau may be taken up and redealt {n} times"
    no_stock = "{title} has no stock: every card is dealt into the columns"

    def tableau(self, game: Game) -> list[str]:
        return list(game.spec.group("t").ids())

    def gather(self, game: Game, piles: list[str]) -> list[Card]:
        # Taken up left to right, each column under the one before, then turned over:
        # the last column comes out first, from the top of the column to its last card.
        return [c for pid in reversed(piles) for c in game.piles[pid]]

    def deal_out(self, game: Game, cards: list[Card]) -> None:
        counted_deal(game, cards)


THE_NATION = register(GameSpec(
    slug="the-nation",
    title="The Nation",
    family="lady-cadogan",
    decks=2,
    description="Twelve counted columns; aces build up and kings down by suit; marry cards up or down; two redeals.",
    fold=True,
    groups=(
        PileGroup("f", Kind.FOUNDATION, "Ace foundation {n}", count=4, build=Build.SUIT,
                  direction=Direction.UP, empty=Empty.BASE, base_rank=ACE, starts_with=True,
                  max_cards=13, at=(0, 0)),
        PileGroup("g", Kind.FOUNDATION, "King foundation {n}", count=4, build=Build.SUIT,
                  direction=Direction.DOWN, empty=Empty.BASE, base_rank=KING, starts_with=True,
                  max_cards=13, at=(0, 4)),
        PileGroup("t", Kind.TABLEAU, "Column {n}", count=12, build=Build.SUIT, direction=Direction.EITHER,
                  empty=Empty.ANY, pick=Pick.TOP, to=(Kind.FOUNDATION, Kind.TABLEAU),
                  at=(1, 0), fan="down"),
    ),
    redeals=2,
    redeal_label="Take up and redeal", redeal_done="Taken up and redealt",
    hooks=NationHooks(),
))
