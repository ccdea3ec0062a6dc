"""The load test's hostile client (`lama loadtest --hostile`): one client, from 127.0.0.1, doing
everything a stranger might to stall the servers at once, in a process of its own."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from .loopback import HOST, HTTP_TIMEOUT, http

HOSTILE_CONNECTIONS = 1_000  # WebSockets the hostile client opens (again and again) to one table
HOSTILE_MORE = 10  # creations (or unknown tables) each of its jobs goes on asking for past the time
HOSTILE_HOLD = 15.0  # seconds past the time a connection waits for the address to be refused one
HOSTILE_AT_ONCE = 20  # its creations and requests for unknown tables in flight at once
HOSTILE_SLOW = 200  # requests whose headers it sends a byte a second
HOSTILE_AGAIN = 5.0  # seconds before it opens a WebSocket again that was closed


class Hostile:
    """One client, from 127.0.0.1, doing everything a stranger might to stall the servers at
    once, until `stop_at`: what it was answered, by kind."""

    def __init__(self, ports: list[int], game: str, players: int):
        self.ports, self.game, self.players = ports, game, players
        self.answers: dict[str, int] = {}
        self.connection_refused = asyncio.Event()  # a connection was closed with 1008 (too many open)

    def count(self, kind: str) -> None:
        self.answers[kind] = self.answers.get(kind, 0) + 1

    async def run(self, stop_at: float) -> None:
        try:
            status, body = await http(self.ports[0], "POST", "/api/tables", self._table())
        except (TimeoutError, OSError, ValueError, IndexError):
            status, body = None, {}
        target = body.get("table") if status == 201 else None
        jobs = [self._creations(stop_at) for _ in range(HOSTILE_AT_ONCE // 2)]
        jobs += [self._unknown(stop_at) for _ in range(HOSTILE_AT_ONCE // 2)]
        jobs += [self._slow(stop_at, n) for n in range(HOSTILE_SLOW)]
        if target is not None:
            jobs += [self._watch(target, stop_at, n) for n in range(HOSTILE_CONNECTIONS)]
        await asyncio.gather(*jobs)

    def _table(self) -> dict:
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (self.players - 1)
        return {"game": self.game, "players": self.players, "seats": seats, "name": "Spam", "visibility": "public"}

    async def _creations(self, stop_at: float) -> None:
        # on past the time until the address is refused once (a busy machine answers few
        # creations in a short run), for at most HOSTILE_MORE more each
        more = 0
        while time.monotonic() < stop_at or ("create 429" not in self.answers and more < HOSTILE_MORE):
            more += time.monotonic() >= stop_at
            status = None
            try:
                status, _ = await http(self.ports[0], "POST", "/api/tables", self._table())
                self.count(f"create {status}")
            except (TimeoutError, OSError, ValueError, IndexError):
                self.count("create failed")
            if status == 429:
                await asyncio.sleep(0.01)  # (it ignores Retry-After, but leaves the loop a breath)

    async def _unknown(self, stop_at: float) -> None:
        rng = random.Random()
        more = 0  # as for creations: on until one is answered
        while time.monotonic() < stop_at or ("unknown 404" not in self.answers and more < HOSTILE_MORE):
            more += time.monotonic() >= stop_at
            try:
                status, _ = await http(self.ports[-1], "GET", f"/api/tables/nothing{rng.getrandbits(48):x}")
                self.count(f"unknown {status}")
            except (TimeoutError, OSError, ValueError, IndexError):
                self.count("unknown failed")

    async def _watch(self, table_id: str, stop_at: float, n: int) -> None:
        """One of its WebSockets to one table: held open (reading) while it may, opened again if
        closed. Each one tries once however late it starts, and holds its connection past the time
        until the address is refused one (at most HOSTILE_HOLD s more): a machine too busy to open
        many in a short run still has more open at once than an address may."""
        port = self.ports[n % len(self.ports)]
        tried = False
        while not tried or time.monotonic() < stop_at:
            tried = True
            try:
                async with connect(f"ws://{HOST}:{port}/ws/tables/{table_id}", open_timeout=HTTP_TIMEOUT,
                                   max_size=None, compression=None) as ws:
                    self.count("connection opened")
                    try:
                        while time.monotonic() < stop_at:
                            await asyncio.wait_for(ws.recv(), stop_at - time.monotonic())
                    except TimeoutError:
                        self.count("connection held to the end")
                    hold_until = time.monotonic() + HOSTILE_HOLD
                    while not self.connection_refused.is_set() and time.monotonic() < hold_until:
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(ws.recv(), max(0.0, min(0.25, hold_until - time.monotonic())))
            except ConnectionClosed as e:
                code = e.rcvd.code if e.rcvd else 1006
                if code == 1008:
                    self.connection_refused.set()
                self.count(f"connection closed {code}")
            except InvalidStatus as e:  # refused before the upgrade: too many plain connections at once
                if e.response.status_code == 429:
                    self.connection_refused.set()
                self.count(f"connection refused {e.response.status_code}")
            except (TimeoutError, OSError, InvalidHandshake):
                self.count("connection failed")
            await asyncio.sleep(min(HOSTILE_AGAIN, max(0.0, stop_at - time.monotonic())))

    async def _slow(self, stop_at: float, n: int) -> None:
        """A request whose headers come a byte a second, until the server gives up or the time is up."""
        port = self.ports[n % len(self.ports)]
        head = f"GET /api/tables HTTP/1.1\r\nHost: {HOST}\r\nX-Slow: {'a' * 1000}".encode()
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), HTTP_TIMEOUT)
        except (TimeoutError, OSError):
            self.count("slow failed")
            return
        try:
            for byte in head:
                if time.monotonic() >= stop_at:
                    self.count("slow held to the end")
                    return
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(1.0)
        except OSError:
            self.count("slow closed by the server")
        finally:
            writer.close()


def hostile_process(ports: list[int], game: str, players: int, start: float, seconds: float, answers) -> None:
    """The hostile client in a process of its own (its work must not slow the quiet clients'
    measurements down): from `start` it plays for `seconds`, then puts what it was answered in
    `answers`."""
    attack = Hostile(ports, game, players)
    time.sleep(max(0.0, start - time.monotonic()))
    asyncio.run(attack.run(start + seconds))
    answers.put(attack.answers)
