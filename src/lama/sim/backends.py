"""Where the games are played: this process, a pool of local processes, or Dask.

A backend takes units of work `(spec, tasks, keep_record, decision_timeout)`, an iterable that
it reads as it goes (so a tournament's units are made as they are needed, never held all at
once), keeps a bounded number of them in flight (one at a time in this process; four per worker
in a pool or on Dask, whose futures it lets go as soon as it has read them), plays each with
its `play` function (worker.play_chunk through the rules core, fastplay.play_fast_chunk in
compiled code; any picklable function of a unit) and hands each
unit and its summaries to `on_result(unit, games)` in this process as they finish, in whatever
order they finish (the caller orders them). `on_result` returns False to stop:
work not yet delivered is cancelled (a local pool still delivers the games it
was playing). Ctrl-C stops at once; what was delivered stays delivered.
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import signal
import threading
from collections import deque
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from lama.match.process import die_with

from .worker import play_chunk

BACKENDS = ("local", "dask")
RESTARTS = 3  # times a local pool is rebuilt after a worker died, per run
CONNECT_TIMEOUT = "20s"  # to reach a Dask scheduler given by --address
LOG_LENGTH = 10  # messages Dask keeps of each connection, for debugging (its default: 1000)


class BackendError(Exception):
    """A backend cannot start or lost its workers; the message says what to do."""


class Serial:
    name = "local"

    def __init__(self, play=play_chunk):
        self.workers = 1
        self.play = play

    def run(self, units, on_result) -> None:
        for unit in units:
            if not on_result(unit, self.play(*unit)):
                return

    def close(self) -> None:
        pass


def _init_worker(parent: int):
    # Ctrl-C is the parent's to handle: a worker interrupted mid-game would only break the pool
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with(parent)


class Processes:
    """A pool of `workers` local processes (spawned: no forked copy of this process's threads)."""

    name = "local"

    def __init__(self, workers: int, tell=None, play=play_chunk):
        self.workers = workers
        self.tell = tell  # where a restart of the pool is told (None: nowhere)
        self.play = play

    def run(self, units, on_result) -> None:
        source = iter(units)
        queue = deque()  # units to play again (their worker died) before the source's next ones
        restarts = 0
        while True:
            lost = self._run_pool(queue, source, on_result)
            if lost is None:
                return
            restarts += 1
            if restarts > RESTARTS:
                raise BackendError(f"a worker process died {restarts} times ({lost}); "
                                   f"the games finished are kept")
            if self.tell is not None:
                self.tell(f"lama tournament: a worker process died ({lost}); restarting the pool "
                          f"({restarts}/{RESTARTS}) and playing its unfinished games again")

    def _run_pool(self, queue: deque, source, on_result) -> str | None:
        """Run until `queue` and `source` are empty or stopped (None), or the pool broke (why;
        unfinished work requeued)."""
        pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_init_worker, initargs=(os.getpid(),))
        running = {}
        broken = None
        try:
            while True:
                while len(running) < 4 * self.workers and broken is None:
                    unit = queue.popleft() if queue else next(source, None)
                    if unit is None:
                        break
                    try:
                        running[pool.submit(self.play, *unit)] = unit
                    except BrokenProcessPool as e:
                        queue.appendleft(unit)
                        broken = str(e) or "pool broken"
                if not running:
                    break
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                submitted = {f: i for i, f in enumerate(running)}
                for future in sorted(done, key=submitted.get):  # several at once: in the order given
                    unit = running.pop(future)
                    try:
                        result = future.result()
                    except BrokenProcessPool as e:
                        queue.appendleft(unit)
                        broken = str(e) or "pool broken"
                        continue
                    except Exception as e:  # a game summary that cannot come back (unpicklable, ...)
                        raise BackendError(f"a batch of games failed in a worker: {type(e).__name__}: {e}; "
                                           f"the games finished are kept") from None
                    if not on_result(unit, result):
                        for f in running:
                            f.cancel()
                        for f in wait(running).done:
                            if not f.cancelled() and f.exception() is None:
                                on_result(running[f], f.result())
                        running.clear()
                        return None
                if broken is not None:
                    for f, unit in running.items():  # the rest of the pool's work is lost with it
                        if f.done() and not f.cancelled() and f.exception() is None:
                            on_result(unit, f.result())
                        else:
                            queue.appendleft(unit)
                    running.clear()
                    return broken
            return None
        except BaseException:
            self._kill(pool)
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    @staticmethod
    def _kill(pool) -> None:
        # shutdown() would wait for the games being played; an interrupted run should stop now
        for process in list(getattr(pool, "_processes", {}).values()):
            if process.is_alive():
                process.kill()

    def close(self) -> None:
        pass


