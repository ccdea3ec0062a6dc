"""The move path (a part of the Hub), under the table's lock: the table checks the move
(version, turn, legality), the move is stored (move n of the table, once only), applied,
chance runs, then every connection is sent its own `state` (messages). A move is acknowledged
only after it is stored, so a crash loses nothing acknowledged, and only after the table was
read from the store since its last error (recovery.fresh): the store is the truth. The table
says when a bot seat must move (`Table.wanted`): the bot thinks off the event loop, after a
pause that lets people follow (workers.Bots), and its move comes back through the same
`_commit`.
"""

from __future__ import annotations

from functools import partial

from sqlalchemy.exc import SQLAlchemyError

from lama.core import Action, IllegalAction
from lama.core.jsonform import is_int
from lama.i18n import N_
from lama.match import Move, Refused

from .live import LiveTable
from .ratings import entrant, rate
from .recovery import Unreplayable
from .schema import MissingMove


class Moves:
    """The moves (the Hub's commits, db, store, clock, changed, forget, _catch_up, epoch, fresh,
    reload, store_failed)."""

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
            await self.fresh(live)  # (the stored table, if the store failed since it was read)
            if live.row.status != "running":
                raise Refused("not_your_turn", N_("the table is waiting for players") if live.row.status == "waiting"
                              else N_("the game is over"))
            move = live.table.check(seat, action, version)  # (a bot's seat, stale, not its turn, illegal)
            if not await self._commit(live, move):
                raise Refused("stale", N_("another move came first: look again and retry"))

    async def _commit(self, live: LiveTable, move: Move) -> bool:
        """(Under the lock, the move checked by the table.) Store, apply, tell everyone. False
        if another server stored this move number first (this table has caught up since)."""
        if live.epoch != self.epoch:  # (a bot's move: the store failed since it was asked for)
            await self.reload(live)
            return False
        try:
            stored = await self.commits.add_move(live.id, live.n, move.seat, move.action.to_json())
        except MissingMove as e:  # the store is behind this memory: it lost moves (a crash of PostgreSQL)
            self.store_failed(e)  # (every table may be: each is reloaded before its next move)
            await self.reload(live)
            return False
        except SQLAlchemyError as e:  # not stored, not acknowledged
            self.store_failed(e)
            raise
        if not stored:  # another server made move n: what it stored follows ours, or the store decides
            try:
                await self._catch_up(live)
            except Unreplayable:
                await self.reload(live)  # (BrokenTable if it cannot be rebuilt at all)
                return False
            await self.changed(live, announce=False)
            return False
        live.play(move, self.clock())
        if live.table.finished:
            await self.finish(live)
        await self.changed(live, announce=False)  # (the store announced the move with it)
        self.forget(live)
        return True

    async def finish(self, live: LiveTable) -> None:
        """(Under the lock.) The game is over: its end, record and result stored (again, by a
        reload that finds the last move stored and not the end, after a store error)."""
        live.row.status = "finished"
        points = list(live.table.state.points)
        live.row.result = {"winners": list(live.table.state.winners), "points": points}
        if live.row.rated:  # the end and the new ratings in one transaction (web.ratings)
            row = live.row
            entrants = [h for h in map(entrant, row.seats) if h]
            await self.db(self.store.finish_rated, live.id, row.game, live.table.record.data, row.result, entrants,
                          partial(rate, row, points))
            return
        await self.db(self.store.set_status, live.id, "finished", live.table.record.data, live.row.result)

    def kick_bots(self, live: LiveTable) -> None:
        """The bots play the table's bot seats while it waits for one (workers.Bots)."""
        self.bots.kick(live, self._commit)
