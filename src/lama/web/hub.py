"""The live tables of one `lama serve` process: each a `lama.match.Table` in memory, its
seats and connections, kept in step with the store.

Every change goes the same way, under the table's lock: check the move against the table
(version, turn, legality), store it (move n of the table, once only), apply it, let chance
run, then send every connection its own `state`. A move is acknowledged only after it is
stored, so a crash loses nothing acknowledged: on start, a table is rebuilt from its seed and
its stored moves. Bots think off the event loop, after a pause that lets people follow: the
cheap ones in a thread, the searching ones in a process pool. With PostgreSQL, several processes share the tables: each stores its moves
and announces them (NOTIFY); the others catch up from the store.
"""

from __future__ import annotations

import asyncio
import copyreg
import logging
import queue
import secrets
import threading
import time
from dataclasses import replace
from types import MappingProxyType

from lama.core import Action, IllegalAction, InvalidOption
from lama.core.jsonform import is_int, jsonable, shown
from lama.games import GAMES, new_game
from lama.match import Refused, Table, new_seed, seat_rng

from .store import SeatRow, Store, TableRow, token_hash

log = logging.getLogger("lama.web")

STATUSES = ("waiting", "running", "finished")  # a table's status, in the only order it goes


def read_only(mapping: dict) -> MappingProxyType:
    return MappingProxyType(mapping)


# Views carry read-only options; the bot pool needs them pickled.
copyreg.pickle(MappingProxyType, lambda m: (read_only, (dict(m),)))

NAME_LENGTH = 40
SERVER_BOTS = ("random", "easy", "medium", "heuristic", "hard")  # what a seat may be played by
# Bots that decide in microseconds think in a thread of the server: handing a view to another
# process costs far more than their decision. One slower than CHEAP on average in some game
# (measured as it plays) thinks in the process pool from then on, like `hard`.
CHEAP_BOTS = ("random", "easy", "medium", "heuristic")
CHEAP = 0.002  # seconds
# Bot moves being made at once (deciding, storing, telling), over all tables: the others wait
# their turn, in order. A person's move never waits behind them: when every table's bots move
# without a pause, the server is busy with bot moves all the time, and without this bound a
# person's move would wait for one bot move of every other table at each step.
BOT_MOVES_AT_ONCE = 8


class WebError(Exception):
    """A request the server refuses: `status` (HTTP), `code` and a readable `message`."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def decide(bot_name: str, view, rng):
    """In a pool process: the bot's action for `view`, and its generator after deciding."""
    from lama.bots import load_bot

    return load_bot(bot_name)(view, rng), rng


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

    def _run(self) -> None:
        while (item := self.requests.get()) is not None:
            batch = [item]
            while True:
                try:
                    item = self.requests.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self.requests.put(None)
                    break
                batch.append(item)
            try:
                results = self.handle([request for _, _, request in batch])
            except Exception as e:  # noqa: BLE001 - the whole batch failed: each request says so
                results = [e] * len(batch)
            by_loop: dict = {}
            for (loop, answer, _), result in zip(batch, results):
                by_loop.setdefault(loop, []).append((answer, result))
            for loop, answers in by_loop.items():
                try:
                    loop.call_soon_threadsafe(_answer, answers)
                except RuntimeError:  # the loop is closed: the server is stopping
                    pass

    def close(self, wait: bool = False) -> None:
        self.requests.put(None)
        if wait:
            self.thread.join(timeout=10)


def _answer(answers) -> None:
    for answer, result in answers:
        if answer.done():
            continue
        if isinstance(result, Exception):
            answer.set_exception(result)
        else:
            answer.set_result(result)


