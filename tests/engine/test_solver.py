"""The solver's verdicts: won lines replay, "lost" agrees with a brute-force search through
the public API, the safe-move rule keeps a win the naive rule throws away, and the budget
is kept."""

from __future__ import annotations

import pytest

import engine
from engine import Build, Direction, Empty, GameSpec, Kind, Pick, PileGroup
from engine.game import Game
from engine.solver import closed, deep, solve
from engine.solver.engine_model import EngineModel
from engine.solver.model import DISORDER
from engine.solver.search import model_of, search

from .helpers import arrange, unkeyed_deal


def replays_to_a_win(game: Game, moves: tuple[engine.Move, ...]) -> bool:
    check = Game(game.spec, game.seed)
    check.restore(game.snapshot())
    for m in moves:
        check.play(m)  # raises if any move of the line is illegal
    return check.is_won()


def brute_force(game: Game, cap: int = 3_000) -> str:
    """Every position reachable through ``legal_moves``/``play``, with no canonical form,
    no safe moves and no ordering: "won", "lost", or "too big"."""
    start = game.snapshot()
    seen = {start}
    todo = [start]
    while todo:
        snap = todo.pop()
        game.restore(snap)
        for m in game.legal_moves():
            game.restore(snap)
            game.push(m)
            if game.is_won():
                return "won"
            after = game.snapshot()
            if after not in seen:
                seen.add(after)
                todo.append(after)
                if len(seen) > cap:
                    return "too big"
    return "lost"


@pytest.mark.parametrize("slug", ["freecell", "eight-off", "penguin", "klondike", "klondike-draw-one", "courtyard", "two-rings",
                                  "beleaguered-castle", "well", "queen-of-italy"])
def test_won_lines_replay_through_the_public_rules(slug: str) -> None:
    wins = 0
    for seed in range(1, 6):
        game = engine.new_game(slug, seed)
        before = game.snapshot()
        verdict = solve(game, 4_000)
        assert game.snapshot() == before, "solve must not change the game"
        assert 1 <= verdict.positions <= 4_000
        if verdict.result == "won":
            wins += 1
            assert replays_to_a_win(game, verdict.moves), f"{slug} {seed}"
    assert wins, f"no deal of {slug} among 1-5 was won within the budget"


@pytest.mark.parametrize("scan", ["standard", "depth-first", "greedy"])
def test_lost_agrees_with_a_brute_force_search(scan: str) -> None:
    """Fortress deals are often lost after a few dozen positions: small enough to search
    whole without any of the solver's devices. Its cards have lanes home, so the
    depth-first scan searches it too, and the greedy scan searches every compact model:
    their "lost" must be as much a proof."""
    checked = 0
    for seed in range(1, 25):
        game = engine.new_game("fortress", seed)
        verdict = solve(game, 20_000, scan=scan)
        if verdict.result == "unknown":
            continue
        truth = brute_force(game)
        if truth == "too big":
            continue
        assert verdict.result == truth, f"fortress {seed}"
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize(("slug", "seed"), [("sir-tommy", 2), ("calculation", 7), ("calculation", 10)])
def test_the_depth_first_scan_wins_deals_where_cards_wait_on_piles_that_take_any_card(slug: str, seed: int) -> None:
    """The depth-first scan, placing each card on the pile whose top goes home just after it
    and leaving that rule of thumb a few times in passes of limited discrepancy, wins these
    deals within 1,500 positions (the lines replay to a win through the public rules); the
    standard scan's best first does not, nor one depth-first search that follows the rule
    of thumb and undoes its choices from the last back."""
    game = engine.new_game(slug, seed)
    verdict = solve(game, 1_500, scan="depth-first")
    assert verdict.result == "won" and verdict.positions <= 1_500, (verdict.result, verdict.positions)
    assert replays_to_a_win(game, verdict.moves)
    assert solve(game, 1_500).result == "unknown"
    model = model_of(game)
    model.hold(DISORDER)
    state, _ = model.settle_home(model.start())
    one_search = deep._Passes(model, state, model.key(state), None).run(10**9, 1_500)
    assert one_search is not None and one_search.result == "unknown"


def test_the_greedy_scan_wins_spider_deals_that_best_first_leaves_undecided() -> None:
    """Spider (one suit) deal 22, undecided by best first at 1,000,000 positions, is won by
    the greedy scan in a few hundred: best first spends its budget moving runs from pile to
    pile at one score, where the greedy scan follows the best-scored move down to the end.
    The line replays to a win through the public rules."""
    game = engine.new_game("spider-one-suit", 22)
    verdict = solve(game, 2_000, scan="greedy")
    assert verdict.result == "won" and verdict.positions <= 2_000
    assert replays_to_a_win(game, verdict.moves)
    assert solve(game, 2_000).result == solve(game, 2_000, scan="depth-first").result == "unknown"


@pytest.mark.parametrize("seed", [54, 158, 343])
def test_the_greedy_scan_proves_black_hole_deals_lost_as_a_brute_force_search_does(seed: int) -> None:
    """Where no card has a lane home (Black Hole's one foundation takes any card a rank
    away), the greedy scan searches too; deals it proves lost in a few hundred positions
    are lost to a search of every position through the public API."""
    game = engine.new_game("black-hole", seed)
    assert model_of(game).lanes is None
    assert solve(game, 20_000, scan="greedy").result == "lost"
    assert brute_force(game, 10_000) == "lost"


