"""The Spider family: Spider in four, two and one suits, Spiderette and Simple Simon.

Readings: docs/readings/spider.md. Everything is data: the deal onto every pile (blocked
while a pile is empty), runs that move only when in one suit, and discard places that each
take one complete king-to-ace run. Will o' the Wisp (wisp.py) is the same game on a
smaller deal. Simple Simon is Spider's tableau with one pack, all face up and no stock.
"""

from __future__ import annotations

from dataclasses import replace

from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, StockRule


def spider_tableau(count: int, deal: tuple[int, ...], down: tuple[int, ...]) -> PileGroup:
    """Piles that build down regardless of suit and move runs of one suit."""
    return PileGroup("t", Kind.TABLEAU, "Pile {n}", count=count, build=Build.ANY_SUIT,
                     direction=Direction.DOWN, empty=Empty.ANY, pick=Pick.RUN, run=Build.SUIT,
                     to=(Kind.TABLEAU, Kind.DISCARD), deal=deal, deal_down=down, at=(1, 0), fan="down")


def discards(count: int, col: int) -> PileGroup:
    """Places that each take one complete run, king down to ace, in one suit."""
    return PileGroup("d", Kind.DISCARD, "Discard {n}", count=count, max_cards=13, at=(0, col))


SPIDER = register(GameSpec(
    slug="spider",
    title="Spider",
    family="spider",
    decks=2,
    description="Ten piles, mostly face down; build down regardless of suit, move runs in suit, "
                "lift out eight complete suits from king to ace.",
    groups=(
        PileGroup("stock", Kind.STOCK, "Stock", at=(0, 0)),
        discards(8, 2),
        spider_tableau(10, (6, 6, 6, 6, 5, 5, 5, 5, 5, 5), (5, 5, 5, 5, 4, 4, 4, 4, 4, 4)),
    ),
    stock=StockRule(deal_to="t", blocked_by_empty="t", label="Deal a card to each pile", done="Dealt a card to each pile"),
))

SPIDER_ONE_SUIT = register(replace(
    SPIDER,
    slug="spider-one-suit",
    title="Spider (one suit)",
    description="Spider with 104 spades: every run is in suit, so any run may move.",
    suits="S",
    hint_scan="greedy",  # benchmarks/hint_scans.py: it finds winning lines where best first moves runs about
))

SPIDER_TWO_SUITS = register(replace(
    SPIDER,
    slug="spider-two-suits",
    title="Spider (two suits)",
    description="Spider with 104 cards of spades and hearts only: four of each suit to sort.",
    suits="HS",
))

SPIDERETTE = register(GameSpec(
    slug="spiderette",
    title="Spiderette",
    family="spider",
    decks=1,
    description="Spider with one pack on Klondike's seven-pile deal; four suits to lift out.",
    groups=(
        PileGroup("stock", Kind.STOCK, "Stock", at=(0, 0)),
        discards(4, 3),
        spider_tableau(7, (1, 2, 3, 4, 5, 6, 7), (0, 1, 2, 3, 4, 5, 6)),
    ),
    stock=StockRule(deal_to="t", blocked_by_empty="t", label="Deal a card to each pile", done="Dealt a card to each pile"),
))

SIMPLE_SIMON = register(GameSpec(
    slug="simple-simon",
    title="Simple Simon",
    family="spider",
    decks=1,
    description="One pack, all face up in ten piles of 8, 8, 8, 7 ... 1, no stock; build down "
                "regardless of suit, move runs in suit, lift out four complete suits.",
    groups=(
        discards(4, 3),
        spider_tableau(10, (8, 8, 8, 7, 6, 5, 4, 3, 2, 1), (0,) * 10),
    ),
))
