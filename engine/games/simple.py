"""Two small one-pack games every patience program has (issue 32): Aces Up, in which cards
are thrown out when a higher card of their suit shows, and Clock, which plays itself.

Readings: docs/readings/aces-up-and-clock.md. Each brought one capability of the spec:
Aces Up's ``GameSpec.outranked`` (a top card taken off while a higher card of its suit lies
on top of another pile), Clock's ``StockRule.by_rank`` and ``StockRule.chain`` (each card
turned goes to the pile of its rank, and the next is turned from there: a game of forced
moves, played by a button or a click anywhere).
"""

from __future__ import annotations

import math

from ..cards import ACE
from ..registry import register
from ..spec import Empty, GameSpec, Kind, Outranked, Pick, PileGroup, StockRule

ACES_UP = register(GameSpec(
    slug="aces-up",
    title="Aces Up",
    aliases=("Firing Squad",),  # "Idiot's Delight" is also King Albert's, and names it here
    family="other",
    decks=1,
    description="Four piles, dealt a card each at a time from the stock; a top card is thrown out while a higher "
                "card of its suit lies on top of another pile, aces high; any top card may fill an empty pile; won "
                "when only the four aces are left.",
    low_rank=2,  # aces high: the ace is never outranked
    groups=(
        PileGroup("stock", Kind.STOCK, "Stock", at=(0, 0)),
        PileGroup("t", Kind.TABLEAU, "Pile {n}", count=4, empty=Empty.ANY, pick=Pick.TOP, to=(Kind.TABLEAU,), deal=1,
                  at=(0, 1.25), fan="down"),
        PileGroup("d", Kind.DISCARD, "Discard pile", at=(0, 5.5)),
    ),
    stock=StockRule(deal_to="t", label="Deal four", done="Dealt a card onto each pile"),
    outranked=Outranked(to="d", groups=("t",)),
    stays_out=(ACE,),  # the aces stay on the table: the other 48 cards thrown out win
))

# Clock's dial: the hour piles where the hours stand on a clock face (one o'clock a twelfth
# of a turn right of the top) round the kings in the centre: two rows and three columns
# from it, a circle on the screen, as a row (a card's height) is about one and a half
# columns (a card's width); no two neighbours closer than a cell.
_CENTRE = (2, 3)
_HOURS = tuple((_CENTRE[0] - 2 * math.cos(math.pi * h / 6), _CENTRE[1] + 3 * math.sin(math.pi * h / 6))
               for h in range(1, 13))

CLOCK = register(GameSpec(
    slug="clock",
    title="Clock",
    aliases=("Travellers", "Hidden Cards", "Sun Dial"),
    family="other",
    decks=1,
    description="Thirteen piles of four face down, twelve round a dial and the kings in the centre; each card "
                "turned goes face up to the pile of its rank and the next is turned from there; the fourth king "
                "ends the game. Pure chance: one deal in thirteen comes out.",
    groups=(
        PileGroup("h", Kind.FOUNDATION, "{n} o'clock", count=12, deal=4, deal_down=4, turn_up=False, places=_HOURS),
        PileGroup("k", Kind.FOUNDATION, "Kings' pile", deal=4, deal_down=4, turn_up=False, at=_CENTRE),
    ),
    stock=StockRule(deal_to="h", deal_to_more=("k",), by_rank=True, chain=True, label="Turn the next card",
                    done="Turned the next card"),
))