def test_a_greedy_pass_that_took_a_shortcut_does_not_say_lost() -> None:
    """The greedy scan's passes take the search's unsound shortcuts (a card is not moved off
    the one it was built on for nothing); a pass that left a move out so has not seen the
    whole space, so it says nothing, and the proof is the last pass's, without them.
    Fortress deal 1 is lost: the pass with shortcuts leaves moves out and is no proof."""
    game = engine.new_game("fortress", 1)
    model = model_of(game)
    model.hold(0)
    state, _ = model.settle_home(model.start())

    def one_pass(shortcuts: bool) -> deep.Found | None:
        passes = deep._Passes(model, state, model.key(state), None, None, greedy=True)
        return passes.run(10**9, 20_000, shortcuts=shortcuts)

    assert one_pass(shortcuts=True) is None and model.pruned
    whole = one_pass(shortcuts=False)
    assert whole is not None and whole.result == "lost"
    assert solve(game, 20_000, scan="greedy").result == "lost"


def test_the_depth_first_scan_reads_how_long_a_card_waits_from_the_foundations_as_they_stand() -> None:
    """Calculation's foundations build by ones, twos, threes and fours from an ace, 2, 3 and
    4 dealt to them: a 6 is wanted now (on the 3), a 5 after three cards (2, 3, 4 on the ace),
    a king last everywhere (after eleven)."""
    game = engine.new_game("calculation", 1)
    model = model_of(game)
    state = model.start()
    waits = deep._Passes(model, state, model.key(state), None)._waits(state[0])
    by_rank = {rank: {waits[suit * 13 + rank - 1] for suit in range(4)} for rank in range(1, 14)}
    assert by_rank == {1: {5}, 2: {0}, 3: {1}, 4: {0}, 5: {3}, 6: {0}, 7: {3}, 8: {0}, 9: {1}, 10: {3},
                       11: {4}, 12: {1}, 13: {11}}


def test_strategy_s_reserves_are_deadlocked_where_their_cards_must_go_home_in_a_cycle() -> None:
    """A card goes home before the one it lies on, and a lane's cards in their order: a 5
    of clubs on the 3 buries it; the 3 of clubs on the 2 of hearts and the 4 of hearts on
    the 2 of clubs make a cycle with no card of its own lane buried; the other way up, or
    with nothing laid, none."""
    game = engine.new_game("strategy", 1)
    model = model_of(game)
    only = deep.home_only(model)
    assert [model.piles[i].kind for i in only] == [Kind.RESERVE] * 8

    def locked(**piles: str) -> bool:
        arranged = model_of(arrange(game, **piles))
        return deep.deadlocked(arranged, only, arranged.start()[0])

    assert not locked()
    assert not locked(w1="5C 3C")
    assert locked(w1="3C 5C")
    assert locked(w1="2H 3C", w2="2C 4H")
    assert not locked(w1="2H 3C", w2="4H 2C")
    assert not locked(w1="2H 3C", w2="4H", w3="2C")


@pytest.mark.parametrize("slug", ["sir-tommy", "calculation", "bakers-dozen", "jubilee-kings", "forty-thieves"])
def test_only_piles_that_give_one_of_a_kind_only_to_its_one_home_are_searched_for_cycles(slug: str) -> None:
    """Sir Tommy's foundations take any suit (a card has four homes), Baker's Dozen's piles
    give cards to one another, and two packs hold two of each card: none is deadlocked so."""
    model = model_of(engine.new_game(slug, 1))
    assert deep.applies(model) and deep.home_only(model) == ()


def test_the_depth_first_scan_wins_strategy_by_laying_each_card_on_one_that_goes_home_later() -> None:
    """Each card laid where the card under it goes home no sooner, and no cycle ever made:
    most deals are won with no choice undone (48 turns and 48 lays), where best first wins
    none; every line replays to a win."""
    won = 0
    for seed in range(1, 11):
        game = engine.new_game("strategy", seed)
        game.play("deal")
        game.play("waste>w1")  # past the start, which is settled exactly (``closed``)
        verdict = solve(game, 1_000, scan="depth-first")
        if verdict.result == "won":
            won += 1
            assert replays_to_a_win(game, verdict.moves), seed
        assert verdict.result != "lost" or brute_force(game) == "lost"
    assert won >= 8


def test_the_standard_scan_and_so_the_hint_searches_depth_first_where_cards_are_laid_on_piles_that_give_them_only_home() -> None:
    """Strategy's standard scan (the Hint's) is the depth-first one: best first wins none of
    deals 1-5 in 1,000 positions. Labyrinth's piles give cards only home, but are dealt,
    not laid on: its standard scan stays best first."""
    for seed in range(1, 6):
        game = engine.new_game("strategy", seed)
        game.play("deal")
        game.play("waste>w1")  # past the start, which is settled exactly (``closed``)
        assert solve(game, 1_000) == solve(game, 1_000, scan="depth-first")
        model = model_of(game)
        assert search(model, 1_000, shortcuts=False).result == "unknown"
    labyrinth = model_of(engine.new_game("labyrinth", 1))
    assert deep.home_only(labyrinth) and not deep.lays_home(labyrinth)
    assert deep.lays_home(model_of(engine.new_game("strategy", 1)))


def test_a_lost_strategy_position_is_lost_by_a_brute_force_search_too() -> None:
    """Near the end of a game of Strategy, with eleven cards out and two still to turn,
    the depth-first scan (which leaves out deadlocked positions) says "lost" exactly where
    a search of every position through the public rules does."""
    rest = "10C JC QC KC JD QD KD QH KH QS KS".split()
    home = {"f1": "A 2 3 4 5 6 7 8 9", "f2": "A 2 3 4 5 6 7 8 9 10", "f3": "A 2 3 4 5 6 7 8 9 10 J",
            "f4": "A 2 3 4 5 6 7 8 9 10 J"}
    suits = {"f1": "C", "f2": "D", "f3": "H", "f4": "S"}
    verdicts = set()
    for n in range(12):
        order = rest[n:] + rest[:n]
        if n % 2:
            order.reverse()
        game = engine.new_game("strategy", 1)
        piles = {f: " ".join(r + suits[f] for r in ranks.split()) for f, ranks in home.items()}
        laid = order[:9]  # a card on each reserve, two on the first: the last two turned must go on one
        piles.update({f"w{k + 1}": " ".join(laid[k::8]) for k in range(8)})
        piles["stock"] = " ".join(order[9:])
        arrange(game, **piles)
        truth = brute_force(game, cap=50_000)
        assert truth != "too big"
        assert solve(game, 50_000, scan="depth-first").result == truth, order
        verdicts.add(truth)
    assert verdicts == {"won", "lost"}