class Thinker(Batches):
    """The thread the cheap bots think in. A decision moves the seat's generator on, and
    answers the action, the generator's state before it (to put back if the move is not
    kept) and the CPU seconds it took."""

    def __init__(self):
        super().__init__("lama-bots")

    def decide(self, bot_name: str, view, rng) -> asyncio.Future:
        return self.submit(bot_name, view, rng)

    def handle(self, requests):
        from lama.bots import load_bot

        results = []
        for bot_name, view, rng in requests:
            before = rng.getstate()
            start = time.thread_time()
            try:
                results.append((load_bot(bot_name)(view, rng), before, time.thread_time() - start))
            except Exception as e:  # noqa: BLE001 - the bot failed: its table hears of it
                rng.setstate(before)
                results.append(e)
        return results


class GroupCommit(Batches):
    """The one thread that writes to the store. Moves of every table are stored together (a
    group commit): while one batch is being committed, the moves that arrive meanwhile wait
    and go in the next transaction. Each move is answered only after the commit of its batch;
    a quiet server commits each move at once, a busy one many per transaction. Other writes
    (a table, a seat, a status) go through the same thread, in order: writers never wait for
    each other's locks (SQLite's wait for a lock sleeps up to 100 ms at a time)."""

    def __init__(self, store: Store):
        super().__init__("lama-store")
        self.store = store

    async def add_move(self, table_id: str, n: int, seat: int, action: dict) -> bool:
        """Store move `n` of a table; False if a move `n` was stored before (another server)."""
        return await self.submit(None, (table_id, n, seat, action))

    async def call(self, fn, *args):
        """`fn(*args)`, a write to the store, in this thread."""
        return await self.submit(fn, args)

    def handle(self, requests):
        results, moves = [], []
        for fn, args in requests + [(False, None)]:
            if fn is None:
                moves.append(args)
                continue
            if moves:  # the moves so far, in one transaction
                try:
                    results += self.store.add_moves(moves)
                except Exception as e:  # noqa: BLE001 - each move of the batch hears of it
                    results += [e] * len(moves)
                moves = []
            if fn is not False:
                try:
                    results.append(fn(*args))
                except Exception as e:  # noqa: BLE001 - its caller hears of it
                    results.append(e)
        return results

    def close(self) -> None:
        super().close(wait=True)


def hint(view, seed: str) -> dict:
    """In a pool process: every legal action of `view` with the hard bot's win chance."""
    import random

    from lama.bots.hints import hints, hints_json

    return hints_json(hints(view, random.Random(seed)), Action.to_json)


def odds(view) -> dict:
    """Dice: the exact odds of the seat's next roll."""
    from lama.games.dice_odds import next_roll_odds

    o, last_seat = next_roll_odds(view)
    return {"three_llamas": float(o.three_llamas), "match": float(o.match), "miss": float(o.miss),
            "bust": float(o.bust), "expected_discard": float(o.expected_discard), "last_seat": last_seat}


def warm_up(parent: int) -> None:
    """Pool initializer: end with the server (even when it is killed), and load the bots
    before the first decision is asked for."""
    import signal

    from lama.sim.backends import die_with

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    die_with(parent)
    import lama.bots  # noqa: F401


class Connection:
    """One WebSocket: its seat (None: a spectator), the last version it was sent, and a queue
    its writer task drains, so a slow client never holds a table up."""

    def __init__(self, seat: int | None):
        self.seat = seat
        self.version = 0  # events after this version are still to be sent
        self.queue: asyncio.Queue = asyncio.Queue(maxsize=256)
        self.closed = False

    def send(self, message: dict) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:  # a client that reads nothing: drop it
            self.closed = True
            self.queue = asyncio.Queue(maxsize=1)
            self.queue.put_nowait(None)


