"""The server's routes, as FastAPI routers: the HTTP API (api), the game's WebSocket (ws) and the
browser client's pages (pages). Each reaches the hub through `app.state.hub` (`hub_of`).

The hub and the requests refuse with the domain errors of `errors`, which know nothing of
HTTP: `HTTP_STATUS` is the one table of the HTTP status each code is answered with (PROTOCOL.md,
"Errors"); a WebSocket sends the code and the message as they are."""

from fastapi import Depends, Request

from lama.i18n import N_

from ..errors import SignInNeeded
from ..limits import address_of

HTTP_STATUS = {
    "bad_request": 400, "malformed": 400, "bad_name": 400, "bad_bot": 400, "bad_options": 400,
    "bad_reaction": 400, "bad_language": 400, "bad_handle": 400,
    "bad_key": 401, "not_signed_in": 401, "bad_code": 401,
    "bad_token": 403, "bad_invite": 403, "not_seated": 403, "no_hints": 403,
    "no_table": 404, "no_game": 404, "no_language": 404, "not_found": 404, "no_player": 404, "no_claim": 404,
    "seat_taken": 409, "table_full": 409, "not_finished": 409, "not_running": 409, "not_your_turn": 409,
    "no_odds": 409, "seat_connected": 409, "too_soon": 409, "handle_taken": 409,
    "claim_pending": 409, "nobody_to_confirm": 409, "chat_off": 409,
    "expired": 410,
    "too_large": 413,
    "rate_limited": 429,
    "broken_table": 500,
    "store_unavailable": 503,
}


def hub_of(request: Request):
    """The server's Hub (a dependency of the routes that need it)."""
    return request.app.state.hub


def bearer(request) -> str | None:
    """The key of `Authorization: Bearer K` (None without one)."""
    scheme, _, key = request.headers.get("authorization", "").partition(" ")
    return key.strip() if scheme.lower() == "bearer" else None


async def maybe_player(request: Request):
    """The signed-in player of a request, or None (a dependency); BadKey for a wrong key."""
    key = bearer(request)
    return None if key is None else await hub_of(request).signed_in(key)


async def player(request: Request):
    """The signed-in player a route needs (a dependency): not_signed_in without a key."""
    key = bearer(request)
    if key is None:
        raise SignInNeeded(N_("sign in first: send Authorization: Bearer with your player key"))
    return await hub_of(request).signed_in(key)


def limited(kind: str):
    """A route's dependency: one `kind` (limits.Limits' creations, joins) for the request's address."""

    def take(request: Request) -> None:
        request.app.state.limiter.take(kind, address_of(request))

    return Depends(take)
