"""Where the server's work happens off the event loop: the thread the cheap bots think in, the
process pool the others (and hints) think in, and the one thread that writes to the store.

A table says when a bot seat must move (`Table.wanted`: the seat, its bot, its view, a copy of
its generator); `Bots` has the bot decide, off the loop, and hands the action and the
generator after deciding back to the table (`Table.answer`), which checks the move.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import queue
import threading
import time

from sqlalchemy.exc import SQLAlchemyError

from lama.match import Refused
from lama.match.table import ILLEGAL

from .errors import ServerRefusal
from .store import Store

log = logging.getLogger("lama.web")

SERVER_BOTS = ("random", "easy", "medium", "heuristic", "hard", "neural")  # what a seat may be played by
# Bots that decide in microseconds think in a thread of the server: handing a view to another
# process costs far more than their decision. One slower than CHEAP on average in some game
# (measured as it plays) thinks in the process pool from then on, like `hard`.
CHEAP_BOTS = ("random", "easy", "medium", "heuristic", "neural")
CHEAP = 0.002  # seconds
# Bot moves being made at once (deciding, storing, telling), over all tables: the others wait
# their turn, in order. A person's move never waits behind them: when every table's bots move
# without a pause, the server is busy with bot moves all the time, and without this bound a
# person's move would wait for one bot move of every other table at each step.
BOT_MOVES_AT_ONCE = 8


def think(bot_name: str, view, rng):
    """The bot's action for `view` (`rng` moves on) and the CPU seconds the decision took."""
    from lama.bots import load_bot

    bot = load_bot(bot_name)
    start = time.thread_time()
    action = bot(view, rng)
    return action, time.thread_time() - start


def decide(bot_name: str, view, rng):
    """In a pool process: the bot's action for `view`, its generator after deciding, and the
    CPU seconds the decision took."""
    action, spent = think(bot_name, view, rng)
    return action, rng, spent


def warm_up(parent: int) -> None:
    """Pool initializer: end with the server (even when it is killed), and load the bots
    before the first decision is asked for."""
    import signal

    from lama.match.process import die_with

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    die_with(parent)
    import lama.bots  # noqa: F401


class Batches:
    """A thread that takes requests from the event loop and answers them in batches: it
    handles every request queued meanwhile at once, then wakes the loop once to answer them
    all. A request costs the loop no thread hop of its own and one future."""

    def __init__(self, name: str):
        self.requests: queue.SimpleQueue = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def submit(self, *request) -> asyncio.Future:
        loop = asyncio.get_running_loop()
        answer = loop.create_future()
        self.requests.put((loop, answer, request))
        return answer

    def handle(self, requests: list[tuple]) -> list:
        """(In the thread) each request's answer, or the exception it raised."""
        raise NotImplementedError

    def _take(self, block: bool) -> list | None:
        """Every request queued now (waiting for one first if `block`); None once closed."""
        batch = []
        while True:
            try:
                item = self.requests.get() if block and not batch else self.requests.get_nowait()
            except queue.Empty:
                return batch
            if item is None:
                self.requests.put(None)  # (seen again by the next take)
                return batch or None
            batch.append(item)

    def _run(self) -> None:
        while (batch := self._take(block=True)) is not None:
            try:
                results = self.handle([request for _, _, request in batch])
            except Exception as e:  # noqa: BLE001 - the whole batch failed: each request says so
                results = [e] * len(batch)
            _post(batch, results)

    def close(self, wait: bool = False) -> None:
        self.requests.put(None)
        if wait:
            self.thread.join(timeout=10)


def _post(batch: list, results: list) -> None:
    """(In a worker thread) wake each loop once to answer its requests of `batch`."""
    by_loop: dict = {}
    for (loop, answer, _), result in zip(batch, results, strict=True):
        by_loop.setdefault(loop, []).append((answer, result))
    for loop, answers in by_loop.items():
        with contextlib.suppress(RuntimeError):  # a closed loop: the server is stopping
            loop.call_soon_threadsafe(_answer, answers)


def _answer(answers) -> None:
    for answer, result in answers:
        if answer.done():
            continue
        if isinstance(result, Exception):
            answer.set_exception(result)
        else:
            answer.set_result(result)


class Thinker(Batches):
    """The thread the cheap bots think in. A decision moves the generator it is given on (the
    table's copy of the seat's), and answers the action and the CPU seconds it took."""

    def __init__(self):
        super().__init__("lama-bots")

    def decide(self, bot_name: str, view, rng) -> asyncio.Future:
        return self.submit(bot_name, view, rng)

    def handle(self, requests):
        results = []
        for bot_name, view, rng in requests:
            try:
                results.append(think(bot_name, view, rng))
            except Exception as e:  # noqa: BLE001 - the bot failed: its table hears of it
                results.append(e)
        return results


