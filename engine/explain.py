"""Plain-language reasons for refused moves, for players and for error messages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import SUIT_SYMBOLS, Card, rank_text
from .moves import Move
from .rules import Why, refusal, run_length, standard_moves, stock_refusal
from .spec import Build, Direction, Kind, PileGroup

if TYPE_CHECKING:
    from .game import Game


def _card(card: object) -> str:
    assert isinstance(card, Card)
    return f"{card.code[:-1]}{SUIT_SYMBOLS[card.suit]}"


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
    }[g.direction]
    wrap = ", king to ace and on round" if g.wrap else ""
    return f"builds {way} {how}{wrap}".replace("  ", " ").strip()


def why_text(game: Game, why: Why) -> str:
    code, *args = why
    a = [x if isinstance(x, (int, Card)) else str(x) for x in args]
    def name(pid: object) -> str:  # a[0] is a pile id wherever a reason names one
        return game.pile_name(str(pid))
    if code == "same-pile":
        return "a card cannot move onto its own pile"
    if code == "src-empty":
        return f"{name(a[0])} is empty"
    if code == "src-fixed":
        return f"cards on {name(a[0])} do not move"
    if code == "src-locked":
        return f"{name(a[0])} is not available until one of the {_plural(game, str(a[1]))} is empty"
    if code == "no-route":
        src_g = game.group_of[str(a[0])]
        dst_g = game.group_of[str(a[1])]
        if dst_g.kind not in {k for g in game.spec.groups for k in g.to}:
            return f"nothing may be placed on {name(a[1])}"
        kinds = ", ".join(_kind_plural(k) for k in src_g.to)
        return f"a card from {name(a[0])} may go only to {kinds}"
    if code == "face-down":
        return f"the top card of {name(a[0])} is face down"
    if code == "not-a-run":
        n, run = a[1], a[2]
        if run == 1:
            return f"only the top card of {name(a[0])} may move, not {n} cards"
        return f"only the top {run} cards of {name(a[0])} move as a unit, not {n}"
    if code == "cell-full":
        return f"{name(a[0])} already holds a card"
    if code == "one-card":
        return f"{name(a[0])} takes one card at a time"
    if code == "discard-full-run":
        return "only a complete run from king down to ace in one suit may be discarded"
    if code == "pile-full":
        return f"{name(a[0])} is complete ({a[1]} cards)"
    if code == "empty-takes-nothing":
        return f"nothing may be placed on the empty {name(a[0])}"
    if code == "empty-takes-king":
        return f"the empty {name(a[0])} takes only a king"
    if code == "empty-takes-base":
        base = rank_text(a[1]) if isinstance(a[1], int) else "of the base rank"
        return f"the empty {name(a[0])} takes only a card of rank {base}, not the {_card(a[2])}"
    if code == "builds-nothing":
        return f"nothing may be placed on {name(a[0])}"
    if code == "does-not-fit":
        g = game.group_of[str(a[0])]
        return f"the {_card(a[1])} cannot go on the {_card(a[2])}: {name(a[0])} {_build_words(g)}"
    if code == "supermove":
        return (
            f"{a[0]} cards cannot move as a unit: with {a[2]} empty pile(s) at most {a[1]} may go there"
        )
    if code == "no-stock":
        return f"there is no stock to {a[0]} from in {game.spec.title}"
    if code == "stock-empty":
        return "the stock is empty"
    if code == "deal-blocked":
        return f"no deal while one of the {_plural(game, str(a[0]))} is empty"
    if code == "no-redeal":
        return f"{game.spec.title} has no redeal"
    if code == "redeal-stock-left":
        return "the waste may be turned over only when the stock is empty"
    if code == "no-redeals-left":
        return f"no redeals left ({a[0]} allowed)"
    if code == "waste-empty":
        return "the waste is empty"
    if code == "last-resort":
        return f"{name(a[0])} may be used only as a last resort, and another move is possible (for example {a[1]})"
    if code == "deal-last-resort":
        return f"a deal is allowed only when no other move is possible (for example {a[0]})"
    return str(code)


def _plural(game: Game, prefix: str) -> str:
    g = game.spec.group(prefix)
    base = g.name.replace(" {n}", "").replace("{n}", "").strip().lower()
    return base + "s" if g.count > 1 else base


def _kind_plural(kind: Kind) -> str:
    return {Kind.FOUNDATION: "the foundations", Kind.TABLEAU: "the tableau", Kind.CELL: "a cell",
            Kind.DISCARD: "the discards", Kind.RESERVE: "the reserve", Kind.WASTE: "the waste",
            Kind.STOCK: "the stock"}[kind]


def explain(game: Game, move: Move) -> str:
    """Why ``move`` (known not to be legal) is refused, in a sentence."""
    special = game.spec.hooks.explain(game, move)
    if special:
        return special
    if move.action:
        why = stock_refusal(game, move.action)
        if why:
            return why_text(game, why)
        if move.action == "deal":
            others = [m for m in standard_moves(game) if m.action != "deal"]
            if others:
                return why_text(game, ("deal-last-resort", str(others[0])))
        return f"{move.action!r} is not possible now"
    unknown = [p for p in (*move.sources, move.target) if p not in game.piles]
    if unknown:
        return f"there is no pile {unknown[0]!r} in {game.spec.title} (piles: {', '.join(game.order)})"
    if len(move.sources) != 1:
        return f"{game.spec.title} has no move that takes cards from several piles at once"
    why = refusal(game, move.source, move.target, move.count)
    if why:
        return why_text(game, why)
    if game.group_of[move.target].last_resort:
        other = next((m for m in standard_moves(game) if m.target != move.target), None)
        if other is not None:
            return why_text(game, ("last-resort", move.target, str(other)))
    if run_length(game, move.source) and move.count > 1:
        return f"{move.count} cards may not move together here"
    return "that move is not possible in this position"
