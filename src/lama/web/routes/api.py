"""The HTTP API (PROTOCOL.md, "HTTP"): tables, seats, records and replays, the games and their
rules. Every refusal is a domain error (errors), answered as `{"error": {"code", "message"}}` with its
code's HTTP status (app, routes.HTTP_STATUS)."""

from __future__ import annotations

import asyncio
import json

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from lama.i18n import N_

from ..errors import (
    BadLanguage,
    BadRequest,
    GameNotFound,
    LanguageNotFound,
    Malformed,
    NotFinished,
    StoreUnavailable,
    TooLarge,
)
from ..hub import Hub
from ..messages import PROTOCOL, games_json
from ..ready import STORE_RETRY
from ..security import MAX_BODY, TOO_LARGE, error_response
from . import hub_of, limited, maybe_player

router = APIRouter()


@router.get("/api/health")
async def health():
    """Liveness (PROTOCOL.md): the process answers, whatever its store."""
    return {"ok": True, "protocol": PROTOCOL}


@router.get("/api/ready")
async def ready(request: Request, hub: Hub = Depends(hub_of)):
    """Readiness (for load balancers: web.ready): the store answers a cheap query now, else
    503 store_unavailable."""
    trouble = await request.app.state.readiness.check(hub.store)
    if trouble is not None:
        return error_response(request, 503, "store_unavailable",
                              StoreUnavailable(N_("the store cannot be used now ({trouble})"), trouble=trouble),
                              {"Retry-After": str(STORE_RETRY), "Cache-Control": "no-store"})
    return JSONResponse({"ok": True, "protocol": PROTOCOL, "ready": True}, headers={"Cache-Control": "no-store"})


@router.get("/api/games")
async def games():
    return {"games": games_json()}


@router.post("/api/tables", status_code=201, dependencies=[limited("creations")])
async def create_table(request: Request, hub: Hub = Depends(hub_of), me=Depends(maybe_player)):
    settings = ("visibility", "turn_seconds", "stand_in_level", "chat")
    body = await json_body(request, ("game", "players", "options", "seats", "name", "hints", "rated", *settings))
    created = await hub.create(
        body.get("game"), body.get("players"), body.get("options", {}), body.get("seats"), body.get("name"),
        body.get("hints"), body.get("rated", False), me, **{k: body[k] for k in settings if k in body})
    return JSONResponse(created, status_code=201)


@router.get("/api/tables")
async def list_tables(limit: str | None = None, cursor: str | None = None, game: str | None = None,
                      free: str | None = None, ids: str | None = None, hub: Hub = Depends(hub_of)):
    """The lobby's public tables, a page at a time; with `ids`, those tables (a device's own)."""
    if ids is not None:
        return await hub.mine(ids)
    return await hub.listing(limit, cursor, game, free)


@router.get("/api/tables/{table_id}")
async def table_facts(table_id: str, hub: Hub = Depends(hub_of)):
    return (await hub.get(table_id)).public()


@router.post("/api/tables/{table_id}/join", dependencies=[limited("joins")])
async def join(table_id: str, request: Request, hub: Hub = Depends(hub_of), me=Depends(maybe_player)):
    body = await json_body(request, ("name", "seat", "invite"))
    return await hub.join(table_id, body.get("name"), body.get("seat"), body.get("invite"), me)


@router.post("/api/tables/{table_id}/again", dependencies=[limited("joins")])
async def rematch(table_id: str, request: Request, hub: Hub = Depends(hub_of), me=Depends(maybe_player)):
    body = await json_body(request, ("token",))
    return await hub.rematch(table_id, body.get("token"), me)


@router.get("/api/tables/{table_id}/record")
async def record(table_id: str, download: str | None = None, hub: Hub = Depends(hub_of)):
    """The game's lama-record/1; `?download=1`: as a file to keep (lama replay reads it)."""
    live = await hub.get(table_id)
    if live.row.status != "finished":
        raise NotFinished(N_("the record is served once the game is over"))
    headers = {"Content-Disposition": f'attachment; filename="lama-{live.row.game}-{live.id}.record.json"'} \
        if download not in (None, "", "0") else None
    return JSONResponse(live.table.record.data, headers=headers)


@router.get("/api/tables/{table_id}/replay")
async def replay(table_id: str, hub: Hub = Depends(hub_of)):
    live = await hub.get(table_id)
    if live.row.status != "finished":
        raise NotFinished(N_("the replay is served once the game is over"))
    from ..replay import replay_steps

    return {"record": live.table.record.data,
            "steps": await asyncio.to_thread(replay_steps, live.table.record.data)}


@router.get("/api/tables/{table_id}/review")
async def review(table_id: str, hub: Hub = Depends(hub_of)):
    """The game review of a finished table (`lama review --json`'s form), made once; 409 before the end."""
    return await hub.table_review(table_id)


@router.get("/api/games/{game_id}/rules")
async def rules(game_id: str, request: Request, lang: str | None = None):
    """The player's rules in `?lang=` or the Accept-Language's language (English where there is
    no translation); `lang` says which language the text is in, `name` stays the game's own."""
    from lama.games import GAMES
    from lama.i18n import UnknownLanguage, check
    from lama.i18n.rules import rules_in, translated

    from ..security import language_of

    if game_id not in GAMES:
        raise GameNotFound(N_("there is no game {game}"), game=repr(game_id[:40]))
    try:
        wanted = check(lang) if lang is not None else language_of(request.scope)
    except UnknownLanguage as e:
        raise BadLanguage(e.template, **e.params) from None
    shown = wanted if translated(game_id, wanted) else "en"
    return {"game": game_id, "name": GAMES[game_id].name, "lang": shown, "rules": rules_in(game_id, shown)}


@router.get("/api/i18n")
async def languages(request: Request):
    """The languages there are, and the one this client's Accept-Language asks for (the page
    starts in it unless the device remembers another)."""
    from lama.i18n import LANGUAGES, NAMES

    from ..security import language_of

    return {"languages": [{"code": code, "name": NAMES[code]} for code in LANGUAGES],
            "preferred": language_of(request.scope)}


@router.get("/api/i18n/{lang}")
async def catalog(lang: str):
    """A language's messages for the page, read from the same catalogs as the terminal's (no
    build step): `messages` maps the English text to the language's (a plural's forms by CLDR
    category, for Intl.PluralRules); English has none, its messages are their own text."""
    from lama.i18n import PSEUDO, UnknownLanguage, catalog, check

    try:
        code = check(lang)
    except UnknownLanguage as e:
        raise LanguageNotFound(e.template, **e.params) from None
    if code == PSEUDO:
        return {"lang": PSEUDO, "name": "pseudo", "plural": ["one", "other"], "messages": {}, "pseudo": True}
    return JSONResponse(catalog(code), headers={"Cache-Control": "public, max-age=3600"})


async def json_body(request: Request, allowed: tuple[str, ...]) -> dict:
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise TooLarge(TOO_LARGE, kb=MAX_BODY // 1024)
    try:
        body = json.loads(raw or b"{}")
    except ValueError:
        raise Malformed(N_("the body must be one JSON object")) from None
    if not isinstance(body, dict):
        raise Malformed(N_("the body must be one JSON object"))
    unknown = sorted(str(k)[:20] for k in set(body) - set(allowed))
    if unknown:
        raise BadRequest(N_("unknown field(s): {unknown} (allowed: {allowed})"),
                       unknown=", ".join(unknown), allowed=", ".join(allowed))
    return body
