"""What the server refuses, as domain errors: one class per code of the protocol (PROTOCOL.md,
"Errors"), each with its readable message. They know nothing of HTTP or WebSocket: the routes
say how each is answered (routes.HTTP_STATUS: the HTTP status of each code; a WebSocket sends
`{"type": "error", "code", "message"}`).

The standard library and lama.i18n only: limits.RateLimited is one of them.
"""

from __future__ import annotations

from lama.i18n import N_, localized


class ServerRefusal(Exception):
    """A request the server refuses (a move is refused by the table: lama.match.Refused): its
    protocol `code`, and a readable `message`, English; with `params` the message is a template
    (`{name}` placeholders) that `localized` fills in the client's language."""

    code = "bad_request"

    def __init__(self, message: str, **params):
        self.template, self.params = message, params
        self.message = self.template.format(**params) if params else self.template
        super().__init__(self.message)

    def localized(self, lang: str) -> str:
        """The message in `lang` (the protocol's `code` stays as it is)."""
        return localized(self.template, lang, **self.params)


# -- what a request says ------------------------------------------------------------------------
class BadRequest(ServerRefusal):
    code = "bad_request"


class Malformed(ServerRefusal):
    code = "malformed"


class TooLarge(ServerRefusal):
    code = "too_large"


class BadName(ServerRefusal):
    code = "bad_name"


class BadBot(ServerRefusal):
    code = "bad_bot"


class BadOptions(ServerRefusal):
    code = "bad_options"


class BadReaction(ServerRefusal):
    code = "bad_reaction"


class BadLanguage(ServerRefusal):
    code = "bad_language"


class BadHandle(ServerRefusal):
    code = "bad_handle"


# -- what is not there ----------------------------------------------------------------------------
class TableNotFound(ServerRefusal):
    code = "no_table"

    def __init__(self, table_id: str):
        super().__init__(N_("there is no table {table}"), table=repr(table_id[:40]))


class GameNotFound(ServerRefusal):
    code = "no_game"


class LanguageNotFound(ServerRefusal):
    code = "no_language"


class NotFound(ServerRefusal):
    code = "not_found"


class PlayerNotFound(ServerRefusal):
    code = "no_player"


# -- who asks -------------------------------------------------------------------------------------
class BadToken(ServerRefusal):
    code = "bad_token"


class BadInvite(ServerRefusal):
    code = "bad_invite"


class BadKey(ServerRefusal):
    """`bad_key`: a player key that is wrong or revoked (the request changes nothing)."""

    code = "bad_key"


class SignInNeeded(ServerRefusal):
    code = "not_signed_in"


class BadCode(ServerRefusal):
    """`bad_code`: a sign-in code that is wrong, used or expired."""

    code = "bad_code"


class NotSeated(ServerRefusal):
    code = "not_seated"


class NoHints(ServerRefusal):
    code = "no_hints"


# -- where the table is ---------------------------------------------------------------------------
class SeatTaken(ServerRefusal):
    code = "seat_taken"


class HandleTaken(ServerRefusal):
    code = "handle_taken"


class ChatOff(ServerRefusal):
    code = "chat_off"


class ClaimPending(ServerRefusal):
    code = "claim_pending"


class NoClaim(ServerRefusal):
    code = "no_claim"


class NobodyToConfirm(ServerRefusal):
    code = "nobody_to_confirm"


class TableFull(ServerRefusal):
    code = "table_full"


class Expired(ServerRefusal):
    code = "expired"


class NotFinished(ServerRefusal):
    code = "not_finished"


class NotRunning(ServerRefusal):
    code = "not_running"


class NotYourTurn(ServerRefusal):
    code = "not_your_turn"


class NoOdds(ServerRefusal):
    code = "no_odds"


class SeatConnected(ServerRefusal):
    code = "seat_connected"


class TooSoon(ServerRefusal):
    code = "too_soon"


# -- the server ------------------------------------------------------------------------------------
class StoreUnavailable(ServerRefusal):
    code = "store_unavailable"


class BrokenTable(ServerRefusal):
    """A table whose stored history cannot be rebuilt (a move the rules refuse, a gap): it is
    out of play, marked in the store (TableRow.broken) and in the lobby."""

    code = "broken_table"

    def __init__(self, table_id: str):
        super().__init__(N_("table {table} cannot be rebuilt from what is stored: it is out of play"),
                         table=table_id[:40])
