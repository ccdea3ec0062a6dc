"""`lama bench-env --vector`: agent steps per second of the vector environments
(lama.envs.vector) at B games, on one core.

The workload is W1's, for every game at once: each acting seat picks uniformly among its
legal ids other than quit (quit only when nothing else is legal), drawn from the masks with
numpy (one argmax over random weights per step, no Python loop over the games). An agent step
is one acting seat's move: B per step of `SelfPlay` (every game's seat to move acts), B per
step of `LamaVectorEnv` (the learning seat; its compiled opponents' moves are not counted,
their time is). Two rates each: the environment alone (the time inside `step`) and the whole
loop (the policy's argmax too). The first steps compile or load the kernels and are not timed.
"""

from __future__ import annotations

import time

import numpy as np

from lama.envs.vector import LamaVectorEnv, SelfPlay

QUIT_WEIGHT = np.float32(1e-3)  # W1: quit loses to any other legal id


def w1_weights(game) -> np.ndarray:
    """Per action id, the weight of its random draw: 1, quit QUIT_WEIGHT."""
    weights = np.ones(game.num_distinct_actions(), dtype=np.float32)
    for i in range(len(weights)):
        if game.action_of(i).kind == "quit":
            weights[i] = QUIT_WEIGHT
    return weights


def run_steps(step, masks, weights, calls: int, rng) -> tuple[float, float, np.ndarray]:
    """`calls` steps with W1 actions from `masks` on; (seconds inside step, seconds in all, the
    masks now). `step(actions)` returns the next masks."""
    inside = 0.0
    start = time.perf_counter()
    for _ in range(calls):
        actions = np.argmax(rng.random(masks.shape, dtype=np.float32) * masks * weights, axis=1)
        t = time.perf_counter()
        masks = step(actions)
        inside += time.perf_counter() - t
    return inside, time.perf_counter() - start, masks


def timed_runs(step, masks, weights, calls: int, repeat: int, rng) -> list[tuple[float, float]]:
    """(seconds inside step, seconds in all) of `repeat` runs of `calls` steps, after 3
    untimed ones (they compile or load the kernels)."""
    masks = run_steps(step, masks, weights, 3, rng)[2]
    runs = []
    for _ in range(repeat):
        inside, total, masks = run_steps(step, masks, weights, calls, rng)
        runs.append((inside, total))
    return runs


def _rates(agent_steps: int, runs: list[tuple[float, float]]) -> dict:
    env = sorted(agent_steps / inside for inside, _ in runs)
    loop = sorted(agent_steps / total for _, total in runs)
    mid = len(runs) // 2
    return {"steps_per_s": env[mid], "steps_per_s_min": env[0], "steps_per_s_max": env[-1],
            "loop_steps_per_s": loop[mid], "loop_steps_per_s_min": loop[0], "loop_steps_per_s_max": loop[-1]}


def bench_vector(game_id: str, players: int, num_envs: int = 1024, steps: int = 1_000_000, seed: int = 0,
                 repeat: int = 3, options: dict | None = None, opponents: str = "random") -> dict:
    """Agent steps/s of SelfPlay and of LamaVectorEnv (opponents `opponents`), `repeat` runs of
    at least `steps` agent steps each (whole batch steps): median, min and max."""
    calls = max(1, -(-steps // num_envs))
    rng = np.random.default_rng(seed)
    result = {"game": game_id, "players": players, "num_envs": num_envs, "runs": repeat,
              "steps": calls * num_envs, "opponents": opponents}

    self_play = SelfPlay(game_id, players, num_envs, options=options)
    weights = w1_weights(self_play.game)
    masks = self_play.reset(seed=seed)[1]

    def self_play_step(actions):
        return self_play.step(actions)[1]

    result["observation_size"] = self_play.observation_size
    result["self_play"] = _rates(calls * num_envs, timed_runs(self_play_step, masks, weights, calls, repeat, rng))

    vector_env = LamaVectorEnv(game_id, num_envs, players=players, options=options, opponents=opponents,
                               autoreset_mode="same_step")  # (every step an agent step)
    masks = vector_env.reset(seed=seed)[1]["action_mask"]

    def vector_env_step(actions):
        return vector_env.step(actions)[4]["action_mask"]

    result["vector_env"] = _rates(calls * num_envs, timed_runs(vector_env_step, masks, weights, calls, repeat, rng))
    return result
