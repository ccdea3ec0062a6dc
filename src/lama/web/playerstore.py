"""The players' part of the store (a part of store.Store): players, their devices' keys, sign-in
codes, their seats, and the ratings with their history (schema: players_t and the rest). What is
kept of a key or a code is its digest and the player's master wrapped with it (web.players).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from lama.core import seats as seat_numbers

from .schema import TableRow, codes_t, history_t, keys_t, players_t, ratings_t, seats_t, tables_t

KEY_ID = 12  # hex digits of a key's digest that name it (to revoke it)


@dataclass
class PlayerRow:
    handle: str
    name: str
    created: float
    wrap: str | None = None  # (read with a key) the master wrapped with it
    key_id: str | None = None


def _key_row(handle: str, key_digest: str, wrap: str, device: str, now: float) -> dict:
    """A device's key as stored: its digest, the master wrapped with it, the device's label."""
    return dict(digest=key_digest, handle=handle, wrap=wrap, device=device, created=now, used=now)


class PlayerStore:
    """(A part of Store: its engine and clock.)"""

    PLAYER_READS = frozenset(("player_of_key", "player", "keys", "player_tables", "ratings", "history",
                              "leaderboard"))

    def create_player(self, handle: str, skeleton: str, name: str, key_digest: str, wrap: str, device: str) -> bool:
        """A new player and their first device's key; False if the handle (or a look-alike) is taken."""
        now = self.clock()
        try:
            with self.engine.begin() as db:
                db.execute(insert(players_t).values(handle=handle, skeleton=skeleton, name=name, created=now))
                db.execute(insert(keys_t).values(_key_row(handle, key_digest, wrap, device, now)))
            return True
        except IntegrityError:
            return False

    def player_of_key(self, key_digest: str) -> PlayerRow | None:
        with self.engine.connect() as db:
            row = db.execute(select(players_t.c.handle, players_t.c.name, players_t.c.created, keys_t.c.wrap)
                             .join(keys_t, keys_t.c.handle == players_t.c.handle)
                             .where(keys_t.c.digest == key_digest)).first()
        return None if row is None else PlayerRow(row.handle, row.name, row.created, row.wrap, key_digest[:KEY_ID])

    def player(self, skeleton: str) -> PlayerRow | None:
        """The player whose handle has this skeleton (so any case of it finds them)."""
        with self.engine.connect() as db:
            row = db.execute(select(players_t).where(players_t.c.skeleton == skeleton)).first()
        return None if row is None else PlayerRow(row.handle, row.name, row.created)

    def add_key(self, handle: str, key_digest: str, wrap: str, device: str) -> None:
        with self.engine.begin() as db:
            db.execute(insert(keys_t).values(_key_row(handle, key_digest, wrap, device, self.clock())))

    def keys(self, handle: str) -> list[dict]:
        with self.engine.connect() as db:
            rows = db.execute(select(keys_t).where(keys_t.c.handle == handle).order_by(keys_t.c.created)).all()
        return [{"id": r.digest[:KEY_ID], "device": r.device, "created": r.created, "used": r.used} for r in rows]

    def touch_key(self, key_digest: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(keys_t).where(keys_t.c.digest == key_digest).values(used=self.clock()))

    def revoke_key(self, handle: str, key_id: str) -> bool:
        """Revoke the player's key named `key_id` (the start of its digest); False if none is."""
        if not key_id or len(key_id) != KEY_ID:
            return False
        with self.engine.begin() as db:
            done = db.execute(delete(keys_t).where(keys_t.c.handle == handle, keys_t.c.digest.startswith(key_id)))
            return done.rowcount > 0

    def add_code(self, handle: str, code_digest: str, wrap: str, expires: float) -> None:
        with self.engine.begin() as db:
            db.execute(delete(codes_t).where(codes_t.c.expires <= self.clock()))  # the expired ones go
            db.execute(insert(codes_t).values(digest=code_digest, handle=handle, wrap=wrap, expires=expires))

    def use_code(self, code_digest: str) -> tuple[str, str] | None:
        """A sign-in code, used: (handle, wrap), and it is gone; None if it is unknown, used or expired."""
        with self.engine.begin() as db:
            row = db.execute(select(codes_t).where(codes_t.c.digest == code_digest)).first()
            if row is None or db.execute(delete(codes_t).where(codes_t.c.digest == code_digest)).rowcount != 1:
                return None  # (two devices with one code: one of them deletes it)
        return (row.handle, row.wrap) if row.expires > self.clock() else None

    def delete_player(self, handle: str) -> None:
        """The player and everything of theirs goes; the seats they held stay, nobody's, and their
        finished games name the seat neutrally (`Seat 2`), in the record too."""
        with self.engine.begin() as db:
            seats = db.execute(select(seats_t.c.table_id, seats_t.c.seat, tables_t.c.status, tables_t.c.record)
                               .join(tables_t, tables_t.c.id == seats_t.c.table_id)
                               .where(seats_t.c.player == handle)).all()
            for s in seats:
                values: dict = {"player": None}
                if s.status == "finished":
                    neutral = seat_numbers.name(s.seat)
                    values["name"] = neutral
                    if s.record:
                        record = json.loads(s.record)
                        if isinstance(record.get("players"), list) and s.seat < len(record["players"]):
                            record["players"][s.seat] = neutral
                            db.execute(update(tables_t).where(tables_t.c.id == s.table_id)
                                       .values(record=json.dumps(record)))
                db.execute(update(seats_t).where(seats_t.c.table_id == s.table_id, seats_t.c.seat == s.seat)
                           .values(**values))
            for t in (keys_t, codes_t, ratings_t, history_t):
                db.execute(delete(t).where(t.c.handle == handle))
            db.execute(delete(players_t).where(players_t.c.handle == handle))

    def player_tables(self, handle: str, limit: int, finished: bool = True) -> list[TableRow]:
        """The tables where the player holds a seat, newest first (the finished ones too, or not)."""
        query = select(tables_t).where(tables_t.c.id.in_(
            select(seats_t.c.table_id).where(seats_t.c.player == handle)))
        if not finished:
            query = query.where(tables_t.c.status != "finished")
        return self._rows(query.order_by(tables_t.c.created.desc()).limit(limit))

    # -- ratings -----------------------------------------------------------------------------
    def finish_rated(self, table_id: str, game: str, record: dict, result: dict, entrants: list[str], rate) -> None:
        """A rated table's end: its status, record and result, and its entrants' new ratings, in
        one transaction (once: a table already rated is not rated again). `rate(current)` gives
        the new ratings from the `entrants`' current ones ({handle: (mu, sigma)}), as
        [(handle, mu, sigma, rank, seats)] (web.ratings)."""
        now = self.clock()
        with self.engine.begin() as db:
            db.execute(update(tables_t).where(tables_t.c.id == table_id).values(
                status="finished", finished=now, record=json.dumps(record), result=json.dumps(result)))
            if db.execute(select(history_t.c.handle).where(history_t.c.table_id == table_id).limit(1)).first():
                return
            current = {r.handle: (r.mu, r.sigma) for r in db.execute(
                select(ratings_t).where(ratings_t.c.game == game, ratings_t.c.handle.in_(entrants)))}
            for handle, mu, sigma, rank, seats in rate(current):
                if handle in current:
                    db.execute(update(ratings_t).where(ratings_t.c.handle == handle, ratings_t.c.game == game)
                               .values(mu=mu, sigma=sigma, games=ratings_t.c.games + 1, updated=now))
                else:
                    db.execute(insert(ratings_t).values(handle=handle, game=game, mu=mu, sigma=sigma, games=1,
                                                        updated=now))
                db.execute(insert(history_t).values(handle=handle, game=game, table_id=table_id, at=now, mu=mu,
                                                    sigma=sigma, rank=rank, seats=seats))

    def ratings(self, handle: str) -> list[dict]:
        with self.engine.connect() as db:
            rows = db.execute(select(ratings_t).where(ratings_t.c.handle == handle).order_by(ratings_t.c.game)).all()
        return [{"game": r.game, "mu": r.mu, "sigma": r.sigma, "games": r.games, "updated": r.updated} for r in rows]

    def history(self, handle: str) -> list[dict]:
        with self.engine.connect() as db:
            rows = db.execute(select(history_t).where(history_t.c.handle == handle).order_by(history_t.c.at)).all()
        return [{"game": r.game, "table": r.table_id, "at": r.at, "mu": r.mu, "sigma": r.sigma, "rank": r.rank,
                 "seats": r.seats} for r in rows]

    def leaderboard(self, game: str, limit: int, min_games: int) -> dict:
        """Players and bot levels by their rating's lower bound (mu - 3 sigma, openskill's ordinal)."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(ratings_t, players_t.c.name)
                .join(players_t, players_t.c.handle == ratings_t.c.handle, isouter=True)
                .where(ratings_t.c.game == game, ratings_t.c.games >= min_games)
                .order_by((ratings_t.c.mu - 3 * ratings_t.c.sigma).desc(), ratings_t.c.handle)
                .limit(limit)).all()
            count = db.execute(select(func.count()).select_from(ratings_t).where(ratings_t.c.game == game)).scalar()
        return {"count": count, "rows": [{"handle": r.handle, "name": r.name, "mu": r.mu, "sigma": r.sigma,
                                          "games": r.games} for r in rows]}
