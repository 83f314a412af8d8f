"""Every content error fails the build with the file, the line and the offending value."""

from __future__ import annotations

from pathlib import Path

from site_builder import check
from site_fixture import errors_for, game_page, only, write_content

BODY_START = 14  # file line of the first body line of a fixture game page


def test_fixture_content_is_valid(tmp_path: Path) -> None:
    site = check(write_content(tmp_path))
    assert "well" in site.games and site.planned[0].title == "Red and Black"


def test_broken_link_names_file_line_value_and_suggestion(tmp_path: Path) -> None:
    body = "## Layout\n\nDeal.\n\nLike [[Red and Blak]] but harder.\n"
    err = only(errors_for(tmp_path, {"games/deuces.md": game_page("deuces", body)}), "broken link")
    assert str(err.path).endswith("games/deuces.md")
    assert err.line == BODY_START + 4
    assert err.value == "[[Red and Blak]]"
    assert "did you mean 'Red and Black'" in str(err)


def test_broken_link_line_counts_soft_line_breaks(tmp_path: Path) -> None:
    body = "## Play\n\nFirst line,\nsecond line,\nthird [[Nowhere at all]].\n"
    err = only(errors_for(tmp_path, {"games/deuces.md": game_page("deuces", body)}), "broken link")
    assert err.line == BODY_START + 4


def test_broken_anchor_is_an_error_with_suggestion(tmp_path: Path) -> None:
    body = "## Play\n\nSee [[Well#Layuot]].\n"
    err = only(errors_for(tmp_path, {"games/deuces.md": game_page("deuces", body)}), "broken anchor")
    assert err.line == BODY_START + 2 and err.value == "[[Well#Layuot]]"
    assert "'layout'" in str(err)


def test_markdown_link_to_missing_page_is_an_error(tmp_path: Path) -> None:
    body = "## Play\n\nSee [the list](/gmes/).\n"
    err = only(errors_for(tmp_path, {"games/deuces.md": game_page("deuces", body)}), "broken link")
    assert err.value == "/gmes/" and err.line == BODY_START + 2


def test_unknown_family_in_game_front_matter(tmp_path: Path) -> None:
    errors = errors_for(tmp_path, {"families/terrace.md": None,
                                   "families/terraces.md": '+++\ntitle = "Terraces"\nsummary = "s"\n+++\n'})
    err = only(errors, "unknown family")
    assert str(err.path).endswith("games/queen-of-italy.md") and err.line == 4 and err.value == "terrace"
    assert "did you mean 'terraces'" in str(err)


def test_unknown_family_in_planned_games(tmp_path: Path) -> None:
    planned = '[[game]]\ntitle = "Scorpion"\nfamily = "spidr"\ndecks = 1\n'
    err = only(errors_for(tmp_path, {"planned.toml": planned}), "unknown family")
    assert str(err.path).endswith("planned.toml") and err.line == 3 and err.value == "spidr"
    assert "did you mean 'spider'" in str(err)


def test_unknown_engine_slug_suggests_the_close_one(tmp_path: Path) -> None:
    errors = errors_for(tmp_path, {"games/deuces.md": game_page("deuces", engine='"deuce"')})
    err = only(errors, "unknown engine game")
    assert err.line == 3 and err.value == "deuce" and "did you mean 'deuces'" in str(err)


def test_every_engine_game_needs_a_page(tmp_path: Path) -> None:
    err = only(errors_for(tmp_path, {"games/the-wheel.md": None}), "has no rule page")
    assert err.value == "the-wheel" and str(err.path).endswith("games/the-wheel.md")


def test_disagreeing_with_the_engine_is_an_error(tmp_path: Path) -> None:
    errors = errors_for(tmp_path, {"games/deuces.md": game_page("deuces", decks="3", title='"Deuce"')})
    decks = only(errors, "'decks' disagrees with the engine")
    assert decks.line == 5 and decks.value == 3 and "says 2" in str(decks)
    title = only(errors, "'title' disagrees")
    assert title.line == 2 and title.value == "Deuce"