def test_strategy_s_deals_are_settled_exactly_from_the_start_by_the_order_the_cards_go_home() -> None:
    """A deal the depth-first scan leaves undecided at 100,000 positions (372) is won in 48
    states of the exact search, and its line replays to a win through the public rules; the
    search applies at the start of Strategy's deals only, and nowhere else."""
    game = engine.new_game("strategy", 372)
    model = model_of(game)
    assert closed.applies(model, game)
    verdict = solve(game, 1_000)
    assert verdict.result == "won" and verdict.positions <= 100, verdict
    assert replays_to_a_win(game, verdict.moves)
    game.play("deal")
    assert not closed.applies(model_of(game), game)
    for slug in ("labyrinth", "sir-tommy", "calculation", "klondike"):
        other = engine.new_game(slug, 1)
        assert not closed.applies(model_of(other), other), slug


def stock_turning(order: list[str]) -> Game:
    """Strategy with its aces home and its stock turning ``order``, first card first."""
    game = engine.new_game("strategy", 1)
    return arrange(game, f1="AC", f2="AD", f3="AH", f4="AS", stock=" ".join(reversed(order)))


def test_the_exact_search_and_the_depth_first_scan_agree_on_strategy_s_deals() -> None:
    """The exact search's verdicts against the depth-first scan's, which is complete (its
    "lost" a proof): on Strategy with three reserve piles, its foundations up to the nines and
    the sixteen cards left shuffled into the stock, the scan settles every deal, and the two
    agree on each, lost ones among them; and the clubs turned from the 2 up need twelve piles."""
    import dataclasses
    import random

    cards = [r + s for s in "CDHS" for r in "2 3 4 5 6 7 8 9 10 J Q K".split()]
    game = stock_turning(cards)
    assert closed.settle(model_of(game), game, 10_000)[0] == "lost"
    spec = engine.get_spec("strategy")
    groups = tuple(dataclasses.replace(g, count=3) if g.prefix == "w" else g for g in spec.groups)
    small = dataclasses.replace(spec, slug="strategy-three-piles", deals_as="strategy", groups=groups)
    homes = {f"f{n + 1}": " ".join(r + s for r in "A 2 3 4 5 6 7 8 9".split()) for n, s in enumerate("CDHS")}
    rest = [r + s for s in "CDHS" for r in "10 J Q K".split()]
    verdicts = []
    for seed in range(24):
        random.Random(seed).shuffle(rest)
        game = arrange(Game(small, 1), **homes, stock=" ".join(rest))
        model = model_of(game)
        assert closed.applies(model, game)
        exact = closed.settle(model, game, 100_000)[0]
        model.hold(DISORDER)
        assert deep.depth_first(model, 200_000).result == exact, seed
        verdicts.append(exact)
    assert verdicts.count("lost") >= 2 and verdicts.count("won") >= 2, verdicts


@pytest.mark.parametrize("slug", ["golf", "spider", "scorpion", "black-hole"])
def test_the_depth_first_scan_is_the_standard_one_where_cards_have_no_lane(slug: str) -> None:
    game = engine.new_game(slug, 5)
    assert model_of(game).lanes is None
    assert solve(game, 2_000, scan="depth-first") == solve(game, 2_000)


def test_klondike_through_its_stock_agrees_with_the_bare_deal() -> None:
    """Klondike is searched through its stock (``Compact.through_stock``): the bare deal and
    redeal are not offered, and each card the stock can bring up is played at once. On small
    endings (seven cards left in the stock, the waste and three piles), and on deals that
    are lost, the complete search must give the verdict of the complete search by bare
    deals, one turn at a time. (The
    brute force of the other tests cannot take Klondike: the cards at home may come back
    down onto seven piles, far beyond its reach.)"""
    from engine.solver.model import compact_model
    from engine.rng import SplitMix64

    left = "JH QH KH 10S JS QS KS".split()
    rng = SplitMix64(5)
    verdicts = []
    for n in range(40):
        cards = left[:]
        for i in range(len(cards) - 1, 0, -1):
            j = rng.below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        cut = sorted(rng.below(len(cards) + 1) for _ in range(4))
        parts = [" ".join(cards[a:b]) for a, b in zip([0, *cut], [*cut, len(cards)])]
        game = arrange(engine.new_game("klondike", 1),
                       f1=" ".join(f"{r}C" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()),
                       f2=" ".join(f"{r}D" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()),
                       f3="AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", f4="AS 2S 3S 4S 5S 6S 7S 8S 9S",
                       stock=parts[0], waste=parts[1], t1=parts[2], t2=parts[3], t3=parts[4])
        bare = compact_model(game)
        assert bare is not None and bare.through
        bare.through = False
        truth = search(bare, 200_000, shortcuts=False).result
        assert truth != "unknown", parts
        for shortcuts in (True, False):
            verdict = solve(game, 200_000, shortcuts=shortcuts)
            assert verdict.result == truth, f"ending {n}: {parts}"
            if truth == "won":
                assert replays_to_a_win(game, verdict.moves)
        verdicts.append(truth)
    assert "won" in verdicts
    # Whole deals proved lost, in a few hundred positions through the stock (a few
    # thousand by bare deals).
    for deal in (5, 9, 21, 25):
        game = engine.new_game("klondike", deal)
        bare = compact_model(game)
        assert bare is not None
        bare.through = False
        assert search(bare, 50_000, shortcuts=False).result == "lost"
        assert solve(game, 50_000, shortcuts=False).result == "lost"
        assert solve(game, 50_000).result == "lost"


