"""St. Helena (Napoleon's Favourite): twelve piles round two rows of foundations, two redeals.

Reading: docs/readings/two-pack-classics.md (St. Helena). The piles, the foundations and the
first-pass routes are data (``first_pass_foundations``), and so is the take-up and redeal
round the frame, one card to a pile at a time (``take_up``); the deal, round the frame in
the same way, is a small hook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import ACE, KING, Card
from ..dealing import take_up_plan
from ..hooks import Hooks
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, TakeUp

if TYPE_CHECKING:
    from ..game import Game

F, T = Kind.FOUNDATION, Kind.TABLEAU
FRAME = ("n", "e", "s", "w")  # the piles clockwise from above the leftmost king: 1-4, 5-6, 7-10, 11-12


def frame(game: Game) -> list[str]:
    return [pid for prefix in FRAME for pid in game.spec.group(prefix).ids()]


class StHelenaHooks(Hooks):
    def deal(self, game: Game, pack: list[Card]) -> bool:
        """One card at a time clockwise round the frame from pile 1, as each redeal deals
        (``GameSpec.take_up``); the kings and aces already out: eight rounds of twelve."""
        _, round_ = take_up_plan(game.spec, game.redeals_left)
        for i, card in enumerate(pack):
            game.piles[round_[i % len(round_)]].append(card)
        return True


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
    # Pile 12 on pile 11, that packet on pile 10, ... on pile 1, dealt from its top (the top
    # card of pile 12 first) round the frame from pile 1.
    take_up=TakeUp(FRAME),
    redeal_label="Take up and redeal", redeal_done="Taken up and redealt",
    hooks=StHelenaHooks(),
))
