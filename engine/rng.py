"""The project's own seeded generator.

Python's ``random`` may change between versions, and a shared deal number must mean the
same deal on every Python, Pyodide included. SplitMix64 is tiny, well studied, and needs
only 64-bit integer arithmetic, which Python does exactly everywhere.
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")

MAX_SEED = (1 << 63) - 1


class SplitMix64:
    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An unbiased integer in ``range(n)``, by rejection."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n!r}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n


def name_key(name: str) -> int:
    """A 64-bit number for ``name`` (FNV-1a over its UTF-8 bytes): the same on every Python,
    unlike ``hash()``, and without importing ``hashlib`` into the engine."""
    h = 0xCBF29CE484222325
    for byte in name.encode():
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    return h


def shuffled(items: list[T], seed: int) -> list[T]:
    """A Fisher-Yates shuffle of a copy of ``items`` driven by ``seed``."""
    out = list(items)
    rng = SplitMix64(seed)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
