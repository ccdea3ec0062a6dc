"""The table: one game driven from outside, the way every interface drives it.

Something outside (a keypress, a WebSocket message, an agent's `step`) offers a move for a
seat with `act`; the table checks it against the core (version, turn, legality), applies it,
and `advance` lets chance and the bot seats play on until an outside seat must move again. Each
seat asks for its `view` and for the events since the last version it saw, as it may see them.
The record is written as the table goes. The terminal game, `Match` (bots only: tournaments,
strength runs) and the server are loops over this one object.

Chance has one generator per round, used only by that round's deal, draws and rolls: the draw
pile only shrinks by draws, so the same seed gives every round the same deal and the same
sequence of drawn cards whoever sits where (the duplicate deals a tournament needs). Each bot
seat has its own generator, so one seat's choices never shift another's.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from bisect import bisect_right
from typing import Callable

from lama.core import Event, IllegalAction, LamaError
from lama.core.jsonform import shown
from lama.record import RecordWriter

Policy = Callable  # (view, rng) -> Action

STALE, NOT_YOUR_TURN, ILLEGAL = "stale", "not_your_turn", "illegal"


class Refused(LamaError):
    """An outside seat's move the table did not take, and nothing changed.

    `code` is `stale` (the version is not the table's current one), `not_your_turn` or
    `illegal` (with the core's reason); `reason` is a sentence for people.
    """

    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code = code
        self.reason = reason


def new_seed() -> int:
    """A seed for a game nobody chose one for: 64 random bits, too many to search."""
    return secrets.randbits(64)


def _stream(*parts) -> random.Random:
    """A generator keyed by SHA-256 of `parts`: one stream says nothing about another, nor
    about the seed (a bot's own generator cannot be traced back to the deal)."""
    key = hashlib.sha256(":".join(map(str, ("lama/1",) + parts)).encode()).digest()
    return random.Random(int.from_bytes(key, "big"))


def seat_rng(seed: int, seat: int) -> random.Random:
    """Each bot seat's own generator."""
    return _stream("seat", seed, seat)


def chance_rng(seed: int, round: int) -> random.Random:
    """The generator of one round's deal, draws and rolls."""
    return _stream("chance", seed, round)


class Table:
    """One game of `game` between `seats` (a bot policy each, or None: a seat played from
    outside through `act`), seeded by `seed`.

    `version` grows by one with every move and chance outcome. `on_events(events)`, if
    given, is called with every batch of events as they happen (unfiltered: pass them
    through `event.for_seat` before showing them to anyone).
    """

    def __init__(self, game, seats: list, seed: int, names: list[str] | None = None,
                 on_events: Callable | None = None):
        if len(seats) != game.players:
            raise ValueError(f"{game.players} seats need {game.players} entries (a bot or None), not {len(seats)}")
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.names = list(names) if names else [f"Seat {i}" for i in range(game.players)]
        self.state = game.new_initial_state()
        self.version = 0
        self.decisions = 0  # moves made by seats, bots and outside alike
        self.record = RecordWriter(game, self.names)
        self.on_events = on_events
        self._events: list[Event] = []  # every event, in order
        self._versions: list[int] = []  # the version each happened at (sorted: found by bisection)
        self._chance = None
        self._rngs = [seat_rng(seed, s) for s in range(game.players)]

    # -- what the table is waiting for -------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def to_move(self) -> int | None:
        """The seat to move (bot or outside), None while chance is pending or the game is over."""
        return self.state.to_move

    def waiting_for(self) -> int | None:
        """The outside seat whose move the table waits for, or None."""
        seat = self.state.to_move
        return seat if seat is not None and self.seats[seat] is None else None

    # -- what a seat sees ---------------------------------------------------------------
    def view(self, seat: int | None):
        """What `seat` may see now (None: a spectator)."""
        return self.state.view(seat)

    def events_since(self, version: int, seat: int | None) -> list[Event]:
        """The events after `version`, as `seat` may see them (None: a spectator)."""
        return [e.for_seat(seat) for e in self._events[bisect_right(self._versions, version):]]

    def explain(self, seat: int, action) -> str | None:
        """Why `action` is not a legal move of `seat` now, in the core's words; None if it is."""
        try:
            self.check(seat, action, self.version)
        except Refused as e:
            return e.reason
        return None

    # -- moves -------------------------------------------------------------------------
    def act(self, seat: int, action, version: int) -> list[Event]:
        """Apply an outside seat's move made at `version`; Refused, and nothing changes, if
        the version is stale, it is not that seat's turn, or the move is not legal."""
        self.check(seat, action, version)
        return self._apply(seat, action)

    def check(self, seat: int, action, version: int) -> None:
        """Refused unless `action` is a legal move of outside seat `seat` at `version`."""
        state = self.state
        if version != self.version:
            raise Refused(STALE, f"the table is at version {self.version}, not {version}: look again and retry")
        if state.finished:
            raise Refused(NOT_YOUR_TURN, "the game is over")
        if seat != state.to_move or self.seats[seat] is not None:
            whose = "chance" if state.to_move is None else f"seat {state.to_move}"
            raise Refused(NOT_YOUR_TURN, f"it is not seat {seat}'s turn ({whose} to move)")
        if action in state.legal_actions():
            return
        try:  # the core's reason, found on a copy: the table's state is never touched
            state.clone().apply(action, seat)
        except IllegalAction as e:
            raise Refused(ILLEGAL, e.reason) from None
        except Exception:  # noqa: BLE001 - whatever it is, it is not a legal move
            pass
        raise Refused(ILLEGAL, f"{shown(action)} is not a legal move here")

    def step(self) -> list[Event] | None:
        """Resolve one chance outcome or one bot's move; None if an outside seat must move
        or the game is over. A bot's move that is not legal raises IllegalAction."""
        state = self.state
        if state.finished:
            return None
        if state.to_move is None:
            if state.chance == "deal":
                self._chance = chance_rng(self.seed, state.round + 1)
            return self._emit(state.apply_chance(state.sample_chance(self._chance)))
        seat = state.to_move
        policy = self.seats[seat]
        if policy is None:
            return None
        view = state.view(seat)
        action = policy(view, self._rngs[seat])
        if action not in view.legal_actions:
            raise IllegalAction("illegal_choice", f"seat {seat} chose {shown(action)}, which is not legal here")
        return self._apply(seat, action)

    def advance(self) -> list[Event]:
        """Let chance and the bots play until an outside seat must move or the game ends."""
        events = []
        while (batch := self.step()) is not None:
            events += batch
        return events

    def _apply(self, seat: int, action) -> list[Event]:
        self.decisions += 1
        return self._emit(self.state.apply(action, seat))

    def _emit(self, events: list[Event]) -> list[Event]:
        self.version += 1
        self._events += events
        self._versions += [self.version] * len(events)
        self.record.add(events)
        if self.on_events and events:
            self.on_events(events)
        return events
