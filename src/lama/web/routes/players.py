"""Players (PROTOCOL.md's additions; docs/server.md, "Players"): a player made, another device
signed in with a one-time link, the keys of their devices, their tables from any device, their
page and the leaderboard. A request is a player's with `Authorization: Bearer K`; every secret
travels in a body or a header, never in an address."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from ..accounts import LINK_SECONDS, Signed
from ..hub import Hub
from . import hub_of, limited, player
from .api import json_body

router = APIRouter()
NO_STORE = {"Cache-Control": "no-store"}  # an answer with a key or a code is kept by no cache


@router.post("/api/players", status_code=201, dependencies=[limited("players")])
async def create_player(request: Request, hub: Hub = Depends(hub_of)):
    body = await json_body(request, ("handle", "name", "device"))
    made = await hub.create_player(body.get("handle"), body.get("name"), body.get("device"))
    return JSONResponse(made, status_code=201, headers=NO_STORE)


@router.post("/api/signin", dependencies=[limited("signins")])
async def sign_in(request: Request, hub: Hub = Depends(hub_of)):
    body = await json_body(request, ("code", "device"))
    return JSONResponse(await hub.sign_in_with(body.get("code"), body.get("device")), headers=NO_STORE)


@router.get("/api/players/me")
async def me(hub: Hub = Depends(hub_of), me: Signed = Depends(player)):
    await hub.touch(me)
    return {"player": me.handle, "name": me.name, "created": me.row.created}


@router.delete("/api/players/me")
async def delete_me(hub: Hub = Depends(hub_of), me: Signed = Depends(player)):
    return await hub.delete_player(me)


@router.post("/api/players/me/links")
async def sign_in_link(request: Request, hub: Hub = Depends(hub_of), me: Signed = Depends(player)):
    """A one-time link that signs another device in (the code in its fragment), and its QR code
    as rows of modules ("1" dark), for the page to draw."""
    await json_body(request, ())
    code, expires = await hub.new_link(me)
    link = f"{str(request.base_url).rstrip('/')}/signin#code={code}"
    return JSONResponse({"link": link, "expires": expires, "seconds": LINK_SECONDS, "qr": qr_rows(link)},
                        headers=NO_STORE)


@router.get("/api/players/me/keys")
async def keys(hub: Hub = Depends(hub_of), me: Signed = Depends(player)):
    return await hub.devices(me)


@router.delete("/api/players/me/keys/{key_id}")
async def revoke(key_id: str, hub: Hub = Depends(hub_of), me: Signed = Depends(player)):
    return await hub.revoke(me, key_id)


@router.get("/api/players/me/tables")
async def my_tables(table: str | None = None, hub: Hub = Depends(hub_of), me: Signed = Depends(player)):
    return JSONResponse(await hub.my_tables(me, table), headers=NO_STORE)


@router.get("/api/players/{handle}")
async def player_page(handle: str, hub: Hub = Depends(hub_of)):
    return await hub.player_page(handle)


@router.get("/api/leaderboard")
async def leaderboard(game: str | None = None, hub: Hub = Depends(hub_of)):
    return await hub.leaderboard(game)


def qr_rows(text: str) -> list[str]:
    import segno

    return ["".join("1" if dark else "0" for dark in row)
            for row in segno.make(text, error="m").matrix_iter(scale=1, border=0)]
