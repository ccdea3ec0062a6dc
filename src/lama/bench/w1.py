"""The W1 benchmark: whole games through the core API, every seat choosing
uniformly among its legal actions other than quit (quitting only when nothing
else is legal). Chance is resolved by one seeded generator.

With engine="fast" the same workload runs in the fast engine (the kernels of lama.fast.w1): a batch of
whole games in one kernel call, each game's chance from its own generator."""

from __future__ import annotations

import random
import statistics
import time


def w1_games(game, games: int, seed: int = 0) -> tuple[int, float]:
    """Play `games` W1 games; return (decisions, seconds)."""
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.finished:
            if state.to_move is None:
                state.apply_chance(state.sample_chance(rng))
                continue
            actions = [a for a in state.legal_actions() if a.kind != "quit"] or state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            decisions += 1
    return decisions, time.perf_counter() - start


ENGINES = ("core", "fast")


def bench(game, games: int, seed: int = 0, repeat: int = 1, engine: str = "core") -> dict:
    """Run W1 `repeat` times on `engine` (core or fast); report the median run and the spread
    of decisions/s. The fast engine's figures say so ("engine": "fast") and leave its
    compilation out."""
    if engine == "fast":
        from lama.fast.w1 import w1_games_fast as play
    elif engine == "core":
        play = w1_games
    else:
        raise ValueError(f"engine is one of {', '.join(ENGINES)}, not {engine!r}")
    runs = []
    for i in range(repeat):
        decisions, seconds = play(game, games, seed + i)
        runs.append({
            "games_per_s": games / seconds,
            "decisions_per_s": decisions / seconds,
            "decisions_per_game": decisions / games,
        })
    runs.sort(key=lambda r: r["decisions_per_s"])
    result = dict(runs[len(runs) // 2])
    if repeat > 1:
        rates = [r["decisions_per_s"] for r in runs]
        result["runs"] = repeat
        result["decisions_per_s_min"] = rates[0]
        result["decisions_per_s_max"] = rates[-1]
        result["decisions_per_s_stdev"] = statistics.stdev(rates)
    if engine == "fast":
        result["engine"] = engine
    return result
