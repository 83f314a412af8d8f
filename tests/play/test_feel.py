"""Play as in a patience program: double-click and double-tap home, touch drag, shortcuts
anywhere, automatic safe moves, the game and statistics kept across a reload, animations
that respect reduced motion, a full window, and a celebrated win. (Big cards: every game
page's are measured in the tour of test_geometry.py.)"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

import engine
from engine.bridge import Session
from engine.game import Game

from .conftest import watch
from .driver import (CORNER, board, card, card_move, click_move, double_tap, expected, first_moves, home_move, moves_shown, page_of, pile,
                     shown_game, touch_drag, wait_ready, winning_line)



def set_settings(page: Any, **settings: bool) -> None:
    """Choose the demo's settings before its page loads (and on every reload)."""
    page.add_init_script(f"localStorage.setItem('patience-rulebook:settings', "
                         f"JSON.stringify({json.dumps({'v': 1, 'auto': False, 'motion': False, **settings})}));")


def check_home_undo_and_reload(page: Any, slug: str) -> None:
    """On a game page already playing: a deal (through the address) where a card can go
    home; a double-click sends it there, the move is said in the live region; Ctrl+Z with
    the focus anywhere undoes it, Ctrl+Shift+Z redoes it; a reload brings the same game
    back, move for move, counted once as a game played. (Part of each game's main test in
    test_play.py, to start the engine once less per game.)"""
    found = home_move(slug)
    if found is None:
        # Only games whose foundations never take one card from a pile lack the move (the
        # Spider family discards whole runs; The Wheel's circle takes packets), or games that
        # open with nothing but a turn of the stock (Jubilee's hand): then a click makes the
        # first move instead.
        groups = engine.get_spec(slug).groups
        stock_first = all(m.action for m in engine.new_game(slug, 2).legal_moves())
        assert stock_first or not any(g.kind is engine.Kind.FOUNDATION and g.build is not engine.Build.NONE
                                      for g in groups), slug
        seed, move = 2, first_moves(engine.new_game(slug, 2), 1)[0]
    else:
        seed, move = found
    page.evaluate(f"location.hash = '#seed={seed}'")
    expect(page.locator("section.demo .seed")).to_have_text(str(seed))
    wait_ready(page)
    game = engine.new_game(slug, seed)
    assert board(page) == expected(game)
    played = int(page.locator('[data-stat="played"]').inner_text())
    if found is not None:
        card(page, move.source, len(game.piles[move.source]) - 1).dblclick(position=CORNER)
    else:
        click_move(page, game, move)
    said = next(a["done"] for a in game.view()["actions"] if a["move"] == move.action) if move.action else "Moved"
    game.play(move)
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    assert board(page) == expected(game)
    expect(page.locator(".demo-state")).to_contain_text(re.compile("^" + re.escape(said)))  # said in the live region
    expect(page.locator('[data-stat="played"]')).to_have_text(str(played + 1))
    page.locator("h1").click()
    page.keyboard.press("Control+z")
    game.undo()
    expect(page.locator('[data-counter="moves"]')).to_have_text("0")
    assert board(page) == expected(game)
    page.keyboard.press("Control+Shift+z")
    game.redo()
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    page.reload()
    wait_ready(page)
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    expect(page.locator("section.demo .seed")).to_have_text(str(seed))
    assert board(page) == expected(game)
    expect(page.locator('[data-stat="played"]')).to_have_text(str(played + 1))
    # A finger drags the same card home again, after Ctrl+Z took it back. (In The Wheel
    # cards leave the cushion only in packets, chosen by tapping: a drag moves nothing.)
    page.keyboard.press("Control+z")
    game.undo()
    expect(page.locator('[data-counter="moves"]')).to_have_text("0")
    page.locator("section.demo .board").evaluate("e => e.scrollIntoView({block: 'start'})")
    if found is None:
        # (Sir Tommy opens with every card in the stock: nothing lies anywhere to drag.)
        held = [p for p in game.order if game.piles[p] and game.group_of[p].kind is not engine.Kind.STOCK]
        if held:
            src = next((p for p in held if game.group_of[p].kind is engine.Kind.TABLEAU), held[0])
            # (Onto a foundation or a discard: a touch that ends on the stock may deal, where
            # dealing is the only move.)
            homes = [p for p in game.order if game.group_of[p].kind in (engine.Kind.FOUNDATION, engine.Kind.DISCARD)]
            # (Accordion has neither: onto another pile of its row, which the lone card cannot reach.)
            home = homes[0] if homes else next(p for p in game.order
                                               if p != src and game.group_of[p].kind is not engine.Kind.STOCK)
            touch_drag(page, card(page, src, len(game.piles[src]) - 1), pile(page, home))
            page.wait_for_timeout(300)
            expect(page.locator('[data-counter="moves"]')).to_have_text("0")
    else:
        touch_drag(page, card(page, move.source, len(game.piles[move.source]) - 1), pile(page, move.target))
        game.play(move)
        expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    assert board(page) == expected(game)


