"""Safe moves to the foundations and the finish (engine/auto.py), and the bridge's steps."""

from __future__ import annotations

import json
from typing import Any

import engine
from engine.bridge import Session
from engine.solver import solve

from .helpers import arrange, legal


def safe(g: engine.Game) -> set[str]:
    return {str(m) for m in g.safe_moves()}


def full_pack(rest_on: str = "t8", **piles: str) -> dict[str, str]:
    """``piles``, and every card of the pack not named in them on ``rest_on``."""
    named = {c for text in piles.values() for c in text.split()}
    rest = [r + s for s in "CDHS" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() if r + s not in named]
    return {**piles, rest_on: " ".join(rest)}


def test_freecell_a_black_seven_goes_up_once_both_red_sixes_are_home_or_homeward() -> None:
    ranks = "A 2 3 4 5 6".split()
    home = dict(f1=" ".join(r + "D" for r in ranks), f2=" ".join(r + "H" for r in ranks),
                f3=" ".join(r + "C" for r in ranks), f4=" ".join(r + "S" for r in ranks[:4]))
    g = arrange(engine.new_game("freecell", 1), **full_pack(**home, t1="7C", t2="7H", t3="5S"))
    assert "t1>f3" in legal(g) and "t1>f3" in safe(g)  # both red sixes are home
    assert "t2>f2" in legal(g) and "t2>f2" not in safe(g)  # the 6♠ is out and cannot go home yet
    assert "t3>f4" in safe(g)  # the red fours it could hold are home
    g.play("t3>f4")
    assert "t2>f2" in safe(g)  # now the 6♠ could go home at once: it will never need the 7♥


def test_klondike_an_ace_is_always_safe_and_a_two_too_when_the_red_aces_can_go_home() -> None:
    g = arrange(engine.new_game("klondike", 1), **full_pack("t7", t1="AH", t2="2S", f1="AS", t3="AD"))
    assert safe(g) == {"t1>f2", "t2>f1", "t3>f2"}  # an empty foundation waits for each red ace


def test_deuces_with_two_packs_waits_for_the_other_copy() -> None:
    g = arrange(engine.new_game("deuces", 1), f1="2C 3C 4C", f2="2C", t1="5C", t2="3C", stock="9D")
    assert "t1>f1" in legal(g) and "t1>f1" not in safe(g)  # the other 4♣ is still out
    assert "t2>f2" in safe(g)  # the 2♣s are both home, and the 4♣s would follow it up


def test_fortress_cards_that_could_rest_on_it_would_follow_it_home() -> None:
    g = arrange(engine.new_game("fortress", 1), f1="AS", t1="2S", t2="3S 9H", t3="KD")
    assert safe(g) == {"t1>f1"}  # the 3♠ could rest on the 2♠ but follows it home instead


def test_beleaguered_castle_needs_every_card_one_lower_home_or_homeward() -> None:
    g = arrange(engine.new_game("beleaguered-castle", 1),
                **full_pack(f1="AC", f3="AH", f4="AS 2S", t1="2C", t2="3S", t3="AD 9C"))
    assert "t2>f4" in legal(g) and "t2>f4" not in safe(g)  # the 2♦ cannot go home: its ace is buried
    assert "t1>f1" in safe(g)
    g = arrange(engine.new_game("beleaguered-castle", 1),
                **full_pack(f1="AC", f2="AD", f3="AH", f4="AS 2S", t1="2C", t2="3S"))
    assert "t2>f4" in safe(g)  # every other 2 is home or could go home at once


def test_a_card_that_could_follow_home_must_not_be_needed_to_rest_on_either() -> None:
    """Little Spider deal 19, 91 moves into a won line: the 8♠ and then the 9♠ went up by
    themselves, since the cards that could rest on them could go home too; but the J♣ lying
    on the 10♣ needed the 10♠ on the 9♠ to rest on, and the game was lost."""
    spades, clubs = "AS 2S 3S 4S 5S 6S 7S", "AC 2C 3C 4C 5C 6C 7C 8C 9C"
    diamonds = "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD"
    hearts = "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH"
    g = arrange(engine.new_game("little-spider", 19), f1=spades, f2=diamonds, f3=hearts, f4=clubs,
                u2="KS QS JS 10C JC 10S", u3="QC KC", l3="9S 8S")
    assert "l3>f1" in legal(g) and safe(g) == set()  # the 9♠ under it must stay to hold the 10♠
    assert solve(g, 20_000).result == "won"
    g.play("l3>f1")
    assert "l3>f1" in legal(g) and safe(g) == set()
    assert solve(g, 20_000).result == "won"
    g.play("l3>f1")  # by hand, the 9♠ too: now nothing can hold the 10♠, and the J♣ is stuck
    assert solve(g, 20_000).result == "lost"


