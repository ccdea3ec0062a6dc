"""The game, one WebSocket per connection (PROTOCOL.md, "WebSocket"): its reader hands each
message to the hub, its writer sends what the connection's queue holds."""

from __future__ import annotations

import asyncio
import json
import logging
import time

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from lama.match import Refused

from ..hub import Hub
from ..messages import Connection, WebError, error_message, hint_message, odds_message

MAX_MESSAGE = 16 * 1024  # a WebSocket message; larger closes the connection with 1009
RATE, BURST = 50.0, 100  # messages per second a connection may send, and its burst; more closes with 1008

log = logging.getLogger("lama.web")

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
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


async def _handle(hub: Hub, live, connection: Connection, text: str) -> None:
    """One message from a client: `act`, `stand_in`, `hint`, `odds`, or an error back."""
    try:
        data = json.loads(text)
    except ValueError:
        connection.send(error_message("malformed", "a message is one JSON object"))
        return
    kind = data.get("type") if isinstance(data, dict) else None
    try:
        if kind == "act":
            await hub.act(live, connection.seat, data.get("action"), data.get("version"))
        elif kind == "stand_in":
            await hub.stand_in(live, connection.seat, data.get("seat"), data.get("bot"))
        elif kind == "hint":
            connection.send(await hint_message(live, connection.seat, hub.pool))
        elif kind == "odds":
            connection.send(await odds_message(live, connection.seat))
        else:
            connection.send(error_message("malformed", 'a message is {"type": "act", "version": V, "action": ...}, '
                                                       '{"type": "hint"}, {"type": "odds"} or '
                                                       '{"type": "stand_in", "seat": S, "bot": LEVEL or null}'))
    except Refused as e:
        connection.send(error_message(e.code, e.reason))
    except WebError as e:
        connection.send(error_message(e.code, e.message))
    except Exception:  # a bug of ours: say so in the log, keep the connection and the table
        log.exception("table %s: a %s message failed", live.id, kind)
        connection.send(error_message("server_error", "the server failed to handle this message"))


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
