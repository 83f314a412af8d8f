"""The engine runs unchanged inside Pyodide, and a (game, seed) pair means the same deal
and the same play there as on this CPython: the browser demo depends on both. Pyodide starts
with the standard library the site ships (``site_builder.stdlib``: only the files the demos
import), so a module the engine needs and the trimmed library lacks fails here too."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import engine
from site_builder import stdlib

ROOT = Path(__file__).resolve().parents[2]

SNIPPET = """
import json, sys
import engine
from engine.rng import SplitMix64

def playthrough(slug):
    g = engine.new_game(slug, 2026)
    rng = SplitMix64(2026)
    for _ in range(60):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[rng.below(len(moves))])
    return {"record": g.record(), "view": g.view()}

json.dumps({"python": sys.version_info[:2], "games": {s.slug: playthrough(s.slug) for s in engine.games()}})
"""


def trimmed_stdlib(folder: Path) -> Path:
    """The site's standard library (Pyodide's, cut to the kept files), written into ``folder``."""
    npm = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    path = folder / "python_stdlib.zip"
    path.write_bytes(stdlib.trim(npm.read_bytes(), npm))
    return path


def test_engine_in_pyodide_deals_and_plays_exactly_as_on_cpython(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed for the Pyodide parity test (install nodejs)"
    assert (ROOT / "node_modules" / "pyodide").is_dir(), "run 'npm ci' first (bin/test does)"
    snippet = tmp_path / "snippet.py"
    snippet.write_text(SNIPPET, encoding="utf-8")
    proc = subprocess.run([node, str(ROOT / "tests/engine/pyodide_parity.mjs"), str(ROOT / "engine"), str(snippet),
                           str(trimmed_stdlib(tmp_path))],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr[-2000:]
    there = json.loads(proc.stdout)
    assert tuple(there["python"]) >= (3, 11)
    here: dict[str, object] = {}
    exec(compile(SNIPPET.replace("json.dumps(", "result = ("), "snippet", "exec"), here)
    ours = here["result"]
    assert isinstance(ours, dict)
    assert set(there["games"]) == {s.slug for s in engine.games()}
    for slug, result in there["games"].items():
        assert result["record"] == ours["games"][slug]["record"], slug
        assert result["view"] == ours["games"][slug]["view"], slug
