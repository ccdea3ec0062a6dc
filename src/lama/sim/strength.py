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
"""

from __future__ import annotations

import math
import time

from lama.bots import load_bot
from lama.games import new_game
from lama.match import Match

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
    """One untimed decision, once per process: a compiled search (bots/fastcards.py) is
    compiled or loaded from its disk cache on its first call, which is not thinking time."""
    import random

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
             options: dict | None = None, jobs: int = 1, progress=None) -> dict:
    """Play one cell; `progress(done, games)` is called as games finish."""
    load_bot(bot), load_bot(vs), new_game(game_id, players, options)  # fail early on bad names
    tasks = [(game_id, players, options or {}, bot, vs, seed, g) for g in range(games)]
    results = []
    if jobs > 1:
        import multiprocessing

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
    wins = sum(r["win"] for r in results)
    decisions = sum(r["decisions"] for r in results)
    low, high = wilson(wins, games)
    return {
        "game": game_id, "players": players, "bot": bot, "vs": vs, "games": games, "seed": seed,
        "wins": wins, "win_rate": wins / games, "low": low, "high": high,
        "sole_win_rate": sum(r["sole"] for r in results) / games,
        "fair_share": 1 / players,
        "decisions": decisions,
        "mean_seconds_per_decision": sum(r["seconds"] for r in results) / decisions if decisions else 0.0,
        "max_seconds_per_decision": max((r["max_seconds"] for r in results), default=0.0),
    }


# The cells of the table: the heuristic against random seats, the strongest bot
# against heuristic seats.
STANDARD_PAIRS = (("medium", "random"), ("hard", "medium"))


def run_table(games_ids, player_counts, pairs, games: int, seed: int = 0, jobs: int = 1, progress=None) -> list[dict]:
    """Every cell of games x player counts x (bot, vs) pairs."""
    cells = []
    for game_id in games_ids:
        for players in player_counts:
            for bot, vs in pairs:
                label = f"{game_id} {players}p {bot} vs {vs}"
                report = (lambda done, total, label=label: progress(label, done, total)) if progress else None
                cells.append(run_cell(game_id, players, bot, vs, games, seed, jobs=jobs, progress=report))
    return cells


def strength_table(cells: list[dict]):
    """A rich Table of cells."""
    from rich.table import Table

    table = Table(title="Strength (seats rotated; 95% Wilson intervals)", title_justify="left")
    for name, justify in (("game", "left"), ("n", "right"), ("bot", "left"), ("vs", "left"),
                          ("games", "right"), ("wins", "right"), ("95% CI", "right"),
                          ("fair", "right"), ("s/dec", "right"), ("max s", "right")):
        table.add_column(name, justify=justify, no_wrap=True)
    for c in cells:
        table.add_row(
            c["game"], str(c["players"]), c["bot"], c["vs"], str(c["games"]), f"{c['win_rate']:.1%}",
            f"{c['low']:.1%}–{c['high']:.1%}", f"{c['fair_share']:.0%}",
            f"{c['mean_seconds_per_decision']:.3f}", f"{c['max_seconds_per_decision']:.2f}",
        )
    return table


def cmd_strength(args) -> int:
    import json
    import sys

    from lama.bots import UnknownBot
    from lama.games import GAMES

    games_ids = args.game or list(GAMES)
    pairs = [(args.bot, args.vs)] if args.bot else list(STANDARD_PAIRS)
    if bool(args.bot) != bool(args.vs):
        print("lama strength: give both --bot and --vs, or neither (the standard pairs: "
              + ", ".join(f"{b} vs {v}" for b, v in STANDARD_PAIRS) + ")", file=sys.stderr)
        return 2

    tty = sys.stderr.isatty()

    def progress(label, done, total):
        if args.quiet:
            return
        if tty:
            print(f"\r{label}: {done}/{total} games", end="\n" if done == total else "", file=sys.stderr, flush=True)
        elif done == total or done % max(1, total // 10) == 0:
            print(f"{label}: {done}/{total} games", file=sys.stderr, flush=True)

    try:
        cells = run_table(games_ids, args.players, pairs, args.games, args.seed, args.jobs, progress)
    except UnknownBot as e:
        print(f"lama strength: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"format": "lama-strength/1", "cells": cells}))
    else:
        from rich.console import Console

        Console(width=None if sys.stdout.isatty() else 120).print(strength_table(cells))
    return 0


def add_strength_parser(sub) -> None:
    from lama.cli import _positive
    from lama.games import GAMES

    p = sub.add_parser(
        "strength",
        help="benchmark how often a bot wins against other bots (seats rotated)",
        description=(
            "Play many games of BOT against VS in every other seat, rotating BOT's seat, and print each "
            "cell's win rate with a 95% Wilson interval and BOT's seconds per decision. Without --bot/--vs "
            "it plays the standard pairs: " + ", ".join(f"{b} vs {v}" for b, v in STANDARD_PAIRS) + "."
        ),
    )
    p.add_argument("--game", action="append", choices=list(GAMES), help="a game (repeatable; default: all)")
    p.add_argument("--players", type=int, nargs="+", default=[2, 4, 6], choices=range(2, 7), metavar="N",
                   help="player counts, 2 to 6 (default: 2 4 6)")
    p.add_argument("--bot", help="the bot measured (a name, or module:callable)")
    p.add_argument("--vs", help="the bot in every other seat")
    p.add_argument("--games", type=_positive, default=2000, help="games per cell (default 2000)")
    p.add_argument("--seed", type=int, default=0, help="game g of a cell uses seed + g (default 0)")
    p.add_argument("--jobs", type=_positive, default=1, help="worker processes (default 1)")
    p.add_argument("--quiet", action="store_true", help="no progress on standard error")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_strength)
    add_bench_rollouts_parser(sub)


# -- playouts per second (the search bots' hot path) -----------------------------------------

def rollout_rate(game_id: str, players: int, playouts: int = 2000, seed: int = 0) -> dict:
    """Playouts per second from the first decision of a round, through the core and (where
    there is one) the lean loop, each on the same determinized deals, one core."""
    import random

    from lama.bots.determinize import determinize
    from lama.bots.rollout import core_playout

    rng = random.Random(seed)
    game = new_game(game_id, players)
    state = game.new_initial_state()
    while state.to_move is None:
        state.apply_chance(state.sample_chance(rng))
    view = state.view(state.to_move)
    worlds = [determinize(view, rng) for _ in range(playouts)]
    result = {"game": game_id, "players": players, "playouts": playouts}
    loops = {"core": core_playout}
    if game.hook("lean_playout") is not None:
        loops["lean"] = game.hook("lean_playout")
    for name, loop in loops.items():
        copies = [w.clone() for w in worlds]
        play_rng = random.Random(seed)
        start = time.perf_counter()
        for w in copies:
            loop(w, play_rng)
        result[f"{name}_per_s"] = playouts / (time.perf_counter() - start)
    from lama.bots import fastcards

    search = game.hook("compiled_search")
    if search:  # the hard bot's compiled search, dealing included (after a warm-up)
        search(view, rng, 10, False, True)
        start = time.perf_counter()
        found = search(view, rng, playouts, False, True)
        done = sum(stats[0] for _, stats in found)
        result["search_per_s"] = done / (time.perf_counter() - start)
        result["search_compiled"] = fastcards.COMPILED
    return result


def cmd_bench_rollouts(args) -> int:
    import json

    from lama.games import GAMES

    rows = [rollout_rate(g, n, args.playouts, args.seed) for g in (args.game or list(GAMES)) for n in args.players]
    if args.json:
        print(json.dumps({"format": "lama-rollouts/1", "rows": rows}))
        return 0
    print("playouts per second to the end of the round, from a round's first decision, one core:")
    for r in rows:
        lean = f", lean {r['lean_per_s']:,.0f}/s" if "lean_per_s" in r else ""
        if "search_per_s" in r:
            how = "compiled" if r["search_compiled"] else "not compiled: numba is not installed"
            lean += f", hard's search {r['search_per_s']:,.0f}/s ({how})"
        print(f"  {r['game']:<9} {r['players']} players: core {r['core_per_s']:,.0f}/s{lean}")
    return 0


def add_bench_rollouts_parser(sub) -> None:
    from lama.cli import _positive
    from lama.games import GAMES

    p = sub.add_parser("bench-rollouts", help="measure the search bots' playouts per second")
    p.add_argument("--game", action="append", choices=list(GAMES), help="a game (repeatable; default: all)")
    p.add_argument("--players", type=int, nargs="+", default=[2, 4, 6], choices=range(2, 7), metavar="N",
                   help="player counts (default: 2 4 6)")
    p.add_argument("--playouts", type=_positive, default=2000, help="playouts per measurement (default 2000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_bench_rollouts)
