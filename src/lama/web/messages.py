"""What the server sends: each connection's `state` (PROTOCOL.md), a table's public facts, the
seats' facts, errors and reactions; and `Connection`, the queue a WebSocket's messages wait in.
What they read of a table being played is declared once, `Shown` (the hub's live.LiveTable is
one). What comes in is read in `requests`, hints and odds are made in `hints`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from lama.core import seats as seat_numbers
from lama.games import GAMES
from lama.i18n import N_
from lama.match import Table

from .errors import BadReaction, NotSeated
from .limits import RateLimited
from .schema import TableRow

PROTOCOL = "lama-web/1"


# -- what goes out ------------------------------------------------------------------------------
def error_message(code: str, message: str) -> dict:
    """A WebSocket error."""
    return {"type": "error", "code": code, "message": message}


class Connection:
    """One WebSocket: its seat (None: a spectator), the last version it was sent, and a queue
    its writer task drains, so a slow client never holds a table up (its messages: dicts, or
    JSON text made once)."""

    def __init__(self, seat: int | None, lang: str = "en"):
        self.seat = seat
        self.lang = lang  # the language of its error messages: Accept-Language, or the hello's `lang`
        self.version = 0  # events after this version are still to be sent
        self.queue: asyncio.Queue = asyncio.Queue(maxsize=256)
        self.closed = False

    def send(self, message: dict | str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:  # a client that reads nothing: drop it
            self.closed = True
            self.queue = asyncio.Queue(maxsize=1)
            self.queue.put_nowait(None)

    def end(self, message: dict, code: int) -> None:
        """`message` last, then the WebSocket is closed with `code` (by its writer)."""
        self.send(message)
        self.send(Closing(code))
        self.closed = True


class Closing:
    """What a connection's writer closes its WebSocket with, after the messages before it."""

    def __init__(self, code: int):
        self.code = code


class Shown(Protocol):
    """What the messages read of a table being played here (live.LiveTable)."""

    row: TableRow  # as stored: its seats, status, settings
    table: Table  # the game: its version, views, events, who is to move
    connections: set[Connection]
    views: Views  # its views as JSON text, made once per seat
    lock: asyncio.Lock  # held while it changes
    away_seconds: float
    clock: Callable[[], float]  # the hub's time
    rematch: list[int]  # the seats taken at the next table
    why: dict[int, str]  # seat: why its stand-in plays
    chat: list[dict]  # the last chat lines said

    def deadline(self) -> float | None: ...

    def away_until(self, seat: int) -> float | None: ...

    def controller(self, seat: int) -> str | None: ...


# -- a table ------------------------------------------------------------------------------------
def public(live: Shown) -> dict:
    """A live table's public facts (GET /api/tables/{ID})."""
    row = live.row
    out = {**listed(row), "version": live.table.version, "away_seconds": live.away_seconds, "clock": clock(live),
           "seats": seats_json(live), "rematch": rematch(live)}
    if row.status == "finished":
        out["seed"] = str(row.seed)  # told once the game is over, never before
        out.update(winners=list(live.table.state.winners), points=list(live.table.state.points))
    return out


def listed(row: TableRow) -> dict:
    """A table's public facts as the store has them (GET /api/tables, when it is not live here)."""
    return {"id": row.id, "game": row.game, "name": GAMES[row.game].name, "players": row.players,
            "options": row.options, "status": row.status, "created": row.created, "hints": row.hints,
            "visibility": row.visibility, "turn_seconds": row.turn_seconds, "stand_in_level": row.stand_in_level,
            "next": row.rematch_id, "seats": seat_facts(row), "broken": row.broken is not None, "rated": row.rated,
            "chat": row.chat,
            **(row.result or {})}


def clock(live: Shown) -> dict | None:
    """Whose clock runs, and how long they have left (seconds; null: no clock runs)."""
    deadline = live.deadline()
    if deadline is None:
        return None
    return {"seat": live.table.to_move, "seconds_left": round(max(0.0, deadline - live.clock()), 1)}


def seat_names(row: TableRow) -> list[str]:
    """Every seat's name for people: its person's, its bot's level, or `Seat 1` ... (numbered from 1)."""
    return [s.name or (s.bot.capitalize() if s.bot else seat_numbers.name(s.seat)) for s in row.seats]


def rematch(live: Shown) -> dict | None:
    """"Play again": the next table, and the seats its people have taken there (null: not asked)."""
    return {"table": live.row.rematch_id, "seats": live.rematch} if live.row.rematch_id else None


