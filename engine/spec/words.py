"""The words a pile group's capability record is written in: what a pile is for, how cards
build on it, which way, what an empty pile takes and what may be picked up from it."""

from __future__ import annotations

from enum import Enum


class Kind(str, Enum):
    """What a pile is for. Foundations (and discards) are where the cards end."""

    FOUNDATION = "foundation"
    TABLEAU = "tableau"
    RESERVE = "reserve"
    CELL = "cell"
    STOCK = "stock"
    WASTE = "waste"
    DISCARD = "discard"


class Build(str, Enum):
    """Which cards may go onto a card: by relation of suit or colour."""

    NONE = "none"
    SUIT = "suit"
    ALT_COLOUR = "alternate-colour"
    ANY_SUIT = "any-suit"
    # A card of the same suit or of the same rank, whatever the direction (Accordion: a
    # pile goes onto another whose top card matches its own in suit or in rank).
    SUIT_OR_RANK = "suit-or-rank"


class Direction(str, Enum):
    UP = "up"
    DOWN = "down"
    EITHER = "either"  # each card may go up or down
    EITHER_FIXED = "either-fixed"  # up or down, fixed by the pile's second card
    ANY = "any"  # any card on any card (a waste pile that takes whatever it is given)


class Empty(str, Enum):
    """What an empty pile takes."""

    ANY = "any"
    NONE = "none"
    KING = "king"
    BASE = "base"  # a card of the group's base rank
    BELOW_BASE = "below-base"  # a card one rank below the game's base rank (a king when it is the ace)
    # An ace or a king; the first placed in the group fixes the colours: aces of its colour
    # and kings of the other, or the reverse (Little Spider's foundations).
    PAIRED_ENDS = "paired-ends"


class Pick(str, Enum):
    """What may be picked up from a pile."""

    NONE = "none"
    TOP = "top"  # the top card only
    RUN = "run"  # the top card, or any run in sequence (by the ``run`` rule) above it, of any length
    # As RUN, but only as many cards as single-card moves through free space could carry:
    # (f + 1) * 2^e, where f counts the empty cells and e the empty piles that take any
    # card, the target not counted. Deuces (no cells): 2^e; FreeCell: (f + 1) * 2^e;
    # Eight Off (spaces take kings only, so e is 0): f + 1.
    SUPERMOVE = "supermove"
    # Any face-up card, together with every card on top of it, whatever their order: the
    # cards above need not be a run (Yukon, Russian Solitaire, Scorpion). The move is judged
    # by the lowest card moved alone, on the pile it goes to.
    FACE_UP = "face-up"
    # The whole pile, as a unit, and only the whole pile: it is judged by its top card
    # (Accordion, where a pile counts as the card showing on it).
    PILE = "pile"
