"""The solver: ``solve(game, budget)`` answers won (with a winning line), lost or unknown.

The search (``search``: the scans and what makes them fast enough; ``best_first``, the
standard one; ``deep``, the depth-first and greedy ones; ``closed``, exact where the
foundations stay closed) answers a ``verdict`` over a model of the game: nearly always the compact model (``model``, built in layers: its ``tables`` read from
the spec by the engine's rule functions, in ``keying`` how its canonical key reads each pile, in ``taking`` the ways of taking cards other than
from pile to pile (pairs, packets, trades, rows closing up), its ``legal`` moves, and in ``settle`` the moves
made and the safe moves home), else the engine itself (``engine_model``). On CPython, a
search with no time limit runs in the compiled core where it is built (``core``, which
hands the compact model's tables to the C extension ``_core``, from ``_core.c``); the
browser runs the pure-Python model, which stays the reference. ``bulk`` solves
ranges of deals into the winnability files (``python -m engine solve``; ``datafile`` reads,
merges and writes them), and
``fingerprint`` names the rules and solver a figure was measured under. Nothing of the
rules is stated here: the engine's rule functions say it all.
"""

from .search import DEFAULT_BUDGET, FAULTS_MENDED, LOST, SEARCH_VERSION, SOLVER_VERSION, UNKNOWN, WON, Verdict, fair_budget, solve

__all__ = [
    "DEFAULT_BUDGET", "FAULTS_MENDED", "LOST", "SEARCH_VERSION", "SOLVER_VERSION", "UNKNOWN", "Verdict", "WON",
    "fair_budget", "solve",
]
