"""`neural` as an opponent of the vector environment: it steps whole games, replays with the
seed, plays the network's choices (its compiled twin on the rows: tests/bots/test_compiled_neural
holds that to the View bot), and is the compiled heuristic where no model ships."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from lama.bots.compiled import policies  # noqa: E402
from lama.bots.neural import has_model  # noqa: E402
from lama.envs import batch  # noqa: E402
from lama.envs.vector import LamaVectorEnv  # noqa: E402
from lama.games import GAMES  # noqa: E402


def run(game_id: str, seed: int, steps: int = 80, opponents="neural", players: int = 4, **kw):
    venv = LamaVectorEnv(game_id, 8, players=players, opponents=opponents, **kw)
    obs, infos = venv.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace, ends = [obs], 0
    for _ in range(steps):
        masks = infos["action_mask"]
        obs, rewards, terminated, _, infos = venv.step(np.argmax(rng.random(masks.shape) * masks, axis=1))
        trace += [obs, rewards]
        ends += int(terminated.sum())
    return np.concatenate([t.ravel() for t in trace]), ends, venv


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_neural_opponents_play_whole_games_the_same_for_a_seed(game_id):
    first, ends, venv = run(game_id, 3, options={"target": 15})
    assert ends >= 1
    assert np.array_equal(first, run(game_id, 3, options={"target": 15})[0])
    assert not np.array_equal(first, run(game_id, 4, options={"target": 15})[0])
    if has_model(game_id):
        assert venv._neural is not None and (venv.seat_policies[1:4] == batch.PYTHON).all()
    else:  # the bot plays as the heuristic: so does its seat, in compiled code
        assert venv._neural is None and (venv.seat_policies[1:4] == policies.HEURISTIC).all()


@pytest.mark.parametrize("game_id", [g for g in sorted(GAMES) if has_model(g)])
def test_neural_opponents_are_not_the_heuristic(game_id):
    """Where a model ships, the network decides: the games differ from the heuristic's."""
    assert not np.array_equal(run(game_id, 5)[0], run(game_id, 5, opponents="heuristic")[0])


def test_neural_mixes_with_other_opponents_and_copies():
    venv = LamaVectorEnv("lama", 4, players=4, opponents=["neural", "hard", "random"], observation="info_state")
    venv._hard.samples = 60
    obs, infos = venv.reset(seed=1)
    for _ in range(10):
        obs, *_rest, infos = venv.step(np.argmax(infos["action_mask"], axis=1))
    twins = [copy.deepcopy(venv), pickle.loads(pickle.dumps(venv))]
    actions = np.argmax(infos["action_mask"], axis=1)
    for _ in range(10):
        expected = venv.step(actions)
        for twin in twins:
            got = twin.step(actions)
            assert np.array_equal(got[0], expected[0]) and np.array_equal(got[1], expected[1])
        actions = np.argmax(expected[4]["action_mask"], axis=1)


def test_the_single_environment_takes_neural_opponents_too():
    import gymnasium

    import lama.envs  # noqa: F401  (registers the ids)

    env = gymnasium.make("lama/Lama-v0", players=4, opponents="neural")
    obs, info = env.reset(seed=1)
    for _ in range(30):
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if terminated:
            obs, info = env.reset()