def test_the_engine_model_and_the_compact_model_agree() -> None:
    """Games with hooks are searched through the engine itself; on games that both can
    search, complete searches must agree."""
    for seed in range(1, 12):
        game = engine.new_game("fortress", seed)
        compact = solve(game, 30_000, shortcuts=False)
        slow = search(EngineModel(game), 30_000, shortcuts=False)
        if "unknown" in (compact.result, slow.result):
            continue
        assert compact.result == slow.result, f"fortress {seed}"
        if slow.result == "won":
            assert replays_to_a_win(game, slow.moves)


def test_a_hand_built_ending_is_won_and_a_dead_one_lost() -> None:
    game = arrange(engine.new_game("freecell", 1),
                   f1=" ".join(f"{r}C" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()),
                   f2=" ".join(f"{r}D" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()),
                   f3="AH 2H 3H", f4="AS 2S 3S",
                   t1="4H 4S KH", t2="5S 5H QH", t3="6H 6S", t4="7S 7H 8H 9H 10H JH",
                   t5="8S 9S 10S JS QS KS")
    verdict = solve(game, 10_000)
    assert verdict.result == "won"
    assert replays_to_a_win(game, verdict.moves)
    # Every cell full with cards that have nowhere to go, and no column can move: lost.
    dead = arrange(engine.new_game("freecell", 1),
                   c1="KH", c2="KS", c3="KD", c4="KC",
                   t1="AH 2S", t2="AS 2H", t3="AD 2C", t4="AC 2D",
                   t5="3H QH", t6="3S QS", t7="3D QD", t8="3C QC 4H 4S 4D 4C 5H 5S 5D 5C 6H 6S 6D 6C 7H 7S 7D 7C "
                   "8H 8S 8D 8C 9H 9S 9D 9C 10H 10S 10D 10C JH JS JD JC")
    assert solve(dead, 1_000).result == "lost"
    assert brute_force(dead) == "lost"


def _holding_game() -> Game:
    """A small game of our own: two columns building down in alternate colours, whose
    emptied columns stay empty, and two rows of cards that may only go home."""
    spec = GameSpec(
        slug="holding-test", title="Holding test", family="test", decks=1,
        groups=(
            PileGroup("f", Kind.FOUNDATION, "Foundation {n}", count=4, build=Build.SUIT, direction=Direction.UP,
                      empty=Empty.BASE, base_rank=1, max_cards=13),
            PileGroup("t", Kind.TABLEAU, "Column {n}", count=2, build=Build.ALT_COLOUR, empty=Empty.NONE,
                      pick=Pick.TOP, to=(Kind.FOUNDATION, Kind.TABLEAU)),
            PileGroup("r", Kind.RESERVE, "Row {n}", count=2, pick=Pick.TOP, to=(Kind.FOUNDATION,), deal=26),
        ))
    game = Game(spec, 1)
    return arrange(game,
                   f1=" ".join(f"{r}C" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()),
                   f2=" ".join(f"{r}D" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()),
                   f3="AH 2H 3H 4H 5H", f4="AS 2S 3S",
                   t1="4S 5S", t2="6H",
                   r1="KH QH JH 10H 9H 8H 7H", r2="KS QS JS 10S 9S 8S 7S 6S")


def test_the_safe_rule_keeps_a_win_that_sending_every_card_home_loses() -> None:
    """The six of hearts could go home at once, but the five of spades needs it as a
    resting place to free the four beneath it. The solver's safe rule waits for the black
    fives; the naive rule (any card that can go home, goes) throws the win away."""
    game = _holding_game()
    assert game.is_legal(engine.Move.step("t2", "f3"))
    verdict = solve(game, 5_000)
    assert verdict.result == "won"
    assert replays_to_a_win(game, verdict.moves)
    naive = _holding_game()
    naive.play("t2>f3")
    assert solve(naive, 5_000).result == "lost"
    assert brute_force(naive) == "lost"


def test_the_budget_is_kept_and_checked() -> None:
    game = engine.new_game("spider", 1)
    verdict = solve(game, 50)
    assert verdict.result == "unknown"
    assert verdict.positions <= 50
    assert verdict.moves == ()
    freecell = engine.new_game("freecell", 5)  # two opinions share the budget
    for small in (1, 2, 3, 4, 7):
        assert solve(freecell, small).positions <= small
    for bad in (0, -5, 2.5, True, "100"):
        with pytest.raises(ValueError, match="budget"):
            solve(game, bad)  # type: ignore[arg-type]


def test_a_time_limit_stops_the_search_undecided(monkeypatch: pytest.MonkeyPatch) -> None:
    """``seconds`` stops the search once that long has passed, on the clock it reads
    (a fake one here, one millisecond a look): fewer positions than the budget, undecided;
    without it, the same search runs to its budget."""
    import importlib

    solver = importlib.import_module("engine.solver.best_first")  # every search reads its clock

    looks = []

    def fake() -> float:
        looks.append(1)
        return len(looks) / 1000

    monkeypatch.setattr(solver, "clock", fake)
    spider = engine.new_game("spider", 1)  # two packs: no deal is settled within these budgets
    cut = solve(spider, 20_000, seconds=0.01)
    assert cut.result == "unknown" and cut.moves == ()
    assert 0 < cut.positions <= 11 * solver.CLOCK_EVERY
    assert solve(spider, 2_000).positions == 2_000
    freecell = engine.new_game("freecell", 1)  # two opinions: the limit holds for both together
    looks.clear()
    assert solve(freecell, 20_000, seconds=0.005).positions <= 6 * solver.CLOCK_EVERY
    assert solve(engine.new_game("freecell", 1), 20_000).result == "won"
    queen = engine.new_game("queen-of-italy", 2)  # in its stage of choosing: the limit holds across the branches
    assert queen.phase
    looks.clear()
    assert solve(queen, 200_000, seconds=0.005).positions <= 8 * solver.CLOCK_EVERY
    for bad in (0, -1, True, "1"):
        with pytest.raises(ValueError, match="seconds"):
            solve(spider, 100, seconds=bad)  # type: ignore[arg-type]


