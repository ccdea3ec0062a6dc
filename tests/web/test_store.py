"""The store on SQLite and on PostgreSQL (a throwaway cluster): schema versions, tables, seats,
moves stored once."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError

from lama.web.schema import SCHEMA_VERSION, MissingMove, SeatRow, StoreError, TableRow, meta_t, token_hash
from lama.web.store import CHECKPOINT_SECONDS, WAL_PAGES, Store

from .conftest import new_database


def table(table_id="t1", token="secret") -> TableRow:
    return TableRow(table_id, "kadabra", 3, {"target": 30}, 2**64 - 1, "waiting", time.time(),
                    seats=[SeatRow(0, "human", name="Ann", token_hash=token_hash(token), creator=True),
                           SeatRow(1, "human"), SeatRow(2, "bot", bot="hard")])


def test_a_new_store_gets_the_schema_and_a_second_open_keeps_it(db_url):
    store = Store(db_url)
    assert store.schema_version() == SCHEMA_VERSION
    store.create_table(table())
    store.close()
    again = Store(db_url)
    assert again.schema_version() == SCHEMA_VERSION and again.load_table("t1").seats[2].bot == "hard"
    again.close()


def test_servers_opening_a_new_database_together_make_one_schema(postgres):
    # (found by the two-server load test: both made the schema at once, and one server did not start)
    for _ in range(3):
        url = new_database(postgres)
        start, stores, errors = threading.Barrier(4), [], []

        def open_store(url=url, start=start, stores=stores, errors=errors):
            start.wait()
            try:
                stores.append(Store(url))
            except StoreError as e:
                errors.append(e)

        threads = [threading.Thread(target=open_store) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors
        assert [s.schema_version() for s in stores] == [SCHEMA_VERSION] * 4
        for s in stores:
            s.close()


def test_a_store_of_a_newer_lama_is_refused(db_url):
    store = Store(db_url)
    with store.engine.begin() as db:
        db.execute(update(meta_t).where(meta_t.c.key == "schema").values(value=str(SCHEMA_VERSION + 1)))
    store.close()
    with pytest.raises(StoreError, match="upgrade lama"):
        Store(db_url)


def test_an_older_store_is_migrated(db_url):
    """Version 0 (a store without its version row) is brought up to the current version."""
    store = Store(db_url)
    with store.engine.begin() as db:
        db.execute(meta_t.delete())
    store.close()
    assert Store(db_url).schema_version() == SCHEMA_VERSION


def test_a_version_3_store_keeps_its_rematches(db_url):
    """Version 4 renamed the column of a table's rematch (next_id -> rematch_id): a store of
    version 3 is migrated with its tables and their links kept."""
    store = Store(db_url)
    store.create_table(table("t1"))
    store.create_table(table("t2", "another secret"))
    assert store.set_rematch("t1", "t2") == "t2"
    with store.engine.begin() as db:  # back to version 3's columns, without version 5's trigger
        db.exec_driver_sql("ALTER TABLE lama_tables RENAME COLUMN rematch_id TO next_id")
        db.exec_driver_sql("ALTER TABLE lama_tables DROP COLUMN broken")
        db.exec_driver_sql("DROP TRIGGER lama_moves_contiguous" + ("" if store.sqlite else " ON lama_moves"))
        back_to_version_5(db)
        db.execute(update(meta_t).where(meta_t.c.key == "schema").values(value="3"))
    store.close()
    store = Store(db_url)
    assert store.schema_version() == SCHEMA_VERSION == 6
    assert store.load_table("t1").rematch_id == "t2" and store.load_table("t2").seats[0].name == "Ann"
    assert store.load_table("t1").broken is None
    with pytest.raises(MissingMove):  # version 5's trigger: no gap
        store.add_move("t1", 1, 0, {"draw": True})
    store.close()


def back_to_version_5(db) -> None:
    """Version 6's players, ratings and rated tables gone (as before version 6)."""
    db.exec_driver_sql("DROP INDEX lama_seats_player")
    db.exec_driver_sql("ALTER TABLE lama_seats DROP COLUMN player")
    db.exec_driver_sql("ALTER TABLE lama_tables DROP COLUMN rated")
    db.exec_driver_sql("ALTER TABLE lama_tables DROP COLUMN chat")
    db.exec_driver_sql("ALTER TABLE lama_tables DROP COLUMN review")
    for name in ("lama_rating_history", "lama_ratings", "lama_signin_codes", "lama_player_keys", "lama_players"):
        db.exec_driver_sql(f"DROP TABLE {name}")


