"""The standard rules, read from a spec's pile groups.

Whether a card may go somewhere is decided in exactly one place, ``refusal``: move
generation keeps the moves it does not refuse, and an illegal move's message is the
reason it gives.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from .cards import ACE, JACK, KING, Card
from .dealing import reshuffle, take_up
from .moves import Move, pile_sort_key
from .spec import Build, Direction, Empty, GameSpec, Kind, Pairs, Pick, PileGroup

if TYPE_CHECKING:
    from .game import Game

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


def drop_refusal(game: Game, dst: str, card: Card, n: int = 1) -> Why | None:
    """Why ``n`` cards whose lowest is ``card`` may not be put on ``dst``; None if they may."""
    d = game.group_of[dst]
    pile = game.piles[dst]
    if d.kind is Kind.CELL:
        if pile:
            return ("cell-full", dst)
        if n != 1:
            return ("one-card", dst)
        return None
    if d.kind is Kind.DISCARD:
        if d.base_rank is not None:  # a heap for dead cards of one rank (Virginia Reel's aces)
            if n != 1 or card.rank != d.base_rank:
                return ("discard-rank", dst, d.base_rank)
            return None
        if n != 13 or card.rank != KING:
            return ("discard-full-run", dst)
        if d.max_cards is not None and len(pile) + n > d.max_cards:
            return ("discard-taken", dst)
        return None
    if d.kind is Kind.FOUNDATION and n != 1:
        return ("one-card", dst)
    if d.stock_out_only and not stock_out(game):
        return ("after-stock", dst)
    if d.max_cards is not None and len(pile) + n > d.max_cards:
        return ("pile-full", dst, d.max_cards)
    if d.sequence and len(pile) + n > len(d.sequence):
        return ("pile-full", dst, len(d.sequence))
    if not pile:
        if d.empty is Empty.NONE:
            return ("empty-takes-nothing", dst)
        if d.empty is Empty.KING and card.rank != KING:
            return ("empty-takes-king", dst)
        if d.empty is Empty.BASE:
            base = base_rank(game, d)
            if base is None or card.rank != base:
                return ("empty-takes-base", dst, base, card)
        if d.empty is Empty.BELOW_BASE:
            below = below_base(game)
            if below is None or card.rank != below:
                return ("empty-takes-base", dst, below, card)
        if d.empty is Empty.PAIRED_ENDS:
            why = paired_ends_refusal(game, d, dst, card)
            if why is not None:
                return why
        if d.one_per_suit and any(game.piles[q] and game.piles[q][0].suit == card.suit for q in d.ids()):
            return ("suit-taken", dst, card.suit)
    elif d.base_card_stays and len(pile) == 1 and stock_out(game):
        if n != 1:
            return ("one-card", dst)
    elif d.build is Build.NONE:
        if d.base_card_stays and len(pile) == 1:
            return ("bare-base-waits", dst)
        return ("builds-nothing", dst)
    elif unfounded(d, pile):
        return ("unfounded", dst, pile[0], d.sequence[0])
    elif pile[-1].rank in d.nothing_on:
        return ("nothing-on", dst, pile[-1])
    elif not fits(game, d, pile, card):
        return ("does-not-fit", dst, card, pile[-1])
    return None


def refusal(game: Game, src: str, dst: str, n: int, room: tuple[int, int] | None = None) -> Why | None:
    """Why ``n`` cards may not go from ``src`` to ``dst`` now; None if they may."""
    g = game.group_of[src]
    d = game.group_of[dst]
    if src == dst:
        return ("same-pile", src)
    if not game.piles[src]:
        return ("src-empty", src)
    if g.pick is Pick.NONE or not g.to:
        return ("src-fixed", src)
    if g.available_when_empty is not None and not game.any_empty(g.available_when_empty):
        return ("src-locked", src, g.available_when_empty)
    if g.base_card_stays and len(game.piles[src]) == 1:
        return ("base-stays", src)
    if g.overlapped_by and covered(game, g, src):
        return ("overlapped", src)
    if g.freed_by and covered(game, g, src):
        return ("covered", src, g.sideways(g.ids().index(src)))
    if d.kind not in g.to:
        return ("no-route", src, dst)
    if d.empty_from and not game.piles[dst] and g.kind not in d.empty_from:
        return ("space-from", dst, d.empty_from)
    if first_pass_refused(game, g, d):
        return ("first-pass", src, g.first_pass_foundations)
    if in_line_refused(game, g, src, d, dst):
        return ("home-in-line", src, g.home_in_line_while_stock)
    run = run_length(game, src)
    if run == 0:
        return ("face-down", src)
    if n > run:
        return ("face-up-only", src, n, run) if g.pick is Pick.FACE_UP else ("not-a-run", src, n, run)
    why = drop_refusal(game, dst, game.piles[src][-n], n)
    if why is not None:
        return why
    if d.kind is Kind.DISCARD and n > 1 and n > run_length(game, src, moving=False):
        return ("discard-full-run", dst)  # cards carried out of order (``Pick.FACE_UP``) are no run
    return supermove_refusal(game, src, dst, n, room)


def in_line_refused(game: Game, g: PileGroup, src: str, d: PileGroup, dst: str) -> bool:
    """Is a card of ``src`` kept from foundation ``dst`` because, while the stock lasts, it
    may go home only to the foundation in line with it (``home_in_line_while_stock``)?"""
    line = g.home_in_line_while_stock
    if line is None or d.kind is not Kind.FOUNDATION or stock_out(game):
        return False
    return d.prefix != line or d.ids().index(dst) != g.ids().index(src)


def first_pass_refused(game: Game, g: PileGroup, d: PileGroup) -> bool:
    """Is a card of group ``g`` kept from foundation group ``d`` because no redeal has been
    used yet (``first_pass_foundations``)?"""
    return (bool(g.first_pass_foundations) and d.kind is Kind.FOUNDATION and d.prefix not in g.first_pass_foundations
            and game.redeals_left == game.spec.redeals)


def supermove_refusal(game: Game, src: str, dst: str, n: int, room: tuple[int, int] | None = None) -> Why | None:
    """A run of ``n`` may move as a unit only if single-card moves through free space
    could do the same: (f + 1) * 2^e cards, with f empty cells and e empty piles that
    take any card, the target not counted (Pick.SUPERMOVE)."""
    if n == 1 or game.group_of[src].pick is not Pick.SUPERMOVE:
        return None
    cells, spaces = free_space(game) if room is None else room
    if not game.piles[dst] and game.group_of[dst].empty is Empty.ANY:
        spaces -= 1
    limit = (cells + 1) * 2 ** max(spaces, 0)
    if n > limit:
        return ("supermove", n, limit, cells, spaces)
    return None


def unfounded(g: PileGroup, pile: list[Card]) -> bool:
    """Does the non-empty ``pile`` of a group with a ``sequence`` start with another rank
    than the sequence's first? Then it takes nothing (a card dealt into the wrong place of
    Virginia Reel's rows waits to be moved away)."""
    return bool(g.sequence) and pile[0].rank != g.sequence[0]