def test_a_won_game_needs_no_search() -> None:
    game = engine.new_game("freecell", 1)
    line = solve(game, 10_000)
    assert line.result == "won"
    for m in line.moves:
        game.play(m)
    assert solve(game, 10).result == "won"
    assert solve(game, 10).moves == ()


def test_games_with_hooks_give_verdicts_within_the_budget() -> None:
    """The Nation's and The Wheel's moves of their own are listed and made through the
    engine, and Queen of Italy's choice of base card is branched over through it; verdicts
    still keep the budget, and their lines replay."""
    for slug in ("the-nation", "the-wheel", "queen-of-italy"):
        game = engine.new_game(slug, 2)
        verdict = solve(game, 300)
        assert verdict.result in ("won", "lost", "unknown")
        assert verdict.positions <= 300
        if verdict.result == "won":
            assert replays_to_a_win(game, verdict.moves)


def test_microsoft_freecell_11982_is_proved_lost() -> None:
    """The one deal of Microsoft's first 32,000 that no one has won: a complete search of
    its positions (about 72,000 in canonical form) finds no win."""
    verdict = solve(engine.new_game("freecell", 11982), 200_000)
    assert verdict.result == "lost"
    assert 10_000 < verdict.positions < 200_000


def test_klondike_turning_three_keeps_its_waste_cards_out_of_the_safe_moves() -> None:
    """Deal 140 was filed "lost" by a search that sent a waste card home as soon as nothing
    could rest on it; but a card taken out of a waste that is turned three at a time changes
    what the next passes bring up, and the deal is won by keeping one there a pass longer."""
    from engine.solver.model import compact_model

    verdict = solve(engine.new_game("klondike", 140), 200_000)
    assert verdict.result == "won"
    assert replays_to_a_win(engine.new_game("klondike", 140), verdict.moves)
    model = compact_model(engine.new_game("klondike", 140))
    assert model is not None and model.waste not in model.auto_sources
    one = compact_model(engine.new_game("klondike-draw-one", 140))  # one card at a time: the order stays
    assert one is not None and one.waste in one.auto_sources


def test_the_engine_model_plays_safe_moves_home_before_branching() -> None:
    """Babette's garden cards go only home, and safe moves are played by themselves; but two
    copies of a card waiting for one place is a choice. The rule that sent the first copy
    home proved deal 4 lost, which is won (found with no safe moves at all); now it is not
    called lost, and each won line replays. (Babette has a compact model now; the search
    through the engine is asked here directly.)"""
    verdicts = []
    for seed in range(1, 6):
        game = unkeyed_deal("babette", seed)  # the deals of the fault, as they were found
        verdict = search(EngineModel(game), 1000, shortcuts=True)
        verdicts.append(verdict.result)
        if verdict.result == "won":
            assert replays_to_a_win(game, verdict.moves)
    assert "won" in verdicts and verdicts[3] != "lost"
    # The strict rule keeps a card that a waste could still need (Crazy Quilt's waste builds).
    g = arrange(engine.new_game("crazy-quilt", 1), a1="AC 2C 3C 4C", q1="5C", waste="6C", stock="9H")
    assert not engine.auto.safe_moves(g, strict=True)


def test_widening_keeps_the_search_complete() -> None:
    """A two-pack game's search expands a few positions at each depth per round; the rest
    wait for the next round, so a complete search still ends in the same verdict. Forced
    onto one-pack Fortress deals, the widened search proves the same wins and losses."""
    from engine.solver.search import model_of

    checked = 0
    for seed in range(1, 16):
        game = engine.new_game("fortress", seed)
        plain = solve(game, 30_000, shortcuts=False)
        model = model_of(game)
        assert model.widen == 0, "one pack, no deal onto the piles: no widening"
        model.widen = 1
        widened = search(model, 30_000, shortcuts=False)
        if "unknown" in (plain.result, widened.result):
            continue
        assert widened.result == plain.result, f"fortress {seed}"
        if widened.result == "won":
            assert replays_to_a_win(game, widened.moves)
        checked += 1
    assert checked >= 8
    assert model_of(engine.new_game("forty-thieves", 1)).widen > 0, "two packs: widened"
    assert model_of(engine.new_game("spiderette", 1)).widen > 0, "Spider's deal onto the piles: widened"
    assert model_of(engine.new_game("klondike", 1)).widen == 0, "a stock turned onto a waste: not widened"


def test_a_one_pass_waste_weighs_more_than_the_stock() -> None:
    """Turning a card onto a waste that is never turned over again costs the position more
    than the same turn in the same game with a waste that comes back as the stock."""
    import dataclasses

    from engine.solver.search import model_of

    once = engine.get_spec("forty-thieves")
    again = dataclasses.replace(once, redeals=None, stock=dataclasses.replace(once.stock, redeal_waste=True))
    cost = {}
    for spec in (once, again):
        model = model_of(Game(spec, 3))
        before = model.start()
        after = model.advance(before, model.cmove(engine.Move.act("deal"), before))
        cost[spec.redeals] = model.score(after) - model.score(before)
    assert cost[0] > cost[None]


