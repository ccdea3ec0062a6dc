"""Typed errors of the rules core. A failed call leaves the state unchanged."""


class LamaError(Exception):
    """Base of every error the core raises on purpose."""


class IllegalAction(LamaError):
    """An action or chance outcome the rules do not allow here.

    `code` is machine-readable (for drivers and tests), `reason` is for people.
    """

    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code = code
        self.reason = reason


class InvalidOption(LamaError):
    """A game id, player count or option the game does not accept."""


class InvalidView(LamaError, ValueError):
    """A view no state of the game fits, or one from which the game cannot rebuild a full state
    (`Game.resample_from_view`): it is from another game, holds more cards of a kind than the deck,
    or (in dice) is not the view of the seat to move."""