class LiveTable:
    def __init__(self, row: TableRow):
        self.row = row
        self.game = new_game(row.game, row.players, row.options)
        self.table = Table(self.game, [None] * row.players, row.seed, names=self.names())
        self.n = 0  # moves applied (and stored)
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.rngs = {s: seat_rng(row.seed, s) for s in range(row.players)}
        # seat -> (round, this round's moves in JSON, the finished rounds in JSON), see view_json
        self._shared: dict[int | None, tuple[int, list, list]] = {}
        self.bots: asyncio.Task | None = None

    @property
    def id(self) -> str:
        return self.row.id

    def names(self) -> list[str]:
        return seat_names(self.row)

    def rename(self) -> None:
        """The seats' names changed (a person joined): the table and its record follow."""
        self.table.names = self.names()
        self.table.record.data["players"] = self.names()

    def apply(self, seat: int, action: Action) -> None:
        """Apply a stored move, then let chance run."""
        self.table.act(seat, action, self.table.version)
        self.n += 1
        self.table.advance()

    def controller(self, seat: int) -> str | None:
        """The bot that plays `seat` now (its own, or a stand-in), None for a person."""
        s = self.row.seats[seat]
        return s.bot if s.kind == "bot" else s.stand_in

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat and not c.closed for c in self.connections)

    # -- what goes out ---------------------------------------------------------------------
    def public(self) -> dict:
        """The table's public facts (GET /api/tables/{ID})."""
        row = self.row
        out = {"id": row.id, "game": row.game, "name": GAMES[row.game].name, "players": row.players,
               "options": row.options, "status": row.status, "version": self.table.version,
               "created": row.created, "hints": row.hints, "next": row.next_id, "seats": self.seats_json()}
        if row.status == "finished":
            out["seed"] = str(row.seed)  # told once the game is over, never before
            out["winners"] = list(self.table.state.winners)
        return out

    def seats_json(self) -> list[dict]:
        return seat_facts(self.row, {c.seat for c in self.connections if not c.closed})

    def view_json(self, view) -> dict:
        """`view.to_json()`, made faster: this round's moves and the rounds played before only
        ever grow (within a round, within a game), and every message repeats them, so each
        entry is turned into JSON once per seat, by the view's own `to_json`."""
        round_, moves, history = self._shared.get(view.seat, (view.round, [], []))
        if round_ != view.round or len(moves) > len(view.moves) or len(history) > len(view.history):
            moves, history = [], []  # a new round (or something unexpected: start again)
        out = replace(view, moves=view.moves[len(moves):], history=view.history[len(history):]).to_json()
        history = history + out["history"]
        out["history"] = history
        if "moves" in out:  # card games
            moves = moves + out["moves"]
            out["moves"] = moves
        self._shared[view.seat] = (view.round, moves, history)
        return out

    def state_message(self, connection: Connection, seats: list[dict] | None = None) -> dict:
        seat = connection.seat
        table = self.table
        view = table.view(seat)
        mine = seat is not None and self.controller(seat) is None and self.row.status == "running"
        message = {
            "type": "state", "version": table.version, "seat": seat, "status": self.row.status,
            "view": self.view_json(view),
            "legal": [a.to_json() for a in view.legal_actions] if mine else [],
            "events": [e.to_json() for e in table.events_since(connection.version, seat)],
            "seats": self.seats_json() if seats is None else seats,
        }
        connection.version = table.version
        return message

    def broadcast(self) -> None:
        if self.connections:
            seats = self.seats_json()  # the same for everyone
            for connection in list(self.connections):
                connection.send(self.state_message(connection, seats))


