"""Cards, suits and ranks.

A card is a small immutable value. Two-deck games hold two cards of each kind, told
apart by ``deck`` so that every card has exactly one place on the table.
"""

from __future__ import annotations

from typing import NamedTuple

SUITS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RED_SUITS = frozenset({"D", "H"})

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
_TEXT_RANK = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}


class Card(NamedTuple):
    """One card: rank 1 (ace) to 13 (king), suit letter, and which deck it came from."""

    rank: int
    suit: str
    deck: int = 0

    @property
    def code(self) -> str:
        """Short text such as ``QH`` or ``10S`` (the deck is not shown)."""
        return rank_text(self.rank) + self.suit

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def name(self) -> str:
        """Words for screen readers and messages: ``Queen of hearts``."""
        return f"{RANK_NAMES.get(self.rank, str(self.rank))} of {SUIT_NAMES[self.suit]}"

    @property
    def short(self) -> str:
        """Short text for people, with the suit's symbol: ``Q♥``."""
        return rank_text(self.rank) + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.code


def rank_text(rank: int) -> str:
    return RANK_TEXT.get(rank, str(rank))


def parse_rank(text: str) -> int:
    """Read ``A``, ``2``..``10``, ``J``, ``Q``, ``K`` (case-insensitive)."""
    try:
        return _TEXT_RANK[text.upper()]
    except KeyError:
        raise ValueError(f"not a rank: {text!r}") from None


def parse_card(text: str, deck: int = 0) -> Card:
    """Read a card code such as ``QH`` or ``10s``."""
    t = text.strip().upper()
    if len(t) < 2 or t[-1] not in SUITS:
        raise ValueError(f"not a card: {text!r}")
    return Card(parse_rank(t[:-1]), t[-1], deck)
