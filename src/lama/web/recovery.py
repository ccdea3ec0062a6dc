"""The store is the truth (a part of the Hub). What a server holds in memory is only ever what
the store holds: after any store error, or when the store answers again after it was lost
(PostgreSQL restarted, and may have lost the last moments' commits), every table in memory is
reloaded from the store before it takes another move (`fresh`), and the clients are sent the
stored state. The store itself refuses a move after a gap (schema.CONTIGUOUS: MissingMove),
which is how a server whose memory went ahead of the store finds out.

While the store cannot be used, the background work (the clocks, the bots, catching up with
other servers) waits, with one line in the log when the trouble starts and one when it ends
(`heal`, once a second, tries the store and reloads the tables once it answers).

A table whose stored history cannot be rebuilt (a move the rules refuse, a gap left by an
older lama) is broken: marked so in the store once, with the reason, logged once, answered
`broken_table` everywhere and shown so in the lobby; it is never rebuilt again until an
operator clears the mark.
"""

from __future__ import annotations

import contextlib
import logging

from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from . import messages
from .errors import BrokenTable
from .live import LiveTable
from .schema import one_line

log = logging.getLogger("lama.web")

CLOSE_BROKEN = 1011  # the WebSocket close code after a broken_table error (the server cannot go on)


class Unreplayable(Exception):  # noqa: N818 - what it is
    """A table's stored moves do not replay: the message says which move, and why."""


class Recovery:
    """The store's health and the tables' reloads (the Hub's live, store, db, _load, kick_bots)."""

    epoch = 0  # grows at every store error and every return of the store
    store_down: str | None = None  # what went wrong with the store, while it does

    def store_failed(self, e: Exception) -> None:
        """A store call failed (the store is down, its disk full, a write refused): the tables in
        memory may no longer be what is stored, so each is reloaded before its next move."""
        if isinstance(e, IntegrityError):  # a row the store refused (stored before): not its health
            return
        self.epoch += 1
        if self.store_down is None:
            self.store_down = trouble(e)
            log.warning("the store failed (%s): the tables in memory wait, and are reloaded from it once it answers",
                        self.store_down)

    def store_back(self) -> None:
        """The store answers again after it was lost (PostgreSQL's listener reconnected): it
        may have lost commits this server saw, so every table is reloaded from it."""
        self.epoch += 1
        if self.store_down is None:
            self.store_down = "the connection to it was lost"  # (heal says when the tables are reloaded)

    async def fresh(self, live: LiveTable) -> None:
        """(Under the table's lock, before a move.) Reload the table if the store failed or came
        back since it was read; BrokenTable if it cannot be rebuilt; a store error if the
        store still cannot be used (the move is then refused, nothing changes)."""
        if live.broken:
            raise BrokenTable(live.id)
        if live.epoch != self.epoch:
            await self.reload(live)

    async def reload(self, live: LiveTable) -> None:
        """(Under the table's lock.) The table again from the store, told to its connections."""
        epoch = self.epoch
        try:
            fresh = await self._load(live.id)
        except BrokenTable:
            self.drop_broken(live)
            raise
        live.rebuilt(fresh)
        live.epoch = epoch
        live.broadcast()
        self.kick_bots(live)  # (they play from the stored table, once the lock is free)

    def drop_broken(self, live: LiveTable) -> None:
        """A table in memory found broken: out of memory, its connections told and closed."""
        live.broken = True
        if self.live.get(live.id) is live:
            del self.live[live.id]
        error = BrokenTable(live.id)
        for connection in list(live.connections):
            connection.end(messages.error_message(error.code, error.localized(connection.lang)), CLOSE_BROKEN)
        if live.bots is not None:
            live.bots.cancel()

    async def broke(self, table_id: str, e: Exception) -> BrokenTable:
        """A table that cannot be rebuilt from its stored moves (`e` says why): marked in the
        store and logged, once (a marked table is not rebuilt again)."""
        why = one_line(e) if isinstance(e, Unreplayable) else f"{type(e).__name__}: {one_line(e)}"
        log.error("table %s cannot be rebuilt from the store (%s): it is marked broken and out of play", table_id, why)
        await self.db(self.store.set_broken, table_id, why)
        return BrokenTable(table_id)

    async def heal(self) -> None:
        """(The ticker, once a second.) While the store failed or came back since a table in
        memory was read: try it, and once it answers, reload every such table (its bots play
        on, its clocks run again). Quiet while it still fails."""
        stale = [live for live in self.live.values() if live.epoch != self.epoch]
        if self.store_down is None and not stale:
            return
        try:
            await self.db(self.store.touch)  # a write that changes nothing: the store takes writes again
            for live in stale:
                async with live.lock:
                    if live.epoch != self.epoch and not live.broken:
                        with contextlib.suppress(BrokenTable):  # (said once, as it was marked)
                            await self.reload(live)
        except SQLAlchemyError:
            return  # (store_failed said it once)
        if self.store_down is not None:
            log.warning("the store answers again: the tables in memory were reloaded from it")
            self.store_down = None


def trouble(e: Exception) -> str:
    """What went wrong with the store, in a few words (never the statement and its values)."""
    text = " ".join(str(getattr(e, "orig", None) or e).split())
    return text[:160]
