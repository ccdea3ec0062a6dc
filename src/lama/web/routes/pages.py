"""The browser client's pages (PROTOCOL.md, "Pages") and their static files."""

from __future__ import annotations

import re
from importlib import resources

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response

from lama.i18n import N_

from ..errors import NotFound

STATIC_TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".html": "text/html"}
# what the static files are called: nothing else is looked for
STATIC_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}\.[a-z]{1,4}")

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
async def lobby():
    return _page("lobby.html")


@router.get("/tables/{table_id}", response_class=HTMLResponse)
async def table_page(table_id: str):
    return _page("table.html")


@router.get("/tables/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(table_id: str):
    return _page("replay.html")


@router.get("/signin", response_class=HTMLResponse)
async def sign_in_page():
    return _page("signin.html")


@router.get("/players/{handle}", response_class=HTMLResponse)
async def player_page(handle: str):
    return _page("player.html")


@router.get("/static/{name}")
async def static(name: str):
    return _static(name)


def _page(name: str) -> HTMLResponse:
    try:
        return HTMLResponse(resources.files("lama.web").joinpath("static", name).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return HTMLResponse(f"<!doctype html><title>lama</title><p>lama-web/1 is running. The page {name} "
                            "is not installed.</p>", status_code=404)


def _static(name: str) -> Response:
    suffix = name[name.rfind("."):] if "." in name else ""
    if not STATIC_NAME.fullmatch(name) or suffix not in STATIC_TYPES:
        raise NotFound(N_("no such file"))
    try:
        body = resources.files("lama.web").joinpath("static", name).read_bytes()
    except (FileNotFoundError, IsADirectoryError):
        raise NotFound(N_("no such file")) from None
    return Response(body, media_type=STATIC_TYPES[suffix], headers={"Cache-Control": "no-cache"})
