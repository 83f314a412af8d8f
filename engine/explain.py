"""Plain-language reasons for refused moves, for players and for error messages."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .cards import ACE, SUIT_NAMES, SUIT_SYMBOLS, Card, rank_text
from .moves import Move
from .rules import (Why, before_refusal, crowned, outranked_refusal, packet_moves, packet_refusal, pair_refusal, refusal,
                    run_length, standard_moves, stock_refusal, swap_refusal)
from .spec import Build, Direction, Kind, PileGroup

if TYPE_CHECKING:
    from .game import Game


def _card(card: object) -> str:
    if not isinstance(card, Card):
        return str(card)
    return card.short


def _build_words(g: PileGroup) -> str:
    how = {
        Build.SUIT: "in suit",
        Build.ALT_COLOUR: "in alternating colours",
        Build.ANY_SUIT: "regardless of suit",
        Build.NONE: "",
    }[g.build]
    way = {
        Direction.UP: "up",
        Direction.DOWN: "down",
        Direction.EITHER: "up or down",
        Direction.EITHER_FIXED: "up or down (the second card sets the way)",
        Direction.ANY: "any card on any card",
    }[g.direction]
    if g.sequence:
        return f"follows the order {' '.join(rank_text(r) for r in g.sequence)} {how}".strip()
    wrap = ", going round the corner between king and ace" if g.wrap else ""
    return f"builds {way} {how}{wrap}".replace("  ", " ").strip()


def _words(game: Game, arg: object) -> str:
    """A reason's argument in words: a pile id becomes the pile's name, a card its short
    name with the suit symbol, anything else its text."""
    if isinstance(arg, Card):
        return _card(arg)
    if isinstance(arg, str) and arg in game.piles:
        return game.pile_name(arg)
    return str(arg)


def _no_route(game: Game, src: str, dst: str) -> str:
    if game.group_of[dst].kind not in {k for g in game.spec.groups for k in g.to}:
        return f"nothing may be placed on {game.pile_name(dst)}"
    kinds = ", ".join(_kind_plural(k) for k in game.group_of[src].to)
    return f"a card from {game.pile_name(src)} may go only to {kinds}"


def _not_a_run(game: Game, src: str, n: int, run: int) -> str:
    if run == 1:
        return f"only the top card of {game.pile_name(src)} may move, not {n} cards"
    return f"only the top {run} cards of {game.pile_name(src)} move as a unit, not {n}"


def _supermove(game: Game, n: int, limit: int, cells: int, spaces: int) -> str:
    room = [f"{cells} empty cell{'s' if cells != 1 else ''}"] if game.ids_by_kind[Kind.CELL] else []
    room.append(f"{spaces} empty pile{'s' if spaces != 1 else ''} to spare")
    return f"{n} cards cannot move as a unit: with {' and '.join(room)}, at most {limit} may go there"


_SIDES = {(1, 0): "below", (-1, 0): "above", (0, 1): "to its right", (0, -1): "to its left"}


def _covered(game: Game, src: str, sideways: bool) -> str:
    """A grid place held in by its neighbours (``freed_by``), in words: which places must
    be emptied, turned a quarter for a sideways card."""
    sides = [_SIDES.get((dc, dr) if sideways else (dr, dc), "next to it") for dr, dc in game.group_of[src].freed_by]
    if len(sides) == 1:
        return f"the card of {game.pile_name(src)} is held in: the card {sides[0]} has to go first"
    return (f"the card of {game.pile_name(src)} is held in: the cards {' and '.join(sides)} both lie against it "
            "(one of them has to go first)")


# Every reason code of ``rules`` and the sentence it becomes. A template's {0}, {1}, ...
# are the reason's arguments in words (see ``_words``); a function gets the game and the
# bare arguments, for the few sentences that need more than filling in.
TEMPLATES: dict[str, str | Callable[..., str]] = {
    "same-pile": "a card cannot move onto its own pile",
    "src-empty": "{0} is empty",
    "src-fixed": "cards on {0} do not move",
    "src-locked": lambda game, src, prefix: (
        f"{game.pile_name(src)} is not available until one of the {_plural(game, prefix)} is empty"),
    "no-route": _no_route,
    "face-down": "the top card of {0} is face down",
    "not-a-run": _not_a_run,
    "face-up-only": "{0} has {2} face-up cards to move, not {1}",
    "cell-full": "{0} already holds a card",
    "one-card": "{0} takes one card at a time",
    "discard-full-run": "only a complete run from king down to ace in one suit may be discarded",
    "discard-taken": "{0} already holds a complete run",
    "pile-full": "{0} is complete ({1} cards)",
    "empty-takes-nothing": "nothing may be placed on the empty {0}",
    "empty-takes-king": "the empty {0} takes only a king",
    "empty-takes-base": lambda game, dst, base, card: (
        f"the empty {game.pile_name(dst)} takes only a card of rank "
        f"{rank_text(base) if isinstance(base, int) else 'of the base rank'}, not the {_card(card)}"),
    "builds-nothing": "nothing may be placed on {0}",
    "unfounded": lambda game, dst, bottom, first: (
        f"{game.pile_name(dst)} starts with the {_card(bottom)}, not a {rank_text(first)}: it takes nothing "
        "until that card has moved away"),
    "nothing-on": "{0} takes nothing on the {1}",
    "does-not-fit": lambda game, dst, card, top: (
        f"the {_card(card)} cannot go on the {_card(top)}: {game.pile_name(dst)} {_build_words(game.group_of[dst])}"),
    "suit-taken": lambda game, dst, suit: (
        f"the {_plural(game, game.group_of[dst].prefix)} take one suit each, and one is already "
        f"started in {SUIT_SYMBOLS[suit]}"),
    "space-from": lambda game, dst, kinds: (
        f"the empty {game.pile_name(dst)} may be filled only from {' or '.join(_kind_plural(k) for k in kinds)}"),
    "first-pass": lambda game, src, prefixes: (
        f"until the first redeal, a card from {game.pile_name(src)} may go home only to the "
        f"{' or '.join(_plural(game, x) for x in prefixes)}"),
    "base-stays": "the card heading {0} stays there for the whole game",
    "bare-base-waits": "{0} holds only its first card: it takes a card only once the stock is used up",
    "after-stock": "nothing may be placed on {0} while the stock lasts",
    "home-in-line": lambda game, src, prefix: (
        f"while the stock lasts, a card from {game.pile_name(src)} may go home only to the "
        f"{_plural(game, prefix)[:-1]} directly above it"),
    "empty-takes-ends": "the empty {0} takes only an ace or a king, not the {1}",
    "ends-paired": lambda game, dst, card, first: (
        f"the {_card(first)} fixed the colours: the foundations take "
        f"{'aces' if first.rank == ACE else 'kings'} of its colour and {'kings' if first.rank == ACE else 'aces'} "
        f"of the other, not the {_card(card)}"),
    "supermove": _supermove,
    "covered": _covered,
    "pair-size": lambda game, total: (
        f"cards are taken off one at a time (a card of value {total}) or two together (adding up to {total})"),
    "pair-from": "the card of {0} cannot be taken off in a pair",
    "pair-total": lambda game, cards, total: (
        f"{' and '.join('the ' + _card(c) for c in cards)} add{'s' if len(cards) == 1 else ''} up to "
        f"{sum(c.rank for c in cards)}, not {total}" if len(cards) > 1 else
        f"the {_card(cards[0])} counts {cards[0].rank}: alone, only a card counting {total} is taken off"),
    "pair-two": "cards are taken off two at a time, a pair of one rank",
    "pair-rank": "the {0} and the {1} are not of one rank",
    "not-neighbours": "{0} and {1} do not touch: a pair is taken off only from places side by side or corner to corner",
    "onto-before": lambda game, src, distances: (
        f"{game.pile_name(src)} may go only onto the pile {' or the one '.join(_places_before(k) for k in distances)}"),
    "whole-pile": "the whole pile of {0} moves as one ({1} cards), judged by its top card",
    "no-match": "the {1} matches the {2} on {0} neither in suit nor in rank",
    "no-gaps": "every place of the {0} holds a card: there is no gap to close",
    "nothing-to-close": lambda game, prefix: (
        f"the stock is empty and no gap in the {_plural(game, prefix)} comes before a card: nothing to close up"),
    "overlapped": "the card of {0} is held in: every card lying over it has to go first",
    "discard-rank": lambda game, dst, rank: f"{game.pile_name(dst)} takes only {rank_text(rank)}s, one at a time",
    "grid-full": "every row of {0} has been dealt",
    "chain-ended": "no face-down card is left on {0}, where the next card would come from: the game is over",
    "outranked-one": "cards are taken off one at a time",
    "outranked-from": "the card of {0} cannot be taken off",
    "not-outranked": lambda game, card: (
        f"the {_card(card)} may be taken off only while a higher card of {SUIT_NAMES[card.suit]} lies on "
        "top of another pile"),
    "no-stock": lambda game, action: f"there is no stock to {action} from in {game.spec.title}",
    "stock-empty": "the stock is empty",
    "deal-blocked": lambda game, prefix: f"no deal while one of the {_plural(game, prefix)} is empty",
    "no-redeal": lambda game: f"{game.spec.title} has no redeal",
    "redeal-stock-left": "the waste may be turned over only when the stock is empty",
    "no-redeals-left": "no redeals left ({0} allowed)",
    "waste-empty": "the waste is empty",
    "deal-waiting": lambda game, prefix: f"the card in the {_plural(game, prefix)} must be placed first",
    "gather-empty": "there are no cards to gather for a new stock",
    "gather-empty-piles": "there are no cards left to gather and deal again",
    "packet-only": lambda game, pips, total: (
        f"{_singular(game, game.spec.packets.groups[0])} cards leave only in packets: {_number(pips)} pips of different values "
        f"adding to {total} and a court card"),
    "packet-size": lambda game, n, pips: f"a packet is {_number(n)} cards: {_number(pips)} pip cards and one court card",
    "packet-from": lambda game, pid: (
        f"a packet is taken from the {_singular(game, game.spec.packets.groups[0])}, and "
        f"{game.pile_name(pid) if pid in game.group_of else repr(pid)} is not a {_singular(game, game.spec.packets.groups[0])} place"),
    "packet-empty": lambda game: f"a packet cannot take a card from an empty {_singular(game, game.spec.packets.groups[0])} place",
    "packet-no-court": "a packet needs a court card (jack, queen or king) to crown it",
    "packet-one-court": lambda game, pips: f"a packet is {_number(pips)} pip cards (2 to 10) and exactly one court card",
    "packet-same-pips": lambda game, pips: f"the {_number(pips)} pip cards of a packet must all have different values",
    "packet-total": "the pip cards add up to {0}, not {1}",
    "packet-place": lambda game, place, dst: (
        f"the next packet goes to {game.pile_name(place) if place else 'no place'}, not "
        f"{game.pile_name(dst) if dst in game.group_of else repr(dst)}"),
    "swap-rows": "{0} and {1} may change cards only when each card then lies in the row of its rank",
    "take-up-stock-left": "{0} may be taken up and dealt again only when the stock is empty",
    "take-up-each-once": "no redeals left: each pile is taken up once ({0} redeals)",
    "take-up-none-left": "no redeals left: the piles may be taken up and dealt again {0} times",
    "deal-last-resort": lambda game, move: ("a deal is allowed only when no other move is possible "
                                            f"(for example {move_words(game, move)})"),
}


def why_text(game: Game, why: Why) -> str:
    """A reason of ``rules`` in words, by the table above."""
    code, *args = why
    template = TEMPLATES.get(str(code))
    if template is None:
        return str(code)
    if isinstance(template, str):
        return template.format(*(_words(game, a) for a in args))
    return template(game, *args)


def _places_before(k: int) -> str:
    """1 -> "next to it on the left", 3 -> "three places to its left"."""
    words = {2: "two", 3: "three", 4: "four", 5: "five"}
    return "next to it on the left" if k == 1 else f"{words.get(k, k)} places to its left"


def _plural(game: Game, prefix: str) -> str:
    g = game.spec.group(prefix)
    base = _singular(game, prefix)
    return base + "s" if g.count > 1 else base


def _singular(game: Game, prefix: str) -> str:
    """A group's name without its number: "cushion" for "Cushion {n}"."""
    return game.spec.group(prefix).name.replace(" {n}", "").replace("{n}", "").strip().lower()


