"""The server's routes, as FastAPI routers: the HTTP API (api), the game's WebSocket (ws) and the
browser client's pages (pages). Each reaches the hub through `app.state.hub` (`hub_of`)."""

from fastapi import Depends, Request

from ..limits import address_of


def hub_of(request: Request):
    """The server's Hub (a dependency of the routes that need it)."""
    return request.app.state.hub


def limited(kind: str):
    """A route's dependency: one `kind` (limits.Limits' creations, joins) for the request's address."""

    def take(request: Request) -> None:
        request.app.state.limiter.take(kind, address_of(request))

    return Depends(take)
