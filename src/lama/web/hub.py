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
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time

from lama.core import Action, IllegalAction
from lama.core import seats as seat_numbers
from lama.core.jsonform import is_int, jsonable
from lama.games import new_game
from lama.match import PERSON, Elsewhere, Move, Refused, Table, new_seed

from . import messages
from .messages import Connection, WebError, game_of, listed, name_of, plausible_id, seat_names, seat_rows
from .store import SeatRow, Store, TableRow, token_hash
from .workers import SERVER_BOTS, Bots, GroupCommit

log = logging.getLogger("lama.web")

STATUSES = ("waiting", "running", "finished")  # a table's status, in the only order it goes


class LiveTable:
    """A table being played here: its stored row, its `Table` (whose seats follow the row: a
    person's, or a bot's, its own or a stand-in, played Elsewhere), its connections."""

    def __init__(self, row: TableRow):
        self.row = row
        self.game = new_game(row.game, row.players, row.options)
        self.table = Table(self.game, [PERSON] * row.players, row.seed, names=seat_names(row))
        self.seats_changed()
        self.n = 0  # moves applied (and stored)
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.views = messages.Views()
        self.bots: asyncio.Task | None = None

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

    def play(self, move: Move) -> None:
        """Apply a checked move, stored, then let chance run."""
        self.table.play(move)
        self.n += 1
        self.table.advance()

    def redo(self, seat: int, action: Action) -> None:
        """Apply a stored move (checked by the table), then let chance run."""
        self.table.redo(seat, action)
        self.n += 1
        self.table.advance()

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat and not c.closed for c in self.connections)

    def public(self) -> dict:
        return messages.public(self)

    def broadcast(self) -> None:
        messages.broadcast(self)


class Hub:
    """The live tables (`live`), their store, their bots (`pool`: an Executor, None: no bot plays)."""

    def __init__(self, store: Store, pool=None, bot_pause: float = 0.0):
        self.store = store
        self.pool = pool  # an Executor for bot decisions and hints
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.commits = GroupCommit(store)
        self.bots = Bots(pool, bot_pause)

    def close(self) -> None:
        self.bots.close()
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
                row = await self.db(self.store.load_table, table_id) if plausible_id(table_id) else None
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
            live.redo(seat, Action.from_json(data))
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
                live.seats_changed()
                if was_waiting and row.status != "waiting":
                    live.table.advance()
            await self._catch_up(live)
            live.broadcast()
        self.kick_bots(live)

    # -- tables and seats ------------------------------------------------------------------
    async def create(self, game_id: str, players: int, options: dict, seats: list[dict], name: str,
                     hints: bool = True) -> dict:
        game = game_of(game_id, players, options)
        if not isinstance(hints, bool):
            raise WebError(400, "bad_request", "hints is true or false")
        if not isinstance(seats, list) or len(seats) != players:
            raise WebError(400, "bad_request", f"seats must list {players} seats, one per player")
        rows, creator_token, creator_seat = seat_rows(seats, name)
        table_id = secrets.token_urlsafe(9)
        waiting = any(r.kind == "human" and r.token_hash is None for r in rows)
        row = TableRow(table_id, game.id, players, jsonable(game.options), new_seed(),
                       "waiting" if waiting else "running", time.time(), seats=rows, hints=hints)
        await self.db(self.store.create_table, row)
        live = await self.get(table_id)
        return {"table": table_id, "seat": creator_seat, "token": creator_token, "status": live.row.status}

    async def join(self, table_id: str, name: str, seat: int | None) -> dict:
        live = await self.get(table_id)
        name = name_of(name)
        async with live.lock:
            free = [s.seat for s in live.row.seats if s.kind == "human" and s.token_hash is None]
            if seat is not None:
                if not is_int(seat) or not 0 <= seat < live.row.players:
                    raise WebError(400, "bad_request",
                                   f'"seat" counts seats from 0: it must be 0 to {live.row.players - 1}')
                if seat not in free:
                    raise WebError(409, "seat_taken", f"{seat_numbers.word(seat)} is not a free seat for a person" + (
                        f"; free: {', '.join(seat_numbers.word(s) for s in free)}" if free else ""))
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
            live.seats_changed()
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
        name = live.row.seats[seat].name or seat_numbers.name(seat)
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
                raise WebError(409, "seat_connected",
                               f"{seat_numbers.word(seat)} is connected: only a seat whose person left "
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
        live.seats_changed()
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
            move = live.table.check(seat, action, version)  # (a bot's seat, stale, not its turn, illegal)
            if not await self._commit(live, move):
                raise Refused("stale", "another move came first: look again and retry")
        self.kick_bots(live)

    async def _commit(self, live: LiveTable, move: Move) -> bool:
        """(Under the lock, the move checked by the table.) Store, apply, tell everyone. False
        if another server stored this move number first (this table has caught up since)."""
        if not await self.commits.add_move(live.id, live.n, move.seat, move.action.to_json()):
            await self._catch_up(live)
            live.broadcast()
            return False
        live.play(move)
        if live.table.finished:
            live.row.status = "finished"
            await self.db(self.store.set_status, live.id, "finished", live.table.record.data)
        live.broadcast()
        self.forget(live)
        return True

    def kick_bots(self, live: LiveTable) -> None:
        """The bots play the table's bot seats while it waits for one (workers.Bots)."""
        self.bots.kick(live, self._commit)

    # -- listings --------------------------------------------------------------------------
    async def listing(self) -> list[dict]:
        """The tables waiting or running (GET /api/tables), the live ones as they are here."""
        rows = await self.db(self.store.tables, ("waiting", "running"))
        return [self.live[row.id].public() if row.id in self.live else listed(row) for row in rows]
