"""The strength benchmark (`lama strength`): how often a bot wins against others.

One *cell* is a game, a player count, a bot and the bot that fills every other seat.
Game g of a cell has the bot in seat g mod players (seats rotated, so no seat order
favours it) and seed `seed + g`; chance and every seat's generator come from that seed
(match/driver.py), so a cell is the same whatever the backend (local processes or Dask:
chunks of games, `play_games`, are the units of work) and the number of its workers.

A game counts as a win when the bot is among the winners (C6: ties share the win; the
share of sole wins is reported too). The 95% interval is Wilson's score interval. The
bot's thinking time per decision (mean and max, on one core per worker) is measured
around its calls only, after one untimed warm-up decision per process (`warm_up`).
A benchmark, not a test: nothing here asserts anything.

When both bots have compiled twins (random, heuristic, medium, easy) the cell is played in
compiled code (sim/fastplay.py, sim/compiled_match.py; `engine` says which): the same seats and
seeds, games of the same distribution but not the same games (other generators), and the
time per decision is the whole batch's (rules included) over its decisions.
"""

from __future__ import annotations

import math
import random
import time

from lama.bots import load_bot
from lama.games import new_game
from lama.match import Match

from .backends import make_backend
from .fastplay import FAST_CHUNK, compiled_ids, use_fast
from .schedule import GameSpec
from .worker import game_of

Z95 = 1.959964
DASK_FAST_CHUNK = 100_000  # the most compiled games of a cell in one unit of work on Dask


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class _Timed:
    """Wraps a bot to time its decisions."""

    def __init__(self, bot):
        self.bot = bot
        self.times: list[float] = []

    def __call__(self, view, rng):
        start = time.perf_counter()
        action = self.bot(view, rng)
        self.times.append(time.perf_counter() - start)
        return action


_warm: set = set()


def warm_up(bot, game) -> None:
    """One untimed decision, once per process: a compiled search (bots/compiled/cards.py, on lama.fast) is
    compiled or loaded from its disk cache on its first call, which is not thinking time."""
    if (id(bot), game.id) in _warm:
        return
    _warm.add((id(bot), game.id))
    rng = random.Random(0)
    state = game.new_initial_state()
    while state.to_move is None:
        state.apply_chance(state.sample_chance(rng))
    bot(state.view(state.to_move), rng)


def play_one(task) -> dict:
    """Play game g of a cell; what the bot in the rotated seat got (a worker's job)."""
    game_id, players, options, bot_name, vs_name, seed, g = task
    game = new_game(game_id, players, options)
    seat = g % players
    warm_up(load_bot(bot_name), game)
    bot = _Timed(load_bot(bot_name))
    other = load_bot(vs_name)
    policies = [bot if s == seat else other for s in range(players)]
    state = Match(game, policies, seed=seed + g).run()
    return {
        "win": seat in state.winners,
        "share": 1 / len(state.winners) if seat in state.winners else 0.0,  # C6: ties share the win
        "sole": state.winners == (seat,),
        "decisions": len(bot.times),
        "seconds": sum(bot.times),
        "max_seconds": max(bot.times, default=0.0),
    }


