"""Well, and its up-only variation (source: well.txt; readings: RULES.md)."""

from __future__ import annotations

from dataclasses import replace

from ..cards import ACE
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup

FOUNDATIONS = PileGroup(
    "f", Kind.FOUNDATION, "Foundation {n}", count=4, build=Build.SUIT,
    direction=Direction.EITHER_FIXED, wrap=True, empty=Empty.BASE, base_rank=ACE,
    starts_with=True, max_cards=13, at=(0, 2), step=(1, 0),
)

WELL = register(GameSpec(
    slug="well",
    title="Well",
    family="beleaguered-castle",
    decks=1,
    description="Aces out, eight main rows and two auxiliary rows; build the foundations up or down by suit.",
    fold=True,
    groups=(
        FOUNDATIONS,
        PileGroup("t", Kind.TABLEAU, "Main row {n}", count=8, build=Build.SUIT,
                  direction=Direction.EITHER, empty=Empty.ANY, pick=Pick.TOP,
                  to=(Kind.FOUNDATION, Kind.TABLEAU, Kind.CELL), deal=5,
                  at=(0, 0), step=(1, 0), per_line=4, line_step=(0, 3), fan="right"),
        PileGroup("a", Kind.RESERVE, "Auxiliary row {n}", count=2, pick=Pick.TOP,
                  to=(Kind.FOUNDATION, Kind.TABLEAU, Kind.CELL), deal=4,
                  at=(4, 0), step=(0, 3), fan="right"),
        PileGroup("well", Kind.CELL, "Well", pick=Pick.TOP, to=(Kind.FOUNDATION, Kind.TABLEAU),
                  available_when_empty="a", at=(4, 2)),
    ),
))

# The variation the source names: foundations go only up, ace to king.
WELL_UP = register(replace(
    WELL,
    slug="well-up",
    title="Well (up only)",
    deals_as="well",  # deal N is Well's deal N, so the two can be compared on one deal
    description="Well with foundations built only upwards, ace to king.",
    groups=(replace(FOUNDATIONS, direction=Direction.UP, wrap=False), *WELL.groups[1:]),
))
