"""Every game page is playable in Chromium, by pointer and by keyboard, and agrees with the
engine move for move; with JavaScript off the first deal is still drawn."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

import engine
from engine.game import Game

from .conftest import watch
from .driver import (PLAYABLE, board, card_move, click_move, expected, first_moves, key_move, page_of, picks_shown, pile,
                     play_and_check, shown_game, wait_ready, winning_line)
from .test_feel import check_home_undo_and_reload

SLUGS = [s.slug for s in engine.games()]


def an_illegal_move(game: Game) -> tuple[engine.Move, str]:
    """A pick-and-drop the engine refuses, with the reason it gives."""
    legal = set(game.legal_moves())
    for src in game.order:
        if not game.piles[src] or game.down[src] >= len(game.piles[src]) or game.group_of[src].kind.value == "stock":
            continue
        for dst in game.order:
            move = engine.Move((src,), dst)
            if dst != src and move not in legal and game.group_of[dst].kind.value != "stock":
                try:
                    engine.replay(game.record()).play(move)
                except engine.IllegalMoveError as e:
                    return move, e.reason
    raise AssertionError(f"no illegal move found in {game.spec.slug}")


@pytest.mark.parametrize("slug", SLUGS)
def test_first_deal_is_drawn_with_javascript_off(browser: Any, site_url: str, slug: str) -> None:
    ctx = browser.new_context(java_script_enabled=False)
    page = watch(ctx.new_page(), site_url)
    page.goto(site_url + page_of(slug))
    demo = page.locator("section.demo")
    expect(demo).to_have_attribute("data-game", slug)
    expect(demo).to_have_attribute("data-status", "static")
    assert board(page) == expected(shown_game(page, slug))
    expect(page.locator(".demo-controls")).to_be_hidden()  # the controls need the script; the deal number shows
    expect(page.locator(".demo-counters .seed")).to_have_text(str(shown_game(page, slug).seed))
    expect(demo.get_by_text("Turn on JavaScript to play it here")).to_be_visible()
    ctx.close()
    assert not page.problems, page.problems


@pytest.mark.parametrize("slug", SLUGS)
def test_demo_plays_by_pointer_keyboard_and_double_click_with_undo_refusals_new_deals_and_reload(page: Any, site_url: str, slug: str) -> None:
    page.add_init_script(TRACE)
    page.goto(site_url + page_of(slug))
    wait_ready(page)
    game = shown_game(page, slug)
    assert board(page) == expected(game)
    one, two = first_moves(game, 2)
    play_and_check(page, game, one, click_move)
    play_and_check(page, game, two, key_move)
    # Undo twice, redo once: the board follows the engine's history.
    page.locator('.demo-controls [data-command="undo"]').click()
    game.undo()
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    assert board(page) == expected(game)
    page.keyboard.press("u")
    game.undo()
    expect(page.locator('[data-counter="moves"]')).to_have_text("0")
    assert board(page) == expected(game)
    page.locator('.demo-controls [data-command="redo"]').click()
    game.redo()
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    assert board(page) == expected(game)
    # An illegal attempt: refused with the engine's reason, and nothing changes.
    move, reason = an_illegal_move(game)
    before = board(page)
    click_move(page, game, move)
    try:
        expect(page.locator(".demo-state")).to_have_text(f"Not allowed: {reason}")
    except AssertionError as e:  # a rare failure in full runs, never seen alone: say what the page did
        raise AssertionError(f"{e}\nmove {move}; the page's last events:\n" +
                             "\n".join(map(str, page.evaluate("window.trace.slice(-40)")))) from None
    assert board(page) == before
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    expect(page.locator("section.demo")).to_have_attribute("data-status", PLAYABLE)
    check_new_deal_and_seed_in_the_address(page, slug)
    check_home_undo_and_reload(page, slug)


# What the page did, for a failure's message: its clicks on the board, its words in the
# status line, its requests to the engine's worker and the answers (by id, with the time).
TRACE = """
window.trace = [];
const t0 = performance.now();
const note = (...what) => window.trace.push([Math.round(performance.now() - t0), ...what]);
for (const name of ["Worker", "SharedWorker"]) {
  const Native = window[name];
  if (!Native) continue;
  window[name] = class extends Native {
    constructor(...args) {
      super(...args);
      note(`${name} started`);
      const port = this.port || this;
      port.addEventListener("message", (e) => note("answer", e.data && (e.data.id ?? e.data.type),
        e.data && e.data.answer ? JSON.stringify(e.data.answer).slice(0, 80) : ""));
      const post = port.postMessage.bind(port);
      port.postMessage = (msg, ...rest) => {
        note("request", msg && msg.id, msg && msg.request ? JSON.stringify(msg.request).slice(0, 80) : msg && msg.type);
        return post(msg, ...rest);
      };
    }
  };
}
document.addEventListener("click", (e) => {
  const p = e.target.closest && e.target.closest("[data-pile]");
  const d = document.querySelector("section.demo");
  note("click", p ? p.dataset.pile : e.target.className, d && d.dataset.status);
}, true);
document.addEventListener("DOMContentLoaded", () => {
  const state = document.querySelector(".demo-state");
  if (state) new MutationObserver(() => note("says", state.textContent)).observe(state, {childList: true, characterData: true, subtree: true});
});
"""


def check_new_deal_and_seed_in_the_address(page: Any, slug: str) -> None:
    """A deal number put in the address starts that deal at once; New deal draws another,
    and the address follows it so that a link shares it."""
    page.evaluate("location.hash = '#seed=77'")
    expect(page.locator("section.demo .seed")).to_have_text("77")
    wait_ready(page)
    assert board(page) == expected(engine.new_game(slug, 77))
    page.locator('.demo-controls [data-command="new"]').click()
    expect(page.locator("section.demo .seed")).not_to_have_text("77")
    seed = int(page.locator("section.demo .seed").inner_text())
    assert page.url.endswith(f"#seed={seed}")
    wait_ready(page)
    assert board(page) == expected(engine.new_game(slug, seed))


# Opening a page with a deal number needs a fresh start of the engine, so it is checked on
# a few games of different kinds rather than on all (every game checks the address change
# in the test above).
@pytest.mark.parametrize("slug", ["deuces", "freecell", "klondike"])
def test_a_page_opened_with_a_seed_in_the_url_shows_that_deal(page: Any, site_url: str, slug: str) -> None:
    page.goto(site_url + page_of(slug) + "#seed=11982")
    wait_ready(page)
    expect(page.locator("section.demo .seed")).to_have_text("11982")
    assert board(page) == expected(engine.new_game(slug, 11982))


# Counts the cards taken off the board from the start, before any script of the page runs
# (Playwright's init scripts are not the page's, so the CSP does not apply to them).
CARDS_REMOVED = """
window.cardsRemoved = 0;
new MutationObserver((records) => {
  for (const r of records) for (const n of r.removedNodes) if (n.classList && n.classList.contains("card")) window.cardsRemoved++;
}).observe(document, { childList: true, subtree: true });
"""


def test_the_first_deal_keeps_the_cards_the_builder_drew_and_a_new_deal_replaces_them(
        page: Any, site_url: str) -> None:
    """The engine's first view of the page's own deal matches the HTML, so the player keeps
    those card elements (no redraw, no new layout of the page) and only marks what may be
    picked up; a deal the HTML does not show is drawn anew."""
    page.add_init_script(CARDS_REMOVED)
    page.goto(site_url + page_of("klondike"))
    wait_ready(page)
    game = shown_game(page, "klondike")
    assert board(page) == expected(game)
    assert page.evaluate("window.cardsRemoved") == 0
    assert picks_shown(page) == {p["id"]: p["pick"] for p in game.view()["piles"]}
    play_and_check(page, game, card_move(page, game))
    page.goto(site_url + page_of("klondike") + "#seed=11982")
    page.reload()
    wait_ready(page)
    assert board(page) == expected(engine.new_game("klondike", 11982))
    assert page.evaluate("window.cardsRemoved") > 0


def test_a_deal_number_outside_the_games_range_falls_back_with_a_word_why(page: Any, site_url: str) -> None:
    page.goto(site_url + page_of("freecell") + "#seed=0")  # Microsoft's deals start at 1
    wait_ready(page)
    expect(page.locator("section.demo .seed")).to_have_text("1")
    expect(page.locator(".demo-state")).to_contain_text("Deal numbers of this game run from 1 to 8589934591")
    assert board(page) == expected(engine.new_game("freecell", 1))


def test_a_card_is_dragged_and_dropped(page: Any, site_url: str) -> None:
    page.goto(site_url + page_of("deuces"))
    wait_ready(page)
    game = shown_game(page, "deuces")
    move = next(m for m in game.legal_moves() if not m.action)
    page.locator("section.demo .board").scroll_into_view_if_needed()
    src = pile(page, move.source).locator(".card").last.bounding_box()
    dst = pile(page, move.target).bounding_box()
    assert src and dst
    page.mouse.move(src["x"] + 8, src["y"] + 8)
    page.mouse.down()
    page.mouse.move(src["x"] + 40, src["y"] + 30, steps=4)
    expect(page.locator(".drag-ghost")).to_have_count(1)
    page.mouse.move(dst["x"] + 10, dst["y"] + 10, steps=6)
    page.mouse.up()
    game.play(move)
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    assert board(page) == expected(game)
    expect(page.locator(".drag-ghost")).to_have_count(0)


def test_arrow_keys_move_between_piles_and_escape_puts_the_card_back(page: Any, site_url: str) -> None:
    page.goto(site_url + page_of("deuces"))
    wait_ready(page)
    pile(page, "t1").focus()
    page.keyboard.press("ArrowRight")
    expect(pile(page, "t2")).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(pile(page, "waste")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(page.locator("section.demo .card.selected")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator("section.demo .card.selected")).to_have_count(0)
    expect(page.locator('[data-counter="moves"]')).to_have_text("0")
    page.keyboard.press("d")  # the deal shortcut turns a card from the stock
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    expect(page.locator('[data-counter="stock"]')).to_have_text("85")



def test_a_whole_game_is_played_through_the_page_won_celebrated_and_counted(page: Any, site_url: str) -> None:
    seed, line = winning_line("two-rings", range(1, 400))
    page.add_init_script("localStorage.setItem('patience-rulebook:settings', JSON.stringify({v: 1, auto: false, motion: true}))")
    page.goto(site_url + page_of("two-rings") + f"#seed={seed}")
    wait_ready(page)
    game = engine.new_game("two-rings", seed)
    assert board(page) == expected(game)
    for i, move in enumerate(line, 1):
        click_move(page, game, move)
        game.play(move)
        expect(page.locator('[data-counter="moves"]')).to_have_text(str(i))
    assert board(page) == expected(game)
    demo = page.locator("section.demo")
    expect(demo).to_have_attribute("data-status", "won")
    expect(demo).to_have_class(re.compile(r"\bcelebrating\b"))
    expect(page.locator(".demo-banner")).to_contain_text(f"You have won in {len(line)} moves")
    stats = {"played": "1", "won": "1", "rate": "100%", "streak": "1", "best": "1", "fewest": str(len(line))}
    for name, value in stats.items():
        expect(page.locator(f'[data-stat="{name}"]')).to_have_text(value)
    # The won game and the statistics survive a reload; statistics can be reset.
    page.reload()
    expect(demo).to_have_attribute("data-status", "won", timeout=60_000)
    expect(page.locator('[data-stat="won"]')).to_have_text("1")
    page.locator('.demo-controls [data-command="undo"]').click()  # undo stays possible
    expect(demo).to_have_attribute("data-status", "ready")
    page.locator('[data-command="reset-stats"]').click()
    expect(page.locator('[data-stat="won"]')).to_have_text("0")
    expect(page.locator('[data-stat="played"]')).to_have_text("0")


def test_on_a_360_pixel_phone_cards_stay_readable_and_only_the_board_ever_scrolls(browser: Any, site_url: str) -> None:
    """Cards at least 36 px wide with rank text of 12 px or more; a layout wider than the
    phone scrolls within its own box, never the page."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    page = watch(ctx.new_page(), site_url)
    problems = {}
    for slug in SLUGS:
        page.goto(site_url + page_of(slug))
        width, font, doc, scroll, box, overflow = page.locator("section.demo .board-scroll").evaluate(
            """e => {
              // A face-up card's rank, where the deal shows one (Sir Tommy's opens with every
              // card in the stock: then the stock's card, which has no rank to read).
              const up = e.querySelector('.cards > .card.up:last-child');
              const card = up || [...e.querySelectorAll('.cards > .card:last-child')]
                .find(c => c.getBoundingClientRect().width > 0) || e.querySelector('.cards > .card');
              return [card.getBoundingClientRect().width,
                      up ? parseFloat(getComputedStyle(up.querySelector('.rank')).fontSize) : null,
                      document.documentElement.scrollWidth, e.scrollWidth, e.clientWidth,
                      getComputedStyle(e).overflowX];
            }""")
        if width < 36 or (font is not None and font < 12) or doc > 360 or (scroll > box and overflow not in ("auto", "scroll")):
            problems[slug] = dict(card=width, font=font, page=doc, board=scroll, box=box, overflow=overflow)
    ctx.close()
    assert not problems, f"cards too small, or the page scrolls sideways: {problems}"
    assert not page.problems, page.problems
