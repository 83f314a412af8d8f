"""The pile-rule vocabulary is meant to carry the next thirty games as specs alone.

Four of the related games the sources name, written here as specs with no new mechanism
(not registered: they get pages and registration in their own issue), each dealt and
played at random with the invariants checked.
"""

from __future__ import annotations

import collections
from dataclasses import replace

import pytest

import engine
from engine import Build, Direction, Empty, Game, GameSpec, Kind, Pick, PileGroup, StockRule
from engine.cards import ACE, KING
from engine.rng import SplitMix64

from .helpers import arrange, legal, refused

FOUNDATIONS = PileGroup("f", Kind.FOUNDATION, "Foundation {n}", count=4, build=Build.SUIT,
                        direction=Direction.UP, empty=Empty.BASE, base_rank=ACE, max_cards=13)

BUSY_ACES = replace(
    engine.get_spec("deuces"), slug="busy-aces", title="Busy Aces", ace_high=False,
    groups=(
        *engine.get_spec("deuces").groups[:2],
        replace(engine.get_spec("deuces").groups[2], base_rank=ACE, starts_with=False),
        replace(engine.get_spec("deuces").groups[3], count=12, pick=Pick.TOP),
    ),
)

BELEAGUERED_CASTLE = GameSpec(
    slug="beleaguered-castle", title="Beleaguered Castle", family="beleaguered-castle", decks=1,
    groups=(
        replace(FOUNDATIONS, starts_with=True),
        PileGroup("t", Kind.TABLEAU, "Row {n}", count=8, build=Build.ANY_SUIT, direction=Direction.DOWN,
                  empty=Empty.ANY, pick=Pick.TOP, to=(Kind.FOUNDATION, Kind.TABLEAU), deal=6, fan="right"),
    ),
)

SPIDERETTE = replace(
    engine.get_spec("will-o-the-wisp"), slug="spiderette", title="Spiderette",
    groups=(
        *engine.get_spec("will-o-the-wisp").groups[:2],
        replace(engine.get_spec("will-o-the-wisp").groups[2], deal=(1, 2, 3, 4, 5, 6, 7),
                deal_down=(0, 1, 2, 3, 4, 5, 6)),
    ),
)

EIGHT_OFF = GameSpec(
    slug="eight-off", title="Eight Off", family="freecell", decks=1,
    groups=(
        replace(FOUNDATIONS, count=4),
        PileGroup("c", Kind.CELL, "Cell {n}", count=8, pick=Pick.TOP,
                  to=(Kind.FOUNDATION, Kind.TABLEAU), deal=(1, 1, 1, 1, 0, 0, 0, 0)),
        PileGroup("t", Kind.TABLEAU, "Column {n}", count=8, build=Build.SUIT, direction=Direction.DOWN,
                  empty=Empty.KING, pick=Pick.TOP, to=(Kind.FOUNDATION, Kind.TABLEAU, Kind.CELL), deal=6),
    ),
)

SPECS = [BUSY_ACES, BELEAGUERED_CASTLE, SPIDERETTE, EIGHT_OFF]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.slug)
def test_related_game_written_as_a_spec_deals_and_plays(spec: GameSpec) -> None:
    for seed in range(1, 6):
        g = Game(spec, seed)
        rng = SplitMix64(seed)
        for _ in range(150):
            cards = [c for pile in g.piles.values() for c in pile]
            assert len(cards) == 52 * spec.decks and max(collections.Counter(cards).values()) == 1
            moves = g.legal_moves()
            if not moves:
                break
            g.play(moves[rng.below(len(moves))])
        assert engine.Game(spec, seed).view()["piles"] != g.view()["piles"] or g.moves_made == 0


def test_spiderette_deals_one_to_seven_with_only_the_top_card_up() -> None:
    g = Game(SPIDERETTE, 3)
    assert [len(g.piles[f"t{i}"]) for i in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert [g.down[f"t{i}"] for i in range(1, 8)] == [0, 1, 2, 3, 4, 5, 6]
    assert len(g.piles["stock"]) == 52 - 28


def test_eight_off_empty_column_takes_only_a_king() -> None:
    g = arrange(Game(EIGHT_OFF, 1), t1="", t2="5H", c1="KS")
    assert "c1>t1" in legal(g)
    refused(g, "t2>t1", "only a king")


def test_busy_aces_moves_one_card_at_a_time() -> None:
    g = arrange(Game(BUSY_ACES, 1), t1="9S 8S", t2="", t3="10S")
    assert "t1:2>t3" not in legal(g)
    assert KING == 13
