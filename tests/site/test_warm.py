"""The watcher's warm builder: builds forked from a process that has done its imports give
the command line's site and errors, and a change of the code it imported starts it again."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_builder import build, watch
from site_fixture import game_page, write_content

def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_warm_builds_give_the_command_lines_site_and_errors(tmp_path: Path) -> None:
    content = write_content(tmp_path)
    builder = watch.WarmBuilder(content, tmp_path / "site", ["--no-search"])
    try:
        assert builder() == []
        first = builder.proc
        assert first is not None
        (content / "games" / "well.md").write_text(game_page("well", "## Play\n\nSee [[Nowhere]].\n"), "utf-8")
        errors = builder()
        assert [(Path(e["path"]).name, e["line"] > 0) for e in errors] == [("well.md", True)]
        assert "Nowhere" in errors[0]["text"]
        (content / "games" / "well.md").write_text(game_page("well", "## Play\n\nOther words.\n"), "utf-8")
        assert builder() == []
        assert builder.proc is first  # the same warm process served all three
    finally:
        builder.close()
    build(content, tmp_path / "clean", search=False)
    assert tree(tmp_path / "site") == tree(tmp_path / "clean")


def test_a_change_of_the_code_starts_the_warm_process_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code = tmp_path / "code"
    code.mkdir()
    (code / "module.py").write_text("X = 1\n", "utf-8")
    monkeypatch.setattr(watch, "CODE", [code])
    content = write_content(tmp_path)
    builder = watch.WarmBuilder(content, tmp_path / "site", ["--no-search"])
    try:
        assert builder() == []
        first = builder.proc
        assert builder() == [] and builder.proc is first
        (code / "module.py").write_text("X = 22\n", "utf-8")  # another size: a change whatever the clock says
        assert builder() == []
        assert builder.proc is not first and first is not None and first.poll() is not None
    finally:
        builder.close()


def test_a_warm_process_that_died_is_replaced(tmp_path: Path) -> None:
    content = write_content(tmp_path)
    builder = watch.WarmBuilder(content, tmp_path / "site", ["--no-search"])
    try:
        assert builder() == []
        first = builder.proc
        assert first is not None
        first.kill()
        first.wait()
        assert builder() == []
        assert builder.proc is not None and builder.proc is not first
    finally:
        builder.close()
