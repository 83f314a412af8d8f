"""The JSON session the browser worker drives: the same engine, across a text boundary."""

from __future__ import annotations

import json
from typing import Any

import engine
from engine.bridge import Session


def ask(session: Session, **request: Any) -> dict[str, Any]:
    answer = json.loads(session.handle(json.dumps(request)))
    assert isinstance(answer, dict)
    return answer


def test_new_play_undo_redo_restart_answer_with_the_engine_view() -> None:
    s = Session()
    a = ask(s, op="new", game="deuces", seed=7)
    g = engine.new_game("deuces", 7)
    assert a["ok"] and a["view"] == g.view() and a["record"] == "deuces/7/"
    move = str(g.legal_moves()[0])
    a = ask(s, op="play", move=move)
    g.play(move)
    assert a["ok"] and a["played"] == move and a["view"] == g.view()
    a = ask(s, op="undo")
    assert a["played"] == move and a["view"]["counters"]["moves"] == 0 and a["view"]["counters"]["redo"]
    a = ask(s, op="redo")
    assert a["view"]["piles"] == g.view()["piles"]
    a = ask(s, op="restart")
    assert a["view"] == engine.new_game("deuces", 7).view()


def test_refused_move_gives_the_reason_and_the_unchanged_view() -> None:
    s = Session()
    before = ask(s, op="new", game="well", seed=3)["view"]
    a = ask(s, op="play", move="t1>a1")
    assert not a["ok"] and a["error"] == "nothing may be placed on Auxiliary row 1"
    assert a["view"] == before


def test_bad_requests_are_answered_not_raised() -> None:
    s = Session()
    assert "no game yet" in ask(s, op="play", move="deal")["error"]
    assert "unknown game 'nope'" in ask(s, op="new", game="nope", seed=1)["error"]
    assert "seed" in ask(s, op="new", game="well", seed=-4)["error"]
    ask(s, op="new", game="well", seed=1)
    assert "unknown request 'fly'" in ask(s, op="fly")["error"]
    assert "cannot read move" in ask(s, op="play", move="??")["error"]
    assert not json.loads(s.handle("[1, 2]"))["ok"]
    assert not json.loads(s.handle("not json"))["ok"]


def test_replay_restores_a_shared_game() -> None:
    g = engine.new_game("two-rings", 4)
    for _ in range(5):
        g.play(g.legal_moves()[0])
    s = Session()
    a = ask(s, op="replay", record=g.record())
    assert a["ok"] and a["view"] == g.view()
    assert "does not replay" in ask(s, op="replay", record="two-rings/4/zz")["error"]


def test_a_missing_field_is_named() -> None:
    s = Session()
    assert ask(s, op="new", seed=1)["error"] == "the request lacks the field 'game'"


def test_why_says_in_words_why_a_move_is_refused_and_plays_nothing() -> None:
    s = Session()
    ask(s, op="new", game="the-wheel", seed=3)
    before = ask(s, op="view")["record"]
    a = ask(s, op="why", move="c1+c2>o1")
    assert a["ok"] and a["why"] == "a packet is four cards: three pip cards and one court card"
    legal = ask(s, op="view")["view"]["legal"][0]
    assert ask(s, op="why", move=legal)["why"] == ""  # a legal move: nothing to explain
    assert ask(s, op="view")["record"] == before
    assert not ask(s, op="why", move="not a move")["ok"]


def test_why_home_names_the_card_and_the_most_telling_reason() -> None:
    """FreeCell deal 1: a column's top card that cannot go home gets its foundation's reason;
    a face-down stock card is never named; a card already home says so."""
    s = Session()
    ask(s, op="new", game="freecell", seed=1)
    game = engine.new_game("freecell", 1)
    pid = next(p for p in game.ids_by_kind[engine.Kind.TABLEAU]
               if not any(m.sources == (p,) and game.group_of[m.target].kind is engine.Kind.FOUNDATION
                          for m in game.legal_moves()))
    why = ask(s, op="why-home", pile=pid)["why"]
    assert why.startswith(f"the {game.piles[pid][-1].short} cannot go home now: ")
    s2 = Session()
    ask(s2, op="new", game="klondike", seed=1)
    assert ask(s2, op="why-home", pile="stock")["why"] == "the top card of Stock is face down"
    home = engine.new_game("the-wheel", 1)
    s3 = Session()
    ask(s3, op="new", game="the-wheel", seed=1)
    assert ask(s3, op="why-home", pile="x1")["why"] == f"the {home.piles['x1'][-1].short} is home already"


def test_the_hint_searches_with_the_scan_its_game_s_spec_names() -> None:
    """Spider (one suit) names the greedy scan for its Hint: deal 22, which best first leaves
    undecided at 2,000 positions, gets the greedy scan's winning line; and where that scan
    is undecided too (Spider in two suits, searched so here), its best line's first move."""
    assert engine.get_spec("spider-one-suit").hint_scan == "greedy"
    s = Session()
    ask(s, op="new", game="spider-one-suit", seed=22)
    a = ask(s, op="solve", budget=2000)["solve"]
    verdict = engine.solve(engine.new_game("spider-one-suit", 22), 2000, scan="greedy")
    assert a["result"] == "won" and a["move"] == str(verdict.moves[0])
    assert engine.solve(engine.new_game("spider-one-suit", 22), 2000).result == "unknown"
    undecided = engine.solve(engine.new_game("spider-two-suits", 3), 3000, scan="greedy")
    assert undecided.result == "unknown" and undecided.best
    game = engine.new_game("spider-two-suits", 3)
    for move in undecided.best:
        game.play(move)  # each move of the best line is legal in turn


def test_an_undecided_hint_still_names_the_move_its_search_rates_best() -> None:
    """Four-suit Spider outruns the hint's search: the answer is undecided, with no winning
    move, but a best move, legal here, which a player may follow."""
    s = Session()
    ask(s, op="new", game="spider", seed=1)
    a = ask(s, op="solve", budget=3000)["solve"]
    assert a["result"] == "unknown" and a["move"] is None
    assert a["best"] in ask(s, op="view")["view"]["legal"]
    verdict = engine.solve(engine.new_game("spider", 1), 3000)
    assert verdict.result == "unknown" and verdict.moves == () and str(verdict.best[0]) == a["best"]
    # The best line replays: each of its moves is legal in turn.
    game = engine.new_game("spider", 1)
    for move in verdict.best:
        game.play(move)
