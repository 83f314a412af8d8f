"""The fan games (issue 31): Baker's Dozen and La Belle Lucie, the games our sources point
at when they explain Bisley and British Square.

Readings: docs/readings/fans.md. What these games added to the vocabulary (engine/spec/): cards
of named ranks sunk under the other cards of their pile at set-up (``PileGroup.sink_ranks``,
Baker's Dozen's kings) and a redeal that gathers the cards left in named piles, shuffles
them and deals them again in fans (``GameSpec.reshuffle``, La Belle Lucie's two redeals).
"""

from __future__ import annotations

from ..cards import ACE, KING
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, Reshuffle

F, T = Kind.FOUNDATION, Kind.TABLEAU


def foundations(at: tuple[float, float]) -> PileGroup:
    """Four foundations, aces up by suit to kings."""
    return PileGroup("f", F, "Foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP,
                     empty=Empty.BASE, base_rank=ACE, max_cards=13, at=at)


BAKERS_DOZEN = register(GameSpec(
    slug="bakers-dozen",
    title="Baker's Dozen",
    family="other",
    decks=1,
    description="Thirteen columns of four, kings sunk to the bottom; build down regardless of suit, one card at "
                "a time; a space is never filled; aces up by suit.",
    groups=(
        foundations(at=(0, 0)),
        # Thirteen columns in two lines of seven and six, as Bisley's: in one line of
        # thirteen a one-pack game's cards would be too small to read on a laptop.
        PileGroup("t", T, "Column {n}", count=13, build=Build.ANY_SUIT, direction=Direction.DOWN, empty=Empty.NONE,
                  pick=Pick.TOP, to=(F, T), deal=4, sink_ranks=(KING,), at=(1.25, 0),
                  per_line=7, line_step=(2.5, 0), fan="down"),
    ),
))

LA_BELLE_LUCIE = register(GameSpec(
    slug="la-belle-lucie",
    title="La Belle Lucie",
    aliases=("The Fan", "Midnight Oil", "Alexander the Great"),
    family="other",
    decks=1,
    fold=True,  # on a phone each line of six fans folds into two lines of three
    description="Seventeen fans of three and one of a single card; fans build down by suit, one card at a time; "
                "spaces are never filled; two redeals shuffle the fans' cards and deal them again in threes.",
    groups=(
        foundations(at=(0, 0)),
        PileGroup("t", T, "Fan {n}", count=18, build=Build.SUIT, direction=Direction.DOWN, empty=Empty.NONE,
                  pick=Pick.TOP, to=(F, T), deal=(3,) * 17 + (1,), at=(1, 0), step=(0, 1.5), per_line=6,
                  line_step=(1, 0), fan="right"),
    ),
    redeals=2,
    reshuffle=Reshuffle(groups=("t",), fans_of=3),
    hint_scan="greedy",  # benchmarks/hint_scans.py: winning lines from 90% of positions, best first 76%
    redeal_label="Shuffle and redeal", redeal_done="The fans are shuffled and dealt again",
))
