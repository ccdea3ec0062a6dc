"""Clocks and stand-ins (a part of the Hub): nobody stalls a table. With a clock
(`turn_seconds`), a person who runs out of time, or whose connections have all been gone for
`away_seconds`, is played by the table's stand-in bot until they come back (`tick`, once a
second); a seated person may also ask a bot to play for one who is away (`stand_in`). A clock's
start is stored (a move's time, or when the table began or a person came back), so a restart
does not restart it. And once a second, a table nobody uses leaves memory (`IDLE_SECONDS`).
"""

from __future__ import annotations

from lama.core.jsonform import is_int
from lama.i18n import N_

from .errors import BadBot, BadRequest, NotRunning, NotSeated, SeatConnected
from .live import LiveTable
from .workers import SERVER_BOTS

AWAY_SECONDS = 30.0  # a person whose connections have all been gone this long is played by a stand-in
IDLE_SECONDS = 60.0  # a table nobody is connected to and nothing moves leaves memory after this long


class Clocks:
    """The stand-ins (the Hub's store, db, live, clock, changed, _seat_to_bot)."""

    async def stand_in(self, live: LiveTable, by: int | None, seat, bot) -> None:
        """A seated person lets a bot play for a person who is away (bot None: the seat waits
        for its person), or, at a rematch, gives a reserved seat nobody came for to a bot."""
        if by is None:
            raise NotSeated(N_("only the people at the table may call a stand-in"))
        if not is_int(seat) or not 0 <= seat < live.row.players or live.row.seats[seat].kind != "human":
            raise BadRequest(N_("stand_in names the seat of a person"))
        if bot is not None and bot not in SERVER_BOTS:
            raise BadBot(N_("the bot must be one of {bots}, or null"), bots=", ".join(SERVER_BOTS))
        async with live.lock:
            if live.row.status == "waiting":
                await self._seat_to_bot(live, seat, bot or live.row.stand_in_level)
            elif live.row.status == "finished":
                raise NotRunning(N_("the game is over"))
            else:
                if bot is not None and live.connected(seat):
                    raise SeatConnected(N_("{name} is here: only a seat whose person is away can be given to a bot"),
                                        name=live.table.names[seat])
                await self.set_stand_in(live, seat, bot, "asked")

    async def set_stand_in(self, live: LiveTable, seat: int, bot: str | None, why: str = "asked") -> None:
        """(Under the table's lock.) A stand-in comes (`why`) or goes: then the person's clock starts again."""
        if live.row.seats[seat].stand_in == bot:
            return
        clock_start = None if bot is not None else self.clock()
        await self.db(self.store.set_stand_in, live.id, seat, bot, clock_start)
        live.row.seats[seat].stand_in = bot
        if bot is None:
            live.why.pop(seat, None)
            if seat == live.table.to_move:
                live.clock_start = live.row.clock_start = clock_start
        else:
            live.why[seat] = why
        live.seats_changed()
        await self.changed(live)

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
