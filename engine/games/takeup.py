"""Games without a stock whose redeal takes up the tableau and deals it out again (The
Nation, St. Helena; Babette's garden next): one hook, the order of gathering and the way
of dealing left to each game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..hooks import Hooks
from ..moves import Move

if TYPE_CHECKING:
    from ..cards import Card
    from ..game import Game


class TakeUpHooks(Hooks):
    """The deal and every redeal go through ``deal_out``; a redeal first empties the piles
    of ``tableau`` and takes their cards in the order ``gather`` gives."""

    no_redeals = "no redeals left: the tableau may be taken up and dealt again {n} times"
    no_stock = "{title} has no stock: every card is dealt into the tableau"

    def tableau(self, game: Game) -> list[str]:
        raise NotImplementedError

    def gather(self, game: Game, piles: list[str]) -> list[Card]:
        """The cards of ``piles`` in the order they are dealt again."""
        raise NotImplementedError

    def deal_out(self, game: Game, cards: list[Card]) -> None:
        raise NotImplementedError

    def deal(self, game: Game, pack: list[Card]) -> bool:
        self.deal_out(game, pack)
        return True

    def extra_moves(self, game: Game) -> list[Move]:
        return [Move.act("redeal")] if game.has_redeal() else []

    def apply(self, game: Game, move: Move) -> bool:
        if move.action != "redeal":
            return False
        piles = self.tableau(game)
        cards = self.gather(game, piles)
        for pid in piles:
            game.piles[pid] = []
        game.use_redeal()
        self.deal_out(game, cards)
        return True

    def explain(self, game: Game, move: Move) -> str | None:
        if move.action == "redeal" and not game.has_redeal():
            return self.no_redeals.format(n=game.spec.redeals)
        if move.action == "deal":
            return self.no_stock.format(title=game.spec.title)
        return None
