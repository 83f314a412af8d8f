"""The demos' standard library (``site_builder.stdlib``): Pyodide's zip cut to what they import.
Every module of the standard library the shipped engine imports is kept; the Pyodide parity
test (tests/engine/test_pyodide.py) runs the engine on the trimmed zip, and the play tests on
the built site, which catch what the engine's modules import in turn."""

from __future__ import annotations

import ast
import json
import zipfile
from pathlib import Path

from site_builder.runtime import ROOT, engine_bundle
from site_builder.stdlib import WHOLE, frozen_modules, keep_list, strip

NPM_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def imported(source: str) -> set[str]:
    """The absolute module names a Python source imports, at any depth of its code."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def missing(modules: set[str], zipped: set[str], kept: set[str], frozen: frozenset[str] = frozenset()) -> list[str]:
    """The modules (and their parent packages) that the full library has and the kept one
    lacks, but those frozen into Pyodide's binary."""
    out = set()
    for module in modules:
        parts = module.split(".")
        for n in range(1, len(parts) + 1):
            if ".".join(parts[:n]) in frozen:
                continue
            path = "/".join(parts[:n])
            for name in (path + ".py", path + "/__init__.py"):
                if name in zipped and name not in kept and not name.startswith(WHOLE):
                    out.add(".".join(parts[:n]))
    return sorted(out)


def engine_modules() -> set[str]:
    names: set[str] = set()
    for source in json.loads(engine_bundle()).values():
        names |= imported(source)
    return {n for n in names if n.split(".")[0] != "engine"}


def test_every_standard_module_the_shipped_engine_imports_is_kept() -> None:
    zipped = set(zipfile.ZipFile(NPM_STDLIB).namelist())
    modules = engine_modules()
    assert {"json", "heapq", "dataclasses"} <= modules  # the walk sees the engine's imports
    assert missing(modules, zipped, set(keep_list()), frozen_modules()) == []


def test_a_module_left_out_of_the_kept_files_is_named() -> None:
    zipped = set(zipfile.ZipFile(NPM_STDLIB).namelist())
    kept = set(keep_list()) - {"heapq.py", "json/__init__.py"}
    assert missing({"heapq", "json.decoder", "math", "pyodide.ffi"}, zipped, kept) == ["heapq", "json"]
    assert missing({"os", "os.path"}, zipped, kept) == ["os"]  # os.py is in the zip...
    assert missing({"os", "os.path"}, zipped, kept, frozenset({"os", "os.path"})) == []  # ...but frozen, never read
    assert imported("import a.b\nfrom c import d\nfrom . import e\ndef f():\n    import g\n") == {"a.b", "c", "g"}


def test_the_kept_list_names_files_of_pyodides_library_once_each() -> None:
    names = keep_list()
    zipped = set(zipfile.ZipFile(NPM_STDLIB).namelist())
    assert len(names) == len(set(names)) and set(names) <= zipped
    assert "encodings/utf_8.py" in names and "asyncio/__init__.py" in names  # Pyodide's start needs them
    assert "os" in frozen_modules() and "os.py" not in names  # frozen into Pyodide: its file is never read
    assert len(names) < len(zipped) / 3
    assert Path(__file__).resolve().parents[2] == ROOT


def test_strip_leaves_out_comments_and_docstrings_keeping_every_line_and_the_code() -> None:
    source = (b'"""Module."""\n# comment\nimport os  # why\n\n\ndef f(x):\n    """Two\n    lines."""\n'
              b'    return "#not a comment"\n\n\nclass C:\n    "one"\n    y = {"a":\n         "b"}\n')
    out = strip(source)
    assert out == (b'""\n\nimport os  \n\n\ndef f(x):\n    """\n"""\n    return "#not a comment"\n\n\n'
                   b'class C:\n    ""\n    y = {"a":\n         "b"}\n')
    assert ast.dump(ast.parse(out)) != ast.dump(ast.parse(source))  # the docstrings are gone...
    assert strip(b"x = (\n") == b"x = (\n"  # ...and a source this Python cannot read is left as it is
    assert strip(b"def f():\n    match = 1  # a name\n") == b"def f():\n    match = 1  \n"
