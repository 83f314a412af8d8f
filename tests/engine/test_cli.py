"""The terminal client: list, play, and one-line reasons for every bad command."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import engine
from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(argv: list[str], commands: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(commands), out=out)
    return code, out.getvalue()


def test_list_names_every_game_with_its_decks_and_aliases() -> None:
    code, text = run(["list"])
    assert code == 0
    for spec in engine.games():
        assert spec.slug in text and spec.title in text
    assert "Terrace" in text and "2 decks" in text


def test_play_draws_the_deal_and_lists_the_legal_moves() -> None:
    code, text = run(["play", "deuces", "--seed", "1"], "quit\n")
    assert code == 0
    assert "Deuces  (seed 1)" in text and "stock: 86" in text
    legal = [str(m) for m in engine.new_game("deuces", 1).legal_moves()]
    assert "legal moves: " + "  ".join(f"{i}:{m}" for i, m in enumerate(legal, 1)) in text


def test_moves_by_notation_and_by_number_then_undo_and_redo() -> None:
    g = engine.new_game("will-o-the-wisp", 3)
    first = str(g.legal_moves()[0])
    _, text = run(["play", "will-o-the-wisp", "--seed", "3"], f"{first}\nundo\nredo\n1\nrecord\nquit\n")
    assert "moves: 1" in text and "moves: 2" in text
    g.play(first)
    g.play(g.legal_moves()[0])
    assert g.record() in text


def test_bad_commands_get_a_one_line_reason_and_no_traceback() -> None:
    _, text = run(["play", "well", "--seed", "3"], "t1>a1\nfoo bar\n999\nnew x\nundo\nredo\nquit\n")
    errors = [line for line in text.splitlines() if "error:" in line]
    assert len(errors) == 6, errors
    assert "nothing may be placed on Auxiliary row 1" in errors[0]
    assert "cannot read move 'foo bar'" in errors[1]
    assert "no legal move number 999" in errors[2]
    assert "'x'" in errors[3]
    assert "nothing to undo" in errors[4] and "nothing to redo" in errors[5]
    assert "Traceback" not in text


def test_new_deal_with_a_given_seed() -> None:
    _, text = run(["play", "two-rings", "--seed", "1"], "new 77\nquit\n")
    assert "Two Rings  (seed 77)" in text


def test_end_of_input_ends_the_session_cleanly() -> None:
    code, _ = run(["play", "the-wheel", "--seed", "5"], "")
    assert code == 0


def test_unknown_game_is_a_one_line_error_from_the_real_command() -> None:
    proc = subprocess.run([sys.executable, "-m", "engine", "play", "wel"], cwd=ROOT,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert proc.returncode == 2
    assert "unknown game 'wel'" in proc.stdout and "'well'" in proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr
