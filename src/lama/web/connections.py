"""What one client may hold of the server (issue 40): its connections, and how long each may
keep the server waiting. Below the application, in uvicorn's HTTP protocol (`protocol_class`,
given to `uvicorn.Config(http=...)` by `lama serve`), because a connection that never finishes a
request never reaches the application:

- deadlines (`Deadlines`): a connection with no request under way (just opened, or kept alive
  after an answer) is closed after `idle` seconds; a request's headers must be complete within
  `headers` seconds of its first byte, however slowly they trickle in; its body within `body`
  seconds of the headers' end. Late headers or body are answered `408 too_slow` and the
  connection is closed; headers over MAX_HEADER_BYTES `431 too_large`.
- counts (`Gate`): the plain HTTP connections one client address (an IPv6 client by its /64)
  keeps open at once (`Limits.http_connections`; a WebSocket counts against `Limits.connections`
  once upgraded), and all connections together, which are kept under the process's open-file
  limit (`raise_open_files` raises it as far as the system allows): one more is answered
  `429 rate_limited` (or `503 server_busy` when the server is full) and closed at once.

A trusted reverse proxy (`lama serve --forwarded-allow-ips`) brings everyone's requests: its
connections are not counted per address (its clients' WebSockets are, by X-Forwarded-For).

The standard library only until `protocol_class` is called: `lama serve --help` shows the
deadlines without the web extra.
"""

from __future__ import annotations

import ipaddress
import json
import logging
from dataclasses import dataclass

from lama.i18n import N_, localized

from .limits import client_key

IDLE_SECONDS = 5.0  # a connection without a request under way (uvicorn's keep-alive timeout)
HEADER_SECONDS = 10.0  # a request's headers, from their first byte
BODY_SECONDS = 30.0  # its body (at most 64 KB), from the end of the headers
MAX_HEADER_BYTES = 32 * 1024  # a request's line and headers
FILES_KEPT = 128  # open files kept for the store, the bots' processes, the static files, the logs
OPEN_FILES = 1_048_576  # the open-file limit asked for where the hard limit is unlimited

log = logging.getLogger("lama.web")

REASONS = {408: "Request Timeout", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
           503: "Service Unavailable"}


@dataclass(frozen=True)
class Deadlines:
    """Seconds a connection may keep the server waiting (lama serve --idle-timeout, ...)."""

    idle: float = IDLE_SECONDS
    headers: float = HEADER_SECONDS
    body: float = BODY_SECONDS


def raise_open_files() -> int:
    """Raise the process's soft limit of open files to its hard limit, where the system allows;
    the soft limit now (0 where the system has none to read)."""
    try:
        import resource
    except ImportError:  # (Windows)
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = OPEN_FILES if hard == resource.RLIM_INFINITY else hard
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return soft if soft != resource.RLIM_INFINITY else OPEN_FILES
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):  # (macOS caps it below an unlimited hard limit; some systems refuse)
        return soft
    return wanted


class Trusted:
    """The reverse proxies named by --forwarded-allow-ips: addresses or networks, comma-separated, or *."""

    def __init__(self, text: str | None):
        names = [n.strip() for n in (text or "").split(",") if n.strip()]
        self.everyone = "*" in names
        self.networks, self.names = [], set()
        for name in names:
            try:
                self.networks.append(ipaddress.ip_network(name, strict=False))
            except ValueError:
                self.names.add(name)

    def __contains__(self, host: str) -> bool:
        if self.everyone or host in self.names:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)


class Gate:
    """The open connections, per client address and in all: `per_address` plain HTTP connections
    (0: no limit), `total` connections of any kind (0: no limit). `refused(code)` is told of each
    connection refused or closed for being too slow (the /metrics count)."""

    def __init__(self, per_address: int, total: int, trusted: str | None = None, refused=None):
        self.per_address, self.total = per_address, total
        self.trusted = Trusted(trusted)
        self.refused = refused or (lambda code: None)
        self.http: dict[str, int] = {}  # address -> plain HTTP connections open
        self.held: dict[object, str | None] = {}  # transport -> its address while plain HTTP, None once upgraded

    def admit(self, transport, host: str) -> tuple[int, str, str] | None:
        """A new connection from `host`: None (counted), or why it is refused (status, code, message)."""
        if self.total and len(self.held) >= self.total:
            return 503, "server_busy", N_("the server has as many connections as it can hold: try again in a moment")
        key = None if host in self.trusted else client_key(host)
        if key is not None and self.per_address and self.http.get(key, 0) >= self.per_address:
            return 429, "rate_limited", N_("this address has {n} connections open already")
        self.held[transport] = key
        if key is not None:
            self.http[key] = self.http.get(key, 0) + 1
        return None

    def upgraded(self, transport) -> None:
        """A connection became a WebSocket: from now on it counts in all only (and against the
        application's own limit of WebSockets per address)."""
        self._uncount(transport)
        if transport in self.held:
            self.held[transport] = None

    def leave(self, transport) -> None:
        self._uncount(transport)
        self.held.pop(transport, None)

    def _uncount(self, transport) -> None:
        key = self.held.get(transport)
        if key is not None:
            self.http[key] -= 1
            if not self.http[key]:
                del self.http[key]

    def open_from(self, host: str) -> int:
        """The plain HTTP connections `host`'s address has open (tests, /metrics)."""
        return self.http.get(client_key(host), 0)


