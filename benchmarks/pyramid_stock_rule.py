"""Pyramid under two readings of the stock, by an exact search written apart from the engine.

    python benchmarks/pyramid_stock_rule.py FIRST LAST [--stock-top]

Our Pyramid frees only the waste's top card on the stock side; Keller and Masten (and
PySolFC, whose talon's top card lies face up and pairs) free the stock's top card as well.
solitairewinrates.com's 6.80% for every card in one pass is far above our figure (1 deal of
2,000), and this script shows that the rule explains it: it deals our deals (the engine's
shuffle, nothing else of the engine) and settles each exactly under either reading, by a
depth-first search over (cards gone from the pyramid, cards turned, the waste) that
remembers every position seen. Without ``--stock-top`` its verdicts must be the engine's
(``content/winnability/pyramid.json``); it prints one line per deal, then the count.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.game import new_game  # noqa: E402

ROWS = 7
PLACES = ROWS * (ROWS + 1) // 2  # 28
ALL_GONE = (1 << PLACES) - 1
KING = 13


def _covers() -> list[tuple[int, ...]]:
    """For each place of the triangle (row by row from the top), the two places lying over it."""
    out: list[tuple[int, ...]] = []
    for row in range(ROWS):
        below = (row + 1) * (row + 2) // 2
        for col in range(row + 1):
            out.append(() if row == ROWS - 1 else (below + col, below + col + 1))
    return out


COVERS = _covers()


def winnable(seed: int, stock_top: bool) -> tuple[bool, int]:
    """Whether deal ``seed`` can be won, and how many positions the search saw."""
    game = new_game("pyramid", seed)
    pyramid = [game.piles[f"p{i}"][0].rank for i in range(1, PLACES + 1)]
    stock = [card.rank for card in reversed(game.piles["stock"])]  # in the order turned
    seen: set[tuple[int, int, tuple[int, ...]]] = set()
    sys.setrecursionlimit(10_000)

    def search(gone: int, turned: int, waste: tuple[int, ...]) -> bool:
        if gone == ALL_GONE and turned == len(stock) and not waste:
            return True
        if (gone, turned, waste) in seen:
            return False
        seen.add((gone, turned, waste))
        free = [("p", k, pyramid[k]) for k in range(PLACES)
                if not gone >> k & 1 and all(gone >> j & 1 for j in COVERS[k])]
        if waste:
            free.append(("w", 0, waste[-1]))
        if stock_top and turned < len(stock):
            free.append(("s", 0, stock[turned]))

        def take(*cards: tuple[str, int, int]) -> bool:
            g, t, w = gone, turned, waste
            for where, k, _ in cards:
                if where == "p":
                    g |= 1 << k
                elif where == "w":
                    w = w[:-1]
                else:
                    t += 1
            return search(g, t, w)

        for i, a in enumerate(free):
            if a[2] == KING and take(a):
                return True
            if any(a[2] + b[2] == KING and take(a, b) for b in free[i + 1:]):
                return True
        return turned < len(stock) and search(gone, turned + 1, waste + (stock[turned],))

    return search(0, 0, ()), len(seen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int)
    parser.add_argument("--stock-top", action="store_true", help="free the stock's top card too")
    args = parser.parse_args()
    won = []
    for seed in range(args.first, args.last + 1):
        result, positions = winnable(seed, args.stock_top)
        print(f"deal {seed}: {'won' if result else 'lost'} ({positions:,} positions)", flush=True)
        if result:
            won.append(seed)
    rule = "the stock's top card and the waste's free" if args.stock_top else "the waste's top card alone free"
    print(f"{rule}: {len(won)} won of {args.last - args.first + 1} (deals {args.first}-{args.last}): {won}")


if __name__ == "__main__":
    main()
