"""Moves a player need not think about: safe moves to the foundations, and the finish.

Both are conveniences of a patience program, never rules: the player may always make these
moves by hand, and a client may leave them off. The engine decides what is safe, so every
client agrees, from the spec alone:

* A card is **safe** to send to a foundation when no card still out of the foundations
  could want it as a resting place in the tableau: every card that could be built on it,
  by the building rule of any tableau group, is already on a foundation or, in a one-pack
  game, could go to a foundation at once (a foundation waiting for one card keeps waiting
  for it, so that card never needs to rest on another) while no card needs *it* to rest
  on: each card that could be built on it is home too, or could follow it up its
  foundation in the same sense. FreeCell and Klondike: a black seven goes up once each red
  six is home, or could go home with both black fives home; Penguin, by suit: always;
  Fortress, by suit either way: a card whose neighbours of its suit would follow it up;
  Beleaguered Castle, regardless of suit: all four sixes home, or homeward with the fives
  home. Without the second condition the rule threw wins away: in Little Spider (deal 19,
  91 moves into a won line, the 8♠ home, the 9♠ alone on a pile that is never refilled,
  and 10♣ J♣ 10♠ on top of another) the 9♠ went up because the 10♠ that could rest on it
  could follow it; but the J♣ lying on the 10♣ had nowhere else to go, and once the 10♠
  had gone up after the 9♠ the game was lost. Two-pack
  games count only the cards already home: two copies may race for one place. Nor may
  another card wait for the same place with no other foundation to take it (the other
  copy in a two-pack game, another card of the rank where foundations build regardless
  of suit): which of them goes first is a choice. So is a card that foundations of two
  groups take (Babette's ace and king foundations, one building up and one down).
* Nor does a card go by itself where its going changes what the stock brings later: from a
  waste turned several cards at a time and turned over again (Klondike turning three), or
  from a pile refilled at once from the stock or waste (``never_automatic``); nor from piles
  a redeal will gather and deal again, while one is left (La Belle Lucie's shuffle, St.
  Helena's and Matrimony's take-up).
* The **finish** is the rest of the game played by foundation moves alone, found when the
  stock and waste are empty and no card is face down.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .cards import Card
from .dealing import new_pack
from .moves import Move
from .rules import (Probe, card_moves, drop_refusal, fits, outranked_moves, outranks, packet_moves, pair_moves, refilled,
                    swap_moves)
from .spec import Build, Direction, GameSpec, Kind, Pick, PileGroup

if TYPE_CHECKING:
    from .game import Game

FINISH_LIMIT = 208  # more foundation moves than any game has cards
FOLLOW_DEPTH = 13  # cards that may follow one another up a foundation (``_never_needs``)
GOALS = frozenset((Kind.FOUNDATION, Kind.DISCARD))


@lru_cache(maxsize=None)
def _pack(spec: GameSpec) -> tuple[Card, ...]:
    return tuple(new_pack(spec.decks, spec.suits))


@lru_cache(maxsize=None)
def resting_on(spec: GameSpec) -> dict[Card, tuple[Card, ...]]:
    """For each card of the pack, the other cards that some building rule of the tableau
    (its tableau, reserve and waste groups that build) would put on it. The rules read only
    the spec here (a one-card pile has no direction fixed yet)."""
    builders = [g for g in spec.groups if g.kind in (Kind.TABLEAU, Kind.RESERVE, Kind.WASTE) and g.build is not Build.NONE]
    probe: Any = Probe(spec)
    pack = _pack(spec)
    return {card: tuple(other for other in pack if other != card and any(fits(probe, g, [card], other) for g in builders))
            for card in pack}


@lru_cache(maxsize=None)
def _one_card_a_place(spec: GameSpec) -> bool:
    """One pack and foundations by suit, each built one way from its base: each place on a
    foundation is one card's alone. Not where a foundation may go either way (Well's aces,
    up to the king or down from it): while its way is open, its two neighbours of the base
    both fit, and which goes first decides the way (Well deal 1: a king sent onto its ace by
    itself, which the winning line built up)."""
    return spec.decks == 1 and all(g.build is Build.SUIT and (g.sequence or g.direction in (Direction.UP, Direction.DOWN))
                                   for g in spec.groups if g.kind is Kind.FOUNDATION)


def never_automatic(spec: GameSpec, group: PileGroup, pid: str) -> bool:
    """Is a card never sent home by itself from a pile of ``group``, whatever could rest on
    it? So it is where its going changes what the stock brings later, making when it goes a
    choice: from the waste of a stock that turns several cards at a time and is turned over
    again (taking a card out changes which cards the next passes bring to the top: Klondike
    turning three, deal 140, proved lost by a solver that sent waste cards home as it did
    tableau cards, is won by keeping one in the waste a pass longer); and from a pile
    refilled at once from the stock or the waste when it empties (which card fills it
    depends on when; in Labyrinth, whose top row alone is refilled, which card each later
    row has: the solver had called deals lost that a search without safe moves wins)."""
    rule = spec.stock
    if group.kind is Kind.WASTE and rule and rule.deal_to == "waste" and rule.draw > 1 and rule.redeal_waste:
        return True
    turned = {g.prefix for g in spec.groups if g.kind in (Kind.STOCK, Kind.WASTE)}
    return any(source in turned for source in group.refill_from) and pid in refilled(group)


def _home(game: Game) -> set[Card]:
    return {c for pid in game.ids_by_kind[Kind.FOUNDATION] + game.ids_by_kind[Kind.DISCARD]
            for c in game.piles[pid]}


def is_safe(game: Game, card: Card, foundation: str, home: set[Card] | None = None, strict: bool = False) -> bool:
    """May ``card`` go to ``foundation`` without taking a resting place some card needs?
    ``strict``: count only the cards already home, in one-pack games too (the solver's rule:
    it never throws a win away)."""
    home = _home(game) if home is None else home
    one_pack = game.spec.decks == 1 and not strict and not _carries_any(game.spec)
    for other in resting_on(game.spec)[card]:
        if other in home:
            continue
        if one_pack and _never_needs(game, other, foundation, [*game.piles[foundation], card], home, FOLLOW_DEPTH):
            continue
        return False
    return not _races(game, foundation, card)


@lru_cache(maxsize=None)
def _carries_any(spec: GameSpec) -> bool:
    """Does a pile move any face-up card with whatever lies on it (``Pick.FACE_UP``)? Then
    a card that could go home at once may still want a resting place: lying under cards
    out of order, it can reach a home only by first carrying them onto another card (Yukon:
    the 5♣ under a queen moves with her onto the 6♥ to free what lies beneath). There only
    the cards already home count, as for the solver."""
    return any(g.pick is Pick.FACE_UP for g in spec.groups)


def _races(game: Game, foundation: str, card: Card) -> bool:
    """Do more cards wait for the place ``foundation`` offers now than there are
    foundations of its group offering it? Then which of them goes home first is a choice:
    in a two-pack game the other copy (or, where foundations build regardless of suit,
    another card of the rank) may lie on cards that are needed first (Intrigue deal 298,
    Babette: deals the old rule called lost are won). A foundation of another group is no
    stand-in: Babette's king foundation at an 8 and its ace foundation at a 6 both take a
    7, but which 7 goes where decides what each wants next."""
    if _one_card_a_place(game.spec):
        return False
    g = game.group_of[foundation]
    one_rank = bool(g.sequence) or g.direction in (Direction.UP, Direction.DOWN)  # a place takes ``card``'s rank only
    waiting = [c for pid in game.order if game.group_of[pid].kind not in GOALS
               for c in game.piles[pid]
               if (not one_rank or c.rank == card.rank) and drop_refusal(game, foundation, c) is None]
    if len(waiting) <= 1:
        return False
    offering = sum(1 for f in g.ids() if all(drop_refusal(game, f, c) is None for c in waiting))
    return len(waiting) > offering


def _never_needs(game: Game, card: Card, foundation: str, pile: list[Card], home: set[Card], depth: int) -> bool:
    """Will ``card`` never need a resting place, nor be needed as one, if it goes home as
    soon as it can? So it is when it could go home at once, on ``foundation`` were that
    foundation's pile ``pile`` (the cards sent up it before), or on any other foundation as
    it stands; and every card that could rest on it is home, or on ``pile``, or never needs
    it in the same sense, following it up its foundation. ``depth`` bounds the chain; past
    it the answer is no, which is only less friendly."""
    if depth <= 0:
        return False
    for pid in game.ids_by_kind[Kind.FOUNDATION]:
        here = pile if pid == foundation else game.piles[pid]
        if drop_refusal_on(game, pid, here, card) is not None:
            continue
        up = [*here, card]
        if all(other in home or other in up or _never_needs(game, other, pid, up, home, depth - 1)
               for other in resting_on(game.spec)[card]):
            return True
    return False


def redealt_groups(spec: GameSpec) -> tuple[str, ...]:
    """The groups whose cards a redeal gathers and deals out again (``GameSpec.reshuffle``,
    ``GameSpec.take_up``)."""
    rule = spec.reshuffle or spec.take_up
    return rule.groups if rule is not None else ()


def safe_moves(game: Game, strict: bool = False) -> list[Move]:
    """The legal one-card moves to a foundation that are safe, in legal-move order (at most
    one per source pile); ``strict`` as for ``is_safe``."""
    if game.phase:
        return []  # a stage of the game's own (Queen of Italy's choice) is never automatic
    home = _home(game)
    # While a redeal that gathers piles and deals them again is left (La Belle Lucie's shuffle,
    # St. Helena's and Matrimony's take-up), which cards it gathers decides how it falls: a
    # card sent home from those piles is a choice, never automatic.
    shuffled = redealt_groups(game.spec) if game.has_redeal() else ()
    by_source: dict[str, list[Move]] = {}
    for m in _moves_home(game):
        if m.action or m.count != 1 or len(m.sources) != 1:
            continue
        if game.group_of[m.source].kind is Kind.FOUNDATION:
            continue  # a card moving on from a foundation is never automatic (in Virginia Reel it leaves a gap)
        if never_automatic(game.spec, game.group_of[m.source], m.source) or game.group_of[m.source].prefix in shuffled:
            continue
        by_source.setdefault(m.source, []).append(m)
    out: list[Move] = []
    for source, moves in by_source.items():
        if len({game.group_of[m.target].prefix for m in moves}) > 1:
            continue  # homes of two kinds take the card (an up and a down foundation): a choice
        card = game.piles[source][-1]
        for m in moves:
            target = game.group_of[m.target]
            # A dead card (Virginia Reel's ace) is wanted nowhere else.
            dead = target.kind is Kind.DISCARD and target.base_rank is not None
            if dead or _outranks_nothing(game, m.target, card, home) or (target.kind is Kind.FOUNDATION and is_safe(game, card, m.target, home, strict)):
                out.append(m)
                break
    return out


def _outranks_nothing(game: Game, target: str, card: Card, home: set[Card]) -> bool:
    """Is ``card`` thrown out as outranked (``GameSpec.outranked``) while every lower card of
    its suit is out already? Then it can never be wanted to throw another out, so keeping it
    only covers the card under it (Aces Up: a 2 goes at once, a 7 once the 2 to 6 are gone)."""
    rule = game.spec.outranked
    if rule is None or target != rule.to:
        return False
    return all(other in home for other in _pack(game.spec) if outranks(game, card, other))


def _moves_home(game: Game) -> list[Move]:
    """The legal moves onto a foundation or discard, in legal-move order. Where the game's
    moves are the standard ones, only those targets are tried (``card_moves``' ``to``):
    the solver asks this of every position it reaches, and most moves go elsewhere."""
    if game._legal is not None or game.spec.hooks.moves(game) is not None:
        moves = game.legal_moves()
    else:
        moves = (card_moves(game, GOALS) + pair_moves(game) + outranked_moves(game) + swap_moves(game) + packet_moves(game)
                 + game.spec.hooks.extra_moves(game))
        moves.sort(key=game.move_order)
    return [m for m in moves if not m.action and game.group_of[m.target].kind in GOALS]


def finishing_moves(game: Game) -> list[Move] | None:
    """The foundation moves that win from here, when nothing is left to deal and no card is
    hidden; None if the game cannot be finished that way. The game is left as it was."""
    if game.is_won():
        return None
    if game.stock_id and game.piles[game.stock_id]:
        return None
    if game.waste_id and game.piles[game.waste_id] and len(game.piles[game.waste_id]) > 1:
        return None
    if any(game.down[pid] for pid in game.order):
        return None
    start = game.snapshot()
    history = len(game.history)
    line: list[Move] = []
    try:
        while not game.is_won() and len(line) < FINISH_LIMIT:
            home = [m for m in game.legal_moves()
                    if not m.action and game.group_of[m.target].kind in (Kind.FOUNDATION, Kind.DISCARD)
                    and game.group_of[m.source].kind is not Kind.FOUNDATION]
            if not home:
                return None
            game.push(home[0])
            line.append(home[0])
        return line if game.is_won() else None
    finally:
        game.restore(start)
        del game.history[history:]


def drop_refusal_on(game: Game, pid: str, pile: list[Card], card: Card) -> object:
    """``drop_refusal`` for ``card`` on ``pid`` as if the pile were ``pile``."""
    real = game.piles[pid]
    game.piles[pid] = pile
    try:
        return drop_refusal(game, pid, card)
    finally:
        game.piles[pid] = real