def _number(n: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}.get(n, str(n))


def _kind_plural(kind: Kind) -> str:
    return {Kind.FOUNDATION: "the foundations", Kind.TABLEAU: "the tableau", Kind.CELL: "a cell",
            Kind.DISCARD: "the discards", Kind.RESERVE: "the reserve", Kind.WASTE: "the waste",
            Kind.STOCK: "the stock"}[kind]


def move_words(game: Game, move: Move) -> str:
    """A move in words a player reads, not in notation: "the 7♥ from Pile 3 to Pile 5"."""
    if move.action:
        return {"deal": "a deal from the stock", "redeal": "a redeal"}.get(move.action, move.action)
    to = game.pile_name(move.target) if move.target in game.piles else repr(move.target)
    if len(move.sources) > 1:
        return f"{len(move.sources)} cards to {to}"
    src = move.source
    pile = game.piles.get(src, [])
    if len(pile) < move.count or move.count < 1:
        return f"a card to {to}"
    card = pile[-move.count]
    what = f"{move.count} cards from the {card.short} up" if move.count > 1 else f"the {card.short}"
    return f"{what} from {game.pile_name(src)} to {to}"


def why_not_home(game: Game, pid: str) -> str:
    """Why the top card of ``pid`` cannot go home now (to a foundation, or the run it ends to a
    discard), in a sentence; "" when it can. Of the reasons the foundations give, the most
    telling: that of a foundation of its suit, else of an empty one, else the first."""
    if pid not in game.piles:
        return f"there is no pile {pid!r} in {game.spec.title}"
    pile = game.piles[pid]
    if not pile:
        return f"{game.pile_name(pid)} is empty"
    card = pile[-1]
    if game.down[pid] >= len(pile) or game.group_of[pid].kind is Kind.STOCK:
        return f"the top card of {game.pile_name(pid)} is face down"
    if game.group_of[pid].kind in (Kind.FOUNDATION, Kind.DISCARD):
        return f"the {card.short} is home already"
    tries = []  # (how telling, move): lower first
    for home in game.order:
        kind = game.group_of[home].kind
        top = game.piles[home]
        if kind is Kind.FOUNDATION:
            tries.append((0 if top and top[-1].suit == card.suit else 1 if not top else 2, Move((pid,), home, 1)))
        elif kind is Kind.DISCARD:  # a run ending in the card, of any length; said of the card alone
            tries.extend((3 if n == 1 else 9, Move((pid,), home, n)) for n in range(1, len(pile) + 1))
    if not tries:
        return f"{game.spec.title} has no foundations"
    if any(game.is_legal(m) for _, m in tries):
        return ""
    _, move = min(tries, key=lambda t: t[0])
    return f"the {card.short} cannot go home now: {explain(game, move)}"


