"""A whole game (``GameSpec``): its pile groups, stock rule, redeals, special moves and hooks."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..hooks import Hooks
from .groups import PileGroup
from .moves import Outranked, Packets, Pairs, Reshuffle, StockRule, TakeUp


SCANS = ("standard", "stock-first", "depth-first", "greedy", "breaks")


@dataclass(frozen=True)
class GameSpec:
    slug: str
    title: str
    family: str
    decks: int
    groups: tuple[PileGroup, ...]
    aliases: tuple[str, ...] = ()
    description: str = ""
    # The lowest rank: ranks run from it up to the king and on round to the rank below it
    # (Deuces: 2 .. K, A). Only foundations that wrap may pass from the highest to the lowest.
    low_rank: int = 1
    suits: str = "CDHS"  # the suits the cards come in; fewer suits, more copies of each (Spider one suit)
    deal_numbers: str = "project"  # "project": the engine's own shuffle; "microsoft": Windows FreeCell's deals
    # The game whose deal numbers this one shares ("": its own). With the project's shuffle,
    # deal N of one game is not deal N of another (the shuffle is keyed by the game), except
    # where a variant names its parent, so that both can be compared on one deal (Well and
    # Well up only; Klondike turning three and turning one).
    deals_as: str = ""
    deal_by_rows: bool = False  # deal across the piles, one row at a time, instead of pile by pile
    # The first card dealt sets the base rank; its fellows start the ``starts_with`` piles
    # (Penguin), or, where no group starts with them, stay in the pack (Canfield).
    base_from_deal: bool = False
    stock: StockRule | None = None
    redeals: int | None = 0  # how many times the game may be redealt (None: without limit)
    # The redeal gathers, shuffles and deals again the cards left in named piles, instead of
    # remaking a stock (``redeals`` times; a limit is needed, as each redeal is numbered).
    reshuffle: Reshuffle | None = None
    take_up: TakeUp | None = None  # the redeal takes up piles and deals them out again round the same piles
    redeal_label: str = "Redeal"
    redeal_done: str = "The waste is turned over"  # what the status says after a redeal
    pairs: Pairs | None = None  # cards taken off together by a rule on their ranks (Pyramid's thirteens)
    packets: Packets | None = None  # pips of different values adding up to a total, crowned by a court card (The Wheel)
    # The game is won when every card lies in one pile of this group, not on foundations
    # (Accordion's row, folded up into a single pile). "": by the foundations and discards.
    one_pile: str = ""
    outranked: Outranked | None = None  # a top card taken off while a higher card of its suit shows (Aces Up)
    # Groups each kept for one rank (``base_rank``) whose lone cards may trade places: a place
    # of one holding a single card of another's rank, and a place of that one holding a
    # single card of the first one's rank, swap their cards (Virginia Reel's rows:
    # ``rules.swap_moves``).
    swaps: tuple[str, ...] = ()
    stays_out: tuple[int, ...] = ()  # ranks that never go home: the game is won without them (Intrigue's queens)
    # Layout: on a narrow screen the board may fold each wide row of piles in two, the second
    # half under the first (a castle's rows, which grow sideways; The Nation's twelve columns).
    fold: bool = False
    # How the page's Hint and check search (one of ``SCANS``; not a rule,
    # so not in the fingerprint): "greedy" where that scan finds winning lines that best first
    # misses within the Hint's budget (Spider with one suit: measured by benchmarks/hint_scans.py).
    hint_scan: str = "standard"
    hooks: Hooks = field(default_factory=Hooks)

    def group(self, prefix: str) -> PileGroup:
        for g in self.groups:
            if g.prefix == prefix:
                return g
        raise KeyError(prefix)


def steps(first: int, step: int, count: int = 13) -> tuple[int, ...]:
    """Ranks from ``first`` in steps of ``step``, going round from king to ace: a sequence."""
    return tuple((first - 1 + i * step) % 13 + 1 for i in range(count))
