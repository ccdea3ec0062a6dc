"""Several servers on one PostgreSQL database (a part of the Store): the moves' writer, whose
one statement stores a group commit's moves and announces their tables (NOTIFY, delivered with
the commit, never before), and the listener that hears the other servers' announcements. On
SQLite a server is alone: there is nothing to announce.
"""

from __future__ import annotations

import json

from sqlalchemy import text
from sqlalchemy.exc import IntegrityError, OperationalError

# PostgreSQL: a group commit is this one statement in a transaction of its own (autocommit),
# on the writer thread's own connection of the driver: the moves and the announcements of their
# tables (delivered with the commit, never before) in one round trip, where a transaction of the
# pool costs five (a ping, BEGIN, insert, notify, COMMIT) and the writer thread waits for each of
# them, and for the interpreter after each; SQLAlchemy's own work would add a third to its CPU.
# One announcement names up to ANNOUNCED tables (`ORIGIN id id ...`): every server hears every
# announcement, so one per table of a busy batch would wake each of them hundreds of times a
# second (PostgreSQL caps a payload at 8,000 bytes; a table's id is 12 characters).
ANNOUNCED = 300
STORE_MOVES = (
    "WITH stored AS (INSERT INTO lama_moves (table_id, n, seat, action, at) "
    "SELECT t, n, seat, action, %(at)s::double precision "
    "FROM unnest(%(tables)s::text[], %(ns)s::integer[], %(seats)s::integer[], %(actions)s::text[]) "
    "AS m(t, n, seat, action) RETURNING table_id), "
    "changed AS (SELECT DISTINCT table_id FROM stored) "
    "SELECT pg_notify(%(channel)s, %(origin)s::text || ' ' || string_agg(table_id, ' ')) "
    f"FROM (SELECT table_id, row_number() OVER () / {ANNOUNCED} AS part FROM changed) AS parts GROUP BY part")


class Announcing:
    """The Store's announcements (its sqlite, origin, libpq_url, sync_commits, _writer)."""

    CHANNEL = "lama_tables"

    def _store_moves(self, moves, at: float) -> None:
        """(PostgreSQL, the writer thread) STORE_MOVES on the writer's own connection. No ping:
        a lost connection fails the batch, which is answered store_unavailable (the driver's
        error as SQLAlchemy's, as every other statement gives it), and the next batch connects
        anew."""
        import psycopg

        params = {"tables": [t for t, *_ in moves], "ns": [n for _, n, *_ in moves],
                  "seats": [seat for *_, seat, _ in moves], "actions": [json.dumps(action) for *_, action in moves],
                  "at": at, "channel": self.CHANNEL, "origin": self.origin}
        try:
            if self._writer is None or self._writer.closed:
                self._writer = psycopg.connect(self.libpq_url, autocommit=True)
                if not self.sync_commits:
                    self._writer.execute("SET synchronous_commit TO off")
            self._writer.execute(STORE_MOVES, params, prepare=True)
        except psycopg.errors.IntegrityError as e:  # a move stored before, or one after a gap
            raise IntegrityError(STORE_MOVES, None, e) from None
        except psycopg.Error as e:
            if self._writer is not None and self._writer.broken:
                self._writer.close()
            raise OperationalError(STORE_MOVES, None, e) from None

    # -- several servers on one PostgreSQL database -------------------------------------------
    def announce(self, table_id: str) -> None:
        """Tell the other servers that this table changed (PostgreSQL; nothing to do on SQLite)."""
        if not self.sqlite:
            with self.engine.begin() as db:
                self._announce(db, table_id)

    def _announce(self, db, table_id: str) -> None:
        if not self.sqlite:
            db.execute(text("SELECT pg_notify(:channel, :payload)"),
                       {"channel": self.CHANNEL, "payload": f"{self.origin} {table_id}"})

    def listen(self, on_change, stop, on_back=None) -> None:
        """(PostgreSQL, in a thread) `on_change(table_id)` for every table another server
        announces, until the threading.Event `stop` is set; `on_back()` each time the database
        answers again after it was lost (it may have lost the last moments' commits)."""
        import psycopg

        lost = False
        while not stop.is_set():
            try:
                with psycopg.connect(self.libpq_url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {self.CHANNEL}")
                    if lost and on_back is not None:
                        on_back()
                    lost = False
                    while not stop.is_set():
                        for note in conn.notifies(timeout=0.5, stop_after=100):
                            origin, _, table_ids = note.payload.partition(" ")
                            if origin != self.origin:
                                for table_id in table_ids.split():
                                    on_change(table_id)
            except psycopg.OperationalError:  # the database restarted: listen again
                lost = True
                stop.wait(1.0)

