"""The solver in the demo: a hint rings a move the engine accepts (by the button and the H
key), "Winnable deals only" deals from the shipped list, and a position the solver proves
lost says so, with undo still possible."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect

import engine
from engine.solver.datafile import parse_ranges

from .driver import board, click_move, expected, page_of, wait_ready
from .test_feel import set_settings
from tests.conftest import CONTENT

JUDGE_BUDGET = 1500  # the demo's quiet check after each step (theme/static/play/solver.js)


def hinted_move(page: Any) -> str:
    """The move the hint rings on the board, in the engine's notation."""
    expect(page.locator("section.demo .hint-to").first).to_be_visible()
    sources: list[str] = page.locator("section.demo .card.hint-from").evaluate_all(
        "cards => cards.map(c => c.closest('[data-pile]').dataset.pile)")
    target = page.locator("section.demo .pile.hint-to").get_attribute("data-pile")
    piles = list(dict.fromkeys(sources))
    if len(piles) > 1:
        return f"{'+'.join(piles)}>{target}"
    return f"{piles[0]}{':' + str(len(sources)) if len(sources) > 1 else ''}>{target}"


def test_hint_rings_a_legal_move_and_the_h_key_asks_again(page: Any, site_url: str) -> None:
    page.goto(site_url + page_of("freecell") + "#seed=1")
    wait_ready(page)
    game = engine.new_game("freecell", 1)
    page.locator('.demo-controls [data-command="hint"]').click()
    text = hinted_move(page)
    move = game.parse_move(text)
    assert move in game.legal_moves(), f"the hint {text} is not a legal move"
    expect(page.locator(".demo-state")).to_have_text(re.compile(r"^Hint: Move .+ to .+\.$"))
    click_move(page, game, move)  # the player follows the hint: the engine accepts it
    game.play(move)
    expect(page.locator('[data-counter="moves"]')).to_have_text("1")
    assert board(page) == expected(game)
    expect(page.locator("section.demo .hint-from, section.demo .hint-to")).to_have_count(0)  # cleared by the move
    page.locator("h1").click()
    page.keyboard.press("h")
    text = hinted_move(page)
    assert game.parse_move(text) in game.legal_moves(), f"the hint {text} is not a legal move"
    assert engine.solve(game, 20_000).result == "won"  # the position the hint was asked of can be won


def first_line(slug: str, opens: Any) -> tuple[int, tuple[engine.Move, ...]]:
    """The lowest deal whose winning line (found by the hint's search) ``opens`` as asked."""
    for seed in range(1, 80):
        line = engine.solve(engine.new_game(slug, seed), 3000).moves
        if line and opens(line):
            return seed, line
    raise AssertionError(f"no deal of {slug} among 1-79 whose winning line opens so")


def test_a_hint_that_turns_the_stock_says_how_many_turns(page: Any, site_url: str) -> None:
    """A Klondike deal whose winning line opens by turning the stock several times: the hint
    rings the stock and says so."""
    seed, line = first_line("klondike", lambda line: line[0].action and line[1].action)
    turns = next(n for n, m in enumerate(line) if not m.action)
    assert turns > 1
    page.goto(site_url + page_of("klondike") + f"#seed={seed}")
    wait_ready(page)
    page.locator('.demo-controls [data-command="hint"]').click()
    expect(page.locator(".demo-state")).to_have_text(
        f"Hint: Turn three cards. The winning line uses the stock {turns} times before it plays a card.")
    expect(page.locator('section.demo [data-kind="stock"].hint-from')).to_have_count(1)


def test_a_hint_to_deal_names_the_games_own_button(page: Any, site_url: str) -> None:
    """Babette deals a row at a time: a hint to deal says "Deal a row", as its button does,
    not another game's words."""
    seed, line = first_line("babette", lambda line: line[0].action == "deal")
    game = engine.new_game("babette", seed)
    turns = next((n for n, m in enumerate(line) if not m.action), len(line))
    label = next(a["label"] for a in game.view()["actions"] if a["move"] == "deal")
    assert label == "Deal a row"
    page.goto(site_url + page_of("babette") + f"#seed={seed}")
    wait_ready(page)
    page.keyboard.press("h")
    want = f"Hint: {label}." + (f" The winning line uses the stock {turns} times before it plays a card." if turns > 1 else "")
    # Babette is searched in pure Python: the hint may take its whole 5 s on a loaded machine
    # (a full run beside other work once showed "Looking for a winning line..." at 5 s), so
    # the words are awaited a little beyond that bound, not exactly at it.
    expect(page.locator(".demo-state")).to_have_text(want, timeout=10_000)
    expect(page.locator('section.demo .demo-actions button[data-move="deal"]')).to_have_text(label)


