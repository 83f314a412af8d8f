"""The game first: on every game page the board is in the first screen, on a desktop and on
a phone, with JavaScript off (the static board is the first deal), and no page scrolls
sideways. Below 96rem the rules come under the board, which has the full content width;
from 96rem they stand beside it."""

from __future__ import annotations

import re
from typing import Any

import pytest

import engine

SLUGS = [g.slug for g in engine.games()]
MIN_VISIBLE = 200  # px of the board that must show in the first screen (all of it if shorter)

MEASURE = """() => {
  const board = document.querySelector('section.demo .board').getBoundingClientRect();
  const demo = document.querySelector('section.demo').getBoundingClientRect();
  const prose = document.querySelector('article.rule .prose').getBoundingClientRect();
  const main = document.querySelector('main');
  const pad = parseFloat(getComputedStyle(main).paddingLeft) + parseFloat(getComputedStyle(main).paddingRight);
  return {top: board.top, bottom: board.bottom, height: board.height, demoWidth: demo.width,
          demoRight: demo.right, demoBottom: demo.bottom, proseTop: prose.top, proseLeft: prose.left,
          proseWidth: prose.width, content: main.clientWidth - pad, scrollX: window.scrollX,
          scrollWidth: document.documentElement.scrollWidth};
}"""


def measure_all(browser: Any, site_url: str, width: int, height: int, slugs: list[str]) -> dict[str, dict[str, float]]:
    ctx = browser.new_context(viewport={"width": width, "height": height}, java_script_enabled=False)
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    out = {}
    try:
        for slug in slugs:
            page.goto(f"{site_url}/games/{slug}/")
            out[slug] = page.evaluate(MEASURE)
    finally:
        ctx.close()
    return out


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (360, 740)], ids=["desktop", "phone"])
def test_the_board_is_in_the_first_screen_and_nothing_scrolls_sideways(browser: Any, site_url: str, width: int,
                                                                       height: int) -> None:
    problems = []
    for slug, m in measure_all(browser, site_url, width, height, SLUGS).items():
        visible = min(m["bottom"], height) - max(m["top"], 0)
        if m["top"] < 0 or visible < min(MIN_VISIBLE, m["height"]) - 0.5:
            problems.append(f"{slug}: board top at {m['top']:.0f}px, {visible:.0f}px of {m['height']:.0f} visible")
        if m["scrollWidth"] > width:
            problems.append(f"{slug}: the page is {m['scrollWidth']}px wide, wider than the {width}px window")
        # The rules come after the board, at the prose's measure; the board has the whole width.
        if m["proseTop"] < m["demoBottom"]:
            problems.append(f"{slug}: the rules start at {m['proseTop']:.0f}px, beside or above the board")
        if m["demoWidth"] < m["content"] - 1:
            problems.append(f"{slug}: the demo is {m['demoWidth']:.0f}px wide, not the content's {m['content']:.0f}px")
        if width >= 1280 and m["proseWidth"] >= m["demoWidth"]:
            problems.append(f"{slug}: the prose ({m['proseWidth']:.0f}px) is as wide as the demo")
    assert not problems, f"at {width}x{height}:\n" + "\n".join(problems)


def test_on_a_wide_screen_the_rules_stand_beside_a_wide_board(browser: Any, site_url: str) -> None:
    m = measure_all(browser, site_url, 1600, 900, ["freecell"])["freecell"]
    assert m["proseLeft"] >= m["demoRight"], m  # beside, not under
    assert m["demoWidth"] >= 900, m  # the board keeps about the width it has at 1280px
    assert m["scrollWidth"] <= 1600, m


def test_the_cards_inherit_their_size_worked_out_once_by_the_board(browser: Any, site_url: str) -> None:
    """board.css registers --cw, --ch and --track as lengths, so the board works out their
    calc() once and its cards inherit plain lengths (not the whole expression, worked out again
    by each card: most of a game page's style work on a slow phone)."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/games/klondike/")
        seen = page.evaluate("""() => [...document.querySelectorAll('section.demo .card')].map((card) => {
          const style = getComputedStyle(card);
          return [style.getPropertyValue('--cw'), style.getPropertyValue('--ch'), style.getPropertyValue('--track'),
                  card.getBoundingClientRect().width];
        })""")
    finally:
        ctx.close()
    assert len(seen) == 52
    for *values, width in seen:
        lengths = [re.fullmatch(r"\s*(\d+(?:\.\d+)?)px\s*", v) for v in values]
        assert all(lengths), values
        cw, ch, _ = (float(m.group(1)) for m in lengths if m)
        if width:  # a card squared under the stock's top card is not drawn
            assert abs(cw - width) < 0.5 and abs(ch / width - 1.4) < 0.01
    assert sum(1 for *_, width in seen if width) >= 28  # the tableau's cards at least