class Hub:
    def __init__(self, store: Store, pool=None, bot_pause: float = 0.0):
        self.store = store
        self.pool = pool  # an Executor for bot decisions
        self.bot_pause = bot_pause
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.commits = GroupCommit(store)
        self.thinker = Thinker()  # the cheap bots
        self.bot_moves = asyncio.Semaphore(BOT_MOVES_AT_ONCE)
        self.cost: dict[tuple[str, str], float] = {}  # (bot, game): mean CPU seconds of a decision

    def close(self) -> None:
        self.thinker.close()
        self.commits.close()

    async def db(self, fn, *args):
        """A store call, off the event loop: reads in any thread, writes in the store's."""
        if getattr(fn, "__name__", None) in Store.READS:
            return await asyncio.to_thread(fn, *args)
        return await self.commits.call(fn, *args)

    # -- loading -------------------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        live = self.live.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.live.get(table_id)
            if live is None:
                row = await self.db(self.store.load_table, table_id) if _plausible_id(table_id) else None
                if row is None:
                    raise WebError(404, "no_table", f"there is no table {table_id[:40]!r}")
                live = LiveTable(row)
                if row.status != "waiting":
                    live.table.advance()
                    await self._catch_up(live)
                self.live[table_id] = live
        if live.row.status == "running":
            self.kick_bots(live)
        return live

    async def resume_all(self) -> int:
        """On start: bring back every table still being played (bots carry on by themselves)."""
        rows = await self.db(self.store.tables, ("running",))
        resumed = 0
        for row in rows:
            try:
                await self.get(row.id)
                resumed += 1
            except Exception:  # noqa: BLE001 - one table that does not replay must not stop the others
                log.exception("table %s cannot be rebuilt from its stored moves; it stays as it is", row.id)
        return resumed

    async def _catch_up(self, live: LiveTable) -> bool:
        """Apply the moves stored beyond the ones applied here (another server made them)."""
        moves = await self.db(self.store.moves, live.id, live.n)
        for n, seat, data in moves:
            if n != live.n:
                raise RuntimeError(f"table {live.id}: move {n} follows move {live.n - 1}")
            live.apply(seat, Action.from_json(data))
        if live.table.finished:
            live.row.status = "finished"
        return bool(moves)

    async def refresh(self, table_id: str) -> None:
        """Another server changed this table (a move, a seat): catch up and tell everyone."""
        live = self.live.get(table_id)
        if live is None:
            return
        async with live.lock:
            row = await self.db(self.store.load_table, table_id)
            if row is not None:
                was_waiting = live.row.status == "waiting"
                # a status only moves on: a row read before the other server stored the game's
                # end must not take a finished table back to running
                live.row.seats = row.seats
                live.row.status = max(live.row.status, row.status, key=STATUSES.index)
                live.rename()
                if was_waiting and row.status != "waiting":
                    live.table.advance()
            await self._catch_up(live)
            live.broadcast()
        self.kick_bots(live)

    # -- tables and seats ------------------------------------------------------------------
    async def create(self, game_id: str, players: int, options: dict, seats: list[dict], name: str,
                     hints: bool = True) -> dict:
        game = _game(game_id, players, options)
        if not isinstance(hints, bool):
            raise WebError(400, "bad_request", "hints is true or false")
        if not isinstance(seats, list) or len(seats) != players:
            raise WebError(400, "bad_request", f"seats must list {players} seats, one per player")
        rows, creator_token, creator_seat = [], None, None
        for s, spec in enumerate(seats):
            if not isinstance(spec, dict) or spec.get("kind") not in ("human", "bot"):
                raise WebError(400, "bad_request",
                               f'seat {s} must be {{"kind": "human"}} or {{"kind": "bot", "bot": LEVEL}}')
            if spec["kind"] == "bot":
                bot = spec.get("bot")
                if bot not in SERVER_BOTS:
                    raise WebError(400, "bad_bot", f"seat {s}: the bot must be one of {', '.join(SERVER_BOTS)}, "
                                                   f"not {shown(bot)} (a server runs no bot of its own code)")
                rows.append(SeatRow(s, "bot", bot=bot))
            elif creator_seat is None:
                creator_token = secrets.token_urlsafe(24)
                creator_seat = s
                rows.append(SeatRow(s, "human", name=_name(name), token_hash=token_hash(creator_token), creator=True))
            else:
                rows.append(SeatRow(s, "human"))
        table_id = secrets.token_urlsafe(9)
        waiting = any(r.kind == "human" and r.token_hash is None for r in rows)
        row = TableRow(table_id, game.id, players, jsonable(game.options), new_seed(),
                       "waiting" if waiting else "running", time.time(), seats=rows, hints=hints)
        await self.db(self.store.create_table, row)
        live = await self.get(table_id)
        return {"table": table_id, "seat": creator_seat, "token": creator_token, "status": live.row.status}

    async def join(self, table_id: str, name: str, seat: int | None) -> dict:
        live = await self.get(table_id)
        name = _name(name)
        async with live.lock:
            free = [s.seat for s in live.row.seats if s.kind == "human" and s.token_hash is None]
            if seat is not None:
                if not is_int(seat) or not 0 <= seat < live.row.players:
                    raise WebError(400, "bad_request", f"seat must be 0 to {live.row.players - 1}")
                if seat not in free:
                    raise WebError(409, "seat_taken", f"seat {seat} is not a free seat for a person"
                                   + (f"; free: {', '.join(map(str, free))}" if free else ""))
                free = [seat]
            if not free:
                raise WebError(409, "table_full", "no seat for a person is free at this table")
            token = secrets.token_urlsafe(24)
            for s in free:
                if await self.db(self.store.claim_seat, table_id, s, name, token_hash(token)):
                    break
            else:
                raise WebError(409, "table_full", "the seat was taken meanwhile; no seat is free")
            live.row.seats[s].name, live.row.seats[s].token_hash = name, token_hash(token)
            live.rename()
            if live.row.status == "waiting" and all(r.kind == "bot" or r.token_hash for r in live.row.seats):
                live.row.status = "running"
                await self.db(self.store.set_status, table_id, "running")
                live.table.advance()  # the deal
            await self.db(self.store.announce, table_id)
            live.broadcast()
        self.kick_bots(live)
        return {"seat": s, "token": token}

    async def again(self, table_id: str, token) -> dict:
        """"Play again": the next game with the same seats. Each person of a finished table asks
        with their token and gets their own seat at the next table (a new token)."""
        live = await self.get(table_id)
        seat = await self.seat_of(live, token if isinstance(token, str) else None)
        if seat is None:
            raise WebError(403, "bad_token", "play again needs the token of a seat of this table")
        if live.row.status != "finished":
            raise WebError(409, "not_finished", "the next game is set up once this one is over")
        if live.row.next_id is None:
            row = live.row
            seats = [SeatRow(s.seat, s.kind, bot=s.bot, creator=s.creator) for s in row.seats]
            new = TableRow(secrets.token_urlsafe(9), row.game, row.players, row.options, new_seed(), "waiting",
                           time.time(), seats=seats, hints=row.hints)
            await self.db(self.store.create_table, new)
            live.row.next_id = await self.db(self.store.set_next, table_id, new.id)
            await self.db(self.store.announce, table_id)
            async with live.lock:
                live.broadcast()
        name = live.row.seats[seat].name or f"Seat {seat}"
        return {"table": live.row.next_id, **(await self.join(live.row.next_id, name, seat))}

    async def seat_of(self, live: LiveTable, token: str | None) -> int | None:
        """The seat a token proves (None: a spectator); WebError if the token proves nothing."""
        if not token:
            return None
        digest = token_hash(token)
        for s in live.row.seats:
            if s.token_hash == digest:
                return s.seat
        raise WebError(403, "bad_token", "this token is not a seat of this table (join it first)")

    async def stand_in(self, live: LiveTable, by: int | None, seat, bot) -> None:
        """The creator puts a bot in the seat of a person who left (bot None: the seat waits)."""
        if by is None or not live.row.seats[by].creator:
            raise WebError(403, "not_creator", "only the table's creator may put a bot in a seat")
        if not is_int(seat) or not 0 <= seat < live.row.players or live.row.seats[seat].kind != "human":
            raise WebError(400, "bad_request", "stand_in names the seat of a person")
        if bot is not None and bot not in SERVER_BOTS:
            raise WebError(400, "bad_bot", f"the bot must be one of {', '.join(SERVER_BOTS)}, or null")
        async with live.lock:
            if bot is not None and live.connected(seat):
                raise WebError(409, "seat_connected", f"seat {seat} is connected: only a seat whose person left "
                                                      "can be given to a bot")
            await self.set_stand_in(live, seat, bot)
        self.kick_bots(live)

    async def set_stand_in(self, live: LiveTable, seat: int, bot: str | None) -> None:
        """(Under the table's lock.)"""
        if live.row.seats[seat].stand_in == bot:
            return
        await self.db(self.store.set_stand_in, live.id, seat, bot)
        await self.db(self.store.announce, live.id)
        live.row.seats[seat].stand_in = bot
        live.broadcast()

    async def connect(self, live: LiveTable, connection: Connection) -> None:
        async with live.lock:
            self.live.setdefault(live.id, live)  # a finished table forgotten meanwhile comes back
            live.connections.add(connection)
            seat = connection.seat
            if seat is not None and live.row.seats[seat].stand_in is not None:
                await self.set_stand_in(live, seat, None)  # back in the seat: the stand-in leaves
            live.broadcast()  # everyone sees who is connected; the newcomer gets its state

    async def disconnect(self, live: LiveTable, connection: Connection) -> None:
        connection.closed = True
        async with live.lock:
            live.connections.discard(connection)
            live.broadcast()
            self.forget(live)

    def forget(self, live: LiveTable) -> None:
        """A finished table nobody is connected to leaves memory (the store keeps it; `get`
        brings it back when asked for), so the live tables are the ones being played."""
        if live.row.status == "finished" and not live.connections and self.live.get(live.id) is live:
            del self.live[live.id]
            self._loading.pop(live.id, None)

    # -- moves -----------------------------------------------------------------------------
    async def act(self, live: LiveTable, seat: int | None, data, version) -> None:
        """An outside seat's move; Refused (stale, not_your_turn, illegal) changes nothing."""
        try:
            action = Action.from_json(data)
        except IllegalAction as e:
            raise Refused("illegal", e.reason) from None
        if not is_int(version):
            raise Refused("stale", "act needs the version it was made at (an integer)")
        async with live.lock:
            if seat is None:
                raise Refused("not_your_turn", "a spectator does not play")
            if live.row.status != "running":
                raise Refused("not_your_turn", "the table is waiting for players" if live.row.status == "waiting"
                              else "the game is over")
            if live.controller(seat) is not None:
                raise Refused("not_your_turn", f"a bot plays seat {seat} now")
            live.table.check(seat, action, version)
            if not await self._commit(live, seat, action):
                raise Refused("stale", "another move came first: look again and retry")
        self.kick_bots(live)

    async def _commit(self, live: LiveTable, seat: int, action: Action) -> bool:
        """(Under the lock, the move checked.) Store, apply, tell everyone. False if another
        server stored this move number first (this table has caught up since)."""
        if not await self.commits.add_move(live.id, live.n, seat, action.to_json()):
            await self._catch_up(live)
            live.broadcast()
            return False
        live.apply(seat, action)
        if live.table.finished:
            live.row.status = "finished"
            await self.db(self.store.set_status, live.id, "finished", live.table.record.data)
        live.broadcast()
        self.forget(live)
        return True

    # -- bots ------------------------------------------------------------------------------
    def kick_bots(self, live: LiveTable) -> None:
        if self.pool is None or (live.bots is not None and not live.bots.done()):
            return
        seat = live.table.to_move
        if live.row.status == "running" and seat is not None and live.controller(seat) is not None:
            live.bots = asyncio.get_running_loop().create_task(self._play_bots(live))

    async def _play_bots(self, live: LiveTable) -> None:
        while True:
            async with live.lock:
                seat = live.table.to_move
                bot = live.controller(seat) if seat is not None else None
                if live.row.status != "running" or bot is None:
                    return
                view, version, rng = live.table.view(seat), live.table.version, live.rngs[seat]
            if self.bot_pause:
                await asyncio.sleep(self.bot_pause)
            async with self.bot_moves:
                if not await self._bot_move(live, seat, bot, view, version, rng):
                    return

    async def _bot_move(self, live: LiveTable, seat: int, bot: str, view, version: int, rng) -> bool:
        """One move of a bot: decide, then (if the table is still where it was) store, apply
        and tell. False if the bot failed."""
        try:
            key = (bot, live.row.game)
            before = None
            if bot in CHEAP_BOTS and self.cost.get(key, 0.0) < CHEAP:
                action, before, spent = await self.thinker.decide(bot, view, rng)  # rng moved on
                self.cost[key] = 0.9 * self.cost.get(key, spent) + 0.1 * spent
            else:
                action, rng = await asyncio.get_running_loop().run_in_executor(self.pool, decide, bot, view, rng)
        except Exception:  # noqa: BLE001 - a server bot that fails: say so, keep the table
            log.exception("table %s: the %s bot of seat %s failed", live.id, bot, seat)
            return False
        async with live.lock:
            if live.table.version != version or live.controller(seat) != bot:
                if before is not None:
                    live.rngs[seat].setstate(before)  # the move is not kept, nor what it drew
                return True  # the table moved on meanwhile (another server, a person back)
            live.rngs[seat] = rng
            await self._commit(live, seat, action)
        return True

    # -- help for a person at the table -------------------------------------------------------
    async def hint(self, live: LiveTable, seat: int | None) -> dict:
        async with live.lock:
            if not live.row.hints:
                raise WebError(403, "no_hints", "this table was created without hints")
            if seat is None or live.table.to_move != seat or live.controller(seat) is not None \
                    or live.row.status != "running":
                raise WebError(409, "not_your_turn", "hints are for the seat to move")
            view, version = live.table.view(seat), live.table.version
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(self.pool, hint, view, f"lama-hint:{live.id}:{version}")
        return {"type": "hint", "version": version, "seat": seat, **found}

    async def odds(self, live: LiveTable, seat: int | None) -> dict:
        async with live.lock:
            view, version = live.table.view(seat), live.table.version
        if seat is None or not view.dice or live.row.status != "running":
            raise WebError(409, "no_odds", "the odds of a roll are for a seat at a Dice table")
        return {"type": "odds", "version": version, "seat": seat, **(await asyncio.to_thread(odds, view))}

    # -- listings --------------------------------------------------------------------------
    async def listing(self) -> list[dict]:
        rows = await self.db(self.store.tables, ("waiting", "running"))
        out = []
        for row in rows:
            live = self.live.get(row.id)
            if live is not None:
                out.append(live.public())
            else:
                out.append({"id": row.id, "game": row.game, "name": GAMES[row.game].name,
                            "players": row.players, "options": row.options, "status": row.status,
                            "created": row.created, "seats": seat_facts(row)})
        return out


