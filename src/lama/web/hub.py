"""The live tables of one `lama serve` process: each a `lama.match.Table` in memory, its
seats and connections, kept in step with the store, and in step with the other servers.

Every change goes the same way, under the table's lock: the table checks the move (version,
turn, legality), the move is stored (move n of the table, once only), applied, chance runs,
then every connection is sent its own `state` (messages). A move is acknowledged only after it
is stored, so a crash loses nothing acknowledged: on start, a table is rebuilt from its seed and
its stored moves. The table says when a bot seat must move (`Table.wanted`): the bot thinks off
the event loop, after a pause that lets people follow (workers), and the table takes its move
back (`Table.answer`). With PostgreSQL, several processes share the tables: each stores its
moves and announces them (NOTIFY); the others catch up from the store.

Nobody stalls a table: with a clock (`turn_seconds`), a person who runs out of time, or whose
connections have all been gone for `away_seconds`, is played by the table's stand-in bot until
they come back (`tick`, once a second). A clock's start is stored (a move's time, or when the
table began or a person came back), so a restart does not restart it.

Memory holds the tables being played: a table nobody is connected to and nothing will move
(no bot to play, no clock to run out) leaves it after `IDLE_SECONDS` (`tick`), a finished one
at once; `get` brings a table back from the store when it is asked for. A waiting table nobody
has joined for `waiting_seconds` has expired: it leaves the lobby and refuses joins (410
`expired`). Who is connected is told to a table's connections at most once per
`PRESENCE_DELAY`, however many come and go: a table's fan-out stays linear in its connections.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import secrets
import time

from lama.core import Action, IllegalAction
from lama.core import seats as seat_numbers
from lama.core.jsonform import is_int, jsonable
from lama.games import new_game
from lama.i18n import N_
from lama.match import PERSON, Elsewhere, Move, Refused, Table, new_seed

from . import messages
from .messages import (
    Connection,
    WebError,
    game_of,
    listed,
    name_of,
    plausible_id,
    seat_names,
    seat_rows,
    table_settings,
)
from .store import SeatRow, Store, TableRow, token_hash
from .workers import SERVER_BOTS, Bots, GroupCommit

log = logging.getLogger("lama.web")

STATUSES = ("waiting", "running", "finished")  # a table's status, in the only order it goes
AWAY_SECONDS = 30.0  # a person whose connections have all been gone this long is played by a stand-in
REMATCH_WAIT = 120.0  # a rematch seat nobody came for may be given to a bot after this long
LOBBY_PAGE, LOBBY_PAGE_MAX = 20, 100  # tables in a page of the lobby: by default, at most
MINE_MAX = 50  # tables a device may ask for at once ("your tables")
WAITING_SECONDS = 86_400.0  # a waiting table nobody joins expires after this long
IDLE_SECONDS = 60.0  # a table nobody is connected to and nothing moves leaves memory after this long
PRESENCE_DELAY = 0.05  # seconds the comings and goings at a table are gathered into one state for all


class LiveTable:
    """A table being played here: its stored row, its `Table` (whose seats follow the row: a
    person's, or a bot's, its own or a stand-in, played Elsewhere), its connections."""

    def __init__(self, row: TableRow, clock, away_seconds: float):
        self.row = row
        self.clock, self.away_seconds = clock, away_seconds  # the hub's
        self.game = new_game(row.game, row.players, row.options)
        self.table = Table(self.game, [PERSON] * row.players, row.seed, names=seat_names(row))
        self.seats_changed()
        self.n = 0  # moves applied (and stored)
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.views = messages.Views()
        self.bots: asyncio.Task | None = None
        self.clock_start = row.clock_start or row.created  # when the clock of the move to make started
        self.away: dict[int, float] = {s.seat: clock() for s in row.seats if self.person(s.seat)}  # seat: since
        self.why: dict[int, str] = {}  # seat: why its stand-in plays ("time", "away", "asked")
        self.rematch: list[int] = []  # the seats taken at the next table ("play again")
        self.idle_since = clock()  # when its last connection left (or it came into memory)
        self.presence: asyncio.Task | None = None  # the coming state that tells who is connected
        self.untold: set[Connection] = set()  # the connections it is for: their last state is out of date

    @property
    def id(self) -> str:
        return self.row.id

    def seats_changed(self) -> None:
        """The seats changed (a person joined, a stand-in came or left): the table, its
        record and who plays each seat follow."""
        self.table.names = seat_names(self.row)
        self.table.record.data["players"] = seat_names(self.row)
        for seat in range(self.row.players):
            bot = self.controller(seat)
            self.table.set_seat(seat, PERSON if bot is None else Elsewhere(bot))

    def controller(self, seat: int) -> str | None:
        """The bot that plays `seat` now (its own, or a stand-in), None for a person."""
        s = self.row.seats[seat]
        return s.bot if s.kind == "bot" else s.stand_in

    def person(self, seat: int) -> bool:
        """Whether `seat` is a person's, taken."""
        s = self.row.seats[seat]
        return s.kind == "human" and s.token_hash is not None

    def deadline(self) -> float | None:
        """When the person to move runs out of time; None when no clock runs (no clock at this
        table, not a person's move, or a stand-in plays it)."""
        seat = self.table.to_move
        if self.row.turn_seconds is None or self.row.status != "running" or seat is None \
                or not self.person(seat) or self.controller(seat) is not None:
            return None
        return self.clock_start + self.row.turn_seconds

    def away_until(self, seat: int) -> float | None:
        """When a stand-in comes for `seat` because its person is away (None: none will)."""
        since = self.away.get(seat)
        if since is None or self.row.turn_seconds is None or self.row.status != "running" \
                or self.controller(seat) is not None:
            return None
        return since + self.away_seconds

    def due(self, now: float) -> list[tuple[int, str]]:
        """The seats a stand-in must play for now, and why ("time": out of time; "away": gone)."""
        due = []
        deadline = self.deadline()
        if deadline is not None and now >= deadline:
            due.append((self.table.to_move, "time"))
        for seat in self.away:
            until = self.away_until(seat)
            if until is not None and now >= until and all(s != seat for s, _ in due):
                due.append((seat, "away"))
        return due

    def play(self, move: Move, now: float) -> None:
        """Apply a checked move, stored, then let chance run; the next move's clock starts."""
        self.table.play(move)
        self.n += 1
        self.table.advance()
        self.clock_start = now

    def redo(self, seat: int, action: Action) -> None:
        """Apply a stored move (checked by the table), then let chance run."""
        self.table.redo(seat, action)
        self.n += 1
        self.table.advance()

    def idle(self, now: float, after: float) -> bool:
        """Whether nothing happens here unless someone comes, and has not for `after` seconds:
        nobody connected, nobody holding the table, no bot to move, no clock that will run out."""
        return (not self.connections and not self.lock.locked() and (self.bots is None or self.bots.done())
                and (self.row.status != "running" or self.table.waiting_for_bot() is None)
                and self.deadline() is None and all(self.away_until(seat) is None for seat in self.away)
                and now >= max(self.idle_since, self.clock_start) + after)

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat and not c.closed for c in self.connections)

    def seated(self, token: str | None) -> int | None:
        """The seat `token` proves here, or None."""
        if isinstance(token, str) and token:
            digest = token_hash(token)
            for s in self.row.seats:
                if s.token_hash == digest:
                    return s.seat
        return None

    def public(self) -> dict:
        return messages.public(self)

    def broadcast(self) -> None:
        messages.broadcast(self)
        self.untold.clear()  # everyone knows who is connected now


