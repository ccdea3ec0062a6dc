"""The game, one WebSocket per connection (PROTOCOL.md, "WebSocket"): its reader hands each
message to the hub, its writer sends what the connection's queue holds.

A seat's token comes in the address (`?token=T`) or, kept out of every address and log, in the
first message, `{"type": "hello", "token": T}` (or a signed-in player's `"player_key": K`, for
the seat they hold at the table): until then the connection is a spectator's, and the hello
takes it to the seat (a new state follows)."""

from __future__ import annotations

import asyncio
import json
import logging

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import SQLAlchemyError

from lama.core.jsonform import shown
from lama.i18n import N_, localized, parse
from lama.i18n.reasons import refusal_text
from lama.match import Refused

from .. import chat as table_chat
from ..errors import BadToken, BrokenTable, ServerRefusal
from ..hints import hint_message, odds_message
from ..hub import Hub
from ..limits import Bucket, RateLimited, address_of
from ..messages import REACTION_BURST, REACTION_RATE, Closing, Connection, error_message, react
from ..recovery import CLOSE_BROKEN
from ..security import language_of, refused

MAX_MESSAGE = 16 * 1024  # a WebSocket message; larger closes the connection with 1009
RATE, BURST = 50.0, 100  # messages per second a connection may send, and its burst; more closes with 1008
CLAIM_RATE, CLAIM_BURST = 0.2, 10  # claims of a seat a second a connection may send, and its burst

log = logging.getLogger("lama.web")

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def play(websocket: WebSocket, table_id: str, token: str | None = None):
    hub: Hub = websocket.app.state.hub
    limiter, metrics = websocket.app.state.limiter, websocket.app.state.metrics
    address = address_of(websocket)
    await websocket.accept()
    too_many = limiter.open(address, table_id)
    if too_many is not None:
        await _refuse(websocket, "rate_limited", too_many, 1008)
        return
    try:
        await _play(websocket, hub, table_id, token, metrics)
    finally:
        limiter.close(address, table_id)


async def _play(websocket: WebSocket, hub: Hub, table_id: str, token: str | None, metrics) -> None:
    try:
        live = await hub.get(table_id)
        seat = await hub.seat_of(live, token)
    except BrokenTable as e:  # the server cannot go on with it: an error, then a clean close
        await _refuse(websocket, e.code, e, CLOSE_BROKEN)
        return
    except ServerRefusal as e:
        await _refuse(websocket, e.code, e, 1008)
        return
    except SQLAlchemyError:
        await _refuse(websocket, "store_unavailable", N_("the store cannot be used now: try again in a moment"), 1013)
        return
    lang = language_of(websocket.scope)  # Accept-Language of the upgrade; a hello's `lang` overrides it
    connection = Connection(seat, lang)
    writer = asyncio.create_task(_write(websocket, connection))
    try:
        await hub.connect(live, connection)  # (a person back sends their stand-in away: a write)
    except SQLAlchemyError:
        writer.cancel()
        await hub.disconnect(live, connection)
        await _refuse(websocket, "store_unavailable", N_("the store cannot be used now: try again in a moment"), 1013)
        return
    metrics.connections.inc()
    bucket = Bucket(RATE, BURST)
    reactions = Bucket(REACTION_RATE, REACTION_BURST, hub.clock)  # per connection, a hello included
    claims = Bucket(CLAIM_RATE, CLAIM_BURST, hub.clock)
    lines = Bucket(table_chat.CHAT_RATE, table_chat.CHAT_BURST, hub.clock)  # chat lines
    first = token is None  # a hello may come
    opening = True  # the first message, which may name the language of errors (docs/server.md)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                text = (message.get("bytes") or b"").decode("utf-8", "replace")
            if len(text) > MAX_MESSAGE:
                refused(websocket.scope, "too_large")
                await websocket.close(code=1009, reason="message too big")
                break
            if not bucket.take():
                refused(websocket.scope, "too_many_messages")
                await websocket.close(code=1008, reason="too many messages")
                break
            asked = _hello_lang(text) if opening else None
            opening = False
            if asked:
                lang = connection.lang = asked
            try:
                hello = _hello(text) if first else None
            except BadToken as e:  # a token that is no text
                await _refuse(websocket, e.code, e, 1008, lang)
                break
            first = False
            if hello is None and asked:  # a hello with the language only (or a token in the address)
                continue
            if hello is None:
                await _handle(hub, live, connection, text, websocket, reactions, claims, lines)
                continue
            try:
                token, key = hello
                seat = await hub.seat_of(live, token, None if key is None else await hub.signed_in(key))
            except ServerRefusal as e:
                await _refuse(websocket, e.code, e, 1008, lang)
                break
            except SQLAlchemyError:
                await _refuse(websocket, "store_unavailable", N_("the store cannot be used now: try again in a moment"),
                              1013)
                break
            await hub.disconnect(live, connection)  # the spectator leaves; the seat comes
            writer.cancel()
            connection = Connection(seat, lang)
            writer = asyncio.create_task(_write(websocket, connection))
            await hub.connect(live, connection)
    except WebSocketDisconnect:
        pass
    finally:
        metrics.connections.dec()
        await hub.disconnect(live, connection)
        writer.cancel()


