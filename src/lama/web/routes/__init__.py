"""The server's routes, as FastAPI routers: the HTTP API (api), the game's WebSocket (ws) and the
browser client's pages (pages). Each reaches the hub through `app.state.hub` (`hub_of`).

The hub and the requests refuse with the domain errors of `errors`, which know nothing of
HTTP: `HTTP_STATUS` is the one table of the HTTP status each code is answered with (PROTOCOL.md,
"Errors"); a WebSocket sends the code and the message as they are."""

from fastapi import Depends, Request

from ..limits import address_of

HTTP_STATUS = {
    "bad_request": 400, "malformed": 400, "bad_name": 400, "bad_bot": 400, "bad_options": 400,
    "bad_reaction": 400, "bad_language": 400,
    "bad_token": 403, "bad_invite": 403, "not_seated": 403, "no_hints": 403,
    "no_table": 404, "no_game": 404, "no_language": 404, "not_found": 404,
    "seat_taken": 409, "table_full": 409, "not_finished": 409, "not_running": 409, "not_your_turn": 409,
    "no_odds": 409, "seat_connected": 409, "too_soon": 409,
    "expired": 410,
    "too_large": 413,
    "rate_limited": 429,
    "broken_table": 500,
    "store_unavailable": 503,
}


def hub_of(request: Request):
    """The server's Hub (a dependency of the routes that need it)."""
    return request.app.state.hub


def limited(kind: str):
    """A route's dependency: one `kind` (limits.Limits' creations, joins) for the request's address."""

    def take(request: Request) -> None:
        request.app.state.limiter.take(kind, address_of(request))

    return Depends(take)
