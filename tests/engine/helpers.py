"""Test helpers: set up exact positions, and assert refusals with their reasons."""

from __future__ import annotations

import collections

import pytest

import engine
from engine.cards import parse_card
from engine.game import Game


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
