"""The store's writer thread (lama.web.workers.GroupCommit) on a real SQLite store: moves are
stored together, never behind a burst of other writes, and every write is answered."""

from __future__ import annotations

import asyncio
import threading
import time

from lama.web.schema import SeatRow, TableRow
from lama.web.store import Store
from lama.web.workers import GroupCommit

from .helpers import run


def table(table_id: str) -> TableRow:
    return TableRow(table_id, "lama", 2, {}, 1, "running", time.time(),
                    seats=[SeatRow(0, "human", name="Ann"), SeatRow(1, "bot", bot="heuristic")])


def test_a_move_does_not_wait_behind_a_burst_of_other_writes(tmp_path):
    # (the load tests found people's moves waiting 100-200 ms behind a hundred table creations
    # queued in the same batch)
    store = Store(f"sqlite:///{tmp_path / 'lama.db'}")
    store.create_table(table("t1"))
    commits = GroupCommit(store)
    done: list[str] = []
    writing = threading.Event()

    def slow_write(n: int) -> int:  # a write that takes a while (a table created on a busy disk)
        writing.set()
        time.sleep(0.02)
        done.append(f"write {n}")
        return n

    async def main():
        writes = [asyncio.ensure_future(commits.call(slow_write, n)) for n in range(20)]
        assert await asyncio.to_thread(writing.wait, 30), "no write was begun"  # the first write is being done
        stored = await commits.add_move("t1", 0, 0, {"type": "draw"})
        done.append("move")
        return stored, await asyncio.gather(*writes)

    try:
        stored, answers = run(main())
    finally:
        commits.close()
    assert stored is True and answers == list(range(20))  # every write answered, in its order
    assert [d for d in done if d != "move"] == [f"write {n}" for n in range(20)]
    assert done.index("move") <= 3, done  # after the write being done when it came, not after all 20
    assert store.count_moves("t1") == 1
    store.close()


def test_moves_queued_together_are_one_transaction_and_a_failing_write_fails_alone(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'lama.db'}")
    for t in ("t1", "t2"):
        store.create_table(table(t))
    commits = GroupCommit(store)

    def broken() -> None:
        raise ValueError("the disk is full")

    async def main():
        moves = [commits.add_move(t, n, 0, {"type": "draw"}) for n in range(3) for t in ("t1", "t2")]
        failing = commits.call(broken)
        again = commits.add_move("t1", 0, 0, {"type": "quit"})  # move 0 of t1 again: not stored
        results = await asyncio.gather(*moves, failing, again, return_exceptions=True)
        return results

    try:
        results = run(main())
    finally:
        commits.close()
    assert results[:6] == [True] * 6
    assert isinstance(results[6], ValueError) and results[7] is False
    assert store.count_moves("t1") == 3 and store.count_moves("t2") == 3
    store.close()
