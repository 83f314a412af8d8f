"""The games our sources explain by comparison (issue 31): Salic Law, the parent of
Intrigue; Royal Parade, the older game Virginia Reel improved on; Labyrinth, the one-pack
game Babette is likened to. Each is written on top of the game that names it.

Readings: docs/readings/compared-games.md. Salic Law is Intrigue's machinery with kings
heading the columns, a row for the queens and aces built up to the jacks. Royal Parade is
Virginia Reel without its two additions (the first 2, 3 and 4 heading the rows, and no deal
while a place is empty), its swap of lone cards (``GameSpec.swaps``) shared. Labyrinth is Babette's garden dealt a row at
a time, with Crazy Quilt's rule of a card free from above or below, and its top row
refilled at once from the stock (``PileGroup.refill_lines``).
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import ACE, KING, QUEEN
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, StockRule
from .classics import INTRIGUE
from .virginia_reel import ROWS, VIRGINIA_REEL

F = Kind.FOUNDATION

SALIC_LAW = register(replace(
    INTRIGUE,
    slug="salic-law",
    title="Salic Law",
    description="Every card is turned onto the newest column, each started by a king; the queens are set aside in a "
                "row of their own; aces build up to the jacks regardless of suit; the kings never go home.",
    groups=(
        PileGroup("q", F, "Queen place {n}", count=8, empty=Empty.BASE, base_rank=QUEEN, max_cards=1, at=(0, 0)),
        PileGroup("f", F, "Foundation {n}", count=8, build=Build.ANY_SUIT, sequence=tuple(range(ACE, QUEEN)),
                  empty=Empty.BASE, at=(1, 0)),
        replace(INTRIGUE.group("t"), first_cards=("KH",)),
        INTRIGUE.group("stock"),
    ),
    stock=StockRule(deal_to="t", new_pile_rank=KING, label="Turn a card", done="Turned a card"),
    stays_out=(KING,),
))

# Royal Parade: Virginia Reel's rows, reserve, discard and swap, without what Morehead and
# Mott-Smith added: every place is dealt from the shuffled pack (no 2, 3 and 4 set out to head
# the rows), and the stock may be dealt while a place is empty.
ROYAL_PARADE = register(replace(
    VIRGINIA_REEL,
    slug="royal-parade",
    title="Royal Parade",
    aliases=("Financier", "Three Up", "Hussars", "Royal Procession"),
    description="Three rows of eight places, all dealt from the pack, kept for the twos, threes and fours and building "
                "in suit by threes; a reserve of eight fed by the stock, dealt whenever you like; aces thrown out.",
    groups=tuple(replace(g, first_found=False, deal=1) if g.prefix in ROWS else g for g in VIRGINIA_REEL.groups),
    stock=StockRule(deal_to="r", label="Deal"),  # Virginia Reel's, with no deal blocked by an empty place
))

# Labyrinth: one pack, the aces out as foundations, and a grid of rows of eight dealt a row
# at a time under the ones before, as Babette's garden. A card is free from above or below,
# as a Crazy Quilt card from either short end (the top row, and the last row dealt, are
# always free); the top row alone is refilled at once from the stock.
LINES = 6  # the top row and at most five more: the 40 cards left after it make five rows at most

LABYRINTH = register(GameSpec(
    slug="labyrinth",
    title="Labyrinth",
    family="other",
    decks=1,
    description="The aces out as foundations building up by suit; rows of eight dealt one under another, a card "
                "free when the place above or below it is empty; the top row refilled at once from the stock.",
    groups=(
        PileGroup("f", F, "Foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP, empty=Empty.NONE,
                  base_rank=ACE, starts_with=True, max_cards=13, at=(0, 2)),
        PileGroup("g", Kind.RESERVE, "Row {row}, column {col}", count=LINES * 8, max_cards=1, pick=Pick.TOP, to=(F,),
                  deal=(1,) * 8 + (0,) * (LINES - 1) * 8, freed_by=((-1, 0), (1, 0)), refill_from=("stock",),
                  refill_lines=1, at=(1.25, 0), per_line=8, line_step=(0.5, 0)),
        PileGroup("stock", Kind.STOCK, "Stock", at=(0, 0)),
    ),
    stock=StockRule(deal_to="g", by_rows=True, label="Deal a row", done="Dealt a row"),
))