def test_the_first_pass_moves_a_card_off_a_card_it_only_fits() -> None:
    """Spider builds regardless of suit but moves runs in suit: the 5H on the 6S is no
    run, so the first pass (which leaves out moving a run link for nothing) still offers
    moving it to the 6H, where it joins a run, but not sideways to the 6C; the 4D on the 5D
    is a run link and stays."""
    from engine.solver.search import model_of

    game = arrange(engine.new_game("spider", 1), t1="KC 6S 5H", t2="QD 6H", t3="9C 5D 4D", t4="8D 5S",
                   t5="7D", t6="7C 6C", t7="JD", t8="JC", t9="10D", t10="10C")
    model = model_of(game)
    moves = {str(model.move(m)) for m in model.moves(model.start(), True)}
    assert str(engine.Move(("t1",), "t2", 1)) in moves
    assert str(engine.Move(("t1",), "t6", 1)) not in moves  # 5H from the 6S to the 6C: sideways
    assert str(engine.Move(("t1",), "t6", 1)) in {str(model.move(m)) for m in model.moves(model.start(), False)}
    assert str(engine.Move(("t3",), "t4", 1)) not in moves  # 4D off the 5D onto the 5S: left out
    assert str(engine.Move(("t3",), "t4", 1)) in {str(model.move(m)) for m in model.moves(model.start(), False)}


@pytest.mark.parametrize("slug", ["forty-thieves", "klondike", "spider", "well", "bisley", "gargantua", "eight-off"])
def test_the_engine_model_scores_positions_as_the_compact_model_does(slug: str) -> None:
    """Games with hooks are searched through the engine with the compact model's measure
    (cards away, buried, waited for, spaces), computed from the engine's own rules; on games
    both can search, the two agree at every position of random games."""
    import random

    from engine.solver.search import model_of

    for seed in (1, 2):
        game = engine.new_game(slug, seed)
        rng = random.Random(seed)
        for _ in range(30):
            compact, slow = model_of(game), EngineModel(game)
            assert compact.score(compact.start()) == slow.score(slow.start()), f"{slug} {seed}: {game.record()}"
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))


def test_disordered_counts_cards_lying_above_one_that_goes_home_first() -> None:
    from engine.solver.model import compact_model

    game = arrange(engine.new_game("freecell", 1), t1="AH 5S 2H", t2="2S 9D AS", t3="3C 2C AC", t4="KD")
    model = compact_model(game)
    assert model is not None and model.lanes is not None
    # t1: the 2♥ lies on the A♥'s way home; t2: the A♠ above the 2♠ is no trouble;
    # t3: the 2♣ and the A♣ both lie above the 3♣, which goes home after them: no trouble.
    assert model.disordered(model.start()) == 1
    # Built up in suit, each card but the bottom one waits on a card below it (2♥, 3♥);
    # the 3♦ waits on the 2♦ but the A♦ on top does not; the K♠ waits on the Q♠.
    game = arrange(engine.new_game("freecell", 1), t1="AH 2H 3H", t2="2D 3D AD", t3="QS KS")
    model = compact_model(game)
    assert model is not None and model.disordered(model.start()) == 4


def test_foundations_dealt_their_first_card_or_built_regardless_of_suit_have_lanes() -> None:
    """Strategy's foundations are dealt their aces: a lane per suit all the same. Sir Tommy's
    and Calculation's build regardless of suit: one lane, each card's place the fewest cards
    any foundation needs under it (in Calculation the least of its four: a queen is third on
    the foundation by fours, 4-8-Q)."""
    from engine.cards import parse_card
    from engine.solver.model import compact_model
    from engine.solver.tables import code_of

    def lanes(slug: str) -> dict[str, tuple[int, int]]:
        model = compact_model(engine.new_game(slug, 1))
        assert model is not None and model.lanes is not None, slug
        lane, place = model.lanes
        codes = {code: code_of(parse_card(code)) for code in ("AS", "5H", "5S", "QD", "KC")}
        return {code: (lane[c], place[c]) for code, c in codes.items()}

    strategy = lanes("strategy")
    assert strategy["5H"][1] == strategy["5S"][1] == 4 and strategy["5H"][0] != strategy["5S"][0]
    assert strategy["AS"][0] == strategy["5S"][0] and strategy["AS"][1] == 0 and strategy["KC"][1] == 12
    assert lanes("sir-tommy") == {"AS": (0, 0), "5H": (0, 4), "5S": (0, 4), "QD": (0, 11), "KC": (0, 12)}
    assert lanes("calculation") == {"AS": (0, 0), "5H": (0, 4), "5S": (0, 4), "QD": (0, 2), "KC": (0, 12)}
    # Built regardless of suit, a card waits on any card below it that goes home first:
    # the 7♠ on the 5♥ (one move more), not the 4♣ on the 9♦.
    game = arrange(engine.new_game("sir-tommy", 1), w1="5H 7S", w2="9D 4C", w3="KS QH JD")
    model = compact_model(game)
    assert model is not None and model.disordered(model.start()) == 1


@pytest.mark.parametrize(("slug", "deal"), [("sir-tommy", 40), ("calculation", 57)])
def test_the_second_opinion_wins_deals_of_foundations_regardless_of_suit(slug: str, deal: int) -> None:
    """Without lanes these games had no second opinion, and not one of their 2,000 deals was
    won at 100,000 positions; with them, these are won within 20,000."""
    game = engine.new_game(slug, deal)
    verdict = solve(game, 20_000)
    assert verdict.result == "won" and replays_to_a_win(game, verdict.moves)


