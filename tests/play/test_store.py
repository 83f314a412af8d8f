"""What the demo keeps in the browser (theme/static/play/store.js), checked under Node with
a stand-in for localStorage: anything unreadable, outdated or malformed is dropped quietly,
good data comes back as it was saved, and a full or forbidden storage never throws."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

STORE = Path(__file__).resolve().parents[2] / "theme" / "static" / "play" / "store.js"

HARNESS = """
const mem = new Map();
let broken = false;
globalThis.localStorage = {
  getItem(k) { if (broken) throw new Error("denied"); return mem.has(k) ? mem.get(k) : null; },
  setItem(k, v) { if (broken) throw new Error("quota"); mem.set(k, String(v)); },
  removeItem(k) { if (broken) throw new Error("denied"); mem.delete(k); },
};
const store = await import(process.argv[1]);
const steps = JSON.parse(process.argv[2]);
const out = [];
for (const [op, key, value] of steps) {
  if (op === "raw") { mem.set("patience-rulebook:" + key, value); out.push(null); continue; }
  if (op === "break") { broken = value; out.push(null); continue; }
  if (op === "peek") { out.push(mem.has("patience-rulebook:" + key) ? mem.get("patience-rulebook:" + key) : null); continue; }
  out.push(store[op](...(key === undefined ? [] : [key]), ...(value === undefined ? [] : [value])) ?? null);
}
console.log(JSON.stringify(out));
"""


def run(steps: list[list[Any]]) -> list[Any]:
    node = shutil.which("node")
    assert node, "Node.js is needed (the same one that installs Pyodide)"
    proc = subprocess.run([node, "--input-type=module", "-e", HARNESS, STORE.as_uri(), json.dumps(steps)],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert isinstance(result, list)
    return result


GOOD = {"record": "deuces/7/t1>t2", "seed": 7, "steps": [1], "elapsed": 1200, "counted": True, "won": False}


def test_a_saved_game_comes_back_as_it_was_saved() -> None:
    _, loaded = run([["saveGame", "deuces", GOOD], ["loadGame", "deuces"]])
    assert {k: loaded[k] for k in GOOD} == GOOD


@pytest.mark.parametrize("raw", [
    "not json",
    json.dumps([1, 2]),
    json.dumps({**GOOD, "v": 99}),  # written by a later version
    json.dumps({**GOOD, "v": 1, "record": "well/7/t1>t2"}),  # another game's record
    json.dumps({**GOOD, "v": 1, "seed": -3}),
    json.dumps({**GOOD, "v": 1, "steps": [0]}),
    json.dumps({**GOOD, "v": 1, "elapsed": "soon"}),
    json.dumps({k: v for k, v in {**GOOD, "v": 1}.items() if k != "won"}),
])
def test_a_bad_saved_game_is_dropped_and_reported_as_corrupt(raw: str) -> None:
    loaded, left = run([["raw", "game:deuces", raw], ["loadGame", "deuces"], ["peek", "game:deuces"]])[1:]
    assert loaded == {"corrupt": True} and left is None


def test_nothing_saved_is_none_not_corrupt() -> None:
    assert run([["loadGame", "deuces"]]) == [None]


def test_bad_statistics_fall_back_to_zero_and_good_ones_are_kept() -> None:
    good = {"played": 5, "won": 2, "streak": 1, "best": 2, "fewest": 140}
    out = run([["saveStats", "deuces", good], ["loadStats", "deuces"],
               ["raw", "stats:deuces", json.dumps({**good, "v": 1, "won": 9})], ["loadStats", "deuces"],
               ["peek", "stats:deuces"], ["resetStats", "deuces"], ["loadStats", "deuces"]])
    assert out[1] == good
    assert out[3] == {"played": 0, "won": 0, "streak": 0, "best": 0, "fewest": None}  # more won than played
    assert out[4] is None
    assert out[6]["played"] == 0


def test_settings_keep_what_is_valid_and_default_the_rest() -> None:
    out = run([["loadSettings"],
               ["raw", "settings", json.dumps({"v": 1, "auto": False, "motion": "yes", "winnable": True})],
               ["loadSettings"], ["raw", "settings", "{"], ["loadSettings"]])
    assert out[0] == {"auto": True, "motion": True, "winnable": False}
    assert out[2] == {"auto": False, "motion": True, "winnable": True}
    assert out[4] == {"auto": True, "motion": True, "winnable": False}


def test_a_full_or_forbidden_storage_never_throws() -> None:
    out = run([["break", None, True], ["saveGame", "deuces", GOOD], ["loadGame", "deuces"],
               ["saveStats", "deuces", {"played": 1}], ["loadSettings"], ["clearGame", "deuces"]])
    assert out[2] == {"corrupt": True} and out[4] == {"auto": True, "motion": True, "winnable": False}
