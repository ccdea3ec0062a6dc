"""The server's routes, as FastAPI routers: the HTTP API (api), the game's WebSocket (ws) and the
browser client's pages (pages). Each reaches the hub through `app.state.hub` (`hub_of`)."""

from fastapi import Request


def hub_of(request: Request):
    """The server's Hub (a dependency of the routes that need it)."""
    return request.app.state.hub
