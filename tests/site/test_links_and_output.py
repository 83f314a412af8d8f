"""Link resolution, backlinks, the demo markup, safe output, and the command line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from site_builder import BuildFailed, build
from site_builder.__main__ import main
from site_builder.output import MARKER, OutputError
from site_fixture import game_page, write_content

LINKS = ("## Layout\n\nDeal.\n\n## Play\n\n"
         "See [[terrace]], [[WELL#layout|the well layout]], [[Foundations]] and [[glossary:well]].\n"
         "Unlike [[Rouge et Noir]], and [[Castle family|the castle games]].\n\n"
         "<script>alert(1)</script>\n")


@pytest.fixture
def built(tmp_path: Path) -> Path:
    content = write_content(tmp_path, {"games/deuces.md": game_page("deuces", LINKS)})
    out = tmp_path / "_site"
    build(content, out, search=False)
    return out


def read(out: Path, url: str) -> str:
    return (out / url.strip("/") / "index.html").read_text("utf-8")


def test_links_resolve_titles_aliases_anchors_and_terms_case_insensitively(built: Path) -> None:
    html = read(built, "/games/deuces/")
    assert '<a class="wl wl-game" href="/games/queen-of-italy/">terrace</a>' in html
    assert '<a class="wl wl-game" href="/games/well/#layout">the well layout</a>' in html
    assert 'href="/glossary/#foundation"' in html and ">Foundations</a>" in html
    assert 'href="/glossary/#well"' in html
    assert '<a class="wl wl-family" href="/families/beleaguered-castle/">the castle games</a>' in html


def test_planned_games_are_marked_not_dead_links(built: Path) -> None:
    html = read(built, "/games/deuces/")
    mention = re.search(r'<a class="wl planned" href="([^"]+)"[^>]*>Rouge et Noir'
                        r'<span class="nyw"> \(not yet written\)</span></a>', html)
    assert mention is not None
    url, anchor = mention.group(1).split("#")
    assert url == "/families/forty-thieves/"
    assert f'id="{anchor}"' in read(built, url) and "not yet written" in read(built, url)
    assert "Red and Black" in html.split('id="related"')[1].split("</section>")[0]  # related list, marked


def test_backlinks_list_the_pages_that_link_here(built: Path) -> None:
    well = read(built, "/games/well/")
    mentioned = well.split('id="mentioned-on"')[1].split("</section>")[0]
    assert 'href="/games/deuces/">Deuces</a>' in mentioned and "Patience Rulebook" in mentioned
    glossary = read(built, "/glossary/")
    assert re.search(r'Mentioned on: .*href="/games/deuces/"', glossary)


def test_raw_html_in_markdown_is_escaped(built: Path) -> None:
    html = read(built, "/games/deuces/")
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_demo_is_the_engines_first_deal_with_generic_markup(built: Path) -> None:
    html = read(built, "/games/deuces/")
    assert '<section class="demo" id="demo" data-game="deuces" data-status="static" data-seed="1"' in html
    # Playable once the script runs: the worker, the engine archive and Pyodide are named,
    # all same-origin. The controls are in the page from the first frame (the board does not
    # move when the player starts); a <noscript> style sheet hides them where scripts do not run.
    assert re.search(r'data-engine="/assets/engine\.[0-9a-f]{8}\.json" data-pyodide="/pyodide/[0-9.]+/" '
                     r'data-worker="/assets/worker\.[0-9a-f]{8}\.js"', html)
    # The player is a folder of modules, hashed as a whole so their relative imports hold.
    assert re.search(r'<script type="module" src="/assets/play\.[0-9a-f]{8}/main\.js"></script>', html)
    assert re.search(r'<div class="demo-controls" role="toolbar" aria-label="Game controls" data-js>', html)
    assert re.search(r'<noscript><link rel="stylesheet" href="/assets/nojs\.[0-9a-f]{8}\.css"></noscript>', html)
    assert "data-js hidden" not in html
    assert "Turn on JavaScript to play it here" in html
    assert html.count("data-pile=") == 20  # as many piles as the engine's view has
    assert html.count("data-card=") == 104
    assert re.search(r'data-card="[2-9JQKA0-9]+[CDHS]" data-id="[2-9JQKA0-9]+[CDHS](~[0-9])?" role="img" aria-label="[A-Z0-9][a-z0-9]* of (clubs|diamonds|'
                     r'hearts|spades)"', html)
    assert "\u2665" in html or "\u2666" in html  # suit symbols, not colour alone


def test_hashed_assets_and_all_pages_written(built: Path) -> None:
    assets = sorted(p.name for p in (built / "assets").iterdir())
    assert any(re.fullmatch(r"style\.[0-9a-f]{8}\.css", a) for a in assets)
    for url in ("/", "/games/", "/families/", "/decks/", "/glossary/", "/about/", "/search/",
                "/families/forty-thieves/", "/games/the-wheel/"):
        assert read(built, url).startswith("<!doctype html>")
    assert (built / "404.html").exists() and (built / MARKER).exists()


def test_failed_build_leaves_previous_output_untouched(tmp_path: Path) -> None:
    content = write_content(tmp_path)
    out = tmp_path / "_site"
    build(content, out, search=False)
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    (content / "games" / "well.md").write_text(game_page("well", "## Play\n\n[[Broken]]\n"), "utf-8")
    with pytest.raises(BuildFailed):
        build(content, out, search=False)
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_site", "content"]  # no temporary folder left


def test_crash_while_writing_leaves_previous_output_untouched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    content = write_content(tmp_path)
    out = tmp_path / "_site"
    build(content, out, search=False)
    before = sorted(p.relative_to(out) for p in out.rglob("*"))

    def boom(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("site_builder.pipeline.write_files", boom)
    with pytest.raises(OSError):
        build(content, out, search=False)
    assert sorted(p.relative_to(out) for p in out.rglob("*")) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_site", "content"]


def test_refuses_to_replace_a_folder_it_did_not_write(tmp_path: Path) -> None:
    content = write_content(tmp_path)
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.txt").write_text("do not delete", "utf-8")
    with pytest.raises(OutputError):
        build(content, precious, search=False)
    assert (precious / "thesis.txt").exists()


def test_check_command_reports_every_error_and_exits_non_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    content = write_content(tmp_path, {"games/well.md": game_page("well", "## Play\n\n[[Dueces]]\n"),
                                       "games/deuces.md": game_page("deuces", decks="3")})
    assert main(["check", "--content", str(content)]) == 1
    err = capsys.readouterr().err
    assert "well.md:16: broken link: '[[Dueces]]' (did you mean 'Deuces'?)" in err
    assert "deuces.md:5: 'decks' disagrees with the engine" in err
    assert "2 errors" in err
    assert not (tmp_path / "_site").exists()


def test_check_command_passes_on_good_content(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--content", str(write_content(tmp_path))]) == 0
    assert "no errors" in capsys.readouterr().out


def test_render_site_writes_the_files_that_are_not_pages_with_or_without_a_page_sink(tmp_path: Path) -> None:
    """``write`` gets the assets while the pages render, whether the pages come back in
    ``files`` (no sink) or are written by the sink; it never gets a page."""
    from site_builder.pipeline import read_site
    from site_builder.render import render_site

    site = read_site(write_content(tmp_path))
    for sink in (None, lambda rel, data: None):
        written: list[dict[str, bytes]] = []
        rendered = render_site(site, sink=sink, write=written.append)
        assert len(written) == 1
        assert written[0] and not any(rel.endswith("index.html") for rel in written[0])
        assert all(rendered.files[rel] == data for rel, data in written[0].items())
