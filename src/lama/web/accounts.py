"""Players who sign in (a part of the Hub): a player made from a device, the other devices
signed in with a one-time code, their keys listed and revoked, the player deleted; the seats
they hold from any device; their page, and the leaderboard. Keys, codes and the master secret
are web.players'; what is stored, web.playerstore's.
"""

from __future__ import annotations

from lama.games import GAMES
from lama.i18n import N_

from .errors import BadCode, BadKey, GameNotFound, HandleTaken, NotFound, PlayerNotFound
from .messages import listed, seat_names
from .players import digest, display_name, handle_of, new_master, new_secret, seat_token, skeleton, unwrap, wrap
from .playerstore import PlayerRow
from .ratings import BOT, shown
from .schema import token_hash

LINK_SECONDS = 15 * 60  # a sign-in code lasts this long, and works once
DEVICE_LENGTH = 60
TABLES_MAX = 50  # a player's tables in one answer
RECENT_GAMES = 20  # finished games on a player's page
LEADERBOARD_MAX, LEADERBOARD_MIN_GAMES = 100, 3  # players listed; rated games before one is listed
TOUCH_SECONDS = 3600.0  # a key's "last used" is written at most this often


class Signed:
    """A signed-in request's player: their row and master secret (opened with their key)."""

    def __init__(self, row: PlayerRow, key: str, key_digest: str):
        self.row, self.handle, self.name = row, row.handle, row.name
        self.master = unwrap(row.wrap, key)
        self.key_digest = key_digest

    def token(self, table_id: str, seat: int) -> str:
        return seat_token(self.master, table_id, seat)


