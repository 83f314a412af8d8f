"""The old two-pack patiences and the odd ones out (issue 10): the games of the sources'
"other" family, each written as data.

Readings: docs/readings/two-pack-classics.md and docs/readings/odd-ones.md. What these
games added to the vocabulary (engine/spec/): foundations that follow a written order of ranks
(``sequence``, ``steps``), foundation groups with one pile per suit (``one_per_suit``),
spaces filled only from named kinds of pile (``empty_from``), waste piles that take any
card (``Direction.ANY``), a hand that must be emptied before the next card is turned
(``StockRule.blocked_by_nonempty``) and redeals that gather named piles (``StockRule.gather``).
"""

from __future__ import annotations

from ..cards import ACE, KING, QUEEN
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, StockRule, steps

F, T, R, W = Kind.FOUNDATION, Kind.TABLEAU, Kind.RESERVE, Kind.WASTE
TURN = StockRule(deal_to="waste", label="Turn a card", done="Turned a card")


def stock(at: tuple[float, float]) -> PileGroup:
    return PileGroup("stock", Kind.STOCK, "Stock", at=at)


def waste(at: tuple[float, float], *to: Kind, name: str = "Waste") -> PileGroup:
    return PileGroup("waste", W, name, pick=Pick.TOP, to=to, at=at)


BISLEY = register(GameSpec(
    slug="bisley",
    title="Bisley",
    family="other",
    decks=1,
    description="Aces out; thirteen columns build up or down by suit; kings start foundations that build down "
                "to meet the aces' piles going up.",
    groups=(
        PileGroup("k", F, "King foundation {n}", count=4, build=Build.SUIT, direction=Direction.DOWN,
                  empty=Empty.BASE, base_rank=KING, max_cards=13, at=(0, 0)),
        PileGroup("f", F, "Ace foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP,
                  empty=Empty.BASE, base_rank=ACE, starts_with=True, max_cards=13, at=(0, 4.25)),
        # Thirteen columns in two lines of seven and six: in one line of thirteen the cards
        # of a one-pack game would be too small to read on a laptop.
        PileGroup("t", T, "Column {n}", count=13, build=Build.SUIT, direction=Direction.EITHER, empty=Empty.NONE,
                  pick=Pick.TOP, to=(F, T), deal=(3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4), at=(1.25, 0),
                  per_line=7, line_step=(2.5, 0), fan="down"),
    ),
))

ROYAL_COTILLION = register(GameSpec(
    slug="royal-cotillion",
    title="Royal Cotillion",
    aliases=("Lords and Ladies",),
    family="other",
    decks=2,
    description="An ace and a two of each suit out as foundations, building by suit in steps of two; a left wing of "
                "four columns, a right wing of sixteen cards refilled from the waste; one pass.",
    groups=(
        PileGroup("l", R, "Left wing column {n}", count=4, pick=Pick.TOP, to=(F,), deal=3, at=(0, 0), fan="down"),
        PileGroup("a", F, "Ace foundation {n}", count=4, build=Build.SUIT, sequence=steps(ACE, 2),
                  empty=Empty.NONE, base_rank=ACE, starts_with=True, at=(0, 4.25), step=(1, 0)),
        PileGroup("b", F, "Two foundation {n}", count=4, build=Build.SUIT, sequence=steps(2, 2),
                  empty=Empty.NONE, base_rank=2, starts_with=True, at=(0, 5.25), step=(1, 0)),
        PileGroup("r", R, "Right wing place {n}", count=16, pick=Pick.TOP, to=(F,), deal=1, max_cards=1,
                  refill_from=("waste", "stock"), at=(0, 6.5), per_line=4, line_step=(1, 0)),
        stock(at=(4.25, 4.25)),
        waste((4.25, 5.25), F),
    ),
    stock=TURN,
    hint_scan="greedy",  # benchmarks/hint_scans.py: winning lines from 90% of positions, best first 63%
))

BRITISH_SQUARE = register(GameSpec(
    slug="british-square",
    title="British Square",
    family="other",
    decks=2,
    description="Sixteen piles in a square build up or down by suit; four foundations, one per suit, climb from ace "
                "to king and come back down to ace; spaces take the waste's card; one pass.",
    groups=(
        stock(at=(0, 0)),
        waste((1, 0), F, T),
        PileGroup("t", T, "Pile {n}", count=16, build=Build.SUIT, direction=Direction.EITHER_FIXED,
                  empty=Empty.ANY, empty_from=(W,), pick=Pick.TOP, to=(F, T), deal=1,
                  at=(0, 1.25), step=(0, 1.5), per_line=4, line_step=(1, 0), fan="right", show=2),
        PileGroup("f", F, "Foundation {n}", count=4, build=Build.SUIT, one_per_suit=True,
                  sequence=(*range(ACE, KING + 1), *range(KING, ACE - 1, -1)),
                  empty=Empty.BASE, at=(0, 7.5), step=(1, 0)),
    ),
    stock=TURN,
))

