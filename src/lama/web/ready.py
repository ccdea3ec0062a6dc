"""Readiness, for load balancers (`GET /api/ready`): whether this server can serve tables now,
which is whether its store answers a cheap query. `GET /api/health` stays PROTOCOL's liveness
answer (the process answers), whatever the store.

SQLite is asked on a connection of its own, opened for the check: the store's pooled
connections keep a deleted or moved file open and would go on answering from it. PostgreSQL is
asked through the store's pool (which pings each connection it hands out). One check runs at a
time: a store that hangs holds one thread, however often the balancer asks.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from contextlib import closing
from urllib.parse import quote

from sqlalchemy.exc import SQLAlchemyError

from .recovery import trouble as in_words

log = logging.getLogger("lama.web")

READY_SECONDS = 3.0  # a check that takes longer says the store is not ready
STORE_RETRY = 5  # seconds a client is told to wait while the store cannot be used


def store_answers(store) -> None:
    """Ask the store for its schema version; an exception if it cannot answer."""
    path = store.engine.url.database if store.sqlite else None
    if path and path != ":memory:" and not path.startswith("file:"):
        with closing(sqlite3.connect(f"file:{quote(path)}?mode=ro", uri=True, timeout=READY_SECONDS)) as db:
            if db.execute("SELECT value FROM lama_meta WHERE key = 'schema'").fetchone() is None:
                raise sqlite3.DatabaseError("no schema version in the store")
    else:
        store.schema_version()


class Readiness:
    """The last answer, and the check under way (at most one)."""

    def __init__(self):
        self.trouble: str | None = None  # why the store was not ready at the last check
        self._check: asyncio.Task | None = None

    async def check(self, store) -> str | None:
        """None if the store answers now, else what went wrong in a few words. Callers share
        the check under way, and wait for it at most READY_SECONDS; one that hangs on is
        waited for again by the next caller, never started twice."""
        if self._check is None or self._check.done():
            self._check = asyncio.ensure_future(asyncio.to_thread(store_answers, store))
        try:
            await asyncio.wait_for(asyncio.shield(self._check), READY_SECONDS)
            trouble = None
        except TimeoutError:
            trouble = f"no answer within {READY_SECONDS:g} s"
        except (SQLAlchemyError, sqlite3.Error, OSError) as e:
            trouble = in_words(e)
        if trouble != self.trouble:  # a line when it changes, not one a poll
            if trouble is None:
                log.warning("the store answers again: ready")
            else:
                log.warning("the store cannot be used: not ready (%s)", trouble)
        self.trouble = trouble
        return trouble
