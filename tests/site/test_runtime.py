"""The demos' runtime: the engine archive and the vendored Pyodide, checked at build time."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from site_builder import build
from site_builder.errors import BuildFailed
from site_builder.runtime import COMPILE_ALL, ENGINE_DIR, PYODIDE_CORE, ROOT, STDLIB, engine_bundle, prepare_runtime, vendor_pyodide
from site_builder.stdlib import keep_list, strip

from site_fixture import write_content


def test_engine_bundle_holds_the_engine_but_not_the_terminal_client_and_is_reproducible() -> None:
    data = engine_bundle()
    files = json.loads(data)
    names = list(files)
    assert "engine/__init__.py" in names and "engine/bridge.py" in names and "engine/games/wheel.py" in names
    assert "engine/cli.py" not in names and "engine/__main__.py" not in names and "engine/solver/bulk.py" not in names
    assert "engine/solver/datafile.py" not in names
    assert "engine/solver/search.py" in names and "engine/solver/core.py" in names  # (core.py: the search imports it)
    assert not any("__pycache__" in n for n in names)
    assert engine_bundle() == data  # same code, same bytes, same hashed name
    source = (ENGINE_DIR / "bridge.py").read_text("utf-8")
    assert files["engine/bridge.py"] == strip(source.encode()).decode() != source  # without comments and docstrings
    assert files["engine/bridge.py"].count("\n") == source.count("\n")  # each line at its number


def test_runtime_names_the_archive_by_its_hash_and_pyodide_by_its_pinned_version() -> None:
    rt = prepare_runtime()
    pinned = json.loads((ROOT / "package.json").read_text("utf-8"))["dependencies"]["pyodide"]
    assert rt.pyodide_version == pinned and rt.pyodide_url == f"/pyodide/{pinned}/"
    assert sorted(rt.files) == sorted([f"pyodide/{pinned}/{n}" for n in PYODIDE_CORE] + [rt.engine_url[1:]])
    assert rt.engine_url.startswith("/assets/engine.") and rt.engine_url.endswith(".json")


def fake_pyodide(root: Path, version: str, skip: str = "") -> Path:
    package = root / "node_modules" / "pyodide"
    package.mkdir(parents=True)
    (package / "package.json").write_text(json.dumps({"name": "pyodide", "version": version}), "utf-8")
    for name in PYODIDE_CORE:
        if name != skip:
            (package / name).write_bytes(b"x")
    if skip != STDLIB:
        (package / STDLIB).write_bytes(fake_stdlib())
    return root / "node_modules"


def fake_stdlib(drop: str = "") -> bytes:
    """A ``python_stdlib.zip`` holding every kept file (but ``drop``) and one more."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name in (*keep_list(), "unittest/__init__.py"):
            if name != drop:
                zf.writestr(name, f"# {name}\n")
    return out.getvalue()


def pinned() -> str:
    return str(json.loads((ROOT / "package.json").read_text("utf-8"))["dependencies"]["pyodide"])


def test_missing_pyodide_fails_the_build_saying_run_npm_ci_and_keeps_the_old_site(tmp_path: Path) -> None:
    content = write_content(tmp_path)
    out = tmp_path / "site"
    build(content, out, search=False)
    before = sorted(p.relative_to(out) for p in out.rglob("*"))
    with pytest.raises(BuildFailed) as info:
        build(content, out, search=False, node_modules=tmp_path / "empty")
    message = str(info.value)
    assert "Pyodide is not installed" in message and "npm ci" in message and str(tmp_path / "empty") in message
    assert sorted(p.relative_to(out) for p in out.rglob("*")) == before


def test_a_pyodide_other_than_the_pinned_version_fails_the_build(tmp_path: Path) -> None:
    with pytest.raises(BuildFailed) as info:
        prepare_runtime(fake_pyodide(tmp_path, "0.1.0"))
    assert f"pins pyodide {pinned()} but node_modules has: '0.1.0'" in str(info.value)


