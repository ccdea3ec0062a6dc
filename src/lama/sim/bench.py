"""The W1 benchmark: whole games through the core API, every seat choosing
uniformly among its legal actions other than quit (quitting only when nothing
else is legal). Chance is resolved by one seeded generator."""

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


def bench(game, games: int, seed: int = 0, repeat: int = 1) -> dict:
    """Run W1 `repeat` times; report the median run and the spread of decisions/s."""
    runs = []
    for i in range(repeat):
        decisions, seconds = w1_games(game, games, seed + i)
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
    return result
