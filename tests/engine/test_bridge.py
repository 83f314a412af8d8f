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
