"""A table being played in this server's memory (`LiveTable`): its stored row, its
`lama.match.Table`, its seats (a person's, or a bot's: its own or a stand-in, played
Elsewhere), its connections, and what its clocks say (a person's time to move, how long a
person has been away). The hub's modules (seats, clocks, presence, moves, loading) change it,
under its lock; messages show it (messages.Shown: what they read of it).
"""

from __future__ import annotations

import asyncio

from lama.core import Action
from lama.games import new_game
from lama.match import PERSON, Elsewhere, Move, Table

from . import messages
from .messages import Connection, seat_names
from .schema import TableRow, token_hash


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
        self.epoch = 0  # the hub's store epoch it was read at (recovery: reloaded before a move when it is older)
        self.broken = False  # it could not be rebuilt from the store: out of play
        self.chat: list[dict] = []  # the last lines said (web.chat), memory only
        self.claims: dict = {}  # claim id: a seat claimed from another device, waiting for the table (claims)

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

    def rebuilt(self, fresh: LiveTable) -> None:
        """Become `fresh`, the same table just read back from the store (recovery.reload): its
        row, game, moves and clock; the connections, who is away and the lock stay. Every
        connection's next state is the stored one, without events (its version may go back)."""
        whys = {s.seat: self.why[s.seat] for s in fresh.row.seats if s.stand_in is not None and s.seat in self.why}
        self.row, self.game, self.table, self.n = fresh.row, fresh.game, fresh.table, fresh.n
        self.clock_start, self.rematch, self.why = fresh.clock_start, fresh.rematch, whys
        self.views = messages.Views()
        for connection in self.connections:
            connection.version = self.table.version

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
