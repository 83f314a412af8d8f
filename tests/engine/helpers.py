"""Test helpers: set up exact positions, and assert refusals with their reasons."""

from __future__ import annotations

import collections

import pytest

import engine
from engine.cards import parse_card
from engine.game import Game
from engine.spec import Kind


def unkeyed_deal(slug: str, number: int) -> Game:
    """The deal that was number ``number`` of ``slug`` before the shuffle was keyed by the
    game (when every game laid out one shuffle as deal N): the deal a test found a fault
    in, kept as it was. The keyed shuffle of deal M shuffles with ``M ^ key``, so the old
    deal is ``number ^ key``, where that is a deal number at all."""
    from engine.dealing import seed_range, shuffle_key

    spec = engine.get_spec(slug)
    seed = number ^ shuffle_key(spec)
    low, high = seed_range(spec)
    assert low <= seed <= high, f"{slug}'s old deal {number} has no deal number now"
    return engine.new_game(slug, seed)


def arrange(game: Game, **piles: str) -> Game:
    """Empty every pile, then lay out the named ones from card codes, bottom first.

    ``t1="#5H #2C 7S"``: a leading ``#`` marks a face-down card (only at the bottom).
    A card code seen twice gets the second deck. The history is cleared.
    """
    seen: collections.Counter[str] = collections.Counter()
    for pid in game.order:
        game.piles[pid] = []
        game.down[pid] = 0
    for pid, text in piles.items():
        assert pid in game.piles, f"no pile {pid!r} in {game.spec.slug}"
        cards = []
        down = 0
        for word in text.split():
            if word.startswith("#"):
                down += 1
                word = word[1:]
            code = word.upper()
            cards.append(parse_card(code, deck=seen[code]))
            seen[code] += 1
        game.piles[pid] = cards
        game.down[pid] = down
    game.history.clear()
    game.future.clear()
    game._legal = None
    return game


def codes(game: Game, pid: str) -> str:
    return " ".join(c.code for c in game.piles[pid])


def legal(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def refused(game: Game, move: str, *reason_words: str) -> str:
    """Assert that ``move`` is refused, that its reason names each of ``reason_words``,
    and that the refusal left the game exactly as it was."""
    before = game.view()
    record = game.record()
    with pytest.raises(engine.IllegalMoveError) as info:
        game.play(move)
    message = str(info.value)
    for word in reason_words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    assert game.view() == before
    assert game.record() == record
    return message


def mv(src: str, dst: str, n: int = 1) -> str:
    """Move notation: ``t1>t2``, or ``t1:3>t2`` for three cards."""
    return f"{src}:{n}>{dst}" if n > 1 else f"{src}>{dst}"


def lay(slug: str, blocker: str, **piles: str) -> Game:
    """``arrange`` with every tableau pile and cell not named holding ``blocker`` (a card
    chosen not to interact with the position), so no space is open unless named ``""``."""
    g = engine.new_game(slug, 1)
    filled = {pid: blocker for pid in g.order if g.group_of[pid].kind in (Kind.TABLEAU, Kind.CELL)}
    filled.update(piles)
    return arrange(g, **filled)


def check_two_to_the_e(slug: str, run: str, target: str, blocker: str = "KC") -> Game:
    """A four-card ``run`` on t1 moves onto ``target`` (on t2) only with 2^e >= 4, and into
    a space only k <= 2^(e-1) cards at a time, for e = 0..3 empty piles (the last ones).
    Returns the position with one empty pile, for the caller's refusals."""
    one_space = None
    for e in range(4):
        piles = [p for p in engine.new_game(slug, 1).order if p.rstrip("0123456789") == "t"]
        spaces = piles[len(piles) - e:] if e else []
        g = lay(slug, blocker, t1=run, t2=target, **{p: "" for p in spaces})
        assert (mv("t1", "t2", 4) in legal(g)) == (4 <= 2 ** e), e
        for space in spaces:
            for k in range(1, 5):
                assert (mv("t1", space, k) in legal(g)) == (k <= 2 ** (e - 1)), (e, k)
        if e == 1:
            one_space = g
    assert one_space is not None
    return one_space


def cards_once_per_deck(game: Game) -> bool:
    """Does the layout hold every card of the pack exactly once per deck?"""
    counts = collections.Counter((c.rank, c.suit) for pile in game.piles.values() for c in pile)
    return len(counts) == 52 and set(counts.values()) == {game.spec.decks}


def ids(game: Game, prefix: str) -> list[str]:
    """The pile ids of group ``prefix``."""
    return list(game.spec.group(prefix).ids())


def fresh_compact_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the compact model's tables be built afresh for the rest of a test (one that
    changes a spec's hooks), in a cache of their own that goes with the test."""
    import functools

    from engine.solver import model

    monkeypatch.setattr(model, "_compact", functools.lru_cache(maxsize=None)(model._compact.__wrapped__))
