"""Patience Rulebook's rules engine: pure Python, standard library only, no I/O.

Public contract (used by the site builder, the browser worker and the tests)::

    engine.games()                 registered GameSpecs (slug, title, aliases, family, decks)
    engine.new_game(slug, seed)    a Game; unknown slug -> UnknownGameError
    game.legal_moves() / play() / undo() / redo() / is_won() / is_stuck()
    game.parse_move(text), str(move)
    game.view()                    JSON-ready dict, see docs/view-format.md
    game.record(), engine.replay(text)
    engine.solve(game, budget)     Verdict: won (with the line) / lost / unknown, positions
    engine.fingerprint(spec)       names the rules, for figures that must not go stale
"""

from . import games as _games  # noqa: F401  (registers the games)
from .cards import Card
from .errors import (
    EngineError,
    IllegalMoveError,
    InvalidMoveError,
    RecordError,
    RegistrationError,
    UnknownGameError,
)
from .game import Game, new_game, replay
from .moves import Move
from .registry import games, get_spec, register
from .hooks import Hooks
from .spec import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup, StockRule
from .solver import Verdict, solve
from .solver.fingerprint import fingerprint
from .view import VIEW_FORMAT

__all__ = [
    "Build", "Card", "Direction", "Empty", "EngineError", "Game", "GameSpec", "Hooks",
    "IllegalMoveError", "InvalidMoveError", "Kind", "Move", "Pick", "PileGroup",
    "RecordError", "RegistrationError", "StockRule", "UnknownGameError", "VIEW_FORMAT",
    "Verdict", "fingerprint", "games", "get_spec", "new_game", "register", "replay", "solve",
]
