"""The first deal, as the engine lays it out, prepared for the board template.

Everything comes from ``engine.new_game(slug, seed).view()``; nothing here knows any game.
The markup it feeds is the contract the next issue's in-page player will drive: a grid of
``data-pile`` elements holding ``data-card`` elements, placed by row and column classes.
"""

from __future__ import annotations

import pickle
from functools import partial
from pathlib import Path
from typing import Any

import engine
from engine.cards import SUIT_SYMBOLS
from engine.dealing import seed_range

from .cache import BuildCache, digest
from .model import GamePage, Site
from .pagekey import Deferred
from .parallel import Batch
from .winnability import rules_fingerprint

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
    rules += [f".board .pile.span-{n}{{grid-column-end:span {n * q};--span:{n}}}" for n in range(2, max_cols + 1)]
    # A fan to the right, in the static picture, closes up to the cells it spans (n-K: the
    # cards it shows), so that it covers no pile after it; the player lays it out afresh.
    rules += [f".board .pile.n-{n}{{--n:{n}}}" for n in range(2, MAX_FAN + 1)]
    return "\n".join(rules) + "\n"


MAX_FAN = 104  # the most cards a pile can hold (two packs)


_ENGINE: list[str] = []


def engine_version() -> str:
    """A digest of the engine's source as imported by this process (taken once: a build
    deals with the engine it imported, whatever happens on disk meanwhile)."""
    if not _ENGINE:
        from .cache import tree_digest

        _ENGINE.append(tree_digest(Path(engine.__file__).resolve().parent, "*.py"))
    return _ENGINE[0]


def _fingerprint(slug: str) -> str:
    """The rules fingerprint of the spec registered as ``slug`` now."""
    return rules_fingerprint(engine.get_spec(slug))


def board_key(slug: str, seed: int) -> str:
    """What a first deal depends on: the engine's code, the game's rules, the deal number."""
    return digest("board", engine_version(), _fingerprint(slug), slug, seed)


def _deal(job: tuple[str, int]) -> tuple[str, str, tuple[int, int], bytes]:
    """In a worker: the deal's fingerprint, key, grid size and the deal itself, pickled
    (the parent stores it as it is, and a page's renderer reads it)."""
    board = first_deal(*job)
    fingerprint = _fingerprint(job[0])
    return (fingerprint, board_key(*job), (board["grid"]["rows"], board["grid"]["cols"]),
            pickle.dumps(board, pickle.HIGHEST_PROTOCOL))


def demo_seed(game: GamePage) -> int:
    """The deal a game's demo opens on: one the solver has won, where a fresh figure says so
    (a reader's first deal can be won, and its Hint leads somewhere: ``Winnability.demo_deal``),
    else deal 1."""
    figure = game.winnability
    first = figure.demo_deal if figure is not None and not figure.stale else None
    return first if first is not None else DEFAULT_SEED


def deal_boards(site: Site, cache: BuildCache, batch: Batch) -> None:
    """Once ``batch`` has run: each game's first deal in ``site.boards``, and the largest
    grid (rows, columns) among them in ``site.grid``. Deals are ``Deferred``: one the
    cache holds is read only if its page is rendered; the others are dealt in the batch,
    on every core (which, when the cache is empty, also work out the deals' keys: the
    rules' fingerprints take a while)."""
    wanted = {g.slug: (g.engine, demo_seed(g)) for g in site.games.values()}
    boards: dict[str, Deferred] = {}
    grids: list[tuple[int, int]] = []
    todo = []
    for name, job in wanted.items():
        if not cache.entries:
            todo.append(name)
            continue
        key = board_key(*job)
        grid = cache.get("grid", key)
        if isinstance(grid, tuple) and cache.keep("board", key):
            grids.append(grid)
            boards[name] = Deferred(key, partial(_cached_deal, cache, key, job))
        else:
            todo.append(name)

    def done(results: list[tuple[str, str, tuple[int, int], bytes]]) -> None:
        for name, (fingerprint, key, grid, blob) in zip(todo, results):
            rules_fingerprint(engine.get_spec(wanted[name][0]), fingerprint)
            grids.append(grid)
            boards[name] = Deferred(key, partial(pickle.loads, blob))
            cache.put_blob("board", key, blob)
            cache.put("grid", key, grid)
        site.boards = {name: boards[name] for name in wanted}
        site.grid = (max((g[0] for g in grids), default=1), max((g[1] for g in grids), default=1))

    batch.add(_deal, [wanted[n] for n in todo], done)


def _cached_deal(cache: BuildCache, key: str, job: tuple[str, int]) -> dict[str, Any]:
    """A deal from the cache; dealt again if its entry is damaged (the same deal: it is
    a pure function of its key)."""
    board = cache.get("board", key)
    return board if isinstance(board, dict) else first_deal(*job)
