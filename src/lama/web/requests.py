"""What a request asks for, read and refused with the domain errors of `errors`: a game and
its options, a name, a table id, the seats and settings of a new table."""

from __future__ import annotations

import secrets

from lama.core import InvalidOption
from lama.core import seats as seat_numbers
from lama.core.jsonform import shown
from lama.games import new_game
from lama.i18n import N_
from lama.i18n.reasons import refusal_text

from .errors import BadBot, BadName, BadOptions, BadRequest
from .schema import SeatRow, token_hash
from .workers import SERVER_BOTS

NAME_LENGTH = 40
VISIBILITIES = ("private", "public")
TURN_SECONDS = (10, 86_400)  # a clock's bounds, in seconds per move
TURN_SECONDS_PEOPLE = 90  # the clock of a table with two or more people, unless its creator says otherwise
STAND_IN = "medium"  # the bot that plays for a person who is away, unless the creator chooses another


# -- what comes in ------------------------------------------------------------------------------
def game_of(game_id, players, options):
    if not isinstance(options, dict):
        raise BadOptions(N_("options must be a JSON object"))
    try:
        return new_game(game_id, players, options)
    except InvalidOption as e:
        raise OptionsRefused(e) from None


class OptionsRefused(BadOptions):
    """`bad_options`: the core's refusal (InvalidOption), said in the client's language by
    lama.i18n.reasons."""

    def __init__(self, refusal: InvalidOption):
        super().__init__(refusal.reason)
        self.refusal = refusal

    def localized(self, lang: str) -> str:
        return refusal_text(self.refusal, lang=lang)


def name_of(name) -> str:
    if not isinstance(name, str) or not name.strip():
        raise BadName(N_("a name is 1 to 40 characters"))
    name = " ".join(name.split())
    if len(name) > NAME_LENGTH or not name.isprintable():
        raise BadName(N_("a name is 1 to 40 printable characters"))
    return name


def plausible_id(table_id: str) -> bool:
    return isinstance(table_id, str) and 0 < len(table_id) <= 32 and all(c.isalnum() or c in "-_" for c in table_id)


def seat_rows(seats: list, name) -> tuple[list[SeatRow], str | None, int | None]:
    """The seats of a new table, as its creator `name` asks for them (`seats`, one entry a
    seat); the creator's token and seat (the first seat for a person; None without one)."""
    rows, creator_token, creator_seat = [], None, None
    for s, spec in enumerate(seats):
        if not isinstance(spec, dict) or spec.get("kind") not in ("human", "bot"):
            raise BadRequest(N_('seats[{index}] (seat {number}) must be {human} or {bot}'), index=s,
                           number=seat_numbers.number(s), human='{"kind": "human"}',
                           bot='{"kind": "bot", "bot": LEVEL}')
        if spec["kind"] == "bot":
            bot = spec.get("bot")
            if bot not in SERVER_BOTS:
                raise BadBot(N_("seats[{index}] (seat {number}): the bot must be one of {bots}, not {bot} "
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


def table_settings(rows: list[SeatRow], visibility="private", turn_seconds=..., stand_in_level=STAND_IN, chat=None):
    """A new table's visibility, clock (seconds per move, None: no clock; by default one when
    two or more seats are people's), stand-in bot and chat (by default on at a private table,
    off at a public one), as its creator asks for them."""
    if visibility not in VISIBILITIES:
        raise BadRequest(N_('visibility is "private" (the default) or "public", not {value}'), value=shown(visibility))
    if chat is not None and not isinstance(chat, bool):
        raise BadRequest(N_("{name} is true or false"), name="chat")
    if turn_seconds is ...:
        turn_seconds = TURN_SECONDS_PEOPLE if sum(r.kind == "human" for r in rows) >= 2 else None
    low, high = TURN_SECONDS
    if turn_seconds is not None and not (isinstance(turn_seconds, int) and not isinstance(turn_seconds, bool)
                                         and low <= turn_seconds <= high):
        raise BadRequest(N_("turn_seconds is null (no clock) or a whole number of seconds from {low} to {high}"),
                       low=low, high=f"{high:,}")
    if stand_in_level not in SERVER_BOTS:
        raise BadBot(N_("stand_in_level must be one of {bots}, not {value}"),
                       bots=", ".join(SERVER_BOTS), value=shown(stand_in_level))
    return visibility, turn_seconds, stand_in_level, visibility == "private" if chat is None else chat
