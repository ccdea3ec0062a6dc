"""The lobby (a part of the Hub): the public tables waiting or running, newest first, a page
at a time, and a device's own tables ("your tables"), with the query's words read here. A
waiting table nobody has joined for `waiting_seconds` has expired: it leaves the lobby and
refuses joins (`expired`).
"""

from __future__ import annotations

from lama.i18n import N_

from .errors import BadRequest
from .messages import listed
from .requests import plausible_id
from .schema import TableRow

LOBBY_PAGE, LOBBY_PAGE_MAX = 20, 100  # tables in a page of the lobby: by default, at most
MINE_MAX = 50  # tables a device may ask for at once ("your tables")
WAITING_SECONDS = 86_400.0  # a waiting table nobody joins expires after this long


class Lobby:
    """The listings (the Hub's live, db, store, clock, waiting_seconds)."""

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
                raise BadRequest(N_("cursor is the next_cursor of the page before")) from None
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

    def expired(self, row: TableRow) -> bool:
        """A waiting table nobody has joined for `waiting_seconds`: out of the lobby, no joins."""
        return row.status == "waiting" and self.clock() >= row.created + self.waiting_seconds

    def _facts(self, row: TableRow) -> dict:
        facts = self.live[row.id].public() if row.id in self.live else listed(row)
        facts["expired"] = self.expired(row)  # waiting too long: no seat can be taken
        return facts


def _count(value, name: str, low: int, high: int) -> int:
    try:
        n = int(value)
    except (TypeError, ValueError):
        n = None
    if n is None or not low <= n <= high:
        raise BadRequest(N_("{name} is a whole number from {low} to {high}"), name=name, low=low, high=high)
    return n


def _flag(value, name: str) -> bool:
    if value in (None, "", "0", "false"):
        return False
    if value in ("1", "true"):
        return True
    raise BadRequest(N_("{name} is true or false"), name=name)
