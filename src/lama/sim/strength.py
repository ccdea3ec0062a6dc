"""The strength benchmark (`lama strength`): how often a bot wins against others.

One *cell* is a game, a player count, a bot and the bot that fills every other seat.
Game g of a cell has the bot in seat g mod players (seats rotated, so no seat order
favours it) and seed `seed + g`; chance and every seat's generator come from that seed
(match/driver.py), so a cell is reproducible whatever the number of worker processes.

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
import multiprocessing
import random
import time

from lama.bots import load_bot
from lama.bots.determinize import determinize
from lama.bots.rollout import playout
from lama.fast import kernel
from lama.games import new_game
from lama.match import Match

from .fastplay import FAST_CHUNK, compiled_ids, use_fast

Z95 = 1.959964


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
        "sole": state.winners == (seat,),
        "decisions": len(bot.times),
        "seconds": sum(bot.times),
        "max_seconds": max(bot.times, default=0.0),
    }


def run_cell(game_id: str, players: int, bot: str, vs: str, games: int, seed: int = 0,
             options: dict | None = None, jobs: int = 1, progress=None, engine: str = "auto") -> dict:
    """Play one cell; `progress(done, games)` is called as games finish. `engine`: auto, core or
    fast (sim/fastplay.py): through the compiled engine when both bots have compiled twins."""
    load_bot(bot), load_bot(vs)  # fail early on bad names
    game = new_game(game_id, players, options)
    start = time.perf_counter()
    if use_fast(engine, (bot, vs)):
        cell = _fast_cell(game, bot, vs, games, seed, jobs, progress)
    else:
        cell = _core_cell(game_id, players, bot, vs, games, seed, options, jobs, progress)
    cell["elapsed_s"] = time.perf_counter() - start
    return {"game": game_id, "players": players, "bot": bot, "vs": vs, "games": games, "seed": seed} | cell


def _core_cell(game_id, players, bot, vs, games, seed, options, jobs, progress) -> dict:
    """The cell through the rules core and the Python bots (match/driver.py)."""
    tasks = [(game_id, players, options or {}, bot, vs, seed, g) for g in range(games)]
    results = []
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for r in pool.imap(play_one, tasks, chunksize=max(1, min(20, games // (jobs * 8) or 1))):
                results.append(r)
                if progress:
                    progress(len(results), games)
    else:
        for task in tasks:
            results.append(play_one(task))
            if progress:
                progress(len(results), games)
    decisions = sum(r["decisions"] for r in results)
    return _tally(games, players, [r["win"] for r in results], [r["sole"] for r in results], decisions) | {
        "mean_seconds_per_decision": sum(r["seconds"] for r in results) / decisions if decisions else 0.0,
        "max_seconds_per_decision": max((r["max_seconds"] for r in results), default=0.0),
        "engine": "core",
    }


def _fast_cell(game, bot, vs, games, seed, jobs, progress) -> dict:
    """The cell in compiled code (lama.sim.compiled_match), game g seeded seed + g with the bot in seat
    g mod players, as on the core. A batch is timed as a whole: the time per decision is the
    batch's (rules included) over all its decisions, and no single decision's is known."""
    from .compiled_match import Batch

    ids = compiled_ids((bot, vs))
    n = game.players
    Batch(game, [seed], [[ids[bot]] * n]).play()  # untimed, as warm_up: numba compiles or loads its cache
    wins, sole = [], []
    decisions = all_decisions = 0
    seconds = 0.0
    for first in range(0, games, FAST_CHUNK):
        count = min(FAST_CHUNK, games - first)
        seats = [[ids[bot] if s == g % n else ids[vs] for s in range(n)] for g in range(first, first + count)]
        batch = Batch(game, [seed + g for g in range(first, first + count)], seats).play(jobs)
        for i in range(count):
            seat = (first + i) % n
            winners = batch.winners(i)
            wins.append(seat in winners)
            sole.append(winners == (seat,))
            decisions += batch.decisions(i)[seat]
            all_decisions += sum(batch.decisions(i))
        seconds += batch.elapsed
        if progress:
            progress(first + count, games)
    return _tally(games, n, wins, sole, decisions) | {
        "mean_seconds_per_decision": seconds / all_decisions if all_decisions else 0.0,
        "max_seconds_per_decision": None,
        "engine": "fast",
    }


def _tally(games: int, players: int, wins: list, sole: list, decisions: int) -> dict:
    won = sum(wins)
    low, high = wilson(won, games)
    return {"wins": won, "win_rate": won / games, "low": low, "high": high,
            "sole_win_rate": sum(sole) / games, "fair_share": 1 / players, "decisions": decisions}


# The cells of the table: the heuristic against random seats, the strongest bot
# against heuristic seats.
STANDARD_PAIRS = (("medium", "random"), ("hard", "medium"))


def cell_keys(games_ids, player_counts, pairs) -> list[tuple]:
    """The cells of games x player counts x (bot, vs) pairs, in the table's order."""
    return [(g, n, bot, vs) for g in games_ids for n in player_counts for bot, vs in pairs]


def key_of(cell: dict) -> tuple:
    return (cell["game"], cell["players"], cell["bot"], cell["vs"])


def run_table(keys, games: int, seed: int = 0, jobs: int = 1, progress=None, engine: str = "auto",
              kept=(), on_cell=None) -> list[dict]:
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
        cell = run_cell(*key, games, seed, jobs=jobs, progress=report, engine=engine)
        cells.append(cell)
        if on_cell:
            on_cell(cell)
    return cells


def seconds_per_game(key, seed: int = 0, engine: str = "auto") -> float:
    """One game of a cell timed, after one untimed game (which loads or compiles what it needs):
    what a long run uses to foretell its time."""
    run_cell(*key, 1, seed, engine=engine)
    return run_cell(*key, 1, seed + 1, engine=engine)["elapsed_s"]


# -- playouts per second (the search bots' hot path) -----------------------------------------

def rollout_rate(game_id: str, players: int, playouts: int = 2000, seed: int = 0) -> dict:
    """Playouts per second from the first decision of a round, through the core (on the same
    determinized deals) and through the hard bot's compiled search, one core."""
    rng = random.Random(seed)
    game = new_game(game_id, players)
    state = game.new_initial_state()
    while state.to_move is None:
        state.apply_chance(state.sample_chance(rng))
    view = state.view(state.to_move)
    worlds = [determinize(view, rng) for _ in range(playouts)]
    result = {"game": game_id, "players": players, "playouts": playouts}
    play_rng = random.Random(seed)
    start = time.perf_counter()
    for w in worlds:
        playout(w, play_rng)
    result["core_per_s"] = playouts / (time.perf_counter() - start)
    search = game.hook("compiled_search")
    if search:  # the hard bot's compiled search, dealing included (after a warm-up)
        search(view, rng, 10, False, True)
        start = time.perf_counter()
        found = search(view, rng, playouts, False, True)
        done = sum(stats[0] for _, stats in found)
        result["search_per_s"] = done / (time.perf_counter() - start)
        result["search_compiled"] = kernel.COMPILED
    return result