def seat_facts(row: TableRow, connected=frozenset(), live: Shown | None = None) -> list[dict]:
    """Each seat's public facts; `connected`: the seats with a connection here; `live`: the
    table being played here (who is away, and since when)."""
    names = seat_names(row)
    out = []
    for s in row.seats:
        taken = s.kind == "bot" or s.token_hash is not None
        away = live is not None and s.kind == "human" and taken and s.seat not in connected
        until = live.away_until(s.seat) if away else None
        out.append({"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": names[s.seat], "taken": taken,
                    "reserved": s.reserved is not None and not taken, "connected": s.seat in connected,
                    "away": away, "stand_in": s.stand_in, "stand_in_why": live.why.get(s.seat) if live else None,
                    "stand_in_in": None if until is None else round(max(0.0, until - live.clock()), 1),
                    "creator": s.creator, "player": s.player})
    return out


def seats_json(live: Shown) -> list[dict]:
    return seat_facts(live.row, {c.seat for c in live.connections if not c.closed}, live)


class Views:
    """`view.to_json()` as JSON text, made faster: this round's moves and the rounds played
    before only ever grow (within a round, within a game), and every message repeats them, so
    each entry is turned into JSON text once per seat and the texts are joined."""

    def __init__(self):
        # seat -> (round, moves, this round's moves as JSON text, rounds, the finished rounds as JSON text)
        self._shared: dict[int | None, tuple[int, int, str, int, str]] = {}

    def text(self, view) -> str:
        round_, moves, moves_text, rounds, rounds_text = self._shared.get(view.seat, (view.round, 0, "", 0, ""))
        if round_ != view.round or moves > len(view.moves) or rounds > len(view.history):
            moves, moves_text, rounds, rounds_text = 0, "", 0, ""  # a new round (or something unexpected)
        out = replace(view, moves=view.moves[moves:], history=view.history[rounds:]).to_json()
        rounds_text = _joined(rounds_text, out.pop("history"))
        tail = f', "history": [{rounds_text}]'
        if "moves" in out:  # card games
            moves_text = _joined(moves_text, out.pop("moves"))
            tail += f', "moves": [{moves_text}]'
        self._shared[view.seat] = (view.round, len(view.moves), moves_text, len(view.history), rounds_text)
        return _with(out, tail)


def _joined(text: str, entries: list) -> str:
    """JSON text of a list's entries (without its brackets), `entries` added to `text`."""
    added = ", ".join(json.dumps(e) for e in entries)
    return f"{text}, {added}" if text and added else text or added


def _with(obj: dict, members: str) -> str:
    """The JSON text of `obj` (not empty) with `members` (`, "name": value ...`, already JSON)
    added last."""
    return json.dumps(obj)[:-1] + members + "}"


def state_message(live: Shown, connection: Connection, seats: list[dict] | None = None) -> str:
    """The `state` `connection` is sent now, as JSON text: its view, its legal actions, the
    events since the last `state` it was sent."""
    seat = connection.seat
    table = live.table
    view = table.view(seat)
    mine = seat is not None and live.controller(seat) is None and live.row.status == "running"
    message = {
        "type": "state", "version": table.version, "seat": seat, "status": live.row.status,
        "legal": [a.to_json() for a in view.legal_actions] if mine else [],
        "events": [e.to_json() for e in table.events_since(connection.version, seat)],
        "seats": seats_json(live) if seats is None else seats,
        "clock": clock(live), "rematch": rematch(live),
    }
    if seat is not None:
        message["invite"] = live.row.invite  # the people at the table may invite others
    connection.version = table.version
    return _with(message, f', "view": {live.views.text(view)}')


def seated(live: Shown) -> list[Connection]:
    """The connections of the people seated at the table (chat and claims are for them only)."""
    return [c for c in live.connections if c.seat is not None and not c.closed]


def broadcast(live: Shown) -> None:
    """Every connection of the table its own `state`."""
    if live.connections:
        seats = seats_json(live)  # the same for everyone
        for connection in list(live.connections):
            connection.send(state_message(live, connection, seats))


# -- quick reactions ------------------------------------------------------------------------------
REACTIONS = ("thumbs_up", "well_played", "good_luck", "oops", "laugh")  # codes, never free text
REACTION_RATE, REACTION_BURST = 0.5, 3  # reactions a second a connection may send, and its burst


def react(live: Shown, seat: int | None, reaction, allowed) -> None:
    """A seated person's reaction, relayed to every connection of the table (never stored);
    `allowed()` takes one from the connection's bucket of reactions."""
    if seat is None:
        raise NotSeated(N_("reactions are for the people at the table"))
    if not isinstance(reaction, str) or reaction not in REACTIONS:
        raise BadReaction(N_("a reaction is one of {reactions}"), reactions=", ".join(REACTIONS))
    if not allowed():
        raise RateLimited(N_("at most {burst} reactions at once, then one every {seconds} seconds"),
                          burst=REACTION_BURST, seconds=f"{1 / REACTION_RATE:g}")
    message = {"type": "reaction", "seat": seat, "reaction": reaction}
    for connection in list(live.connections):
        connection.send(message)


# -- the games ----------------------------------------------------------------------------------
def games_json() -> list[dict]:
    """GET /api/games: every game as it describes itself (lama.games.descriptions)."""
    from lama.games import descriptions

    return descriptions()
