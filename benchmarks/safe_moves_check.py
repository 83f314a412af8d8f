"""Do the safe moves home ever throw a win away? Two checks of the one shortcut both the demo
and the solver take, the cards sent to the foundations by themselves (``engine/auto.py``;
the solver's ``engine/solver/settle.py`` with the stricter rule). Figures, not a test:
nothing here fails, but every "thrown away" or "won without" line it prints is a fault.

1. **The demo's automatic moves.** For the first ``--deals`` deals that
   ``content/winnability/SLUG.json`` lists as won, a winning line is found again
   (``engine.solve``, ``--budget``); at every position along it where ``game.safe_moves()``
   offers a move, the safe moves are played as the demo plays them (again and again, until
   none is left) on a copy, which is solved. Won: fine. Lost: the automatic moves threw the
   win away (Little Spider deal 19 before 2026-11-28). Undecided: not judged.
2. **The solver's own safe moves.** The first ``--lost`` deals the file proves lost are
   solved again with the solver's safe moves switched off (its table of piles a card may go
   home from by itself emptied, in the compiled core too), a search that takes no shortcut
   a proof could rest on. Lost again: the verdict stands. Won: the safe moves made the
   "lost" wrong (Klondike turning three, deal 140, before 2026-11-28). Undecided: the search
   without them ran out of budget.

    .venv/bin/python benchmarks/safe_moves_check.py [--games klondike freecell ...]
        [--deals 20] [--lost 20] [--budget 300000]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.game import Game, new_game  # noqa: E402
from engine.solver import search as solver_search  # noqa: E402
from engine.solver.datafile import parse_ranges  # noqa: E402

AUTO_LIMIT = 208  # safe moves played in a row at most (more than any game has cards)
MODEL_OF = solver_search.model_of


def figures(slug: str) -> dict[str, Any] | None:
    path = ROOT / "content" / "winnability" / f"{slug}.json"
    return json.loads(path.read_text()) if path.exists() else None


def after_safe_moves(game: Game) -> Game:
    """A copy of ``game`` with its safe moves played, as the demo plays them."""
    work = game.working_copy()
    for _ in range(AUTO_LIMIT):
        moves = work.safe_moves()
        if not moves:
            break
        work.play(moves[0])
    return work


def check_automatic(slug: str, seeds: list[int], budget: int) -> Counter[str]:
    out: Counter[str] = Counter()
    for seed in seeds:
        game = new_game(slug, seed)
        line = solver_search.solve(game, budget)
        if line.result != "won":
            out["line not found"] += 1
            continue
        out["deals"] += 1
        for move in line.moves:
            if game.safe_moves():
                verdict = solver_search.solve(after_safe_moves(game), budget).result
                out["positions"] += 1
                out[{"won": "won", "lost": "thrown away", "unknown": "undecided"}[verdict]] += 1
                if verdict == "lost":
                    print(f"  {slug} deal {seed}, {game.moves_made} moves in: the safe moves "
                          f"{[str(m) for m in game.safe_moves()]} throw the win away", flush=True)
            game.play(move)
    return out


def without_safe_moves(game: Game) -> Any:
    """The solver's model of ``game`` with no card sent home by itself."""
    model = MODEL_OF(game)
    if hasattr(model, "auto_sources"):
        model.auto_sources = ()
        model.autos = False
        model.homes, model.dead_homes = {}, {}
        model.core_box = []  # a core of its own, built from these tables (not the game's, shared)
    return model


def check_lost(slug: str, seeds: list[int], budget: int) -> Counter[str]:
    out: Counter[str] = Counter()
    solver_search.model_of = without_safe_moves  # type: ignore[assignment]
    try:
        for seed in seeds:
            verdict = solver_search.solve(new_game(slug, seed), budget).result
            out[{"won": "won without", "lost": "lost again", "unknown": "undecided"}[verdict]] += 1
            if verdict == "won":
                print(f"  {slug} deal {seed}: filed lost, won without the solver's safe moves", flush=True)
    finally:
        solver_search.model_of = MODEL_OF  # type: ignore[assignment]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=[s.slug for s in engine.games()])
    parser.add_argument("--deals", type=int, default=20, help="won deals whose lines are walked, per game")
    parser.add_argument("--lost", type=int, default=20, help="lost deals solved again, per game")
    parser.add_argument("--budget", type=int, default=300_000)
    args = parser.parse_args()
    print("| game | deals walked | positions with safe moves | still won | thrown away | undecided "
          "| lost deals tried | lost again | won without | undecided | s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for slug in args.games:
        data = figures(slug)
        if data is None:
            continue
        start = time.perf_counter()
        auto = check_automatic(slug, parse_ranges(data["won"])[:args.deals], args.budget)
        lost = check_lost(slug, parse_ranges(data["lost"])[:args.lost], args.budget)
        print(f"| {slug} | {auto['deals']} | {auto['positions']} | {auto['won']} | {auto['thrown away']} "
              f"| {auto['undecided']} | {sum(lost.values())} | {lost['lost again']} | {lost['won without']} "
              f"| {lost['undecided']} | {time.perf_counter() - start:.0f} |", flush=True)


if __name__ == "__main__":
    main()
