"""`lama loadtest`: many tables played at once against a real `lama serve`, over loopback.

`run` starts `lama serve` as a subprocess on a free port of 127.0.0.1 (a temporary SQLite
store unless given one, bots without a pause), creates `tables` tables over HTTP (one
person's seat each, the other seats `heuristic` bots) and plays each from one WebSocket
client that sends a random legal move as soon as a `state` offers it one. A table that
finishes is replaced by a new one, so `tables` tables are in play until the time is up.
Then the clients wait for their last answers, the server is stopped, and the store is
opened to check that every acknowledged move is there.

Latency is measured from an `act` sent to the `state` that acknowledges it (the first
`state` with a higher version). Nothing here ever listens on or connects to anything but
127.0.0.1, and every wait is bounded: the run always ends by itself.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

from .limits import Limits

HOST = "127.0.0.1"
PACKAGE = __name__.partition(".")[0]  # `python -m` this package is the `lama` command
START_TIMEOUT = 60.0  # seconds for the server to answer its health check
GRACE = 10.0  # seconds the clients wait for their last acknowledgements once the time is up
STOP_TIMEOUT = 20.0  # seconds the server has to stop after SIGINT before it is killed
HTTP_TIMEOUT = 30.0  # one HTTP request, or one WebSocket connection


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)  # seconds, one per acknowledged move
    acked: dict[str, list[tuple[int, dict]]] = field(default_factory=dict)  # table -> (seat, action) in order
    errors: int = 0
    error_kinds: dict[str, int] = field(default_factory=dict)
    finished: int = 0  # tables played to the end (and replaced)
    created: list[str] = field(default_factory=list)

    def error(self, kind: str) -> None:
        self.errors += 1
        self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of `values`, 0 if there are none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))  # ceil(n * p / 100), at least 1
    return ordered[int(rank) - 1]


async def http(port: int, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    """One HTTP/1.1 request to the server at 127.0.0.1:`port`: (status, JSON body)."""
    payload = json.dumps(body).encode() if body is not None else b""
    reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), HTTP_TIMEOUT)
    try:
        writer.write(f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
                     f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n".encode() + payload)
        await writer.drain()
        raw = await asyncio.wait_for(reader.read(), HTTP_TIMEOUT)
    finally:
        writer.close()
    head, _, text = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    if b"transfer-encoding: chunked" in head.lower():
        text = _unchunk(text)
    return status, json.loads(text or b"{}")


def _unchunk(data: bytes) -> bytes:
    out = b""
    while data:
        size, _, rest = data.partition(b"\r\n")
        n = int(size.split(b";")[0], 16)
        if n == 0:
            break
        out, data = out + rest[:n], rest[n + 2:]
    return out


class Server:
    """`lama serve` in a subprocess on a free loopback port."""

    def __init__(self, db: str, workers: int | None = None):
        self.db = db
        self.port = free_port()
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 - the server's output for as long as it runs
        # every client of the load is this machine's one address: its limits off
        no_limits = [arg for name in Limits.names() for arg in (f"--limit-{name.replace('_', '-')}", "0")]
        command = [sys.executable, "-m", PACKAGE, "serve", "--host", HOST, "--port", str(self.port),
                   "--db", db, "--bot-pause", "0", *no_limits]
        if workers:
            command += ["--bot-workers", str(workers)]
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    async def ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"lama serve ended at start (exit {self.process.returncode}): {self.output()}")
            try:
                status, body = await http(self.port, "GET", "/api/health")
                if status == 200 and body.get("ok"):
                    return
            except (TimeoutError, OSError, ValueError, IndexError):
                pass
            await asyncio.sleep(0.1)
        raise RuntimeError(f"lama serve did not answer within {START_TIMEOUT:.0f} s: {self.output()}")

    def stop(self) -> int:
        """Ctrl-C the server and wait for it (killed if it does not stop in time)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode

    def output(self) -> str:
        self.log.seek(0)
        text = self.log.read().decode("utf-8", "replace").strip()
        return text[-2000:] or "(no output)"