def test_a_missing_pyodide_core_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(BuildFailed) as info:
        prepare_runtime(fake_pyodide(tmp_path, pinned(), skip="pyodide.asm.wasm"))
    assert "a Pyodide core file is missing or empty: 'pyodide.asm.wasm'" in str(info.value)


def test_built_site_carries_the_core_files_and_nothing_else_of_the_npm_package(tmp_path: Path) -> None:
    out = tmp_path / "site"
    build(write_content(tmp_path), out, search=False)
    folder = out / "pyodide" / pinned()
    assert sorted(p.name for p in folder.iterdir()) == sorted(PYODIDE_CORE)
    for name in PYODIDE_CORE:
        npm = (ROOT / "node_modules" / "pyodide" / name).read_bytes()
        # Pyodide's two scripts carry V8's compile hint in front, and are otherwise the npm package's.
        want = COMPILE_ALL + npm if name in ("pyodide.mjs", "pyodide.asm.mjs") else npm
        if name != STDLIB:
            assert (folder / name).read_bytes() == want, name
    # The standard library: the files the demos import, as the npm package has them less comments and docstrings.
    kept = zipfile.ZipFile(folder / STDLIB)
    npm_zip = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / STDLIB)
    names = kept.namelist()
    assert set(keep_list()) <= set(names) and "json/decoder.py" in names and "engine/bridge.py" not in names
    assert "unittest/__init__.py" not in names and "email/__init__.py" not in names  # never imported by a demo
    assert {n for n in npm_zip.namelist() if n.startswith("pyodide/") and not n.endswith("/")} <= set(names)
    assert all(kept.read(n) == strip(npm_zip.read(n)) for n in names)
    assert sum(kept.read(n) != npm_zip.read(n) for n in names) > len(names) * 0.8
    assert (folder / STDLIB).stat().st_size < (ROOT / "node_modules" / "pyodide" / STDLIB).stat().st_size / 3


def test_pyodide_scripts_are_marked_for_eager_compilation_once(tmp_path: Path) -> None:
    package = fake_pyodide(tmp_path, pinned()) / "pyodide"
    (package / "pyodide.mjs").write_bytes(COMPILE_ALL + b"export {}")  # already marked: not marked twice
    files = vendor_pyodide(package.parent)[1]
    folder = f"pyodide/{pinned()}/"
    assert COMPILE_ALL == b"//# allFunctionsCalledOnLoad\n"  # the comment V8 looks for, on the first line
    assert files[folder + "pyodide.mjs"] == COMPILE_ALL + b"export {}"
    assert files[folder + "pyodide.asm.mjs"] == COMPILE_ALL + b"x"
    assert files[folder + "pyodide.asm.wasm"] == b"x"


def test_the_standard_library_is_cut_to_the_kept_files_the_same_bytes_every_time(tmp_path: Path) -> None:
    package = fake_pyodide(tmp_path, pinned())
    files = vendor_pyodide(package)[1]
    data = files[f"pyodide/{pinned()}/{STDLIB}"]
    assert zipfile.ZipFile(io.BytesIO(data)).namelist() == list(keep_list())  # "unittest/" left out
    assert vendor_pyodide(package)[1][f"pyodide/{pinned()}/{STDLIB}"] == data


def test_a_kept_file_missing_from_pyodides_standard_library_fails_the_build_naming_it(tmp_path: Path) -> None:
    package = fake_pyodide(tmp_path, pinned())
    (package / "pyodide" / STDLIB).write_bytes(fake_stdlib(drop="json/decoder.py"))
    with pytest.raises(BuildFailed) as info:
        vendor_pyodide(package)
    message = str(info.value)
    assert "not in Pyodide's standard library: 'json/decoder.py'" in message and "stdlib-keep.txt" in message
    assert "python -m site_builder.stdlib" in message
    (package / "pyodide" / STDLIB).write_bytes(b"not a zip")
    with pytest.raises(BuildFailed, match="standard library is not a zip file"):
        vendor_pyodide(package)
