"""The lama-web/1 server (PROTOCOL.md): HTTP for tables and seats, a WebSocket per connection
for the game, the browser client's pages. Built by `create_app`, run by uvicorn (`lama serve`).
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import multiprocessing
import os
import secrets
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from lama.match import Refused

from .hub import Connection, Hub, WebError, games_json, warm_up
from .store import Store

PROTOCOL = "lama-web/1"
MAX_BODY = 64 * 1024  # an HTTP request body (a Kadabra deck is the largest thing sent)
MAX_MESSAGE = 16 * 1024  # a WebSocket message; larger closes the connection with 1009
GC_THRESHOLDS = (20_000, 10, 10)  # Python's default: (700, 10, 10)
RATE, BURST = 50.0, 100  # messages per second a connection may send, and its burst; more closes with 1008

log = logging.getLogger("lama.web")


def create_app(db: str = "sqlite:///lama.db", bot_pause: float = 0.6, bot_workers: int | None = None) -> FastAPI:
    """The application, its store at `db`; bots pause `bot_pause` seconds before each move so
    people can follow, and think in `bot_workers` processes (default: one per core)."""
    origin = secrets.token_hex(8)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = await asyncio.to_thread(Store, db, origin)
        pool = ProcessPoolExecutor(max_workers=bot_workers or os.cpu_count() or 1,
                                   mp_context=multiprocessing.get_context("spawn"), initializer=warm_up,
                                   initargs=(os.getpid(),))
        hub = Hub(store, pool, bot_pause)
        app.state.hub = hub
        stop = threading.Event()
        listener = None
        if not store.sqlite:  # other servers may share these tables
            loop = asyncio.get_running_loop()

            def changed(table_id):
                asyncio.run_coroutine_threadsafe(hub.refresh(table_id), loop)

            listener = threading.Thread(target=store.listen, args=(changed, stop), daemon=True)
            listener.start()
        resumed = await hub.resume_all()
        if resumed:
            log.warning("lama serve: %d table(s) resumed from the store", resumed)
        # What was made so far (modules, the app) lives as long as the server: the garbage
        # collector need not look at it again on every full collection. And most of what a
        # move makes (views, messages) is freed at once by reference counting: collecting
        # less often spends far less time collecting, in shorter pauses.
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        try:
            yield
        finally:
            stop.set()
            for live in hub.live.values():
                if live.bots is not None:
                    live.bots.cancel()
            pool.shutdown(wait=False, cancel_futures=True)
            hub.close()
            if listener is not None:
                listener.join(timeout=2)
            store.close()

    app = FastAPI(title="lama", version=PROTOCOL, lifespan=lifespan, docs_url=None, redoc_url=None)

    # -- errors: always {"error": {"code", "message"}} ------------------------------------------
    @app.exception_handler(WebError)
    async def web_error(request, e: WebError):
        return _error(e.status, e.code, e.message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request, e: StarletteHTTPException):
        code = {404: "not_found", 405: "method_not_allowed"}.get(e.status_code, "http_error")
        return _error(e.status_code, code, str(e.detail))

    # -- HTTP API ------------------------------------------------------------------------------
    @app.get("/api/health")
    async def health():
        return {"ok": True, "protocol": PROTOCOL}

    @app.get("/api/games")
    async def games():
        return {"games": games_json()}

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request):
        body = await _body(request, ("game", "players", "options", "seats", "name", "hints"))
        created = await request.app.state.hub.create(
            body.get("game"), body.get("players"), body.get("options", {}), body.get("seats"), body.get("name"),
            body.get("hints", True))
        return JSONResponse(created, status_code=201)

    @app.get("/api/tables")
    async def list_tables(request: Request):
        return {"tables": await request.app.state.hub.listing()}

    @app.get("/api/tables/{table_id}")
    async def table_facts(table_id: str, request: Request):
        return (await request.app.state.hub.get(table_id)).public()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request):
        body = await _body(request, ("name", "seat"))
        return await request.app.state.hub.join(table_id, body.get("name"), body.get("seat"))

    @app.post("/api/tables/{table_id}/again")
    async def again(table_id: str, request: Request):
        body = await _body(request, ("token",))
        return await request.app.state.hub.again(table_id, body.get("token"))

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, request: Request):
        live = await request.app.state.hub.get(table_id)
        if live.row.status != "finished":
            raise WebError(409, "not_finished", "the record is served once the game is over")
        return live.table.record.data

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, request: Request):
        live = await request.app.state.hub.get(table_id)
        if live.row.status != "finished":
            raise WebError(409, "not_finished", "the replay is served once the game is over")
        from .replay import replay_steps

        return {"record": live.table.record.data,
                "steps": await asyncio.to_thread(replay_steps, live.table.record.data)}

    @app.get("/api/games/{game_id}/rules")
    async def rules(game_id: str):
        from lama.games import GAMES

        if game_id not in GAMES:
            raise WebError(404, "no_game", f"there is no game {game_id[:40]!r}")
        return {"game": game_id, "name": GAMES[game_id].name, "rules": GAMES[game_id].rules_text()}

    # -- the game, one WebSocket per connection ----------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None):
        hub: Hub = websocket.app.state.hub
        await websocket.accept()
        try:
            live = await hub.get(table_id)
            seat = await hub.seat_of(live, token)
        except WebError as e:
            await websocket.send_json({"type": "error", "code": e.code, "message": e.message})
            await websocket.close(code=1008)
            return
        connection = Connection(seat)
        writer = asyncio.create_task(_write(websocket, connection))
        await hub.connect(live, connection)
        bucket = _Bucket()
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    text = (message.get("bytes") or b"").decode("utf-8", "replace")
                if len(text) > MAX_MESSAGE:
                    await websocket.close(code=1009, reason="message too big")
                    break
                if not bucket.take():
                    await websocket.close(code=1008, reason="too many messages")
                    break
                await _handle(hub, live, connection, text)
        except WebSocketDisconnect:
            pass
        finally:
            await hub.disconnect(live, connection)
            writer.cancel()

    # -- pages ---------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def lobby():
        return _page("lobby.html")

    @app.get("/tables/{table_id}", response_class=HTMLResponse)
    async def table_page(table_id: str):
        return _page("table.html")

    @app.get("/tables/{table_id}/replay", response_class=HTMLResponse)
    async def replay_page(table_id: str):
        return _page("replay.html")

    @app.get("/static/{name}")
    async def static(name: str):
        return _static(name)

    return app


async def _handle(hub: Hub, live, connection: Connection, text: str) -> None:
    """One message from a client: `act`, `stand_in`, or an error back."""
    try:
        data = json.loads(text)
    except ValueError:
        connection.send(_error_message("malformed", "a message is one JSON object"))
        return
    kind = data.get("type") if isinstance(data, dict) else None
    try:
        if kind == "act":
            await hub.act(live, connection.seat, data.get("action"), data.get("version"))
        elif kind == "stand_in":
            await hub.stand_in(live, connection.seat, data.get("seat"), data.get("bot"))
        elif kind == "hint":
            connection.send(await hub.hint(live, connection.seat))
        elif kind == "odds":
            connection.send(await hub.odds(live, connection.seat))
        else:
            connection.send(_error_message("malformed", 'a message is {"type": "act", "version": V, "action": ...}, '
                                                        '{"type": "hint"}, {"type": "odds"} or '
                                                        '{"type": "stand_in", "seat": S, "bot": LEVEL or null}'))
    except Refused as e:
        connection.send(_error_message(e.code, e.reason))
    except WebError as e:
        connection.send(_error_message(e.code, e.message))
    except Exception:  # a bug of ours: say so in the log, keep the connection and the table
        log.exception("table %s: a %s message failed", live.id, kind)
        connection.send(_error_message("server_error", "the server failed to handle this message"))


async def _write(websocket: WebSocket, connection: Connection) -> None:
    try:
        while True:
            message = await connection.queue.get()
            if message is None:
                await websocket.close(code=1008, reason="reads too slowly")
                return
            await websocket.send_text(json.dumps(message))
    except Exception:  # noqa: BLE001 - the connection is gone; its reader ends it
        return


class _Bucket:
    """A token bucket: RATE messages a second, BURST at once."""

    def __init__(self):
        self.tokens = float(BURST)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


async def _body(request: Request, allowed: tuple[str, ...]) -> dict:
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise WebError(413, "too_large", f"a request body is at most {MAX_BODY // 1024} KB")
    try:
        body = json.loads(raw or b"{}")
    except ValueError:
        raise WebError(400, "malformed", "the body must be one JSON object") from None
    if not isinstance(body, dict):
        raise WebError(400, "malformed", "the body must be one JSON object")
    unknown = sorted(str(k)[:20] for k in set(body) - set(allowed))
    if unknown:
        raise WebError(400, "bad_request", f"unknown field(s): {', '.join(unknown)} (allowed: {', '.join(allowed)})")
    return body


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _error_message(code: str, message: str) -> dict:
    return {"type": "error", "code": code, "message": message}


STATIC_TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".html": "text/html"}


def _page(name: str) -> HTMLResponse:
    try:
        return HTMLResponse(resources.files("lama.web").joinpath("static", name).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return HTMLResponse(f"<!doctype html><title>lama</title><p>lama-web/1 is running. The page {name} "
                            "is not installed.</p>", status_code=404)


def _static(name: str) -> Response:
    suffix = name[name.rfind("."):] if "." in name else ""
    if not name or "/" in name or name.startswith(".") or suffix not in STATIC_TYPES:
        raise WebError(404, "not_found", "no such file")
    try:
        body = resources.files("lama.web").joinpath("static", name).read_bytes()
    except (FileNotFoundError, IsADirectoryError):
        raise WebError(404, "not_found", "no such file") from None
    return Response(body, media_type=STATIC_TYPES[suffix], headers={"Cache-Control": "no-cache"})