def neighbour_ranks(game: Game, g: PileGroup, pile: list[Card]) -> tuple[int, ...]:
    """The ranks a card would need to be built on the non-empty ``pile`` of group ``g``,
    whatever its suit (one rank below for a pile building down, above for one building up,
    both for either; the next of the group's sequence, if it has one)."""
    if g.sequence:
        return (g.sequence[len(pile)],) if len(pile) < len(g.sequence) and not unfounded(g, pile) else ()
    top = pile[-1]
    if top.rank in g.nothing_on:
        return ()
    low = game.spec.low_rank
    v = value(game, top.rank)
    out = []
    if g.direction is not Direction.DOWN:
        if g.wrap or v < 12:
            out.append((v + 1) % 13)
    if g.direction is not Direction.UP:
        if g.wrap or v > 0:
            out.append((v - 1) % 13)
    return tuple((w + low - 1) % 13 + 1 for w in out)


def card_moves(game: Game, to: frozenset[Kind] | None = None) -> list[Move]:
    """Every standard move of cards from pile to pile that ``refusal`` allows (with ``to``,
    only those onto piles of these kinds: the same moves, as each target is tried alone).

    The source checks of ``refusal`` are ``pick_limit``'s, made once per source. Targets
    are found through the rank they wait for: a non-empty pile that builds is tried only by
    a card of a neighbouring rank, and only empty piles, cells and discards by every card;
    ``drop_refusal`` then decides. This keeps ``legal_moves()`` well under 1 ms in two-pack
    games with many piles.
    """
    out: list[Move] = []
    room = free_space(game)
    piles = game.piles
    group_of = game.group_of
    wanting: dict[int, list[str]] = {}
    open_to: list[tuple[str, int, int]] = []  # (pile, the one rank it takes or 0 for any, the one count or 0)
    for dst in game.order:
        d = group_of[dst]
        pile = piles[dst]
        kind = d.kind
        if to is not None and kind not in to:
            continue
        if kind is Kind.STOCK or (kind is Kind.WASTE and d.build is Build.NONE):
            continue
        if kind is Kind.DISCARD:
            open_to.append((dst, KING, 13) if d.base_rank is None else (dst, d.base_rank, 1))
        elif kind is Kind.CELL:
            if not pile:
                open_to.append((dst, 0, 1))
        elif not pile:
            rank = empty_takes(game, d)
            if rank is not None:
                open_to.append((dst, rank, 1 if kind is Kind.FOUNDATION else 0))
        elif d.build is not Build.NONE and d.direction is Direction.ANY:
            open_to.append((dst, 0, 0))
        elif d.base_card_stays and len(pile) == 1 and stock_out(game):
            open_to.append((dst, 0, 1))
        elif d.build is not Build.NONE:
            for rank in neighbour_ranks(game, d, pile):
                wanting.setdefault(rank, []).append(dst)
    for src in game.order:
        limit = pick_limit(game, src)
        if not limit or group_of[src].onto_before:  # those go by distance: ``before_moves``
            continue
        cards = piles[src]
        kinds = group_of[src].to
        src_kind = group_of[src].kind
        # Where cards are carried out of order, only those in order make a run to discard.
        ordered = run_length(game, src, moving=False) if group_of[src].pick is Pick.FACE_UP else limit
        for n in range(1, limit + 1):
            card = cards[-n]
            targets = [dst for dst, rank, count in open_to
                       if (not rank or rank == card.rank) and (not count or count == n)]
            for dst in (*wanting.get(card.rank, ()), *targets):
                d = group_of[dst]
                if (dst != src and d.kind in kinds
                        and not (d.empty_from and not piles[dst] and src_kind not in d.empty_from)
                        and not first_pass_refused(game, group_of[src], d)
                        and not in_line_refused(game, group_of[src], src, d, dst)
                        and drop_refusal(game, dst, card, n) is None
                        and (n <= ordered or d.kind is not Kind.DISCARD)
                        and supermove_refusal(game, src, dst, n, room) is None):
                    out.append(Move((src,), dst, n))
    return out


