"""How cards relate and what a pile holds: the order of ranks, whether one card builds on
another (``fits``), which cards are covered, a pile's run and how many cards may be picked
up from it, and the free cells and empty piles a supermove may use.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..cards import ACE, KING, Card
from ..spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup

if TYPE_CHECKING:
    from ..game import Game


# A reason is a short code and its arguments (pile ids, cards, numbers), formatted into
# words only when a person needs them: move generation makes and drops many of these.
Why = tuple[object, ...]


class Probe:
    """The little of a game that the rule functions read to say whether one card goes on
    another, with no cards laid out: its spec, its base rank and empty piles. The solver's
    tables and the safe-move rule ask the rules through it, once per game."""

    def __init__(self, spec: GameSpec, base: int | None = None) -> None:
        self.spec = spec
        self.base = base
        self.piles: dict[str, list[Card]] = {p: [] for g in spec.groups for p in g.ids()}


def value(game: Game, rank: int) -> int:
    """A rank's place in the game's order, 0 for its lowest rank (ace, or Deuces' 2)."""
    return (rank - game.spec.low_rank) % 13


def is_next(game: Game, wrap: bool, a: Card, b: Card) -> bool:
    """Is ``b`` one rank above ``a``?"""
    if wrap:
        return (b.rank - a.rank) % 13 == 1
    return value(game, b.rank) == value(game, a.rank) + 1


def related(build: Build, a: Card, b: Card) -> bool:
    if build is Build.SUIT:
        return a.suit == b.suit
    if build is Build.ALT_COLOUR:
        return a.red != b.red
    if build is Build.SUIT_OR_RANK:
        return a.suit == b.suit or a.rank == b.rank
    return build is Build.ANY_SUIT


def fits(game: Game, g: PileGroup, pile: list[Card], card: Card) -> bool:
    """May ``card`` go on top of the non-empty ``pile`` of group ``g``?"""
    top = pile[-1]
    if not related(g.build, top, card) or top.rank in g.nothing_on:
        return False
    if g.sequence:
        return len(pile) < len(g.sequence) and card.rank == g.sequence[len(pile)]
    d = g.direction
    if d is Direction.ANY:
        return True
    if d is Direction.EITHER_FIXED and len(pile) >= 2:
        d = Direction.UP if is_next(game, g.wrap, pile[0], pile[1]) else Direction.DOWN
    if d is Direction.UP:
        return is_next(game, g.wrap, top, card)
    if d is Direction.DOWN:
        return is_next(game, g.wrap, card, top)
    return is_next(game, g.wrap, top, card) or is_next(game, g.wrap, card, top)


def paired_ends_refusal(game: Game, d: PileGroup, dst: str, card: Card) -> Why | None:
    """``Empty.PAIRED_ENDS``: an ace or a king; once one is placed in the group, aces of its
    colour and kings of the other (or, from a king, the reverse)."""
    if card.rank not in (ACE, KING):
        return ("empty-takes-ends", dst, card)
    first = next((game.piles[q][0] for q in d.ids() if game.piles[q]), None)
    if first is not None and (card.rank == first.rank) != (card.red == first.red):
        return ("ends-paired", dst, card, first)
    return None


@lru_cache(maxsize=None)
def grid_neighbours(g: PileGroup) -> dict[str, tuple[str, ...] | None]:
    """For each place of a grid group (``freed_by``), the places whose cards hold its card
    in; None when one of its freeing neighbours is off the grid (its card is always free)."""
    ids = g.ids()
    cols = g.per_line or len(ids)
    rows = -(-len(ids) // cols)
    out: dict[str, tuple[str, ...] | None] = {}
    for i, pid in enumerate(ids):
        row, col = g.cell(i)
        near: list[str] = []
        for dr, dc in g.freed_by:
            if g.sideways(i):
                dr, dc = dc, dr
            r, c = row + dr, col + dc
            j = r * cols + c
            if not (0 <= r < rows and 0 <= c < cols) or j >= len(ids):
                break
            near.append(ids[j])
        out[pid] = tuple(near) if len(near) == len(g.freed_by) else None
    return out


@lru_cache(maxsize=None)
def lying_over(g: PileGroup) -> dict[str, tuple[str, ...]]:
    """For each place of a group with ``overlapped_by``, the places whose cards lie over it."""
    ids = g.ids()
    if len(g.overlapped_by) != len(ids):
        raise ValueError(f"group {g.prefix!r}: {len(g.overlapped_by)} overlap lists for {len(ids)} piles")
    return {pid: tuple(ids[j] for j in g.overlapped_by[i]) for i, pid in enumerate(ids)}


def held(g: PileGroup) -> bool:
    """Can a place of ``g`` be held in by others (``freed_by`` or ``overlapped_by``)?"""
    return bool(g.freed_by or g.overlapped_by)


def covered(game: Game, g: PileGroup, pid: str) -> bool:
    """Is the card of grid place ``pid`` held in: some card lying over it
    (``overlapped_by``), or every neighbour that could free it holding a card (``freed_by``)?"""
    if g.overlapped_by:
        return any(game.piles[q] for q in lying_over(g)[pid])
    if not g.freed_by:
        return False
    near = grid_neighbours(g)[pid]
    return near is not None and all(game.piles[q] for q in near)


def stock_out(game: Game) -> bool:
    """Is the stock used up (or is there none)?"""
    return not game.stock_id or not game.piles[game.stock_id]


def base_rank(game: Game, g: PileGroup) -> int | None:
    """The rank an empty pile of ``g`` takes: fixed by the group, set by the deal (the
    game's base), or set by the first card on the group's first pile (None until then)."""
    if g.sequence:
        return g.sequence[0]
    if g.base_rank is not None:
        return g.base_rank
    if game.base is not None:
        return game.base
    first = game.piles[g.ids()[0]]
    return first[0].rank if first else None


def below_base(game: Game) -> int | None:
    """The rank one below the game's base rank, going round from the ace to the king."""
    return None if game.base is None else (game.base - 2) % 13 + 1


def run_length(game: Game, pid: str, moving: bool = True) -> int:
    """How many face-up cards at the top of ``pid`` form a run that may move as a unit:
    each card one rank from the card under it, the way the pile builds (either way, where
    it builds both ways, but the same way all through), and related by the ``run`` rule.
    With ``moving=False``, such a run counts even where only the top card may move (the
    solver's measure of cards in order). Where any face-up card may move with what lies on
    it (``Pick.FACE_UP``), every face-up card counts when ``moving``."""
    g = game.group_of[pid]
    cards = game.piles[pid]
    up = len(cards) - game.down[pid]
    if up <= 0:
        return 0
    if g.pick is Pick.TOP and moving:
        return 1
    if g.pick in (Pick.FACE_UP, Pick.PILE) and moving:
        return up
    ways = (True,) if g.direction is Direction.UP else (False,) if g.direction is Direction.DOWN else (True, False)
    best = 1
    for upward in ways:
        n = 1
        while n < up:
            lower, upper = cards[-n - 1], cards[-n]
            step = is_next(game, g.wrap, lower, upper) if upward else is_next(game, g.wrap, upper, lower)
            if not (step and related(g.run, lower, upper)):
                break
            n += 1
        best = max(best, n)
    return best


def pick_limit(game: Game, pid: str) -> int:
    """How many cards may be taken from ``pid`` now (0: none)."""
    g = game.group_of[pid]
    if g.pick is Pick.NONE or not g.to or not game.piles[pid]:
        return 0
    if g.available_when_empty is not None and not game.any_empty(g.available_when_empty):
        return 0
    if g.base_card_stays and len(game.piles[pid]) == 1:
        return 0
    if held(g) and covered(game, g, pid):
        return 0
    return run_length(game, pid)


def free_space(game: Game) -> tuple[int, int]:
    """The room a supermove may use: empty cells, and empty tableau piles that take any card."""
    piles = game.piles
    cells = sum(1 for pid in game.ids_by_kind[Kind.CELL] if not piles[pid])
    spaces = sum(1 for pid in game.ids_by_kind[Kind.TABLEAU]
                 if not piles[pid] and game.group_of[pid].empty is Empty.ANY)
    return cells, spaces


def unfounded(g: PileGroup, pile: list[Card]) -> bool:
    """Does the non-empty ``pile`` of a group with a ``sequence`` start with another rank
    than the sequence's first? Then it takes nothing (a card dealt into the wrong place of
    Virginia Reel's rows waits to be moved away)."""
    return bool(g.sequence) and pile[0].rank != g.sequence[0]
