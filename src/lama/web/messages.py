"""The shape of what goes in and out: what a request asks for, read and refused with a
`WebError` (a game, a name, the seats of a new table); what the server sends: each
connection's `state` (PROTOCOL.md), a table's public facts, the seats' facts, errors, hints
and odds; and `Connection`, the queue a WebSocket's messages wait in.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import replace

from lama.core import Action, InvalidOption
from lama.core import seats as seat_numbers
from lama.core.jsonform import shown
from lama.games import GAMES, new_game
from lama.i18n import N_, localized
from lama.i18n.reasons import refusal_text

from .store import SeatRow, TableRow, token_hash
from .workers import SERVER_BOTS

PROTOCOL = "lama-web/1"
NAME_LENGTH = 40
VISIBILITIES = ("private", "public")
TURN_SECONDS = (10, 86_400)  # a clock's bounds, in seconds per move
TURN_SECONDS_PEOPLE = 90  # the clock of a table with two or more people, unless its creator says otherwise
STAND_IN = "medium"  # the bot that plays for a person who is away, unless the creator chooses another


class WebError(Exception):
    """A request the server refuses: `status` (HTTP), `code` and a readable `message`."""

    def __init__(self, status: int, code: str, message: str, **params):
        """`message` is English; with `params` it is a template (`{name}` placeholders) that
        `localized` fills in the client's language."""
        self.template, self.params = message, params
        message = message.format(**params) if params else message
        super().__init__(message)
        self.status, self.code, self.message = status, code, message

    def localized(self, lang: str) -> str:
        """The message in `lang` (the protocol's `code` stays as it is)."""
        return localized(self.template, lang, **self.params)


# -- what comes in ------------------------------------------------------------------------------
def game_of(game_id, players, options):
    if not isinstance(options, dict):
        raise WebError(400, "bad_options", N_("options must be a JSON object"))
    try:
        return new_game(game_id, players, options)
    except InvalidOption as e:
        raise OptionsRefused(e) from None


class OptionsRefused(WebError):
    """`bad_options`: the core's refusal (InvalidOption), said in the client's language by
    lama.i18n.reasons."""

    def __init__(self, refusal: InvalidOption):
        super().__init__(400, "bad_options", refusal.reason)
        self.refusal = refusal

    def localized(self, lang: str) -> str:
        return refusal_text(self.refusal, lang=lang)


def name_of(name) -> str:
    if not isinstance(name, str) or not name.strip():
        raise WebError(400, "bad_name", N_("a name is 1 to 40 characters"))
    name = " ".join(name.split())
    if len(name) > NAME_LENGTH or not name.isprintable():
        raise WebError(400, "bad_name", N_("a name is 1 to 40 printable characters"))
    return name


def plausible_id(table_id: str) -> bool:
    return isinstance(table_id, str) and 0 < len(table_id) <= 32 and all(c.isalnum() or c in "-_" for c in table_id)


def seat_rows(seats: list, name) -> tuple[list[SeatRow], str | None, int | None]:
    """The seats of a new table, as its creator `name` asks for them (`seats`, one entry a
    seat); the creator's token and seat (the first seat for a person; None without one)."""
    rows, creator_token, creator_seat = [], None, None
    for s, spec in enumerate(seats):
        if not isinstance(spec, dict) or spec.get("kind") not in ("human", "bot"):
            raise WebError(400, "bad_request",
                           N_('seats[{index}] (seat {number}) must be {human} or {bot}'), index=s,
                           number=seat_numbers.number(s), human='{"kind": "human"}',
                           bot='{"kind": "bot", "bot": LEVEL}')
        if spec["kind"] == "bot":
            bot = spec.get("bot")
            if bot not in SERVER_BOTS:
                raise WebError(400, "bad_bot",
                               N_("seats[{index}] (seat {number}): the bot must be one of {bots}, not {bot} "
                                  "(a server runs no bot of its own code)"), index=s, number=seat_numbers.number(s),
                               bots=", ".join(SERVER_BOTS), bot=shown(bot))
            rows.append(SeatRow(s, "bot", bot=bot))
        elif creator_seat is None:
            creator_token = secrets.token_urlsafe(24)
            creator_seat = s
            rows.append(SeatRow(s, "human", name=name_of(name), token_hash=token_hash(creator_token), creator=True))
        else:
            rows.append(SeatRow(s, "human"))
    return rows, creator_token, creator_seat


def table_settings(rows: list[SeatRow], visibility="private", turn_seconds=..., stand_in_level=STAND_IN):
    """A new table's visibility, clock (seconds per move, None: no clock; by default one when
    two or more seats are people's) and stand-in bot, as its creator asks for them."""
    if visibility not in VISIBILITIES:
        raise WebError(400, "bad_request",
                       N_('visibility is "private" (the default) or "public", not {value}'), value=shown(visibility))
    if turn_seconds is ...:
        turn_seconds = TURN_SECONDS_PEOPLE if sum(r.kind == "human" for r in rows) >= 2 else None
    low, high = TURN_SECONDS
    if turn_seconds is not None and not (isinstance(turn_seconds, int) and not isinstance(turn_seconds, bool)
                                         and low <= turn_seconds <= high):
        raise WebError(400, "bad_request",
                       N_("turn_seconds is null (no clock) or a whole number of seconds from {low} to {high}"),
                       low=low, high=f"{high:,}")
    if stand_in_level not in SERVER_BOTS:
        raise WebError(400, "bad_bot", N_("stand_in_level must be one of {bots}, not {value}"),
                       bots=", ".join(SERVER_BOTS), value=shown(stand_in_level))
    return visibility, turn_seconds, stand_in_level


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


