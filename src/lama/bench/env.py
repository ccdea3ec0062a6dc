"""`lama bench-env`: the AEC environment's steps per second on the random workload of W1,
next to the rules core's decisions per second on the same workload (lama.bench.w1).

The workload: every seat picks uniformly among its legal action ids other than quit (quit
only when nothing else is legal), the core's W1 policy, here read from the action mask. A
step is one agent's move through `last()` (observation and mask) and `step(action)`; the
steps that only retire an agent at the end of a game are not counted, their time is.
"""

from __future__ import annotations

import random
import time

import numpy as np

from lama.envs.aec import env as make_env

from .w1 import w1_games


def env_steps(env, steps: int, seed: int = 0, choices_of: dict | None = None) -> tuple[int, int, float]:
    """Step `env` for at least `steps` moves (whole games); return (moves, games, seconds).

    `choices_of` (mask bytes -> the policy's choices) may be shared between calls on the same
    environment, as its own caches are: Kadabra shows some thousand distinct masks in 10,000
    steps, and learning them anew for every slice would add a third of a microsecond a step."""
    rng = random.Random(seed)
    quit_id = env.codec.quit_id
    randrange = rng.randrange
    if choices_of is None:
        choices_of = {}
    moves = games = 0
    start = time.perf_counter()
    while moves < steps:
        env.reset(seed=seed + games)
        games += 1
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            key = obs["action_mask"].tobytes()
            choices = choices_of.get(key)
            if choices is None:
                legal = np.flatnonzero(obs["action_mask"]).tolist()
                choices = choices_of[key] = [i for i in legal if i != quit_id] or legal
            env.step(choices[randrange(len(choices))])
            moves += 1
    return moves, games, time.perf_counter() - start


def bench_env(game_id: str, players: int, steps: int = 100_000, seed: int = 0, repeat: int = 1,
              options: dict | None = None, chunks: int = 10) -> dict:
    """Steps/s of the AEC environment and decisions/s of the core, `repeat` runs each.

    A run alternates `chunks` slices of the environment's steps with the core playing as many
    W1 games as the environment just did, so that a machine busy with something else slows
    both sides alike; the ratio of a run is env steps/s over core decisions/s."""
    env = make_env(game_id, players, options)
    choices_of: dict[bytes, list[int]] = {}  # the policy's, kept for the whole measurement
    env_steps(env, min(steps, 2_000), seed - 1, choices_of)  # warm the caches (masks, legal sets)
    runs = []
    for i in range(repeat):
        moves = env_games = decisions = 0
        env_seconds = core_seconds = 0.0
        for c in range(chunks):
            m, games, seconds = env_steps(env, max(1, steps // chunks), seed + (i * chunks + c) * 100_003,
                                          choices_of)
            d, s = w1_games(env.game, games, seed + i * chunks + c)
            moves, env_games, env_seconds = moves + m, env_games + games, env_seconds + seconds
            decisions, core_seconds = decisions + d, core_seconds + s
        runs.append({"steps_per_s": moves / env_seconds, "core_decisions_per_s": decisions / core_seconds,
                     "steps": moves, "games": env_games})
    env_rates = sorted(r["steps_per_s"] for r in runs)
    core_rates = sorted(r["core_decisions_per_s"] for r in runs)
    ratios = sorted(r["steps_per_s"] / r["core_decisions_per_s"] for r in runs)
    mid = len(runs) // 2
    return {
        "game": game_id, "players": players, "runs": repeat, "steps": runs[0]["steps"],
        "observation_size": env.encoder.size,
        "steps_per_s": env_rates[mid], "steps_per_s_min": env_rates[0], "steps_per_s_max": env_rates[-1],
        "core_decisions_per_s": core_rates[mid], "core_decisions_per_s_min": core_rates[0],
        "core_decisions_per_s_max": core_rates[-1],
        "ratio": ratios[mid], "ratio_min": ratios[0], "ratio_max": ratios[-1],
    }
