"""Strategy's deals settled exactly, by a search written apart from the engine.

    python benchmarks/strategy_exact.py [--deals 2,4,16] [--cap N]

In Strategy every card but the aces is laid on one of eight reserve piles, and none goes
home until the stock is out; then the piles' top cards go home, in suit from the ace. So a
deal is a question of order alone. Read each pile from the bottom up: its cards were laid
in the order they were turned, and must go home in the reverse order. Take any order in
which the cards could go home (a merge of the four suits, each from the 2 to the king), and
list the cards in that order by when they were turned: cards that come in rising order of
turning must all lie on different piles, and patience sorting shows that the longest such
run is exactly how many piles that order of going home needs. So a deal can be won exactly
when some merge of the suits needs at most eight. The last card turned needs no pile: it
stays in the hand while the piles go home (the rule page's reading).

This script takes only the deal from the engine (the order the stock turns) and searches the
merges depth first, the suit whose next card was turned latest first, remembering each
state seen: the foundations' heights and the patience-sorting tails of the runs so far,
which is all the rest of the search depends on; it leaves a state once one suit's cards
still to go, in their own order, would need more than eight piles. It prints one line per deal, "won" or
"lost" (every merge searched) or "too big" (over ``--cap`` states), then the count; without
``--deals``, the deals content/winnability/strategy.json leaves undecided (``--lost``: those
it proves lost). A deal the engine's solver won must come out "won" here, and one it proved
lost, "lost": the engine settles Strategy's deals by the same reasoning
(``engine.solver.closed``), and this is the check written apart from it.
"""

from __future__ import annotations

import argparse
import bisect
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.game import new_game  # noqa: E402
from engine.solver.datafile import parse_ranges  # noqa: E402

PILES = 8
SUITS = "CDHS"


def turned(seed: int) -> list[tuple[int, str]]:
    """The cards of Strategy's deal ``seed`` in the order the stock turns them."""
    return [(c.rank, c.suit) for c in reversed(new_game("strategy", seed).piles["stock"])]


def winnable(seed: int, cap: int) -> tuple[str, int, list[int]]:
    """"won", "lost" or "too big", how many states were seen, and for a win the suits (by
    index in ``SUITS``) in the order their cards go home."""
    order = turned(seed)
    last = len(order) - 1  # stays in the hand: no pile
    when = {card: i for i, card in enumerate(order)}
    # each suit's cards from the 2 up, as the times they were turned
    suits = [[when[(rank, s)] for rank in range(2, 14)] for s in SUITS]
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    sys.setrecursionlimit(10_000)
    merge: list[int] = []

    def search(heights: tuple[int, ...], tails: tuple[int, ...]) -> bool:
        if all(h == 12 for h in heights):
            return True
        state = (heights, tails)
        if state in seen or len(seen) > cap:
            return False
        seen.add(state)
        for s, h in enumerate(heights):  # a suit's cards still to go, in its own order: a bound
            piles = list(tails)
            for time in suits[s][h:]:
                if time != last:
                    at = bisect.bisect_left(piles, time)
                    piles[at:at + 1] = [time]
            if len(piles) > PILES:
                return False
        options = sorted((-suits[s][h], s) for s, h in enumerate(heights) if h < 12)
        for negative_time, s in options:
            time = -negative_time
            new_tails = tails
            if time != last:
                at = bisect.bisect_left(tails, time)
                if at == len(tails):
                    if len(tails) == PILES:
                        continue  # a ninth pile
                    new_tails = tails + (time,)
                else:
                    new_tails = tails[:at] + (time,) + tails[at + 1:]
            new_heights = heights[:s] + (heights[s] + 1,) + heights[s + 1:]
            merge.append(s)
            if search(new_heights, new_tails):
                return True
            merge.pop()
        return False

    won = search((0, 0, 0, 0), ())
    if won:
        return "won", len(seen), merge
    return ("too big" if len(seen) > cap else "lost"), len(seen), []


def replays(seed: int, merge: list[int]) -> bool:
    """Does the line a winning ``merge`` makes win deal ``seed`` through the engine's rules?
    Each card turned is laid, by patience sorting, on the pile whose top goes home the
    soonest after it (or on an empty one), the last kept in the hand; then every card goes
    home in the merge's order."""
    order = turned(seed)
    heights = [1] * 4
    home_order: list[tuple[int, str]] = []
    for s in merge:
        heights[s] += 1
        home_order.append((heights[s], SUITS[s]))
    goes = {card: n for n, card in enumerate(home_order)}
    game = new_game("strategy", seed)
    tops: list[int] = []  # the piles' top cards, by when they go home
    where: dict[tuple[int, str], str] = {}
    for i, card in enumerate(order):
        game.play("deal")
        if i == len(order) - 1:
            where[card] = "waste"
            break
        fits = [k for k, top in enumerate(tops) if top > goes[card]]
        k = min(fits, key=lambda k: tops[k]) if fits else len(tops)
        if k == len(tops):
            tops.append(goes[card])
        else:
            tops[k] = goes[card]
        game.play(f"waste>w{k + 1}")
        where[card] = f"w{k + 1}"
    for card in home_order:
        game.play(f"{where[card]}>f{SUITS.index(card[1]) + 1}")
    return game.is_won()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", help="deal numbers, comma-separated (default: the data file's undecided deals)")
    parser.add_argument("--cap", type=int, default=2_000_000, help="states before giving up (default 2,000,000)")
    parser.add_argument("--lost", action="store_true", help="the data file's lost deals instead of its undecided ones")
    parser.add_argument("--replay", action="store_true",
                        help="play each win's line through the engine's rules, and say whether it wins")
    args = parser.parse_args()
    if args.deals:
        seeds = [int(s) for s in args.deals.split(",")]
    else:
        data = json.loads((ROOT / "content" / "winnability" / "strategy.json").read_text())
        seeds = parse_ranges(data["lost" if args.lost else "unknown"])
    tally: dict[str, int] = {}
    for seed in seeds:
        verdict, states, merge = winnable(seed, args.cap)
        tally[verdict] = tally.get(verdict, 0) + 1
        check = ""
        if args.replay and verdict == "won":
            check = ", its line wins through the engine" if replays(seed, merge) else ", ITS LINE DOES NOT WIN"
        print(f"strategy deal {seed}: {verdict} ({states:,} states{check})", flush=True)
    print("strategy: " + ", ".join(f"{n} {v}" for v, n in sorted(tally.items())))


if __name__ == "__main__":
    main()
