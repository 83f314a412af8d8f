"""Named errors of the engine. Each is a ValueError, and each message names the input."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class UnknownGameError(EngineError):
    """A slug that names no registered game."""


class InvalidMoveError(EngineError):
    """Move text that cannot be read as a move at all."""


class IllegalMoveError(EngineError):
    """A well-formed move that the rules do not allow in this position.

    ``reason`` is the bare why ("the 7♥ cannot go on the 9♠: ..."), for a player's eyes;
    the message adds the move and the game, for logs and tracebacks.
    """

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


class RecordError(EngineError):
    """A game record that is malformed, or that does not replay."""


class RegistrationError(EngineError):
    """A game spec that clashes with one already registered, or is inconsistent."""
