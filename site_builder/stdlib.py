"""The standard library the demos load: Pyodide's ``python_stdlib.zip`` cut down to what
Pyodide's own start, the engine and its bridge import.

Pyodide ships the whole standard library (2.5 MB, already deflated, so a host's compression
gains nothing on it), and a demo imports about a tenth of it. The files kept are listed in
``stdlib-keep.txt`` beside this module, one zip entry a line; the list is made by running
the demo's work in Pyodide under Node (``python -m site_builder.stdlib``: Pyodide's start,
then ``engine.bridge`` over every game, every request and refusal, the hint's search) and
taking every module loaded from the zip, plus the packages named in ``WHOLE`` (Pyodide's
own, whose parts JavaScript may call at any time) and ``ALSO`` (codecs a lookup by name may
import). The trimmed zip keeps its entries stored, not deflated: a host's brotli or gzip
over the whole file compresses the sources far better than deflate one file at a time.

A module the list lacks fails the build where the zip has changed under it (a new Pyodide:
run the probe again), and ``tests/site/test_stdlib.py`` fails when the engine imports a
module of the standard library that is not kept. The Pyodide parity tests run on the
trimmed zip, so an import the list misses fails them too.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import shutil
import subprocess
import sys
import tempfile
import tokenize
import zipfile
from collections.abc import Iterable
from pathlib import Path

from .errors import BuildError, BuildFailed

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
KEEP_FILE = HERE / "stdlib-keep.txt"
FIXED_TIME = (2024, 1, 1, 0, 0, 0)
# Pyodide's own packages, kept whole: its JavaScript side imports their parts as it needs them.
WHOLE = ("pyodide/", "_pyodide/")
# Codecs looked up by name (``codecs.lookup`` imports ``encodings.<name>``): the common ones,
# and cp437, which zipfile reads names in.
ALSO = tuple(f"encodings/{name}.py" for name in (
    "ascii", "latin_1", "cp437", "utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be", "utf_32", "raw_unicode_escape",
    "unicode_escape", "aliases", "__init__"))


FROZEN = "# frozen: "


def keep_list(path: Path = KEEP_FILE) -> tuple[str, ...]:
    """The zip entries the demos keep, as listed (comments and blank lines skipped)."""
    lines = path.read_text("utf-8").splitlines()
    return tuple(line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#"))


def frozen_modules(path: Path = KEEP_FILE) -> frozenset[str]:
    """The modules frozen into Pyodide's binary, as the list names them: never read from the zip."""
    return frozenset(line[len(FROZEN):].strip() for line in path.read_text("utf-8").splitlines()
                     if line.startswith(FROZEN))


def trim(data: bytes, origin: Path, keep: tuple[str, ...] | None = None, listed: Path = KEEP_FILE) -> bytes:
    """``data`` (a ``python_stdlib.zip``, read from ``origin``) with only the kept entries and
    the packages of ``WHOLE``, in the order listed (``pack``); the same bytes for the same input.
    An entry listed but absent fails the build, naming it and the list."""
    wanted = keep_list(listed) if keep is None else keep
    try:
        source = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise BuildFailed([BuildError(origin, 0, "Pyodide's standard library is not a zip file", origin.name)]) from None
    names = source.namelist()
    present = set(names)
    missing = [name for name in wanted if name not in present]
    if missing:
        fix = f"run 'python -m site_builder.stdlib' to list the files of this Pyodide ({listed})"
        raise BuildFailed([BuildError(listed, 0, "a file the demos need is not in Pyodide's standard library", name, fix)
                           for name in missing])
    chosen = dict.fromkeys([*wanted, *(n for n in names if n.startswith(WHOLE) and not n.endswith("/"))])
    return pack((name, source.read(name)) for name in chosen)


