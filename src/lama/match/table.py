"""The table: one game driven from outside, the way every interface drives it.

A seat is played by one of three (`seats`, changed with `set_seat`):

- a bot policy (`policy(view, rng) -> action`), which the table runs itself;
- `PERSON` (None): someone outside (a keypress, a WebSocket message, an agent's `step`) offers
  its move with `act`;
- `Elsewhere(bot)`: a bot whose move is computed outside the table (a thread, a process pool):
  `wanted()` says which seat needs a move, for which view, with a copy of the seat's generator,
  and `answer` takes the move back.

Every move is checked once against the core (version, turn, legality). `advance` lets chance
and the bot policies play on until another seat must move. A driver that stores a move before
applying it checks it first (`check`, `answer`: a `Move`), then `play`s it. Each seat asks for
its `view` and for the events since the last version it saw, as it may see them. The record is
written as the table goes. The terminal game, `Match` (bots only: tournaments, strength runs)
and the server are loops over this one object.

Chance has one generator per round, used only by that round's deal, draws and rolls: the draw
pile only shrinks by draws, so the same seed gives every round the same deal and the same
sequence of drawn cards whoever sits where (the duplicate deals a tournament needs). Each bot
seat has its own generator, so one seat's choices never shift another's. `Chance` is that
rule, for every driver (the table, the AEC environment).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass

from lama.core import Event, IllegalAction, Refusal
from lama.core import seats as seat_numbers
from lama.core.jsonform import shown
from lama.record import RecordWriter

Policy = Callable  # (view, rng) -> Action
PERSON = None  # a seat played from outside, through `act`

STALE, NOT_YOUR_TURN, ILLEGAL = "stale", "not_your_turn", "illegal"


class Refused(Refusal):
    """An outside seat's move the table did not take, and nothing changed.

    `code` is `stale` (the version is not the table's current one), `not_your_turn` or
    `illegal` (with the core's refusal: its key, rule and parameters); `key` and `params` say
    why (lama.core.refusals), `reason` in English.
    """


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


class Chance:
    """The chance of one game seeded by `seed`: each round's deal starts that round's generator
    (`chance_rng`), which then gives its draws and rolls."""

    __slots__ = ("seed", "rng")

    def __init__(self, seed: int):
        self.seed = seed
        self.rng: random.Random | None = None  # the round's generator, from its deal on

    def step(self, state) -> list[Event]:
        """Resolve one chance outcome of `state` (chance pending: `state.to_move` is None)."""
        if state.chance == "deal":
            self.rng = chance_rng(self.seed, state.round + 1)
        return state.apply_chance(state.sample_chance(self.rng))

    def run(self, state) -> list[Event]:
        """Resolve chance until a seat must move or the game is over; the events."""
        events = []
        while state.to_move is None and not state.finished:
            events += self.step(state)
        return events


class Elsewhere:
    """A seat played by the bot named `bot`, whose move is computed outside the table."""

    __slots__ = ("bot",)

    def __init__(self, bot: str):
        self.bot = bot

    def __eq__(self, other) -> bool:
        return isinstance(other, Elsewhere) and other.bot == self.bot

    def __hash__(self) -> int:
        return hash(("elsewhere", self.bot))

    def __repr__(self) -> str:
        return f"Elsewhere({self.bot!r})"


@dataclass(frozen=True)
class Wanted:
    """The table waits for the move of `seat`, played by `bot` elsewhere: what it sees (`view`)
    at `version`, and `rng`, a copy of the seat's generator to decide with. Hand the move and
    that generator back to `Table.answer`; the seat's generator moves on only if it is kept."""

    seat: int
    bot: str
    view: object
    version: int
    rng: random.Random


@dataclass(frozen=True)
class Move:
    """A move `check`ed (or `answer`ed) against the table at `version`, for `Table.play`."""

    seat: int
    action: object
    version: int


class Table:
    """One game of `game` between `seats` (each a bot policy, PERSON (None): a seat played from
    outside through `act`, or `Elsewhere(bot)`), seeded by `seed`.

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
        self.names = list(names) if names else [seat_numbers.name(i) for i in range(game.players)]
        self.state = game.new_initial_state()
        self.version = 0
        self.decisions = 0  # moves made by seats, bots and outside alike
        self.record = RecordWriter(game, self.names)
        self.on_events = on_events
        self._events: list[Event] = []  # every event, in order
        self._versions: list[int] = []  # the version each happened at (sorted: found by bisection)
        self.chance = Chance(seed)
        self._rngs = [seat_rng(seed, s) for s in range(game.players)]  # every seat's, bots' or not

    def set_seat(self, seat: int, player) -> None:
        """Who plays `seat` from now on: a bot policy, PERSON (None) or `Elsewhere(bot)`. The
        seat keeps its generator."""
        self.seats[seat] = player

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

    def waiting_for_bot(self) -> int | None:
        """The seat played `Elsewhere` whose move the table waits for, or None."""
        seat = self.state.to_move
        return seat if seat is not None and isinstance(self.seats[seat], Elsewhere) else None

    def wanted(self) -> Wanted | None:
        """What the bot of the seat played `Elsewhere` to move needs to decide, or None."""
        seat = self.waiting_for_bot()
        if seat is None:
            return None
        rng = random.Random(0)  # (a seed of its own, not the system's entropy: its state is replaced)
        rng.setstate(self._rngs[seat].getstate())
        return Wanted(seat, self.seats[seat].bot, self.state.view(seat), self.version, rng)

    # -- what a seat sees ---------------------------------------------------------------
    def view(self, seat: int | None):
        """What `seat` may see now (None: a spectator)."""
        return self.state.view(seat)

    def events_since(self, version: int, seat: int | None) -> list[Event]:
        """The events after `version`, as `seat` may see them (None: a spectator)."""
        return [e.for_seat(seat) for e in self._events[bisect_right(self._versions, version):]]

    def explain(self, seat: int, action) -> Refused | None:
        """Why `action` is not a legal move of `seat` now (its key and parameters, its `reason`
        in English); None if it is."""
        try:
            self.check(seat, action, self.version)
        except Refused as e:
            return e
        return None

    # -- moves -------------------------------------------------------------------------
    def act(self, seat: int, action, version: int) -> list[Event]:
        """Apply an outside seat's move made at `version`; Refused, and nothing changes, if
        the version is stale, it is not that seat's turn, or the move is not legal."""
        return self.play(self.check(seat, action, version))

    def check(self, seat: int, action, version: int) -> Move:
        """The move, checked, if `action` is a legal move of outside seat `seat` at `version`
        (for `play`, once it is stored, say); Refused otherwise."""
        if seat in range(len(self.seats)) and self.seats[seat] is not None:
            raise Refused(NOT_YOUR_TURN, "bot_seat", seat=seat_numbers.number(seat))
        return self._check(seat, action, version)

    def answer(self, wanted: Wanted, action, rng: random.Random) -> Move:
        """The move of a seat played `Elsewhere`, decided for `wanted` with its generator
        `rng`, checked: Refused `stale` if the table moved on meanwhile, `not_your_turn` if
        another plays the seat now, `illegal`. Once checked, the seat's generator is `rng`."""
        if wanted.version != self.version:
            raise Refused(STALE, "version", version=self.version, wanted=wanted.version)
        if self.seats[wanted.seat] != Elsewhere(wanted.bot):
            raise Refused(NOT_YOUR_TURN, "bot_gone", bot=wanted.bot, seat=seat_numbers.word(wanted.seat))
        move = self._check(wanted.seat, action, wanted.version)
        self._rngs[wanted.seat] = rng
        return move

    def redo(self, seat: int, action) -> list[Event]:
        """Apply a move made and stored before (read back from a store, made by any kind of
        seat), checked against the core: it must be `seat`'s turn and the move legal."""
        return self.play(self._check(seat, action, self.version))

    def play(self, move: Move) -> list[Event]:
        """Apply a move checked at this version; Refused (stale) if the table moved on."""
        if move.version != self.version:
            raise Refused(STALE, version=self.version, wanted=move.version)
        return self._apply(move.seat, move.action)

    def _check(self, seat: int, action, version: int) -> Move:
        state = self.state
        if version != self.version:
            raise Refused(STALE, version=self.version, wanted=version)
        if state.finished:
            raise Refused(NOT_YOUR_TURN, "game_over")
        if seat != state.to_move:
            whose = "chance" if state.to_move is None else seat_numbers.word(state.to_move)
            raise Refused(NOT_YOUR_TURN, seat=seat_numbers.number(seat), to_move=whose)
        if action in state.legal_actions():
            return Move(seat, action, version)
        try:  # the core's reason, found on a copy: the table's state is never touched
            state.clone().apply(action, seat)
        except IllegalAction as e:
            raise Refused(ILLEGAL, e.key, rule=e.rule, **e.params) from None
        except Exception:  # noqa: BLE001 - whatever it is, it is not a legal move
            pass
        raise Refused(ILLEGAL, "not_legal", action=shown(action))

    def step(self) -> list[Event] | None:
        """Resolve one chance outcome or one bot policy's move; None if a seat played from
        outside or `Elsewhere` must move, or the game is over. A bot's move that is not legal
        raises IllegalAction."""
        state = self.state
        if state.finished:
            return None
        if state.to_move is None:
            return self._emit(self.chance.step(state))
        seat = state.to_move
        policy = self.seats[seat]
        if policy is None or isinstance(policy, Elsewhere):
            return None
        view = state.view(seat)
        action = policy(view, self._rngs[seat])
        if action not in view.legal_actions:
            raise IllegalAction("illegal_choice", seat=seat_numbers.word(seat), action=shown(action))
        return self._apply(seat, action)

    def advance(self) -> list[Event]:
        """Let chance and the bot policies play until a seat played from outside or
        `Elsewhere` must move, or the game ends."""
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
