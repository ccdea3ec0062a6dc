"""The work of a tournament: one game in, one summary out.

`play_chunk` is a pure function of picklable arguments (bots are loaded by name
inside the worker), so it runs the same in this process, in a process pool or
on a Dask worker. A summary is a plain dict of numbers and names.
"""

from __future__ import annotations

import time
import traceback

from lama.bots import load_bot
from lama.core import IllegalAction
from lama.games import new_game
from lama.match import Match


class BotFailed(Exception):
    """A bot raised: which seat, and the bot's own exception as the cause."""

    def __init__(self, seat: int):
        super().__init__(seat)
        self.seat = seat


class TimedBot:
    """A seat's policy that counts its decisions and the seconds it spends on them."""

    __slots__ = ("bot", "seat", "seconds", "decisions")

    def __init__(self, bot, seat: int):
        self.bot, self.seat = bot, seat
        self.seconds = 0.0
        self.decisions = 0

    def __call__(self, view, rng):
        start = time.perf_counter()
        try:
            return self.bot(view, rng)
        except Exception as e:
            raise BotFailed(self.seat) from e
        finally:
            self.seconds += time.perf_counter() - start
            self.decisions += 1


_games: dict = {}


def _game(spec):
    key = repr(spec)  # options may hold unhashable values (a kadabra deck)
    game = _games.get(key)
    if game is None:
        game = _games[key] = new_game(spec.game, spec.players, spec.options_dict)
    return game


def _failure(task, match, exc) -> dict:
    if match is None:  # the bots or the game could not even be set up on this worker
        seat, kind, message, trace = None, "setup_error", f"{type(exc).__name__}: {exc}", None
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
                  "round": None if match is None else match.state.round, "message": message,
                  "traceback": trace},
    }


def play_game(spec, task, keep_record: bool = False) -> dict:
    """Play one game; return its summary (or a failure naming the seat, bot and seed)."""
    match = None
    try:
        game = _game(spec)
        seats = [TimedBot(load_bot(name), s) for s, name in enumerate(task.bots)]
        match = Match(game, seats, task.seed, names=list(task.bots))
        state = match.run()
    except Exception as exc:  # a bot's bug must not end the tournament unasked
        return _failure(task, match, exc)
    summary = {
        "deal": task.deal, "seating": task.seating, "seed": task.seed, "bots": list(task.bots),
        "points": list(state.points), "winners": list(state.winners), "rounds": len(state.history),
        "decisions": [s.decisions for s in seats], "seconds": [s.seconds for s in seats],
    }
    if keep_record:
        summary["record"] = match.record.data
    return summary


def play_chunk(spec, tasks, keep_record: bool = False) -> list[dict]:
    """Play several games (one unit of work for a backend)."""
    return [play_game(spec, task, keep_record) for task in tasks]
