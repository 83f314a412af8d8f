"""Game-specific behaviour that a spec's data cannot say.

A ``Hooks`` object rides on a ``GameSpec``. Every method has a neutral default, so a game
overrides only what it needs (The Wheel its packets, The Nation its counted deal, Queen of
Italy its choice of base card). This module imports neither the rules nor the game at run
time: the spec, at the bottom of the engine, can hold a ``Hooks`` without a circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card
    from .game import Game
    from .moves import Move


class Hooks:
    # ``moves`` and ``after_move`` act only in a stage of the game's own (while
    # ``Game.phase`` is set, as in Queen of Italy's choice of base card): once the phase is
    # "" they change nothing (``moves`` returns None, ``after_move`` leaves the game as it
    # is) and no move sets a phase again, so the rest is an ordinary game of the spec (and
    # its extra moves). The solver then branches over the stage's moves through the engine
    # and searches what follows with its compact model (``engine.solver``); hooks that
    # override either method without saying so are searched through the engine throughout.
    phase_only = False

    def deal(self, game: Game, pack: list[Card]) -> bool:
        """Lay out the shuffled pack (base cards already placed); return False to let the
        standard deal do it (each group's deal counts, the rest to the stock)."""
        return False

    def moves(self, game: Game) -> list[Move] | None:
        """Replace the whole move list in this position (return None to keep the standard one)."""
        return None

    def extra_moves(self, game: Game) -> list[Move]:
        """Moves beyond the standard vocabulary (packets, redeals of a special kind)."""
        return []

    def apply(self, game: Game, move: Move) -> bool:
        """Carry out a move of this game's own; return False to let the standard code do it."""
        return False

    def explain(self, game: Game, move: Move) -> str | None:
        """Why ``move`` is illegal, for moves of this game's own; None if not one of them."""
        return None

    def prompt(self, game: Game) -> str:
        """A line telling the player what the game waits for, when that is not obvious."""
        return ""

    def after_move(self, game: Game, move: Move) -> None:
        """What the game does by itself after each move, beyond refills and turning cards up."""