def pack(entries: Iterable[tuple[str, bytes]]) -> bytes:
    """A zip of these entries, Python sources stripped (``strip``), deflated at the highest
    level, dated ``FIXED_TIME``: the same bytes for the same entries."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in entries:
            if name.endswith(".py"):
                data = strip(data)
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data, compresslevel=9)
    return out.getvalue()


def strip(source: bytes) -> bytes:
    """A Python source without its comments and docstrings (each docstring left as an empty
    string of as many lines, so every line keeps its number for tracebacks). Where this
    Python parses the source, only if the stripped source parses to the same tree less its
    docstrings; a source in a newer Python's syntax (Pyodide's standard library is 3.14's) is
    stripped by its tokens alone, and tests/engine/test_pyodide.py compares every shipped
    file's tree with the original's in Pyodide's own Python. A source whose tokens cannot be
    read is kept as it is."""
    try:
        text = source.decode("utf-8")
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (UnicodeDecodeError, SyntaxError, ValueError, tokenize.TokenError):
        return source
    lines = text.splitlines(keepends=True)
    for (row, col), (end_row, end_col), words in reversed(_cuts(tokens)):
        joined = lines[row - 1][:col] + words + lines[end_row - 1][end_col:]
        lines[row - 1:end_row] = [joined] + [""] * (end_row - row)
    stripped = "".join(lines)
    if stripped.count("\n") != text.count("\n"):
        return source
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return stripped.encode("utf-8")  # a newer syntax: checked in Pyodide (above)
    try:
        same = ast.dump(_without_docstrings(ast.parse(stripped))) == ast.dump(_without_docstrings(tree))
    except SyntaxError:
        same = False
    return stripped.encode("utf-8") if same else source


def _cuts(tokens: list[tokenize.TokenInfo]) -> list[tuple[tuple[int, int], tuple[int, int], str]]:
    """What ``strip`` replaces, in order: each comment by nothing, and each string that is a
    statement of its own at the top of a module or block by an empty string of as many lines."""
    # For each token, the type of the next one that is not a comment, and of the next one that
    # is neither a comment nor a line break inside brackets (None at the end): one pass back.
    after_comments: list[int | None] = [None] * len(tokens)
    after_breaks: list[int | None] = [None] * len(tokens)
    for i in range(len(tokens) - 2, -1, -1):
        nxt = tokens[i + 1].type
        after_comments[i] = nxt if nxt != tokenize.COMMENT else after_comments[i + 1]
        after_breaks[i] = nxt if nxt not in (tokenize.COMMENT, tokenize.NL) else after_breaks[i + 1]
    cuts = []
    layout = (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING, tokenize.COMMENT)
    opening = True  # at the start of the module, or of a block (after a colon ending a line)
    for i, tok in enumerate(tokens):
        if tok.type == tokenize.COMMENT:
            cuts.append((tok.start, tok.end, ""))
            continue
        if tok.type in layout:
            continue
        if opening and tok.type == tokenize.STRING and after_breaks[i] in (None, tokenize.NEWLINE, tokenize.ENDMARKER):
            rows = tok.end[0] - tok.start[0]
            cuts.append((tok.start, tok.end, '"""' + "\n" * rows + '"""' if rows else '""'))
        opening = tok.type == tokenize.OP and tok.string == ":" and after_comments[i] == tokenize.NEWLINE
    return cuts


def _without_docstrings(tree: ast.Module) -> ast.Module:
    """``tree`` with every string statement at the top of a body (a docstring, or one left
    empty by ``strip``) made empty: the two trees compare equal when only those changed."""
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                    and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                body[0].value.value = ""
    return tree


# What the probe runs inside Pyodide: every game through the bridge, as a demo uses it.
PROBE = """
import json, sys
import engine
from engine.bridge import Session
session = Session()
for spec in engine.games():
    for request in ({"op": "new", "game": spec.slug, "seed": 3}, {"op": "play", "move": "x>y", "auto": True},
                    {"op": "why", "move": "x>y"}, {"op": "why-home", "pile": "t1"}, {"op": "auto"},
                    {"op": "solve", "budget": 300}, {"op": "solve", "budget": 300, "seconds": 1}, {"op": "undo"},
                    {"op": "redo"}, {"op": "finish"}, {"op": "restart"}, {"op": "view"}):
        session.handle(json.dumps(request))
    view = json.loads(session.handle(json.dumps({"op": "view"})))
    for move in (view.get("view") or {}).get("moves", [])[:3]:
        session.handle(json.dumps({"op": "play", "move": move, "auto": True}))
