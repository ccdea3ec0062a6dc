"""The live tables of one `lama serve` process: each a `LiveTable` (live) in memory, kept in
step with the store, and in step with the other servers. The Hub is made of one part per job,
each in its module: seats and rematches (seats), a seat claimed from another device (claims),
clocks and stand-ins (clocks), who is connected (presence), the move path (moves), loading and
sync between servers (loading), the store as the truth after its errors and broken tables
(recovery), the lobby (lobby), the players who sign in (accounts), game reviews (reviews). What
they share is here: the store and its calls off the event loop (`db`), and what happens after a
table changes (`changed`), the one way every part tells of a change.

The parts refuse with the domain errors of `errors` (TableNotFound, SeatTaken, ...), each with
its protocol code; how each is answered over HTTP or a WebSocket is the routes' business.

Memory holds the tables being played: a table nobody is connected to and nothing will move
(no bot to play, no clock to run out) leaves it after `IDLE_SECONDS` (clocks.tick), a finished
one at once (presence.forget); `get` brings a table back from the store when it is asked for.
"""

from __future__ import annotations

import asyncio
import time

from sqlalchemy.exc import SQLAlchemyError

from .accounts import Accounts
from .claims import Claims
from .clocks import AWAY_SECONDS, Clocks
from .live import LiveTable
from .loading import Loading
from .lobby import WAITING_SECONDS, Lobby
from .moves import Moves
from .presence import Presence
from .recovery import Recovery
from .reviews import Reviews
from .seats import REMATCH_WAIT, Seats
from .store import Store
from .workers import Bots, GroupCommit


class Hub(Recovery, Loading, Seats, Claims, Clocks, Presence, Moves, Lobby, Accounts, Reviews):
    """The live tables (`live`), their store, their bots (`pool`: an Executor, None: no bot plays)."""

    def __init__(self, store: Store, pool=None, bot_pause: float = 0.0, clock=time.time,
                 away_seconds: float = AWAY_SECONDS, rematch_wait: float = REMATCH_WAIT,
                 waiting_seconds: float = WAITING_SECONDS):
        self.store = store
        self.pool = pool  # an Executor for bot decisions and hints
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}  # the tables being brought from the store
        self._reviews: dict[str, asyncio.Future] = {}  # the game reviews being made (reviews)
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
        several servers write anyway), so a table created on a slow disk delays no move. A
        store error is told to `store_failed` (recovery) on its way to the caller."""
        try:
            if self.store.sqlite and getattr(fn, "__name__", None) not in Store.READS:
                return await self.commits.call(fn, *args)
            return await asyncio.to_thread(fn, *args)
        except SQLAlchemyError as e:
            self.store_failed(e)
            raise

    async def changed(self, live: LiveTable, announce: bool = True) -> None:
        """(Under the table's lock.) After a table changes, whatever changed it: the other
        servers hear of it (`announce`; not for a move, which the store announces as it stores
        it, nor for a change another server made), every connection is sent its own state, and
        the bots play the table's bot seats if it waits for one."""
        if announce:
            await self.db(self.store.announce, live.id)
        live.broadcast()
        self.kick_bots(live)
