"""``Game.view()``: everything a renderer needs to draw any game, as JSON-ready data.

The format (version 1) is documented in ``docs/view-format.md``; a renderer needs no
game-specific code to draw and play from it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .cards import Card, rank_text
from .explain import explain
from .moves import Move
from .rules import chain_source, lying_over
from .spec import Kind

if TYPE_CHECKING:
    from .game import Game

VIEW_FORMAT = 2


def card_view(card: Card, up: bool) -> dict[str, Any]:
    if not up:
        return {"up": False}
    return {"up": True, "id": card.code + (f"~{card.deck}" if card.deck else ""), "code": card.code,
            "rank": rank_text(card.rank), "suit": card.suit, "red": card.red, "name": card.name}


def build_view(game: Game) -> dict[str, Any]:
    legal = game.legal_moves()
    picks: dict[str, set[int]] = {p: set() for p in game.order}
    for m in legal:
        if m.action:
            continue
        for src in m.sources:
            n = m.count if len(m.sources) == 1 else 1
            picks[src].add(len(game.piles[src]) - n)
    piles = []
    rows = cols = 0
    for g in game.spec.groups:
        for i, pid in enumerate(g.ids()):
            row, col = g.place(i)
            width = 2 if g.fan == "right" else 1  # a fan to the right needs a second cell to spread into
            rows, cols = max(rows, math.ceil(row + 1)), max(cols, math.ceil(col + width))
            cards = game.piles[pid]
            hidden = g.kind is Kind.STOCK
            down = game.down[pid]
            pile: dict[str, Any] = {
                "id": pid,
                "kind": g.kind.value,
                "name": g.pile_name(i),
                "row": row,
                "col": col,
                "fan": g.fan,
                "show": g.show,
                "turn": "sideways" if g.turned_at(i) else "",
                "gap": bool(g.freed_by),
                "cards": [card_view(c, not hidden and j >= down) for j, c in enumerate(cards)],
                "pick": sorted(picks[pid]),
            }
            if g.close_gaps:  # the row closes up by itself: the board's words for a move say so
                pile["closes"] = True
            if g.overlapped_by:  # the places whose cards lie half over this one: the board draws them so
                pile["over"] = list(lying_over(g)[pid])
            piles.append(pile)
    actions = []
    possible = []
    if game.spec.stock is not None:
        possible.append(("deal", game.spec.stock.label, game.spec.stock.done))
    if game.spec.redeals:
        possible.append(("redeal", game.spec.redeal_label, game.spec.redeal_done))
    for action, label, done in possible:
        move = Move.act(action)
        ok = move in legal
        actions.append({"move": action, "label": label, "done": done, "enabled": ok,
                        "reason": "" if ok else explain(game, move)})
    # A game of forced moves (``StockRule.chain``): the pile its next card is turned from.
    source = chain_source(game) if game.spec.stock is not None and game.spec.stock.chain else None
    return {
        "format": VIEW_FORMAT,
        "game": game.spec.slug,
        "title": game.spec.title,
        "seed": game.seed,
        "status": game.status(),
        "phase": game.phase,
        "prompt": game.spec.hooks.prompt(game) or (chain_prompt(game, source) if source else ""),
        "counters": {
            "stock": len(game.piles[game.stock_id]) if game.stock_id else 0,
            "redeals_left": game.redeals_left,
            "moves": game.moves_made,
            "undo": bool(game.history),
            "redo": bool(game.future),
        },
        "grid": {"rows": rows, "cols": cols},
        "fold": game.spec.fold,
        "piles": piles,
        "actions": actions,
        "legal": [str(m) for m in legal],
        "can_finish": game.finishing_moves() is not None,
        # A game of forced moves (``StockRule.chain``): the one move, and the pile whose
        # next card it turns, where a click plays it.
        "forced": {"move": "deal", "pile": source} if source and Move.act("deal") in legal else None,
        # What the last move did, in the engine's words, where the move's name does not say it.
        "done": chain_done(game, source) if source else "",
    }


def chain_prompt(game: Game, source: str) -> str:
    """Where the next card of a chain of deals comes from (``StockRule.chain``): ``source``."""
    if game.is_won() or not game.down[source]:
        return ""
    return f"The next card is turned from {game.pile_name(source)}."


def chain_done(game: Game, pile: str) -> str:
    """What the last deal of a chain did, after the rule's own words for a deal: the card it
    turned and where it went, the top card of ``pile``, the one the chain now stands on."""
    rule = game.spec.stock
    if rule is None or not game.history or game.history[-1][0].action != "deal":
        return ""
    return f"{rule.done}: the {game.piles[pile][-1].name.lower()}, onto {game.pile_name(pile)}"