class Accounts:
    """(The Hub's store, db, clock.)"""

    async def signed_in(self, key) -> Signed:
        """The player a key proves; BadKey for a wrong or revoked key."""
        if not isinstance(key, str) or not 16 <= len(key) <= 100:
            raise BadKey(N_("this player key is not a key (sign in again)"))
        key_digest = digest(key)
        row = await self.db(self.store.player_of_key, key_digest)
        if row is None:
            raise BadKey(N_("this player key is wrong or was revoked: sign in again"))
        return Signed(row, key, key_digest)

    async def create_player(self, handle, name, device=None) -> dict:
        handle, name = handle_of(handle), display_name(name)
        key, master = new_secret(), new_master()
        if not await self.db(self.store.create_player, handle, skeleton(handle), name, digest(key), wrap(master, key),
                             _device(device)):
            raise HandleTaken(N_("the handle {handle} is taken (or one that looks like it): choose another"),
                              handle=handle)
        return {"player": handle, "name": name, "key": key}

    async def new_link(self, me: Signed) -> tuple[str, float]:
        """A one-time sign-in code for another device, and when it expires."""
        code = new_secret()
        expires = self.clock() + LINK_SECONDS
        await self.db(self.store.add_code, me.handle, digest(code), wrap(me.master, code), expires)
        return code, expires

    async def sign_in_with(self, code, device=None) -> dict:
        """A new key for a new device, from a sign-in code (which then works no more)."""
        if not isinstance(code, str) or not 16 <= len(code) <= 100:
            raise BadCode(N_("a sign-in code is the text after #code= in the sign-in link"))
        used = await self.db(self.store.use_code, digest(code))
        if used is None:
            raise BadCode(N_("this sign-in link is wrong, used already or expired: make a new one on a device "
                             "where you are signed in"))
        handle, wrapped = used
        master = unwrap(wrapped, code)
        key = new_secret()
        await self.db(self.store.add_key, handle, digest(key), wrap(master, key), _device(device))
        row = await self.db(self.store.player, skeleton(handle))
        return {"player": handle, "name": row.name if row else handle, "key": key}

    async def devices(self, me: Signed) -> dict:
        keys = await self.db(self.store.keys, me.handle)
        for k in keys:
            k["this"] = k["id"] == me.row.key_id
        return {"keys": keys}

    async def revoke(self, me: Signed, key_id) -> dict:
        if not isinstance(key_id, str) or not await self.db(self.store.revoke_key, me.handle, key_id):
            raise NotFound(N_("no key of yours is named {key}"), key=repr(str(key_id)[:20]))
        return {"revoked": key_id}

    async def delete_player(self, me: Signed) -> dict:
        await self.db(self.store.delete_player, me.handle)
        for live in self.live.values():  # (the tables in memory: their seats are nobody's now)
            for s in live.row.seats:
                if s.player == me.handle:
                    s.player = None
        return {"deleted": me.handle}

    async def touch(self, me: Signed) -> None:
        """Note when a key was last used (at most once an hour: it is a write)."""
        keys = await self.db(self.store.keys, me.handle)
        if any(k["id"] == me.row.key_id and self.clock() - k["used"] > TOUCH_SECONDS for k in keys):
            await self.db(self.store.touch_key, me.key_digest)

    # -- their tables ------------------------------------------------------------------------
    async def my_tables(self, me: Signed, table_id: str | None = None) -> dict:
        """The player's tables, waiting and running first, each with the seats they hold there
        and those seats' tokens (null for a seat whose token no device of theirs can make: a
        rematch asked for without signing in; the hello's `player_key` opens it anyway)."""
        rows = await self.db(self.store.player_tables, me.handle, TABLES_MAX)
        if table_id is not None:
            rows = [r for r in rows if r.id == table_id]
        out = []
        for row in rows:
            facts = self.live[row.id].public() if row.id in self.live else listed(row)
            mine = []
            for s in row.seats:
                if s.player == me.handle:
                    token = me.token(row.id, s.seat)
                    known = s.token_hash == token_hash(token)
                    mine.append({"seat": s.seat, "token": token if known else None})
            out.append({**facts, "mine": mine})
        order = {"running": 0, "waiting": 1, "finished": 2}
        out.sort(key=lambda facts: (order.get(facts["status"], 3), -facts["created"]))
        return {"player": me.handle, "tables": out}

    # -- pages -------------------------------------------------------------------------------
    async def player_page(self, handle) -> dict:
        row = await self.db(self.store.player, skeleton(handle)) if isinstance(handle, str) else None
        if row is None:
            raise PlayerNotFound(N_("there is no player {player}"), player=repr(str(handle)[:24]))
        ratings = await self.db(self.store.ratings, row.handle)
        history = await self.db(self.store.history, row.handle)
        tables = await self.db(self.store.player_tables, row.handle, RECENT_GAMES * 2)
        finished = {t.id: t for t in tables if t.status == "finished"}
        by_table = {h["table"]: h for h in history}
        games = []
        for t in sorted(finished.values(), key=lambda t: -(t.finished or t.created))[:RECENT_GAMES]:
            seat = next(s.seat for s in t.seats if s.player == row.handle)
            result = t.result or {}
            points = result.get("points") or []
            rated = by_table.get(t.id)
            games.append({"table": t.id, "game": t.game, "finished": t.finished, "seat": seat, "seats": t.players,
                          "points": points[seat] if seat < len(points) else None,
                          "won": seat in (result.get("winners") or []), "rated": t.rated,
                          "place": rated["rank"] if rated else None,
                          "rating": shown(rated["mu"], rated["sigma"]) if rated else None,
                          "players": seat_names(t)})
        return {"player": row.handle, "name": row.name, "created": row.created,
                "ratings": [{**r, "rating": shown(r["mu"], r["sigma"])} for r in ratings],
                "history": [{"game": h["game"], "table": h["table"], "at": h["at"],
                             "rating": shown(h["mu"], h["sigma"]), "place": h["rank"]} for h in history],
                "games": games}

    async def leaderboard(self, game) -> dict:
        if game not in GAMES:
            raise GameNotFound(N_("there is no game {game}"), game=repr(str(game)[:40]))
        board = await self.db(self.store.leaderboard, game, LEADERBOARD_MAX, LEADERBOARD_MIN_GAMES)
        rows = [{"place": i + 1, "player": None if r["handle"].startswith(BOT) else r["handle"],
                 "bot": r["handle"][len(BOT):] if r["handle"].startswith(BOT) else None,
                 "name": r["name"], "rating": shown(r["mu"], r["sigma"]), "mu": round(r["mu"], 2),
                 "sigma": round(r["sigma"], 2), "games": r["games"]} for i, r in enumerate(board["rows"])]
        return {"game": game, "min_games": LEADERBOARD_MIN_GAMES, "rated": board["count"], "players": rows}


def _device(device) -> str:
    """What a device calls itself (to tell keys apart in the list), cut short; never refused."""
    text = " ".join(device.split())[:DEVICE_LENGTH] if isinstance(device, str) else ""
    return text if text and text.isprintable() else "a device"

