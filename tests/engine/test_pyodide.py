"""The engine runs unchanged inside Pyodide, and a (game, seed) pair means the same deal
and the same play there as on this CPython: the browser demo depends on both. Pyodide starts
with the standard library the site ships (``site_builder.stdlib``: only the files the demos
import), so a module the engine needs and the trimmed library lacks fails here too."""

from __future__ import annotations

import inspect
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


def run_in_pyodide(snippet_text: str, folder: Path, data: Path | None = None) -> str:
    """What ``snippet_text`` returns, run by Pyodide (under Node) on the site's standard
    library, the engine on its path, ``data`` seen as /data."""
    node = shutil.which("node")
    assert node, "Node.js is needed for the Pyodide tests (install nodejs)"
    assert (ROOT / "node_modules" / "pyodide").is_dir(), "run 'npm ci' first (bin/test does)"
    snippet = folder / "snippet.py"
    snippet.write_text(snippet_text, encoding="utf-8")
    proc = subprocess.run([node, str(ROOT / "tests/engine/pyodide_parity.mjs"), str(ROOT / "engine"), str(snippet),
                           str(trimmed_stdlib(folder)), *([str(data)] if data else [])],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, "\n".join(line for line in proc.stderr.splitlines() if len(line) < 500)[-3000:]
    return proc.stdout


# Every Python file of the site's standard library parses, in Pyodide's own Python, to the tree
# of Pyodide's original file less its docstrings (site_builder.stdlib.strip: its own Python may
# not read 3.14's syntax, and strips such files by their tokens alone).
SAME_TREES = """
import ast, json, zipfile

def plain(source):
    return ast.dump(_without_docstrings(ast.parse(source)))

ours, theirs = zipfile.ZipFile("/data/python_stdlib.zip"), zipfile.ZipFile("/data/npm/python_stdlib.zip")
names = [n for n in ours.namelist() if n.endswith(".py")]
differ = [n for n in names if plain(ours.read(n)) != plain(theirs.read(n))]
lines = [n for n in names if ours.read(n).count(b"\\n") != theirs.read(n).count(b"\\n")]
json.dumps({"files": len(names), "stripped": sum(ours.read(n) != theirs.read(n) for n in names),
            "differ": differ, "lines": lines})
"""


def test_the_shipped_standard_library_is_pyodides_code_less_comments_and_docstrings(tmp_path: Path) -> None:
    (tmp_path / "npm").mkdir()
    shutil.copy(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", tmp_path / "npm")
    # The comparison is stdlib's own (docstrings made empty on both sides), run by 3.14's parser.
    snippet = "import ast\n" + inspect.getsource(stdlib._without_docstrings) + SAME_TREES
    found = json.loads(run_in_pyodide(snippet, tmp_path, data=tmp_path))
    assert found["files"] > 100 and found["stripped"] > found["files"] * 0.8
    assert found["differ"] == [] and found["lines"] == []


def trimmed_stdlib(folder: Path) -> Path:
    """The site's standard library (Pyodide's, cut to the kept files), written into ``folder``."""
    npm = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    path = folder / "python_stdlib.zip"
    path.write_bytes(stdlib.trim(npm.read_bytes(), npm))
    return path


def test_engine_in_pyodide_deals_and_plays_exactly_as_on_cpython(tmp_path: Path) -> None:
    there = json.loads(run_in_pyodide(SNIPPET, tmp_path))
    assert tuple(there["python"]) >= (3, 11)
    here: dict[str, object] = {}
    exec(compile(SNIPPET.replace("json.dumps(", "result = ("), "snippet", "exec"), here)
    ours = here["result"]
    assert isinstance(ours, dict)
    assert set(there["games"]) == {s.slug for s in engine.games()}
    for slug, result in there["games"].items():
        assert result["record"] == ours["games"][slug]["record"], slug
        assert result["view"] == ours["games"][slug]["view"], slug