# -- a table ------------------------------------------------------------------------------------
def public(live) -> dict:
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
            "next": row.next_id, "seats": seat_facts(row), **(row.result or {})}


def clock(live) -> dict | None:
    """Whose clock runs, and how long they have left (seconds; null: no clock runs)."""
    deadline = live.deadline()
    if deadline is None:
        return None
    return {"seat": live.table.to_move, "seconds_left": round(max(0.0, deadline - live.clock()), 1)}


def seat_names(row: TableRow) -> list[str]:
    """Every seat's name for people: its person's, its bot's level, or `Seat 1` ... (numbered from 1)."""
    return [s.name or (s.bot.capitalize() if s.bot else seat_numbers.name(s.seat)) for s in row.seats]


def rematch(live) -> dict | None:
    """"Play again": the next table, and the seats its people have taken there (null: not asked)."""
    return {"table": live.row.next_id, "seats": live.rematch} if live.row.next_id else None


def seat_facts(row: TableRow, connected=frozenset(), live=None) -> list[dict]:
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
                    "creator": s.creator})
    return out


def seats_json(live) -> list[dict]:
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


def state_message(live, connection: Connection, seats: list[dict] | None = None) -> str:
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


def broadcast(live) -> None:
    """Every connection of the table its own `state`."""
    if live.connections:
        seats = seats_json(live)  # the same for everyone
        for connection in list(live.connections):
            connection.send(state_message(live, connection, seats))


# -- quick reactions ------------------------------------------------------------------------------
REACTIONS = ("thumbs_up", "well_played", "good_luck", "oops", "laugh")  # codes, never free text
REACTION_RATE, REACTION_BURST = 0.5, 3  # reactions a second a connection may send, and its burst


def react(live, seat: int | None, reaction, allowed) -> None:
    """A seated person's reaction, relayed to every connection of the table (never stored);
    `allowed()` takes one from the connection's bucket of reactions."""
    if seat is None:
        raise WebError(403, "not_seated", N_("reactions are for the people at the table"))
    if not isinstance(reaction, str) or reaction not in REACTIONS:
        raise WebError(400, "bad_reaction", N_("a reaction is one of {reactions}"), reactions=", ".join(REACTIONS))
    if not allowed():
        raise WebError(429, "rate_limited", N_("at most {burst} reactions at once, then one every {seconds} seconds"),
                       burst=REACTION_BURST, seconds=f"{1 / REACTION_RATE:g}")
    message = {"type": "reaction", "seat": seat, "reaction": reaction}
    for connection in list(live.connections):
        connection.send(message)


# -- help for a person at the table -------------------------------------------------------------
async def hint_message(live, seat: int | None, pool, bot: str = "hard") -> dict:
    """The `hint` of the seat to move: its legal actions with the hard bot's win chances (in
    `pool`), or with `bot` "neural" the network's choice, in a thread of the server: instant,
    and never queued behind the searches of a busy pool."""
    async with live.lock:
        if not live.row.hints:
            raise WebError(403, "no_hints", N_("this table was created without hints"))
        if seat is None or live.table.to_move != seat or live.controller(seat) is not None \
                or live.row.status != "running":
            raise WebError(409, "not_your_turn", N_("hints are for the seat to move"))
        view, version = live.table.view(seat), live.table.version
    if bot == "neural":
        found = await asyncio.to_thread(hint, view, bot)
    else:
        found = await asyncio.get_running_loop().run_in_executor(pool, hint, view)
    return {"type": "hint", "version": version, "seat": seat, **found}


async def odds_message(live, seat: int | None) -> dict:
    """The `odds` of a Dice seat's next roll."""
    async with live.lock:
        view, version = live.table.view(seat), live.table.version
    if seat is None or not view.dice or live.row.status != "running":
        raise WebError(409, "no_odds", N_("the odds of a roll are for a seat at a Dice table"))
    return {"type": "odds", "version": version, "seat": seat, **(await asyncio.to_thread(odds, view))}


def hint(view, bot: str = "hard") -> dict:
    """In a pool process: every legal action of `view` with the hard bot's win chance, seeded
    from the position (bots.hints.hint_rng): the same advice as the terminal's and `lama hint`'s.
    With `bot` "neural": the network's choice, without estimates (bots.hints.neural_hints)."""
    from lama.bots.hints import hints, hints_json, neural_hints

    return hints_json(neural_hints(view) if bot == "neural" else hints(view), Action.to_json)


def odds(view) -> dict:
    """Dice: the exact odds of the seat's next roll."""
    from lama.games.dice_odds import next_roll_odds

    o, last_seat = next_roll_odds(view)
    return {"three_llamas": float(o.three_llamas), "match": float(o.match), "miss": float(o.miss),
            "bust": float(o.bust), "expected_discard": float(o.expected_discard), "last_seat": last_seat}


# -- the games ----------------------------------------------------------------------------------
def games_json() -> list[dict]:
    """GET /api/games: every game as it describes itself (lama.games.descriptions)."""
    from lama.games import descriptions

    return descriptions()
