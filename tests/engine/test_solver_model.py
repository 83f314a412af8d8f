"""The solver's compact model against the public rules.

For every game the compact model takes, random playouts compare, at every move, the
model's moves with ``legal_moves()`` and the model's next position with the engine's.
Any difference is a rule the model reads differently from the engine.
"""

from __future__ import annotations

import pytest

import engine
from engine.compact import compact_model
from engine.rng import SplitMix64

COMPACT = [s.slug for s in engine.games() if compact_model(engine.new_game(s.slug, 1)) is not None]
HOOKED = [s.slug for s in engine.games() if s.slug not in COMPACT]
MOVES = 600


def test_every_game_the_tables_can_state_has_a_compact_model() -> None:
    """Games with hooks, and games whose rules are not tables of cards (foundations one per
    suit, spaces filled from some piles only, a hand, a grid of places that hold each other in),
    are searched through the engine."""
    assert HOOKED == ["the-wheel", "the-nation", "queen-of-italy", "british-square", "jubilee-kings", "backbone",
                      "heads-and-tails", "intrigue", "little-spider", "crazy-quilt", "matrimony", "st-helena", "babette",
                      "virginia-reel"]
    assert len(COMPACT) + len(HOOKED) == len(engine.games())


@pytest.mark.parametrize("slug", COMPACT)
def test_compact_moves_and_positions_match_the_engine(slug: str) -> None:
    played = 0
    seed = 0
    while played < MOVES:
        seed += 1
        game = engine.new_game(slug, seed)
        rng = SplitMix64(seed * 104729)
        for n in range(200):
            model = compact_model(game)
            assert model is not None
            state = model.start()
            where = f"{slug} seed {seed} move {n}"
            assert state == model.state_of(game)
            ours = sorted(str(model.move(m)) for m in model.moves(state, every=True))
            theirs = sorted(str(m) for m in game.legal_moves())
            assert ours == theirs, where
            if not theirs:
                break
            move = game.legal_moves()[rng.below(len(theirs))]
            after = model.advance(state, model.cmove(move))
            game.play(move)
            assert after == model.state_of(game), f"{where}: {move}"
            assert model.won(after) == game.is_won()
            played += 1


@pytest.mark.parametrize("slug", COMPACT)
def test_the_first_pass_only_leaves_moves_out(slug: str) -> None:
    """With shortcuts the model offers a subset of the legal moves, never another move."""
    game = engine.new_game(slug, 3)
    rng = SplitMix64(17)
    for _ in range(120):
        model = compact_model(game)
        assert model is not None
        state = model.start()
        every = set(model.moves(state, every=True))
        assert set(model.moves(state, shortcuts=True)) <= every
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[rng.below(len(moves))])
