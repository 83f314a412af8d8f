"""Incremental and parallel builds give the very site a clean, serial build gives.

Each test builds the small fixture site into one folder with the cache (as the command
line does) and, after every edit, compares it file by file and byte for byte with a clean
build of the same content into another folder.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from site_builder import BuildFailed, build, parallel
from site_builder.cache import FILE, SHARDS, cache_dir, shard_file
from site_builder.render import THEME

from site_fixture import game_page, name_page, tree, write_content

REAL_WINNABILITY = Path(__file__).resolve().parents[2] / "content" / "winnability" / "deuces.json"


class Builds:
    """An incremental site (``site``, cached) and a clean one built afresh for comparison."""

    def __init__(self, root: Path, theme: Path = THEME) -> None:
        self.root = root
        self.content = write_content(root)
        self.site = root / "site"
        self.theme = theme
        self.last_rendered = 0

    def incremental(self) -> int:
        """Build with the cache; returns how many pages were rendered (not reused)."""
        result = build(self.content, self.site, search=False, theme=self.theme, cache=cache_dir(self.site))
        self.last_rendered = result.pages - result.unchanged
        return self.last_rendered

    def assert_same_as_clean(self) -> None:
        clean = self.root / "clean"
        build(self.content, clean, search=False, theme=self.theme)
        got, want = tree(self.site), tree(clean)
        assert sorted(got) == sorted(want)
        differ = [name for name in want if got[name] != want[name]]
        assert differ == [], f"incremental build differs from a clean one in {differ}"
        shutil.rmtree(clean)

    def write(self, rel: str, text: str | None) -> None:
        path = self.content / rel
        if text is None:
            path.unlink()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")


def test_a_sequence_of_edits_builds_the_same_site_as_a_clean_build(tmp_path: Path) -> None:
    theme = tmp_path / "theme"
    shutil.copytree(THEME, theme)
    b = Builds(tmp_path, theme)
    assert b.incremental() > 40  # nothing cached yet: every page is rendered
    b.assert_same_as_clean()

    assert b.incremental() == 0  # nothing changed: every page comes from the previous site
    b.assert_same_as_clean()

    # A page's text: that page alone (its link to the glossary stays, so the glossary's
    # "mentioned on" does too).
    play = "## Layout\n\nDeal two packs.\n\n## Play\n\nBuild on the [[foundations]]."
    b.write("games/deuces.md", game_page("deuces", play + " New words.\n"))
    assert b.incremental() == 1
    b.assert_same_as_clean()

    # A new link: the page that links, and the page linked to (its "Mentioned on").
    b.write("games/deuces.md", game_page("deuces", play + " As in [[Well]].\n"))
    assert b.incremental() == 2
    b.assert_same_as_clean()
    assert "/games/deuces/" in (b.site / "games" / "well" / "index.html").read_text("utf-8")

    # A page added, then removed: it goes, and so do the links to it.
    b.write("names/twins.md", name_page("Twins", ["Well", "Deuces"]))
    b.incremental()
    assert (b.site / "names" / "twins" / "index.html").exists()
    b.assert_same_as_clean()
    b.write("names/twins.md", None)
    b.incremental()
    assert not (b.site / "names" / "twins").exists()
    b.assert_same_as_clean()

    # A page's summary shows on other pages (its family, the indexes): they follow.
    b.write("games/well.md", game_page("well", summary='"A new summary of Well."'))
    assert b.incremental() > 1
    b.assert_same_as_clean()

    # A winnability figure: the game's page shows it, and its demo opens on a won deal.
    b.write("winnability/deuces.json", REAL_WINNABILITY.read_text("utf-8"))
    b.incremental()
    b.assert_same_as_clean()

    # A theme file: every page (the stylesheet's hashed name is on each), then a template.
    (theme / "static" / "style.css").write_text((theme / "static" / "style.css").read_text("utf-8")
                                                + "\n/* changed */\n", "utf-8")
    pages = b.incremental()
    assert pages > 40
    b.assert_same_as_clean()
    template = theme / "templates" / "404.html"
    template.write_text(template.read_text("utf-8").replace("</", " Changed.</", 1), "utf-8")
    b.incremental()
    b.assert_same_as_clean()
    assert "Changed." in (b.site / "404.html").read_text("utf-8")


def test_an_engine_change_renders_every_page_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    b = Builds(tmp_path)
    total = b.incremental()
    from site_builder import board, runtime

    real = runtime.engine_bundle
    monkeypatch.setattr(runtime, "engine_bundle", lambda **kw: real() + b"changed")
    monkeypatch.setattr(board, "_ENGINE", ["another engine"])
    assert b.incremental() == total
    b.assert_same_as_clean()


def test_a_cached_winnability_figure_turns_stale_when_the_rules_change(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache keeps a checked winnability file; whether its figure is stale is decided
    afresh by each build, against the rules the engine has then."""
    b = Builds(tmp_path)
    b.write("winnability/deuces.json", REAL_WINNABILITY.read_text("utf-8"))
    first = build(b.content, b.site, search=False, cache=cache_dir(b.site))
    assert not [w for w in first.warnings if "stale" in w.message]
    import engine
    from site_builder import winnability

    # New rules: a fingerprint is worked out once per spec object, and new rules come in a
    # new process (the watcher starts one when the engine changes), with nothing remembered.
    monkeypatch.setattr(engine, "fingerprint", lambda spec: "0123456789abcdef")
    monkeypatch.setattr(winnability, "_FINGERPRINTS", {})
    result = build(b.content, b.site, search=False, cache=cache_dir(b.site))
    stale = [w for w in result.warnings if "stale" in w.message]
    assert len(stale) == 1 and str(stale[0].path).endswith("deuces.json") and "0123456789abcdef" in stale[0].message
    assert "being recomputed" in (b.site / "games" / "deuces" / "index.html").read_text("utf-8")
    b.assert_same_as_clean()


