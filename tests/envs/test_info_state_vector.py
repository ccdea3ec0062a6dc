"""The vector environments with observation="info_state" against the single ones: game i of a
batch and a single environment, given the row's chance and the same actions (the machinery of
test_vector.py), hand out the same information states, across auto-resets; the batch's
compiled record (lama.envs.compiled_observe) is kept through the learner's, the compiled
opponents' and Python opponents' moves alike."""

import random

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from test_vector import KernelChance, kernel_chance, pick

import lama.envs  # noqa: F401
from lama.envs.aec import LamaAECEnv
from lama.envs.gym_env import LamaGymEnv
from lama.envs.vector import LamaVectorEnv, SelfPlay, row_words
from lama.fast.kernel import KernelRandom

STEPS = 300


@pytest.mark.parametrize("game_id,players", [("lama", 3), ("kadabra", 4), ("dice", 3), ("komarami", 2)])
def test_self_play_hands_out_the_aec_environments_info_state(monkeypatch, game_id, players):
    b, seed, options = 3, 12, {"target": 15}
    sp = SelfPlay(game_id, players, b, options=options, observation="info_state")
    assert sp.observation_size == sp.encoder.size
    obs, mask, seat = sp.reset(seed=seed)
    chances = {i: KernelChance(row_words(seed, i)[0], sp.game) for i in range(b)}
    import lama.match.table as table
    kernel_chance(monkeypatch, table, chances)
    envs = [LamaAECEnv(game_id, players, options, observation="info_state") for _ in range(b)]
    for i, env in enumerate(envs):
        env.reset(seed=i)
    quit_id = envs[0].codec.quit_id
    rng = random.Random(seed)
    ends = 0
    history = sp.encoder.segment["history_size"].start
    longest = 0
    for step in range(STEPS):
        actions = []
        for i, env in enumerate(envs):
            expected = env.last()[0]
            assert np.array_equal(obs[i], expected["observation"]), (i, step)
            longest = max(longest, obs[i][history])
            actions.append(pick(mask[i], rng, quit_id))
        obs, mask, seat, rewards, terminated = sp.step(np.array(actions))
        for i, env in enumerate(envs):
            env.step(actions[i])
            if terminated[i]:
                ends += 1
                for s, agent in enumerate(env.possible_agents):
                    assert np.array_equal(sp.final_obs[i, s], env.observe(agent)["observation"]), (i, step, s)
                for _agent in env.agent_iter():
                    env.step(None)
                env.reset(seed=i)
    assert ends and longest >= 5


@pytest.mark.parametrize("opponents", ["random", "python"])
@pytest.mark.parametrize("game_id,players,seat", [("lama", 3, 1), ("kadabra", 3, 0), ("dice", 2, 1)])
def test_the_vector_env_hands_out_the_gymnasium_environments_info_state(monkeypatch, game_id, players, seat,
                                                                        opponents):
    """NEXT_STEP; "python": a batched policy (the first legal id) played from Python between the
    compiled steps, its moves recorded all the same."""
    b, seed, options = 3, 6, {"target": 15}

    def first_legal(_obs, masks):
        return np.argmax(masks, axis=1)

    venv = LamaVectorEnv(game_id, b, players=players, seat=seat, options=options, observation="info_state",
                         opponents=first_legal if opponents == "python" else "random")
    assert venv.single_observation_space.shape == (venv.encoder.size,)
    obs, infos = venv.reset(seed=seed)
    chances = {i: KernelChance(row_words(seed, i)[0], venv.game) for i in range(b)}
    import lama.match.table as table
    kernel_chance(monkeypatch, table, chances)

    def single_opponent(gen):
        if opponents == "python":  # the first legal id, as the batched policy plays
            return lambda view, _rng: min(view.legal_actions, key=venv.game.action_id)
        return lambda view, _rng: view.legal_actions[gen.randrange(len(view.legal_actions))]

    envs = [LamaGymEnv(game_id, players, opponents=single_opponent(KernelRandom(row_words(seed, i)[1])), seat=seat,
                       options=options, observation="info_state") for i in range(b)]
    singles = [env.reset(seed=i) for i, env in enumerate(envs)]
    over = [False] * b
    rng = random.Random(seed)
    ends = 0
    for step in range(STEPS // 2):
        actions = []
        for i, (single_obs, _info) in enumerate(singles):
            assert np.array_equal(obs[i], single_obs), (i, step)
            actions.append(pick(infos["action_mask"][i], rng, envs[0].codec.quit_id))
        obs, rewards, terminated, _, infos = venv.step(np.array(actions))
        for i, env in enumerate(envs):
            if over[i]:
                singles[i] = env.reset(seed=i)
                over[i] = False
                continue
            single_obs, _reward, done, _t, single_info = env.step(actions[i])
            assert terminated[i] == done, (i, step)
            ends += done
            over[i] = done
            singles[i] = (single_obs, single_info)
    assert ends
