"""The bulk runner, its data files, the rules' fingerprint, and the bridge's solve request."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.bridge import Session
from engine.cli import main
from engine.solver import bulk, datafile
from engine.solver.fingerprint import fingerprint
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


def test_a_hooked_games_fingerprint_follows_its_hooks_not_the_words_beside_them() -> None:
    """The hooks' module is hashed as code, less the statement registering the spec (whose
    fields are hashed one by one, its words left out): a button's words written there keep
    the figures, a change to the hooks' code turns them stale."""
    from engine.solver.fingerprint import _code

    module = ('from engine import register\n\n\nclass H(Hooks):\n    def deal(self, game):\n        return 1\n\n\n'
              'GAME = register(GameSpec(\n    slug="x",\n    redeal_label="Redeal",\n))\n')
    worded = module.replace('redeal_label="Redeal"', 'redeal_label="Take up", redeal_done="Taken up"')
    assert _code(worded) == _code(module) != module
    assert "class H(Hooks)" in _code(module) and "GameSpec" not in _code(module)
    assert _code(module.replace("return 1", "return 2")) != _code(module)
    nation = engine.get_spec("the-nation")
    assert fingerprint(dataclasses.replace(nation, redeal_label="Other", redeal_done="Done")) == fingerprint(nation)


def test_a_fault_mended_in_one_game_turns_only_its_figure_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    solver = importlib.import_module("engine.solver.search")
    before = {s.slug: fingerprint(s) for s in engine.games()}
    assert fingerprint(engine.get_spec("babette"), faults=0) == before["babette"]  # none yet: as before the count
    monkeypatch.setitem(solver.FAULTS_MENDED, "babette", 1)
    after = {s.slug: fingerprint(s) for s in engine.games()}
    assert [slug for slug in before if before[slug] != after[slug]] == ["babette"]
    assert fingerprint(engine.get_spec("babette"), faults=2) not in (before["babette"], after["babette"])


def test_the_wins_of_a_file_from_before_a_fault_was_mended_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A mended fault turns a game's figures stale, but its wins are lines replayed through
    the same rules: ``merge --wins-only`` takes them from the file of the earlier
    fingerprint, and nothing else of it; a plain merge, or a file of other rules, is refused."""
    import importlib

    solver = importlib.import_module("engine.solver.search")
    spec = engine.get_spec("fortress")
    older = tmp_path / "older"
    older.mkdir()
    _earlier(older, deals="1-4", won="1-2", lost="3", unknown="4", counts={"deals": 4, "won": 2, "lost": 1, "unknown": 1},
             fingerprint=fingerprint(spec, faults=0))
    monkeypatch.setitem(solver.FAULTS_MENDED, "fortress", 1)
    target = _earlier(tmp_path, deals="3-6", won="5", lost="", unknown="3-4,6",
                      counts={"deals": 4, "won": 1, "lost": 0, "unknown": 3}, fingerprint=fingerprint(spec))
    assert main(["merge", str(target), str(older / "fortress.json")]) == 2
    assert "cannot merge runs of another fingerprint" in capsys.readouterr().out
    assert main(["merge", str(target), str(older / "fortress.json"), "--wins-only"]) == 0
    data = json.loads(target.read_text())
    assert (data["deals"], data["won"], data["lost"], data["unknown"]) == ("1-6", "1-2,5", "", "3-4,6")
    assert data["fingerprint"] == fingerprint(spec)
    _earlier(older, deals="7", won="7", lost="", unknown="", counts={"deals": 1, "won": 1, "lost": 0, "unknown": 0},
             fingerprint="0123456789abcdef")  # other rules: their wins say nothing of these
    assert main(["merge", str(target), str(older / "fortress.json"), "--wins-only"]) == 2


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


def test_a_second_run_solves_only_the_undecided_deals_with_a_bigger_budget(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``--undecided`` takes the deals the file leaves undecided and merges its verdicts in;
    it refuses a missing file or one of other rules, and has nothing to do once all are settled."""
    out = ["--workers", "1", "--out", str(tmp_path)]
    assert main(["solve", "fortress", "--undecided", "--budget", "3000", *out]) == 2
    assert "there is no" in capsys.readouterr().out and not list(tmp_path.iterdir())
    assert main(["solve", "fortress", "--deals", "1-8", "--budget", "40", *out]) == 0
    first = json.loads((tmp_path / "fortress.json").read_text())
    left = bulk.parse_ranges(first["unknown"])
    assert left and len(left) < 8  # some settled at 40 positions, some not
    capsys.readouterr()
    assert main(["solve", "fortress", "--undecided", "--deals", "1-7", "--budget", "20000", *out]) == 0
    second = json.loads((tmp_path / "fortress.json").read_text())
    assert second["runs"][-1]["deals"] == bulk.format_ranges(s for s in left if s <= 7)
    assert second["counts"]["deals"] == 8 and second["budget"] == 20000
    assert set(bulk.parse_ranges(second["unknown"])) <= {8}
    for seed in bulk.parse_ranges(first["won"]) + bulk.parse_ranges(first["lost"]):  # kept
        assert seed not in bulk.parse_ranges(second["unknown"])
    capsys.readouterr()
    if 8 in left:
        assert main(["solve", "fortress", "--undecided", "--budget", "20000", *out]) == 0
    assert main(["solve", "fortress", "--undecided", "--budget", "20000", *out]) == 0
    assert "leaves no deal undecided" in capsys.readouterr().out
    stale = {**second, "fingerprint": "0" * 16}
    (tmp_path / "fortress.json").write_text(json.dumps(stale))
    assert main(["solve", "fortress", "--undecided", "--budget", "20000", *out]) == 2
    assert "other rules or another solver" in capsys.readouterr().out
    assert json.loads((tmp_path / "fortress.json").read_text()) == stale


