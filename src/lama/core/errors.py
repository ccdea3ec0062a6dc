"""Typed errors of the rules core. A failed call leaves the state unchanged."""

from .refusals import english


class LamaError(Exception):
    """Base of every error the core raises on purpose."""


class Refusal(LamaError):
    """Something refused, said by a code and keyword parameters (lama.core.refusals).

    `code` is machine-readable (for drivers and tests); `key` names the refusal's template in
    the catalogue (the code itself unless one code has several); `params` fill it; `rule` is the
    ids of the rules it enforces (`K4`), for the English `reason` (logs, records, the API).
    People read it in their language through lama.i18n.reasons.
    """

    def __init__(self, code: str, key: str | None = None, /, *, rule: str = "", **params):
        self.code = code
        self.key = key or code
        self.rule = rule
        self.params = params
        self.reason = english(self.key, params) + (f" ({rule})" if rule else "")
        super().__init__(self.reason)


class IllegalAction(Refusal):
    """An action or chance outcome the rules do not allow here: `IllegalAction("cannot_play",
    card="3", top="5")`."""


class InvalidOption(Refusal):
    """A game id, player count or option the game does not accept: `InvalidOption("players",
    game="lama", value="7")`."""


class InvalidView(LamaError, ValueError):
    """A view no state of the game fits, or one from which the game cannot rebuild a full state
    (`Game.resample_from_view`): it is from another game, holds more cards of a kind than the deck,
    or (in dice) is not the view of the seat to move."""