def test_a_finger_drags_a_card_and_a_double_tap_sends_one_home(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page = watch(ctx.new_page(), site_url)
    set_settings(page)
    seed, home = home_move("klondike") or (0, engine.Move())
    page.goto(site_url + page_of("klondike") + f"#seed={seed}")
    wait_ready(page)
    game = engine.new_game("klondike", seed)
    # A double tap on the card that can go home.
    gap = double_tap(page, card(page, home.source, len(game.piles[home.source]) - 1))
    assert gap < 450, f"the second tap came {gap:.0f} ms after the first: no test of a double tap"
    game.play(home)
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    assert board(page) == expected(game)
    # A touch drag (real touch events: the page must not scroll instead).
    move = next(m for m in game.legal_moves() if not m.action and game.group_of[m.target].kind is engine.Kind.TABLEAU)
    start = card(page, move.source, len(game.piles[move.source]) - move.count).bounding_box()
    end = pile(page, move.target).bounding_box()
    assert start and end
    scroll_before = page.evaluate("scrollY")
    cdp = ctx.new_cdp_session(page)
    x0, y0 = start["x"] + 8, start["y"] + 8
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + 10
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 9):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x0 + (x1 - x0) * i / 8, "y": y0 + (y1 - y0) * i / 8}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    game.play(move)
    expect(page.locator('[data-counter="moves"]')).to_have_text("2")
    assert board(page) == expected(game)
    assert page.evaluate("scrollY") == scroll_before
    ctx.close()
    assert not page.problems, page.problems


def bridge_after(slug: str, seed: int, moves: list[engine.Move]) -> Game:
    """The game as the bridge leaves it when each move is followed by the safe moves."""
    s = Session()
    s.handle(json.dumps({"op": "new", "game": slug, "seed": seed}))
    for m in moves:
        s.handle(json.dumps({"op": "play", "move": str(m), "auto": True}))
    assert s.game is not None
    return s.game


def test_a_redeal_is_said_in_the_games_own_words_and_so_is_its_undo(page: Any, site_url: str) -> None:
    """Matrimony's redeal takes up one pile and deals it again: the status says so, not
    Klondike's "The waste is turned over", and its undo names the button."""
    set_settings(page)
    page.goto(site_url + page_of("matrimony") + "#seed=2")
    wait_ready(page)
    game = engine.new_game("matrimony", 2)
    deal = page.locator('section.demo .demo-actions button[data-move="deal"]')
    while game.piles[game.stock_id]:
        deal.click()
        game.play(engine.Move.act("deal"))
        expect(page.locator('[data-counter="moves"]')).to_have_text(str(game.moves_made))
    redeal = next(a for a in game.view()["actions"] if a["move"] == "redeal")
    assert redeal["enabled"] and redeal["label"] == "Redeal a pile" and redeal["done"] == "A pile is redealt"
    page.locator('section.demo .demo-actions button[data-move="redeal"]').click()
    game.play(engine.Move.act("redeal"))
    expect(page.locator(".demo-state")).to_have_text("A pile is redealt.")
    assert board(page) == expected(game)
    page.keyboard.press("Control+z")
    expect(page.locator(".demo-state")).to_have_text("Undone: Redeal a pile.")


def test_safe_cards_go_home_by_themselves_and_one_undo_takes_the_whole_step(page: Any, site_url: str) -> None:
    # A FreeCell deal where the first move lets safe cards follow it home.
    for seed in range(1, 400):
        g = engine.new_game("freecell", seed)
        move = next((m for m in g.legal_moves() if len(bridge_after("freecell", seed, [m]).history) > 1), None)
        if move is not None:
            break
    assert move is not None
    set_settings(page, auto=True)
    page.goto(site_url + page_of("freecell") + f"#seed={seed}")
    wait_ready(page)
    after = bridge_after("freecell", seed, [move])
    click_move(page, engine.new_game("freecell", seed), move)
    # One move of the player's, however many cards followed it home by themselves.
    assert len(after.history) > 1
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    assert board(page) == expected(after)
    expect(page.locator(".demo-state")).to_contain_text(re.compile(r"by (itself|themselves)"))
    page.keyboard.press("u")
    expect(page.locator('[data-counter="moves"]')).to_have_text("0")
    assert board(page) == expected(engine.new_game("freecell", seed))


def test_moves_glide_unless_motion_is_reduced(page: Any, site_url: str) -> None:
    set_settings(page, motion=True)
    page.emulate_media(reduced_motion="no-preference")
    page.goto(site_url + page_of("klondike"))
    wait_ready(page)
    page.evaluate("() => { window.__animations = 0; const a = Element.prototype.animate;"
                  "Element.prototype.animate = function (...x) { window.__animations++; return a.apply(this, x); }; }")
    game = shown_game(page, "klondike")
    for reduced, glides in (("no-preference", True), ("reduce", False)):
        page.emulate_media(reduced_motion=reduced)
        move = card_move(page, game)
        page.evaluate("window.__animations = 0")
        before = moves_shown(page)
        click_move(page, game, move)
        game.play(move)
        expect(page.locator('[data-counter="moves"]')).to_have_text(str(before + 1))
        page.wait_for_timeout(50)
        assert (page.evaluate("window.__animations") > 0) == glides, reduced


