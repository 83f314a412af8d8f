"""The Forty Thieves and Busy Aces family, beyond Deuces (deuces.py).

Readings: docs/readings/forty-thieves.md. Every game is one call of ``family_game``: a
stock turned one card at a time, a waste, eight foundations, and a tableau, with the dials
the family turns (lowest rank, base cards dealt or not, how many piles, how they build,
what may move, what fills a space). Warfield's variations of Deuces are a line or two each.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import ACE, JACK, KING
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, StockRule
from .deuces import DEUCES

F, T, C = Kind.FOUNDATION, Kind.TABLEAU, Kind.CELL
STOCK = PileGroup("stock", Kind.STOCK, "Stock", at=(0, 0))
TURN = StockRule(deal_to="waste", label="Turn a card", done="Turned a card")


def waste(*to: Kind) -> PileGroup:
    return PileGroup("waste", Kind.WASTE, "Waste", pick=Pick.TOP, to=to or (F, T), at=(0, 1))


def foundations(base: int, *, dealt: bool, prefix: str = "f", name: str = "Foundation {n}", count: int = 8,
                direction: Direction = Direction.UP, build: Build = Build.SUIT, wrap: bool = False,
                cards: int = 13, at: tuple[int, int] = (0, 2)) -> PileGroup:
    """Foundations started by cards of rank ``base``: dealt at the start, or placed by the
    player as they come (any empty foundation of the group takes any base card)."""
    return PileGroup(prefix, F, name, count=count, build=build, direction=direction, wrap=wrap,
                     empty=Empty.BASE, base_rank=base, starts_with=dealt, max_cards=cards, at=at)


def tableau(count: int, *, deal: int = 1, build: Build = Build.SUIT, direction: Direction = Direction.DOWN,
            wrap: bool = False, pick: Pick = Pick.SUPERMOVE, run: Build = Build.SUIT,
            to: tuple[Kind, ...] = (F, T), refill_from: tuple[str, ...] = (), prefix: str = "t",
            name: str = "Pile {n}", at: tuple[int, int] = (1, 0), per_line: int = 0) -> PileGroup:
    """Piles dealt face up, building ``direction`` by ``build``; a space takes any card."""
    return PileGroup(prefix, T, name, count=count, build=build, direction=direction, wrap=wrap,
                     empty=Empty.ANY, pick=pick, run=run, to=to, deal=deal, refill_from=refill_from,
                     at=at, per_line=per_line, fan="down")


def family_game(slug: str, title: str, description: str, *groups: PileGroup, low_rank: int = ACE,
                aliases: tuple[str, ...] = (), stock: StockRule = TURN, redeals: int = 0,
                hint_scan: str = "standard") -> GameSpec:
    """A member of the family: Deuces' stock and waste with its own piles and rank order."""
    return register(replace(DEUCES, slug=slug, title=title, aliases=aliases, description=description,
                            low_rank=low_rank, groups=(STOCK, *groups), stock=stock, redeals=redeals,
                            redeal_label="Turn the waste over", hint_scan=hint_scan))


FORTY_THIEVES = family_game(
    "forty-thieves", "Forty Thieves",
    "Ten piles of four; aces up by suit; build down by suit; one pass through the stock.",
    waste(), foundations(ACE, dealt=False), tableau(10, deal=4),
    aliases=("Napoleon at St. Helena", "Big Forty", "Le Cadran", "Roosevelt at San Juan"))

BUSY_ACES = family_game(
    "busy-aces", "Busy Aces",
    "Twelve piles of one card; aces up by suit; build down by suit; one pass through the stock.",
    waste(), foundations(ACE, dealt=False), tableau(12, per_line=6), hint_scan="greedy")

COURTYARD = family_game(
    "courtyard", "Courtyard",
    "Busy Aces with runs in suit moving freely, and spaces filled at once from the waste or the stock.",
    waste(), foundations(ACE, dealt=False),
    tableau(12, per_line=6, pick=Pick.RUN, refill_from=("waste", "stock")))