def test_a_version_5_store_gets_players_and_keeps_its_tables(db_url):
    """Version 6 adds players, their seats, ratings and rated tables: a store of version 5 is
    migrated with every table, seat and move kept."""
    store = Store(db_url)
    store.create_table(table("t1"))
    store.set_status("t1", "running")
    store.add_move("t1", 0, 0, {"draw": True})
    with store.engine.begin() as db:
        back_to_version_5(db)
        db.execute(update(meta_t).where(meta_t.c.key == "schema").values(value="5"))
    store.close()
    store = Store(db_url)
    assert store.schema_version() == SCHEMA_VERSION == 6
    row = store.load_table("t1")
    assert row.status == "running" and not row.rated and [s.player for s in row.seats] == [None] * 3
    assert store.seat_of_token("t1", token_hash("secret")) == 0 and store.moves("t1") == [(0, 0, {"draw": True})]
    assert store.create_player("ann", "ann", "Ann", "d" * 64, "00" * 32, "phone")
    assert store.player("ann").name == "Ann" and store.claim_seat("t1", 1, "Ann", token_hash("a"), player="ann")
    assert [t.id for t in store.player_tables("ann", 10)] == ["t1"]
    store.close()


def test_tables_seats_and_moves(db_url):
    store = Store(db_url)
    store.create_table(table())
    row = store.load_table("t1")
    assert row.seed == 2**64 - 1 and row.options == {"target": 30} and row.status == "waiting"
    assert store.seat_of_token("t1", token_hash("secret")) == 0 and store.seat_of_token("t1", "x") is None
    assert store.claim_seat("t1", 1, "Bob", token_hash("b"))
    assert not store.claim_seat("t1", 1, "Cem", token_hash("c"))  # taken meanwhile
    assert not store.claim_seat("t1", 2, "Cem", token_hash("c"))  # a bot's seat
    store.set_status("t1", "running")
    assert [t.id for t in store.tables(("running",))] == ["t1"]
    assert store.add_move("t1", 0, 0, {"draw": True})
    assert not store.add_move("t1", 0, 1, {"quit": True})  # move 0 is stored once only
    assert store.add_moves([("t1", 1, 1, {"quit": True}), ("t1", 2, 2, {"play": "L"})]) == [True, True]
    assert store.add_moves([("t1", 2, 2, {"quit": True}), ("t1", 3, 0, {"quit": True})]) == [False, True]
    assert store.moves("t1") == [(0, 0, {"draw": True}), (1, 1, {"quit": True}), (2, 2, {"play": "L"}),
                                 (3, 0, {"quit": True})]
    assert store.moves("t1", 3) == [(3, 0, {"quit": True})]
    store.set_status("t1", "finished", {"format": "lama-record/1"})
    assert store.record("t1") == {"format": "lama-record/1"} and store.tables() == []
    store.close()


def test_a_bad_database_is_one_clear_error(tmp_path):
    with pytest.raises(StoreError, match="cannot"):
        Store(f"sqlite:///{tmp_path}/no/such/folder/x.db")
    with pytest.raises(StoreError, match="cannot"):
        Store("postgresql://nobody@127.0.0.1:1/none")


def test_sqlite_checkpoints_in_a_thread_of_its_own_not_in_a_commit(tmp_path):
    """The moves reach the database file itself within about CHECKPOINT_SECONDS, while the
    commits leave the log to grow up to WAL_PAGES (far more than these moves make)."""
    path = tmp_path / "lama.db"
    store = Store(f"sqlite:///{path}")
    try:
        with store.engine.connect() as db:
            assert db.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == WAL_PAGES
        before = path.stat().st_size
        store.create_table(table())
        for n in range(40):
            assert store.add_moves([("t1", 20 * n + k, k % 3, {"kind": "roll", "pad": "x" * 200}) for k in range(20)])
        deadline = time.monotonic() + 10 * CHECKPOINT_SECONDS
        while path.stat().st_size == before and time.monotonic() < deadline:
            time.sleep(0.1)
        assert path.stat().st_size > before  # copied in by the store's checkpoint thread
    finally:
        store.close()
    assert not store._checkpointer.is_alive()  # it ends with the store


def wait_for_listeners(url: str, count: int, timeout: float = 30) -> None:
    """Until `count` sessions of the database at `url` have run their LISTEN (PostgreSQL lists them)."""
    import psycopg

    deadline = time.monotonic() + timeout
    with psycopg.connect(url, autocommit=True) as conn:
        while True:
            listening = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                     "AND state = 'idle' AND query = %s", (f"LISTEN {Store.CHANNEL}",)).fetchone()[0]
            if listening >= count:
                return
            assert time.monotonic() < deadline, f"{listening} of {count} stores listen after {timeout} s"
            time.sleep(0.02)


