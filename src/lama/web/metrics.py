"""`GET /metrics`: the server in Prometheus' text format (prometheus-client), one registry per
application: tables in memory, connections, moves stored (a counter: its rate is the moves per
second), the acknowledgement latency of people's moves, the bot queue, refusals by code; and
what delays every table at once: how late the event loop wakes up, and the full collections of
garbage."""

from __future__ import annotations

import asyncio
import time

from fastapi import APIRouter, Request
from fastapi.responses import Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from .hub import Hub

router = APIRouter()

# seconds from a person's `act` arriving to its acknowledging `state` being queued
ACK_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
LAG_TICK = 0.01  # seconds between the looks at the event loop's lateness


class Metrics:
    def __init__(self, app):
        self.registry = registry = CollectorRegistry()

        def hub() -> Hub | None:
            return getattr(app.state, "hub", None)

        Gauge("lama_tables_in_memory", "tables live in this server's memory", registry=registry).set_function(
            lambda: len(hub().live) if hub() else 0)
        Gauge("lama_bot_queue", "tables whose bots are to move (pausing, waiting their turn or deciding)",
              registry=registry).set_function(
            lambda: sum(1 for live in hub().live.values() if live.bots and not live.bots.done()) if hub() else 0)
        self.connections = Gauge("lama_connections", "WebSocket connections open", registry=registry)
        self.moves = Counter("lama_moves", "moves stored by this server (people's and bots')", registry=registry)
        self.ack = Histogram("lama_ack_seconds", "a person's move: from its act to its acknowledging state",
                             buckets=ACK_BUCKETS, registry=registry)
        self.refusals = Counter("lama_refusals", "requests, messages and connections refused, by code",
                                ["code"], registry=registry)
        self.loop_lag = Histogram("lama_loop_lag_seconds", f"how late the event loop wakes up (every {LAG_TICK} s)",
                                  buckets=ACK_BUCKETS, registry=registry)
        self.collections = Histogram("lama_gc_seconds", "full collections of garbage (the oldest generation)",
                                     buckets=ACK_BUCKETS, registry=registry)
        self._collecting = 0.0

    def collected(self, phase: str, info: dict) -> None:
        """(A gc.callbacks entry.) The time of each full collection."""
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._collecting = time.perf_counter()
        elif self._collecting:
            self.collections.observe(time.perf_counter() - self._collecting)
            self._collecting = 0.0

    async def watch_loop(self) -> None:
        """How late the event loop wakes up: what every table's messages wait, whatever the cause."""
        while True:
            before = time.monotonic()
            await asyncio.sleep(LAG_TICK)
            self.loop_lag.observe(time.monotonic() - before - LAG_TICK)


class MeteredHub(Hub):
    """The hub, counting the moves it stores."""

    def __init__(self, metrics: Metrics, *args, **kw):
        super().__init__(*args, **kw)
        self.metrics = metrics

    async def _commit(self, live, move) -> bool:
        stored = await super()._commit(live, move)
        if stored:
            self.metrics.moves.inc()
        return stored


@router.get("/metrics")
async def metrics(request: Request):
    return Response(generate_latest(request.app.state.metrics.registry), media_type=CONTENT_TYPE_LATEST)
