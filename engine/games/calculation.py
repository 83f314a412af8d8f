"""The Calculation family (issue 31): Sir Tommy, Strategy and Calculation, one-pack games in
which every card turned from the stock must be placed at once, on a foundation or on one of
a few waste piles that give their top cards only to the foundations. Jubilee (Kings), the
two-pack member, is written in ``classics.py``.

Readings: docs/readings/calculation-family.md. All three are data, in the vocabulary Jubilee
(Kings) brought: a one-card hand that must be emptied before the next card is turned
(``StockRule.blocked_by_nonempty``), waste piles that take any card (``Direction.ANY``)
and only from the hand (no other group has a route to them), and foundations that follow a
written order of ranks (``sequence``, ``steps``). Calculation's four foundations, each with
its own base rank and step, are four groups of one pile; Strategy's "no card but an ace
goes home until the stock is dealt" is its aces set out at the start and foundations that
take cards only once the stock is used up (``stock_out_only``).
"""

from __future__ import annotations

from ..cards import ACE
from ..registry import register
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, StockRule, steps
from .classics import stock, waste

F, R = Kind.FOUNDATION, Kind.RESERVE
# Turn one card into the hand; the next only once it has been placed.
TURN = StockRule(deal_to="waste", label="Turn a card", done="Turned a card", blocked_by_nonempty="waste")


def waste_piles(count: int, name: str, at: tuple[float, float]) -> PileGroup:
    """Piles that take any card from the hand on any card, and give their top card only to
    the foundations (nothing moves from one to another)."""
    return PileGroup("w", R, name, count=count, build=Build.ANY_SUIT, direction=Direction.ANY, empty=Empty.ANY,
                     pick=Pick.TOP, to=(F,), at=at, fan="down")


def hand(at: tuple[float, float]) -> PileGroup:
    """The card just turned: it goes to a foundation or a waste pile before the next is turned."""
    return waste(at, F, R, name="Hand")


SIR_TOMMY = register(GameSpec(
    slug="sir-tommy",
    title="Sir Tommy",
    aliases=("Old Patience", "Try Again"),
    family="calculation",
    decks=1,
    description="Each card turned goes at once to a foundation or onto one of four waste piles; the foundations start "
                "with the aces as they come and climb to the kings regardless of suit; no redeal.",
    groups=(
        PileGroup("f", F, "Foundation {n}", count=4, build=Build.ANY_SUIT, direction=Direction.UP, empty=Empty.BASE,
                  base_rank=ACE, max_cards=13, at=(0, 0)),
        waste_piles(4, "Waste pile {n}", (1.25, 0)),
        stock(at=(0, 4.25)),
        hand(at=(1.25, 4.25)),
    ),
    stock=TURN,
))

STRATEGY = register(GameSpec(
    slug="strategy",
    title="Strategy",
    family="calculation",
    decks=1,
    description="The aces start the foundations; every other card is turned and laid on one of eight reserve piles, "
                "and nothing more goes home until the stock is dealt; then the reserves' top cards build up by suit.",
    groups=(
        PileGroup("f", F, "Foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP, empty=Empty.NONE,
                  base_rank=ACE, starts_with=True, max_cards=13, stock_out_only=True, at=(0, 0)),
        waste_piles(8, "Reserve pile {n}", (1.25, 0)),
        hand(at=(0, 6)),
        stock(at=(0, 7)),
    ),
    stock=TURN,
))


def interval(prefix: str, name: str, base: int, at: tuple[float, float]) -> PileGroup:
    """A foundation of Calculation: the first card of rank ``base`` out of the shuffled pack,
    built regardless of suit in steps of ``base`` ranks, going round from king to ace, to
    the king (thirteen cards)."""
    return PileGroup(prefix, F, name, build=Build.ANY_SUIT, sequence=steps(base, base), empty=Empty.NONE,
                     base_rank=base, first_found=True, at=at)


CALCULATION = register(GameSpec(
    slug="calculation",
    title="Calculation",
    aliases=("Broken Intervals",),
    family="calculation",
    decks=1,
    description="An ace, a two, a three and a four start four foundations that climb to the kings by ones, twos, threes "
                "and fours regardless of suit; each card turned goes at once to a foundation or one of four waste piles.",
    groups=(
        interval("f1", "Ace foundation, by ones", 1, (0, 0)),
        interval("f2", "Two foundation, by twos", 2, (0, 1)),
        interval("f3", "Three foundation, by threes", 3, (0, 2)),
        interval("f4", "Four foundation, by fours", 4, (0, 3)),
        waste_piles(4, "Waste pile {n}", (1.25, 0)),
        stock(at=(0, 4.25)),
        hand(at=(1.25, 4.25)),
    ),
    stock=TURN,
))