JUBILEE_KINGS = register(GameSpec(
    slug="jubilee-kings",
    title="Jubilee (Kings)",
    family="calculation",
    decks=2,
    description="The eight kings out as foundations, building by suit in the order K A J 2 10 3 9 4 8 5 7 6 Q; "
                "each card turned must be placed on a foundation or one of four waste piles; two redeals.",
    groups=(
        PileGroup("f", F, "Foundation {n}", count=8, build=Build.SUIT,
                  sequence=(KING, ACE, 11, 2, 10, 3, 9, 4, 8, 5, 7, 6, QUEEN),
                  empty=Empty.NONE, base_rank=KING, starts_with=True, at=(0, 0)),
        PileGroup("w", R, "Waste pile {n}", count=4, build=Build.ANY_SUIT, direction=Direction.ANY, empty=Empty.ANY,
                  pick=Pick.TOP, to=(F,), at=(1.25, 0), step=(0, 1.25), fan="down"),
        waste((1.25, 6), F, R, name="Hand"),
        stock(at=(1.25, 7)),
    ),
    stock=StockRule(deal_to="waste", label="Turn a card", done="Turned a card", blocked_by_nonempty="waste", gather=("w4", "w3", "w2", "w1")),
    redeals=2,
    redeal_label="Gather the waste piles", redeal_done="The waste piles are gathered",
))

BACKBONE = register(GameSpec(
    slug="backbone",
    title="Backbone",
    family="other",
    decks=2,
    description="A backbone of two columns of eleven under a tail card, eight ribs building down by suit, "
                "spaces filled from the backbone or the waste; one redeal.",
    groups=(
        PileGroup("f", F, "Foundation {n}", count=8, build=Build.SUIT, direction=Direction.UP, empty=Empty.BASE,
                  base_rank=ACE, max_cards=13, at=(0, 2.5)),
        PileGroup("l", T, "Left rib {n}", count=4, build=Build.SUIT, direction=Direction.DOWN, empty=Empty.ANY,
                  empty_from=(R, W), pick=Pick.TOP, to=(F, T), deal=1, at=(1.25, 0), fan="down"),
        PileGroup("b", R, "Backbone column {n}", count=2, pick=Pick.TOP, to=(F, T), deal=11,
                  available_when_empty="c", at=(1.25, 4.25), fan="down"),
        # The tail lies sideways across the foot of both columns, and the layout keeps it there.
        PileGroup("c", R, "Tail", pick=Pick.TOP, to=(F, T), deal=1, at=(2.25, 4.75), turned=True),
        PileGroup("r", T, "Right rib {n}", count=4, build=Build.SUIT, direction=Direction.DOWN, empty=Empty.ANY,
                  empty_from=(R, W), pick=Pick.TOP, to=(F, T), deal=1, at=(1.25, 6.5), fan="down"),
        stock(at=(0, 0)),
        waste((0, 1), F, T),
    ),
    stock=StockRule(deal_to="waste", redeal_waste=True, label="Turn a card", done="Turned a card"),
    redeals=1,
    redeal_label="Turn the waste over",
    hint_scan="greedy",
))


def head_or_tail(prefix: str, name: str, at: tuple[float, float], fan: str) -> PileGroup:
    """A row of eight piles building up or down by suit, each refilled at once from the
    reserve pile in line with it (or the nearest one to its left)."""
    return PileGroup(prefix, T, name, count=8, build=Build.SUIT, direction=Direction.EITHER, empty=Empty.ANY,
                     pick=Pick.TOP, to=(F, T), deal=1, refill_in_line="r", at=at, fan=fan)


HEADS_AND_TAILS = register(GameSpec(
    slug="heads-and-tails",
    title="Heads and Tails",
    family="other",
    decks=2,
    description="Eight heads and eight tails build up or down by suit; each space is filled at once from the "
                "face-down reserve pile in line with it; aces up and kings down, one of each per suit; no stock.",
    groups=(
        PileGroup("a", F, "Ace foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP, empty=Empty.BASE,
                  base_rank=ACE, one_per_suit=True, max_cards=13, at=(0, 0), step=(1, 0)),
        head_or_tail("h", "Head {n}", (0, 1), "none"),
        PileGroup("r", R, "Reserve {n}", count=8, deal=11, deal_down=11, turn_up=False, at=(1.25, 1)),
        head_or_tail("t", "Tail {n}", (2.5, 1), "down"),
        PileGroup("k", F, "King foundation {n}", count=4, build=Build.SUIT, direction=Direction.DOWN,
                  empty=Empty.BASE, base_rank=KING, one_per_suit=True, max_cards=13, at=(0, 9), step=(1, 0)),
    ),
))

