"""Where `lama serve` keeps its tables: SQLite by default, PostgreSQL through the same code
(SQLAlchemy 2 Core), in the schema of `schema` (the tables, their rows, their migrations).
"""

from __future__ import annotations

import json
import threading
import time
from functools import partial

from sqlalchemy import create_engine, event, insert, select, update
from sqlalchemy.exc import IntegrityError

from .announce import Announcing
from .playerstore import PlayerStore
from .schema import (
    GAP,
    MissingMove,
    StoreError,
    TableRow,
    meta_t,
    migrate,
    moves_t,
    seats_t,
    table_row,
    tables_t,
)

# SQLite copies its write-ahead log into the database (a checkpoint, with two fsyncs) in a
# thread of its own, this often: left to SQLite, the commit that fills the log (1,000 pages,
# about a second of a busy evening) does it, and every table's move in that group commit
# waits for the disk (30 to 200 ms seen on a busy disk). A passive checkpoint beside a writer
# that never stops cannot start the log over, so the writer still does, now and then, once
# the log holds WAL_PAGES; most of it is in the database by then, the wait is a few ms.
CHECKPOINT_SECONDS = 1.0
WAL_PAGES = 10_000  # (4 KB each)


class Store(Announcing, PlayerStore):
    """The tables of one database, opened (and created or migrated) from a URL."""

    # the methods that only read (any number of threads may call them at once); the others write
    READS = frozenset(("schema_version", "load_table", "tables", "public_tables", "tables_by_ids", "record", "review",
                       "seat_of_token", "moves", "count_moves", "last_move_at")) | PlayerStore.PLAYER_READS

    def __init__(self, url: str, origin: str = "", sync_commits: bool = False):
        self.url = url
        self.origin = origin  # this process, in its announcements, so it can skip its own
        # Every commit waits for the disk (SQLite synchronous=FULL; PostgreSQL's synchronous_commit
        # as the database has it, on by default), or the commits of moves do not (SQLite NORMAL;
        # PostgreSQL: synchronous_commit off on the moves' writer): an acknowledged move survives
        # a killed lama serve either way, and the machine's crash (or PostgreSQL's) only when they
        # wait. When they wait, a disk that stalls for a moment (0.3-0.9 s a few times a minute
        # on the development machine) stalls every table's acknowledgements with it.
        self.sync_commits = sync_commits
        self.sqlite = url.startswith("sqlite")
        self.clock = time.time  # the times stored (moves, a table's end, its clock): the hub's clock
        # the driver's own form of the URL (the listener's and the writer's connections), SQLAlchemy's
        self.libpq_url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
        try:
            self.engine = create_engine(url, future=True, pool_pre_ping=True,
                                        **({"connect_args": {"check_same_thread": False, "timeout": 30}}
                                           if self.sqlite else {"pool_size": 10, "max_overflow": 20}))
        except Exception as e:  # noqa: BLE001 - a bad URL or a missing driver: one line
            raise StoreError(f"cannot use the database {self.url!r}: {e}") from None
        if self.sqlite:
            synchronous = "FULL" if sync_commits else "NORMAL"
            event.listen(self.engine, "connect", partial(_sqlite_pragmas, synchronous=synchronous))
        self._writer = None  # (PostgreSQL) the writer thread's own connection for moves: see _store_moves
        self._migrate()
        self._closed = threading.Event()
        self._checkpointer = None
        if self.sqlite:
            self._checkpointer = threading.Thread(target=self._checkpoints, name="lama-checkpoint", daemon=True)
            self._checkpointer.start()

    def _checkpoints(self) -> None:
        """(Its own thread.) The write-ahead log into the database, now and then, beside the
        writer: a passive checkpoint waits for nobody and nobody waits for it."""
        while not self._closed.wait(CHECKPOINT_SECONDS):
            try:
                with self.engine.connect() as db:
                    db.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # noqa: BLE001, S112 - the next one will do (the store closing, the disk full)
                continue
    # -- schema --------------------------------------------------------------------------
    def _migrate(self) -> None:
        migrate(self.engine, self.url)

    def touch(self) -> None:
        """A write that changes nothing: whether the store takes writes (recovery.heal)."""
        with self.engine.begin() as db:
            db.execute(update(meta_t).where(meta_t.c.key == "schema").values(value=meta_t.c.value))

    def schema_version(self) -> int:
        with self.engine.connect() as db:
            return int(db.execute(select(meta_t.c.value).where(meta_t.c.key == "schema")).scalar_one())

    # -- tables --------------------------------------------------------------------------
    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as db:
            db.execute(insert(tables_t).values(
                id=row.id, game=row.game, players=row.players, options=json.dumps(row.options),
                seed=str(row.seed), status=row.status, created=row.created, hints=int(row.hints),
                visibility=row.visibility, invite=row.invite, turn_seconds=row.turn_seconds,
                stand_in_level=row.stand_in_level, clock_start=row.clock_start, rated=int(row.rated),
                chat=int(row.chat)))
            db.execute(insert(seats_t), [
                dict(table_id=row.id, seat=s.seat, kind=s.kind, bot=s.bot, name=s.name,
                     token_hash=s.token_hash, stand_in=s.stand_in, creator=int(s.creator), reserved=s.reserved,
                     player=s.player)
                for s in row.seats])

    def load_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as db:
            t = db.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if t is None:
                return None
            seats = db.execute(select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)).all()
        return table_row(t, seats)

    def tables(self, statuses=("waiting", "running")) -> list[TableRow]:
        return self._rows(select(tables_t).where(tables_t.c.status.in_(statuses)).order_by(tables_t.c.created))

    def public_tables(self, limit: int, before: tuple[float, str] | None = None, game: str | None = None,
                      free: bool = False, waiting_since: float | None = None) -> list[TableRow]:
        """The lobby: public tables waiting or running, newest first, `limit` of them from just
        after `before` (the created time and id of the last one of the page before); `free`:
        only tables waiting with a seat for a person free; `waiting_since`: only the waiting
        tables created since (the others have expired)."""
        statuses = ("waiting",) if free else ("waiting", "running")
        query = select(tables_t).where(tables_t.c.visibility == "public", tables_t.c.status.in_(statuses))
        if waiting_since is not None:
            query = query.where((tables_t.c.status != "waiting") | (tables_t.c.created >= waiting_since))
        if game is not None:
            query = query.where(tables_t.c.game == game)
        if free:
            query = query.where(select(seats_t.c.seat).where(
                seats_t.c.table_id == tables_t.c.id, seats_t.c.kind == "human", seats_t.c.token_hash.is_(None),
                seats_t.c.reserved.is_(None)).exists())
        if before is not None:
            created, table_id = before
            query = query.where((tables_t.c.created < created)
                                | ((tables_t.c.created == created) & (tables_t.c.id < table_id)))
        return self._rows(query.order_by(tables_t.c.created.desc(), tables_t.c.id.desc()).limit(limit))

    def tables_by_ids(self, ids: list[str]) -> list[TableRow]:
        """These tables (those that exist), in any status and visibility: a device's own tables."""
        return self._rows(select(tables_t).where(tables_t.c.id.in_(ids))) if ids else []

    def _rows(self, query) -> list[TableRow]:
        with self.engine.connect() as db:
            rows = db.execute(query).all()
            seats = db.execute(select(seats_t).where(seats_t.c.table_id.in_([r.id for r in rows]))
                               .order_by(seats_t.c.seat)).all() if rows else []
        by_table: dict[str, list] = {}
        for s in seats:
            by_table.setdefault(s.table_id, []).append(s)
        return [table_row(t, by_table.get(t.id, [])) for t in rows]

    def set_status(self, table_id: str, status: str, record: dict | None = None, result: dict | None = None) -> None:
        values: dict = {"status": status}
        if status == "running":
            values.update(clock_start=self.clock())  # the first move's clock
        if status == "finished":
            values.update(finished=self.clock(), record=json.dumps(record), result=json.dumps(result))
        with self.engine.begin() as db:
            db.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values))

    def set_rematch(self, table_id: str, rematch_id: str) -> str:
        """Link the next game's table (once): the one linked first wins; returns it."""
        with self.engine.begin() as db:
            db.execute(update(tables_t).where(tables_t.c.id == table_id, tables_t.c.rematch_id.is_(None))
                       .values(rematch_id=rematch_id))
            return db.execute(select(tables_t.c.rematch_id).where(tables_t.c.id == table_id)).scalar_one()

    def set_broken(self, table_id: str, why: str) -> None:
        """Mark a table that cannot be rebuilt from its stored moves (lama serve says why once)."""
        with self.engine.begin() as db:
            db.execute(update(tables_t).where(tables_t.c.id == table_id).values(broken=why[:1000]))

    def review(self, table_id: str) -> dict | None:
        """A finished table's stored review (None: not made yet)."""
        with self.engine.connect() as db:
            text = db.execute(select(tables_t.c.review).where(tables_t.c.id == table_id)).scalar()
        return json.loads(text) if text else None

    def set_review(self, table_id: str, review: dict) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables_t).where(tables_t.c.id == table_id).values(review=json.dumps(review)))

    def record(self, table_id: str) -> dict | None:
        with self.engine.connect() as db:
            text = db.execute(select(tables_t.c.record).where(tables_t.c.id == table_id)).scalar()
        return json.loads(text) if text else None

    # -- seats ---------------------------------------------------------------------------
    def claim_seat(self, table_id: str, seat: int, name: str, token_digest: str, reserved: str | None = None,
                   player: str | None = None) -> bool:
        """Give a free human seat to a person (a signed-in `player`'s); False if it was taken
        meanwhile. A reserved seat (a rematch) is given only to the holder of the reservation
        `reserved`."""
        with self.engine.begin() as db:
            done = db.execute(update(seats_t).where(
                seats_t.c.table_id == table_id, seats_t.c.seat == seat, seats_t.c.kind == "human",
                seats_t.c.token_hash.is_(None),
                seats_t.c.reserved.is_(None) if reserved is None else seats_t.c.reserved == reserved,
            ).values(name=name, token_hash=token_digest, player=player))
            return done.rowcount == 1

    def move_seat(self, table_id: str, seat: int, token_digest: str) -> None:
        """A person's seat to another device (web.claims): a new token, and nobody's player."""
        with self.engine.begin() as db:
            db.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                       .values(token_hash=token_digest, player=None))

    def seat_to_bot(self, table_id: str, seat: int, bot: str) -> bool:
        """A reserved seat nobody came for is played by a bot; False if it was claimed meanwhile."""
        with self.engine.begin() as db:
            done = db.execute(update(seats_t).where(
                seats_t.c.table_id == table_id, seats_t.c.seat == seat, seats_t.c.kind == "human",
                seats_t.c.token_hash.is_(None)).values(kind="bot", bot=bot, reserved=None, creator=0, player=None))
            return done.rowcount == 1

    def seat_of_token(self, table_id: str, token_digest: str) -> int | None:
        with self.engine.connect() as db:
            return db.execute(select(seats_t.c.seat).where(
                seats_t.c.table_id == table_id, seats_t.c.token_hash == token_digest)).scalar()

    def set_stand_in(self, table_id: str, seat: int, bot: str | None, clock_start: float | None = None) -> None:
        """A stand-in comes (a bot) or goes (None; `clock_start`: the person's clock starts again)."""
        with self.engine.begin() as db:
            db.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                       .values(stand_in=bot))
            if clock_start is not None:
                db.execute(update(tables_t).where(tables_t.c.id == table_id).values(clock_start=clock_start))

    # -- moves ---------------------------------------------------------------------------
    def add_move(self, table_id: str, n: int, seat: int, action: dict) -> bool:
        """Store move `n`; False if a move `n` is already stored (another server made it);
        MissingMove if move `n - 1` is not (the store is behind this server: schema.CONTIGUOUS)."""
        try:
            with self.engine.begin() as db:
                db.execute(insert(moves_t).values(table_id=table_id, n=n, seat=seat,
                                                  action=json.dumps(action), at=self.clock()))
                self._announce(db, table_id)  # delivered with the commit, never before
            return True
        except IntegrityError as e:
            if GAP in str(e.orig):
                raise MissingMove(table_id, n) from None
            return False

    def _add_one(self, move) -> bool | MissingMove:
        try:
            return self.add_move(*move)
        except MissingMove as e:
            return e

    def add_moves(self, moves: list[tuple[str, int, int, dict]]) -> list[bool | MissingMove]:
        """Store many moves (table, n, seat, action) in one transaction: a group commit. The
        answer says, for each, whether it is stored (False: that move `n` was stored before; a
        MissingMove: move `n - 1` is not). If any is not, each is tried again in its own
        transaction."""
        if not moves:
            return []
        at = self.clock()
        try:
            if self.sqlite:
                with self.engine.begin() as db:
                    db.execute(insert(moves_t), [dict(table_id=t, n=n, seat=seat, action=json.dumps(action), at=at)
                                                 for t, n, seat, action in moves])
            else:
                self._store_moves(moves, at)
            return [True] * len(moves)
        except IntegrityError:
            return [self._add_one(move) for move in moves]

    def moves(self, table_id: str, since: int = 0) -> list[tuple[int, int, dict]]:
        """(n, seat, action JSON) of every move from `since` on, in order."""
        with self.engine.connect() as db:
            rows = db.execute(select(moves_t.c.n, moves_t.c.seat, moves_t.c.action).where(
                moves_t.c.table_id == table_id, moves_t.c.n >= since).order_by(moves_t.c.n)).all()
        return [(r.n, r.seat, json.loads(r.action)) for r in rows]

    def last_move_at(self, table_id: str) -> float | None:
        """When the table's last move was stored (where the next move's clock starts)."""
        with self.engine.connect() as db:
            return db.execute(select(moves_t.c.at).where(moves_t.c.table_id == table_id)
                              .order_by(moves_t.c.n.desc()).limit(1)).scalar()

    def count_moves(self, table_id: str) -> int:
        with self.engine.connect() as db:
            return len(db.execute(select(moves_t.c.n).where(moves_t.c.table_id == table_id)).all())

    def close(self) -> None:
        self._closed.set()
        if self._checkpointer is not None and self._checkpointer is not threading.current_thread():
            self._checkpointer.join(timeout=5)
        self.engine.dispose()
        if self._writer is not None:
            self._writer.close()


def _sqlite_pragmas(connection, _record, synchronous: str) -> None:
    # WAL: readers never wait for the writer; a committed move survives a killed process
    # (NORMAL), and the machine's crash too (FULL: each commit waits for the disk).
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={synchronous}")
    cursor.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")  # the store's own thread checkpoints before
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