class Hub:
    """The live tables (`live`), their store, their bots (`pool`: an Executor, None: no bot plays)."""

    def __init__(self, store: Store, pool=None, bot_pause: float = 0.0, clock=time.time,
                 away_seconds: float = AWAY_SECONDS, rematch_wait: float = REMATCH_WAIT,
                 waiting_seconds: float = WAITING_SECONDS):
        self.store = store
        self.pool = pool  # an Executor for bot decisions and hints
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.commits = GroupCommit(store)
        self.bots = Bots(pool, bot_pause)
        self.clock = clock  # the time of clocks and of what is stored (tests set their own)
        store.clock = clock
        self.away_seconds, self.rematch_wait = away_seconds, rematch_wait
        self.waiting_seconds = waiting_seconds

    def close(self) -> None:
        self.bots.close()
        self.commits.close()

    async def db(self, fn, *args):
        """A store call, off the event loop: reads in any thread; writes in the store's thread
        with SQLite (one writer at a time), in any thread with PostgreSQL (many at once, as
        several servers write anyway), so a table created on a slow disk delays no move."""
        if self.store.sqlite and getattr(fn, "__name__", None) not in Store.READS:
            return await self.commits.call(fn, *args)
        return await asyncio.to_thread(fn, *args)

    # -- loading -------------------------------------------------------------------------------
    async def get(self, table_id: str, created: TableRow | None = None) -> LiveTable:
        """The live table of `table_id`, brought from the store if it is not in memory (404 if
        there is none); `created`: its row, for a table this server has just stored (nothing
        else of it is stored yet, so nothing is read back)."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        if not plausible_id(table_id):
            raise WebError(404, "no_table", N_("there is no table {table}"), table=repr(table_id[:40]))
        lock = self._loading.get(table_id)
        if lock is None:
            lock = self._loading[table_id] = asyncio.Lock()
        try:
            async with lock:
                live = self.live.get(table_id)
                if live is None:
                    live = await self._load(table_id, created)
                    self.live[table_id] = live
        finally:
            # the lock only keeps two requests from loading one table at once: once it is
            # loaded (or not there), a later request finds it in `live` (or not in the store)
            if self._loading.get(table_id) is lock and not lock.locked():
                del self._loading[table_id]
        if live.row.status == "running":
            self.kick_bots(live)
        return live

    async def _load(self, table_id: str, created: TableRow | None = None) -> LiveTable:
        row = created or await self.db(self.store.load_table, table_id)
        if row is None:
            raise WebError(404, "no_table", N_("there is no table {table}"), table=repr(table_id[:40]))
        live = LiveTable(row, self.clock, self.away_seconds)
        if row.status != "waiting":
            live.table.advance()
            if created is None:
                await self._catch_up(live)
        if row.next_id is not None:
            live.rematch = await self._rematch_seats(row.next_id)
        return live

    def expired(self, row: TableRow) -> bool:
        """A waiting table nobody has joined for `waiting_seconds`: out of the lobby, no joins."""
        return row.status == "waiting" and self.clock() >= row.created + self.waiting_seconds

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
            live.redo(seat, Action.from_json(data))
        if moves:  # the clock of the next move started when the last one was stored
            live.clock_start = max(live.row.clock_start or 0.0, await self.db(self.store.last_move_at, live.id))
        if live.table.finished:
            live.row.status = "finished"
        return bool(moves)

    def holds(self, table_id: str) -> bool:
        """(Any thread) Whether this table is in memory here, or being brought into it: the
        only tables another server's change must be told to (`refresh`)."""
        return table_id in self.live or table_id in self._loading

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
                live.row.next_id = row.next_id
                if row.next_id is not None:
                    live.rematch = await self._rematch_seats(row.next_id)
                if row.clock_start is not None and row.clock_start > live.clock_start:
                    live.clock_start = live.row.clock_start = row.clock_start
                live.seats_changed()
                if was_waiting and row.status != "waiting":
                    live.table.advance()
            await self._catch_up(live)
            live.broadcast()
        self.kick_bots(live)

    # -- tables and seats ------------------------------------------------------------------
    async def create(self, game_id: str, players: int, options: dict, seats: list[dict], name: str,
                     hints: bool = True, **settings) -> dict:
        """A new table; `settings`: visibility, turn_seconds, stand_in (messages.table_settings)."""
        game = game_of(game_id, players, options)
        if not isinstance(hints, bool):
            raise WebError(400, "bad_request", N_("{name} is true or false"), name="hints")
        if not isinstance(seats, list) or len(seats) != players:
            raise WebError(400, "bad_request", N_("seats must list one seat per player ({players})"), players=players)
        rows, creator_token, creator_seat = seat_rows(seats, name)
        visibility, turn_seconds, level = table_settings(rows, **settings)
        table_id = secrets.token_urlsafe(9)
        waiting = any(r.kind == "human" and r.token_hash is None for r in rows)
        row = TableRow(table_id, game.id, players, jsonable(game.options), new_seed(),
                       "waiting" if waiting else "running", self.clock(), seats=rows, hints=hints,
                       visibility=visibility, invite=secrets.token_urlsafe(24), turn_seconds=turn_seconds,
                       stand_in_level=level, clock_start=None if waiting else self.clock())
        await self.db(self.store.create_table, row)
        live = await self.get(table_id, row)
        return {"table": table_id, "seat": creator_seat, "token": creator_token, "invite": row.invite,
                "status": live.row.status}

    async def join(self, table_id: str, name: str, seat: int | None, invite=None) -> dict:
        """A person takes a free seat (at a private table, with its invitation)."""
        live = await self.get(table_id)
        name = name_of(name)
        if live.row.visibility == "private" and not (
                isinstance(invite, str) and secrets.compare_digest(invite, live.row.invite or "")):
            raise WebError(403, "bad_invite", N_("this table is private: a seat is taken with the invitation link")
                           if invite is None else N_("this table is private: a seat is taken with the invitation "
                                                     "link, and this invitation is not the table's"))
        if self.expired(live.row):
            raise WebError(410, "expired",
                           N_("this table waited {hours} h for players and has expired: create a new one"),
                           hours=f"{self.waiting_seconds / 3600:g}")
        async with live.lock:
            free = [s.seat for s in live.row.seats if s.kind == "human" and s.token_hash is None and s.reserved is None]
            if seat is not None:
                if not is_int(seat) or not 0 <= seat < live.row.players:
                    raise WebError(400, "bad_request", N_('"seat" counts seats from 0: it must be 0 to {last}'),
                                   last=live.row.players - 1)
                if seat not in free:
                    if free:
                        raise WebError(409, "seat_taken",
                                       N_("seat {seat} is not a free seat for a person; free: {free}"),
                                       seat=seat_numbers.number(seat),
                                       free=", ".join(str(seat_numbers.number(s)) for s in free))
                    raise WebError(409, "seat_taken", N_("seat {seat} is not a free seat for a person"),
                                   seat=seat_numbers.number(seat))
                free = [seat]
            if not free:
                raise WebError(409, "table_full", N_("no seat for a person is free at this table"))
            token = secrets.token_urlsafe(24)
            for s in free:
                if await self._claim(live, s, name, token):
                    break
            else:
                raise WebError(409, "table_full", N_("the seat was taken meanwhile; no seat is free"))
        self.kick_bots(live)
        return {"seat": s, "token": token, "invite": live.row.invite}

    async def _claim(self, live: LiveTable, seat: int, name: str, token: str, reserved: str | None = None) -> bool:
        """(Under the lock.) Give `seat` to a person; the table starts once every seat is taken."""
        if not await self.db(self.store.claim_seat, live.id, seat, name, token_hash(token), reserved):
            return False
        live.row.seats[seat].name, live.row.seats[seat].token_hash = name, token_hash(token)
        live.away[seat] = self.clock()  # (until they connect)
        await self._start_if_full(live)
        return True

    async def _start_if_full(self, live: LiveTable) -> None:
        """(Under the lock.) The seats changed: start the game once every seat is taken; tell everyone."""
        live.seats_changed()
        if live.row.status == "waiting" and all(r.kind == "bot" or r.token_hash for r in live.row.seats):
            live.row.status = "running"
            await self.db(self.store.set_status, live.id, "running")
            live.clock_start = self.clock()
            live.table.advance()  # the deal
        await self.db(self.store.announce, live.id)
        live.broadcast()

    async def again(self, table_id: str, token) -> dict:
        """"Play again": the next game with the same seats. Each person's seat there is reserved
        for the holder of their token here, who gets it (and the same new token) however often
        they ask; the others are told at once."""
        live = await self.get(table_id)
        seat = live.seated(token)
        if seat is None:
            raise WebError(403, "bad_token", N_("play again needs the token of a seat of this table"))
        if live.row.status != "finished":
            raise WebError(409, "not_finished", N_("the next game is set up once this one is over"))
        if live.row.next_id is None:
            row = live.row
            seats = [SeatRow(s.seat, s.kind, bot=s.bot, name=s.name, creator=s.creator,
                             reserved=s.token_hash if s.kind == "human" else None) for s in row.seats]
            new = TableRow(secrets.token_urlsafe(9), row.game, row.players, row.options, new_seed(), "waiting",
                           self.clock(), seats=seats, hints=row.hints, visibility=row.visibility,
                           invite=secrets.token_urlsafe(24), turn_seconds=row.turn_seconds,
                           stand_in_level=row.stand_in_level)
            await self.db(self.store.create_table, new)
            live.row.next_id = await self.db(self.store.set_next, table_id, new.id)
        nxt = await self.get(live.row.next_id)
        mine = again_token(token, nxt.id)
        async with nxt.lock:
            if nxt.row.seats[seat].token_hash != token_hash(mine) and not await self._claim(
                    nxt, seat, live.row.seats[seat].name or seat_numbers.name(seat), mine, reserved=token_hash(token)):
                raise WebError(409, "seat_taken", N_("your seat at the next table was given to a bot: nobody came "
                                                     "for it in time; you can watch"))
        async with live.lock:
            live.rematch = sorted(set(live.rematch) | {seat})
            await self.db(self.store.announce, table_id)
            live.broadcast()
        self.kick_bots(nxt)
        return {"table": nxt.id, "seat": seat, "token": mine, "invite": nxt.row.invite}

    async def _rematch_seats(self, next_id: str) -> list[int]:
        """The seats taken at the next table (the people who want a rematch)."""
        row = await self.db(self.store.load_table, next_id)
        return [] if row is None else [s.seat for s in row.seats if s.kind == "human" and s.token_hash is not None]

    async def seat_of(self, live: LiveTable, token: str | None) -> int | None:
        """The seat a token proves (None: a spectator); WebError if the token proves nothing."""
        if not token:
            return None
        seat = live.seated(token)
        if seat is None:
            raise WebError(403, "bad_token", N_("this token is not a seat of this table (join it first)"))
        return seat

    async def stand_in(self, live: LiveTable, by: int | None, seat, bot) -> None:
        """A seated person lets a bot play for a person who is away (bot None: the seat waits
        for its person), or, at a rematch, gives a reserved seat nobody came for to a bot."""
        if by is None:
            raise WebError(403, "not_seated", N_("only the people at the table may call a stand-in"))
        if not is_int(seat) or not 0 <= seat < live.row.players or live.row.seats[seat].kind != "human":
            raise WebError(400, "bad_request", N_("stand_in names the seat of a person"))
        if bot is not None and bot not in SERVER_BOTS:
            raise WebError(400, "bad_bot", N_("the bot must be one of {bots}, or null"), bots=", ".join(SERVER_BOTS))
        async with live.lock:
            if live.row.status == "waiting":
                await self._seat_to_bot(live, seat, bot or live.row.stand_in_level)
            elif live.row.status == "finished":
                raise WebError(409, "not_running", N_("the game is over"))
            else:
                if bot is not None and live.connected(seat):
                    raise WebError(409, "seat_connected", N_("{name} is here: only a seat whose person is away can "
                                                             "be given to a bot"), name=live.table.names[seat])
                await self.set_stand_in(live, seat, bot, "asked")
        self.kick_bots(live)

    async def _seat_to_bot(self, live: LiveTable, seat: int, bot: str) -> None:
        """(Under the lock.) A rematch seat nobody came for, after REMATCH_WAIT, to a bot."""
        s = live.row.seats[seat]
        if s.reserved is None or s.token_hash is not None:
            raise WebError(409, "seat_taken", N_("only a rematch seat nobody has come for can be given to a bot"))
        wait = live.row.created + self.rematch_wait - self.clock()
        if wait > 0:
            raise WebError(409, "too_soon", N_("{name} may still come back for {seconds} s"),
                           name=live.table.names[seat], seconds=int(wait) + 1)
        if await self.db(self.store.seat_to_bot, live.id, seat, bot):
            s.kind, s.bot, s.reserved, s.creator, s.name = "bot", bot, None, False, None
            live.away.pop(seat, None)
            await self._start_if_full(live)

    async def set_stand_in(self, live: LiveTable, seat: int, bot: str | None, why: str = "asked") -> None:
        """(Under the table's lock.) A stand-in comes (`why`) or goes: then the person's clock starts again."""
        if live.row.seats[seat].stand_in == bot:
            return
        clock_start = None if bot is not None else self.clock()
        await self.db(self.store.set_stand_in, live.id, seat, bot, clock_start)
        await self.db(self.store.announce, live.id)
        live.row.seats[seat].stand_in = bot
        if bot is None:
            live.why.pop(seat, None)
            if seat == live.table.to_move:
                live.clock_start = live.row.clock_start = clock_start
        else:
            live.why[seat] = why
        live.seats_changed()
        live.broadcast()

    async def tick(self) -> None:
        """Once a second: a stand-in for each person out of time or away (with a clock); the
        tables nobody uses leave memory."""
        for live in list(self.live.values()):
            if live.idle(self.clock(), IDLE_SECONDS) and self.live.get(live.id) is live:
                del self.live[live.id]
                continue
            if not live.due(self.clock()):
                continue
            async with live.lock:
                for seat, why in live.due(self.clock()):  # again, under the lock
                    await self.set_stand_in(live, seat, live.row.stand_in_level, why)
            self.kick_bots(live)

    async def connect(self, live: LiveTable, connection: Connection) -> None:
        async with live.lock:
            self.live.setdefault(live.id, live)  # a finished table forgotten meanwhile comes back
            live.connections.add(connection)
            seat = connection.seat
            if seat is not None:
                live.away.pop(seat, None)
                if live.row.seats[seat].stand_in is not None:
                    await self.set_stand_in(live, seat, None)  # back in the seat: the stand-in leaves
            connection.send(messages.state_message(live, connection))  # the newcomer's own state, at once
            self.presence(live, live.connections - {connection})  # and the others see it, soon
        self.kick_bots(live)

    async def disconnect(self, live: LiveTable, connection: Connection) -> None:
        connection.closed = True
        async with live.lock:
            live.connections.discard(connection)
            seat = connection.seat
            if seat is not None and live.person(seat) and not live.connected(seat):
                live.away[seat] = self.clock()
            if not live.connections:
                live.idle_since = self.clock()
            self.presence(live, live.connections)
            self.forget(live)

    def presence(self, live: LiveTable, untold: set[Connection]) -> None:
        """(Under the lock.) Who is connected changed: tell `untold` within PRESENCE_DELAY,
        with all who come and go meanwhile, in one state each (none if a state for everyone
        goes out before)."""
        live.untold = untold | live.untold if live.untold else set(untold)
        if live.untold and (live.presence is None or live.presence.done()):
            live.presence = asyncio.get_running_loop().create_task(self._tell_presence(live))

    async def _tell_presence(self, live: LiveTable) -> None:
        await asyncio.sleep(PRESENCE_DELAY)
        async with live.lock:
            untold, live.untold = live.untold & live.connections, set()
            if untold:
                seats = messages.seats_json(live)
                for connection in untold:
                    connection.send(messages.state_message(live, connection, seats))

    def forget(self, live: LiveTable) -> None:
        """A finished table nobody is connected to leaves memory (the store keeps it; `get`
        brings it back when asked for), so the live tables are the ones being played."""
        if live.row.status == "finished" and not live.connections and self.live.get(live.id) is live:
            del self.live[live.id]

    # -- moves -----------------------------------------------------------------------------
    async def act(self, live: LiveTable, seat: int | None, data, version) -> None:
        """An outside seat's move; Refused (stale, not_your_turn, illegal) changes nothing."""
        try:
            action = Action.from_json(data)
        except IllegalAction as e:
            raise Refused("illegal", e.key, rule=e.rule, **e.params) from None
        if not is_int(version):
            raise Refused("stale", N_("act needs the version it was made at (an integer)"))
        async with live.lock:
            if seat is None:
                raise Refused("not_your_turn", N_("a spectator does not play"))
            if live.row.status != "running":
                raise Refused("not_your_turn", N_("the table is waiting for players") if live.row.status == "waiting"
                              else N_("the game is over"))
            move = live.table.check(seat, action, version)  # (a bot's seat, stale, not its turn, illegal)
            if not await self._commit(live, move):
                raise Refused("stale", N_("another move came first: look again and retry"))
        self.kick_bots(live)

    async def _commit(self, live: LiveTable, move: Move) -> bool:
        """(Under the lock, the move checked by the table.) Store, apply, tell everyone. False
        if another server stored this move number first (this table has caught up since)."""
        if not await self.commits.add_move(live.id, live.n, move.seat, move.action.to_json()):
            await self._catch_up(live)
            live.broadcast()
            return False
        live.play(move, self.clock())
        if live.table.finished:
            live.row.status = "finished"
            live.row.result = {"winners": list(live.table.state.winners), "points": list(live.table.state.points)}
            await self.db(self.store.set_status, live.id, "finished", live.table.record.data, live.row.result)
        live.broadcast()
        self.forget(live)
        return True

    def kick_bots(self, live: LiveTable) -> None:
        """The bots play the table's bot seats while it waits for one (workers.Bots)."""
        self.bots.kick(live, self._commit)

    # -- listings --------------------------------------------------------------------------
    async def listing(self, limit=None, cursor=None, game=None, free=None) -> dict:
        """The lobby (GET /api/tables): public tables waiting or running, newest first, a page
        at a time (`cursor`: where the page before ended); the live ones as they are here."""
        limit = LOBBY_PAGE if limit is None else _count(limit, "limit", 1, LOBBY_PAGE_MAX)
        before = None
        if cursor is not None:
            created, _, last = str(cursor).partition("~")
            try:
                before = (float(created), last)
            except ValueError:
                raise WebError(400, "bad_request", N_("cursor is the next_cursor of the page before")) from None
        rows = await self.db(self.store.public_tables, limit + 1, before, game, _flag(free, "free"),
                             self.clock() - self.waiting_seconds)
        page = [self._facts(row) for row in rows[:limit]]
        more = len(rows) > limit
        return {"tables": page, "next_cursor": f"{rows[limit - 1].created!r}~{rows[limit - 1].id}" if more else None}

    async def mine(self, ids) -> dict:
        """The tables of these ids, in any status and visibility ("your tables": a device's seats)."""
        ids = [i for i in str(ids).split(",") if plausible_id(i)][:MINE_MAX]
        rows = await self.db(self.store.tables_by_ids, ids)
        return {"tables": [self._facts(row) for row in rows]}

    def _facts(self, row: TableRow) -> dict:
        facts = self.live[row.id].public() if row.id in self.live else listed(row)
        facts["expired"] = self.expired(row)  # waiting too long: no seat can be taken
        return facts


def again_token(token: str, next_id: str) -> str:
    """The token of a seat at the next table, from the token of that seat at this one: whoever
    holds the one gets the other, however often they ask, and nobody else can make it."""
    digest = hashlib.sha256(f"lama-again\0{next_id}\0{token}".encode()).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def _count(value, name: str, low: int, high: int) -> int:
    try:
        n = int(value)
    except (TypeError, ValueError):
        n = None
    if n is None or not low <= n <= high:
        raise WebError(400, "bad_request", N_("{name} is a whole number from {low} to {high}"),
                       name=name, low=low, high=high)
    return n


def _flag(value, name: str) -> bool:
    if value in (None, "", "0", "false"):
        return False
    if value in ("1", "true"):
        return True
    raise WebError(400, "bad_request", N_("{name} is true or false"), name=name)
