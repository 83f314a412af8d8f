"""The bulk runner, its data files, the rules' fingerprint, and the bridge's solve request."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import engine
from engine import bulk
from engine.bridge import Session
from engine.cli import main
from engine.fingerprint import fingerprint
from engine.spec import Build


def test_deal_ranges_read_and_write() -> None:
    assert bulk.parse_ranges("1-3,7, 9-10") == [1, 2, 3, 7, 9, 10]
    assert bulk.format_ranges([10, 1, 2, 3, 7, 9]) == "1-3,7,9-10"
    assert bulk.format_ranges([]) == ""
    assert bulk.parse_ranges(bulk.format_ranges(range(5, 40, 3))) == list(range(5, 40, 3))
    for bad in ("1-", "a", "5-2", "1-2-3"):
        with pytest.raises(ValueError, match="deal range"):
            bulk.parse_ranges(bad)


def test_the_fingerprint_follows_the_rules_not_the_layout() -> None:
    spec = engine.get_spec("freecell")
    same = fingerprint(spec)
    assert fingerprint(spec) == same and len(same) == 16
    tableau = spec.group("t")
    moved = dataclasses.replace(spec, title="Other name", groups=tuple(
        dataclasses.replace(g, at=(g.at[0] + 1, g.at[1]), fan="right") if g is tableau else g for g in spec.groups))
    assert fingerprint(moved) == same
    by_suit = dataclasses.replace(spec, groups=tuple(
        dataclasses.replace(g, build=Build.SUIT) if g is tableau else g for g in spec.groups))
    assert fingerprint(by_suit) != same
    assert fingerprint(spec, solver_version=999) != same
    assert len({fingerprint(s) for s in engine.games()}) == len(engine.games())


def test_the_bulk_runner_writes_a_data_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["solve", "fortress", "--deals", "1-6", "--budget", "3000", "--workers", "1", "--out", str(tmp_path)])
    assert code == 0
    data = json.loads((tmp_path / "fortress.json").read_text())
    assert data["game"] == "fortress"
    assert data["fingerprint"] == fingerprint(engine.get_spec("fortress"))
    assert data["budget"] == 3000 and data["deals"] == "1-6"
    counts = data["counts"]
    assert counts["deals"] == 6 == counts["won"] + counts["lost"] + counts["unknown"]
    seeds = sorted(bulk.parse_ranges(data["won"]) + bulk.parse_ranges(data["lost"]) + bulk.parse_ranges(data["unknown"]))
    assert seeds == [1, 2, 3, 4, 5, 6]
    for seed in bulk.parse_ranges(data["lost"]):
        assert engine.solve(engine.new_game("fortress", seed), 3000).result == "lost"
    assert "fortress:" in capsys.readouterr().out


def test_the_bulk_runner_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "no-such-game", "--deals", "1-2", "--out", str(tmp_path)]) == 2
    assert "unknown game 'no-such-game'" in capsys.readouterr().out
    assert main(["solve", "fortress", "--deals", "3-1", "--out", str(tmp_path)]) == 2
    assert "runs backwards" in capsys.readouterr().out
    assert not list(tmp_path.iterdir())


def test_a_hint_that_turns_the_stock_says_how_many_turns_come_first() -> None:
    """Klondike's line may open by turning the stock several times to bring a card up: the
    answer counts those turns, which the demo says with the hint."""
    s = Session()
    s.handle(json.dumps({"op": "new", "game": "klondike", "seed": 13}))
    answer = json.loads(s.handle(json.dumps({"op": "solve", "budget": 3000})))["solve"]
    line = engine.solve(engine.new_game("klondike", 13), 3000).moves
    assert answer["result"] == "won" and answer["move"] == "deal"
    assert answer["turns"] > 1 and all(m.action for m in line[:answer["turns"]]) and not line[answer["turns"]].action


def test_the_bridge_answers_a_hint_without_playing() -> None:
    s = Session()
    s.handle(json.dumps({"op": "new", "game": "freecell", "seed": 1}))
    before = json.loads(s.handle(json.dumps({"op": "view"})))["record"]
    answer = json.loads(s.handle(json.dumps({"op": "solve", "budget": 20000})))
    assert answer["ok"] and answer["solve"]["result"] == "won"
    assert answer["record"] == before
    move = answer["solve"]["move"]
    played = json.loads(s.handle(json.dumps({"op": "play", "move": move})))
    assert played["ok"] and played["played"] == move
    assert answer["solve"]["turns"] == 0  # a FreeCell line plays a card at once
    refused = json.loads(s.handle(json.dumps({"op": "solve", "budget": 0})))
    assert not refused["ok"] and "budget" in refused["error"]
    assert json.loads(s.handle(json.dumps({"op": "view"})))["record"] == played["record"]


def test_the_bridge_counts_a_budget_in_compact_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game searched through the engine searches a quarter of the positions asked for
    (each costs about four times as much), so a hint takes about as long in every game; a
    game with a compact model searches them all, and so does Queen of Italy from its choice
    of base card (made through the engine, the rest searched by the compact model). Its
    choice, were its hooks not to say it is a stage that ends, would be the engine's."""
    from engine.games.queen_of_italy import QueenHooks

    from .helpers import fresh_compact_tables

    def asked(slug: str, share: int) -> None:
        s = Session()
        s.handle(json.dumps({"op": "new", "game": slug, "seed": 2}))
        answer = json.loads(s.handle(json.dumps({"op": "solve", "budget": 400})))
        assert answer["ok"], slug
        searched = answer["solve"]["positions"]
        assert searched <= 400 // share, slug
        if answer["solve"]["result"] == "unknown":
            assert searched == 400 // share, slug

    for slug in ("queen-of-italy", "spider", "klondike"):
        asked(slug, 1)
    monkeypatch.setattr(QueenHooks, "phase_only", False)
    fresh_compact_tables(monkeypatch)
    asked("queen-of-italy", 4)