def test_a_board_too_wide_for_any_card_scrolls_within_itself_to_what_the_hint_rings(page: Any, site_url: str) -> None:
    """Ten piles of the narrowest readable cards do not fit a 280-pixel screen: the board says
    so, scrolls sideways within its own frame (never the page), and a hint that rings a pile
    out of view brings it into view. The first Spider (one suit) deal whose hint moves a run
    off the tenth pile, at the right edge."""
    seed, move = next((s, m) for s in range(1, 80)
                      for m in engine.solve(engine.new_game("spider-one-suit", s), 3000).moves[:1]
                      if not m.action and m.source == "t10")
    page.set_viewport_size({"width": 280, "height": 740})
    page.goto(site_url + page_of("spider-one-suit") + f"#seed={seed}")
    wait_ready(page)
    frame = page.locator("section.demo .board-scroll")
    expect(page.locator("section.demo .board-note")).to_be_visible()
    inside = ("(el, frame) => { const a = el.getBoundingClientRect(), b = frame.getBoundingClientRect();"
              " return a.left >= b.left - 0.5 && a.right <= b.right + 0.5; }")
    source = page.locator(f'section.demo [data-pile="{move.source}"]')
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth && f.scrollLeft === 0")
    assert not source.evaluate(inside, frame.element_handle())  # out of view before the hint
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 280  # the page itself does not scroll
    scrolled = page.evaluate("() => window.scrollY")
    page.locator('.demo-controls [data-command="hint"]').click()
    expect(page.locator("section.demo .pile.hint-to")).to_have_attribute("data-pile", move.target)
    for el in page.locator("section.demo .card.hint-from, section.demo .pile.hint-to").element_handles():
        assert el.evaluate(inside, frame.element_handle()), "a card or pile the hint rings is out of view"
    assert page.evaluate("() => window.scrollY") == scrolled  # only the board scrolled


def fresh_lists() -> dict[str, list[int]]:
    """The games whose winnable deals the site ships: data files that match today's rules."""
    out = {}
    for path in sorted((CONTENT / "winnability").glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        if data["fingerprint"] == engine.fingerprint(engine.get_spec(data["game"])) and data["won"]:
            out[data["game"]] = parse_ranges(data["won"])
    return out


def test_winnable_deals_only_deals_from_the_shipped_list(page: Any, site_url: str) -> None:
    lists = fresh_lists()
    assert lists, "no game has a winnability file that matches its rules (content/winnability/)"
    slug, won = next(iter(lists.items()))
    set_settings(page, winnable=True)
    page.goto(site_url + page_of(slug))
    wait_ready(page)
    expect(page.locator('[data-setting="winnable"]')).to_be_checked()
    for _ in range(3):
        before = page.locator("section.demo .seed").inner_text()
        page.evaluate("history.replaceState(null, '', location.pathname)")  # the next deal puts its number back
        page.locator('.demo-controls [data-command="new"]').click()
        expect(page).to_have_url(re.compile(r"#seed=\d+$"))
        seed = int(page.url.rsplit("=", 1)[1])
        expect(page.locator("section.demo .seed")).to_have_text(str(seed))
        wait_ready(page)
        assert seed in won, f"deal {seed} of {slug} is not in the list of winnable deals (was on {before})"
        assert board(page) == expected(engine.new_game(slug, seed))  # an ordinary deal number


def lost_after_one_move() -> tuple[str, int, engine.Move]:
    """A deal the solver wins, and a first move after which it proves within the demo's
    check that no line wins (Well throws its deals away quickly)."""
    for slug in ("well", "fortress", "beleaguered-castle"):
        for seed in range(1, 40):
            game = engine.new_game(slug, seed)
            if engine.solve(game, JUDGE_BUDGET).result != "won":
                continue
            for move in game.legal_moves():
                if move.action:
                    continue
                game.play(move)
                lost = engine.solve(game, JUDGE_BUDGET).result == "lost"
                game.undo()
                if lost:
                    return slug, seed, move
    raise AssertionError("no deal found that one move makes lost")


def test_a_position_proved_lost_says_so_and_undo_goes_back(page: Any, site_url: str) -> None:
    slug, seed, move = lost_after_one_move()
    page.goto(site_url + page_of(slug) + f"#seed={seed}")
    wait_ready(page)
    demo = page.locator("section.demo")
    expect(demo).to_have_attribute("data-status", "ready")
    game = engine.new_game(slug, seed)
    click_move(page, game, move)
    game.play(move)
    assert board(page) == expected(game)
    expect(demo).to_have_attribute("data-status", "lost")
    expect(page.locator(".demo-banner")).to_be_visible()
    expect(page.locator(".demo-banner")).to_contain_text("No way to win from here")
    expect(page.locator(".demo-banner")).to_contain_text("searched every position")
    page.locator("h1").click()
    page.keyboard.press("h")
    expect(page.locator(".demo-state")).to_contain_text("This position can no longer be won")
    expect(page.locator("section.demo .hint-from, section.demo .hint-to")).to_have_count(0)
    page.keyboard.press("u")  # undo is still possible, and the deal can be won again
    game.undo()
    expect(page.locator('[data-counter="moves"]')).to_have_text("0")
    assert board(page) == expected(game)
    expect(demo).to_have_attribute("data-status", "ready")
    expect(page.locator(".demo-banner")).to_be_hidden()
