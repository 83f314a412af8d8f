"""The declarative vocabulary a game is written in: pure data, at the bottom of the engine.

A game is a ``GameSpec``: its pile groups, each with a capability record (what it builds,
which way, what an empty pile takes, what may be picked up from it and where it may go),
an optional stock rule, and a ``Hooks`` object for the few things data cannot say.
Variants are ``dataclasses.replace`` of another spec. This package imports neither the
rules (``engine.rules`` reads these records) nor the game.

The package reads in layers, each importing only those before it: ``words`` (the enums a
capability record is written in), ``groups`` (``PileGroup`` and its layout), ``moves`` (the
stock, redeal and take-off records) and ``game`` (``GameSpec``).
"""

from .game import SCANS, GameSpec, steps
from .groups import PileGroup
from .moves import SIDE_BY_SIDE, TOUCHING, Outranked, Packets, Pairs, Reshuffle, StockRule, TakeUp
from .words import Build, Direction, Empty, Kind, Pick

__all__ = [
    "SCANS", "SIDE_BY_SIDE", "TOUCHING", "Build", "Direction", "Empty", "GameSpec", "Kind",
    "Outranked", "Packets", "Pairs", "Pick", "PileGroup", "Reshuffle", "StockRule", "TakeUp",
    "steps",
]