def seat_names(row: TableRow) -> list[str]:
    return [s.name or (s.bot.capitalize() if s.bot else f"Seat {s.seat}") for s in row.seats]


def seat_facts(row: TableRow, connected=frozenset()) -> list[dict]:
    """Each seat's public facts; `connected`: the seats with a connection here."""
    names = seat_names(row)
    return [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": names[s.seat],
             "taken": s.kind == "bot" or s.token_hash is not None, "connected": s.seat in connected,
             "stand_in": s.stand_in, "creator": s.creator} for s in row.seats]


def games_json() -> list[dict]:
    """GET /api/games: every game as it describes itself (lama.games.descriptions)."""
    from lama.games import descriptions

    return descriptions()


def _game(game_id, players, options):
    if not isinstance(options, dict):
        raise WebError(400, "bad_options", "options must be a JSON object")
    try:
        return new_game(game_id, players, options)
    except InvalidOption as e:
        raise WebError(400, "bad_options", str(e)) from None


def _name(name) -> str:
    if not isinstance(name, str) or not name.strip():
        raise WebError(400, "bad_name", "a name is 1 to 40 characters")
    name = " ".join(name.split())
    if len(name) > NAME_LENGTH or not name.isprintable():
        raise WebError(400, "bad_name", "a name is 1 to 40 printable characters")
    return name


def _plausible_id(table_id: str) -> bool:
    return isinstance(table_id, str) and 0 < len(table_id) <= 32 and all(c.isalnum() or c in "-_" for c in table_id)

