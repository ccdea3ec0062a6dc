"""Environments for learning agents: PettingZoo (every seat an agent) and Gymnasium (one
learning seat against bots), for every game of the family and 2 to 6 players.

    import lama.envs
    env = lama.envs.env(game="kadabra", players=4)          # PettingZoo AEC
    gym_env = gymnasium.make("lama/Lama-v0", players=4, opponents="heuristic")
    envs = gymnasium.make_vec("lama/Lama-v0", num_envs=1024, players=4)   # compiled, lama.envs.vector

Importing this package registers the Gymnasium ids `lama/Lama-v0`, `lama/Komarami-v0`,
`lama/Kadabra-v0` and `lama/Dice-v0` (with `gymnasium.make_vec`: the compiled vector
environment of lama.envs.vector, whose `SelfPlay` is the batched PettingZoo-style twin). Both
environments are thin drivers of the pure game:
observations (`lama.envs.observation`), rewards (`lama.envs.rewards`) and the illegal-action
policy are theirs; the rules, chance and the bots are the core's, the table's and the bots'.
Needs the `rl` extra (gymnasium, pettingzoo).
"""

from __future__ import annotations

import gymnasium

from lama.games import GAMES

from .aec import IllegalActionError, LamaAECEnv, env, raw_env
from .observation import Encoder
from .rewards import REWARDS

# lama/Lama-v0, lama/Komarami-v0, lama/Kadabra-v0, lama/Dice-v0: one per game, named after it
GYM_IDS = {game_id: f"lama/{cls.__name__.removesuffix('Game')}-v0" for game_id, cls in GAMES.items()}


def _register() -> None:
    for game, env_id in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="lama.envs.gym_env:LamaGymEnv",
                               vector_entry_point="lama.envs.vector:LamaVectorEnv", kwargs={"game": game})


_register()


def vector_env(game: str = "lama", num_envs: int = 1024, **kwargs):
    """The compiled vector environment (lama.envs.vector.LamaVectorEnv), as gymnasium.make_vec
    builds it; imported on first use (it loads numba)."""
    from .vector import LamaVectorEnv

    return LamaVectorEnv(game, num_envs, **kwargs)

__all__ = ["GYM_IDS", "REWARDS", "Encoder", "IllegalActionError", "LamaAECEnv", "env", "raw_env", "vector_env"]