def test_only_foundations_with_lanes_have_a_second_opinion() -> None:
    from engine.solver.model import compact_model

    for slug in ("freecell", "klondike", "forty-thieves", "strategy", "sir-tommy", "calculation"):
        model = compact_model(engine.new_game(slug, 1))
        assert model is not None and len(model.opinions()) == 2, slug
    for slug in ("spider", "spiderette"):  # whole runs are discarded: no card follows one card
        model = compact_model(engine.new_game(slug, 1))
        assert model is not None and model.opinions() == (0,), slug


def test_the_stock_first_scan_is_for_a_stock_that_deals_onto_the_piles() -> None:
    """The stock-first scan scores by one opinion, where the stock deals onto the tableau's
    piles and no card has one way home; elsewhere it is the standard scan. Under it the
    stock's cards count one each, not half, and nothing else changes."""
    from engine.solver.model import STOCK_FIRST, compact_model

    for slug in ("spider", "spider-one-suit", "scorpion", "will-o-the-wisp"):
        model = compact_model(engine.new_game(slug, 1))
        assert model is not None and model.opinions("stock-first") == (STOCK_FIRST,), slug
        assert model.opinions() == (0,), slug
        start = model.start()
        model.hold(0)
        standard = model.score(start)
        model.hold(STOCK_FIRST)
        stock = len(start[0][model.stock])
        assert model.score(start) - standard == 2 * (stock - stock // 2), slug  # WEIGHTS[1] per card more
    for slug in ("klondike", "freecell", "golf", "forty-thieves"):  # a waste, no stock, a foundation, lanes
        model = compact_model(engine.new_game(slug, 1))
        assert model is not None and model.opinions("stock-first") == model.opinions(), slug
    with pytest.raises(ValueError, match="scan"):
        solve(engine.new_game("spider", 1), 100, scan="deal-first")


def test_the_stock_first_scan_wins_a_deal_the_standard_scan_leaves_undecided() -> None:
    """Spider (one suit) deal 19: the standard scan puts off the deal and is undecided after
    5,000 positions (and after 260,000 in the bulk figures); the stock-first scan wins it
    within them."""
    game = engine.new_game("spider-one-suit", 19)
    assert solve(game, 5_000).result == "unknown"
    verdict = solve(game, 5_000, scan="stock-first")
    assert verdict.result == "won" and verdict.positions <= 5_000
    assert replays_to_a_win(game, verdict.moves)


def test_the_breaks_scan_counts_each_card_out_of_run_not_the_run_it_covers() -> None:
    """Under the breaks opinion a pile costs its face-down cards and each card not in run
    with the card under it: a card dealt onto a run of four costs one, where the standard
    score counts the four cards it covers; a pile in run costs its face-down cards alone
    under both. Every compact game has the scan, as one opinion."""
    from engine.solver.model import BREAKS, WEIGHTS, compact_model

    layout = dict(t1="#5C #9D KS QS JS 10S", t2="KH", t3="QC", t4="JH", t5="10C", t6="9H", t7="8C", t8="7H",
                  t9="6C", t10="5H")
    runs = model_of(arrange(engine.new_game("spider-two-suits", 1), **layout))
    dealt = model_of(arrange(engine.new_game("spider-two-suits", 1), **{**layout, "t1": layout["t1"] + " 3H"}))
    scores = {}
    for name, model in (("runs", runs), ("dealt", dealt)):
        assert model.opinions("breaks") == (BREAKS,)
        for opinion in (0, BREAKS):
            model.hold(opinion)
            scores[name, opinion] = model.score(model.start())
    assert scores["runs", BREAKS] == scores["runs", 0]  # face-down cards only, under both
    assert scores["dealt", 0] - scores["runs", 0] == WEIGHTS[1] * 4  # the run of four it covers
    assert scores["dealt", BREAKS] - scores["runs", BREAKS] == WEIGHTS[1] * 1  # one break
    for slug in ("klondike", "freecell", "forty-thieves", "penta"):
        model = compact_model(engine.new_game(slug, 1))
        assert model is not None and model.opinions("breaks") == (BREAKS,), slug


def test_the_breaks_scan_wins_a_deal_the_standard_scan_leaves_undecided() -> None:
    """Spider (two suits) deal 2: the standard scan puts off each deal onto the runs and is
    undecided after 20,000 positions (and after 50,000); the breaks scan wins it within them."""
    game = engine.new_game("spider-two-suits", 2)
    assert solve(game, 20_000).result == "unknown"
    verdict = solve(game, 20_000, scan="breaks")
    assert verdict.result == "won" and verdict.positions <= 20_000
    assert replays_to_a_win(game, verdict.moves)


@pytest.mark.parametrize("deal", [21, 40])
def test_the_second_opinion_wins_deals_the_first_leaves_undecided(deal: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget is shared between two ways of scoring; each wins deals the other does
    not. These two FreeCell deals are won in 3,000 positions shared, and not in 3,000
    positions of the first way alone."""
    from engine.solver.model import Compact

    game = engine.new_game("freecell", deal)
    verdict = solve(game, 3000)
    assert verdict.result == "won" and verdict.positions <= 3000
    assert replays_to_a_win(game, verdict.moves)
    monkeypatch.setattr(Compact, "opinions", lambda self, scan="standard": (0,))
    assert solve(game, 3000).result == "unknown"


def queen_ending(choice_wins: bool) -> Game:
    """Queen of Italy at its choice of base card, all 104 cards out: seven foundations full
    (base 5) and the last thirteen cards one run from the 5♥ round to the 4♥, the four to
    choose from the 5♥, 6♠, 7♥ and 8♠ and the rest in the terrace, the 9♥ on top. Choosing
    the 5♥ wins; another base loses (the run ends on a card of the colour of the one to come).
    With ``choice_wins`` False the 5♥ lies at the bottom of the terrace and the four are the
    6♠ to the 9♥: every choice loses."""
    red_first = "5{r} 6{b} 7{r} 8{b} 9{r} 10{b} J{r} Q{b} K{r} A{b} 2{r} 3{b} 4{r}"
    black_first = "5{b} 6{r} 7{b} 8{r} 9{b} 10{r} J{b} Q{r} K{b} A{r} 2{b} 3{r} 4{b}"
    runs = [red_first.format(r="D", b="C"), black_first.format(r="H", b="S"), black_first.format(r="D", b="C"),
            red_first.format(r="H", b="S")] + [red_first.format(r="D", b="C"), black_first.format(r="H", b="S"),
                                               black_first.format(r="D", b="C")]
    full = {f"f{i}": run for i, run in enumerate(runs, 2)}
    if choice_wins:
        rest = dict(t1="5H", t2="6S", t3="7H", t4="8S", terrace="4H 3S 2H AS KH QS JH 10S 9H")
    else:
        rest = dict(t1="6S", t2="7H", t3="8S", t4="9H", terrace="5H 4H 3S 2H AS KH QS JH 10S")
    game = arrange(engine.new_game("queen-of-italy", 1), **full, **rest)
    assert game.phase and sum(len(p) for p in game.piles.values()) == 104
    return game


def test_a_stage_of_the_game_is_branched_through_the_engine_and_what_follows_searched_by_the_compact_model(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Queen of Italy's choice of base card is a stage whose hooks replace the moves: the
    solver makes each choice through the engine and searches each position after it with
    the compact model. A win is a win of any choice, its line that choice then the rest; a
    loss needs every choice proved lost; anything else is undecided. The search through the
    engine alone, which makes the choice itself, agrees."""
    import sys

    for wins in (True, False):
        truth = search(EngineModel(queen_ending(wins)), 20_000, shortcuts=False).result
        assert truth == ("won" if wins else "lost")
    monkeypatch.setattr(sys.modules["engine.solver.search"], "EngineModel", None)  # no search through the engine from here
    game = queen_ending(True)
    won = solve(game, 1_000)
    assert won.result == "won" and str(won.moves[0]) == "t1>f1"
    assert replays_to_a_win(game, won.moves)
    lost = solve(queen_ending(False), 1_000)
    assert lost.result == "lost" and 5 <= lost.positions <= 1_000  # this position and four after it at least
    for budget in (1, 2, 3, 4):  # too little to prove every choice lost
        verdict = solve(queen_ending(False), budget)
        assert verdict.result == "unknown" and verdict.positions <= budget, budget


def test_a_stage_whose_hooks_do_not_say_it_ends_is_searched_through_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hooks that replace the moves without saying they do so only in a stage of the game's
    own (``Hooks.phase_only``) may do so anywhere: no compact model, after the choice too."""
    from engine.solver.model import compact_model
    from engine.games.queen_of_italy import QueenHooks
    from engine.solver.search import model_of

    from .helpers import fresh_compact_tables

    game = engine.new_game("queen-of-italy", 4)
    after = game.working_copy()
    after.play("t1>f1")
    assert compact_model(after) is not None
    monkeypatch.setattr(QueenHooks, "phase_only", False)
    fresh_compact_tables(monkeypatch)
    assert compact_model(after) is None and isinstance(model_of(after), EngineModel)
    verdict = solve(game, 300)
    assert verdict.positions <= 300
    if verdict.result == "won":
        assert replays_to_a_win(game, verdict.moves)


def test_a_second_opinion_that_would_retrace_the_first_is_not_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no position the first search scored had a card lying above one of its way home
    that goes first, the second opinion would score them all alike and only see them again:
    the first search goes on with the whole budget. Eights Down deal 27 at 3,000 positions
    was undecided with the budget shared (the second search saw the first's positions
    again); the first search wins it with 1,659."""
    from engine.solver.model import Compact

    held: list[int] = []
    hold = Compact.hold
    monkeypatch.setattr(Compact, "hold", lambda self, opinion: (held.append(opinion), hold(self, opinion))[1])
    verdict = solve(unkeyed_deal("eights-down", 27), 3_000)
    assert verdict.result == "won" and held == [0] and verdict.positions > 1_500
    game = unkeyed_deal("eights-down", 27)
    for move in verdict.moves:
        game.play(move)
    assert game.is_won()
    held.clear()  # where the disorder shows (FreeCell), both opinions still share the budget
    assert solve(engine.new_game("freecell", 11982), 2_000).result == "unknown" and held == [0, 2]


def test_retraced_follows_the_disorder_of_the_positions_scored() -> None:
    from engine.solver.model import compact_model

    calm = arrange(engine.new_game("freecell", 1), t1="AH 2S", t2="KD")
    model = compact_model(calm)
    assert model is not None and model.lanes is not None
    model.hold(0)
    model.score(model.start())
    assert model.retraced()
    rough = arrange(engine.new_game("freecell", 1), t1="AH 5S 2H")
    model = compact_model(rough)
    assert model is not None
    model.hold(0)
    model.score(model.start())
    assert not model.retraced()  # a card above one that goes first: the second opinion differs
    model.hold(2)
    assert not model.retraced()  # the last opinion has none after it


def test_disordered_counts_a_one_pass_waste_too() -> None:
    """A card lying above one of its own way home in a waste that is never turned over has
    to go onto the tableau before that card comes up; where the waste comes back as the
    stock (Klondike), its order is not counted."""
    from engine.solver.model import compact_model

    for slug, counted in (("forty-thieves", 1), ("deuces", 1), ("klondike", 0)):
        game = arrange(engine.new_game(slug, 1), waste="3S 5S 4H", t1="KD")
        model = compact_model(game)
        assert model is not None and model.lanes is not None
        assert model.disordered(model.start()) == counted, slug
