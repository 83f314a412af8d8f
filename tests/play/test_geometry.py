"""A tour of every game page, once at a 1280x800 desktop and once at a 360x740 phone (one
visit per page and size: the engine starts once for all that is checked there).

Every board fits and reads, with the player's layout (play/layout.js) applied: the whole
board in the first screen and within the width, no corner index covered or cut, no card of
one pile over a card of another (tests/play/geometry.js says what is measured); and the same
after two deals from the stock, where the game deals, and in the full window. The layout's
own promises over thousands of positions are tested without a browser (test_layout.py);
this is what a player sees. On the desktop, besides: a one-pack game's cards are at least
72 px wide (but where ``SMALLER`` says why not) (as large as the first screen allows; the castles' five rows, Well and Fortress,
are what hold them under 80), every disabled control says why it is disabled (its tooltip
and its description for screen readers, the same words), and no text of the demo speaks the
engine's notation."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

import engine

from .driver import page_of, wait_ready

GEOMETRY = (Path(__file__).parent / "geometry.js").read_text("utf-8")
SLUGS = [g.slug for g in engine.games()]
DEALS = 2  # deals from the stock after the opening, where the game deals
NOTATION = re.compile(r"\b[a-z]+\d+\b|\b[a-z]+\d*[>+:][a-z]+\d")  # t1, c1+c2+c3+c9>o1, t3:2>t7
ONE_DECK = {s.slug for s in engine.games() if s.decks == 1}
# One-pack games whose cards are smaller at 1280x800 by design, and why. Accordion's row of
# 52 places is laid in lines of eight so that a phone's board fits its first screen (40 px
# cards); thirteen to a line would give 75 px here but 26 px, scrolling, on the phone. (A row
# that flows to the width, as many places to a line as each screen allows, would give both.)
SMALLER = {"accordion": 50}
BOARD_TOP = "() => document.querySelector('section.demo .board-scroll').getBoundingClientRect().top + scrollY"


def problems_of(m: dict[str, Any], where: str) -> list[str]:
    out = []
    if m["top"] < -0.5 or (m["bottom"] if not m["framed"] else m["frameBottom"]) > m["height"] + 0.5:
        out.append(f"{where}: the board runs from {m['top']:.0f} to {m['bottom']:.0f} px, "
                   f"not within the first screen of {m['height']} px")
    if m["pageWidth"] > m["width"]:
        out.append(f"{where}: the page is {m['pageWidth']} px wide in a {m['width']} px window")
    if m["framed"]:
        if not m["note"]:
            out.append(f"{where}: the board scrolls within its frame without saying so")
    elif m["frameScroll"] > m["frameWidth"] + 1 or m["right"] > m["width"] + 0.5:
        out.append(f"{where}: the board is {m['frameScroll']} px wide in {m['frameWidth']} px")
    out += [f"{where}: {c}" for c in m["cut"][:3]]
    out += [f"{where}: {o} overlap" for o in m["overlaps"][:3]]
    return out


def card_width_problems(page: Any, slug: str) -> list[str]:
    """A one-pack game's cards are at least 72 px wide (at 1280x800)."""
    if slug not in ONE_DECK:
        return []
    least = SMALLER.get(slug, 72)
    width = page.locator("section.demo .cards > .card:last-child").first.evaluate("e => e.getBoundingClientRect().width")
    return [f"{slug}: cards {width:.1f} px wide, narrower than {least} px"] if width < least else []


def controls_problems(page: Any, slug: str) -> list[str]:
    """Every disabled control says why, in its tooltip and its description alike; no text
    of the demo (tooltips, the bar, the words under the board) speaks the engine's notation."""
    problems = []
    for b in page.locator("section.demo .demo-controls button:disabled:not([hidden])").all():
        title = b.get_attribute("title") or ""
        described = b.get_attribute("aria-describedby")
        said = page.locator(f"#{described}").text_content() if described else ""
        if not title or not said or title != said:
            problems.append(f"{slug}: the disabled {b.inner_text()!r} says {title!r} / {said!r}")
    texts = page.locator("section.demo").evaluate(
        "d => [...d.querySelectorAll('[title]')].map(e => e.title)"
        ".concat([...d.querySelectorAll('.demo-bar, .demo-under')].map(e => e.innerText))")
    return problems + [f"{slug}: notation in {t!r}" for t in texts if NOTATION.search(t)]


def deal_button(page: Any) -> Any:
    return page.locator('section.demo .demo-actions button[data-move="deal"]:not([disabled])')


# The tour in parts, so that the test runners share it out (each part a few dozen seconds).
PARTS = 4
SIZES = [(1280, 800, part) for part in range(PARTS)] + [(360, 740, part) for part in range(PARTS)]


@pytest.mark.parametrize(("width", "height", "part"), SIZES,
                         ids=[f"{'desktop' if w == 1280 else 'phone'}-{p + 1}of{PARTS}" for w, _, p in SIZES])
def test_every_board_fits_reads_and_explains_its_controls(browser: Any, page: Any, site_url: str, width: int,
                                                         height: int, part: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    # The first frame, before the player's modules have run (in this tab: never; no service
    # worker either, which would serve them past the route). Nor is the engine's worker
    # started there: it draws nothing, and starting Pyodide in every held page only slowed
    # the live one beside it.
    held = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    first = held.new_page()
    for script in ("**/play.*/main.js", "**/engine-boot.*.js"):
        first.route(script, lambda route: route.fulfill(body="", content_type="text/javascript"))
    problems: list[str] = []
    for slug in SLUGS[part::PARTS]:
        # It has the controls and counters where the player will have them (the board does
        # not move when the player starts), none of them to be pressed in vain.
        first.goto(site_url + page_of(slug))
        before = first.evaluate(BOARD_TOP)
        live = first.locator("section.demo button:not([disabled]):visible").all_inner_texts()
        if live:
            problems.append(f"{slug}: {live} can be pressed before the player has started")
        page.goto(site_url + page_of(slug))
        wait_ready(page)
        after = page.evaluate(BOARD_TOP)
        if abs(after - before) > 0.5:
            problems.append(f"{slug}: the board moves from {before:.0f} to {after:.0f} px down the page "
                            "when the player starts")
        problems += problems_of(page.evaluate(GEOMETRY), f"{slug} at the opening")
        if width == 1280:
            problems += card_width_problems(page, slug) + controls_problems(page, slug)
        for n in range(1, DEALS + 1):
            button = deal_button(page)
            if not button.count():
                break
            moves = page.locator('[data-counter="moves"]').inner_text()
            button.click()
            expect(page.locator('[data-counter="moves"]')).not_to_have_text(moves)
            wait_ready(page)
            problems += problems_of(page.evaluate(GEOMETRY), f"{slug} after {n} deal{'s' if n > 1 else ''}")
        # The full window fits the whole board too, the controls kept; Escape leaves it.
        page.locator('section.demo [data-command="full"]').click()
        expect(page.locator("section.demo")).to_have_class(re.compile(r"\bfull\b"))
        page.wait_for_timeout(50)  # the layout follows the window's change on the next frame
        problems += problems_of(page.evaluate(GEOMETRY), f"{slug} in the full window")
        expect(page.locator('section.demo [data-command="undo"]')).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("section.demo")).not_to_have_class(re.compile(r"\bfull\b"))
    held.close()
    assert not problems, f"at {width}x{height}:\n" + "\n".join(problems)
