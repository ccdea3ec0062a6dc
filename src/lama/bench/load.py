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
loopback, and every wait is bounded: the run always ends by itself.

`think`: the person at each table takes about that long per move (0.5 to 1.5 times it), and
the bots keep `lama serve`'s own pause, as in an evening of people playing; people arrive at
their tables over the first ARRIVALS seconds. `servers`: as many
servers sharing the store (PostgreSQL), the tables spread over them.

`hostile`: the servers keep their limits per client address, each quiet table's client comes
from an address of its own (127.1.x.y: all of 127/8 is this machine), and one client from
127.0.0.1 (lama.bench.hostile) floods table creations, opens HOSTILE_CONNECTIONS WebSockets to one table, asks for
tables that do not exist and sends the headers of HOSTILE_SLOW requests a byte a second, all at
once for the whole run. The figures then add what the hostile client was answered and the
servers' memory (resident set, peak), to be held against load_report.MEMORY_BOUND_MB.

The figures `run` returns (percentiles, second by second, the servers' own histograms) are
built by lama.bench.load_report.
"""

from __future__ import annotations

import asyncio
import gc
import json
import multiprocessing
import os
import queue
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

from websockets.asyncio.client import connect  # (imported here: 0.1 s, which a first table would wait)
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from lama.web.limits import Limits

from .hostile import hostile_process
from .load_report import cpu_seconds, figures, percentile
from .loopback import HOST, HTTP_TIMEOUT, free_port, http
from .measures import HISTOGRAMS, check_store, server_histograms, stored_moves

PACKAGE = __name__.partition(".")[0]  # `python -m` this package is the `lama` command
START_TIMEOUT = 60.0  # seconds for the server to answer its health check
GRACE = 10.0  # seconds the clients wait for their last acknowledgements once the time is up
STOP_TIMEOUT = 20.0  # seconds the server has to stop after SIGINT before it is killed
CLIENTS_START = 3.0  # seconds given to the clients' processes to start before they all begin
ARRIVALS = 10.0  # seconds over which people thinking arrive at their tables (they do not all come at once)
LAG_TICK = 0.005  # seconds between the client's looks at its own event loop's lateness


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)  # seconds, one per acknowledged move
    sent: list[float] = field(default_factory=list)  # when each of those moves was sent (monotonic)
    lags: list[tuple[float, float]] = field(default_factory=list)  # (when, seconds) the client's loop was late
    acked: dict[str, list[tuple[int, dict]]] = field(default_factory=dict)  # table -> (seat, action) in order
    errors: int = 0
    error_kinds: dict[str, int] = field(default_factory=dict)
    finished: int = 0  # tables played to the end (and replaced)
    created: list[str] = field(default_factory=list)
    hostile: dict[str, int] = field(default_factory=dict)  # what the hostile client was answered, by kind
    start: float = 0.0  # when the play began (monotonic)
    server: list[dict] = field(default_factory=list)  # each server's own histograms (server_histograms)

    def error(self, kind: str) -> None:
        self.errors += 1
        self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1

    def moves(self) -> int:
        return len(self.latencies)

    def p99(self) -> float:
        return percentile(self.latencies, 99)

    def merge(self, other: Results) -> None:
        """What the clients of another process measured, added to these (the same start)."""
        self.latencies += other.latencies
        self.sent += other.sent
        self.lags += other.lags
        self.acked.update(other.acked)
        self.errors += other.errors
        for kind, n in other.error_kinds.items():
            self.error_kinds[kind] = self.error_kinds.get(kind, 0) + n
        self.finished += other.finished
        self.created += other.created


def quiet_address(n: int) -> str:
    """The loopback address of the `n`-th quiet client when limits count addresses."""
    return f"127.1.{n // 250 % 250}.{n % 250 + 1}"


class Server:
    """`lama serve` in a subprocess on a free loopback port."""

    def __init__(self, db: str, workers: int | None = None, limits: bool = False, bot_pause: float | None = 0.0,
                 sync_commits: bool = False):
        self.db = db
        self.port = free_port()
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 - the server's output for as long as it runs
        # without `limits`, every client of the load is this machine's one address: its limits off
        no_limits = [] if limits else [arg for name in Limits.names()
                                       for arg in (f"--limit-{name.replace('_', '-')}", "0")]
        pause = [] if bot_pause is None else ["--bot-pause", str(bot_pause)]  # None: the server's own
        command = [sys.executable, "-m", PACKAGE, "serve", "--host", HOST, "--port", str(self.port),
                   "--db", db, *pause, *no_limits]
        if workers:
            command += ["--bot-workers", str(workers)]
        if sync_commits:
            command.append("--sync-commits")
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

    def memory_mb(self) -> tuple[float, float]:
        """The server's resident memory now and at its peak, in MB (0 where /proc is not)."""
        try:
            with open(f"/proc/{self.process.pid}/status") as f:
                fields = dict(line.split(":", 1) for line in f)
        except OSError:
            return 0.0, 0.0
        return tuple(int(fields.get(k, "0 kB").split()[0]) / 1024 for k in ("VmRSS", "VmHWM"))

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

    def __init__(self, port: int, players: int, game: str, results: Results, rng: random.Random,
                 think: float = 0.0, source: str | None = None):
        self.port, self.players, self.game = port, players, game
        self.results, self.rng = results, rng
        self.think, self.source = think, source  # seconds per move (about); the address it comes from

    async def create(self) -> tuple[str, int, str] | None:
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (self.players - 1)
        try:
            status, body = await http(self.port, "POST", "/api/tables",
                                      {"game": self.game, "players": self.players, "seats": seats,
                                       "name": "Load", "hints": False}, self.source)
        except (TimeoutError, OSError, ValueError, IndexError):
            self.results.error("create")
            return None
        if status != 201:
            self.results.error("create")
            return None
        self.results.created.append(body["table"])
        return body["table"], body["seat"], body["token"]

    async def run(self, stop_at: float, end_at: float) -> None:
        if self.think:
            await asyncio.sleep(self.rng.uniform(0, min(ARRIVALS, stop_at - time.monotonic())))
        while time.monotonic() < stop_at:
            table = await self.create()
            if table is None:
                await asyncio.sleep(0.5)  # not in a tight loop against a failing server
                continue
            if not await self.play(*table, stop_at, end_at):
                return

    async def play(self, table_id: str, seat: int, token: str, stop_at: float, end_at: float) -> bool:
        """Play one table; True if it finished (and another may be played)."""

        results = self.results
        acked = results.acked.setdefault(table_id, [])
        url = f"ws://{HOST}:{self.port}/ws/tables/{table_id}?token={token}"
        try:
            ws = await connect(url, open_timeout=HTTP_TIMEOUT, max_size=None, compression=None,
                               local_addr=None if self.source is None else (self.source, 0))
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
                    results.latencies.append(time.monotonic() - pending[2])
                    results.sent.append(pending[2])
                    acked.append((seat, pending[1]))
                    pending = None
                if message["status"] == "finished":
                    results.finished += 1
                    return True
                if pending is None and message["legal"] and time.monotonic() < stop_at:
                    if self.think:  # a person thinks (the table waits for nobody else meanwhile)
                        ready = time.monotonic() + self.think * self.rng.uniform(0.5, 1.5)
                        if ready >= stop_at:  # still thinking when the time is up: no move (not all at once)
                            return False
                        await asyncio.sleep(ready - time.monotonic())
                    action = self.rng.choice(message["legal"])
                    pending = (version, action, time.monotonic())
                    await ws.send(json.dumps({"type": "act", "version": version, "action": action}))
        except ConnectionClosed:
            results.error("closed")
            return True
        finally:
            await ws.close()


async def watch_lag(until: float, lags: list) -> None:
    """How late the client's own event loop wakes up (LAG_TICK apart): time a message waited
    in the client, not in the server."""
    while time.monotonic() < until:
        before = time.monotonic()
        await asyncio.sleep(LAG_TICK)
        lags.append((before, time.monotonic() - before - LAG_TICK))


async def _clients(ports: list[int], numbers: list[int], seeds: list[int], players: int, game: str, think: float,
                   hostile: bool, seconds: float, results: Results, progress=None) -> None:
    """Play the clients `numbers` (each with its seed) in this process, from `results.start`
    for `seconds`."""
    # the clients' own garbage collection would show in the latencies they measure (a pause of
    # 50 to 200 ms with a thousand tables): none while they play, their garbage is mostly freed
    # by reference counting, and the run is bounded
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        await asyncio.sleep(max(0.0, results.start - time.monotonic()))
        stop_at = results.start + seconds
        end_at = stop_at + GRACE
        clients = [Client(ports[n % len(ports)], players, game, results, random.Random(seed), think,
                          quiet_address(n) if hostile else None) for n, seed in zip(numbers, seeds, strict=True)]
        tasks = [asyncio.create_task(c.run(stop_at, end_at)) for c in clients]
        watch = asyncio.create_task(watch_lag(end_at, results.lags))
        done = asyncio.gather(*tasks)
        while not done.done():
            await asyncio.wait([done], timeout=1.0)
            if progress is not None and time.monotonic() <= stop_at + 1:
                progress(min(time.monotonic(), stop_at) - results.start, results)
        await done
        watch.cancel()
    finally:
        gc.enable()
        gc.unfreeze()


def clients_process(slot: int, counts, answers, *play) -> None:
    """Some of the clients in a process of their own (`_clients(*play)`): what they measured
    goes to `answers`, and while they play, their moves, games finished and errors so far to
    `counts` (four numbers a process, from `slot`: with its p99 in µs)."""
    results = Results(start=play[-1])

    def progress(_elapsed, r: Results) -> None:
        counts[4 * slot:4 * slot + 4] = [r.moves(), r.finished, r.errors, int(r.p99() * 1e6)]

    asyncio.run(_clients(*play[:-1], results, progress))
    answers.put((slot, results))


class Counts:
    """What the progress line shows of the clients in other processes: their moves, games
    finished and errors, and the worst of their p99s."""

    def __init__(self, counts, processes: int):
        self.counts, self.processes = counts, processes
        self.finished, self.errors = (sum(counts[4 * s + k] for s in range(processes)) for k in (1, 2))

    def moves(self) -> int:
        return sum(self.counts[4 * s] for s in range(self.processes))

    def p99(self) -> float:
        return max(self.counts[4 * s + 3] for s in range(self.processes)) / 1e6


async def _play(ports: list[int], tables: int, seconds: float, players: int, game: str, results: Results,
                progress, seed: int | None, think: float = 0.0, hostile: bool = False, processes: int = 1) -> float:
    rng = random.Random(seed)
    seeds = [rng.getrandbits(64) for _ in range(tables)]
    context = multiprocessing.get_context("spawn")
    attack, answers = None, None
    # clients in processes of their own start when they all can (a spawned process takes a moment)
    results.start = time.monotonic() + (CLIENTS_START if processes > 1 else 0.0)
    if hostile:
        answers = context.Queue()
        attack = context.Process(target=hostile_process, args=(ports, game, players, results.start, seconds, answers))
        attack.start()
    if processes == 1:
        await _clients(ports, list(range(tables)), seeds, players, game, think, hostile, seconds, results, progress)
    else:
        await _in_processes(context, processes, ports, tables, seeds, players, game, think, hostile, seconds, results,
                            progress)
    if attack is not None:
        try:
            results.hostile = await asyncio.to_thread(answers.get, True, GRACE + HTTP_TIMEOUT)
        except queue.Empty:
            results.error("hostile client")
        attack.join(STOP_TIMEOUT)
        if attack.is_alive():
            attack.kill()
    return min(time.monotonic(), results.start + seconds) - results.start


async def _in_processes(context, processes: int, ports: list[int], tables: int, seeds: list[int], players: int,
                        game: str, think: float, hostile: bool, seconds: float, results: Results, progress) -> None:
    """The clients spread over `processes` processes (client n in process n % processes); what
    they measured, together in `results`."""
    counts = context.Array("q", 4 * processes, lock=False)
    answers = context.Queue()
    children = []
    for slot in range(processes):
        numbers = list(range(slot, tables, processes))
        child = context.Process(target=clients_process, daemon=True, args=(
            slot, counts, answers, ports, numbers, [seeds[n] for n in numbers], players, game, think, hostile,
            seconds, results.start))
        child.start()
        children.append(child)
    deadline = results.start + seconds + GRACE + START_TIMEOUT
    parts: dict[int, Results] = {}
    while len(parts) < processes and time.monotonic() < deadline:
        try:
            slot, part = await asyncio.to_thread(answers.get, True, 1.0)
            parts[slot] = part
        except queue.Empty:
            pass
        now = time.monotonic()
        if progress is not None and results.start <= now <= results.start + seconds + 1:
            progress(min(now, results.start + seconds) - results.start, Counts(counts, processes))
    for child in children:
        child.join(STOP_TIMEOUT)
        if child.is_alive():
            child.kill()
    if len(parts) < processes:
        results.error("client process")
    for part in parts.values():
        results.merge(part)


def run(tables: int = 200, seconds: float = 30.0, players: int = 4, db: str | None = None, game: str = "lama",
        progress=None, seed: int | None = None, workers: int | None = None, think: float = 0.0,
        servers: int = 1, hostile: bool = False, processes: int = 1, sync_commits: bool = False) -> dict:
    """Play `tables` tables for `seconds` against fresh `lama serve`s (`servers` of them
    sharing `db`; `sync_commits`: their commits wait for the disk), the clients spread over
    `processes` processes; the figures."""
    with tempfile.TemporaryDirectory(prefix="lama-loadtest-") as folder:
        db = db or f"sqlite:///{os.path.join(folder, 'load.db')}"
        if servers > 1 and db.startswith("sqlite"):
            raise RuntimeError("several servers share a PostgreSQL store: give --db postgresql://...")
        load_average = [round(x, 2) for x in os.getloadavg()]  # the machine before the run (1, 5, 15 min)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        client_before = resource.getrusage(resource.RUSAGE_SELF)
        # with people thinking, the bots keep the server's own pause
        running = [Server(db, workers, limits=hostile, bot_pause=None if think else 0.0, sync_commits=sync_commits)
                   for _ in range(servers)]
        results = Results()
        memory = []
        try:
            async def main():
                for server in running:
                    await server.ready()
                took = await _play([s.port for s in running], tables, seconds, players, game, results, progress,
                                   seed, think, hostile, processes)
                memory.extend(s.memory_mb() for s in running)
                for server in running:
                    try:
                        results.server.append(await server_histograms(server.port))
                    except (TimeoutError, OSError, ValueError, IndexError):
                        results.server.append({name: {} for name in HISTOGRAMS})
                return took

            elapsed = asyncio.run(main())
        finally:
            codes = [server.stop() for server in running]
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        client_after = resource.getrusage(resource.RUSAGE_SELF)
        for code, server in zip(codes, running, strict=True):
            if code not in (0, None) and results.errors == 0:
                raise RuntimeError(f"lama serve stopped with exit {code}: {server.output()}")
        lost = check_store(db, results.acked)
        total = stored_moves(db, results.created)
    return figures(results, elapsed, tables=tables, players=players, settle=ARRIVALS if think else 0.0, lost=lost,
                   stored=total, server_cpu_s=cpu_seconds(before, after),
                   client_cpu_s=cpu_seconds(client_before, client_after), load_average=load_average, think=think,
                   sync_commits=sync_commits, servers=servers, processes=processes, memory=memory, hostile=hostile)
