"""One seat at an online table over lama-web/1's WebSocket: `SeatClient.run(player)`.

The token goes in the first message (`hello`), never in the address. Every `state` of the
seat is handed to the player as the core's objects (lama.online.convert): its View and the
events it has not been told yet; the action the player answers is sent with the state's
version. A dropped connection or a restarted server is met by connecting again after a
growing pause (BACKOFF), until the server answers again or GIVE_UP seconds have passed without
an answer; a refused move ends the seat (Refused), never a loop of the same move.
"""

from __future__ import annotations

import json
import time

from lama.i18n import _

from .convert import ProtocolError, event_classes, event_from_json, view_from_json
from .link import JoinError, Link

BACKOFF = (0.2, 0.5, 1, 2, 4, 8, 15)  # seconds before each try to connect again
GIVE_UP = 300  # seconds without any answer from the server
FATAL = ("bad_token", "no_table", "expired")  # nothing a new connection can mend


class Refused(Exception):
    """The server refused the seat's move or the seat itself: its code and its sentence."""

    def __init__(self, code: str, message: str):
        super().__init__(" ".join(str(message).split()))
        self.code = code


class State:
    """One `state` message as the core's objects, and the protocol's facts beside them."""

    def __init__(self, message: dict, events: list):
        self.message = message
        self.version: int = message["version"]
        self.status: str = message["status"]
        self.view = view_from_json(message["view"], message.get("legal", []))
        self.legal = message.get("legal", [])
        self.events = events  # what happened since the seat's last State, as it may see it
        self.seats: list[dict] = message.get("seats") or []
        self.clock: dict | None = message.get("clock")

    @property
    def finished(self) -> bool:
        return self.status == "finished" or self.view.finished


class SeatClient:
    """The seat `seat` (None: told by the server) of the table of `link`, played with `token`."""

    def __init__(self, link: Link, token: str, lang: str = "en", on_notice=None, sleep=time.sleep,
                 refusals_end: bool = True):
        self.link, self.token, self.lang = link, token, lang
        self.refusals_end = refusals_end  # a bot's refused move ends the seat; a person is told and asked again
        self.seat: int | None = None
        self.told = 0  # events handed to the player so far (a new connection repeats them all)
        self.on_notice = on_notice or (lambda text: None)  # connection troubles, in words
        self.sleep = sleep
        self.reconnects = 0
        self._classes = event_classes()
        self.outbox: list[dict] = []  # other messages the player asks to send (a stand-in sent away)

    def run(self, player) -> State:
        """Play until the game is over: `player(state)` answers an action's JSON (or None) for
        every State of the seat. Returns the last State; JoinError or Refused when it cannot
        go on."""
        from websockets.exceptions import InvalidStatus, WebSocketException

        tries, last_answer = 0, time.monotonic()
        while True:
            try:
                final = self._connection(player)
                if final is not None:
                    return final
            except InvalidStatus as e:  # the upgrade was answered with an HTTP error
                status = e.response.status_code
                if status == 404:
                    raise JoinError(_("there is no table {table} at {server}").format(
                        table=self.link.table, server=self.link.base), "no_table", 404) from None
                if status not in (429, 500, 502, 503, 504):
                    raise JoinError(_("the server answered {status} {reason}").format(
                        status=status, reason=e.response.reason_phrase), status=status) from None
            except (OSError, TimeoutError, EOFError, WebSocketException):
                pass
            if self._answered:
                tries, last_answer = 0, time.monotonic()
            if time.monotonic() - last_answer > GIVE_UP:
                raise JoinError(_("the server at {server} has not answered for {seconds} seconds").format(
                    server=self.link.base, seconds=GIVE_UP))
            pause = BACKOFF[min(tries, len(BACKOFF) - 1)]
            tries += 1
            self.reconnects += 1
            self.on_notice(_("The connection to the table was lost; connecting again in {seconds} s...").format(
                seconds=pause))
            self.sleep(pause)

    def _connection(self, player) -> State | None:
        """One connection: the final State when the game is over, None when it dropped."""
        from websockets.sync.client import connect

        self._answered = False
        seen = 0  # the events this connection has sent (from the table's first, on connect)
        with connect(self.link.ws, open_timeout=20, close_timeout=2, max_size=2**24) as ws:
            ws.send(json.dumps({"type": "hello", "token": self.token, "lang": self.lang}))
            while True:
                message = json.loads(ws.recv(timeout=None))
                self._answered = True
                kind = message.get("type")
                if kind == "error":
                    self._error(message)
                    continue
                if kind != "state":
                    continue
                events = message.get("events") or []
                new = events[max(0, self.told - seen):]
                seen += len(events)
                if message.get("seat") is None:  # the spectator's state before the hello was read
                    continue
                self.seat = message["seat"]
                try:
                    state = State(message, [event_from_json(e, self._classes) for e in new])
                except ProtocolError as e:
                    raise JoinError(_("{server} sent a message lama cannot read: {error}").format(
                        server=self.link.base, error=e)) from None
                self.told = max(self.told, seen)
                action = player(state)
                if state.finished:
                    return state
                while self.outbox:
                    ws.send(json.dumps(self.outbox[0]))
                    self.outbox.pop(0)
                if action is not None:
                    ws.send(json.dumps({"type": "act", "version": state.version, "action": action}))

    def _error(self, message: dict) -> None:
        code = message.get("code", "")
        if code == "stale":  # a newer state is on its way: the player is asked again then
            return
        if code in FATAL or (self.refusals_end and code in ("illegal", "not_your_turn")):
            raise Refused(code, message.get("message", code))
        self.on_notice(" ".join(str(message.get("message", code)).split()))
