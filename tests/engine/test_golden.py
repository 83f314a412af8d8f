"""Golden playthroughs: for each game a fixed seed is played for a number of steps, and
the view and the legal moves at each step are compared with a file under ``golden/``.
Any change of behaviour shows in review as a diff of that file.

After an intended change, regenerate with:  UPDATE_GOLDEN=1 bin/test tests/engine/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import engine
from engine.cli import draw
from engine.rng import SplitMix64

GOLDEN = Path(__file__).parent / "golden"
SEED = 2026
STEPS = 40


def playthrough(slug: str) -> str:
    g = engine.new_game(slug, SEED)
    rng = SplitMix64(SEED)
    first = g.view()
    out = [f"# golden playthrough: {slug}, seed {SEED}, {STEPS} steps at most",
           f"grid {first['grid']['rows']}x{first['grid']['cols']}"]
    out += [f"pile {p['id']} kind={p['kind']} name={p['name']!r} at={p['row']},{p['col']} fan={p['fan']}"
            for p in first["piles"]]
    for step in range(STEPS + 1):
        view = g.view()
        out.append(f"\n## step {step}: status {view['status']}")
        out.append(draw(view, ascii_only=True))
        out.append("actions: " + "; ".join(
            f"{a['move']}={'on' if a['enabled'] else 'off: ' + a['reason']}" for a in view["actions"]))
        out.append("legal: " + " ".join(view["legal"]))
        moves = g.legal_moves()
        if not moves or step == STEPS:
            break
        move = moves[rng.below(len(moves))]
        out.append(f"play: {move}")
        g.play(move)
    out.append(f"\nrecord: {g.record()}")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("slug", [s.slug for s in engine.games()])
def test_playthrough_matches_golden_file(slug: str) -> None:
    path = GOLDEN / f"{slug}.txt"
    text = playthrough(slug)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path}: run with UPDATE_GOLDEN=1 to create it"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{slug} plays differently from {path}; if intended, regenerate (see module doc)"
