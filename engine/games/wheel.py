"""The Wheel (Lady Cadogan): packets of three pips summing to 18, crowned by a court card.

Data says the layout, the refill during the first deal and the last-resort deal; the one
hook is the packet, which no pile-to-pile vocabulary can express.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ..cards import ACE, JACK
from ..hooks import Hooks
from ..moves import Move, pile_sort_key
from ..registry import register
from ..spec import Empty, GameSpec, Kind, Pick, PileGroup, StockRule

if TYPE_CHECKING:
    from ..game import Game

PACKET_SUM = 18


def _is_pip(rank: int) -> bool:
    return 2 <= rank <= 10


def _next_place(game: Game) -> str | None:
    return next((p for p in game.spec.group("o").ids() if not game.piles[p]), None)


class WheelHooks(Hooks):
    def extra_moves(self, game: Game) -> list[Move]:
        place = _next_place(game)
        if place is None:
            return []
        tops = [(p, game.piles[p][-1].rank) for p in game.spec.group("c").ids() if game.piles[p]]
        pips = [(p, r) for p, r in tops if _is_pip(r)]
        courts = [p for p, r in tops if r >= JACK]
        out = []
        for trio in combinations(pips, 3):
            ranks = {r for _, r in trio}
            if len(ranks) == 3 and sum(ranks) == PACKET_SUM:
                for court in courts:
                    sources = tuple(sorted([p for p, _ in trio] + [court], key=pile_sort_key))
                    out.append(Move(sources, place))
        return out

    def apply(self, game: Game, move: Move) -> bool:
        if len(move.sources) != 4:
            return False
        cards = [game.piles[p].pop() for p in move.sources]
        cards.sort(key=lambda c: (c.rank >= JACK, c.rank))  # the court card crowns the packet
        game.piles[move.target].extend(cards)
        return True

    def explain(self, game: Game, move: Move) -> str | None:
        if move.action == "deal" and game.piles["stock"]:
            packet = next(iter(self.extra_moves(game)), None)
            if packet is not None:
                *trio, court = sorted((game.piles[p][-1] for p in packet.sources), key=lambda c: (c.rank >= JACK, c.rank))
                return (f"no deal while a packet can still be made (for example the {', '.join(c.short for c in trio[:-1])} "
                        f"and {trio[-1].short} with the {court.short})")
            return None
        if move.action or (len(move.sources) == 1 and move.sources[0] not in game.group_of):
            return None
        if len(move.sources) == 1 and game.group_of[move.sources[0]].prefix == "c":
            return "cushion cards leave only in packets: three pips of different values adding to 18 and a court card"
        if len(move.sources) == 1:
            return None
        if len(move.sources) != 4:
            return "a packet is four cards: three pip cards and one court card"
        bad = [p for p in move.sources if p not in game.group_of or game.group_of[p].prefix != "c"]
        if bad:
            where = game.pile_name(bad[0]) if bad[0] in game.group_of else repr(bad[0])
            return f"a packet is taken from the cushion, and {where} is not a cushion place"
        if any(not game.piles[p] for p in move.sources):
            return "a packet cannot take a card from an empty cushion place"
        ranks = [game.piles[p][-1].rank for p in move.sources]
        pips = [r for r in ranks if _is_pip(r)]
        courts = [r for r in ranks if r >= JACK]
        if not courts:
            return "a packet needs a court card (jack, queen or king) to crown it"
        if len(courts) > 1 or len(pips) != 3:
            return "a packet is three pip cards (2 to 10) and exactly one court card"
        if len(set(pips)) != 3:
            return "the three pip cards of a packet must all have different values"
        if sum(pips) != PACKET_SUM:
            return f"the pip cards add up to {sum(pips)}, not {PACKET_SUM}"
        place = _next_place(game)
        if move.target != place:
            where = game.pile_name(move.target) if move.target in game.group_of else repr(move.target)
            return f"the next packet goes to {game.pile_name(place) if place else 'no place'}, not {where}"
        return None

    def prompt(self, game: Game) -> str:
        return "Pick three pip cards of different values adding to 18 and a court card, then take the packet."


THE_WHEEL = register(GameSpec(
    slug="the-wheel",
    title="The Wheel",
    family="lady-cadogan",
    decks=2,
    description="Make 24 packets of three pips summing to 18, each crowned with a court card.",
    groups=(
        # As the book lays it out: the aces in a cross in the middle, the circle of 24 places
        # round it, the cushion of two rows of six below, and the pack beside the cushion.
        PileGroup("x", Kind.FOUNDATION, "Cross {n}", count=8, empty=Empty.BASE, base_rank=ACE,
                  starts_with=True, max_cards=1,
                  places=((1.5, 5.5), (2.5, 2.5), (2.5, 3.5), (2.5, 4.5), (2.5, 6.5), (2.5, 7.5), (2.5, 8.5), (3.5, 5.5))),
        PileGroup("o", Kind.FOUNDATION, "Circle {n}", count=24, ring=(2.5, 5.5, 2.5, 5.5)),
        PileGroup("c", Kind.TABLEAU, "Cushion {n}", count=12, pick=Pick.TOP, deal=1,
                  refill_from=("stock",), refill_until_deal=True, at=(6.25, 3), per_line=6,
                  line_step=(1.25, 0)),
        PileGroup("stock", Kind.STOCK, "Pack", at=(6.25, 10)),
    ),
    stock=StockRule(deal_to="c", last_resort=True, label="Deal twelve more", done="Dealt twelve more"),
    hooks=WheelHooks(),
))

