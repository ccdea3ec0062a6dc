"""Every environment survives pickle and copy.deepcopy at any moment, in every game: the copy
hands out what the original would from then on (same actions, same chance), and stepping it
leaves the original alone; a Gymnasium environment sent to a spawned worker plays on there."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from lama.envs import env  # noqa: E402
from lama.envs.gym_env import LamaGymEnv  # noqa: E402
from lama.games import GAMES  # noqa: E402

GAME_IDS = sorted(GAMES)


def copies(obj) -> list:
    return [pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj)]


def aec_run(e, seed: int, limit: int = 100_000) -> list:
    """e played to the end (two games: the second from an unseeded reset) with random masked
    actions from `seed`; every last() it handed out."""
    rng = random.Random(seed)
    out = []
    for game in range(2):
        if game:
            e.reset()
        for agent in e.agent_iter(limit):
            obs, reward, term, trunc, _ = e.last()
            out.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, term))
            legal = np.flatnonzero(obs["action_mask"])
            e.step(None if term or trunc else int(legal[rng.randrange(len(legal))]))
    return out


def aec_replayed(game_id: str, actions: list):
    """A new AEC environment (seed 5) after `actions`: what a copy must be."""
    e = env(game_id, 3)
    e.reset(seed=5)
    for action in actions:
        e.step(action)
    return e


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_aec_env_copies_at_every_step(game_id):
    e = env(game_id, 3)
    for other in copies(e):  # before any reset too
        other.reset(seed=1)
    e.reset(seed=5)
    rng = random.Random(0)
    actions = []
    for _agent in e.agent_iter():
        expected = aec_run(aec_replayed(game_id, actions), len(actions))
        assert [aec_run(other, len(actions)) for other in copies(e)] == [expected] * 2
        obs, _reward, term, trunc, _ = e.last()
        legal = np.flatnonzero(obs["action_mask"])
        actions.append(None if term or trunc else int(legal[rng.randrange(len(legal))]))
        e.step(actions[-1])
    assert len(actions) > 3


def gym_run(e, seed: int) -> list:
    rng = random.Random(seed)
    out = []
    mask = e.action_masks()
    done = False
    while not done:
        legal = np.flatnonzero(mask)
        obs, reward, done, _, info = e.step(int(legal[rng.randrange(len(legal))]))
        mask = info["action_mask"]
        out.append((obs.tobytes(), mask.tobytes(), reward, done))
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_gym_env_copies_at_every_step(game_id):
    e = LamaGymEnv(game_id, 3, opponents=["heuristic", "easy"])
    copies(e)  # before any reset
    _, info = e.reset(seed=3)
    rng = random.Random(1)
    done, actions = False, []
    while not done:
        fresh = LamaGymEnv(game_id, 3, opponents=["heuristic", "easy"])
        fresh.reset(seed=3)
        for action in actions:
            fresh.step(action)
        expected = gym_run(fresh, len(actions))
        assert [gym_run(other, len(actions)) for other in copies(e)] == [expected] * 2
        legal = np.flatnonzero(info["action_mask"])
        actions.append(int(legal[rng.randrange(len(legal))]))
        _, _, done, _, info = e.step(actions[-1])
    assert len(actions) > 2


def test_envs_continue_in_a_spawned_worker():
    started = []
    for i, game_id in enumerate(GAME_IDS):
        e = LamaGymEnv(game_id, 4, opponents="heuristic")
        e.reset(seed=i)
        started.append((e, i))
    here = [gym_run(copy.deepcopy(e), seed) for e, seed in started]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        assert pool.starmap(gym_run, started) == here
