"""Games of rows that close up (issue 32): Monte Carlo and Accordion.

Readings: docs/readings/accordion-and-monte-carlo.md. Both are data in the vocabulary,
with three capabilities added for them: pairs of one rank whose places touch in a grid
(``Pairs(match="rank", neighbours=TOUCHING)``); a row of piles that closes its gaps, by
the player's "Close up" (``StockRule.close_up``, Monte Carlo) or by itself after every move
(``PileGroup.close_gaps``, Accordion); and a pile that goes, as a whole, onto the pile one
or three places before it when their top cards match in suit or rank
(``PileGroup.onto_before``, ``Pick.PILE``, ``Build.SUIT_OR_RANK``), the game won when the
row is one pile (``GameSpec.one_pile``).
"""

from __future__ import annotations

from ..registry import register
from ..spec import TOUCHING, Build, Direction, Empty, GameSpec, Kind, Pairs, Pick, PileGroup, StockRule

MONTE_CARLO = register(GameSpec(
    slug="monte-carlo",
    title="Monte Carlo",
    aliases=("Weddings", "Double and Quits"),
    family="golf",
    decks=1,
    description="Twenty-five cards in a square of five by five; two cards of one rank that touch, across, down or "
                "corner to corner, are taken off together; Close up slides the cards left and up over the gaps and "
                "fills the places left at the end from the stock; every card must go.",
    groups=(
        PileGroup("g", Kind.TABLEAU, "Row {row} place {col}", count=25, empty=Empty.NONE, max_cards=1,
                  pick=Pick.TOP, to=(Kind.DISCARD,), deal=1, per_line=5, at=(0, 0)),
        PileGroup("stock", Kind.STOCK, "Stock", at=(0, 5.5)),
        PileGroup("d", Kind.DISCARD, "Discard pile", at=(1.5, 5.5)),
    ),
    stock=StockRule(deal_to="g", close_up=True, draw=0, label="Close up",
                    done="Closed up the gaps and filled the places at the end from the stock"),
    pairs=Pairs(to="d", groups=("g",), match="rank", neighbours=TOUCHING),
))

ACCORDION = register(GameSpec(
    slug="accordion",
    title="Accordion",
    aliases=("Idle Year", "Tower of Babel", "Methuselah"),
    family="other",
    decks=1,
    description="The cards are dealt one at a time into a row; a pile goes onto the pile next to it on the left, "
                "or three places to the left, when their top cards match in suit or rank, and the row closes up; "
                "won when the whole pack is one pile.",
    groups=(
        PileGroup("r", Kind.TABLEAU, "Pile {n}", count=52, build=Build.SUIT_OR_RANK, direction=Direction.ANY,
                  empty=Empty.NONE, pick=Pick.PILE, to=(Kind.TABLEAU,), onto_before=(1, 3), close_gaps=True,
                  deal=(1,) + (0,) * 51, per_line=8, at=(0, 0)),
        PileGroup("stock", Kind.STOCK, "Stock", at=(6, 7)),
    ),
    stock=StockRule(deal_to="r", close_up=True, draw=1, label="Deal a card", done="Dealt a card onto the end of the row"),
    one_pile="r",
))
