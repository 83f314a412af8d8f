"""Name pages (``content/names/<slug>.md``): a name several games share ("Jubilee") gets a
page of its own at ``/names/<slug>/`` that lists each game and sends the reader to it."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from site_builder import build
from site_fixture import errors_for, game_page, name_page, only, write_content

GAMES = ["Klondike", "Klondike (draw one)", "Red and Black"]  # two written, one planned
NAME = name_page("Test name", GAMES, "## Which is which\n\nStart with [[Klondike]]; see also [[Test name#Which is which]].\n")
BODY_START = 11  # file line of the first body line of NAME (title 2, summary 3, games 4-8)
GAME_BODY_START = 14  # file line of the first body line of a fixture game page


def read(out: Path, url: str) -> str:
    return (out / url.strip("/") / "index.html").read_text("utf-8")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("names")
    body = "## Play\n\nNot to be confused with the other [[test name|games of that name]], nor [[Test Name]].\n"
    content = write_content(root, {"names/test-name.md": NAME, "games/deuces.md": game_page("deuces", body)})
    out = root / "_site"
    build(content, out)  # with the search index
    return out


def test_the_page_lists_each_game_with_its_summary_or_note_and_links_the_rule_pages(built: Path) -> None:
    html = read(built, "/names/test-name/")
    assert "<h1>Test name</h1>" in html and "Several games are called Test name." in html
    listed = html.split('id="name-games"')[1].split("</section>")[0]
    assert "Three games called Test name" in listed
    items = re.findall(r"<li[^>]*>(.*?)</li>", listed, re.S)
    assert len(items) == 3
    assert items[0].startswith('<a href="/games/klondike/">Klondike</a>')
    assert "A short summary of Klondike." in items[0]
    assert items[1].startswith('<a href="/games/klondike-draw-one/">Klondike (draw one)</a>')
    assert "Red and Black" in items[2] and "not yet written" in items[2] and "Forty Thieves in colours." in items[2]
    assert "<a " not in items[2]  # a planned game has no rule page to link


def test_the_page_renders_its_body_and_its_own_links(built: Path) -> None:
    html = read(built, "/names/test-name/")
    assert '<h2 id="which-is-which">Which is which</h2>' in html
    assert '<a class="wl wl-game" href="/games/klondike/">Klondike</a>' in html
    assert 'href="/names/test-name/#which-is-which"' in html


def test_wikilinks_to_the_name_resolve_to_its_page_and_leave_a_backlink(built: Path) -> None:
    deuces = read(built, "/games/deuces/")
    assert '<a class="wl wl-name" href="/names/test-name/">games of that name</a>' in deuces
    assert '<a class="wl wl-name" href="/names/test-name/">Test Name</a>' in deuces
    mentioned = read(built, "/names/test-name/").split('id="mentioned-on"')[1].split("</section>")[0]
    assert 'href="/games/deuces/">Deuces</a>' in mentioned


def test_each_listed_rule_page_points_back_to_the_name(built: Path) -> None:
    for url in ("/games/klondike/", "/games/klondike-draw-one/"):
        assert 'One of three games called <a href="/names/test-name/">Test name</a>.' in read(built, url)
    assert "games called" not in read(built, "/games/well/")


def test_the_name_is_in_the_games_index_and_the_search_index(built: Path) -> None:
    index = read(built, "/games/")
    entry = re.search(r'<li><a href="/names/test-name/">Test name</a>: the name of three games,(.*?)</li>', index, re.S)
    assert entry is not None
    assert 'href="/games/klondike/"' in entry.group(1) and "Red and Black" in entry.group(1)
    assert re.search(r'<main id="main" class="wrap" data-pagefind-body>\s*<article class="name-page"',
                     read(built, "/names/test-name/"))
    fragments = [gzip.decompress(p.read_bytes()) for p in (built / "pagefind" / "fragment").iterdir()]
    assert any(b'"url":"/names/test-name/"' in f for f in fragments)


def test_a_games_entry_naming_nothing_known_names_file_line_value_and_suggestion(tmp_path: Path) -> None:
    bad = name_page("Test name", ["Klondike", "Red and Blak", "Well"])
    err = only(errors_for(tmp_path, {"names/test-name.md": bad}), "names no game")
    assert str(err.path).endswith("names/test-name.md")
    assert err.line == 6 and err.value == "Red and Blak"
    assert "did you mean 'Red and Black'?" in str(err)


def test_a_name_clashing_with_a_game_title_or_alias_fails(tmp_path: Path) -> None:
    errors = errors_for(tmp_path, {"names/well.md": name_page("WELL", ["Well", "Well (up only)"]),
                                   "names/rouge.md": name_page("Rouge et Noir", ["Red and Black", "Deuces"])})
    clashes = [e for e in errors if "already a game's title or alias" in e.message]
    assert len(clashes) == 2, [str(e) for e in errors]
    well = next(e for e in clashes if str(e.path).endswith("names/well.md"))
    assert well.line == 2 and well.value == "WELL" and "games/well.md" in well.hint
    rouge = next(e for e in clashes if str(e.path).endswith("names/rouge.md"))
    assert rouge.line == 2 and rouge.value == "Rouge et Noir" and "planned.toml" in rouge.hint


def test_two_name_pages_with_one_title_fail(tmp_path: Path) -> None:
    errors = errors_for(tmp_path, {"names/a.md": name_page("Twin", ["Well", "Deuces"]),
                                   "names/b.md": name_page("twin", ["Spider", "Deuces"])})
    err = only(errors, "duplicate name page title")
    assert str(err.path).endswith("names/b.md") and err.line == 2 and err.value == "twin"


def test_a_missing_title_or_games_key_is_named(tmp_path: Path) -> None:
    untitled = '+++\nsummary = "No title."\ngames = ["Well", "Deuces"]\n+++\n\nText.\n'
    errors = errors_for(tmp_path, {"names/a.md": untitled,
                                   "names/b.md": name_page("B", ["Well", "Deuces"], games=None)})
    missing = sorted((Path(e.path).name, e.value) for e in errors if "missing required key" in e.message)
    assert missing == [("a.md", "title"), ("b.md", "games")]


def test_a_name_page_needs_two_different_games(tmp_path: Path) -> None:
    errors = errors_for(tmp_path, {"names/a.md": name_page("Lonely", ["Well"]),
                                   "names/b.md": name_page("Echo", ["Klondike", "Well", "klondike"])})
    err = only(errors, "at least two games")
    assert str(err.path).endswith("names/a.md") and err.line == 4 and err.value == ["Well"]
    err = only(errors, "listed twice")
    assert str(err.path).endswith("names/b.md") and err.line == 7 and err.value == "klondike"


def test_a_broken_link_in_a_name_page_body_is_an_error(tmp_path: Path) -> None:
    bad = name_page("Test name", GAMES, "Intro.\n\nSee [[Klondyke]] and [the list](/gmes/).\n")
    errors = errors_for(tmp_path, {"names/test-name.md": bad})
    broken = sorted((str(e.value), e.line) for e in errors if e.message == "broken link")
    assert broken == [("/gmes/", BODY_START + 2), ("[[Klondyke]]", BODY_START + 2)], [str(e) for e in errors]
    assert all(str(e.path).endswith("names/test-name.md") for e in errors)


def test_links_to_a_missing_section_of_a_name_page_fail(tmp_path: Path) -> None:
    body = "## Play\n\nSee [[Test name#Nowhere]].\n"
    errors = errors_for(tmp_path, {"names/test-name.md": NAME, "games/deuces.md": game_page("deuces", body)})
    err = only(errors, "broken anchor")
    assert str(err.path).endswith("games/deuces.md") and err.line == GAME_BODY_START + 2


def test_listing_a_shared_name_as_a_game_says_which_games_it_means(tmp_path: Path) -> None:
    errors = errors_for(tmp_path, {"names/test-name.md": NAME,
                                   "games/deuces.md": game_page("deuces", related='["Test name"]')})
    err = only(errors, "names no game")
    assert str(err.path).endswith("games/deuces.md") and err.value == "Test name"
    assert "name several games share" in err.hint and "'Klondike (draw one)'" in err.hint


def test_an_unexpected_folder_is_still_an_error(tmp_path: Path) -> None:
    errors = errors_for(tmp_path, {"names/deep/x.md": NAME})
    err = only(errors, "unexpected file")
    assert err.value == "names/deep/x.md" and "names/*.md" in err.message
