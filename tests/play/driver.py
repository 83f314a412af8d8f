"""Playing the in-page demo as a person would: gestures for moves, and reading the board.

The moves to make come from the engine (on CPython), which the page must then agree with.
Gestures: click the card, then the pile; or the keyboard; or the action button; or, for a
move taking one card from several piles, click each card and then "take".
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, Position, expect

import engine
from engine.game import Game
from engine.rng import SplitMix64
from engine.solver import fair_budget

CORNER: Position = {"x": 6, "y": 6}  # the top-left corner of a card shows in every fan
# Playable: "lost" is a position the solver has proved cannot be won, still played on (and undone).
PLAYABLE = re.compile(r"^(ready|lost|stuck)$")  # a random new deal may be lost, or stuck, from its start


def wait_ready(page: Page) -> None:
    expect(page.locator("section.demo")).to_have_attribute("data-status", PLAYABLE, timeout=60_000)


def engine_start(page: Page) -> str:
    """How the page's engine started (theme/static/worker.js, the demo's data-engine-start):
    "fresh", "snapshot", "fallback" or "running"; "" before it has."""
    return page.locator("section.demo").get_attribute("data-engine-start") or ""


def end_the_engine(page: Page) -> None:
    """End the game pages' shared engine (theme/static/worker.js), as the browser does once no
    page has used it for a while (Chromium: about half a minute): the next game page starts it
    again, from its saved start. (Through the DevTools protocol: a page cannot end it.)"""
    cdp = page.context.new_cdp_session(page)
    try:
        for target in cdp.send("Target.getTargets")["targetInfos"]:
            if target["type"] == "shared_worker" and "/worker." in target["url"]:
                cdp.send("Target.closeTarget", {"targetId": target["targetId"]})
    finally:
        cdp.detach()


def board(page: Page) -> dict[str, list[str]]:
    """Every pile's cards as the page shows them: card codes, "" for a face-down card."""
    piles: dict[str, list[str]] = page.locator("section.demo .board").evaluate(
        "b => Object.fromEntries([...b.querySelectorAll('[data-pile]')].map("
        "p => [p.dataset.pile, [...p.querySelectorAll('.card')].map(c => c.dataset.card)]))")
    return piles


def expected(game: Game) -> dict[str, list[str]]:
    return {p["id"]: [c.get("code", "") for c in p["cards"]] for p in game.view()["piles"]}


def pile(page: Page, pid: str) -> Locator:
    return page.locator(f'section.demo [data-pile="{pid}"]')


def card(page: Page, pid: str, index: int) -> Locator:
    return pile(page, pid).locator(".card").nth(index)


def moves_shown(page: Page) -> int:
    return int(page.locator('[data-counter="moves"]').inner_text())


# No card still flying (an animation that ends): a click on a card that a move's animation
# is carrying to the same place may land on the flying copy and select nothing.
SETTLED_JS = """() => document.getAnimations().every(a => a.playState !== 'running' || !a.effect
  || a.effect.getComputedTiming().endTime === Infinity)"""


def click_move(page: Page, game: Game, move: engine.Move) -> None:
    """Make ``move`` by pointer: action button, several cards then "take", or card then pile,
    once no card is still flying from the move before."""
    page.wait_for_function(SETTLED_JS, timeout=5_000)
    if move.action:
        page.locator(f'.demo-actions button[data-move="{move.action}"]').click()
    elif len(move.sources) > 1:
        for src in move.sources:
            card(page, src, len(game.piles[src]) - 1).click(position=CORNER)
        page.locator('.demo-controls [data-command="take"]').click()
    else:
        card(page, move.source, len(game.piles[move.source]) - move.count).click(position=CORNER)
        pile(page, move.target).click(position=CORNER)


def key_move(page: Page, game: Game, move: engine.Move) -> None:
    """Make ``move`` by keyboard: Enter on each source pile (again for a longer run), Enter
    on the target pile; Enter on a focused action button; "t" to take several cards."""
    if move.action:
        page.locator(f'.demo-actions button[data-move="{move.action}"]').focus()
        page.keyboard.press("Enter")
        return
    for src in move.sources:
        pile(page, src).focus()
        page.keyboard.press("Enter")
    if len(move.sources) > 1:
        page.keyboard.press("t")
        return
    selected = page.locator(f'section.demo [data-pile="{move.source}"] .card.selected')
    while selected.count() < move.count:
        before = selected.count()
        page.keyboard.press("Enter")
        assert selected.count() > before, f"Enter did not take more cards of {move.source}"
    pile(page, move.target).focus()
    page.keyboard.press("Enter")


def play_and_check(page: Page, game: Game, move: engine.Move, how: Any = click_move) -> None:
    """Make a move through the page, play it in the engine too, and compare the boards."""
    before = moves_shown(page)
    how(page, game, move)
    game.play(move)
    expect(page.locator('[data-counter="moves"]')).to_have_text(str(before + 1))
    assert board(page) == expected(game), f"board differs from the engine after {move}"


