"""Loading and sync (a part of the Hub): a table comes into memory from the store when it is
asked for, rebuilt from its seed and its stored moves (so a restart loses nothing stored, and
`resume_all` brings back every table still being played). A table whose stored moves cannot
be rebuilt is broken (recovery.broke: marked and logged once). With PostgreSQL, several servers
share the tables: each stores its moves and announces them (NOTIFY); the others, told of a
table they hold (`holds`), catch up from the store (`refresh`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json

from sqlalchemy.exc import SQLAlchemyError

from lama.core import Action

from .errors import BrokenTable, TableNotFound
from .live import LiveTable
from .recovery import Unreplayable
from .requests import plausible_id
from .schema import TableRow, one_line

STATUSES = ("waiting", "running", "finished")  # a table's status, in the only order it goes


class Loading:
    """The live tables and the store (the Hub's live, _loading, db, store, clock, changed, kick_bots,
    epoch, broke, reload, store_failed)."""

    async def get(self, table_id: str, created: TableRow | None = None) -> LiveTable:
        """The live table of `table_id`, brought from the store if it is not in memory
        (TableNotFound if there is none); `created`: its row, for a table this server has just
        stored (nothing else of it is stored yet, so nothing is read back)."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        if not plausible_id(table_id):
            raise TableNotFound(table_id)
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
        epoch = self.epoch  # (a store error while it loads: it is read again before a move)
        row = created or await self.db(self.store.load_table, table_id)
        if row is None:
            raise TableNotFound(table_id)
        if row.broken is not None:
            raise BrokenTable(table_id)
        ended = row.status == "finished"
        try:
            live = LiveTable(row, self.clock, self.away_seconds)
            if row.status != "waiting":
                live.table.advance()
                if created is None:
                    await self._catch_up(live)
            if live.table.finished and not ended:  # its last move stored, not its end (a store error)
                await self.finish(live)
        except (SQLAlchemyError, BrokenTable):
            raise
        except Exception as e:  # noqa: BLE001 - a stored history the rules refuse, a gap: out of play
            raise await self.broke(table_id, e) from None
        if row.rematch_id is not None:
            live.rematch = await self._rematch_seats(row.rematch_id)
        live.epoch = epoch
        return live

    async def resume_all(self) -> int:
        """On start: bring back every table still being played (bots carry on by themselves)."""
        rows = await self.db(self.store.tables, ("running",))
        resumed = 0
        for row in rows:
            if row.broken is not None:  # (said once, when it broke)
                continue
            try:
                await self.get(row.id)
                resumed += 1
            except BrokenTable:  # (said once, as it is marked)
                continue
        return resumed

    async def _catch_up(self, live: LiveTable) -> bool:
        """Apply the moves stored beyond the ones applied here (another server made them)."""
        moves = await self.db(self.store.moves, live.id, live.n)
        for n, seat, data in moves:
            if n != live.n:
                raise Unreplayable(f"stored move {n} follows move {live.n - 1}")
            try:
                live.redo(seat, Action.from_json(data))
            except Exception as e:  # noqa: BLE001 - the rules refuse it (or it is no action at all)
                raise Unreplayable(f"stored move {n} of seat {seat}, {json.dumps(data)[:200]}, is refused: "
                                   f"{one_line(e)}") from None
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
            try:
                await (self._refresh(live) if live.epoch == self.epoch and not live.broken else self.fresh(live))
            except (SQLAlchemyError, BrokenTable):  # (said once: the store's trouble, or as it was marked)
                return
            except Exception:  # noqa: BLE001 - what it stored does not follow ours: read it all again
                with contextlib.suppress(SQLAlchemyError, BrokenTable):
                    await self.reload(live)

    async def _refresh(self, live: LiveTable) -> None:
        row = await self.db(self.store.load_table, live.id)
        if row is not None:
            was_waiting = live.row.status == "waiting"
            # a status only moves on: a row read before the other server stored the game's
            # end must not take a finished table back to running
            live.row.seats = row.seats
            live.row.status = max(live.row.status, row.status, key=STATUSES.index)
            live.row.rematch_id = row.rematch_id
            if row.rematch_id is not None:
                live.rematch = await self._rematch_seats(row.rematch_id)
            if row.clock_start is not None and row.clock_start > live.clock_start:
                live.clock_start = live.row.clock_start = row.clock_start
            live.seats_changed()
            if was_waiting and row.status != "waiting":
                live.table.advance()
        await self._catch_up(live)
        await self.changed(live, announce=False)  # (the other server announced it)

    async def _rematch_seats(self, rematch_id: str) -> list[int]:
        """The seats taken at the next table (the people who want a rematch)."""
        row = await self.db(self.store.load_table, rematch_id)
        return [] if row is None else [s.seat for s in row.seats if s.kind == "human" and s.token_hash is not None]
