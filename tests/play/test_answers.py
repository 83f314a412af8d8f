"""Every gesture answers, in words a player reads: a double-click that sends nothing home
says why, chosen cards that make no move say why (and so does the button that would take
them); a new deal or a restart never loses a game in progress; the hint suggests a move
even when it finds no winning line; cards cannot be selected as text; each kind of empty
place has its own mark; and the help speaks of taps on a touch screen. (That every disabled
control says why, and that no text speaks the engine's notation, is checked on every game
page in the tour of test_geometry.py.)"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

import engine
from engine.explain import why_not_home

from .driver import CORNER, board, card, click_move, expected, page_of, pile, touch_drag, wait_ready

def stuck_card(slug: str, seeds: range = range(1, 100)) -> tuple[int, str]:
    """A deal and a pile whose top card is face up and cannot go home at the start."""
    for seed in seeds:
        game = engine.new_game(slug, seed)
        for pid in game.ids_by_kind[engine.Kind.TABLEAU]:
            if game.piles[pid] and game.down[pid] < len(game.piles[pid]) and why_not_home(game, pid):
                return seed, pid
    raise AssertionError(f"no such deal of {slug}")


def test_a_double_click_that_sends_nothing_home_says_why_and_selects_no_text(page: Any, site_url: str) -> None:
    seed, pid = stuck_card("freecell")
    game = engine.new_game("freecell", seed)
    page.goto(site_url + page_of("freecell") + f"#seed={seed}")
    wait_ready(page)
    card(page, pid, len(game.piles[pid]) - 1).dblclick(position=CORNER)
    why = why_not_home(game, pid)
    expect(page.locator(".demo-state")).to_have_text(why[0].upper() + why[1:] + ".")
    assert "cannot go home now" in why
    assert page.evaluate("window.getSelection().toString()") == ""  # nothing turned blue
    assert page.locator("section.demo .card").first.evaluate("c => getComputedStyle(c).userSelect") == "none"
    assert board(page) == expected(game)
    expect(page.locator('[data-counter="moves"]')).to_have_text("0")


def test_a_card_dropped_and_clicked_again_at_once_is_picked_up_not_sent_home(page: Any, site_url: str) -> None:
    """The click that drops a card and a quick click on it where it landed are no double
    click (Royal Parade: the 2 of diamonds dropped in the twos row, home at once, is picked
    up again rather than answered "home already"). The clicks are made in the page, the
    second as soon as the move is shown, well within the double click's time."""
    game = engine.new_game("royal-parade", 22)
    assert [c.short for c in game.piles["three2"]] == ["2♦"] and len(game.piles["two1"]) == 1
    page.goto(site_url + page_of("royal-parade") + "#seed=22")
    wait_ready(page)
    gap = page.evaluate("""async () => {
      const card = (p) => document.querySelector(`section.demo [data-pile="${p}"] .card`);
      const moves = document.querySelector('[data-counter="moves"]');
      card("three2").click();
      const t0 = performance.now();
      card("two1").click();
      while (moves.textContent !== "1") await new Promise((r) => setTimeout(r, 5));
      card("two1").click();
      return performance.now() - t0;
    }""")
    assert gap < 450, f"the second click came {gap:.0f} ms after the first: no test of a double click"
    expect(page.locator(".demo-state")).to_contain_text("Picked up the 2 of diamonds")
    expect(page.locator("section.demo .card.selected")).to_have_count(1)
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")


def test_chosen_cards_that_make_no_packet_say_why_and_so_does_the_take_button(page: Any, site_url: str) -> None:
    """The Wheel: two cushion cards chosen are not a packet; the status and the disabled
    Take button's tooltip (and its description for screen readers) give the engine's reason."""
    page.goto(site_url + page_of("the-wheel") + "#seed=3")
    wait_ready(page)
    game = engine.new_game("the-wheel", 3)
    for pid in ("c1", "c2"):
        card(page, pid, len(game.piles[pid]) - 1).click(position=CORNER)
    reason = "A packet is four cards: three pip cards and one court card"
    expect(page.locator(".demo-state")).to_contain_text(reason)
    take = page.locator('.demo-controls [data-command="take"]')
    expect(take).to_be_disabled()
    expect(take).to_have_attribute("title", reason)
    described = take.get_attribute("aria-describedby")
    assert described and page.locator(f"#{described}").text_content() == reason