def test_a_parallel_build_is_byte_for_byte_a_serial_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    content = write_content(tmp_path)
    monkeypatch.setattr(parallel, "MIN_PARALLEL", 2)  # the fixture is small: fork for it anyway
    build(content, tmp_path / "serial", search=False, jobs=1)
    build(content, tmp_path / "parallel", search=False, jobs=2)
    assert tree(tmp_path / "parallel") == tree(tmp_path / "serial")


def test_a_corrupt_cache_is_ignored(tmp_path: Path) -> None:
    b = Builds(tmp_path)
    b.incremental()
    cache = cache_dir(b.site) / FILE
    cache.write_bytes(b"not a pickle at all")
    b.write("games/well.md", game_page("well", "## Play\n\nOther words.\n"))
    assert b.incremental() > 40  # nothing usable: everything again, and no error
    b.assert_same_as_clean()
    data = cache.read_bytes()
    cache.write_bytes(data[: len(data) // 2])  # cut short
    b.incremental()
    b.assert_same_as_clean()


def test_a_damaged_cache_entry_is_a_miss(tmp_path: Path) -> None:
    import pickle

    b = Builds(tmp_path)
    b.incremental()
    damaged = 0
    for n in range(SHARDS):
        path = cache_dir(b.site) / shard_file(n)
        if path.is_file():
            data = pickle.loads(path.read_bytes())
            data["entries"] = {name: b"garbage" for name in data["entries"]}
            damaged += len(data["entries"])
            path.write_bytes(pickle.dumps(data))
    assert damaged > 40  # every entry: each page's front matter and body, each first deal
    b.write("games/well.md", game_page("well", "## Play\n\nOther words.\n"))
    b.incremental()
    b.assert_same_as_clean()


def test_a_page_edited_in_the_output_folder_is_rendered_again(tmp_path: Path) -> None:
    b = Builds(tmp_path)
    b.incremental()
    page = b.site / "games" / "well" / "index.html"
    with page.open("a", encoding="utf-8") as f:  # in place: same inode
        f.write("<!-- edited by hand -->")
    assert b.incremental() == 1
    b.assert_same_as_clean()


def test_clean_ignores_the_cache(tmp_path: Path) -> None:
    b = Builds(tmp_path)
    total = b.incremental()
    result = build(b.content, b.site, search=False, cache=cache_dir(b.site), clean=True)
    assert result.unchanged == 0 and result.pages == total
    b.assert_same_as_clean()


def test_a_clean_build_keeps_the_site_it_replaces_as_the_spare_and_nothing_else(tmp_path: Path) -> None:
    """A clean build writes its pages anew into the spare's folders (it reuses no page of
    either older site), and the site it replaces becomes the spare."""
    b = Builds(tmp_path)
    b.incremental()
    b.incremental()  # now a spare exists: the first build's site
    spare = cache_dir(b.site) / "previous-site"
    assert spare.is_dir()
    before = tree(b.site)

    def inodes(folder: Path) -> dict[Path, int]:
        return {p.relative_to(folder): p.stat().st_ino for p in folder.rglob("*")}

    served = inodes(b.site)
    result = build(b.content, b.site, search=False, cache=cache_dir(b.site), clean=True)
    assert result.unchanged == 0
    assert tree(spare) == before and inodes(spare) == served  # the very site that was served
    assert not set(inodes(b.site).values()) & set(served.values())  # the clean build wrote every file anew
    assert sorted(p.name for p in b.site.parent.iterdir() if p.name.startswith(".site-")) == []
    assert b.incremental() == 0  # the next build takes the spare up and finds nothing changed
    b.assert_same_as_clean()


def test_a_failed_build_keeps_the_site_and_the_cache(tmp_path: Path) -> None:
    b = Builds(tmp_path)
    b.incremental()
    before = tree(b.site)
    cache = (cache_dir(b.site) / FILE).read_bytes()
    broken = game_page("well", "## Play\n\nSee [[Nowhere]].\n")
    b.write("games/well.md", broken)
    with pytest.raises(BuildFailed) as failed:
        b.incremental()
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if "[[Nowhere]]" in text)
    assert [(e.path.name, e.line, e.value) for e in failed.value.errors] == [("well.md", line, "[[Nowhere]]")]
    assert tree(b.site) == before
    assert (cache_dir(b.site) / FILE).read_bytes() == cache
    b.write("games/well.md", game_page("well", "## Play\n\nSee [[Deuces]].\n"))
    b.incremental()
    b.assert_same_as_clean()


def test_the_cache_is_kept_outside_the_site(tmp_path: Path) -> None:
    b = Builds(tmp_path)
    b.incremental()
    assert cache_dir(b.site) == tmp_path / ".cache" / "site_builder" / "site"
    assert (cache_dir(b.site) / FILE).is_file()
    assert not any(".cache" in p.parts or p.name.endswith(".pickle") for p in b.site.rglob("*"))


def test_a_build_rewrites_only_the_cache_shards_whose_entries_changed(tmp_path: Path) -> None:
    b = Builds(tmp_path)
    b.incremental()
    folder = cache_dir(b.site)

    def shards() -> dict[int, int]:
        return {n: (folder / shard_file(n)).stat().st_ino for n in range(SHARDS) if (folder / shard_file(n)).is_file()}

    first = shards()
    assert len(first) > SHARDS // 2  # the entries are spread out
    b.incremental()
    assert shards() == first  # nothing changed: no shard written again
    b.write("games/well.md", game_page("well", "## Play\n\nOther words.\n"))
    b.incremental()
    rewritten = [n for n, inode in shards().items() if first.get(n) != inode]
    assert 0 < len(rewritten) <= 6  # the old and new front matter, body and HTML entries of one page
    b.assert_same_as_clean()


def test_an_error_in_a_file_read_from_the_cache_names_the_line_a_clean_build_names(tmp_path: Path) -> None:
    """A file whose front matter comes from the cache is not split into lines; an error
    found in it later (a related game that is gone, a family that is gone) still names
    the line of the value."""
    b = Builds(tmp_path)
    b.write("games/deuces.md", game_page("deuces", related='["Well", "Busy Aces"]'))
    b.incremental()
    b.write("games/busy-aces.md", None)  # deuces.md is unchanged: its front matter is read from the cache
    b.write("families/forty-thieves.md", None)
    with pytest.raises(BuildFailed) as cached:
        b.incremental()
    with pytest.raises(BuildFailed) as clean:
        build(b.content, tmp_path / "clean", search=False)
    found = sorted((e.path.name, e.line, e.message, str(e.value)) for e in cached.value.errors)
    assert found == sorted((e.path.name, e.line, e.message, str(e.value)) for e in clean.value.errors)
    assert [(line, value) for name, line, _, value in found if name == "deuces.md"] == \
        [(4, "forty-thieves"), (7, "Busy Aces")]
