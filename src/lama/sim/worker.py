"""The work of a tournament: one game in, one summary out.

`play_chunk` is a pure function of picklable arguments (bots are loaded by name
inside the worker), so it runs the same in this process, in a process pool or
on a Dask worker. A summary is a plain dict of numbers and names.
"""

from __future__ import annotations

import signal
import threading
import time
import traceback
from contextlib import contextmanager

from lama.bots import load_bot
from lama.core import IllegalAction
from lama.games import new_game
from lama.match import Match


class BotFailed(Exception):
    """A bot raised: which seat, and the bot's own exception as the cause."""

    def __init__(self, seat: int):
        super().__init__(seat)
        self.seat = seat


class DecisionTimeout(BaseException):
    """A bot decided for longer than --decision-timeout (a BaseException: a bot's `except
    Exception` does not swallow it)."""


# -- stopping: the process's own Ctrl-C or SIGTERM, told apart from a bot's KeyboardInterrupt --

_stop_signals: list[int] = []  # the signals that asked the process running the tournament to stop


def _on_stop(signum, frame):
    _stop_signals.append(signum)
    raise KeyboardInterrupt


def stopping() -> bool:
    """Did this process get Ctrl-C or SIGTERM (not a bot raising KeyboardInterrupt)?"""
    return bool(_stop_signals)


def stop_signal() -> int | None:
    return _stop_signals[0] if _stop_signals else None


@contextmanager
def stop_on_signals():
    """While a tournament runs in this process: Ctrl-C and SIGTERM stop it (as KeyboardInterrupt),
    and are remembered, so a KeyboardInterrupt a bot raises is only that game's failure."""
    _stop_signals.clear()
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.signal(s, _on_stop) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler if handler is not None else signal.SIG_DFL)


# -- the decision timeout (SIGALRM in the process and thread that plays the game) -----------------

def _on_alarm(signum, frame):
    raise DecisionTimeout


@contextmanager
def decision_timer(seconds: float | None):
    """Let TimedBot time out decisions: SIGALRM raises DecisionTimeout in the bot."""
    if not seconds:
        yield
        return
    if threading.current_thread() is not threading.main_thread():
        raise RuntimeError("--decision-timeout needs games played in a process's main thread")
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)


class TimedBot:
    """A seat's policy that counts its decisions and the seconds it spends on them; any
    exception (even SystemExit, or KeyboardInterrupt that is not the process's own Ctrl-C) and a
    decision longer than `timeout` seconds are a BotFailed."""

    __slots__ = ("bot", "seat", "seconds", "decisions", "timeout")

    def __init__(self, bot, seat: int, timeout: float | None = None):
        self.bot, self.seat = bot, seat
        self.seconds = 0.0
        self.decisions = 0
        self.timeout = timeout

    def __call__(self, view, rng):
        start = time.perf_counter()
        timeout = self.timeout
        if timeout:  # again every timeout seconds, should the bot swallow the first
            signal.setitimer(signal.ITIMER_REAL, timeout, timeout)
        try:
            try:
                action = self.bot(view, rng)
            finally:
                if timeout:
                    signal.setitimer(signal.ITIMER_REAL, 0)
        except KeyboardInterrupt as e:
            if stopping():
                raise
            raise BotFailed(self.seat) from e
        except BaseException as e:  # SystemExit, DecisionTimeout, any bug of the bot
            raise BotFailed(self.seat) from e
        finally:
            if timeout:  # again: the alarm may have come before the first disarm ran
                signal.setitimer(signal.ITIMER_REAL, 0)
            elapsed = time.perf_counter() - start
            self.seconds += elapsed
            self.decisions += 1
        if timeout and elapsed > timeout:  # compiled code that the alarm could not interrupt
            raise BotFailed(self.seat) from DecisionTimeout()
        return action


_games: dict = {}


def game_of(spec):
    """The game of a GameSpec, made once per process."""
    key = repr(spec)  # options may hold unhashable values (a kadabra deck)
    game = _games.get(key)
    if game is None:
        game = _games[key] = new_game(spec.game, spec.players, spec.options_dict)
    return game


def _failure(task, match, exc, timeout: float | None = None) -> dict:
    if match is None:  # the bots or the game could not even be set up on this worker
        seat, kind, message, trace = None, "setup_error", f"{type(exc).__name__}: {exc}", None
    elif isinstance(exc, DecisionTimeout) or isinstance(exc, BotFailed) and isinstance(exc.__cause__, DecisionTimeout):
        seat = exc.seat if isinstance(exc, BotFailed) else match.state.to_move
        kind, message, trace = "timeout", f"no decision within {timeout:g} s (--decision-timeout)", None
    elif isinstance(exc, BotFailed):
        seat, cause = exc.seat, exc.__cause__
        kind = "exception"
        message = f"{type(cause).__name__}: {cause}"
        trace = "".join(traceback.format_exception(cause))
    elif isinstance(exc, IllegalAction) and exc.code == "illegal_choice":
        seat, kind, message, trace = match.state.to_move, "illegal_action", str(exc), None
    else:  # not a bot's doing: the rules core or the driver failed
        seat, kind = match.state.to_move, "engine_error"
        message = f"{type(exc).__name__}: {exc}"
        trace = "".join(traceback.format_exception(exc))
    return {
        "deal": task.deal, "seating": task.seating, "seed": task.seed, "bots": list(task.bots),
        "error": {"kind": kind, "seat": seat, "bot": None if seat is None else task.bots[seat],
                  "round": None if match is None else match.state.round, "message": message[:1000],
                  "traceback": trace},
    }


def play_game(spec, task, keep_record: bool = False, decision_timeout: float | None = None) -> dict:
    """Play one game; return its summary (or a failure naming the seat, bot and seed)."""
    match = None
    try:
        game = game_of(spec)
        seats = [TimedBot(load_bot(name), s, decision_timeout) for s, name in enumerate(task.bots)]
        match = Match(game, seats, task.seed, names=list(task.bots))
        state = match.run()
    except KeyboardInterrupt as exc:
        if stopping():  # Ctrl-C or SIGTERM of this process: the run stops
            raise
        return _failure(task, match, exc, decision_timeout)
    except BaseException as exc:  # a bot's bug (even sys.exit) must not end the tournament unasked
        return _failure(task, match, exc, decision_timeout)
    summary = {
        "deal": task.deal, "seating": task.seating, "seed": task.seed, "bots": list(task.bots),
        "points": list(state.points), "winners": list(state.winners), "rounds": len(state.history),
        "decisions": [s.decisions for s in seats], "seconds": [s.seconds for s in seats],
    }
    if keep_record:
        summary["record"] = match.record.data
    return summary


def play_chunk(spec, tasks, keep_record: bool = False, decision_timeout: float | None = None) -> list[dict]:
    """Play several games (one unit of work for a backend)."""
    with decision_timer(decision_timeout):
        return [play_game(spec, task, keep_record, decision_timeout) for task in tasks]
