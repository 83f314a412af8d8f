"""What the solver answers (``Verdict``), and what its searches need of a game (``Model``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..moves import Move

WON, LOST, UNKNOWN = "won", "lost", "unknown"


@dataclass(frozen=True)
class Verdict:
    """What ``solve`` found: ``result`` is ``won``, ``lost`` or ``unknown``; ``moves`` the
    winning line from the position solved (empty unless won); ``positions`` how many
    distinct positions were searched. Undecided, ``best`` is the line to the position the
    search rated best of all it reached (by the score it searches by): the hint's
    suggestion when it found no winning line."""

    result: str
    moves: tuple[Move, ...]
    positions: int
    best: tuple[Move, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"result": self.result, "moves": [str(m) for m in self.moves], "positions": self.positions}


class Model(Protocol):
    """What the search needs of a game: positions, their moves, keys and scores."""

    pruned: bool
    widen: int  # positions expanded at each depth before the next round (0: no limit)

    def start(self) -> Any: ...
    def moves(self, state: Any, shortcuts: bool) -> list[Any]: ...
    def apply(self, state: Any, move: Any) -> tuple[Any, list[Any]]: ...
    def settle_home(self, state: Any) -> tuple[Any, list[Any]]: ...
    def key(self, state: Any) -> Any: ...
    def won(self, state: Any) -> bool: ...
    def score(self, state: Any) -> int: ...
    def move(self, move: Any) -> Move: ...
    def played(self, move: Any) -> list[Move]: ...  # the public moves that make one of the model's
    def opinions(self, scan: str = ...) -> tuple[int, ...]: ...  # the ways to score positions that the budget is shared among
    def hold(self, opinion: int) -> None: ...  # score by this one from now on
    def retraced(self) -> bool: ...  # would the next opinion only retrace the search made so far?