def test_fortress_a_card_whose_suit_would_follow_it_up_is_still_safe() -> None:
    g = arrange(engine.new_game("fortress", 1), f1="AS", t1="2S", t2="4S 9H", t3="3S")
    assert safe(g) == {"t1>f1"}  # the 3♠ and 4♠ that could rest on it follow it home in turn


def test_klondike_turning_three_sends_nothing_home_from_its_waste_by_itself() -> None:
    """Taking a card out of a waste turned three at a time changes what the next passes
    bring up (Klondike deal 140 is won by keeping one there a pass longer)."""
    for slug, from_waste in (("klondike", False), ("klondike-draw-one", True)):
        g = arrange(engine.new_game(slug, 1), **full_pack("t7", f1="AS 2S", f2="AH 2H", f3="AD 2D", waste="3S",
                                                          stock="9D"))
        assert "waste>f1" in legal(g)
        assert ("waste>f1" in safe(g)) is from_waste, slug  # both red twos are home


def test_a_card_whose_going_refills_its_pile_from_the_waste_goes_by_hand() -> None:
    """Courtyard fills a space at once from the waste (or the stock): which card fills it
    depends on when the space is made, so sending the last card of a pile home is a choice.
    Busy Aces, the same game without the refill, sends its ace up by itself."""
    for slug, alone in (("courtyard", False), ("busy-aces", True)):
        g = arrange(engine.new_game(slug, 1), t1="AS", t2="9H 5D", waste="KC", stock="QD")
        assert "t1>f1" in legal(g)
        assert ("t1>f1" in safe(g)) is alone, slug


def test_well_leaves_the_way_of_a_foundation_to_the_player() -> None:
    """A Well foundation may be built up from its ace or down: until its second card, the two
    and the king of its suit both fit, and which goes decides the way (deal 1: a king sent
    onto its ace by itself, where the winning line built up)."""
    g = arrange(engine.new_game("well", 1), **full_pack(f1="AS", t1="KS", t2="2S", f2="AH 2H", t3="3H"))
    assert {"t1>f1", "t2>f1", "t3>f2"} <= legal(g)
    assert safe(g) == {"t3>f2"}  # the hearts have gone up: the 3♥ has one place
    g.play("t2>f1")  # by hand: the spades go up, and the king no longer fits
    assert "t1>f1" not in legal(g)


def test_a_choice_of_the_game_is_never_made_automatically() -> None:
    g = engine.new_game("queen-of-italy", 1)
    assert g.phase and g.safe_moves() == []


def test_finish_plays_the_rest_home_and_leaves_the_game_as_it_was() -> None:
    ranks = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    g = arrange(engine.new_game("freecell", 1), f1=" ".join(r + "C" for r in ranks),
                f2=" ".join(r + "D" for r in ranks), f3=" ".join(r + "H" for r in ranks[:10]),
                f4=" ".join(r + "S" for r in ranks), t1="KH QH", c1="JH")
    before = g.view()
    line = g.finishing_moves()
    assert line is not None and [str(m) for m in line] == ["c1>f3", "t1>f3", "t1>f3"]
    assert g.view() == before and not g.history
    assert before["can_finish"]


def test_no_finish_while_cards_are_hidden_or_left_to_deal() -> None:
    g = arrange(engine.new_game("klondike", 1), t1="#2H AH")
    assert g.finishing_moves() is None
    g = arrange(engine.new_game("klondike", 1), t1="AH", stock="2H")
    assert g.finishing_moves() is None and not g.view()["can_finish"]


def ask(session: Session, **request: Any) -> dict[str, Any]:
    answer = json.loads(session.handle(json.dumps(request)))
    assert isinstance(answer, dict)
    return answer


def test_bridge_plays_safe_moves_after_the_players_move_and_undoes_them_as_one_step() -> None:
    s = Session()
    ask(s, op="new", game="freecell", seed=1)
    assert s.game is not None
    arrange(s.game, **full_pack(f1="AC", f2="AH", f3="AS", t1="3C 2C", t2="9D", t3="AD"))
    a = ask(s, op="play", move="t2>c1", auto=True)
    # 2♣ (the red aces are home or homeward), A♦, then 3♣ (the red twos: 2♥ fits f2, 2♦ the A♦)
    assert a["ok"] and a["moves"] == ["t2>c1", "t1>f1", "t3>f4", "t1>f1"] and a["steps"] == [4]
    assert a["record"].endswith("/t2>c1,t1>f1,t3>f4,t1>f1")
    a = ask(s, op="undo")
    assert a["played"] == "t2>c1" and a["moves"] == ["t2>c1", "t1>f1", "t3>f4", "t1>f1"]
    assert a["view"]["counters"]["moves"] == 0 and a["steps"] == []
    a = ask(s, op="redo")
    assert a["view"]["counters"]["moves"] == 4 and a["steps"] == [4]
    a = ask(s, op="play", move="c1>t1", auto=False)
    assert a["moves"] == ["c1>t1"] and a["steps"] == [4, 1]