def test_a_run_of_the_stock_first_scan_is_named_in_its_entry_of_the_runs(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``--scan stock-first`` over the deals a standard run left undecided: the file keeps
    both runs' verdicts, and the second run's entry names its scan (the file itself names
    none, being of both), as the builder reads it."""
    out = ["--workers", "1", "--out", str(tmp_path)]
    assert main(["solve", "spider-one-suit", "--deals", "19", "--budget", "3000", *out]) == 0
    assert json.loads((tmp_path / "spider-one-suit.json").read_text())["unknown"] == "19"
    assert main(["solve", "spider-one-suit", "--undecided", "--scan", "stock-first", "--budget", "5000", *out]) == 0
    assert "the stock-first scan" in capsys.readouterr().out
    data = json.loads((tmp_path / "spider-one-suit.json").read_text())
    assert data["won"] == "19" and "scan" not in data
    assert [run.get("scan") for run in data["runs"]] == [None, "stock-first"]
    from site_builder.sources import gather
    from site_builder.winnability import load_winnability

    errors: list[Any] = []
    (src,) = gather(tmp_path)
    figure = load_winnability(src, errors, [], {spec.slug: spec for spec in engine.games()})
    assert not errors and figure is not None and figure.won == 1 and figure.runs == 2


def test_the_bulk_runner_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "no-such-game", "--deals", "1-2", "--out", str(tmp_path)]) == 2
    assert "unknown game 'no-such-game'" in capsys.readouterr().out
    assert main(["solve", "fortress", "--deals", "3-1", "--out", str(tmp_path)]) == 2
    assert "runs backwards" in capsys.readouterr().out
    assert main(["solve", "fortress", "--deals", "1-2", "--checkpoint", "-5", "--out", str(tmp_path)]) == 2
    assert "--checkpoint -5: a number of seconds, 0 or more" in capsys.readouterr().out
    assert not list(tmp_path.iterdir())


def _earlier(tmp_path: Path, **fields: Any) -> Path:
    """An earlier run's Fortress file (or of ``game``) in ``tmp_path`` (of the current rules and solver)."""
    data: dict[str, Any] = {
        "format": 1, "game": "fortress", "fingerprint": fingerprint(engine.get_spec("fortress")), "solver_version": 1,
        "search": 1, "budget": 500, "date": "2026-01-02", "deals": "101-103",
        "counts": {"deals": 3, "won": 1, "lost": 0, "unknown": 2}, "won": "103", "lost": "", "unknown": "101-102",
        "seconds": {"median": 0.1, "p95": 0.1, "total": 0.3, "wall": 0.3},
    }
    data.update(fields)
    path = tmp_path / f"{data['game']}.json"
    path.write_text(json.dumps(data), "utf-8")
    return path


def _fortress_lost_deal() -> int:
    """A Fortress deal the solver proves lost within 3,000 positions."""
    for seed in range(1, 40):
        if engine.solve(engine.new_game("fortress", seed), 3000).result == "lost":
            return seed
    raise AssertionError("no Fortress deal of 1-39 proved lost")


def test_a_new_run_keeps_what_the_file_there_proved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A won deal is a replayed line and a lost one a complete search, whichever search
    made them: a run on the same rules adds to the file there."""
    _earlier(tmp_path)
    assert main(["solve", "fortress", "--deals", "1-4", "--budget", "3000", "--workers", "1", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "fortress.json").read_text())
    assert data["deals"] == "1-4,101-103"
    assert 103 in bulk.parse_ranges(data["won"]) and bulk.parse_ranges(data["unknown"])[-2:] == [101, 102]
    assert data["counts"]["deals"] == 7 == sum(data["counts"][k] for k in ("won", "lost", "unknown"))
    assert [r["budget"] for r in data["runs"]] == [500, 3000] and data["budget"] == 3000
    assert data["date"] > "2026-01-02"
    assert "with the earlier runs" in capsys.readouterr().out
    # --replace writes the run alone
    assert main(["solve", "fortress", "--deals", "1-2", "--budget", "3000", "--workers", "1", "--out", str(tmp_path),
                 "--replace"]) == 0
    data = json.loads((tmp_path / "fortress.json").read_text())
    assert data["deals"] == "1-2" and "runs" not in data


def test_a_file_of_other_rules_is_replaced_not_merged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _earlier(tmp_path, fingerprint="0123456789abcdef")
    assert main(["solve", "fortress", "--deals", "1-2", "--budget", "3000", "--workers", "1", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "fortress.json").read_text())
    assert data["deals"] == "1-2" and "runs" not in data
    assert "fingerprint 0123456789abcdef): replaced" in capsys.readouterr().out


def test_runs_that_contradict_each_other_are_refused_and_nothing_is_lost(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    lost = _fortress_lost_deal()
    path = _earlier(tmp_path, deals=str(lost), won=str(lost), unknown="",
                    counts={"deals": 1, "won": 1, "lost": 0, "unknown": 0})
    before = path.read_text()
    code = main(["solve", "fortress", "--deals", str(lost), "--budget", "3000", "--workers", "1", "--out", str(tmp_path)])
    said = capsys.readouterr().out
    assert code == 2
    assert f"won by one run and proved lost by another: {lost}" in said
    assert path.read_text() == before  # the file there is untouched
    kept = Path(said.split("this run is kept in ")[1].split()[0])
    assert bulk.parse_ranges(json.loads(kept.read_text())["lost"]) == [lost]


def test_the_merge_command_joins_earlier_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    older = tmp_path / "older"
    older.mkdir()
    _earlier(older, deals="1-3", won="1", lost="2", unknown="3", counts={"deals": 3, "won": 1, "lost": 1, "unknown": 1})
    target = _earlier(tmp_path, deals="2-5", won="3-4", lost="", unknown="2,5",
                      counts={"deals": 4, "won": 2, "lost": 0, "unknown": 2}, search=5, budget=900)
    assert main(["merge", str(target), str(older / "fortress.json")]) == 0
    data = json.loads(target.read_text())
    assert (data["deals"], data["won"], data["lost"], data["unknown"]) == ("1-5", "1,3-4", "2", "5")
    assert data["counts"] == {"deals": 5, "won": 3, "lost": 1, "unknown": 1}
    assert data["search"] == 5 and data["budget"] == 900 and len(data["runs"]) == 2
    assert "3 won, 1 lost, 1 undecided of 5 deals (2 runs)" in capsys.readouterr().out
    assert main(["merge", str(target), str(tmp_path / "missing.json")]) == 2
    assert "not a readable winnability file" in capsys.readouterr().out
    # --wins-only: an older file's lost deals (in doubt) are not taken, its wins are
    _earlier(older, deals="5-7", won="6", lost="5", unknown="7", counts={"deals": 3, "won": 1, "lost": 1, "unknown": 1})
    assert main(["merge", str(target), str(older / "fortress.json"), "--wins-only"]) == 0
    data = json.loads(target.read_text())
    assert (data["deals"], data["won"], data["lost"], data["unknown"]) == ("1-7", "1,3-4,6", "2", "5,7")
    assert data["runs"][0]["taken"] == "won" and len(data["runs"]) == 3


def test_merging_a_copy_that_went_on_lists_each_run_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A scratch folder starts as a copy of the game's file (so that --undecided reads it);
    merged back, the runs the two share are listed once, and only the copy's new run is added."""
    target = _earlier(tmp_path)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    (scratch / "fortress.json").write_text(target.read_text(), "utf-8")
    assert main(["solve", "fortress", "--undecided", "--deals", "101-102", "--budget", "3000", "--workers", "1",
                 "--out", str(scratch)]) == 0
    went_on = json.loads((scratch / "fortress.json").read_text())
    assert [r["budget"] for r in went_on["runs"]] == [500, 3000]
    assert main(["merge", str(target), str(scratch / "fortress.json")]) == 0
    data = json.loads(target.read_text())
    assert data["runs"] == went_on["runs"]
    assert (data["won"], data["lost"], data["unknown"]) == (went_on["won"], went_on["lost"], went_on["unknown"])
    assert "(2 runs)" in capsys.readouterr().out
    # merged again, nothing changes
    before = target.read_text()
    assert main(["merge", str(target), str(scratch / "fortress.json")]) == 0
    assert json.loads(target.read_text())["runs"] == json.loads(before)["runs"]


def test_untried_leaves_out_the_deals_already_searched_with_that_scan_at_that_budget(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A run stopped part way, run again with --untried, searches only the undecided deals it
    had not reached; a run of another scan, or of a smaller budget, does not count."""
    _earlier(tmp_path, deals="101-106", won="", unknown="101-106",
             counts={"deals": 6, "won": 0, "lost": 0, "unknown": 6},
             runs=[{"date": "2026-01-02", "search": 1, "budget": 500, "deals": "101-106", "won": 0, "lost": 0,
                    "unknown": 6},
                   {"date": "2026-01-03", "search": 1, "budget": 800, "deals": "101-102", "won": 0, "lost": 0,
                    "unknown": 2},
                   {"date": "2026-01-03", "search": 1, "scan": "greedy", "budget": 5000, "deals": "103",
                    "won": 0, "lost": 0, "unknown": 1}])
    path = tmp_path / "fortress.json"
    data = datafile.read(path)
    assert datafile.tried(data, "standard", 800) == {101, 102}
    assert datafile.tried(data, "standard", 500) == {101, 102, 103, 104, 105, 106}
    assert datafile.tried(data, "greedy", 1000) == {103}
    assert main(["solve", "fortress", "--undecided", "--untried", "--budget", "800", "--workers", "1",
                 "--out", str(tmp_path)]) == 0
    data = json.loads(path.read_text())
    assert data["runs"][-1]["deals"] == "103-106" and data["runs"][-1]["budget"] == 800
    capsys.readouterr()
    # every undecided deal now searched at 800: nothing left to do, and the file is untouched
    before = path.read_text()
    assert main(["solve", "fortress", "--undecided", "--untried", "--budget", "800", "--workers", "1",
                 "--out", str(tmp_path)]) == 0
    assert "not yet searched with the standard scan at 800 positions" in capsys.readouterr().out
    assert path.read_text() == before
    # without --undecided it is refused
    assert main(["solve", "fortress", "--untried", "--deals", "1-2", "--out", str(tmp_path)]) == 2
    assert "--untried goes with --undecided" in capsys.readouterr().out


def test_a_page_opens_on_a_won_deal_whose_line_the_hint_finds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Klondike deal 3 is not won by the Hint's own search, deal 4 is (deal 3 is given as won
    here, as a bigger search might win it)."""
    hint = datafile.fair_budget(engine.new_game("klondike", 3), datafile.HINT_BUDGET)
    assert engine.solve(engine.new_game("klondike", 3), hint).result == "unknown"
    assert engine.solve(engine.new_game("klondike", 4), hint).result == "won"
    assert datafile.opening("klondike", "3-4,9") == 4
    assert datafile.opening("klondike", "") is None
    monkeypatch.setattr(datafile, "OPENING_TRIES", 1)  # none found among those tried: the lowest won deal
    assert datafile.opening("klondike", "3-4,9") == 3
    monkeypatch.undo()
    # Written with every data file; "merge FILE" alone works it out again.
    path = _earlier(tmp_path, deals="1-5", won="3-4", lost="", unknown="1-2,5",
                    counts={"deals": 5, "won": 2, "lost": 0, "unknown": 3}, game="klondike",
                    fingerprint=fingerprint(engine.get_spec("klondike")))
    assert "opening" not in json.loads(path.read_text())
    assert main(["merge", str(path)]) == 0
    assert json.loads(path.read_text())["opening"] == 4
    assert "opens on deal 4" in capsys.readouterr().out
    assert main(["solve", "klondike", "--deals", "4", "--budget", "500", "--workers", "1", "--out", str(tmp_path)]) == 0
    assert json.loads(path.read_text())["opening"] == 4


def test_a_hint_that_turns_the_stock_says_how_many_turns_come_first() -> None:
    """Klondike's line may open by turning the stock several times to bring a card up: the
    answer counts those turns, which the demo says with the hint."""
    s = Session()
    s.handle(json.dumps({"op": "new", "game": "klondike", "seed": 12}))
    answer = json.loads(s.handle(json.dumps({"op": "solve", "budget": 3000})))["solve"]
    line = engine.solve(engine.new_game("klondike", 12), 3000).moves
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


def test_the_bridge_passes_a_time_limit_on_and_checks_it() -> None:
    s = Session()
    s.handle(json.dumps({"op": "new", "game": "spider", "seed": 1}))
    answer = json.loads(s.handle(json.dumps({"op": "solve", "budget": 1_000_000, "seconds": 0.05})))
    assert answer["ok"] and answer["solve"]["result"] == "unknown"
    assert 0 < answer["solve"]["positions"] < 1_000_000  # a million positions take a minute or more
    for bad in (0, -1, 61, True, "1"):
        refused = json.loads(s.handle(json.dumps({"op": "solve", "budget": 100, "seconds": bad})))
        assert not refused["ok"] and "time limit" in refused["error"], bad


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


def _run_args(tmp_path: Path, *more: str) -> list[str]:
    return ["solve", "fortress", "--deals", "1-6", "--budget", "3000", "--workers", "1", "--out", str(tmp_path), *more]


def test_a_long_run_writes_the_deals_solved_so_far_as_it_goes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Every ``--checkpoint`` seconds the deals solved so far are merged into the file as the
    run found it, so the run is one entry of ``runs`` however often it was written, and the
    last deal is written once, at the end. A serial run's tasks are single deals."""
    _earlier(tmp_path)
    written: list[dict[str, Any]] = []
    real = bulk.write

    def recording(path: Path, data: dict[str, Any]) -> None:
        real(path, data)
        written.append(json.loads(path.read_text()))

    monkeypatch.setattr(bulk, "write", recording)
    assert main(_run_args(tmp_path, "--checkpoint", "0.000001")) == 0
    assert [w["deals"] for w in written] == ["1,101-103", "1-2,101-103", "1-3,101-103", "1-4,101-103",
                                             "1-5,101-103", "1-6,101-103"]
    assert [len(w["runs"]) for w in written] == [2] * 6
    assert [w["runs"][-1]["deals"] for w in written] == ["1", "1-2", "1-3", "1-4", "1-5", "1-6"]
    assert all(103 in bulk.parse_ranges(w["won"]) for w in written)  # the earlier run's win, kept each time
    assert written[-1] == json.loads((tmp_path / "fortress.json").read_text())
    written.clear()
    assert main(_run_args(tmp_path, "--checkpoint", "0")) == 0  # 0: only at the end
    assert len(written) == 1
    capsys.readouterr()


def test_a_stopped_run_writes_the_deals_it_finished(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C (or SIGTERM, taken alike) after two deals of a serial run: they are merged into
    the file and the command ends with 130; stopped before any deal was done, the file is
    untouched."""
    path = _earlier(tmp_path)
    real = bulk.solve_deals
    calls: list[list[int]] = []

    def stopping_at(chunk: int) -> Any:
        def solve_deals(slug: str, seeds: list[int], *args: Any, **kwargs: Any) -> Any:
            calls.append(seeds)
            if len(calls) == chunk:
                raise KeyboardInterrupt
            return real(slug, seeds, *args, **kwargs)
        return solve_deals

    before = path.read_text()
    monkeypatch.setattr(bulk, "solve_deals", stopping_at(1))
    assert main(_run_args(tmp_path, "--checkpoint", "0")) == 130
    assert "stopped before any deal was solved" in capsys.readouterr().out
    assert path.read_text() == before
    calls.clear()
    monkeypatch.setattr(bulk, "solve_deals", stopping_at(3))
    assert main(_run_args(tmp_path, "--checkpoint", "0")) == 130
    said = capsys.readouterr().out
    assert "stopped after 2 of 6 deals" in said and "with the earlier runs" in said
    data = json.loads(path.read_text())
    assert data["deals"] == "1-2,101-103" and data["runs"][-1]["deals"] == "1-2"
    assert data["counts"]["deals"] == 5 == sum(data["counts"][k] for k in ("won", "lost", "unknown"))


def test_tasks_are_single_deals_when_serial_and_spread_over_every_core_otherwise() -> None:
    """A stop keeps every deal a serial run finished; a hard run of a few deals on several
    cores keeps them all busy; a long run's tasks stay at most CHUNK deals, a cluster's at
    CHUNK."""
    assert bulk.chunk_size(10_000, 1) == 1
    assert bulk.chunk_size(114, 2) == 3  # Yukon's undecided deals on two cores: 38 tasks, not 5
    assert bulk.chunk_size(40, 2) == 1
    assert bulk.chunk_size(3, 2) == 1
    assert bulk.chunk_size(500, 2) == 15
    assert bulk.chunk_size(10_000, 2) == bulk.CHUNK
    assert bulk.chunk_size(3, 2, dask=True) == bulk.CHUNK
    seeds = list(range(1, 9))
    chunks = list(bulk._chunks(seeds, bulk.chunk_size(len(seeds), 2)))
    assert chunks == [[s] for s in seeds]


def test_sigterm_stops_a_run_on_several_cores_and_its_deals_are_written(tmp_path: Path) -> None:
    """As ``timeout`` or a cluster's job limit stops it: the signal to the command alone,
    while its pool of workers solves; it writes the deals finished, ends with 143, prints no
    traceback, and leaves no worker behind (nothing is left in its process group)."""
    import os
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen([sys.executable, "-m", "engine", "solve", "klondike", "--deals", "1-100000",
                             "--budget", "2000", "--workers", "2", "--checkpoint", "0", "--out", str(tmp_path)],
                            cwd=Path(__file__).resolve().parents[2], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        assert proc.stderr is not None
        seen = b""
        deadline = time.monotonic() + 120
        while b"/100000 deals" not in seen.rsplit(b"\r", 1)[-1] or b"klondike: 50/" not in seen:
            chunk = os.read(proc.stderr.fileno(), 4096)
            assert chunk and time.monotonic() < deadline, f"no progress: {seen!r}"
            seen += chunk
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 143, out
    assert b"Traceback" not in seen + err, (seen + err).decode()[-2000:]  # the pool stops quietly
    data = json.loads((tmp_path / "klondike.json").read_text())
    done = bulk.parse_ranges(data["deals"])
    assert 50 <= len(done) < 100000 and data["counts"]["deals"] == len(done)
    assert f"stopped after {len(done)} of 100000 deals" in out.decode()
    time.sleep(0.5)
    with pytest.raises(ProcessLookupError):
        os.killpg(proc.pid, 0)  # every worker of its pool has gone
