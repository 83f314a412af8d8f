"""Random playouts of every game, checking the invariants after each move.

Deterministic: the moves are chosen by the project's own seeded generator, so a failure
names a (game, seed, move number) that reproduces.
"""

from __future__ import annotations

import collections

import pytest

import engine
from engine.dealing import new_pack
from engine.game import Game
from engine.rng import SplitMix64

SLUGS = [s.slug for s in engine.games()]
MOVES_PER_GAME = 2500
MOVES_PER_DEAL = 300
REPLAY_EVERY = 150  # and at the end of every deal
VIEW_EVERY = 15  # the whole view is compared every so many moves; the position and moves at every move


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
            moves = g.legal_moves()
            if not moves:
                break
            where = f"{slug} seed {seed} move {n}"
            move = moves[rng.below(len(moves))]
            assert g.is_legal(move) and move in moves
            full = n % VIEW_EVERY == 0
            before, view_before = state(g), g.view() if full else None
            g.play(move)
            assert g.history[-1][0] == move, where
            assert_every_card_once(g, where)
            after, view_after = state(g), g.view() if full else None
            assert g.undo() == move
            assert state(g) == before, f"{where}: undo"
            if view_before is not None:
                assert g.view() == {**view_before, "counters": {**view_before["counters"], "redo": True}}, f"{where}: undo"
            g.redo()
            assert state(g) == after, f"{where}: redo"
            if view_after is not None:
                assert g.view() == view_after, f"{where}: redo"
            played += 1
            if n % REPLAY_EVERY == 0:
                assert engine.replay(g.record()).view() == g.view(), f"{where}: replay"
        assert engine.replay(g.record()).view() == g.view(), f"{slug} seed {seed}: replay at end"
        outcomes[g.status()] += 1
        assert g.status() in ("won", "stuck", "playing")
        if g.status() != "playing":
            assert g.is_won() != g.is_stuck()
    assert played >= MOVES_PER_GAME