def test_a_new_deal_or_a_restart_can_be_taken_back_with_undo(page: Any, site_url: str) -> None:
    page.goto(site_url + page_of("freecell") + "#seed=5")
    wait_ready(page)
    game = engine.new_game("freecell", 5)
    for _ in range(2):
        move = next(m for m in game.legal_moves() if not m.action)
        click_move(page, game, move)
        game.play(move)
    expect(page.locator('[data-counter="moves"]')).to_have_text("2")
    played = board(page)
    # N, a stray key: a new deal, and the game it replaced comes back with Undo.
    page.locator("h1").click()
    page.keyboard.press("n")
    expect(page.locator(".demo-state")).to_contain_text("Undo brings back your game of deal 5 (2 moves)")
    assert not page.url.endswith("#seed=5"), page.url  # a new deal: seed=566009773 is not deal 5
    page.keyboard.press("u")
    expect(page.locator(".demo-state")).to_have_text("Back to your game of deal 5, as you left it.")
    expect(page.locator("section.demo .seed")).to_have_text("5")
    expect(page.locator('[data-counter="moves"]')).to_have_text("2")
    assert board(page) == played and page.url.endswith("#seed=5")
    # Restart, then Undo: the same.
    page.locator('.demo-controls [data-command="restart"]').click()
    expect(page.locator('[data-counter="moves"]')).to_have_text("0")
    assert board(page) == expected(engine.new_game("freecell", 5))
    expect(page.locator('.demo-controls [data-command="undo"]')).to_be_enabled()
    page.locator('.demo-controls [data-command="undo"]').click()
    expect(page.locator('[data-counter="moves"]')).to_have_text("2")
    assert board(page) == played
    # The game goes on from there, move for move.
    page.keyboard.press("u")
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")


def test_the_hint_suggests_a_move_when_it_finds_no_winning_line(page: Any, site_url: str) -> None:
    """Four-suit Spider's deals outrun the hint's search: it still rings the move its search
    rates best, dotted, and says it is a suggestion; the engine accepts the move."""
    seed = next(s for s in range(1, 50) if engine.solve(engine.new_game("spider", s), 3000).result == "unknown")
    page.goto(site_url + page_of("spider") + f"#seed={seed}")
    wait_ready(page)
    page.locator('.demo-controls [data-command="hint"]').click()
    expect(page.locator(".demo-state")).to_contain_text("No winning line found yet; this move looks best: ")
    expect(page.locator("section.demo .board")).to_have_class(re.compile(r"\bsuggesting\b"))
    expect(page.locator("section.demo .hint-from").first).to_be_visible()


def test_empty_places_of_each_kind_have_their_own_mark(page: Any, site_url: str) -> None:
    marks = {}
    for slug, kinds in (("freecell", ("cell", "foundation")), ("spider", ("discard",))):
        page.goto(site_url + page_of(slug))
        wait_ready(page)
        for kind in kinds:
            el = page.locator(f'section.demo .pile.empty[data-kind="{kind}"]').first
            marks[(slug, kind)] = el.evaluate(
                "e => { const s = getComputedStyle(e, '::after'); return [s.borderRadius, s.backgroundImage, s.content].join(' | '); }")
    assert marks[("freecell", "cell")] != marks[("freecell", "foundation")]
    assert marks[("spider", "discard")] not in (marks[("freecell", "cell")], marks[("freecell", "foundation")])


def test_on_a_touch_screen_the_help_speaks_of_taps_not_keys(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.goto(site_url + page_of("klondike"))
    wait_ready(page)
    help_text = page.locator("section.demo .demo-foot").inner_text()
    assert "Tap a card" in help_text and "Tab" not in help_text and "arrow keys" not in help_text
    ctx.close()


def test_a_finger_sweeping_across_the_board_never_sends_the_browser_back(page: Any, site_url: str) -> None:
    """A sideways sweep from a card that cannot be picked up is not a drag: it neither
    scrolls the page sideways nor reads as the phone's "back" swipe (it once left the page)."""
    page.goto(site_url + page_of("will-o-the-wisp") + "#seed=2")
    wait_ready(page)
    game = engine.new_game("will-o-the-wisp", 2)
    still = next(p for p in game.order if game.piles[p] and not any(m.sources == (p,) for m in game.legal_moves()))
    touch_drag(page, card(page, still, len(game.piles[still]) - 1), pile(page, "discard"))
    page.wait_for_timeout(300)
    assert page.url.endswith("/games/will-o-the-wisp/#seed=2")
    assert board(page) == expected(game)