def empty_takes(game: Game, g: PileGroup) -> int | None:
    """The one rank an empty pile of ``g`` takes, 0 for any card, None for none: a quick
    sieve for move generation (``drop_refusal`` still decides)."""
    if g.empty is Empty.ANY:
        return 0
    if g.empty is Empty.KING:
        return KING
    if g.empty is Empty.BASE:
        return base_rank(game, g)
    if g.empty is Empty.BELOW_BASE:
        return below_base(game)
    if g.empty is Empty.PAIRED_ENDS:
        return 0
    return None


def stock_refusal(game: Game, action: str) -> Why | None:
    """Why the stock's ``deal`` or ``redeal`` is not allowed now; None if it is."""
    if action == "redeal" and game.spec.reshuffle is not None:
        return reshuffle_refusal(game)
    if action == "redeal" and game.spec.take_up is not None:
        return take_up_refusal(game)
    rule = game.spec.stock
    if rule is not None and rule.chain:
        if action != "deal":
            return ("no-redeal",)
        source = chain_source(game)
        return None if game.down[source] else ("chain-ended", source)
    if rule is None or not game.stock_id:
        return ("no-stock", action)
    stock = game.piles[game.stock_id]
    waiting = rule.blocked_by_nonempty
    if action == "deal":
        if rule.close_up:
            g = game.spec.group(rule.deal_to)
            if not gap_before_card(game, g):
                if not game.any_empty(rule.deal_to):
                    return ("no-gaps", rule.deal_to)
                if not stock:
                    return ("nothing-to-close", rule.deal_to)
            return None
        if not stock:
            return ("stock-empty",)
        for prefix in blocking(rule.blocked_by_empty):
            if game.any_empty(prefix):
                return ("deal-blocked", prefix)
        if rule.by_rows and not next_row(game):
            return ("grid-full", rule.deal_to)
        if waiting is not None and not game.all_empty(waiting):
            return ("deal-waiting", waiting)
        return None
    if not rule.redeal_waste and not rule.gather:
        return ("no-redeal",)
    if stock:
        return ("redeal-stock-left",)
    if not game.has_redeal():
        return ("no-redeals-left", str(game.spec.redeals))
    if rule.gather:
        if waiting is not None and not game.all_empty(waiting):
            return ("deal-waiting", waiting)
        if not any(game.piles[p] for p in rule.gather):
            return ("gather-empty", rule.gather[0])
        return None
    if not game.piles[game.waste_id]:
        return ("waste-empty",)
    return None


def reshuffle_refusal(game: Game) -> Why | None:
    """Why a reshuffling redeal (``GameSpec.reshuffle``) is not allowed now; None if it is:
    it may be made at any time while redeals are left and a named pile holds a card."""
    rule = game.spec.reshuffle
    if rule is None:
        return ("no-redeal",)
    if not game.has_redeal():
        return ("no-redeals-left", str(game.spec.redeals))
    if not any(game.piles[pid] for prefix in rule.groups for pid in game.spec.group(prefix).ids()):
        return ("gather-empty-piles",)
    return None


