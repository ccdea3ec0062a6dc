"""Seats and rematches (a part of the Hub): a new table and its creator's seat, a person
joining, "play again" (the next table, each person's seat kept for them), and a rematch seat
nobody came for given to a bot. A table starts once every seat is taken.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from typing import TYPE_CHECKING

from lama.core import seats as seat_numbers
from lama.core.jsonform import is_int, jsonable
from lama.i18n import N_
from lama.match import new_seed

from .errors import BadInvite, BadRequest, BadToken, Expired, NotFinished, SeatTaken, TableFull, TooSoon
from .live import LiveTable
from .requests import game_of, name_of, seat_rows, table_settings
from .schema import SeatRow, TableRow, token_hash

if TYPE_CHECKING:
    from .accounts import Signed

REMATCH_WAIT = 120.0  # a rematch seat nobody came for may be given to a bot after this long


class Seats:
    """Who sits where (the Hub's store, db, get, clock, changed)."""

    async def create(self, game_id: str, players: int, options: dict, seats: list[dict], name: str,
                     hints: bool | None = None, rated: bool = False, player: Signed | None = None,
                     **settings) -> dict:
        """A new table; `settings`: visibility, turn_seconds, stand_in (requests.table_settings);
        `player`: the signed-in creator, whose seat it is (and whose name, unless `name`)."""
        game = game_of(game_id, players, options)
        for flag, value in (("hints", hints), ("rated", rated)):
            if value is not None and not isinstance(value, bool):
                raise BadRequest(N_("{name} is true or false"), name=flag)
        if rated and hints:
            raise BadRequest(N_("a rated table gives no hints: leave hints out, or make the table unrated"))
        hints = not rated if hints is None else hints
        if not isinstance(seats, list) or len(seats) != players:
            raise BadRequest(N_("seats must list one seat per player ({players})"), players=players)
        table_id = secrets.token_urlsafe(9)
        rows, creator_token, creator_seat = seat_rows(seats, player.name if player and name is None else name)
        if player is not None and creator_seat is not None:
            creator_token = player.token(table_id, creator_seat)
            rows[creator_seat].token_hash, rows[creator_seat].player = token_hash(creator_token), player.handle
        visibility, turn_seconds, level, chat = table_settings(rows, **settings)
        waiting = any(r.kind == "human" and r.token_hash is None for r in rows)
        row = TableRow(table_id, game.id, players, jsonable(game.options), new_seed(),
                       "waiting" if waiting else "running", self.clock(), seats=rows, hints=hints,
                       visibility=visibility, invite=secrets.token_urlsafe(24), turn_seconds=turn_seconds,
                       stand_in_level=level, clock_start=None if waiting else self.clock(), rated=bool(rated),
                       chat=chat)
        await self.db(self.store.create_table, row)
        live = await self.get(table_id, row)
        return {"table": table_id, "seat": creator_seat, "token": creator_token, "invite": row.invite,
                "status": live.row.status}

    async def join(self, table_id: str, name: str, seat: int | None, invite=None, player: Signed | None = None) -> dict:
        """A person takes a free seat (at a private table, with its invitation). A signed-in
        player who holds a seat here already gets it back, from any device of theirs."""
        live = await self.get(table_id)
        if player is not None:
            held = next((s.seat for s in live.row.seats if s.player == player.handle), None)
            if held is not None:
                return {"seat": held, "token": player.token(table_id, held), "invite": live.row.invite}
            if name is None:
                name = player.name
        name = name_of(name)
        if live.row.visibility == "private" and not (
                isinstance(invite, str) and secrets.compare_digest(invite, live.row.invite or "")):
            raise BadInvite(N_("this table is private: a seat is taken with the invitation link")
                            if invite is None else N_("this table is private: a seat is taken with the invitation "
                                                      "link, and this invitation is not the table's"))
        if self.expired(live.row):
            raise Expired(N_("this table waited {hours} h for players and has expired: create a new one"),
                          hours=f"{self.waiting_seconds / 3600:g}")
        async with live.lock:
            free = [s.seat for s in live.row.seats if s.kind == "human" and s.token_hash is None and s.reserved is None]
            if seat is not None:
                if not is_int(seat) or not 0 <= seat < live.row.players:
                    raise BadRequest(N_('"seat" counts seats from 0: it must be 0 to {last}'),
                                     last=live.row.players - 1)
                if seat not in free:
                    if free:
                        raise SeatTaken(N_("seat {seat} is not a free seat for a person; free: {free}"),
                                        seat=seat_numbers.number(seat),
                                        free=", ".join(str(seat_numbers.number(s)) for s in free))
                    raise SeatTaken(N_("seat {seat} is not a free seat for a person"), seat=seat_numbers.number(seat))
                free = [seat]
            if not free:
                raise TableFull(N_("no seat for a person is free at this table"))
            for s in free:
                token = secrets.token_urlsafe(24) if player is None else player.token(table_id, s)
                if await self._claim(live, s, name, token, player=player and player.handle):
                    break
            else:
                raise TableFull(N_("the seat was taken meanwhile; no seat is free"))
        return {"seat": s, "token": token, "invite": live.row.invite}

    async def _claim(self, live: LiveTable, seat: int, name: str, token: str, reserved: str | None = None,
                     player: str | None = None) -> bool:
        """(Under the lock.) Give `seat` to a person (a signed-in `player`'s); the table starts
        once every seat is taken."""
        if not await self.db(self.store.claim_seat, live.id, seat, name, token_hash(token), reserved, player):
            return False
        row = live.row.seats[seat]
        row.name, row.token_hash, row.player = name, token_hash(token), player
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
        await self.changed(live)

    async def rematch(self, table_id: str, token, player: Signed | None = None) -> dict:
        """"Play again": the next game with the same seats. Each person's seat there is reserved
        for the holder of their token here, who gets it (and the same new token) however often
        they ask; the others are told at once. A player's seat stays theirs (its token is their
        seat token when they ask signed in)."""
        live = await self.get(table_id)
        seat = live.seated(token)
        if seat is None:
            raise BadToken(N_("play again needs the token of a seat of this table"))
        if live.row.status != "finished":
            raise NotFinished(N_("the next game is set up once this one is over"))
        if live.row.rematch_id is None:
            row = live.row
            seats = [SeatRow(s.seat, s.kind, bot=s.bot, name=s.name, creator=s.creator,
                             reserved=s.token_hash if s.kind == "human" else None, player=s.player)
                     for s in row.seats]
            new = TableRow(secrets.token_urlsafe(9), row.game, row.players, row.options, new_seed(), "waiting",
                           self.clock(), seats=seats, hints=row.hints, visibility=row.visibility,
                           invite=secrets.token_urlsafe(24), turn_seconds=row.turn_seconds,
                           stand_in_level=row.stand_in_level, rated=row.rated, chat=row.chat)
            await self.db(self.store.create_table, new)
            live.row.rematch_id = await self.db(self.store.set_rematch, table_id, new.id)
        nxt = await self.get(live.row.rematch_id)
        holder = live.row.seats[seat].player
        mine = rematch_token(token, nxt.id)
        if player is not None and player.handle == holder:
            mine = player.token(nxt.id, seat)
        async with nxt.lock:
            held = nxt.row.seats[seat].token_hash
            if held is not None and held == token_hash(rematch_token(token, nxt.id)):
                mine = rematch_token(token, nxt.id)  # (taken before without signing in: that token it is)
            if held != token_hash(mine) and not await self._claim(
                    nxt, seat, live.row.seats[seat].name or seat_numbers.name(seat), mine, reserved=token_hash(token),
                    player=holder):
                raise SeatTaken(N_("your seat at the next table was given to a bot: nobody came for it in time; "
                                   "you can watch"))
        async with live.lock:
            live.rematch = sorted(set(live.rematch) | {seat})
            await self.changed(live)
        return {"table": nxt.id, "seat": seat, "token": mine, "invite": nxt.row.invite}

    async def seat_of(self, live: LiveTable, token: str | None, player: Signed | None = None) -> int | None:
        """The seat a token proves, or else the seat the signed-in `player` holds here (None: a
        spectator); BadToken if the token proves nothing."""
        if not token:
            return next((s.seat for s in live.row.seats if player and s.player == player.handle), None)
        seat = live.seated(token)
        if seat is None:
            raise BadToken(N_("this token is not a seat of this table (join it first)"))
        return seat

    async def _seat_to_bot(self, live: LiveTable, seat: int, bot: str) -> None:
        """(Under the lock.) A rematch seat nobody came for, after REMATCH_WAIT, to a bot."""
        s = live.row.seats[seat]
        if s.reserved is None or s.token_hash is not None:
            raise SeatTaken(N_("only a rematch seat nobody has come for can be given to a bot"))
        wait = live.row.created + self.rematch_wait - self.clock()
        if wait > 0:
            raise TooSoon(N_("{name} may still come back for {seconds} s"),
                          name=live.table.names[seat], seconds=int(wait) + 1)
        if await self.db(self.store.seat_to_bot, live.id, seat, bot):
            s.kind, s.bot, s.reserved, s.creator, s.name, s.player = "bot", bot, None, False, None, None
            live.away.pop(seat, None)
            await self._start_if_full(live)


def rematch_token(token: str, rematch_id: str) -> str:
    """The token of a seat at the next table, from the token of that seat at this one: whoever
    holds the one gets the other, however often they ask, and nobody else can make it."""
    # ("lama-again": the rematch was called "again" when the first tokens were made; kept, so they hold)
    digest = hashlib.sha256(f"lama-again\0{rematch_id}\0{token}".encode()).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()