class Bots:
    """The bots of every table: they play a table's bot seats while it waits for one, each
    move after `pause` seconds (so people can follow), at most BOT_MOVES_AT_ONCE moves at once
    over all tables. The cheap bots think in the Thinker, the others in `pool` (an Executor;
    None: bots do not play)."""

    def __init__(self, pool, pause: float = 0.0):
        self.pool = pool
        self.pause = pause
        self.thinker = Thinker()
        self.moves = asyncio.Semaphore(BOT_MOVES_AT_ONCE)  # held while a move is decided and committed
        self.cost: dict[tuple[str, str], float] = {}  # (bot, game): mean CPU seconds of a decision

    def kick(self, live, commit) -> None:
        """Play the bot seats of `live` (a hub's LiveTable) while its table waits for one
        (unless they play already); `commit(live, move)` stores, applies and tells a move."""
        if self.pool is None or (live.bots is not None and not live.bots.done()):
            return
        if live.row.status == "running" and live.table.waiting_for_bot() is not None:
            live.bots = asyncio.get_running_loop().create_task(self._play(live, commit))

    async def _play(self, live, commit) -> None:
        while True:
            async with live.lock:
                wanted = live.table.wanted() if live.row.status == "running" else None
            if wanted is None:
                return
            if self.pause:
                await asyncio.sleep(self.pause)
            async with self.moves:
                if not await self._move(live, wanted, commit):
                    return

    async def _move(self, live, wanted, commit) -> bool:
        """One move of a bot: decide, then (if the table is still where it was) commit. False
        if the bot failed."""
        try:
            action, rng = await self.decide(wanted, live.row.game)
        except Exception:  # noqa: BLE001 - a server bot that fails: say so, keep the table
            log.exception("table %s: the %s bot of seat %s failed", live.id, wanted.bot, wanted.seat)
            return False
        async with live.lock:
            try:
                move = live.table.answer(wanted, action, rng)
            except Refused as e:
                if e.code != ILLEGAL:
                    return True  # the table moved on meanwhile (another server, a person back)
                log.error("table %s: the %s bot of seat %s failed: %s", live.id, wanted.bot, wanted.seat, e.reason)
                return False
            try:
                await commit(live, move)
            except (SQLAlchemyError, ServerRefusal):  # the store failed (said once), the table broke:
                return False  # its bots play on once it is reloaded (recovery.heal)
        return True

    async def decide(self, wanted, game_id: str):
        """The action of the bot `wanted` asks for, and the generator after deciding."""
        key = (wanted.bot, game_id)
        if wanted.bot in CHEAP_BOTS and self.cost.get(key, 0.0) < CHEAP:
            action, spent = await self.thinker.decide(wanted.bot, wanted.view, wanted.rng)  # rng moved on
            rng = wanted.rng
        else:
            action, rng, spent = await asyncio.get_running_loop().run_in_executor(
                self.pool, decide, wanted.bot, wanted.view, wanted.rng)
        # measured wherever it thought: a few slow decisions (a garbage collection, a busy
        # machine) send a cheap bot to the pool for a while only
        self.cost[key] = 0.9 * self.cost.get(key, spent) + 0.1 * spent
        return action, rng

    def close(self) -> None:
        self.thinker.close()


class GroupCommit(Batches):
    """The thread that stores moves. Moves of every table are stored together (a group
    commit): while one batch is being committed, the moves that arrive meanwhile wait and go
    in the next transaction. Each move is answered only after the commit of its batch; a quiet
    server commits each move at once, a busy one many per transaction.

    With SQLite it is the one thread that writes: other writes (a table, a seat, a status) go
    through it too (`call`), so writers never wait for each other's locks (SQLite's wait for a
    lock sleeps up to 100 ms at a time), in the order they came, but a move never waits behind
    them: they are done only while no request is queued, and the moves that arrive meanwhile
    are committed first. A burst of table creations (a thousand people arriving, or one
    stranger creating tables as fast as the limits allow) then costs a move at most one other
    write's time. Reordering is safe because every caller awaits its write before making one
    that depends on it: the requests queued together are independent of each other.
    (PostgreSQL takes other writes in any thread: Hub.db.)"""

    def __init__(self, store: Store):
        self.store = store
        super().__init__("lama-store")

    async def add_move(self, table_id: str, n: int, seat: int, action: dict) -> bool:
        """Store move `n` of a table; False if a move `n` was stored before (another server)."""
        return await self.submit(None, (table_id, n, seat, action))

    async def call(self, fn, *args):
        """`fn(*args)`, a write to the store, in this thread."""
        return await self.submit(fn, args)

    def _run(self) -> None:
        others: collections.deque = collections.deque()  # taken, not done yet, in order
        while True:
            batch = self._take(block=not others)
            closing = batch is None
            if closing and not others:
                return
            moves = []
            for item in batch or ():
                (moves if item[2][0] is None else others).append(item)
            if moves:
                _post(moves, self._store_moves([args for _, _, (_, args) in moves]))
            done, results = [], []
            while others and (closing or self.requests.empty()):  # while no move waits
                item = others.popleft()
                fn, args = item[2]
                try:
                    results.append(fn(*args))
                except Exception as e:  # noqa: BLE001 - its caller hears of it
                    results.append(e)
                done.append(item)
            _post(done, results)

    def _store_moves(self, moves: list) -> list:
        try:
            return self.store.add_moves(moves)
        except Exception as e:  # noqa: BLE001 - each move of the batch hears of it
            return [e] * len(moves)

    def close(self) -> None:
        super().close(wait=True)