def take_up_refusal(game: Game) -> Why | None:
    """Why a take-up redeal (``GameSpec.take_up``) is not allowed now; None if it is: while
    redeals are left, once the stock (if any) is empty."""
    rule = game.spec.take_up
    if rule is None:
        return ("no-redeal",)
    if game.stock_id and game.piles[game.stock_id]:
        return ("take-up-stock-left", "a pile" if rule.one_pile else "the piles")
    if not game.has_redeal():
        if rule.one_pile:
            return ("take-up-each-once", str(game.spec.redeals))
        return ("take-up-none-left", str(game.spec.redeals))
    return None


def blocking(prefixes: str | tuple[str, ...] | None) -> tuple[str, ...]:
    """``StockRule.blocked_by_empty`` as a tuple of group prefixes."""
    if prefixes is None:
        return ()
    return (prefixes,) if isinstance(prefixes, str) else prefixes


def next_row(game: Game) -> tuple[str, ...]:
    """The places the next deal fills (``StockRule.by_rows``): the line after the lines
    dealt at set-up and by each deal since (``Game.deals``); empty when the grid is full."""
    rule = game.spec.stock
    assert rule is not None
    rows = rows_to_deal(game.spec.group(rule.deal_to))
    return rows[game.deals] if game.deals < len(rows) else ()


@lru_cache(maxsize=None)
def rows_to_deal(g: PileGroup) -> tuple[tuple[str, ...], ...]:
    """The lines of group ``g`` (``per_line`` piles each) that deals by rows fill in turn:
    those after the lines the set-up dealt into."""
    width = g.per_line or g.count
    ids = g.ids()
    return tuple(tuple(ids[k:k + width]) for k in range(lines_dealt_at_setup(g) * width, len(ids), width))