NOT_POSSIBLE = "that move is not possible in this position"  # where no rule names a reason


def explain(game: Game, move: Move) -> str:
    """Why ``move`` (known not to be legal) is refused, in a sentence."""
    special = game.spec.hooks.explain(game, move)
    if special:
        return special
    traded = swap_refusal(game, move)
    if traded:
        return why_text(game, traded)
    if move.action:
        why = stock_refusal(game, move.action)
        if why:
            return why_text(game, why)
        if move.action == "deal" and game.spec.packets is not None:
            packet = next(iter(packet_moves(game)), None)
            if packet is not None:  # the deal is a last resort
                *pips, court = crowned([game.piles[p][-1] for p in packet.sources])
                return (f"no deal while a packet can still be made (for example the {', '.join(c.short for c in pips[:-1])} "
                        f"and {pips[-1].short} with the {court.short})")
        if move.action == "deal":
            others = [m for m in standard_moves(game) if m.action != "deal"]
            if others:
                return why_text(game, ("deal-last-resort", others[0]))
        return f"{move.action!r} is not possible now"
    unknown = [p for p in (*move.sources, move.target) if p not in game.piles]
    if unknown:
        return f"there is no pile {unknown[0]!r} in {game.spec.title} (piles: {', '.join(game.order)})"
    rule = game.spec.pairs
    if rule is not None and move.target == rule.to:
        return _said(game, pair_refusal(game, move))
    outranked = game.spec.outranked
    if outranked is not None and move.target == outranked.to:
        return _said(game, outranked_refusal(game, move))
    packets = game.spec.packets
    if packets is not None and (len(move.sources) > 1 or game.group_of[move.source].prefix in packets.groups):
        return _said(game, packet_refusal(game, move))
    if len(move.sources) != 1:
        return f"{game.spec.title} has no move that takes cards from several piles at once"
    if game.group_of[move.source].onto_before:
        return _said(game, before_refusal(game, move.source, move.target, move.count))
    why = refusal(game, move.source, move.target, move.count)
    if why:
        return why_text(game, why)
    if run_length(game, move.source) and move.count > 1:
        return f"{move.count} cards may not move together here"
    return NOT_POSSIBLE


def _said(game: Game, why: Why | None) -> str:
    """A rule's reason in words, or, where the rule finds none, the plain refusal."""
    return why_text(game, why) if why else NOT_POSSIBLE
