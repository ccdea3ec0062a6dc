"""Limits per client address, so one client cannot stall the others: tables created, seats
joined, hints and odds asked for (each a token bucket: so many a minute, as many at once), and
WebSocket connections open at once (per address and per table); plain HTTP connections open
at once are counted below the application, in web.connections. Over a limit a request is
answered `429 rate_limited` with `Retry-After` (PROTOCOL.md), a connection is closed with 1008.
`Bucket` is the one token bucket of the server: these limits', and a WebSocket's own on its
messages and reactions (routes.ws).

The address is the connection's peer, or, behind a reverse proxy named as trusted (uvicorn's
`forwarded_allow_ips`, `lama serve --forwarded-allow-ips`), the client its X-Forwarded-For names:
uvicorn puts it in the ASGI scope's `client` before any of this runs.

The standard library only: `lama serve --help` lists the limits without the web extra.
"""

from __future__ import annotations

import ipaddress
import math
import time
from dataclasses import dataclass, fields

from lama.i18n import N_

from .errors import ServerRefusal

# buckets kept: beyond it, the full ones (clients quiet for a while) go, then the oldest (which
# only makes the limits kinder to their clients), so the limiter's memory is bounded
MAX_CLIENTS = 10_000


@dataclass(frozen=True)
class Limits:
    """Each limit per client address; 0: no limit."""

    creations: int = 30  # tables created a minute
    joins: int = 60  # seats taken a minute (join and play again)
    hints: int = 60  # hints and odds asked for a minute
    players: int = 5  # players created a minute
    signins: int = 10  # sign-ins tried a minute (a sign-in code used)
    connections: int = 50  # WebSocket connections open at once
    http_connections: int = 50  # plain HTTP connections open at once (web.connections)
    table_connections: int = 200  # WebSocket connections open at once to one table (from everyone)

    HELP = {  # (lama serve --help, translated there)
        "creations": N_("tables one client address may create a minute"),
        "joins": N_("seats one client address may take a minute (join, play again)"),
        "hints": N_("hints and odds one client address may ask for a minute"),
        "players": N_("players one client address may create a minute"),
        "signins": N_("sign-ins one client address may try a minute"),
        "connections": N_("WebSocket connections one client address may keep open at once"),
        "http_connections": N_("plain HTTP connections one client address may keep open at once"),
        "table_connections": N_("WebSocket connections one table may have open at once, from everyone"),
    }

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]


class RateLimited(ServerRefusal):
    """`rate_limited` (errors.ServerRefusal): `retry_after`, whole seconds until the client may try
    again (None for a WebSocket refused because too many are open, or a message too many)."""

    code = "rate_limited"

    def __init__(self, template: str, retry_after: int | None = None, **params):
        super().__init__(template, **params)
        self.retry_after = retry_after


class Bucket:
    """A token bucket: `rate` a second, `burst` at once, on `clock` (a WebSocket's messages and
    reactions; the Limiter keeps one per client address and kind)."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.at = clock()

    def take(self) -> bool:
        """Take one token: False (nothing taken) if the bucket is empty."""
        self._fill(self.clock())
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def _fill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def full(self, now: float) -> bool:
        """Whether it would be full at `now` (a new bucket would say as much)."""
        return self.tokens + (now - self.at) * self.rate >= self.burst

    def wait(self) -> float:
        """Seconds until one token is there (after a take that failed)."""
        return (1 - self.tokens) / self.rate


# why a client is held, by what it asked for too often
TOO_MANY = {"creations": N_("too many tables created from this address: try again in {seconds} s"),
            "joins": N_("too many seats taken from this address: try again in {seconds} s"),
            "hints": N_("too many hints and odds asked for from this address: try again in {seconds} s"),
            "players": N_("too many players created from this address: try again in {seconds} s"),
            "signins": N_("too many sign-ins tried from this address: try again in {seconds} s")}


class Limiter:
    """The buckets and connection counts of one server."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self._buckets: dict[tuple[str, str], Bucket] = {}  # (kind, address) -> its bucket
        self._open: dict[str, int] = {}  # address -> WebSocket connections open
        self._open_at: dict[str, int] = {}  # table -> WebSocket connections open

    def take(self, kind: str, address: str) -> None:
        """One `kind` (creations, joins, hints) for `address`; RateLimited if over its limit."""
        per_minute = getattr(self.limits, kind)
        if not per_minute:
            return
        bucket = self._buckets.get((kind, address))
        if bucket is None:
            if len(self._buckets) >= MAX_CLIENTS:
                self._prune(time.monotonic())
            bucket = self._buckets[(kind, address)] = Bucket(per_minute / 60.0, per_minute)
        if not bucket.take():
            seconds = max(1, math.ceil(bucket.wait()))
            raise RateLimited(TOO_MANY[kind], seconds, seconds=seconds)

    def _prune(self, now: float) -> None:
        """Drop the buckets that have filled up again (they say nothing a new one would not),
        then, if too many are left, the oldest."""
        for key, bucket in list(self._buckets.items()):
            if bucket.full(now):
                del self._buckets[key]
        if len(self._buckets) >= MAX_CLIENTS:
            for key in list(self._buckets)[:len(self._buckets) - MAX_CLIENTS // 2]:
                del self._buckets[key]

    def open(self, address: str, table_id: str) -> RateLimited | None:
        """A WebSocket connection of `address` to a table opens: None, or why it may not
        (then nothing is counted). Each open that answered None is followed by one `close`."""
        limits = self.limits
        if limits.connections and self._open.get(address, 0) >= limits.connections:
            return RateLimited(N_("this address has {n} connections open already"), n=limits.connections)
        if limits.table_connections and self._open_at.get(table_id, 0) >= limits.table_connections:
            return RateLimited(N_("this table has {n} connections open already"), n=limits.table_connections)
        self._open[address] = self._open.get(address, 0) + 1
        self._open_at[table_id] = self._open_at.get(table_id, 0) + 1
        return None

    def close(self, address: str, table_id: str) -> None:
        for counts, key in ((self._open, address), (self._open_at, table_id)):
            counts[key] -= 1
            if not counts[key]:
                del counts[key]


def address_of(connection) -> str:
    """The client address of a Request or WebSocket (uvicorn has applied trusted proxies): its
    `client_key`."""
    client = connection.scope.get("client")
    return client_key(client[0] if client else "")


def client_key(host: str) -> str:
    """What a client address counts as: itself, or an IPv6 client's /64, the network one
    customer is given."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if address.version == 4:
        return host
    if address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(ipaddress.ip_network(f"{address}/64", strict=False))
