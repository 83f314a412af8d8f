"""A game in progress: the position, its history, and the public play interface.

``play`` is the checked path (the browser and every client use it); ``push`` is the
fast internal one for moves already known legal. Undo restores snapshots, so no move
needs a hand-written inverse.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .auto import finishing_moves, safe_moves
from .cards import Card
from .dealing import new_pack, seed_range, shuffled_pack, standard_deal
from .errors import IllegalMoveError, InvalidMoveError, RecordError
from .explain import explain
from .moves import Move
from .registry import get_spec
from .rules import apply_standard, neighbour_table, settle, standard_moves
from .spec import GameSpec, Kind, Pick, PileGroup
from .view import build_view

RECORD_SEP = "/"


@dataclass(frozen=True)
class _Layout:
    order: tuple[str, ...]
    group_of: dict[str, PileGroup]
    ids_by_kind: dict[Kind, tuple[str, ...]]
    index: dict[str, int]
    stock_id: str  # "" when the game has no stock
    waste_id: str  # "" when the game has no waste
    goal_ids: tuple[str, ...]
    # Read by the rules at every move, so worked out once per game here, not asked of the
    # spec (whose hash weighs every field) each time: the rows that close their gaps
    # (``close_gaps``), the groups whose piles go by distance with their ids (``onto_before``),
    # the piles of a win in one pile (``one_pile``), the places that pair by touching
    # (``Pairs.neighbours``: None where any two pair), the cards that end home in a won game.
    closing: tuple[tuple[str, ...], ...] = ()
    rows: tuple[tuple[PileGroup, tuple[str, ...]], ...] = ()
    one_ids: tuple[str, ...] = ()
    near: dict[str, frozenset[str]] | None = None
    # Has a group cards that move pile to pile by the standard rules (``card_moves``)? Not
    # where every pile moves by distance alone (Accordion's row).
    plain: bool = True
    goal_count: int = 0


@lru_cache(maxsize=None)
def _layout(spec: GameSpec) -> _Layout:
    order: list[str] = []
    group_of: dict[str, PileGroup] = {}
    for g in spec.groups:
        for pid in g.ids():
            order.append(pid)
            group_of[pid] = g
    by_kind = {k: tuple(p for p in order if group_of[p].kind is k) for k in Kind}
    stock = by_kind[Kind.STOCK][0] if by_kind[Kind.STOCK] else ""
    waste = by_kind[Kind.WASTE][0] if by_kind[Kind.WASTE] else ""
    goal = by_kind[Kind.FOUNDATION] + by_kind[Kind.DISCARD]
    return _Layout(tuple(order), group_of, by_kind, {p: i for i, p in enumerate(order)}, stock, waste, goal,
                   closing=tuple(g.ids() for g in spec.groups if g.close_gaps),
                   rows=tuple((g, g.ids()) for g in spec.groups if g.onto_before),
                   one_ids=spec.group(spec.one_pile).ids() if spec.one_pile else (),
                   near=neighbour_table(spec) if spec.pairs is not None and spec.pairs.neighbours else None,
                   plain=any(g.pick is not Pick.NONE and g.to and not g.onto_before for g in spec.groups),
                   goal_count=52 * spec.decks - sum(1 for c in new_pack(spec.decks, spec.suits) if c.rank in spec.stays_out))


Snapshot = tuple[tuple[tuple[Card, ...], ...], tuple[int, ...], int | None, int, str]


class Game:
    """One deal of one game. Create with ``engine.new_game(slug, seed)``."""

    def __init__(self, spec: GameSpec, seed: int) -> None:
        low, high = seed_range(spec)
        if not isinstance(seed, int) or isinstance(seed, bool) or not low <= seed <= high:
            raise ValueError(f"the seed (deal number) of {spec.title} must be a whole number from {low} to {high}, got {seed!r}")
        self.spec = spec
        self.seed = seed
        lay = _layout(spec)
        self.order = lay.order
        self.group_of = lay.group_of
        self.ids_by_kind = lay.ids_by_kind
        self.stock_id = lay.stock_id
        self.waste_id = lay.waste_id
        self._lay = lay
        self.closing, self.rows, self.near, self.plain = lay.closing, lay.rows, lay.near, lay.plain
        self.piles: dict[str, list[Card]] = {p: [] for p in self.order}
        self.down: dict[str, int] = {p: 0 for p in self.order}
        self.redeals_left = spec.redeals  # None: without limit
        self.deals = 0  # deals from the stock so far
        self.phase = ""  # a game-specific stage, such as choosing a base card
        self.base: int | None = None  # the base rank, when the deal sets it (Penguin's beak)
        self.history: list[tuple[Move, Snapshot]] = []
        self.future: list[Move] = []
        self._legal: list[Move] | None = None
        self._legal_set: frozenset[Move] = frozenset()
        pack = shuffled_pack(self)
        if not spec.hooks.deal(self, pack):
            standard_deal(self, pack)

    # --- position helpers used by the rules -------------------------------------------

    @property
    def card_count(self) -> int:
        return 52 * self.spec.decks

    @property
    def goal_count(self) -> int:
        """How many cards end on the foundations and discards in a won game."""
        return self._lay.goal_count

    def has_redeal(self) -> bool:
        """Is a redeal left (any number of them, when the game sets no limit)?"""
        return self.redeals_left is None or self.redeals_left > 0

    def use_redeal(self) -> None:
        if self.redeals_left is not None:
            self.redeals_left -= 1

    def any_empty(self, prefix: str) -> bool:
        return any(not self.piles[p] for p in self.spec.group(prefix).ids())

    def all_empty(self, prefix: str) -> bool:
        return not any(self.piles[p] for p in self.spec.group(prefix).ids())

    def pile_name(self, pid: str) -> str:
        g = self.group_of[pid]
        index = self._lay.index
        return g.pile_name(index[pid] - index[g.ids()[0]])

    # --- the public interface ---------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move now, in a fixed order (by source pile, target, count)."""
        if self._legal is None:
            moves = self.generate_moves()
            moves.sort(key=self.move_order)
            self._legal = moves
            self._legal_set = frozenset(moves)
        return list(self._legal)

    def move_order(self, m: Move) -> tuple[Any, ...]:
        """The key of ``legal_moves()``'s order: cards before actions, then by source pile,
        target and count, in the layout's order."""
        idx = self._lay.index
        return (1 if m.action else 0, m.action, tuple(idx[s] for s in m.sources), idx.get(m.target, -1), m.count)

    def is_legal(self, move: Move) -> bool:
        self.legal_moves()
        return move in self._legal_set

    def parse_move(self, text: str) -> Move:
        """Read move notation (``str(move)`` reads back to the same move)."""
        return Move.parse(text)

    def play(self, move: Move | str) -> Move:
        """Play a legal move, given as a ``Move`` or its text. An illegal move raises
        ``IllegalMoveError`` saying why, and changes nothing."""
        m = self.parse_move(move) if isinstance(move, str) else move
        if not isinstance(m, Move):
            raise InvalidMoveError(f"not a move: {move!r}")
        if not self.is_legal(m):
            why = explain(self, m)
            raise IllegalMoveError(f"{str(m)!r} is not allowed in {self.spec.title}: {why}", why)
        self.push(m)
        self.future.clear()
        return m

    def push(self, move: Move) -> None:
        """Play a move known to be legal, without checking (the fast internal path)."""
        snap = self.snapshot()
        self.advance(move)
        self.history.append((move, snap))

    def advance(self, move: Move) -> None:
        """Carry out a legal move and what follows by itself, keeping no history (the
        solver's path; ``push`` adds the undo record)."""
        if not self.spec.hooks.apply(self, move):
            apply_standard(self, move)
        settle(self)
        self.spec.hooks.after_move(self, move)
        self._legal = None

    def generate_moves(self) -> list[Move]:
        """Every legal move, unsorted and unchecked by ``play`` (the solver's path)."""
        special = self.spec.hooks.moves(self)
        return special if special is not None else standard_moves(self)

    def undo(self) -> Move:
        if not self.history:
            raise IllegalMoveError("nothing to undo")
        move, snap = self.history.pop()
        self.restore(snap)
        self.future.append(move)
        return move

    def redo(self) -> Move:
        if not self.future:
            raise IllegalMoveError("nothing to redo")
        move = self.future.pop()
        self.push(move)
        return move

    def restart(self) -> None:
        """Back to the first position of this deal (undoable step by step is not needed)."""
        if self.history:
            self.restore(self.history[0][1])
            self.history.clear()
            self.future.clear()

    def safe_moves(self) -> list[Move]:
        """Legal moves to the foundations that no other move could need (engine/auto.py):
        what a client may play by itself after each of the player's moves."""
        return safe_moves(self)

    def finishing_moves(self) -> list[Move] | None:
        """The foundation moves that win from here, if nothing else is needed; else None."""
        return finishing_moves(self)

    def is_won(self) -> bool:
        """Are all the cards that go home face up on the foundations and discards (or, where
        the game is won in one pile, every card in one pile of its group)? (Cards dealt face
        down onto a foundation are not home yet: Clock's hours.)"""
        if self._lay.one_ids:  # every card in one pile of a group (Accordion)
            return any(len(self.piles[p]) == self.goal_count for p in self._lay.one_ids)
        return sum(len(self.piles[p]) - self.down[p] for p in self._lay.goal_ids) == self.goal_count

    def is_stuck(self) -> bool:
        return not self.is_won() and not self.legal_moves()

    def status(self) -> str:
        return "won" if self.is_won() else "stuck" if self.is_stuck() else "playing"

    @property
    def moves_made(self) -> int:
        return len(self.history)

    def record(self) -> str:
        """``slug/seed/move,move,...``: enough to rebuild this exact game."""
        moves = ",".join(str(m) for m, _ in self.history)
        return f"{self.spec.slug}{RECORD_SEP}{self.seed}{RECORD_SEP}{moves}"

    def view(self) -> dict[str, Any]:
        return build_view(self)

    # --- snapshots --------------------------------------------------------------------

    def working_copy(self) -> Game:
        """The same game (spec, layout, seed, base) at the same position, with a position
        of its own and no history: the solver's scratch game, moved by ``advance``."""
        work = Game.__new__(Game)
        work.__dict__.update(self.__dict__)
        work.piles = {p: list(c) for p, c in self.piles.items()}
        work.down = dict(self.down)
        work.history, work.future, work._legal = [], [], None
        return work

    def snapshot(self) -> Snapshot:
        return (
            tuple(tuple(self.piles[p]) for p in self.order),
            tuple(self.down[p] for p in self.order),
            self.redeals_left,
            self.deals,
            self.phase,
        )

    def restore(self, snap: Snapshot) -> None:
        cards, down, self.redeals_left, self.deals, self.phase = snap
        for pid, pile, d in zip(self.order, cards, down):
            self.piles[pid] = list(pile)
            self.down[pid] = d
        self._legal = None

    def __repr__(self) -> str:
        return f"<Game {self.spec.slug} seed={self.seed} moves={self.moves_made} {self.status()}>"


def new_game(slug: str, seed: int = 1) -> Game:
    """A new deal of the game ``slug`` (a slug, title or alias)."""
    return Game(get_spec(slug), seed)


def replay(text: str) -> Game:
    """Rebuild a game from ``Game.record()``; a malformed or tampered record raises
    ``RecordError`` naming the part that is wrong."""
    if not isinstance(text, str):
        raise RecordError(f"a record must be text, got {text!r}")
    parts = text.strip().split(RECORD_SEP)
    if len(parts) not in (2, 3):
        raise RecordError(f"cannot read record {text!r}: expected 'slug/seed/moves'")
    slug, seed_text = parts[0], parts[1]
    if not seed_text.isdigit():
        raise RecordError(f"cannot read record {text!r}: seed {seed_text!r} is not a whole number")
    try:
        game = new_game(slug, int(seed_text))
    except ValueError as e:
        raise RecordError(f"cannot replay record {text!r}: {e}") from None
    moves = parts[2].split(",") if len(parts) == 3 and parts[2] else []
    for i, mt in enumerate(moves, 1):
        try:
            game.play(mt)
        except ValueError as e:
            raise RecordError(f"record {text[:60]!r}: move {i} {mt!r} does not replay: {e}") from None
    return game
