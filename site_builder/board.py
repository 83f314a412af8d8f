"""The first deal, as the engine lays it out, prepared for the board template.

Everything comes from ``engine.new_game(slug, seed).view()``; nothing here knows any game.
The markup it feeds is the contract the next issue's in-page player will drive: a grid of
``data-pile`` elements holding ``data-card`` elements, placed by row and column classes.
"""

from __future__ import annotations

from typing import Any

import engine
from engine.cards import SUIT_SYMBOLS
from engine.dealing import seed_range

DEFAULT_SEED = 1


def first_deal(slug: str, seed: int = DEFAULT_SEED) -> dict[str, Any]:
    """The engine's view of the deal, with the labels and symbols a reader needs added."""
    game = engine.new_game(slug, seed)
    view = game.view()
    piles = []
    for pile in view["piles"]:
        cards = []
        for card in pile["cards"]:
            if card["up"]:
                symbol = SUIT_SYMBOLS.get(card["suit"], card["suit"])
                cards.append({**card, "symbol": symbol, "face": f"{card['rank']}{symbol}", "label": card["name"]})
            else:
                cards.append({**card, "code": "", "label": "face-down card"})
        piles.append({**pile, "cards": cards, "count": len(cards), "label": pile_label(pile["name"], cards),
                      "r": round(pile["row"] * QUARTERS), "c": round(pile["col"] * QUARTERS), "span": 1})
    taken = {(p["row"], p["col"]) for p in piles}
    for pile in piles:  # a pile fanned to the right may spread over the empty cells after it
        if pile["fan"] == "right":
            while pile["col"] + pile["span"] < view["grid"]["cols"] and \
                    (pile["row"], pile["col"] + pile["span"]) not in taken:
                pile["span"] += 1
    return {**view, "piles": piles, "seed": view["seed"], "seeds": seed_range(game.spec)}


def pile_label(name: str, cards: list[dict[str, Any]]) -> str:
    """What a screen reader (and the text version of the deal) says about a pile."""
    if not cards:
        return f"{name}: empty"
    down = sum(1 for c in cards if not c["up"])
    parts = [f"{down} face-down card{'s' if down != 1 else ''}"] if down else []
    parts += [c["label"] for c in cards if c["up"]]
    return f"{name}: " + ", ".join(parts)


QUARTERS = 4  # the board's grid has four tracks to a cell, so piles may stand a quarter apart


def grid_css(max_rows: int, max_cols: int) -> str:
    """Placement rules for board grids up to the largest deal (no inline styles: the CSP
    forbids them). A cell (a card and its gap) is four tracks each way; a pile spans four,
    or more when a fan to the right may spread over the empty cells after it."""
    q = QUARTERS
    rules = [f".board.cols-{c}{{grid-template-columns:repeat({c * q},var(--track));--cols:{c}}}"
             for c in range(1, max_cols + 1)]
    rules += [f".board.rows-{r}{{--rows:{r}}}" for r in range(1, max_rows + 1)]
    rules += [f".board .r-{r}{{grid-row:{r + 1}/span {q}}}" for r in range(max_rows * q)]
    rules += [f".board .c-{c}{{grid-column:{c + 1}/span {q}}}" for c in range(max_cols * q)]
    rules += [f".board .pile.span-{n}{{grid-column-end:span {n * q}}}" for n in range(2, max_cols + 1)]
    return "\n".join(rules) + "\n"
