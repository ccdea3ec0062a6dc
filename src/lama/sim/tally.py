"""A plan's finished games, kept in constant memory until the summary reads them in order.

Games finish in any order (and a resumed tournament reads its earlier games back from
results.jsonl in the order they were written), but the summary (summary.py) adds them up in
the plan's order, so that the same seed gives the same numbers to the last bit. So each
finished game's numbers go, as a fixed-size row, to its plan position in a scratch file (a
temporary file, deleted when closed), and the summary reads that file back deal by deal. What
stays in memory is a status byte per game and the failures (which --json lists in full).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator

import numpy as np

MISSING, FAILED, FINISHED = 0, 1, 2  # a game's status
CHUNK_BYTES = 1 << 20  # read back about a megabyte at a time
BATCH = 2048  # rows gathered in Python before they are written


def row_type(players: int) -> np.dtype:
    """The scratch row of a finished game at `players` seats (`bots`: each seat's index in the pool)."""
    return np.dtype([("bots", "<u2", (players,)), ("winners", "u1"), ("nwinners", "u1"), ("rounds", "<i8"),
                     ("points", "<i8", (players,)), ("decisions", "<i8", (players,)),
                     ("seconds", "<f8", (players,))])


class Scratch:
    """An anonymous temporary file of numpy rows of one dtype: written anywhere, read in order."""

    def __init__(self, dtype: np.dtype):
        self.dtype = np.dtype(dtype)
        self.rows = 0  # rows the file reaches (written or skipped)
        self._file = None
        self._batch = []  # rows added and not yet written

    def write(self, first: int, rows: np.ndarray) -> None:
        """Write `rows` at row `first` (rows never written read back as zeros)."""
        if not len(rows):
            return
        if self._file is None:
            self._file = tempfile.TemporaryFile(prefix="lama-tournament-")  # noqa: SIM115 - closed by close()
        self._file.seek(first * self.dtype.itemsize)
        self._file.write(np.ascontiguousarray(rows, dtype=self.dtype).tobytes())
        self.rows = max(self.rows, first + len(rows))

    def add(self, row: tuple) -> None:
        """Add a row at the end (kept in a batch of BATCH rows until then)."""
        self._batch.append(row)
        if len(self._batch) >= BATCH:
            self.flush()

    def flush(self) -> None:
        """Write the rows added (reading and closing flush too)."""
        if self._batch:
            batch, self._batch = self._batch, []
            self.write(self.rows, np.array(batch, dtype=self.dtype))

    def read(self, first: int, end: int) -> np.ndarray:
        """Rows first to end - 1."""
        self.flush()
        out = np.zeros(max(0, end - first), dtype=self.dtype)
        if self._file is not None and end > first:
            self._file.seek(first * self.dtype.itemsize)
            self._file.readinto(memoryview(out).cast("B"))  # a short read (rows never written) stays zero
        return out

    def chunks(self, end: int | None = None) -> Iterator[np.ndarray]:
        """Rows 0 to `end` - 1 (all of them by default), CHUNK_BYTES at a time, in order."""
        self.flush()
        end = self.rows if end is None else end
        step = max(1, CHUNK_BYTES // max(1, self.dtype.itemsize))
        for first in range(0, end, step):
            yield self.read(first, min(end, first + step))

    def close(self) -> None:
        self._batch = []
        if self._file is not None:
            self._file.close()
            self._file = None


class Column:
    """One field of a Scratch (`index` into it when it holds several) as a sequence that can be
    read again and again without holding it: what stats.ratio sums, in the same order, to the
    same bits as a list of the same numbers."""

    def __init__(self, scratch: Scratch, field: str, index: int | None = None, kind=float):
        self.scratch, self.field, self.index, self.kind = scratch, field, index, kind

    def __len__(self) -> int:
        self.scratch.flush()
        return self.scratch.rows

    def __iter__(self):
        for rows in self.scratch.chunks():
            values = rows[self.field] if self.index is None else rows[self.field][:, self.index]
            yield from (values if self.kind is float else values.astype(np.int64)).tolist()


class Tally:
    """The finished games of a plan: a status per game (MISSING, FAILED, FINISHED), the numbers
    of the finished ones in a scratch file at their plan positions, and the failures.

    A finished game wins over a failure of the same game, whichever comes first (the store's rule:
    a fixed bot may be resumed over its failures); otherwise the later one counts."""

    def __init__(self, plan):
        self.plan = plan
        self.status = bytearray(plan.size)
        self.errors: dict[int, dict] = {}  # position -> the failure, as the summary lists it
        self.rows = Scratch(row_type(plan.spec.players))
        self._index = {name: i for i, name in enumerate(plan.pool)}

    @classmethod
    def of(cls, plan, results: dict) -> Tally:
        """The tally of `results`, game summaries by (deal, seating) (those of other plans left out)."""
        tally = cls(plan)
        tally.add([(pos, game) for key, game in results.items() if (pos := plan.position(key)) is not None])
        return tally

    @property
    def played(self) -> int:
        """The games finished or failed."""
        return len(self.status) - self.status.count(MISSING)

    @property
    def failed(self) -> int:
        return self.status.count(FAILED)

    @property
    def todo(self) -> int:
        """The games still to play: not played, or failed."""
        return len(self.status) - self.status.count(FINISHED)

    def add(self, games) -> None:
        """Count (position, game summary) pairs (any iterable: read a few thousand at a time)."""
        rows = []
        for pos, game in games:
            if "error" in game:
                if self.status[pos] == FINISHED:
                    continue
                self.status[pos] = FAILED
                self.errors[pos] = game["error"] | {k: game[k] for k in ("deal", "seating", "seed", "bots")}
                continue
            self.status[pos] = FINISHED
            self.errors.pop(pos, None)
            winners = game["winners"]
            row = ([self._index[name] for name in game["bots"]], sum(1 << w for w in set(winners)), len(winners),
                   game["rounds"], game["points"], game["decisions"], game["seconds"])
            rows.append((pos, row))
            if len(rows) >= BATCH:
                self._write(rows)
                rows = []
        self._write(rows)

    def _write(self, rows: list) -> None:
        if not rows:
            return
        rows.sort(key=lambda r: r[0])  # a later row of the same position last: it counts
        table = np.array([r for _, r in rows], dtype=self.rows.dtype)
        positions = [pos for pos, _ in rows]
        first = 0
        for i in range(1, len(rows) + 1):  # one write per run of consecutive positions
            if i == len(rows) or positions[i] != positions[i - 1] + 1:
                self.rows.write(positions[first], table[first:i])
                first = i

    def finished_deals(self) -> Iterator[tuple[int, np.ndarray]]:
        """(deal, its games' rows in seating order) for every deal whose every game finished, in order."""
        plan, status = self.plan, self.status
        step = max(1, CHUNK_BYTES // self.rows.dtype.itemsize)
        deal = 0
        while deal < plan.deals:
            lo = plan.start(deal)
            last = deal + 1
            while last < plan.deals and plan.start(last + 1) - lo <= step:
                last += 1
            block = None
            for d in range(deal, last):
                a, b = plan.start(d), plan.start(d + 1)
                if status.count(FINISHED, a, b) == b - a:
                    if block is None:
                        block = self.rows.read(lo, plan.start(last))
                    yield d, block[a - lo:b - lo]
            deal = last

    def close(self) -> None:
        self.rows.close()