def _import_dask():
    try:
        import distributed  # noqa: F401
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise BackendError("the dask backend needs Dask distributed: pip install 'lama[tournament]' "
                           "(or dask[distributed])") from None
    return Client, LocalCluster, as_completed


class Dask:
    """A Dask cluster: the one at `address`, or a local one of `workers` processes on 127.0.0.1.

    Dask runs again on another worker any work whose worker died.
    """

    name = "dask"

    def __init__(self, workers: int | None, address: str | None, play=play_chunk):
        Client, LocalCluster, self._as_completed = _import_dask()
        import dask

        self.play = play
        self.cluster = None
        # Dask logs the last messages of each connection made from now on (its client's to the
        # scheduler, a local scheduler's to each worker) with what they carry: a unit of work
        # each, thousands of games; a short log keeps them from adding up (until close())
        self._short_logs = dask.config.set({"distributed.admin.low-level-log-length": LOG_LENGTH})
        self._short_logs.__enter__()
        try:
            if address:
                self.client = Client(address, timeout=CONNECT_TIMEOUT)
            else:
                # workers started while SIGINT is ignored keep ignoring it: Ctrl-C is ours to handle
                main_thread = threading.current_thread() is threading.main_thread()
                previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main_thread else None
                try:
                    self.cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                                                processes=True, host="127.0.0.1", dashboard_address=None,
                                                silence_logs=logging.ERROR)
                finally:
                    if main_thread:
                        signal.signal(signal.SIGINT, previous)
                self.client = Client(self.cluster)
        except (OSError, TimeoutError) as e:
            self.close()
            where = address or "a local cluster"
            raise BackendError(f"cannot connect to the Dask scheduler at {where}: {e}") from None
        self.workers = len(self.client.scheduler_info().get("workers", {})) or workers

    def run(self, units, on_result) -> None:
        source = iter(units)
        client = self.client
        window = 4 * max(1, self.workers or 1)  # units in flight: the rest wait in `source`, unmade

        units_of = {}

        def submit(unit):
            future = client.submit(self.play, *unit, pure=False)
            units_of[future.key] = unit
            return future

        running = self._as_completed([submit(unit) for unit in itertools.islice(source, window)])
        try:
            for future in running:
                try:
                    result = future.result()
                except Exception as e:  # e.g. KilledWorker: the same work killed several workers
                    raise BackendError(f"Dask gave up on a batch of games: {type(e).__name__}: {e}; "
                                       f"the games finished are kept") from None
                unit = units_of.pop(future.key)
                future.release()  # the cluster forgets the result now, not when the loop moves on
                if not on_result(unit, result):
                    client.cancel(list(running.futures))
                    return
                unit = next(source, None)
                if unit is not None:
                    running.add(submit(unit))
        except BaseException:
            client.cancel(list(running.futures))
            raise

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        if self.cluster is not None:
            self.cluster.close()
        if self._short_logs is not None:
            self._short_logs.__exit__(None, None, None)
            self._short_logs = None


def make_backend(name: str, workers: int | None, address: str | None, tell=None, play=play_chunk):
    if name == "dask":
        return Dask(workers, address, play)
    if address:
        raise BackendError("--address is for --backend dask")
    return Processes(workers, tell, play) if workers and workers > 1 else Serial(play)