def test_shortcuts_work_anywhere_and_focus_never_falls_to_the_page(page: Any, site_url: str) -> None:
    page.goto(site_url + page_of("deuces"))
    wait_ready(page)
    page.locator("h1").click()
    page.keyboard.press("d")
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    undo = page.locator('.demo-controls [data-command="undo"]')
    undo.click()
    expect(undo).to_be_disabled()
    # The disabled button handed the focus to the board, so the keys go on working there.
    assert page.evaluate("document.querySelector('section.demo .board').contains(document.activeElement)")
    page.keyboard.press("r")
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    page.keyboard.press("n")
    expect(page.locator("section.demo .seed")).not_to_have_text("1")
    expect(page.locator('[data-counter="moves"]')).to_have_text("0")


def test_a_new_deal_after_an_unfinished_game_ends_the_streak(page: Any, site_url: str) -> None:
    page.add_init_script("if (!sessionStorage.getItem('stats-set')) { sessionStorage.setItem('stats-set', '1');"
                         "localStorage.setItem('patience-rulebook:stats:deuces', JSON.stringify("
                         "{v: 1, played: 3, won: 2, streak: 2, best: 2, fewest: 150})); }")
    page.goto(site_url + page_of("deuces"))
    wait_ready(page)
    expect(page.locator('[data-stat="streak"]')).to_have_text("2")
    page.keyboard.press("d")
    expect(page.locator('[data-stat="played"]')).to_have_text("4")
    page.keyboard.press("n")
    expect(page.locator('[data-stat="streak"]')).to_have_text("0")
    expect(page.locator('[data-stat="best"]')).to_have_text("2")


# The store's checks of every field are tested without a browser (tests/play/test_store.py);
# here, a record the engine no longer accepts: well-formed, so only the engine can refuse it.
@pytest.mark.parametrize("saved", [
    json.dumps({"v": 1, "record": "deuces/1/zz>t9", "seed": 1, "steps": [1], "elapsed": 0, "counted": True, "won": False}),
])
def test_corrupt_or_outdated_saved_data_is_dropped_quietly(page: Any, site_url: str, saved: str) -> None:
    page.add_init_script(f"if (!sessionStorage.getItem('corrupt-set')) {{ sessionStorage.setItem('corrupt-set', '1');"
                         f"localStorage.setItem('patience-rulebook:game:deuces', {json.dumps(saved)}); }}")
    page.goto(site_url + page_of("deuces"))
    wait_ready(page)
    game = shown_game(page, "deuces")  # the opening deal, fresh
    assert board(page) == expected(game)
    expect(page.locator(".demo-state")).not_to_have_class(re.compile(r"\brefusal\b"))
    stored = page.evaluate("localStorage.getItem('patience-rulebook:game:deuces')")
    assert stored is None or json.loads(stored)["record"] == f"deuces/{game.seed}/"


def test_the_full_window_keeps_the_controls_and_escape_leaves_it(page: Any, site_url: str) -> None:
    page.goto(site_url + page_of("spider"))
    wait_ready(page)
    page.locator('[data-command="full"]').click()
    expect(page.locator("section.demo")).to_have_class(re.compile(r"\bfull\b"))
    expect(page.locator('.demo-controls [data-command="undo"]')).to_be_visible()
    box = page.locator("section.demo").bounding_box()
    assert box and box["width"] >= page.viewport_size["width"] - 2
    page.keyboard.press("Escape")
    expect(page.locator("section.demo")).not_to_have_class(re.compile(r"\bfull\b"))


def test_finish_plays_the_rest_home_once_only_foundation_moves_are_left(page: Any, site_url: str) -> None:
    seed, line = winning_line("two-rings", range(1, 400))
    # The last position of the winning line from which the engine offers the finish.
    g = engine.new_game("two-rings", seed)
    cut = None
    for i, move in enumerate(line):
        if cut is None and g.finishing_moves() is not None:
            cut = i
        g.play(move)
    assert cut is not None and cut < len(line)
    record = engine.new_game("two-rings", seed)
    for move in line[:cut]:
        record.play(move)
    saved = {"v": 1, "record": record.record(), "seed": seed, "steps": [1] * cut, "elapsed": 0,
             "counted": True, "won": False}
    page.add_init_script(f"if (!sessionStorage.getItem('finish-set')) {{ sessionStorage.setItem('finish-set', '1');"
                         f"localStorage.setItem('patience-rulebook:game:two-rings', {json.dumps(json.dumps(saved))}); }}")
    page.goto(site_url + page_of("two-rings"))
    wait_ready(page)
    expect(page.locator('[data-counter="moves"]')).to_have_text(str(cut))
    finish = page.locator('.demo-controls [data-command="finish"]')
    expect(finish).to_be_visible()
    finish.click()
    expect(page.locator("section.demo")).to_have_attribute("data-status", "won")
    expect(page.locator(".demo-state")).to_contain_text("went to the foundations")
    page.keyboard.press("u")  # the finish is one step
    expect(page.locator('[data-counter="moves"]')).to_have_text(str(cut))
