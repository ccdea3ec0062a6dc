"""What the server refuses, as domain errors: one class per code of the protocol (PROTOCOL.md,
"Errors"), each with its readable message. They know nothing of HTTP or WebSocket: the routes
say how each is answered (routes.HTTP_STATUS: the HTTP status of each code; a WebSocket sends
`{"type": "error", "code", "message"}`).

The standard library and lama.i18n only: limits.RateLimited is one of them.
"""

from __future__ import annotations

from lama.i18n import N_, localized


class Refusal(Exception):
    """A request the server refuses: its protocol `code`, and a readable `message`, English;
    with `params` the message is a template (`{name}` placeholders) that `localized` fills in
    the client's language."""

    code = "bad_request"

    def __init__(self, message: str, **params):
        self.template, self.params = message, params
        self.message = self.template.format(**params) if params else self.template
        super().__init__(self.message)

    def localized(self, lang: str) -> str:
        """The message in `lang` (the protocol's `code` stays as it is)."""
        return localized(self.template, lang, **self.params)


# -- what a request says ------------------------------------------------------------------------
class BadRequest(Refusal):
    code = "bad_request"


class Malformed(Refusal):
    code = "malformed"


class TooLarge(Refusal):
    code = "too_large"


class BadName(Refusal):
    code = "bad_name"


class BadBot(Refusal):
    code = "bad_bot"


class BadOptions(Refusal):
    code = "bad_options"


class BadReaction(Refusal):
    code = "bad_reaction"


class BadLanguage(Refusal):
    code = "bad_language"


# -- what is not there ----------------------------------------------------------------------------
class TableNotFound(Refusal):
    code = "no_table"

    def __init__(self, table_id: str):
        super().__init__(N_("there is no table {table}"), table=repr(table_id[:40]))


class GameNotFound(Refusal):
    code = "no_game"


class LanguageNotFound(Refusal):
    code = "no_language"


class NotFound(Refusal):
    code = "not_found"


# -- who asks -------------------------------------------------------------------------------------
class BadToken(Refusal):
    code = "bad_token"


class BadInvite(Refusal):
    code = "bad_invite"


class NotSeated(Refusal):
    code = "not_seated"


class NoHints(Refusal):
    code = "no_hints"


# -- where the table is ---------------------------------------------------------------------------
class SeatTaken(Refusal):
    code = "seat_taken"


class TableFull(Refusal):
    code = "table_full"


class Expired(Refusal):
    code = "expired"


class NotFinished(Refusal):
    code = "not_finished"


class NotRunning(Refusal):
    code = "not_running"


class NotYourTurn(Refusal):
    code = "not_your_turn"


class NoOdds(Refusal):
    code = "no_odds"


class SeatConnected(Refusal):
    code = "seat_connected"


class TooSoon(Refusal):
    code = "too_soon"


# -- the server ------------------------------------------------------------------------------------
class StoreUnavailable(Refusal):
    code = "store_unavailable"
