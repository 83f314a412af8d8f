"""St. Helena (Napoleon's Favourite): twelve piles round two rows of foundations, two redeals.

Reading: docs/readings/two-pack-classics.md (St. Helena). The piles, the foundations and the
first-pass routes are data (``first_pass_foundations``); the deal and the take-up and redeal
round the frame, one card to a pile at a time, are a small hook, like The Nation's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import ACE, KING, Card
from ..hooks import Hooks
from ..moves import Move
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup

if TYPE_CHECKING:
    from ..game import Game

F, T = Kind.FOUNDATION, Kind.TABLEAU
FRAME = ("n", "e", "s", "w")  # the piles clockwise from above the leftmost king: 1-4, 5-6, 7-10, 11-12


def frame(game: Game) -> list[str]:
    return [pid for prefix in FRAME for pid in game.spec.group(prefix).ids()]


def deal_round(game: Game, cards: list[Card]) -> None:
    """Deal ``cards`` one at a time clockwise round the frame from pile 1, round and round."""
    piles = frame(game)
    for i, card in enumerate(cards):
        game.piles[piles[i % len(piles)]].append(card)


class StHelenaHooks(Hooks):
    def deal(self, game: Game, pack: list[Card]) -> bool:
        deal_round(game, pack)  # the kings and aces are already out: eight rounds of twelve
        return True

    def extra_moves(self, game: Game) -> list[Move]:
        return [Move.act("redeal")] if game.has_redeal() else []

    def apply(self, game: Game, move: Move) -> bool:
        if move.action != "redeal":
            return False
        piles = frame(game)
        # Pile 12 on pile 11, that packet on pile 10, ... on pile 1; the packet is dealt from
        # its top (the top card of pile 12 first) one card at a time round the frame from pile 1.
        heap = [card for pid in piles for card in game.piles[pid]]
        for pid in piles:
            game.piles[pid] = []
        deal_round(game, heap[::-1])
        game.use_redeal()
        return True

    def explain(self, game: Game, move: Move) -> str | None:
        if move.action == "redeal" and not game.has_redeal():
            return f"no redeals left: the piles may be taken up and dealt again {game.spec.redeals} times"
        if move.action == "deal":
            return "St. Helena has no stock: every card is dealt into the twelve piles"
        return None


def side(prefix: str, first: int, count: int, at: tuple[float, float], step: tuple[float, float],
         home: tuple[str, ...] = ()) -> PileGroup:
    """Piles of the frame, numbered on from ``first``: eight cards each, squared; build up or
    down regardless of suit."""
    return PileGroup(prefix, T, "Pile {n}", first_number=first, count=count, build=Build.ANY_SUIT, direction=Direction.EITHER,
                     empty=Empty.NONE, pick=Pick.TOP, to=(F, T), deal=8, first_pass_foundations=home,
                     at=at, step=step)


ST_HELENA = register(GameSpec(
    slug="st-helena",
    title="St. Helena",
    aliases=("Napoleon's Favourite", "Washington's Favorite"),
    family="other",
    decks=2,
    description="A king and an ace of each suit out as foundations, framed by twelve piles that build up or down "
                "regardless of suit; the top and bottom piles play to one row until the first of two redeals.",
    groups=(
        PileGroup("k", F, "King foundation {n}", count=4, build=Build.SUIT, direction=Direction.DOWN,
                  empty=Empty.NONE, base_rank=KING, starts_with=True, max_cards=13, at=(1, 1)),
        PileGroup("a", F, "Ace foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP,
                  empty=Empty.NONE, base_rank=ACE, starts_with=True, max_cards=13, at=(2, 1)),
        side("n", 1, 4, (0, 1), (0, 1), home=("k",)),
        side("e", 5, 2, (1, 5), (1, 0)),
        side("s", 7, 4, (3, 4), (0, -1), home=("a",)),
        side("w", 11, 2, (2, 0), (-1, 0)),
    ),
    redeals=2,
    redeal_label="Take up and redeal",
    hooks=StHelenaHooks(),
))