def answer(status: int, code: str, message: str, retry_after: int | None = None) -> bytes:
    """A whole HTTP answer with PROTOCOL's JSON error, for a connection about to be closed (in
    English: the request's Accept-Language is not known yet)."""
    from .security import HEADERS

    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    lines = [f"HTTP/1.1 {status} {REASONS[status]}".encode(), b"content-type: application/json",
             b"content-length: %d" % len(body), b"connection: close",
             *(name + b": " + value for name, value in HEADERS)]
    if retry_after is not None:
        lines.append(b"retry-after: %d" % retry_after)
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


class Guarded:
    """The deadlines and counts, mixed into uvicorn's HTTP protocol (`protocol_class`). A
    connection is in one phase at a time: `idle` (waiting for a request), `headers` (a request
    begun), `body` (its headers read, its body coming), `app` (the application answers: no
    deadline of ours), `closed`."""

    gate: Gate
    deadlines: Deadlines

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._timer, self._timer_for = None, None
        self._phase, self._header_bytes = "idle", 0
        refusal = self.gate.admit(transport, self.client[0] if self.client else "")
        if refusal is not None:
            status, code, message = refusal
            self._close_with(status, code, localized(message, "en", n=self.gate.per_address), retry_after=1)
            return
        self._arm(self.deadlines.idle)

    def connection_lost(self, exc) -> None:
        self._phase = "closed"
        self._disarm()
        self.gate.leave(self.transport)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._phase == "closed":
            return
        if self._phase == "idle":  # a request begins
            self._phase, self._header_bytes = "headers", 0
            self._arm(self.deadlines.headers)
        before = self.cycle
        if self._phase == "headers":
            self._header_bytes += len(data)
        super().data_received(data)
        if self._phase == "closed" or self.transport.is_closing():
            return
        cycle = self.cycle
        if self._phase == "headers":
            if cycle is not None and cycle is not before:  # the headers are complete
                self._phase = "body"
            elif self._header_bytes > MAX_HEADER_BYTES:
                self._close_with(431, "too_large", localized(N_("a request's headers are at most {kb} KB"), "en",
                                                             kb=MAX_HEADER_BYTES // 1024))
                return
        if self._phase == "body":
            if cycle.more_body and not cycle.response_complete:
                if self._timer is None or self._timer_for != "body":
                    self._arm(self.deadlines.body, "body")
            else:  # the whole request is in: the application answers in its own time
                self._phase = "app"
                self._disarm()

    def handle_websocket_upgrade(self, *args) -> None:
        self._phase = "closed"  # (for this protocol: the WebSocket's own takes the connection)
        self._disarm()
        self.gate.upgraded(self.transport)
        super().handle_websocket_upgrade(*args)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self._phase == "closed" or self.transport.is_closing():
            return
        if self.cycle is not None and not self.cycle.response_complete:  # a pipelined request is under way
            self._phase = "app"
            self._disarm()
            return
        self._phase = "idle"
        self._arm(self.deadlines.idle)

    # -- timers ---------------------------------------------------------------------------
    def _arm(self, seconds: float, what: str | None = None) -> None:
        self._disarm()
        self._timer_for = what or self._phase
        self._timer = self.loop.call_later(seconds, self._late)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _late(self) -> None:
        self._timer = None
        if self._phase == "idle":  # a kept-alive or bare connection: closed without a word
            self.transport.close()
        elif self._phase == "headers":
            self._close_with(408, "too_slow", localized(N_("a request's headers must arrive within {seconds} s"),
                                                        "en", seconds=f"{self.deadlines.headers:g}"))
        elif self._phase == "body":  # (the application hears that the client is gone: routes.api)
            self._close_with(408, "too_slow", localized(N_("a request's body must arrive within {seconds} s"),
                                                        "en", seconds=f"{self.deadlines.body:g}"))

    def _close_with(self, status: int, code: str, message: str, retry_after: int | None = None) -> None:
        self._phase = "closed"
        self._disarm()
        self.gate.refused(code)
        if not self.transport.is_closing():
            self.transport.write(answer(status, code, message, retry_after))
            self.transport.close()


def protocol_class(gate: Gate, deadlines: Deadlines = Deadlines(), base=None) -> type:  # noqa: B008 - frozen
    """uvicorn's HTTP protocol (`base`: the one uvicorn picks by default) with the deadlines and
    counts of `gate`; its WebSockets' protocol tells `gate` when they close."""
    if base is None:
        from uvicorn.protocols.http.auto import AutoHTTPProtocol as base

    websockets: dict[type, type] = {}

    def guarded_websocket(ws_base: type) -> type:
        if ws_base not in websockets:
            def connection_lost(self, exc):
                try:
                    ws_base.connection_lost(self, exc)
                finally:
                    gate.leave(self.transport)

            websockets[ws_base] = type("Guarded" + ws_base.__name__, (ws_base,), {"connection_lost": connection_lost})
        return websockets[ws_base]

    def __init__(self, *args, **kwargs):
        base.__init__(self, *args, **kwargs)
        if self.ws_protocol_class is not None:
            self.ws_protocol_class = guarded_websocket(self.ws_protocol_class)

    return type("Guarded" + base.__name__, (Guarded, base),
                {"gate": gate, "deadlines": deadlines, "__init__": __init__})