def _hello(text: str) -> tuple[str | None, str | None] | None:
    """The token and the player key of a first message `{"type": "hello", "token": T}` or
    `{"type": "hello", "player_key": K}` (the seat the signed-in player holds at the table);
    None for any other message (a hello with neither among them); BadToken for a token or key
    that is not text (a number, a list, an object, null)."""
    if '"hello"' not in text:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("type") != "hello" or not ("token" in data or "player_key" in data):
        return None
    for field in ("token", "player_key"):
        if field in data and not isinstance(data[field], str):
            raise BadToken(N_("a hello's {field} is text (the seat's token from its link, or the player's key), "
                              "not {value}"), field=field, value=shown(data[field]))
    return data.get("token"), data.get("player_key")


def _hello_lang(text: str) -> str | None:
    """The language a first message `{"type": "hello", "lang": "pl", ...}` asks for, if lama
    has it (docs/server.md)."""
    if '"hello"' not in text or '"lang"' not in text:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if isinstance(data, dict) and data.get("type") == "hello":
        code = parse(data.get("lang"))
        return code if code != "xx" else None
    return None


async def _refuse(websocket: WebSocket, code: str, message, close: int, lang: str | None = None) -> None:
    refused(websocket.scope, code)
    lang = lang or language_of(websocket.scope)
    text = message.localized(lang) if hasattr(message, "localized") else localized(message, lang)
    await websocket.send_json(error_message(code, text))
    await websocket.close(code=close)


async def _handle(hub: Hub, live, connection: Connection, text: str, websocket: WebSocket,
                  reactions: Bucket, claims: Bucket, lines: Bucket) -> None:
    """One message from a client: `act`, `stand_in`, `hint`, `odds`, `react`, `say`, `claim`,
    `confirm`, or an error back."""

    def say(code: str, text: str) -> None:
        refused(websocket.scope, code)
        connection.send(error_message(code, text))

    def refuse(code: str, message, **params) -> None:
        """`message`: a ServerRefusal, or English text (a template of `params`), in the connection's language."""
        say(code, message.localized(connection.lang) if hasattr(message, "localized")
            else localized(message, connection.lang, **params))

    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than the reader goes
        refuse("malformed", N_("a message is one JSON object"))
        return
    kind = data.get("type") if isinstance(data, dict) else None
    try:
        if kind == "act":
            with websocket.app.state.metrics.ack.time():
                await hub.act(live, connection.seat, data.get("action"), data.get("version"))
        elif kind == "stand_in":
            await hub.stand_in(live, connection.seat, data.get("seat"), data.get("bot"))
        elif kind == "hint":
            websocket.app.state.limiter.take("hints", address_of(websocket))
            connection.send(await hint_message(live, connection.seat, hub.pool, websocket.app.state.hint_bot))
        elif kind == "odds":
            websocket.app.state.limiter.take("hints", address_of(websocket))
            connection.send(await odds_message(live, connection.seat))
        elif kind == "react":
            react(live, connection.seat, data.get("reaction"), reactions.take)
        elif kind == "say":
            table_chat.say(live, connection.seat, data.get("text"), lines.take)
        elif kind == "claim":
            if not claims.take():
                raise RateLimited(N_("too many claims: wait a moment"))
            await hub.claim(live, connection, data.get("seat"), data.get("name"))
        elif kind == "confirm":
            await hub.confirm(live, connection, data.get("claim"), data.get("accept"))
        else:
            refuse("malformed",
                   N_("a message is {act}, {hint}, {odds}, {react}, {say}, {stand_in}, {claim} or {confirm}"),
                   act='{"type": "act", "version": V, "action": ...}', hint='{"type": "hint"}',
                   odds='{"type": "odds"}', react='{"type": "react", "reaction": CODE}',
                   say='{"type": "say", "text": S}',
                   stand_in='{"type": "stand_in", "seat": S, "bot": LEVEL or null}',
                   claim='{"type": "claim", "seat": S, "name": N}',
                   confirm='{"type": "confirm", "claim": ID, "accept": true or false}')
    except Refused as e:  # an illegal move: the core's refusal, in the client's words
        say(e.code, refusal_text(e, getattr(getattr(live, "row", None), "game", None), connection.lang))
    except ServerRefusal as e:
        refuse(e.code, e)
    except SQLAlchemyError:  # the store is down (or its disk full): nothing was acknowledged
        refuse("store_unavailable", N_("the store cannot be used now: nothing was changed, try again in a moment"))
    except Exception:  # a bug of ours: say so in the log, keep the connection and the table
        log.exception("table %s: a %s message failed", live.id, kind)
        refuse("server_error", N_("the server failed to handle this message"))


async def _write(websocket: WebSocket, connection: Connection) -> None:
    try:
        while True:
            message = await connection.queue.get()
            if message is None:
                await websocket.close(code=1008, reason="reads too slowly")
                return
            if isinstance(message, Closing):  # (after its last message: a table out of play)
                await websocket.close(code=message.code)
                return
            await websocket.send_text(message if isinstance(message, str) else json.dumps(message))
    except Exception:  # noqa: BLE001 - the connection is gone; its reader ends it
        return