@lru_cache(maxsize=None)
def lines_dealt_at_setup(g: PileGroup) -> int:
    """How many lines of group ``g`` (``per_line`` piles each) the set-up deals into."""
    return -(-sum(1 for n in g.deal_counts() if n) // (g.per_line or g.count))


@lru_cache(maxsize=None)
def rank_piles(spec: GameSpec) -> tuple[str, ...]:
    """With ``StockRule.by_rank``: the pile of each rank, from the game's lowest rank up."""
    rule = spec.stock
    assert rule is not None
    return tuple(pid for prefix in (rule.deal_to, *rule.deal_to_more) for pid in spec.group(prefix).ids())


@lru_cache(maxsize=None)
def _dealt(spec: GameSpec) -> dict[str, int]:
    """How many cards the set-up deals to each pile."""
    return {pid: n for g in spec.groups for pid, n in zip(g.ids(), g.deal_counts())}


def chain_source(game: Game) -> str:
    """The pile the next card of a chain of deals (``StockRule.chain``) is turned from: the
    pile the last card went to. Cards move only from that pile to the pile of their rank, so
    it is the pile holding one card more than it was dealt; at first, none does, and the
    chain starts from the last pile (Clock's kings)."""
    dealt = _dealt(game.spec)
    piles = rank_piles(game.spec)
    for pid in piles[:-1]:
        if len(game.piles[pid]) > dealt[pid]:
            return pid
    return piles[-1]


def stock_moves(game: Game) -> list[Move]:
    spec = game.spec
    return [Move.act(a) for a in ("deal", "redeal")
            if (spec.stock or (a == "redeal" and (spec.reshuffle or spec.take_up))) and stock_refusal(game, a) is None]


def pair_pool(game: Game) -> list[str]:
    """The piles whose top cards may be taken off in pairs now (``GameSpec.pairs``): those
    of its groups whose top card is available."""
    rule = game.spec.pairs
    if rule is None:
        return []
    return [pid for prefix in rule.groups for pid in game.spec.group(prefix).ids() if pick_limit(game, pid)]


def takes_off(rule: Pairs, *ranks: int) -> bool:
    """Do cards of these ranks go off together by ``rule``: one alone whose rank is the
    total, or two adding up to it ("total"); two of one rank, never one alone ("rank")?"""
    if rule.match == "total":
        return sum(ranks) == rule.total
    return len(ranks) == 2 and ranks[0] == ranks[1]


def pair_moves(game: Game) -> list[Move]:
    """Every legal taking-off of ``GameSpec.pairs``: one available card whose rank is the
    total alone, or two from different piles whose ranks add up to it."""
    rule = game.spec.pairs
    if rule is None:
        return []
    pool = pair_pool(game)
    rank = {pid: game.piles[pid][-1].rank for pid in pool}
    out = [Move((pid,), rule.to) for pid in pool if takes_off(rule, rank[pid])]
    near = game.near
    for i, a in enumerate(pool):
        for b in pool[i + 1:]:
            if takes_off(rule, rank[a], rank[b]) and (near is None or b in near.get(a, ())):
                out.append(Move(tuple(sorted((a, b), key=pile_sort_key)), rule.to))
    return out


def neighbour_table(spec: GameSpec) -> dict[str, frozenset[str]]:
    """For each place of the pairs' groups, the places of its own group that touch it by
    ``Pairs.neighbours`` (offsets in the group's grid, ``per_line`` places to a row): worked
    out once per game (``Game.near``)."""
    rule = spec.pairs
    assert rule is not None
    out: dict[str, frozenset[str]] = {}
    for prefix in rule.groups:
        g = spec.group(prefix)
        ids = g.ids()
        cols = g.per_line or len(ids)
        for i, pid in enumerate(ids):
            row, col = g.cell(i)
            out[pid] = frozenset(ids[(row + dr) * cols + col + dc] for dr, dc in rule.neighbours
                                 if 0 <= col + dc < cols and 0 <= (row + dr) * cols + col + dc < len(ids)
                                 and row + dr >= 0)
    return out


def pair_refusal(game: Game, move: Move) -> Why | None:
    """Why ``move``, onto the pairs' discard pile, is not a legal taking-off; None if it is."""
    rule = game.spec.pairs
    assert rule is not None
    if len(move.sources) > 2 or move.count != 1 or (rule.match == "rank" and len(move.sources) != 2):
        return ("pair-size", rule.total) if rule.match == "total" else ("pair-two",)
    for pid in move.sources:
        if pid not in rule.groups and game.group_of[pid].prefix not in rule.groups:
            return ("pair-from", pid)
        if not game.piles[pid]:
            return ("src-empty", pid)
        g = game.group_of[pid]
        if g.overlapped_by and covered(game, g, pid):
            return ("overlapped", pid)
        if g.freed_by and covered(game, g, pid):
            return ("covered", pid, g.sideways(g.ids().index(pid)))
        if not pick_limit(game, pid):
            return ("face-down", pid)
    cards = [game.piles[pid][-1] for pid in move.sources]
    if rule.match == "rank":
        if cards[0].rank != cards[1].rank:
            return ("pair-rank", cards[0], cards[1])
    elif sum(c.rank for c in cards) != rule.total:
        return ("pair-total", tuple(cards), rule.total)
    if game.near is not None and move.sources[1] not in game.near.get(move.sources[0], ()):
        return ("not-neighbours", *move.sources)
    return None


def moved_count(g: PileGroup, pile: list[Card]) -> int:
    """How many cards a pile of a group with ``onto_before`` moves: all (``Pick.PILE``), or the top one."""
    return len(pile) if g.pick is Pick.PILE else 1


def before_moves(game: Game) -> list[Move]:
    """Every legal move of ``PileGroup.onto_before``: a pile (or its top card) onto the
    pile that many places before it in its group, where its top card fits there."""
    out: list[Move] = []
    piles = game.piles
    for g, ids in game.rows:
        for i, src in enumerate(ids):
            pile = piles[src]
            if not pile or game.down[src] >= len(pile):
                continue
            for k in g.onto_before:
                if k <= i:
                    dst = ids[i - k]
                    if piles[dst] and fits(game, g, piles[dst], pile[-1]):
                        out.append(Move((src,), dst, moved_count(g, pile)))
    return out


def before_refusal(game: Game, src: str, dst: str, n: int) -> Why | None:
    """Why ``n`` cards of ``src``, of a group with ``onto_before``, may not go to ``dst``; None if they may."""
    g = game.group_of[src]
    pile = game.piles[src]
    if src == dst:
        return ("same-pile", src)
    if not pile:
        return ("src-empty", src)
    ids = g.ids()
    if game.group_of[dst] is not g or ids.index(src) - ids.index(dst) not in g.onto_before:
        return ("onto-before", src, g.onto_before)
    if n != moved_count(g, pile):
        return ("whole-pile", src, len(pile)) if g.pick is Pick.PILE else ("not-a-run", src, n, 1)
    if not game.piles[dst]:
        return ("empty-takes-nothing", dst)
    if not fits(game, g, game.piles[dst], pile[-1]):
        return ("no-match", dst, pile[-1], game.piles[dst][-1])
    return None


def close_gaps(game: Game, ids: tuple[str, ...]) -> bool:
    """Move each of the piles ``ids`` (a group's) down, as a unit, to the earliest empty
    place, keeping their order (``close_gaps``, ``StockRule.close_up``); True if a pile moved."""
    piles, down = game.piles, game.down
    moved = False
    k = 0
    for pid in ids:
        if not piles[pid]:
            continue
        if pid != ids[k]:
            piles[ids[k]], piles[pid] = piles[pid], []
            down[ids[k]], down[pid] = down[pid], 0
            moved = True
        k += 1
    return moved


def gap_before_card(game: Game, g: PileGroup) -> bool:
    """Does an empty place of group ``g`` come before a pile that holds cards?"""
    seen_gap = False
    for pid in g.ids():
        if not game.piles[pid]:
            seen_gap = True
        elif seen_gap:
            return True
    return False


def outranks(game: Game, a: Card, b: Card) -> bool:
    """Does ``a`` outrank ``b`` (``GameSpec.outranked``): a higher card of its suit, in the
    game's order of ranks (Aces Up: aces high)?"""
    return a.suit == b.suit and value(game, a.rank) > value(game, b.rank)


def outranked_moves(game: Game) -> list[Move]:
    """Every legal taking-off of ``GameSpec.outranked``: an available top card of its groups
    while a higher card of its suit lies on top of another of their piles."""
    rule = game.spec.outranked
    if rule is None:
        return []
    tops = [(pid, game.piles[pid][-1]) for prefix in rule.groups for pid in game.spec.group(prefix).ids()
            if pick_limit(game, pid)]
    best: dict[str, int] = {}
    for _, card in tops:
        best[card.suit] = max(best.get(card.suit, -1), value(game, card.rank))
    return [Move((pid,), rule.to) for pid, card in tops if best[card.suit] > value(game, card.rank)]


def outranked_refusal(game: Game, move: Move) -> Why | None:
    """Why ``move``, onto the discard pile of ``GameSpec.outranked``, is not a legal
    taking-off; None if it is."""
    rule = game.spec.outranked
    assert rule is not None
    if len(move.sources) != 1 or move.count != 1:
        return ("outranked-one",)
    src = move.source
    if game.group_of[src].prefix not in rule.groups:
        return ("outranked-from", src)
    if not game.piles[src]:
        return ("src-empty", src)
    if not pick_limit(game, src):
        return ("face-down", src)
    card = game.piles[src][-1]
    for prefix in rule.groups:
        for pid in game.spec.group(prefix).ids():
            top = game.piles[pid][-1] if pid != src and pick_limit(game, pid) else None
            if top is not None and outranks(game, top, card):
                return None
    return ("not-outranked", card)


def is_pip(rank: int) -> bool:
    """A pip card of a packet (``GameSpec.packets``): 2 to 10."""
    return 2 <= rank <= 10


def crowned(cards: list[Card]) -> list[Card]:
    """A packet's cards as they lie on its place: the pips in rising order, the court on top."""
    return sorted(cards, key=lambda c: (c.rank >= JACK, c.rank))


def next_packet_place(game: Game) -> str | None:
    """The place the next packet goes to: the first empty one of ``Packets.to``."""
    rule = game.spec.packets
    assert rule is not None
    return next((p for p in game.spec.group(rule.to).ids() if not game.piles[p]), None)


def packet_moves(game: Game) -> list[Move]:
    """Every legal packet of ``GameSpec.packets``: top cards of its groups, pips of
    different values adding up to its total and one court card, to the next place."""
    rule = game.spec.packets
    if rule is None:
        return []
    place = next_packet_place(game)
    if place is None:
        return []
    tops = [(p, game.piles[p][-1].rank) for prefix in rule.groups for p in game.spec.group(prefix).ids()
            if game.piles[p] and game.down[p] < len(game.piles[p])]
    pips = [(p, r) for p, r in tops if is_pip(r)]
    courts = [p for p, r in tops if r >= JACK]
    out = []
    for chosen in combinations(pips, rule.pips):
        ranks = {r for _, r in chosen}
        if len(ranks) == rule.pips and sum(ranks) == rule.total:
            for court in courts:
                out.append(Move(tuple(sorted([p for p, _ in chosen] + [court], key=pile_sort_key)), place))
    return out


def packet_refusal(game: Game, move: Move) -> Why | None:
    """Why ``move``, a card or cards of the packets' groups, is not a legal packet; None if it is."""
    rule = game.spec.packets
    assert rule is not None
    if len(move.sources) == 1:
        return ("packet-only", rule.pips, rule.total)
    if len(move.sources) != rule.pips + 1:
        return ("packet-size", rule.pips + 1, rule.pips)
    bad = [p for p in move.sources if p not in game.group_of or game.group_of[p].prefix not in rule.groups]
    if bad:
        return ("packet-from", bad[0])
    if any(not game.piles[p] for p in move.sources):
        return ("packet-empty",)
    ranks = [game.piles[p][-1].rank for p in move.sources]
    pips = [r for r in ranks if is_pip(r)]
    courts = [r for r in ranks if r >= JACK]
    if not courts:
        return ("packet-no-court",)
    if len(courts) > 1 or len(pips) != rule.pips:
        return ("packet-one-court", rule.pips)
    if len(set(pips)) != rule.pips:
        return ("packet-same-pips", rule.pips)
    if sum(pips) != rule.total:
        return ("packet-total", sum(pips), rule.total)
    place = next_packet_place(game)
    if move.target != place:
        return ("packet-place", place, move.target)
    return None


def is_packet(game: Game, move: Move) -> bool:
    """Is ``move`` (known legal) a packet of ``GameSpec.packets``?"""
    rule = game.spec.packets
    return rule is not None and len(move.sources) > 1 and game.group_of.get(move.target) is game.spec.group(rule.to)


def _lone_misplaced(game: Game) -> list[tuple[str, int, int]]:
    """The places of ``GameSpec.swaps``' groups holding a single card not of their row's rank,
    as (place, the row's rank, the card's rank), in the layout's order."""
    out = []
    for prefix in game.spec.swaps:
        g = game.spec.group(prefix)
        for pid in g.ids():
            pile = game.piles[pid]
            if len(pile) == 1 and pile[0].rank != g.base_rank:
                assert g.base_rank is not None  # (the registry's check)
                out.append((pid, g.base_rank, pile[0].rank))
    return out


def swap_moves(game: Game) -> list[Move]:
    """Every legal trade of ``GameSpec.swaps``: two lone cards, each of the rank the other's
    row is kept for, change places (listed both ways, as a move from either place)."""
    lone = _lone_misplaced(game)
    return [Move.step(a, b) for a, row_a, rank_a in lone for b, row_b, rank_b in lone
            if rank_a == row_b and rank_b == row_a]


def _lone_in_rows(game: Game, move: Move) -> tuple[PileGroup, Card, PileGroup, Card] | None:
    """For a move of one card between places of two different rows of ``GameSpec.swaps``
    that each hold a single card: each place's row and card; None for any other move."""
    rows = game.spec.swaps
    if not rows or move.action or len(move.sources) != 1 or move.count != 1:
        return None
    a, b = move.source, move.target
    ga, gb = game.group_of.get(a), game.group_of.get(b)
    if ga is None or gb is None or ga is gb or ga.prefix not in rows or gb.prefix not in rows:
        return None
    pa, pb = game.piles[a], game.piles[b]
    return (ga, pa[0], gb, pb[0]) if len(pa) == 1 and len(pb) == 1 else None


def is_swap(game: Game, move: Move) -> bool:
    """Is ``move`` a trade of ``GameSpec.swaps``: the lone cards of two places of different
    rows, each the rank of the other's row?"""
    lone = _lone_in_rows(game, move)
    return lone is not None and lone[1].rank == lone[2].base_rank and lone[3].rank == lone[0].base_rank


def swap_refusal(game: Game, move: Move) -> Why | None:
    """Why a move between the lone cards of two rows of ``GameSpec.swaps`` is refused, where
    the card it would go onto lies out of its row too (so the player meant a trade); None
    for any other move, which the standard rules explain."""
    lone = _lone_in_rows(game, move)
    if lone is not None and lone[3].rank != lone[2].base_rank:
        return ("swap-rows", move.source, move.target)
    return None


def standard_moves(game: Game) -> list[Move]:
    """All legal moves: cards, pairs taken off, cards taken off as outranked, lone cards
    traded, packets, the game's own moves, then stock actions; a last-resort deal only when nothing else is possible."""
    moves = (card_moves(game) if game.plain else []) + pair_moves(game) + outranked_moves(game) + before_moves(game) \
        + swap_moves(game) + packet_moves(game) + game.spec.hooks.extra_moves(game)
    stock = stock_moves(game)
    rule = game.spec.stock
    if rule is not None and rule.last_resort and moves:
        stock = [m for m in stock if m.action != "deal"]
    return moves + stock


def apply_standard(game: Game, move: Move) -> None:
    """Carry out a standard move (already known legal)."""
    piles = game.piles
    if move.action == "deal":
        rule = game.spec.stock
        if rule is None:
            raise ValueError(f"{game.spec.title} has no stock to deal from")
        if rule.chain:  # the top face-down card of the pile the last card went to
            source = chain_source(game)
            game.down[source] -= 1
            card = piles[source].pop(game.down[source])
            piles[rank_piles(game.spec)[value(game, card.rank)]].append(card)
            game.deals += 1
            return
        stock = piles[game.stock_id]
        if rule.by_rank:
            card = stock.pop()
            piles[rank_piles(game.spec)[value(game, card.rank)]].append(card)
        elif rule.deal_to == "waste":
            for _ in range(rule.draw):
                if stock:
                    piles[game.waste_id].append(stock.pop())
        elif rule.close_up:
            g = game.spec.group(rule.deal_to)
            close_gaps(game, g.ids())
            fill = [pid for pid in g.ids() if not piles[pid]]
            for pid in fill[:rule.draw or len(fill)]:
                if not stock:
                    break
                piles[pid].append(stock.pop())
        elif rule.by_rows:
            for pid in next_row(game):
                if stock:
                    piles[pid].append(stock.pop())
        elif rule.new_pile_rank is not None:
            ids = game.spec.group(rule.deal_to).ids()
            started = [pid for pid in ids if piles[pid]]
            card = stock.pop()
            fresh = [pid for pid in ids if not piles[pid]]
            if (card.rank == rule.new_pile_rank and fresh) or not started:
                piles[fresh[0]].append(card)
            else:
                piles[started[-1]].append(card)
        else:
            for prefix in (rule.deal_to, *rule.deal_to_more):
                for pid in game.spec.group(prefix).ids():
                    if not stock:
                        break
                    piles[pid].append(stock.pop())
        game.deals += 1
    elif move.action == "redeal" and game.spec.reshuffle is not None:
        reshuffle(game)
    elif move.action == "redeal" and game.spec.take_up is not None:
        take_up(game)
    elif move.action == "redeal":
        rule = game.spec.stock
        gather = rule.gather if rule is not None and rule.gather else (game.waste_id,)
        heap = [card for pid in gather for card in piles[pid]]
        for pid in gather:
            piles[pid] = []
        piles[game.stock_id] = heap[::-1]
        game.use_redeal()
    elif is_packet(game, move):  # a packet, crowned by its court card (``GameSpec.packets``)
        piles[move.target].extend(crowned([piles[pid].pop() for pid in move.sources]))
    elif len(move.sources) > 1:  # a pair taken off together (``GameSpec.pairs``)
        for pid in move.sources:
            piles[move.target].append(piles[pid].pop())
    elif is_swap(game, move):  # two lone cards trade places (``GameSpec.swaps``)
        piles[move.source], piles[move.target] = piles[move.target], piles[move.source]
    else:
        src = piles[move.source]
        cards = src[-move.count:]
        del src[-move.count:]
        piles[move.target].extend(cards)


def settle(game: Game) -> None:
    """What happens by itself after every move: exposed face-down cards turn up, and
    emptied piles that refill do so, and rows that close their gaps close them."""
    for ids in game.closing:
        close_gaps(game, ids)
    for pid in game.order:
        pile = game.piles[pid]
        g = game.group_of[pid]
        turn_up(game, pid)
        if g.refill_from and not pile and not (g.refill_until_deal and game.deals) and pid in refilled(g):
            for source in g.refill_from:
                if game.piles[source]:
                    pile.append(game.piles[source].pop())
                    turn_up(game, source)  # the card it leaves on top (Canfield's reserve)
                    break
        if g.refill_in_line is not None and not pile:
            linked = in_line_source(game, g, pid)
            if linked is not None:
                pile.append(game.piles[linked].pop())
                game.down[linked] = min(game.down[linked], len(game.piles[linked]))


def turn_up(game: Game, pid: str) -> None:
    """A face-down card left on top of ``pid`` turns face up, where its group turns cards
    up (else the pile stays face down), and nothing lies over it (``overlapped_by``)."""
    pile = game.piles[pid]
    g = game.group_of[pid]
    if g.overlapped_by and covered(game, g, pid):
        return
    if game.down[pid] and game.down[pid] >= len(pile):
        game.down[pid] = max(0, len(pile) - 1) if game.group_of[pid].turn_up else len(pile)


@lru_cache(maxsize=None)
def refilled(g: PileGroup) -> frozenset[str]:
    """The piles of group ``g`` that ``refill_from`` refills (all, or those of its first
    ``refill_lines`` lines)."""
    return frozenset(pid for i, pid in enumerate(g.ids()) if g.refills(i))


def in_line_source(game: Game, g: PileGroup, pid: str) -> str | None:
    """The pile that refills ``pid`` (group ``g``, ``refill_in_line``): the pile with the
    same number in the linked group, else the nearest non-empty one to its left, going
    round; None when all are empty."""
    assert g.refill_in_line is not None
    sources = game.spec.group(g.refill_in_line).ids()
    i = g.ids().index(pid) % len(sources)
    for k in range(len(sources)):
        source = sources[(i - k) % len(sources)]
        if game.piles[source]:
            return source
    return None