THREES_COMPANY = family_game(
    "threes-company", "Three's Company",
    "The threes start the foundations, which climb to the twos; eight piles; runs in suit move freely.",
    waste(), foundations(3, dealt=True), tableau(8, pick=Pick.RUN), low_rank=3)

FOURS_UP = family_game(
    "fours-up", "Fours Up",
    "The fours start the foundations, which climb to the threes; six piles build down regardless of "
    "suit, but only runs in suit move.",
    waste(), foundations(4, dealt=True), tableau(6, build=Build.ANY_SUIT, pick=Pick.RUN), low_rank=4)

PENTA = family_game(
    "penta", "Penta",
    "Any five starts a foundation, four going up and four down, regardless of suit; three piles "
    "build down and three up, round the corner.",
    waste(),
    foundations(5, dealt=False, count=4, build=Build.ANY_SUIT, wrap=True, name="Up foundation {n}"),
    foundations(5, dealt=False, count=4, build=Build.ANY_SUIT, wrap=True, prefix="g",
                name="Down foundation {n}", direction=Direction.DOWN, at=(0, 6)),
    tableau(3, build=Build.ANY_SUIT, pick=Pick.TOP, wrap=True, name="Down pile {n}"),
    tableau(3, build=Build.ANY_SUIT, pick=Pick.TOP, wrap=True, prefix="u", name="Up pile {n}",
            direction=Direction.UP, at=(1, 3)),
)

SIXES_AND_SEVENS = family_game(
    "sixes-and-sevens", "Sixes and Sevens",
    "Sevens build up to kings and sixes down to aces; nine places hold one card each, filled from the waste.",
    waste(F, T),
    foundations(7, dealt=True, name="Sevens {n}", cards=KING - 7 + 1),
    foundations(6, dealt=True, prefix="g", name="Sixes {n}", direction=Direction.DOWN, cards=6, at=(1, 2)),
    replace(tableau(9, build=Build.NONE, pick=Pick.TOP, to=(F,), name="Place {n}"), max_cards=1, at=(2, 0),
            fan="none"),
)

EIGHTS_DOWN = family_game(
    "eights-down", "Eights Down",
    "The eights start the foundations, which build down round to the nines; six piles build up "
    "by suit; two passes through the stock.",
    waste(), foundations(8, dealt=True, direction=Direction.DOWN, wrap=True),
    tableau(6, direction=Direction.UP, pick=Pick.RUN), low_rank=8,
    stock=StockRule(deal_to="waste", redeal_waste=True, label="Turn a card", done="Turned a card"), redeals=1,
    hint_scan="greedy")

CAST_OUT_NINES = family_game(
    "cast-out-nines", "Cast Out Nines",
    "Any nine starts a foundation, which climbs to an eight; seven piles build down by suit.",
    waste(), foundations(9, dealt=False), tableau(7), low_rank=9)

DIMES = family_game(
    "dimes", "Dimes",
    "Any ten starts a foundation, which climbs to a nine; eight piles build down by suit.",
    waste(), foundations(10, dealt=False), tableau(8), low_rank=10)

JACKS_IN_THE_BOX = family_game(
    "jacks-in-the-box", "Jacks in the Box",
    "The jacks start the foundations, which climb to the tens; six piles build down by suit, "
    "with four free cells.",
    waste(F, T, C), foundations(JACK, dealt=True), tableau(6, to=(F, T, C)),
    PileGroup("c", C, "Cell {n}", count=4, empty=Empty.ANY, pick=Pick.TOP, to=(F, T), at=(1, 6)),
    low_rank=JACK)

DIPLOMAT = family_game(
    "diplomat", "Diplomat",
    "Eight piles of four; aces up by suit; build down regardless of suit; one pass through the stock.",
    waste(), foundations(ACE, dealt=False), tableau(8, deal=4, build=Build.ANY_SUIT, run=Build.ANY_SUIT))