def test_a_group_commit_announces_every_table_it_changed_to_the_other_servers(postgres):
    """PostgreSQL: one batch of moves at 700 tables is announced in a few notifications (at most
    ANNOUNCED tables each), every table named once, to the other server only; a move stored
    before is still refused, and announced by the move that stored it."""
    url = new_database(postgres)
    mine, other = Store(url, origin="a"), Store(url, origin="b")
    ids = [f"t{n:04d}" for n in range(700)]
    for table_id in ids:
        mine.create_table(TableRow(table_id, "lama", 2, {}, 1, "running", time.time(),
                                   seats=[SeatRow(0, "human", token_hash=token_hash(table_id)), SeatRow(1, "human")]))
    heard = {"a": [], "b": []}
    stop = threading.Event()
    listeners = [threading.Thread(target=s.listen, args=(heard[s.origin].append, stop), daemon=True)
                 for s in (mine, other)]
    try:
        for thread in listeners:
            thread.start()
        wait_for_listeners(url, 2)
        assert mine.add_moves([(t, 0, 0, {"draw": True}) for t in ids] + [(ids[0], 1, 1, {"draw": True})]) \
            == [True] * 701
        assert mine.add_moves([(ids[1], 0, 1, {"quit": True}), (ids[1], 1, 1, {"quit": True})]) == [False, True]
        deadline = time.monotonic() + 10
        while len(heard["b"]) < 701 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert sorted(heard["b"]) == sorted([*ids, ids[1]]) and heard["a"] == []
        assert mine.moves(ids[1]) == [(0, 0, {"draw": True}), (1, 1, {"quit": True})]
    finally:
        stop.set()
        for thread in listeners:
            thread.join(timeout=5)
        mine.close()
        other.close()


@pytest.mark.parametrize("sync_commits", [False, True])
def test_moves_commits_wait_for_the_disk_only_when_asked(db_url, sync_commits):
    """By default an acknowledged move survives a killed lama serve (the crash tests) without
    each commit waiting for the disk: SQLite's synchronous=NORMAL in WAL mode, PostgreSQL's
    synchronous_commit off for the moves' writer. `sync_commits` (lama serve --sync-commits)
    waits: SQLite FULL, PostgreSQL as the database has it (on)."""
    store = Store(db_url, sync_commits=sync_commits)
    try:
        store.create_table(table())
        assert store.add_moves([("t1", 0, 0, {"draw": True})]) == [True]
        if store.sqlite:
            with store.engine.connect() as db:
                assert db.exec_driver_sql("PRAGMA synchronous").scalar() == (2 if sync_commits else 1)  # FULL, NORMAL
        else:
            assert store._writer.execute("SHOW synchronous_commit").fetchone()[0] == ("on" if sync_commits else "off")
        assert store.moves("t1") == [(0, 0, {"draw": True})]
    finally:
        store.close()


def test_a_move_is_stored_only_after_the_one_before_it(db_url):
    """The store keeps a table's moves contiguous, whoever writes (schema.CONTIGUOUS): a move
    after a gap is refused as MissingMove, alone or in a group commit, where it does not stop
    the other tables' moves; a table's moves in order in one batch go in together."""
    store = Store(db_url)
    try:
        store.create_table(table("t1"))
        store.create_table(table("t2", "another secret"))
        with pytest.raises(MissingMove, match="no move 0"):
            store.add_move("t1", 1, 0, {"draw": True})
        assert store.add_moves([("t1", 0, 0, {"draw": True}), ("t1", 1, 1, {"draw": True})]) == [True, True]
        answers = store.add_moves([("t2", 0, 0, {"draw": True}), ("t1", 5, 2, {"draw": True}),
                                   ("t1", 2, 2, {"quit": True})])
        assert answers[0] is True and answers[2] is True
        assert isinstance(answers[1], MissingMove) and (answers[1].table_id, answers[1].n) == ("t1", 5)
        assert [n for n, _, _ in store.moves("t1")] == [0, 1, 2] and len(store.moves("t2")) == 1
        # whoever writes, not only lama's own statements
        with store.engine.begin() as db, pytest.raises(IntegrityError, match="lama_moves_gap"):
            db.exec_driver_sql("INSERT INTO lama_moves (table_id, n, seat, action, at) "
                               "VALUES ('t2', 7, 0, '{}', 0)")
    finally:
        store.close()
