"""Moves: small frozen values with a text notation that round-trips.

Notation (``str(move)`` and ``Move.parse`` are inverses):

* ``t3>f1``        one card from pile t3 to pile f1
* ``t3:4>t7``      four cards (a run) from t3 to t7
* ``c1+c4+c7+c9>o2`` one card from each named pile, together, to o2 (The Wheel's packet)
* ``deal``, ``redeal`` actions that take no card from a chosen pile

Pile ids are lower-case letters followed by optional digits (``t3``, ``well``, ``stock``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import InvalidMoveError

ACTIONS = ("deal", "redeal")
_PILE = r"[a-z]+[0-9]*"
_MOVE_RE = re.compile(rf"^({_PILE}(?:\+{_PILE})*)(?::([0-9]+))?>({_PILE})$")


@dataclass(frozen=True, order=True)
class Move:
    """A move. ``action`` is set for ``deal``/``redeal``; otherwise cards go from
    ``sources`` to ``target``, ``count`` cards from a single source or one card from
    each of several sources."""

    sources: tuple[str, ...] = ()
    target: str = ""
    count: int = 1
    action: str = ""

    @classmethod
    def step(cls, source: str, target: str, count: int = 1) -> Move:
        return cls((source,), target, count)

    @classmethod
    def act(cls, action: str) -> Move:
        return cls(action=action)

    @property
    def source(self) -> str:
        """The single source pile of an ordinary move."""
        return self.sources[0]

    def __str__(self) -> str:
        if self.action:
            return self.action
        count = f":{self.count}" if self.count != 1 else ""
        return f"{'+'.join(self.sources)}{count}>{self.target}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read move notation; raise ``InvalidMoveError`` naming the text if malformed."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move must be text, got {text!r}")
        t = text.strip().lower()
        if t in ACTIONS:
            return cls.act(t)
        m = _MOVE_RE.match(t)
        if not m:
            raise InvalidMoveError(
                f"cannot read move {text!r}: expected e.g. 't3>f1', 't3:4>t7', "
                f"'c1+c4+c7+c9>o1', {', '.join(repr(a) for a in ACTIONS)}"
            )
        sources = tuple(m.group(1).split("+"))
        count = int(m.group(2)) if m.group(2) else 1
        if count < 1:
            raise InvalidMoveError(f"cannot read move {text!r}: a move carries at least one card")
        if len(sources) > 1:
            if m.group(2):
                raise InvalidMoveError(f"cannot read move {text!r}: a count goes with one source pile only")
            if len(set(sources)) != len(sources):
                raise InvalidMoveError(f"cannot read move {text!r}: a pile is named twice")
            sources = tuple(sorted(sources, key=pile_sort_key))
        return cls(sources, m.group(3), count)


def pile_sort_key(pile_id: str) -> tuple[str, int]:
    """Order pile ids by prefix, then by number (t2 before t10)."""
    head = pile_id.rstrip("0123456789")
    tail = pile_id[len(head):]
    return (head, int(tail) if tail else 0)
