"""The Yukon family: Yukon, Russian Solitaire and Scorpion; and Canfield.

Readings: docs/readings/yukon-and-canfield.md. All data. The Yukon games share one
mechanism, any face-up card moving with every card on top of it whatever their order
(``Pick.FACE_UP``); Scorpion adds Spider's discards of complete suits and a stock of three
dealt onto the first three columns. Canfield (a family of its own) builds and turns its
stock as Klondike does, with a reserve that refills the tableau and a base rank set by the
deal.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import ACE
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, StockRule

F, T, W, R = Kind.FOUNDATION, Kind.TABLEAU, Kind.WASTE, Kind.RESERVE


def yukon_columns(build: Build) -> PileGroup:
    """Klondike's triangle with four more face-up cards on each column but the first; any
    face-up card moves with all that lies on it; a space takes a king (and what is on it)."""
    return PileGroup("t", T, "Column {n}", count=7, build=build, direction=Direction.DOWN, empty=Empty.KING,
                     pick=Pick.FACE_UP, run=build, to=(F, T), deal=(1, 6, 7, 8, 9, 10, 11),
                     deal_down=(0, 1, 2, 3, 4, 5, 6), at=(1, 0), fan="down")


# Aces up by suit to kings; cards home stay home.
FOUNDATIONS = PileGroup("f", F, "Foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP,
                        empty=Empty.BASE, base_rank=ACE, max_cards=13, at=(0, 3))

YUKON = register(GameSpec(
    slug="yukon",
    title="Yukon",
    family="yukon",
    decks=1,
    description="Klondike's triangle with every card dealt, most of them face up; build down in "
                "alternating colours, and move any face-up card with all the cards on it.",
    groups=(FOUNDATIONS, yukon_columns(Build.ALT_COLOUR)),
))

RUSSIAN_SOLITAIRE = register(replace(
    YUKON,
    slug="russian-solitaire",
    title="Russian Solitaire",
    description="Yukon built down by suit: the same deal and the same moves of any face-up card "
                "with all the cards on it.",
    groups=(FOUNDATIONS, yukon_columns(Build.SUIT)),
))

SCORPION = register(GameSpec(
    slug="scorpion",
    title="Scorpion",
    family="yukon",
    decks=1,
    description="Seven columns of seven, some cards face down; build down by suit, move any "
                "face-up card with all the cards on it, and lift out four complete suits from "
                "king to ace.",
    groups=(
        PileGroup("stock", Kind.STOCK, "Stock", at=(0, 0)),
        PileGroup("d", Kind.DISCARD, "Discard {n}", count=4, max_cards=13, at=(0, 3)),
        PileGroup("t", T, "Column {n}", count=7, build=Build.SUIT, direction=Direction.DOWN, empty=Empty.KING,
                  pick=Pick.FACE_UP, run=Build.SUIT, to=(T, Kind.DISCARD), deal=7,
                  deal_down=(3, 3, 3, 3, 0, 0, 0), at=(1, 0), fan="down"),
    ),
    # Three cards, one onto each of the first three columns (the deal stops when the stock
    # is out), whenever the player likes.
    stock=StockRule(deal_to="t", label="Deal the last three cards", done="Dealt the last three cards"),
))

CANFIELD = register(GameSpec(
    slug="canfield",
    title="Canfield",
    aliases=("Demon",),
    family="canfield",
    decks=1,
    description="A reserve of thirteen and four piles that build down in alternating colours, "
                "round the corner; the first card dealt sets the foundations' rank; turn the "
                "stock three at a time, as often as you like.",
    groups=(
        # The first card dealt goes to the first foundation and sets the base rank.
        PileGroup("f", F, "Foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP, wrap=True,
                  empty=Empty.BASE, max_cards=13, deal=(1, 0, 0, 0), at=(0, 3)),
        PileGroup("stock", Kind.STOCK, "Stock", at=(0, 0)),
        PileGroup("waste", W, "Waste", pick=Pick.TOP, to=(F, T), at=(0, 1), fan="right", show=3),
        PileGroup("r", R, "Reserve", pick=Pick.TOP, to=(F, T), deal=13, deal_down=12, at=(1, 0)),
        PileGroup("t", T, "Pile {n}", count=4, build=Build.ALT_COLOUR, direction=Direction.DOWN, wrap=True,
                  empty=Empty.ANY, refill_from=("r",), pick=Pick.RUN, run=Build.ALT_COLOUR, to=(F, T),
                  deal=1, at=(1, 3), fan="down"),
    ),
    base_from_deal=True,
    stock=StockRule(deal_to="waste", draw=3, redeal_waste=True, label="Turn three cards", done="Turned three cards"),
    redeals=None,
    redeal_label="Turn the waste over",
))