def test_duplicate_engine_slug(tmp_path: Path) -> None:
    err = only(errors_for(tmp_path, {"games/deuces-again.md": game_page("deuces")}), "duplicate engine slug")
    assert err.value == "deuces" and err.line == 3 and "already used by" in str(err)


def test_duplicate_title_between_game_and_planned(tmp_path: Path) -> None:
    planned = '[[game]]\ntitle = "Red and Black"\nfamily = "forty-thieves"\ndecks = 2\n\n' \
              '[[game]]\ntitle = "deuces"\nfamily = "forty-thieves"\ndecks = 2\n'
    err = only(errors_for(tmp_path, {"planned.toml": planned}), "duplicate title")
    assert str(err.path).endswith("planned.toml") and err.line == 7 and err.value == "deuces"


def test_duplicate_alias(tmp_path: Path) -> None:
    errors = errors_for(tmp_path, {"games/well.md": game_page("well", aliases='["Terrace"]')})
    err = only(errors, "duplicate alias")
    assert err.value == "Terrace" and err.line == 8 and "queen-of-italy" in str(err)


def test_missing_key(tmp_path: Path) -> None:
    err = only(errors_for(tmp_path, {"games/deuces.md": game_page("deuces", summary=None)}), "missing required key")
    assert err.value == "summary" and err.line == 2


def test_unknown_key_suggests_the_right_one(tmp_path: Path) -> None:
    errors = errors_for(tmp_path, {"games/deuces.md": game_page("deuces", familly='"forty-thieves"')})
    err = only(errors, "unknown key")
    assert err.value == "familly" and err.line == 8 and "did you mean 'family'" in str(err)


def test_wrong_type(tmp_path: Path) -> None:
    err = only(errors_for(tmp_path, {"games/deuces.md": game_page("deuces", decks='"two"')}), "must be an integer")
    assert err.line == 5 and err.value == "two"


def test_wrong_type_in_sources_table(tmp_path: Path) -> None:
    page = game_page("deuces").replace('note = "page 1"', "note = 12")
    err = only(errors_for(tmp_path, {"games/deuces.md": page}), "'note' must be a string")
    assert err.line == 11 and err.value == 12


def test_toml_syntax_error_reports_the_file_line(tmp_path: Path) -> None:
    page = game_page("deuces").replace("decks = 2", "decks = = 2")
    err = only(errors_for(tmp_path, {"games/deuces.md": page}), "TOML syntax error")
    assert err.line == 5 and err.value == "decks = = 2"


def test_missing_front_matter_fence(tmp_path: Path) -> None:
    err = only(errors_for(tmp_path, {"about.md": "# About\n"}), "front matter")
    assert err.line == 1 and err.value == "# About"


def test_glossary_alias_must_name_a_term(tmp_path: Path) -> None:
    glossary = '+++\ntitle = "Glossary"\nsummary = "s"\n\n[aliases]\nfoundations = "Foundatoin"\n+++\n\n' \
               "## Foundation\n\nA pile.\n\n## Well\n\nA cell.\n"
    err = only(errors_for(tmp_path, {"glossary.md": glossary}), "names no term heading")
    assert err.line == 6 and err.value == "Foundatoin" and "did you mean 'Foundation'" in str(err)


def test_related_must_name_a_game(tmp_path: Path) -> None:
    errors = errors_for(tmp_path, {"games/deuces.md": game_page("deuces", related='["Red and Blak"]')})
    err = only(errors, "'related' names no game")
    assert err.line == 7 and err.value == "Red and Blak" and "did you mean 'Red and Black'" in str(err)


def test_all_errors_are_reported_together(tmp_path: Path) -> None:
    errors = errors_for(tmp_path, {
        "games/deuces.md": game_page("deuces", decks='"two"'),
        "games/well.md": game_page("well", "## Play\n\n[[Nope]]\n"),
        "about.md": '+++\ntitle = 3\n+++\n',
    })
    files = {Path(str(e.path)).name for e in errors}
    assert {"deuces.md", "well.md", "about.md"} <= files