session.handle("{not json")
session.handle(json.dumps({"op": "replay", "record": "not a record"}))
session.handle(json.dumps({"op": "new", "game": "no-such-game", "seed": 1}))
# Modules frozen into Pyodide's binary are not read from the zip (their __file__ names it all the same).
frozen = sorted(n for n, m in sys.modules.items() if getattr(getattr(m, "__spec__", None), "origin", None) == "frozen")
files = sorted(getattr(m, "__file__", None) or "" for n, m in list(sys.modules.items()) if n not in frozen)
json.dumps({"files": files, "frozen": frozen})
"""

NODE_RUNNER = """
import { loadPyodide } from "pyodide";
import fs from "node:fs";
const [engineBundle, snippet] = process.argv.slice(2);
const py = await loadPyodide();
for (const [path, source] of Object.entries(JSON.parse(fs.readFileSync(engineBundle, "utf8")))) {
  const file = `/home/pyodide/lib/${path}`;
  py.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
  py.FS.writeFile(file, source);
}
py.runPython("import sys; sys.path.insert(0, '/home/pyodide/lib')");
process.stdout.write(String(py.runPython(fs.readFileSync(snippet, "utf8"))));
"""


def probe(root: Path = ROOT) -> tuple[list[str], list[str]]:
    """The zip entries loaded by Pyodide's start and the probe's work, in the order of the
    zip, and the modules frozen into Pyodide (loaded, but never from the zip)."""
    from .runtime import engine_bundle  # (the runtime imports this module)

    node = shutil.which("node")
    if not node:
        raise SystemExit("the probe needs Node.js (and 'npm ci' for Pyodide)")
    with tempfile.TemporaryDirectory(dir=root) as tmp:  # inside the repo, so Node finds node_modules
        folder = Path(tmp)
        (folder / "engine.json").write_bytes(engine_bundle())
        (folder / "probe.py").write_text(PROBE, "utf-8")
        (folder / "run.mjs").write_text(NODE_RUNNER, "utf-8")
        proc = subprocess.run([node, str(folder / "run.mjs"), str(folder / "engine.json"), str(folder / "probe.py")],
                              cwd=root, capture_output=True, text=True, timeout=1200, stdin=subprocess.DEVNULL)
    if proc.returncode:
        lines = [line for line in proc.stderr.splitlines() if len(line) < 400]  # (not the minified runtime)
        raise SystemExit("the probe failed:\n" + "\n".join(lines[-40:]))
    found = json.loads(proc.stdout)
    zipped = [f.split(".zip/", 1)[1] for f in found["files"] if ".zip/" in f and f.startswith("/lib/python")]
    order = zipfile.ZipFile(root / "node_modules" / "pyodide" / "python_stdlib.zip").namelist()
    loaded = set(zipped) | set(ALSO)
    return [name for name in order if name in loaded and not name.startswith(WHOLE)], found["frozen"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m site_builder.stdlib", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=KEEP_FILE, help="the list to write (default: %(default)s)")
    args = parser.parse_args(argv)
    version = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text("utf-8"))["version"]
    names, frozen = probe()
    head = [f"# The standard library files the demos keep (Pyodide {version}): made by",
            "# 'python -m site_builder.stdlib', which runs Pyodide's start and the engine's bridge over every",
            "# game under Node and lists the modules loaded from python_stdlib.zip, with the common codecs.",
            "# Pyodide's own packages (pyodide/, _pyodide/) are kept whole besides. See site_builder/stdlib.py.",
            "# Modules frozen into Pyodide's binary, loaded but never read from the zip:",
            *(f"{FROZEN}{name}" for name in frozen), "# The files:"]
    args.out.write_text("\n".join([*head, *names]) + "\n", "utf-8")
    print(f"{args.out}: {len(names)} files", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
