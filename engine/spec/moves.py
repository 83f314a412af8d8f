"""The records for what a game does beyond building on piles: its stock and redeals
(``StockRule``, ``Reshuffle``, ``TakeUp``) and the cards it takes off by rule
(``Pairs``, ``Packets``, ``Outranked``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StockRule:
    """What the ``deal`` action does, and how often the stock may be remade."""

    deal_to: str = "waste"  # "waste": turn cards onto the waste; else a group prefix: one card onto each pile
    draw: int = 1
    redeal_waste: bool = False  # "redeal" turns the waste over into a new stock (GameSpec.redeals times)
    blocked_by_empty: str | tuple[str, ...] | None = None  # no deal while a pile of this group (or these) is empty
    # No deal (nor redeal) while a pile of this group holds a card: a turned card must be
    # placed before the next is turned (Jubilee's hand, Sir Tommy).
    blocked_by_nonempty: str | None = None
    # A redeal gathers these piles into a new stock instead of turning the waste over: each
    # put on the one before (the first at the bottom), and the heap turned face down, so the
    # first card laid on the first pile is the first dealt again.
    gather: tuple[str, ...] = ()
    # With ``deal_to`` a group: each card goes onto the last started pile of the group,
    # and a card of this rank starts the next pile instead (Intrigue, Salic Law).
    new_pile_rank: int | None = None
    deal_to_more: tuple[str, ...] = ()  # with ``deal_to`` a group: these groups' piles are dealt to after it, in order
    # With ``deal_to`` a group laid out in lines (``per_line``): each deal fills the next
    # line, under those dealt before (``Game.deals`` counts them), gaps left as they are
    # (Babette's garden, a row at a time).
    by_rows: bool = False
    last_resort: bool = False  # deal only when no other move is possible
    # With ``deal_to`` a group: the deal first closes the group's gaps (each pile moving down
    # to the earliest empty place, in order, as ``PileGroup.close_gaps`` does by itself), then
    # deals onto the empty places left at the end, in order, ``draw`` cards (0: until every
    # place is filled or the stock runs out). Allowed while a gap lies before a card, or a
    # place is empty and the stock holds a card (Monte Carlo's "Close up": the player's move,
    # as in PySolFC; Accordion, one card at a time onto the end of its row).
    close_up: bool = False
    # With ``deal_to`` a group: each card dealt goes, face up, onto the pile of its rank
    # instead of onto each pile in turn: the piles of ``deal_to`` and then ``deal_to_more``,
    # taken in order, stand for the ranks from the game's lowest up (Clock's hours, the ace
    # at one o'clock and the kings in the centre).
    by_rank: bool = False
    # With ``by_rank``, a game of forced moves with no stock pile: the card dealt is the top
    # face-down card of the pile the last card went to (at first, the last of those piles:
    # Clock's kings), put face up on top of the face-up cards of its rank's pile; the deals
    # end when that pile has no face-down card left. The pile a deal takes from is the one
    # holding one card more than it was dealt, as cards move only this way (none such: the
    # last pile). The deal is then the game's one move, and a renderer may play it from any
    # click (``Game.view()``'s ``forced``).
    chain: bool = False
    label: str = "Deal"  # the button's words
    done: str = "Dealt from the stock"  # what the status says once it is done (past tense, no full stop)


@dataclass(frozen=True)
class Reshuffle:
    """A redeal that gathers the cards left in the piles of ``groups``, shuffles them and
    deals them again face up, ``fans_of`` cards to a pile from the first pile of the first
    group on (the last pile dealt to may take fewer; the piles after it stay empty):
    La Belle Lucie, and the fan games like it (Shamrocks, Trefoil, Three Shuffles and a Draw).

    Chance after the deal, kept reproducible: the shuffle of redeal k is the project's own
    (``engine.rng``) seeded by the game, the deal number and k, over the gathered cards
    put first in a fixed order (suit, rank, copy). So it depends only on which cards are
    left, not on where they lay, and a deal number and a record of moves replay exactly.
    """

    groups: tuple[str, ...]
    fans_of: int = 3


@dataclass(frozen=True)
class TakeUp:
    """A redeal that takes up piles of ``groups`` (their piles in order, group after group)
    and deals their cards out again round the same piles, one card to a pile at a time:
    made only while redeals are left (``GameSpec.redeals``) and the stock, if there is
    one, is empty.

    - By default each redeal takes up every pile: the last pile on the one before, and so on
      to the first, and the packet is dealt from its top (the last pile's top card first),
      round from the first pile (St. Helena).
    - ``one_pile``: each redeal takes up a single pile, the last first (with ``k`` redeals
      left, pile ``k``), and deals it round from its own place (Matrimony).
    - ``bottom_first``: the packet is turned face down, so each pile's bottom card comes
      out first.

    ``take_up_plan`` (engine.dealing) reads this; the rules and the solver's tables both
    follow that plan.
    """

    groups: tuple[str, ...]
    one_pile: bool = False
    bottom_first: bool = False


@dataclass(frozen=True)
class Pairs:
    """Cards taken off together, onto the discard pile ``to``, by a rule on their ranks:
    the available top cards of piles of ``groups``, two at a time whose ranks add up to
    ``total``, or one alone whose rank is ``total`` (Pyramid's thirteens: an ace counts 1,
    a jack 11, a queen 12, so a king goes alone). A card is available as it is to move
    anywhere: a top card, face up, not held in (``freed_by``, ``overlapped_by``).

    The move is written with its sources, ``p7+p28>d``, or ``p28>d`` for a card alone.
    ``match`` names the rule on the ranks: "total" (above), or "rank": two cards of one
    rank, never one alone (Monte Carlo).

    With ``neighbours``, two cards pair only where their places touch: the second lies at
    one of these (row, column) offsets from the first in the grid of their group
    (``per_line`` places to a row; both cards of one group). ``TOUCHING``, the eight places
    round a place, is Monte Carlo's; across and down only would be ``SIDE_BY_SIDE``."""

    to: str
    groups: tuple[str, ...]
    total: int = 13
    match: str = "total"
    neighbours: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Packets:
    """A packet taken off together (The Wheel): the top cards of ``pips`` piles of
    ``groups``, pip cards (2 to 10) of different values adding up to ``total``, and of one
    more, a court card (jack, queen or king) to crown them, laid on the next empty place of
    group ``to`` (its places in order), the pips in rising order and the court on top.

    The move is written with its sources, ``c1+c2+c3+c4>o1`` for three pips and a court."""

    groups: tuple[str, ...]
    to: str
    pips: int = 3
    total: int = 18


# Offsets (row, column) of the places touching a place in a grid: the eight round it
# (across, down and diagonally), and the four beside it (across and down).
TOUCHING: tuple[tuple[int, int], ...] = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
SIDE_BY_SIDE: tuple[tuple[int, int], ...] = ((-1, 0), (0, -1), (0, 1), (1, 0))


@dataclass(frozen=True)
class Outranked:
    """A card taken off alone because it is beaten: the top card of a pile of ``groups`` may
    go onto the discard pile ``to`` while a higher card of its suit lies on top of another
    pile of ``groups`` (Aces Up; higher in the game's order of ranks, so with ``low_rank=2``
    the ace is the highest and is never taken off). The move is written ``t2>d``."""

    to: str
    groups: tuple[str, ...]
