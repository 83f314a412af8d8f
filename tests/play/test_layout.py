"""The board's layout (theme/static/play/layout.js) run under Node over every game's opening
deal and positions along random playouts, in boxes from a wide desktop to a narrow phone: it
keeps what it promises (tests/play/layout_check.mjs checks each result): the board within its
box, no card of one pile over another's (but down a cascade of grid places, each showing the
index above), every covered card's index strip whole, and an index that fits its card. And
the choices it makes: the largest cards that fit, folding where the spec allows and it pays,
scrolling only where nothing fits."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.rng import SplitMix64

CHECK = Path(__file__).parent / "layout_check.mjs"
DESKTOP = {"name": "desktop", "width": 1240, "height": 600, "narrow": False, "max": 120}
PHONE = {"name": "phone", "width": 360, "height": 480, "narrow": True, "max": 96}
BOXES = [DESKTOP, PHONE,
         {"name": "full window", "width": 1900, "height": 1000, "narrow": False, "max": 144},
         {"name": "landscape phone", "width": 740, "height": 260, "narrow": False, "max": 96},
         {"name": "small phone", "width": 300, "height": 420, "narrow": True, "max": 96}]


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.fail("Node.js is needed (it runs the board's layout): apt-get install nodejs", pytrace=False)
    return found


def run(views: list[dict[str, Any]], boxes: list[dict[str, Any]], tamper: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    done = subprocess.run([node(), str(CHECK)], input=json.dumps({"boxes": boxes, "views": views, "tamper": tamper or {}}),
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    out: list[dict[str, Any]] = json.loads(done.stdout)
    return out


def positions(slug: str, seeds: range, every: int = 25, moves: int = 200) -> list[dict[str, Any]]:
    """The opening of each deal, then every ``every`` moves of a random playout."""
    out = []
    for seed in seeds:
        game = engine.new_game(slug, seed)
        rng = SplitMix64(seed)
        out.append({"name": f"{slug} deal {seed}", "view": game.view()})
        for k in range(1, moves + 1):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(legal[rng.below(len(legal))])
            if k % every == 0:
                out.append({"name": f"{slug} deal {seed} move {k}", "view": game.view()})
    return out


@pytest.mark.parametrize("slug", [g.slug for g in engine.games()])
def test_the_layout_keeps_its_promises_along_random_games(slug: str) -> None:
    results = run(positions(slug, range(1, 4)), BOXES)
    problems = [f"{r['name']} in the {r['box']} box: {p}" for r in results for p in r["problems"]]
    assert not problems, "\n".join(problems[:20])
    # Every opening deal fits a desktop's first screen and a phone's without scrolling.
    stuck = [f"{r['name']} ({r['box']})" for r in results
             if r["scroll"] and r["box"] in ("desktop", "phone") and "move" not in r["name"]]
    assert not stuck, f"these openings do not fit: {stuck}"


def test_the_cards_are_as_large_as_the_box_allows() -> None:
    """A box a little larger than the board needs gives larger cards; the cards are capped."""
    view = engine.new_game("klondike", 1).view()
    small, large = run([{"name": "k", "view": view}], [
        {"name": "small", "width": 700, "height": 500, "narrow": False, "max": 200},
        {"name": "large", "width": 1400, "height": 1000, "narrow": False, "max": 200}])
    assert large["cw"] > small["cw"] * 1.5 and large["height"] <= 1000 and small["height"] <= 500
    capped = run([{"name": "k", "view": view}], [{**DESKTOP, "width": 5000, "height": 5000}])[0]
    assert capped["cw"] == DESKTOP["max"]


def test_wide_rows_fold_only_where_the_spec_allows_and_it_pays() -> None:
    """The Nation's twelve columns fold into two rows of six on a phone, not on a desktop;
    Spider's ten, whose spec does not allow it, never fold."""
    nation = engine.new_game("the-nation", 1).view()
    spider = engine.new_game("spider", 1).view()
    assert nation["fold"] and not spider["fold"]
    by = {(r["name"], r["box"]): r for r in run([{"name": "nation", "view": nation}, {"name": "spider", "view": spider}],
                                                [DESKTOP, PHONE])}
    assert by[("nation", "phone")]["folded"] and not by[("nation", "desktop")]["folded"]
    assert not by[("spider", "phone")]["folded"] and not by[("spider", "phone")]["scroll"]
    assert by[("nation", "phone")]["cw"] > 36  # the fold pays: twelve unfolded columns would need 26 px cards


def test_a_board_that_fits_nowhere_scrolls_and_its_checks_still_hold() -> None:
    """Ten columns on a screen too narrow even for the narrowest readable cards: it scrolls,
    with cards still whole and nothing overlapping."""
    result = run([{"name": "spider", "view": engine.new_game("spider", 1).view()}],
                 [{"name": "tiny", "width": 200, "height": 400, "narrow": True, "max": 96}])[0]
    assert result["scroll"] and result["width"] > 200 and not result["problems"]


def test_the_check_is_not_blind() -> None:
    """Spoiled on purpose, a layout fails the check: fans closed to two pixels hide the
    indexes, and a pile moved onto its neighbour overlaps it."""
    view = {"name": "freecell", "view": engine.new_game("freecell", 1).view()}
    assert not run([view], [DESKTOP])[0]["problems"]
    closed = run([view], [DESKTOP], {"steps": 2})[0]["problems"]
    assert any("under the index strip" in p for p in closed), closed
    moved = run([view], [DESKTOP], {"move": ["t2", -40, 0]})[0]["problems"]
    assert any("t1[" in p and "t2[" in p and "overlap" in p for p in moved), moved
