"""The watcher's warm builder: builds forked from a process that has done its imports give
the command line's site and errors, and a change of the code it imported starts it again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from site_builder import build, watch
from site_fixture import game_page, tree, write_content


@pytest.fixture
def warm(tmp_path: Path) -> Iterator[watch.WarmBuilder]:
    """A warm builder of the fixture content (``tmp_path/content``) into ``tmp_path/site``."""
    builder = watch.WarmBuilder(write_content(tmp_path), tmp_path / "site", ["--no-search"])
    yield builder
    builder.close()


def test_warm_builds_give_the_command_lines_site_and_errors(tmp_path: Path, warm: watch.WarmBuilder) -> None:
    content = tmp_path / "content"
    assert warm() == []
    first = warm.proc
    assert first is not None
    (content / "games" / "well.md").write_text(game_page("well", "## Play\n\nSee [[Nowhere]].\n"), "utf-8")
    errors = warm()
    assert [(Path(e["path"]).name, e["line"] > 0) for e in errors] == [("well.md", True)]
    assert "Nowhere" in errors[0]["text"]
    (content / "games" / "well.md").write_text(game_page("well", "## Play\n\nOther words.\n"), "utf-8")
    assert warm() == []
    assert warm.proc is first  # the same warm process served all three
    build(content, tmp_path / "clean", search=False)
    assert tree(tmp_path / "site") == tree(tmp_path / "clean")


def test_a_change_of_the_code_starts_the_warm_process_again(tmp_path: Path, warm: watch.WarmBuilder,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    code = tmp_path / "code"
    code.mkdir()
    (code / "module.py").write_text("X = 1\n", "utf-8")
    monkeypatch.setattr(watch, "CODE", [code])
    assert warm() == []
    first = warm.proc
    assert warm() == [] and warm.proc is first
    (code / "module.py").write_text("X = 22\n", "utf-8")  # another size: a change whatever the clock says
    assert warm() == []
    assert warm.proc is not first and first is not None and first.poll() is not None


def test_a_warm_process_that_died_is_replaced(warm: watch.WarmBuilder) -> None:
    assert warm() == []
    first = warm.proc
    assert first is not None
    first.kill()
    first.wait()
    assert warm() == []
    assert warm.proc is not None and warm.proc is not first