class Client:
    """One person's seat: create a table, play random legal moves until the time is up,
    then the next table when one finishes."""

    def __init__(self, port: int, players: int, game: str, results: Results, rng: random.Random):
        self.port, self.players, self.game = port, players, game
        self.results, self.rng = results, rng

    async def create(self) -> tuple[str, int, str] | None:
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (self.players - 1)
        try:
            status, body = await http(self.port, "POST", "/api/tables",
                                      {"game": self.game, "players": self.players, "seats": seats,
                                       "name": "Load", "hints": False})
        except (TimeoutError, OSError, ValueError, IndexError):
            self.results.error("create")
            return None
        if status != 201:
            self.results.error("create")
            return None
        self.results.created.append(body["table"])
        return body["table"], body["seat"], body["token"]

    async def run(self, stop_at: float, end_at: float) -> None:
        while time.monotonic() < stop_at:
            table = await self.create()
            if table is None:
                await asyncio.sleep(0.5)  # not in a tight loop against a failing server
                continue
            if not await self.play(*table, stop_at, end_at):
                return

    async def play(self, table_id: str, seat: int, token: str, stop_at: float, end_at: float) -> bool:
        """Play one table; True if it finished (and another may be played)."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        results = self.results
        acked = results.acked.setdefault(table_id, [])
        url = f"ws://{HOST}:{self.port}/ws/tables/{table_id}?token={token}"
        try:
            ws = await connect(url, open_timeout=HTTP_TIMEOUT, max_size=None, compression=None)
        except (TimeoutError, OSError, InvalidHandshake):
            results.error("connect")
            return True
        pending = None  # (version, action, time sent) of the act not yet acknowledged
        try:
            while True:
                now = time.monotonic()
                if now >= (stop_at if pending is None else end_at):
                    if pending is not None:
                        results.error("unanswered")
                    return False
                try:
                    text = await asyncio.wait_for(ws.recv(), (stop_at if pending is None else end_at) - now)
                except TimeoutError:
                    continue
                message = json.loads(text)
                kind = message.get("type")
                if kind == "error":
                    results.error(f"error {message.get('code')}")
                    pending = None
                    continue
                if kind != "state":
                    continue
                version = message["version"]
                if pending is not None and version > pending[0]:
                    results.latencies.append(time.perf_counter() - pending[2])
                    acked.append((seat, pending[1]))
                    pending = None
                if message["status"] == "finished":
                    results.finished += 1
                    return True
                if pending is None and message["legal"] and time.monotonic() < stop_at:
                    action = self.rng.choice(message["legal"])
                    pending = (version, action, time.perf_counter())
                    await ws.send(json.dumps({"type": "act", "version": version, "action": action}))
        except ConnectionClosed:
            results.error("closed")
            return True
        finally:
            await ws.close()


async def _play(port: int, tables: int, seconds: float, players: int, game: str, results: Results,
                progress, seed: int | None) -> float:
    rng = random.Random(seed)
    # the clients' own garbage collection would show in the latencies they measure
    gc.collect()
    gc.freeze()
    thresholds = gc.get_threshold()
    gc.set_threshold(50_000, 20, 100)
    try:
        start = time.monotonic()
        stop_at = start + seconds
        end_at = stop_at + GRACE
        clients = [Client(port, players, game, results, random.Random(rng.getrandbits(64))) for _ in range(tables)]
        tasks = [asyncio.create_task(c.run(stop_at, end_at)) for c in clients]
        done = asyncio.gather(*tasks)
        while not done.done():
            await asyncio.wait([done], timeout=1.0)
            if progress is not None and time.monotonic() <= stop_at + 1:
                progress(min(time.monotonic(), stop_at) - start, results)
        await done
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
    return min(time.monotonic(), stop_at) - start


def check_store(db: str, results: Results) -> int:
    """Acknowledged moves missing from the store at `db`: by table, the k-th acknowledged move
    of a seat must be that seat's k-th stored move, with the same action."""
    from lama.web.store import Store

    store = Store(db)
    lost = 0
    try:
        for table_id, acked in results.acked.items():
            stored: dict[int, list[dict]] = {}
            for _n, seat, action in store.moves(table_id):
                stored.setdefault(seat, []).append(action)
            seen: dict[int, int] = {}
            for seat, action in acked:
                k = seen.get(seat, 0)
                seen[seat] = k + 1
                mine = stored.get(seat, [])
                if k >= len(mine) or mine[k] != action:
                    lost += 1
    finally:
        store.close()
    return lost


def stored_moves(db: str, table_ids: list[str]) -> int:
    from lama.web.store import Store

    store = Store(db)
    try:
        return sum(store.count_moves(t) for t in table_ids)
    finally:
        store.close()


def run(tables: int = 200, seconds: float = 30.0, players: int = 4, db: str | None = None, game: str = "lama",
        progress=None, seed: int | None = None, workers: int | None = None) -> dict:
    """Play `tables` tables for `seconds` against a fresh `lama serve`; the figures."""
    with tempfile.TemporaryDirectory(prefix="lama-loadtest-") as folder:
        db = db or f"sqlite:///{os.path.join(folder, 'load.db')}"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        server = Server(db, workers)
        results = Results()
        try:
            async def main():
                await server.ready()
                return await _play(server.port, tables, seconds, players, game, results, progress, seed)

            elapsed = asyncio.run(main())
        finally:
            code = server.stop()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if code not in (0, None) and results.errors == 0:
            raise RuntimeError(f"lama serve stopped with exit {code}: {server.output()}")
        lost = check_store(db, results)
        total = stored_moves(db, results.created)
    moves = len(results.latencies)
    return {
        "tables": tables,
        "moves": moves,
        "moves_per_s": round(moves / elapsed, 1) if elapsed > 0 else 0.0,
        "p50_ms": round(percentile(results.latencies, 50) * 1000, 2),
        "p99_ms": round(percentile(results.latencies, 99) * 1000, 2),
        "errors": results.errors,
        "lost": lost,
        "seconds": round(elapsed, 2),
        "players": players,
        "games_finished": results.finished,
        "stored_moves": total,
        # CPU seconds of the server (and its bot processes) from start to stop: per stored move,
        # what a move costs the server whatever else runs on the machine
        "server_cpu_s": round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 2),
        "error_kinds": results.error_kinds,
    }
