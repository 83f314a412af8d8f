"""The Spider family's lost deals, searched again by an exact search written apart from the engine.

    python benchmarks/spider_lost_check.py SLUG [--deals 113,565] [--relaxed] [--face-up] [--cap N]

Blake and Gent's figures for Spiderette and Will o' the Wisp (docs/published-figures.md)
count far fewer lost deals than our solver proves. Their rules differ from ours in two
places: the stock may be dealt while a pile is empty, and a complete suit is lifted out only
when its thirteen cards are a whole pile. This script settles whether our "lost" deals are
lost under either set of rules, without the engine's rules or solver: it takes only the deal
(the cards of each pile, how many lie face down, and the cards each deal of the stock brings
to each pile, read by dealing a copy of the game) and searches every position reachable by
its own moves, depth first, remembering each position seen:

- a run of one suit, going down, the top card of a pile and any cards under it, onto a card
  one rank above its lowest card (any suit) or onto an empty pile;
- a deal of one card onto each pile, in order, while the stock lasts: ours only while no pile
  is empty, theirs (``--relaxed``) at any time;
- thirteen cards of one suit from king to ace lifted out: ours from the top of any pile,
  theirs (``--relaxed``) only where they are the whole pile;
- a face-down card that comes to the top turns up; with ``--face-up`` none lies face down
  from the start (Solvitaire's Will o' the Wisp, whose preset, unlike Spider's and
  Spiderette's, does not say that only the top cards are face up), so a run may reach down
  into the cards dealt under a pile's top card.

A deal is won when every card is lifted out. Without ``--deals``, the deals the game's data
file (content/winnability/SLUG.json) says are lost. It prints one line per deal: "lost"
(every position searched), "won", or "too big" (over ``--cap`` positions).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.game import new_game  # noqa: E402
from engine.solver.datafile import parse_ranges  # noqa: E402

Card = tuple[int, str]  # rank, suit
Pile = tuple[Card, ...]


def layout(slug: str, seed: int) -> tuple[tuple[Pile, ...], tuple[int, ...], list[tuple[Card, ...]]]:
    """Deal ``seed`` of ``slug``: its piles (bottom first), the face-down count of each, and
    what each deal of the stock brings, pile by pile (read by dealing a copy of the game)."""
    game = new_game(slug, seed)
    names = [p for p in game.order if p.startswith("t")]
    piles = tuple(tuple((c.rank, c.suit) for c in game.piles[p]) for p in names)
    down = tuple(game.down[p] for p in names)
    rounds: list[tuple[Card, ...]] = []
    while game.piles["stock"]:
        sizes = [len(game.piles[p]) for p in names]
        game.play("deal")
        rounds.append(tuple((game.piles[p][-1].rank, game.piles[p][-1].suit)
                            for p, n in zip(names, sizes) if len(game.piles[p]) > n))
    return piles, down, rounds


def top_run(pile: Pile, down: int) -> int:
    """How many cards from the top of ``pile`` make one run of a suit, going down, face up."""
    n = len(pile)
    k = 1 if n > down else 0
    while k < n - down and pile[n - k - 1][1] == pile[n - k][1] and pile[n - k - 1][0] == pile[n - k][0] + 1:
        k += 1
    return k


def search(slug: str, seed: int, relaxed: bool, cap: int, face_up: bool = False) -> tuple[str, int]:
    """"won", "lost" or "too big", and how many positions were seen; with ``face_up``, every
    card of the deal lies face up."""
    piles0, down0, rounds = layout(slug, seed)
    if face_up:
        down0 = (0,) * len(down0)
    total = sum(len(p) for p in piles0) + sum(len(r) for r in rounds)
    seen: set[tuple[tuple[Pile, ...], tuple[int, ...], int]] = set()
    todo = [(piles0, down0, 0, 0)]  # piles, face-down counts, deals made, cards lifted out
    while todo:
        piles, down, dealt, out = todo.pop()
        if out == total:
            return "won", len(seen)
        key = (piles, down, dealt)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > cap:
            return "too big", len(seen)
        for i, pile in enumerate(piles):
            run = top_run(pile, down[i])
            if run >= 13 and pile[-13][0] == 13 and (not relaxed or len(pile) == 13):
                todo.append((*_set(piles, down, {i: pile[:-13]}), dealt, out + 13))
            for k in range(1, run + 1):
                lowest = pile[-k]
                for j, onto in enumerate(piles):
                    if j != i and (not onto or onto[-1][0] == lowest[0] + 1):
                        if not onto and k == len(pile) and dealt == len(rounds):
                            continue  # a whole pile into an empty one, the stock out: the same position
                        todo.append((*_set(piles, down, {i: pile[:-k], j: onto + pile[-k:]}), dealt, out))
        if dealt < len(rounds) and (relaxed or all(piles)):
            cards = rounds[dealt]
            todo.append((*_set(piles, down, {i: piles[i] + (c,) for i, c in enumerate(cards)}), dealt + 1, out))
    return "lost", len(seen)


def _set(piles: tuple[Pile, ...], down: tuple[int, ...], changed: dict[int, Pile]) -> tuple[tuple[Pile, ...], tuple[int, ...]]:
    """``piles`` with the ``changed`` ones replaced, a face-down card on top of any turned up."""
    new = list(piles)
    new_down = list(down)
    for i, pile in changed.items():
        new[i] = pile
        if new_down[i] and new_down[i] >= len(pile):
            new_down[i] = len(pile) - 1 if pile else 0
    return tuple(new), tuple(new_down)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slug")
    parser.add_argument("--deals", help="deal numbers, comma-separated (default: the data file's lost deals)")
    parser.add_argument("--relaxed", action="store_true", help="Solvitaire's rules: deal onto empty piles, lift whole piles only")
    parser.add_argument("--face-up", action="store_true",
                        help="every card dealt face up (Solvitaire's Will o' the Wisp: its preset leaves the default)")
    parser.add_argument("--cap", type=int, default=3_000_000, help="positions before giving up (default 3,000,000)")
    args = parser.parse_args()
    if args.deals:
        seeds = [int(s) for s in args.deals.split(",")]
    else:
        data = json.loads((ROOT / "content" / "winnability" / f"{args.slug}.json").read_text())
        seeds = parse_ranges(data["lost"])
    rules = "Solvitaire's rules" if args.relaxed else "our rules"
    if args.face_up:
        rules += ", every card face up"
    tally: dict[str, int] = {}
    for seed in seeds:
        verdict, positions = search(args.slug, seed, args.relaxed, args.cap, args.face_up)
        tally[verdict] = tally.get(verdict, 0) + 1
        print(f"{args.slug} deal {seed}, {rules}: {verdict} ({positions:,} positions)", flush=True)
    print(f"{args.slug}, {rules}: " + ", ".join(f"{n} {v}" for v, n in sorted(tally.items())))


if __name__ == "__main__":
    main()
