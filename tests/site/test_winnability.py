"""The solver's winnability figures (content/winnability/<slug>.json) on the rule pages: the
figure and its interval, the method note, the list the demo deals from; a stale figure
never shown; a missing one said plainly; a bad file a build error naming file, line, value."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import engine
from site_builder import BuildError, BuildFailed, build
from site_builder.__main__ import main
from site_builder.winnability import wilson
from site_fixture import write_content

DEUCES = "winnability/deuces.json"


def figure(**changes: Any) -> dict[str, Any]:
    """A valid data file for Deuces, as the bulk runner writes it: 821 won, 167 lost and 12
    undecided of deals 1 to 1000."""
    won = "1-821"
    data: dict[str, Any] = {
        "format": 1, "game": "deuces", "fingerprint": engine.fingerprint(engine.get_spec("deuces")),
        "solver_version": 1, "budget": 5000, "date": "2026-11-23", "deals": "1-1000",
        "counts": {"deals": 1000, "won": 821, "lost": 167, "unknown": 12},
        "won": won, "lost": "822-988", "unknown": "989-1000",
        "seconds": {"median": 0.15, "p95": 1.0, "total": 17.5, "wall": 10.9},
        "positions": {"median": 959, "max": 5000}, "python": "3.11.7",
    }
    data.update(changes)
    return data


def text(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1) + "\n"


def built(tmp_path: Path, data: dict[str, Any] | None) -> tuple[str, Path, list[BuildError]]:
    content = write_content(tmp_path, {DEUCES: text(data) if data is not None else None})
    out = tmp_path / "_site"
    result = build(content, out, search=False)
    return (out / "games" / "deuces" / "index.html").read_text("utf-8"), out, list(result.warnings)


def errors_for(tmp_path: Path, file_text: str, rel: str = DEUCES) -> list[BuildError]:
    content = write_content(tmp_path, {rel: file_text})
    with pytest.raises(BuildFailed) as info:
        build(content, tmp_path / "_site", search=False)
    return info.value.errors


def only(errors: list[BuildError], needle: str) -> BuildError:
    found = [e for e in errors if needle in str(e)]
    assert len(found) == 1, [str(e) for e in errors]
    assert str(found[0].path).endswith(".json"), found[0]
    return found[0]


def test_wilson_interval_matches_published_values() -> None:
    low, high = wilson(1, 10)  # Wilson (1927); Newcombe (1998), table I: 0.0179 to 0.4042
    assert round(low, 4) == 0.0179 and round(high, 4) == 0.4042
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775


def test_the_rule_page_shows_the_figure_its_interval_and_the_method(tmp_path: Path) -> None:
    html, out, warnings = built(tmp_path, figure())
    assert not warnings
    # lower end: Wilson's of 821/1000 (0.7960), rounded down; upper: of (821+12)/1000 (0.8548), rounded up
    assert "<dt>Winnable</dt><dd>at least 82.1% of 1,000 deals (95% interval 79.6\u201385.5%, 12 undecided); " \
           '<a href="#winnability">how it was measured</a></dd>' in html
    method = html[html.index('id="winnability"'):]
    method = method[:method.index("</section>")]
    for words in ("821 won", "167 lost", "12 undecided", "deals 1 to 1,000", "23 November 2026",
                  "up to 5,000 positions", "<em>thoughtful</em>", "face-down cards",
                  "searched every position", "Wilson"):
        assert words in method, words
    assert '<li><a href="#winnability">How winnable it is</a></li>' in html  # in the page's contents
    # The demo's "Winnable deals only" fetches the won deals from a hashed same-origin file.
    asset = re.search(r'data-winnable="(/assets/winnable-deuces\.[0-9a-f]{8}\.json)"', html)
    assert asset, "the demo names no list of winnable deals"
    shipped = json.loads((out / asset.group(1).lstrip("/")).read_text("utf-8"))
    assert shipped["won"] == "1-821" and shipped["count"] == 821
    assert "New deal picks one of the 821 deals the solver has won" in html


def test_a_figure_merged_from_several_runs_says_so(tmp_path: Path) -> None:
    runs = [{"date": "2026-11-20", "search": 4, "budget": 1000, "deals": "1-1000", "won": 700, "lost": 100, "unknown": 200},
            {"date": "2026-11-23", "search": 5, "budget": 5000, "deals": "1-1000", "won": 800, "lost": 160, "unknown": 40}]
    html, _, warnings = built(tmp_path, figure(runs=runs))
    assert not warnings
    assert "per deal, in 2 runs whose searches differ, each run's verdicts kept" in " ".join(html.split())
    single, _, _ = built(tmp_path / "one", figure())
    assert "runs whose searches differ" not in single
    # A second search made in chunks, or again where its first part ran out, is one search.
    chunks = [{**runs[1], "deals": deals} for deals in ("1-500", "501-1000", "7,9")]
    html, _, _ = built(tmp_path / "chunks", figure(runs=[runs[0], *chunks]))
    assert "per deal, in 2 runs whose searches differ" in " ".join(html.split())
    html, _, _ = built(tmp_path / "one search", figure(runs=chunks))
    assert "runs whose searches differ" not in html
    errors = errors_for(tmp_path / "bad", text(figure(runs={"date": "2026-11-20"})))
    assert only(errors, "'runs' must be a JSON list").value == {"date": "2026-11-20"}


def test_no_deal_undecided_and_a_rate_that_is_not_quite_100(tmp_path: Path) -> None:
    data = figure(counts={"deals": 1000, "won": 999, "lost": 1, "unknown": 0}, won="1-999", lost="1000",
                  unknown="")
    html, _, _ = built(tmp_path, data)
    assert "99.9% of 1,000 deals (95% interval 99.4\u2013100.0%, none undecided)" in html


def test_a_stale_figure_is_never_shown_and_the_build_warns(tmp_path: Path) -> None:
    html, out, warnings = built(tmp_path, figure(fingerprint="0123456789abcdef"))
    assert len(warnings) == 1
    warning = warnings[0]
    assert str(warning.path).endswith(DEUCES) and warning.line == 4 and warning.value == "0123456789abcdef"
    assert "stale" in warning.message and engine.fingerprint(engine.get_spec("deuces")) in warning.message
    facts = html[html.index('id="at-a-glance"'):html.index("</aside>")]
    assert "<dt>Winnable</dt><dd>The figure is being recomputed for the current rules.</dd>" in facts
    assert "%" not in facts and "82.1" not in html and 'id="winnability"' not in html
    assert "data-winnable=" not in html and not list((out / "assets").glob("winnable-*"))
    assert "The list of winnable deals is being recomputed for the current rules" in html


def test_the_command_line_prints_the_stale_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    content = write_content(tmp_path, {DEUCES: text(figure(fingerprint="0123456789abcdef"))})
    assert main(["check", "--content", str(content)]) == 0
    err = capsys.readouterr().err
    assert re.search(r"warning: .*content/winnability/deuces\.json:4: stale winnability figure.*'0123456789abcdef'", err)


def test_a_game_not_yet_measured_says_so(tmp_path: Path) -> None:
    html, _, warnings = built(tmp_path, None)
    assert not warnings
    assert "<dt>Winnable</dt><dd>Not yet measured.</dd>" in html
    assert "data-winnable=" not in html and 'id="winnability"' not in html
    assert "No list of winnable deals for Deuces yet: New deal picks any deal." in html


def test_json_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    bad = text(figure()).replace('"budget": 5000,', '"budget": 5000,,')
    err = only(errors_for(tmp_path, bad), "JSON syntax error")
    assert err.line == 6 and err.value == '"budget": 5000,,'


def test_unknown_game_is_an_error_with_a_suggestion(tmp_path: Path) -> None:
    err = only(errors_for(tmp_path, text(figure(game="deuce")), "winnability/deuce.json"), "unknown engine game")
    assert err.value == "deuce" and "did you mean 'deuces'" in str(err)


def test_game_must_match_the_file_name(tmp_path: Path) -> None:
    err = only(errors_for(tmp_path, text(figure(game="well"))), "'game' must name")
    assert err.line == 3 and err.value == "well"


def test_missing_and_ill_typed_fields_name_key_line_and_value(tmp_path: Path) -> None:
    data = figure(budget="lots", date="23/11/2026")
    del data["won"]
    errors = errors_for(tmp_path, text(data))
    assert only(errors, "missing required key").value == "won"
    budget = only(errors, "'budget' must be")
    assert budget.line == 6 and budget.value == "lots"
    assert only(errors, "'date' must be a date").value == "23/11/2026"


def test_unknown_key_suggests_the_close_one(tmp_path: Path) -> None:
    data = figure()
    data["budgte"] = data.pop("budget")
    err = only(errors_for(tmp_path, text(data)), "unknown key")
    assert err.value == "budgte" and "did you mean 'budget'" in str(err)


def test_counts_must_agree_with_the_deal_lists(tmp_path: Path) -> None:
    data = figure(counts={"deals": 1000, "won": 820, "lost": 167, "unknown": 12})
    err = only(errors_for(tmp_path, text(data)), "'counts.won' must be the number")
    assert err.value == 820 and err.line == 11  # the "won" inside "counts", not the list of won deals


def test_deal_lists_must_split_the_deals(tmp_path: Path) -> None:
    data = figure(won="1-820,1001", unknown="989-1000")
    err = only(errors_for(tmp_path, text(data)), "lists deals that 'deals' does not")
    assert err.value == "1001" and err.line == 15
    err = only(errors_for(tmp_path, text(figure(won="1-821", lost="821-988"))), "already listed")
    assert err.value == "821"


def test_deal_numbers_must_be_ones_the_demo_deals(tmp_path: Path) -> None:
    data = figure(game="freecell", fingerprint=engine.fingerprint(engine.get_spec("freecell")), deals="0-9",
                  counts={"deals": 10, "won": 10, "lost": 0, "unknown": 0}, won="0-9", lost="", unknown="")
    err = only(errors_for(tmp_path, text(data), "winnability/freecell.json"), "deal numbers of this game run from 1")
    assert err.value == "0"  # FreeCell's deals are Microsoft's, from 1


def test_a_json_file_outside_winnability_is_unexpected(tmp_path: Path) -> None:
    err = only(errors_for(tmp_path, "{}", "games/deuces.json"), "unexpected file")
    assert err.value == "games/deuces.json"


def test_the_demo_opens_on_the_lowest_deal_proved_won(tmp_path: Path) -> None:
    """A reader's first deal can be won: the page draws the lowest won deal, not deal 1,
    when a fresh figure says deal 1 is not among them; with no figure, or a stale one, deal 1."""
    page, _, _ = built(tmp_path / "a", figure(won="7-827", lost="1-6,828-988"))
    assert 'data-seed="7"' in page
    assert str(engine.new_game("deuces", 7).view()["piles"][2]["cards"][0]["code"]) in page
    page, _, _ = built(tmp_path / "b", None)
    assert 'data-seed="1"' in page
    page, _, _ = built(tmp_path / "c", figure(fingerprint="0" * 16, won="7-827", lost="1-6,828-988"))
    assert 'data-seed="1"' in page
    # The file's "opening" (engine.solver.bulk: a won deal whose line the Hint finds) comes first.
    page, _, _ = built(tmp_path / "d", figure(won="7-827", lost="1-6,828-988", opening=12))
    assert 'data-seed="12"' in page
    data = figure(opening=900)  # lost
    err = only(errors_for(tmp_path / "e", text(data)), "'opening'")
    assert err.value == 900 and err.line == text(data).splitlines().index(' "opening": 900') + 1


def test_a_figure_of_mostly_undecided_deals_says_so(tmp_path: Path) -> None:
    page, _, _ = built(tmp_path / "a", figure(counts={"deals": 1000, "won": 100, "lost": 0, "unknown": 900},
                                              won="1-100", lost="", unknown="101-1000"))
    assert "at least 10.0% of 1,000 deals (95% interval" in page
    assert "900 undecided" in page and "Most deals were left undecided" in page
    assert "so 10.0% is a lower bound" in " ".join(page.split())
    page, _, _ = built(tmp_path / "b", figure(counts={"deals": 1000, "won": 0, "lost": 0, "unknown": 1000},
                                              won="", lost="", unknown="1-1000"))
    assert "not settled: the solver decided none of the 1,000 deals it tried" in page
    assert "% of 1,000 deals (95% interval" not in page and "lower bound" not in page
    assert "so this page gives no share yet" in " ".join(page.split())


def test_any_undecided_deal_makes_the_figure_a_lower_bound(tmp_path: Path) -> None:
    """One rule on every page: while any deal is undecided it may yet be won, so the share
    won is stated as "at least", with its interval; a plain figure only when none is."""
    page, _, _ = built(tmp_path / "few", figure())  # 12 undecided of 1,000: far from "mostly"
    glance = page[page.index("<dt>Winnable</dt>"):page.index("</dd>", page.index("<dt>Winnable</dt>"))]
    assert "<dd>at least 82.1% of 1,000 deals (95% interval 79.6\u201385.5%, 12 undecided)" in glance
    method = " ".join(page[page.index('id="winnability"'):].split())
    assert 'so 82.1% is a lower bound, which is why this page says "at least"' in method
    assert "79.6\u201385.5%" in method and "Most deals were left undecided" not in method
    one = figure(counts={"deals": 1000, "won": 821, "lost": 178, "unknown": 1}, lost="822-999", unknown="1000")
    page, _, _ = built(tmp_path / "one", one)
    assert "<dd>at least 82.1% of 1,000 deals (95% interval" in page and ", 1 undecided)" in page
    none = figure(counts={"deals": 1000, "won": 821, "lost": 179, "unknown": 0}, lost="822-1000", unknown="")
    page, _, _ = built(tmp_path / "none", none)
    assert "<dd>82.1% of 1,000 deals (95% interval" in page and "none undecided" in page
    assert "at least" not in page and "lower bound" not in page