def test_bridge_replays_a_saved_game_with_its_steps_or_one_move_each() -> None:
    s = Session()
    ask(s, op="new", game="two-rings", seed=4)
    for _ in range(3):
        a = ask(s, op="play", move=ask(s, op="view")["view"]["legal"][0])
    record = a["record"]
    t = Session()
    assert ask(t, op="replay", record=record, steps=[2, 1])["steps"] == [2, 1]
    assert ask(t, op="undo")["view"]["counters"]["moves"] == 2
    assert ask(t, op="replay", record=record, steps=[5])["steps"] == [1, 1, 1]  # a grouping that does not fit
    assert ask(t, op="replay", record=record, steps="x")["steps"] == [1, 1, 1]


def test_bridge_finish_is_one_step_and_refused_when_not_possible() -> None:
    s = Session()
    ask(s, op="new", game="klondike", seed=1)
    assert "cannot be finished" in ask(s, op="finish")["error"]


def test_moves_home_are_the_legal_moves_home_in_every_game() -> None:
    """Safe moves are chosen from the moves onto a foundation or discard, found by trying
    only those targets (the solver asks at every position it reaches). Along random games
    of every game they are exactly the legal moves with those targets, in legal order."""
    from engine.auto import GOALS, _moves_home
    from engine.rng import SplitMix64

    for spec in engine.games():
        game = engine.new_game(spec.slug, 7)
        rng = SplitMix64(7)
        for _ in range(120):
            game._legal = None  # ask afresh: the quick path is taken only when no list is kept
            quick = _moves_home(game)
            moves = game.legal_moves()
            assert quick == [m for m in moves if not m.action and game.group_of[m.target].kind in GOALS], spec.slug
            if not moves:
                break
            game.play(moves[rng.below(len(moves))])


def test_a_card_is_not_safe_while_another_waits_for_its_place() -> None:
    """Intrigue's foundations build regardless of suit: with one foundation at a ten and
    two jacks out, which jack goes up is a choice (deal 298 is won by sending the jack that
    covers the cards needed, not the one on top elsewhere), so neither goes by itself. With
    a second foundation at a ten, both may."""
    from engine.auto import is_safe

    up = "6H 7C 8S 9C 10H"
    game = arrange(engine.new_game("intrigue", 1), s1=up, t1="QH JC", t2="QS JS 3D", t3="QD")
    assert not is_safe(game, game.piles["t1"][-1], "s1", strict=True)
    assert "t1>s1" not in [str(m) for m in game.safe_moves()]
    game = arrange(engine.new_game("intrigue", 1), s1=up, s2=up, t1="QH JC", t2="QS JS 3D", t3="QD")
    assert is_safe(game, game.piles["t1"][-1], "s1", strict=True)


def test_the_solver_no_longer_throws_away_intrigue_298() -> None:
    """The search through the engine proved Intrigue deal 298 lost by sending a jack home
    that another jack needed the place of; the deal is won."""
    from engine.solver.engine_model import EngineModel
    from engine.solver.search import search

    verdict = search(EngineModel(engine.new_game("intrigue", 298)), 20_000, shortcuts=False)
    assert verdict.result == "won"


def test_a_card_two_kinds_of_foundation_take_is_not_safe() -> None:
    """Babette's ace foundation at the 6 of hearts and king foundation at the 8 both take a
    7 of hearts: which 7 goes where decides what each foundation wants next (the other 7
    may lie under a card only one of them can take), so neither goes by itself, in the
    demo or in the solver. Once the other 7 is home, the last one has one place left."""
    from engine.solver.model import compact_model

    up, down = "AH 2H 3H 4H 5H 6H", "KH QH JH 10H 9H 8H"
    choice = arrange(engine.new_game("babette", 1), a1=up, k1=down, g1="7H", g2="7H")
    settled = arrange(engine.new_game("babette", 1), a1=up, k1=f"{down} 7H 6H", g1="7H")
    for game, moves in ((choice, set()), (settled, {"g1>a1"})):
        assert {str(m) for m in engine.auto.safe_moves(game, strict=True)} == moves
        assert safe(game) == moves
        model = compact_model(game)
        assert model is not None
        _, made = model.settle_home(model.start())
        assert {str(model.move(m)) for m in made} == moves
