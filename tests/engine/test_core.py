"""The compiled core of the solver (engine/solver/_core.c) against the pure-Python model.

The pure-Python compact model stays the reference (it is what runs in the browser). The
core must be the same search, not merely a good one: over random playouts of every game it
takes, the same moves in the same order (and the same shortcuts left out), the same
position after each with the same moves home, the same score under each opinion, and keys
equal exactly when the model's are; over whole searches, the same verdict after the same
number of positions, with the same winning line, or the same best line when undecided.
bin/setup.sh builds the core; these tests fail, not skip, where it is missing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import engine
from engine.rng import SplitMix64
from engine.solver import core as compiled
from engine.solver.model import compact_model

from .test_solver_model import past_phase, untabled_spec

GAMES = [s.slug for s in engine.games()]


def core_for(game: engine.Game) -> tuple[Any, Any]:
    model = compact_model(game)
    assert model is not None
    return model, compiled.core_of(model)


@pytest.fixture(autouse=True)
def core_built() -> Iterator[None]:
    assert compiled._core is not None, "the compiled core is not built: bin/setup.sh builds it (pip install -e . with a C compiler)"
    was = compiled.use(True)
    yield
    compiled.use(was)


def cored(slug: str) -> bool:
    model = compact_model(past_phase(engine.new_game(slug, 1)))
    return model is not None and compiled.takes(model)


CORED = [s for s in GAMES if cored(s)]


def test_the_core_searches_every_game_without_moves_of_its_own() -> None:
    """The games whose hooks make moves of their own (The Nation's and Babette's deals after
    a take-up) are searched by the pure-Python model; every other game by the core (69 of
    the 72 today), but Clock, which has no compact model (cards dealt to the
    pile of their rank), and which the engine searches."""
    assert len(CORED) >= 69 and {"virginia-reel", "royal-parade", "la-belle-lucie", "matrimony", "accordion",
                                 "monte-carlo", "the-wheel"} <= set(CORED)
    for slug in set(GAMES) - set(CORED):
        model = compact_model(past_phase(engine.new_game(slug, 1)))
        spec = engine.get_spec(slug)
        if untabled_spec(spec):
            assert model is None, slug
            continue
        assert model is not None and (model.hooked or model.before) and compiled.core_of(model) is None, slug


@pytest.mark.parametrize("slug", CORED)
def test_moves_positions_keys_and_scores_are_the_models(slug: str) -> None:
    keys: dict[Any, bytes] = {}
    back: dict[bytes, Any] = {}
    compared = 0
    # Deals 1 and 2, and more while few moves were compared: a game whose random playouts
    # stick early (Labyrinth, a few deals and then no move) is compared over several deals.
    for seed in range(1, 11):
        if seed > 2 and compared > 20:
            break
        rng = SplitMix64(seed)
        model, core = core_for(past_phase(engine.new_game(slug, seed), rng))
        state = model.start()
        for step in range(60):
            for shortcuts in (False, True):
                model.pruned = False
                mine = model.moves(state, shortcuts)
                theirs, pruned = core.moves(state, shortcuts)
                assert theirs == [tuple(m) for m in mine], (slug, seed, step, shortcuts)
                assert bool(pruned) == model.pruned, (slug, seed, step, shortcuts)
            for opinion in {*model.opinions(), *model.opinions("stock-first"), *model.opinions("breaks")}:
                model.hold(opinion)
                assert core.score(state, opinion)[0] == model.score(state), (slug, seed, step, opinion)
            model.hold(0)
            moves = model.moves(state, False)
            if not moves:
                break
            for move in moves:
                after, home = model.apply(state, move)
                assert core.apply(state, move) == (after, [tuple(m) for m in home]), (slug, seed, step, move)
                key, ckey = model.key(after), core.key(after)
                assert keys.setdefault(key, ckey) == ckey and back.setdefault(ckey, key) == key, (slug, seed, step, move)
                compared += 1
            state = model.apply(state, moves[rng.below(len(moves))])[0]
    assert compared > 20


def solved(game: engine.Game, budget: int, on: bool, scan: str = "standard") -> engine.Verdict:
    was = compiled.use(on)
    try:
        return engine.solve(game, budget, scan=scan)
    finally:
        compiled.use(was)


@pytest.mark.parametrize("slug", CORED)
def test_searches_give_the_same_verdict_after_the_same_positions(slug: str) -> None:
    for seed in (1, 2, 3):
        game = engine.new_game(slug, seed)
        pure, fast = solved(game, 1500, False), solved(game, 1500, True)
        assert (fast.result, fast.positions, fast.moves, fast.best) == (pure.result, pure.positions, pure.moves, pure.best), (slug, seed)
        if fast.result == "won":  # the line wins when played through the engine
            replay = engine.new_game(slug, seed)
            for move in fast.moves:
                replay.play(move)
            assert replay.is_won()


@pytest.mark.parametrize("slug, seeds", [
    ("calculation", (1, 2, 7)),  # cards waiting on piles that take any card
    ("bakers-dozen", (2, 5)),  # lanes by suit, no spaces
    ("fortress", (1, 3, 5)),  # lost deals proved in the last pass, a won one
    ("yukon", (3, 5)),  # face-down cards, moves of many cards
    ("sir-tommy", (1, 2)),  # foundations regardless of suit: each card's wait read as they stand
    ("strategy", (1,)),  # piles that give cards only home: in Python over the core (``deep.deadlocked``)
])
def test_the_depth_first_scan_with_the_core_is_the_scan_without_it(slug: str, seeds: tuple[int, ...]) -> None:
    """The depth-first scan runs in the core where there is one (``_core.c``'s ``passes``), or
    takes its positions and scores from it: the same verdict after the same positions, with
    the same line."""
    for seed in seeds:
        game = engine.new_game(slug, seed)
        pure, fast = solved(game, 2_000, False, "depth-first"), solved(game, 2_000, True, "depth-first")
        assert (fast.result, fast.positions, fast.moves, fast.best) == (pure.result, pure.positions, pure.moves, pure.best), (slug, seed)


@pytest.mark.parametrize("slug, seeds", [
    ("spider-one-suit", (22, 72)),  # won where best first is not (Spider's runs, the stock dealt onto them)
    ("spider-two-suits", (3,)),  # undecided: its best line
    ("fortress", (1, 3)),  # lost, proved in the last pass without shortcuts; won
    ("eights-down", (1, 2)),  # two packs, a waste turned over once
    ("klondike-draw-one", (1, 2)),  # moves through the stock
    ("beleaguered-castle", (1,)),  # lost, with cards sent home at the start
])
def test_the_greedy_scan_with_the_core_is_the_scan_without_it(slug: str, seeds: tuple[int, ...]) -> None:
    """The greedy scan, the bulk runs' in the core (``_core.c``'s ``greedy``) and the browser's
    Hint's without it (``GameSpec.hint_scan``): the same verdict after the same positions, with the same line,
    and undecided, the same best line."""
    for seed in seeds:
        game = engine.new_game(slug, seed)
        pure, fast = solved(game, 3_000, False, "greedy"), solved(game, 3_000, True, "greedy")
        assert (fast.result, fast.positions, fast.moves, fast.best) == (pure.result, pure.positions, pure.moves, pure.best), (slug, seed)


@pytest.mark.parametrize("slug, seeds", [
    ("spider-two-suits", (2, 3)),  # won (deal 2), and undecided: its best line
    ("penta", (1,)),  # two packs, a waste
    ("yukon", (3,)),  # face-down cards under runs
])
def test_the_breaks_scan_with_the_core_is_the_scan_without_it(slug: str, seeds: tuple[int, ...]) -> None:
    """The breaks scan's opinion scores positions in the core as in the model: the same
    verdict after the same positions, with the same line, and undecided, the same best line."""
    for seed in seeds:
        game = engine.new_game(slug, seed)
        pure, fast = solved(game, 3_000, False, "breaks"), solved(game, 3_000, True, "breaks")
        assert (fast.result, fast.positions, fast.moves, fast.best) == (pure.result, pure.positions, pure.moves, pure.best), (slug, seed)


@pytest.mark.parametrize("slug, seeds, budget", [
    ("klondike", (3, 4), 12_000),  # moves through the stock, a lost deal proved
    ("spider-two-suits", (1,), 8_000),  # widening, two opinions
    ("beleaguered-castle", (1, 2, 5), 8_000),  # interchangeable piles, lost deals proved
])
def test_longer_searches_agree(slug: str, seeds: tuple[int, ...], budget: int) -> None:
    for seed in seeds:
        game = engine.new_game(slug, seed)
        pure, fast = solved(game, budget, False), solved(game, budget, True)
        assert (fast.result, fast.positions, fast.moves) == (pure.result, pure.positions, pure.moves), (slug, seed)


def test_the_core_trades_two_lone_cards_as_the_model_does() -> None:
    """Virginia Reel's trade of two lone cards (``GameSpec.swaps``), seldom met in random
    play: the core lists it where the model does and makes the same position."""
    from .helpers import arrange

    game = arrange(engine.new_game("virginia-reel", 1), three2="4C", four5="3H", two3="4D", four6="2D 5D", two4="3C",
                   three6="2H", three7="3D", four2="4S", r1="5C", stock="9C 9D")
    model, core = core_for(game)
    assert core is not None
    state = model.state_of(game)
    for shortcuts in (False, True):
        mine = model.moves(state, shortcuts)
        assert core.moves(state, shortcuts)[0] == [tuple(m) for m in mine]
    traded = [m for m in model.moves(state) if m[0] >= 0 and m[2] == 0]
    assert len(traded) == 2
    for move in traded:
        after, home = model.apply(state, move)
        assert core.apply(state, move) == (after, [tuple(m) for m in home]) and after != state
        assert core.key(after) == core.key(model.apply(state, (move[1], move[0], 0))[0])  # either way, one position


def test_tables_that_do_not_read_are_refused() -> None:
    model, _ = core_for(engine.new_game("freecell", 1))
    tables = compiled.tables(model)
    assert compiled._core is not None
    with pytest.raises(ValueError, match="tables"):
        compiled._core.Core(tables[:-8])  # the end mark missing
    with pytest.raises(ValueError, match="64-bit"):
        compiled._core.Core(tables[:-3])


def test_a_position_of_another_game_is_refused() -> None:
    _, core = core_for(engine.new_game("freecell", 1))
    spider, _ = core_for(engine.new_game("spider", 1))
    with pytest.raises(ValueError, match="another game"):
        core.moves(spider.start())


def test_switched_off_the_solver_runs_in_pure_python() -> None:
    model, _ = core_for(engine.new_game("freecell", 1))
    was = compiled.use(False)
    try:
        assert compiled.core_of(model) is None and "pure Python" in compiled.missing_note()
    finally:
        compiled.use(was)


@pytest.mark.parametrize("pure", [False, True])
def test_a_bulk_run_without_the_core_says_so_in_one_line(tmp_path: Any, pure: bool) -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "PATIENCE_SOLVER": "pure" if pure else ""}
    run = subprocess.run([sys.executable, "-m", "engine", "solve", "freecell", "--deals", "1-2", "--budget", "200",
                          "--workers", "1", "--out", str(tmp_path)], capture_output=True, text=True, env=env, check=True)
    said = [line for line in run.stderr.splitlines() if "compiled core" in line]
    assert len(said) == (1 if pure else 0), run.stderr
    assert (tmp_path / "freecell.json").exists()