INTRIGUE = register(GameSpec(
    slug="intrigue",
    title="Intrigue",
    family="other",
    decks=2,
    description="Every card is turned onto the newest column, each started by a queen; fives build down to the king "
                "and sixes up to the jack, regardless of suit; the queens never go home.",
    groups=(
        PileGroup("s", F, "Six foundation {n}", count=8, build=Build.ANY_SUIT, sequence=(6, 7, 8, 9, 10, 11),
                  empty=Empty.BASE, at=(0, 0)),
        PileGroup("v", F, "Five foundation {n}", count=8, build=Build.ANY_SUIT, sequence=(5, 4, 3, 2, ACE, KING),
                  empty=Empty.BASE, at=(1, 0)),
        PileGroup("t", T, "Column {n}", count=8, first_cards=("QH",), base_card_stays=True, pick=Pick.TOP, to=(F, T),
                  at=(2.25, 0), fan="down"),
        stock(at=(0, 8.5)),
    ),
    stock=StockRule(deal_to="t", new_pile_rank=QUEEN, label="Turn a card", done="Turned a card"),
    stays_out=(QUEEN,),
))


def spider_row(prefix: str, name: str, row: int, home_in_line: str | None = None) -> PileGroup:
    """A row of four piles of Little Spider: one card each at the start, fed by the stock;
    once the stock is out they build up or down regardless of suit, king and ace adjacent."""
    return PileGroup(prefix, T, name, count=4, build=Build.ANY_SUIT, direction=Direction.EITHER, wrap=True,
                     empty=Empty.NONE, pick=Pick.TOP, to=(F, T), deal=1, stock_out_only=True,
                     home_in_line_while_stock=home_in_line, at=(row, 1))


LITTLE_SPIDER = register(GameSpec(
    slug="little-spider",
    title="Little Spider",
    family="other",
    decks=1,
    description="Two aces of one colour build up and two kings of the other down; while the stock lasts the lower "
                "row plays only to the foundation above it; then every pile builds up or down regardless of suit.",
    groups=(
        spider_row("u", "Upper pile {n}", 0),
        PileGroup("f", F, "Foundation {n}", count=4, build=Build.SUIT, direction=Direction.EITHER,
                  empty=Empty.PAIRED_ENDS, max_cards=13, at=(1, 1)),
        spider_row("l", "Lower pile {n}", 2, home_in_line="f"),
        PileGroup("stock", Kind.STOCK, "Stock", at=(1, 0)),
    ),
    stock=StockRule(deal_to="u", deal_to_more=("l",), label="Deal"),
))

CRAZY_QUILT = register(GameSpec(
    slug="crazy-quilt",
    title="Crazy Quilt",
    aliases=("Indian Carpet", "Japanese Rug"),
    family="other",
    decks=2,
    description="An ace and a king of each suit out as foundations; a quilt of 64 cards, upright and sideways like a "
                "chessboard, whose cards are free when a short side is clear; quilt cards also go on the waste, "
                "up or down by suit; one redeal.",
    groups=(
        # Eight rows of eight, alternately upright and sideways; a card is free when the
        # place beyond one of its short sides is empty or off the quilt. Rows three quarters
        # of a cell apart: a sideways card is no taller than an upright one is wide.
        PileGroup("q", Kind.RESERVE, "Quilt row {row}, column {col}", count=64, max_cards=1, pick=Pick.TOP, to=(F, W),
                  deal=1, freed_by=((-1, 0), (1, 0)), checker=True, at=(0, 0), per_line=8, line_step=(0.75, 0)),
        PileGroup("a", F, "Ace foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP, empty=Empty.NONE,
                  base_rank=ACE, starts_with=True, max_cards=13, at=(0, 8.25), step=(1, 0)),
        PileGroup("k", F, "King foundation {n}", count=4, build=Build.SUIT, direction=Direction.DOWN,
                  empty=Empty.NONE, base_rank=KING, starts_with=True, max_cards=13, at=(0, 9.25), step=(1, 0)),
        stock(at=(4.5, 8.25)),
        PileGroup("waste", W, "Waste", build=Build.SUIT, direction=Direction.EITHER, empty=Empty.NONE,
                  pick=Pick.TOP, to=(F,), at=(4.5, 9.25)),
    ),
    stock=StockRule(deal_to="waste", redeal_waste=True, label="Turn a card", done="Turned a card"),
    redeals=1,
    redeal_label="Turn the waste over",
))
