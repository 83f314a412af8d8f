"""The solver: ``solve(game, budget)`` answers won (with a winning line), lost or unknown.

The search (``search``: best first, and what makes it fast enough) runs over a model of the
game: nearly always the compact model (``model``, built in layers: its ``tables`` read from
the spec by the engine's rule functions, its ``legal`` moves, the moves made and ``settle``d
home), else the engine itself (``engine_model``). Nothing of the rules is stated here: the
engine's rule functions say it all.
"""

from .search import (
    DEFAULT_BUDGET,
    FAULTS_MENDED,
    LOST,
    SEARCH_VERSION,
    SOLVER_VERSION,
    UNKNOWN,
    WON,
    Verdict,
    fair_budget,
    solve,
)

__all__ = [
    "DEFAULT_BUDGET", "FAULTS_MENDED", "LOST", "SEARCH_VERSION", "SOLVER_VERSION", "UNKNOWN", "Verdict", "WON",
    "fair_budget", "solve",
]