def run_cell(game_id: str, players: int, bot: str, vs: str, games: int, seed: int = 0,
             options: dict | None = None, jobs: int = 1, progress=None, engine: str = "auto",
             backend: str = "local", address: str | None = None) -> dict:
    """Play one cell; `progress(done, games)` is called as games finish. `engine`: auto, core or
    fast (sim/fastplay.py): through the fast engine when both bots have compiled twins.
    `backend`: local (`jobs` processes through the core, `jobs` threads in compiled code) or
    dask (the cluster at `address`, or a local one of `jobs` workers), chunks of games sent to
    its workers on either engine; a cell is the same whatever the backend and the jobs.
    Raises BackendError when the backend cannot start or lost its workers."""
    load_bot(bot), load_bot(vs)  # fail early on bad names
    game = new_game(game_id, players, options)
    fast = use_fast(engine, (bot, vs))
    cell = (game_id, players, tuple(sorted((options or {}).items())), bot, vs, seed)
    local = backend != "dask"
    if fast:  # on Dask, bigger: every unit is a trip to a worker (and its results are sums)
        chunk = FAST_CHUNK if local else min(DASK_FAST_CHUNK, max(FAST_CHUNK, games // (8 * jobs)))
    else:
        chunk = 1 if local and jobs <= 1 else max(1, min(20, games // (jobs * 8) or 1))
    threads = jobs if fast and local else 1  # a worker of Dask or a local process plays on one core
    units = [(cell, first, min(chunk, games - first), fast, threads) for first in range(0, games, chunk)]
    sums = dict.fromkeys(("games", "wins", "sole", "decisions", "timed_decisions"), 0) | {
        "seconds": 0.0, "max_seconds": 0.0}

    def on_result(unit, part) -> bool:
        for key in sums:
            sums[key] = max(sums[key], part[key]) if key == "max_seconds" else sums[key] + part[key]
        if progress:
            progress(sums["games"], games)
        return True

    start = time.perf_counter()
    runner = make_backend(backend, jobs if not local or not fast else 1, address, play=play_games)
    try:
        runner.run(units, on_result)
    finally:
        runner.close()
    timed = sums["timed_decisions"]
    cell = _tally(games, game.players, sums["wins"], sums["sole"], sums["decisions"]) | {
        "mean_seconds_per_decision": sums["seconds"] / timed if timed else 0.0,
        "max_seconds_per_decision": None if fast else sums["max_seconds"],
        "engine": "fast" if fast else "core",
    }
    cell["elapsed_s"] = time.perf_counter() - start
    chosen = {"options": dict(options)} if options else {}  # a cell of the default rules names none
    return {"game": game_id, "players": players, "bot": bot, "vs": vs, "games": games, "seed": seed} | chosen | cell


def play_games(cell: tuple, first: int, count: int, fast: bool, threads: int = 1) -> dict:
    """Games first .. first + count - 1 of a cell (game, players, options, bot, vs, seed) on
    one engine: the sums of the cell's tally (a unit of work, the same in this process and on
    a Dask worker). In compiled code (lama.sim.compiled_match) a batch is timed as a whole,
    so its time is over all its decisions, rules included, and no single decision's is known."""
    game_id, players, options, bot, vs, seed = cell
    sums = {"games": count, "wins": 0, "sole": 0, "decisions": 0}
    if not fast:
        results = [play_one((game_id, players, dict(options), bot, vs, seed, g)) for g in range(first, first + count)]
        decisions = sum(r["decisions"] for r in results)
        return sums | {"wins": sum(r["win"] for r in results), "sole": sum(r["sole"] for r in results),
                       "decisions": decisions, "timed_decisions": decisions,
                       "seconds": sum(r["seconds"] for r in results),
                       "max_seconds": max((r["max_seconds"] for r in results), default=0.0)}
    from .compiled_match import Batch

    game = game_of(GameSpec(game_id, players, options))
    ids = compiled_ids((bot, vs))
    n = game.players
    if (repr(cell[:3]), bot) not in _warm:  # untimed, as warm_up: numba compiles or loads its cache
        _warm.add((repr(cell[:3]), bot))
        Batch(game, [seed], [[ids[bot]] * n]).play()
    seats = [[ids[bot] if s == g % n else ids[vs] for s in range(n)] for g in range(first, first + count)]
    batch = Batch(game, [seed + g for g in range(first, first + count)], seats).play(threads)
    wins, sole, decisions, all_decisions = batch.seat_tally(first)
    return sums | {"wins": wins, "sole": sole, "decisions": decisions, "timed_decisions": all_decisions,
                   "seconds": batch.elapsed, "max_seconds": 0.0}


def _tally(games: int, players: int, won: int, sole: int, decisions: int) -> dict:
    low, high = wilson(won, games)
    return {"wins": won, "win_rate": won / games, "low": low, "high": high,
            "sole_win_rate": sole / games, "fair_share": 1 / players, "decisions": decisions}


# The cells of the table: the heuristic against random seats, the strongest bot
# against heuristic seats.
STANDARD_PAIRS = (("medium", "random"), ("hard", "medium"))


def cell_keys(games_ids, player_counts, pairs) -> list[tuple]:
    """The cells of games x player counts x (bot, vs) pairs, in the table's order."""
    return [(g, n, bot, vs) for g in games_ids for n in player_counts for bot, vs in pairs]


def key_of(cell: dict) -> tuple:
    return (cell["game"], cell["players"], cell["bot"], cell["vs"])


def run_table(keys, games: int, seed: int = 0, jobs: int = 1, progress=None, engine: str = "auto",
              kept=(), on_cell=None, backend: str = "local", address: str | None = None,
              options: dict | None = None) -> list[dict]:
    """Every cell of `keys` (cell_keys), in order. `kept`: cells finished before (by a run
    that was stopped), taken as they are; `on_cell(cell)` is told of each cell played, as it
    finishes, so that a stopped run keeps them; `progress(index, key, done, total)` as the
    games of cell `index` finish."""
    kept = {key_of(c): c for c in kept}
    cells = []
    for index, key in enumerate(keys):
        if key in kept:
            cells.append(kept[key])
            continue
        report = (lambda done, total, index=index, key=key: progress(index, key, done, total)) if progress else None
        cell = run_cell(*key, games, seed, options, jobs=jobs, progress=report, engine=engine, backend=backend,
                        address=address)
        cells.append(cell)
        if on_cell:
            on_cell(cell)
    return cells


def seconds_per_game(key, seed: int = 0, engine: str = "auto", options: dict | None = None) -> float:
    """One game of a cell timed, after one untimed game (which loads or compiles what it needs):
    what a long run uses to foretell its time."""
    run_cell(*key, 1, seed, options, engine=engine)
    return run_cell(*key, 1, seed + 1, options, engine=engine)["elapsed_s"]