def card_move(page: Page, game: Game) -> engine.Move:
    """A card move from ``game``'s position. A deal may open with nothing to do but deal from
    the stock (which deal a page opens on follows the solver's figures): the stock is then
    dealt, through the page and in ``game`` alike, until a card can move."""
    while True:
        moves = game.legal_moves()
        cards = [m for m in moves if not m.action]
        if cards:
            return cards[0]
        assert moves, f"no move at all in {game.spec.slug} deal {game.seed}"
        play_and_check(page, game, moves[0])


def picks_shown(page: Page) -> dict[str, list[int]]:
    """The cards the page marks as ones that may be picked up: their indexes, by pile."""
    picks: dict[str, list[int]] = page.locator("section.demo .board").evaluate(
        "b => Object.fromEntries([...b.querySelectorAll('[data-pile]')].map(p => [p.dataset.pile,"
        " [...p.querySelectorAll('.card')].flatMap((c, i) => c.classList.contains('pickable') ? [i] : [])]))")
    return picks


def page_of(slug: str) -> str:
    return f"/games/{slug}/"


def shown_game(page: Page, slug: str) -> Game:
    """The deal the page shows (the first deal the solver has won, or deal 1), fresh."""
    return engine.new_game(slug, int(page.locator("section.demo .seed").first.inner_text()))


def first_moves(game: Game, n: int) -> list[engine.Move]:
    """``n`` moves to try, chosen by the project's generator: card moves first, so that
    every game shows one being carried and dropped."""
    g = engine.replay(game.record())
    rng = SplitMix64(99)
    out = []
    for _ in range(n):
        moves = g.legal_moves()
        cards = [m for m in moves if not m.action]
        m = (cards or moves)[rng.below(len(cards or moves))]
        out.append(m)
        g.play(m)
    return out


def winning_line(slug: str, seeds: range) -> tuple[int, list[engine.Move]]:
    """A deal and the moves that win it, found with the engine by a simple greedy policy
    (foundation moves first), so the test needs no stored solution."""
    for seed in seeds:
        g = engine.new_game(slug, seed)
        line: list[engine.Move] = []
        for _ in range(600):
            moves = g.legal_moves()
            if not moves:
                break
            home = [m for m in moves if m.target and g.group_of[m.target].kind is engine.Kind.FOUNDATION]
            m = (home or moves)[0]
            g.play(m)
            line.append(m)
            if g.is_won():
                return seed, line
    raise AssertionError(f"no deal of {slug} won by the greedy policy in {seeds}")


def home_move(slug: str, seeds: range = range(1, 300)) -> tuple[int, engine.Move] | None:
    """A deal whose first position lets a pile's top card go to a foundation, and that move;
    one after which the page's quiet check (1,500 positions) does not prove the game lost,
    so that what the page says of the move stays said."""
    for seed in seeds:
        g = engine.new_game(slug, seed)
        for m in g.legal_moves():
            if (not m.action and len(m.sources) == 1 and m.count == 1
                    and g.group_of[m.target].kind is engine.Kind.FOUNDATION
                    and g.group_of[m.source].kind is not engine.Kind.FOUNDATION):
                after = engine.replay(g.record())
                after.play(m)
                if engine.solve(after, fair_budget(after, 1500)).result != "lost":
                    return seed, m
                break
    return None


def double_tap(page: Page, target: Locator) -> float:
    """Tap a card twice with a finger, the taps sent back to back through the DevTools
    protocol (no waiting for the card between them, as Playwright's tap() does, which on a
    busy machine can part the taps by more than a double tap's time). Returns the time
    between the two clicks as the page saw them, in milliseconds."""
    box = target.bounding_box()
    assert box
    page.evaluate("""() => { window.__taps = [];
      document.addEventListener("click", () => window.__taps.push(performance.now()), true); }""")
    cdp = page.context.new_cdp_session(page)
    point = {"x": box["x"] + CORNER["x"], "y": box["y"] + CORNER["y"]}
    for _ in range(2):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    page.wait_for_function("window.__taps.length >= 2")
    taps = page.evaluate("window.__taps")
    return float(taps[1] - taps[0])


def touch_drag(page: Page, source: Locator, target: Locator) -> None:
    """Drag with a finger: real touch events through the DevTools protocol (touch turned on
    for the page), so the page's touch-action decides between a drag and a scroll."""
    start, end = source.bounding_box(), target.bounding_box()
    assert start and end
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    x0, y0 = start["x"] + 8, start["y"] + 8
    x1, y1 = end["x"] + min(end["width"] / 2, 20), end["y"] + 10
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 9):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x0 + (x1 - x0) * i / 8, "y": y0 + (y1 - y0) * i / 8}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
