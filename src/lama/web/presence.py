"""Who is connected (a part of the Hub): a connection comes (a person back in their seat sends
their stand-in away) or goes (a person whose connections are all gone is away from then on).
Who is connected is told to a table's connections at most once per `PRESENCE_DELAY`, however
many come and go: a table's fan-out stays linear in its connections. A finished table nobody
is connected to leaves memory at once (`forget`).
"""

from __future__ import annotations

import asyncio

from . import messages
from .chat import earlier
from .live import LiveTable
from .messages import Connection

PRESENCE_DELAY = 0.05  # seconds the comings and goings at a table are gathered into one state for all


class Presence:
    """The connections of the live tables (the Hub's live, clock, set_stand_in, kick_bots)."""

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
            earlier(live, connection)  # (a seated person: the chat's last lines)
            self.presence(live, live.connections - {connection})  # and the others see it, soon
        self.kick_bots(live)

    async def disconnect(self, live: LiveTable, connection: Connection) -> None:
        connection.closed = True
        async with live.lock:
            live.connections.discard(connection)
            self.drop_claims(live, connection)
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
