"""Random playouts of every game, checking the invariants after each move.

After every move, undo and redo each leave the position as it was; every fifteenth move they
are checked against the legal moves, status and view computed afresh as well. Every deal's
record replays to the same game at its end.

Deterministic: the moves are chosen by the project's own seeded generator, so a failure
names a (game, seed, move number) that reproduces.
"""

from __future__ import annotations

import collections
from typing import Any

import pytest

import engine
from engine.dealing import new_pack
from engine.game import Game
from engine.moves import Move
from engine.rng import SplitMix64

SLUGS = [s.slug for s in engine.games()]
MOVES_PER_GAME = 2500
MOVES_PER_DEAL = 300
FULL_EVERY = 15  # undo and redo are checked against the position at every move; against the
# moves and status computed afresh, and the whole view, every so many moves (the engine
# computes those from the position alone, so a fault that keeps some other state shows here)


def state(g: Game) -> tuple[object, ...]:
    """The position and everything that follows from it: the snapshot undo restores, and
    the legal moves and status computed afresh."""
    return (g.snapshot(), tuple(g.legal_moves()), g.status())


def assert_every_card_once(g: Game, where: str) -> None:
    cards = [c for pile in g.piles.values() for c in pile]
    assert len(cards) == 52 * g.spec.decks, where
    counts = collections.Counter(cards)
    assert max(counts.values()) == 1, f"{where}: a card is in two places"
    assert set(cards) == set(new_pack(g.spec.decks, g.spec.suits)), where


def assert_undo_and_redo(g: Game, move: Move, before: tuple[object, ...], view_before: dict[str, Any] | None,
                         where: str) -> None:
    """Undo ``move`` (just played from ``before``) and redo it: each leaves the game as it was.
    With ``view_before``, the moves, status and view are computed afresh and compared too."""
    full = view_before is not None
    after = state(g) if full else g.snapshot()
    view_after = g.view() if full else None
    assert g.undo() == move
    assert (state(g) if full else g.snapshot()) == (before if full else before[0]), f"{where}: undo"
    if view_before is not None:
        assert g.view() == {**view_before, "counters": {**view_before["counters"], "redo": True}}, f"{where}: undo"
    g.redo()
    assert (state(g) if full else g.snapshot()) == after, f"{where}: redo"
    if view_after is not None:
        assert g.view() == view_after, f"{where}: redo"


@pytest.mark.parametrize("slug", SLUGS)
def test_random_playouts_keep_every_invariant(slug: str) -> None:
    played = 0
    seed = 0
    outcomes: collections.Counter[str] = collections.Counter()
    while played < MOVES_PER_GAME:
        seed += 1
        g = engine.new_game(slug, seed)
        rng = SplitMix64(seed * 7919)
        assert_every_card_once(g, f"{slug} seed {seed} deal")
        for n in range(1, MOVES_PER_DEAL + 1):
            before = state(g)
            moves = list(before[1])
            if not moves:
                break
            where = f"{slug} seed {seed} move {n}"
            move = moves[rng.below(len(moves))]
            assert g.is_legal(move) and move in moves
            view_before = g.view() if n % FULL_EVERY == 0 else None
            g.play(move)
            assert g.history[-1][0] == move, where
            assert_every_card_once(g, where)
            assert_undo_and_redo(g, move, before, view_before, where)
            played += 1
        # the record of the whole deal replays, move by move through play's checks, to the same game
        assert engine.replay(g.record()).view() == g.view(), f"{slug} seed {seed}: replay"
        outcomes[g.status()] += 1
        assert g.status() in ("won", "stuck", "playing")
        if g.status() != "playing":
            assert g.is_won() != g.is_stuck()
    assert played >= MOVES_PER_GAME
