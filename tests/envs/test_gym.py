"""The Gymnasium environment: one learning seat against bots, built on the Table."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import lama.envs  # noqa: E402,F401  (registers the ids)
from lama.bots import load_bot  # noqa: E402
from lama.envs import GYM_IDS, IllegalActionError  # noqa: E402
from lama.envs.gym_env import LamaGymEnv  # noqa: E402
from lama.envs.observation import Encoder  # noqa: E402
from lama.games import new_game  # noqa: E402
from lama.match import Table  # noqa: E402


def run(env, seed, policy_seed=0):
    """Play one episode with random masked actions; the transitions."""
    rng = random.Random(policy_seed)
    obs, info = env.reset(seed=seed)
    out = [(obs.tobytes(), info["action_mask"].tobytes())]
    done = False
    while not done:
        legal = np.flatnonzero(info["action_mask"]).tolist()
        obs, reward, done, truncated, info = env.step(legal[rng.randrange(len(legal))])
        assert not truncated
        out.append((obs.tobytes(), info["action_mask"].tobytes(), reward, done))
    return out


@pytest.mark.parametrize("env_id", sorted(GYM_IDS.values()))
def test_gymnasium_check_env(env_id):
    env = gymnasium.make(env_id, players=3, opponents="random")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert not [str(w.message) for w in caught], [str(w.message) for w in caught]


@pytest.mark.parametrize("env_id", sorted(GYM_IDS.values()))
def test_the_ids_are_registered_for_their_game(env_id):
    env = gymnasium.make(env_id, players=5)
    assert env.unwrapped.game.id == next(g for g, i in GYM_IDS.items() if i == env_id)
    assert env.unwrapped.game.players == 5
    assert env.action_space.n == env.unwrapped.game.num_distinct_actions()


@pytest.mark.parametrize("game_id", sorted(GYM_IDS))
def test_reset_with_a_seed_reproduces_the_game_exactly(game_id):
    a = LamaGymEnv(game_id, players=4, opponents="heuristic")
    b = LamaGymEnv(game_id, players=4, opponents="heuristic")
    first = run(a, seed=21, policy_seed=1)
    assert run(b, seed=21, policy_seed=1) == first
    assert run(a, seed=21, policy_seed=1) == first  # the same env again
    assert run(a, seed=22, policy_seed=1) != first


def test_the_game_is_the_one_a_table_with_the_seed_and_bots_plays():
    env = LamaGymEnv("kadabra", players=3, opponents=["heuristic", "random"], seat=1)
    obs, info = env.reset(seed=99)
    table = Table(new_game("kadabra", 3), [load_bot("heuristic"), None, load_bot("random")], seed=99)
    table.advance()
    encoder = Encoder(table.game)
    rng = random.Random(3)
    while True:
        view = table.view(1)
        assert np.array_equal(obs, encoder.encode(view))
        assert info["action_mask"].tolist() == table.state.legal_actions_mask()
        if table.finished:
            break
        legal = np.flatnonzero(info["action_mask"]).tolist()
        choice = legal[rng.randrange(len(legal))]
        obs, _r, done, _t, info = env.step(choice)
        table.act(1, table.game.action_of(choice), table.version)
        table.advance()
        assert done == table.finished


def test_an_unseeded_reset_draws_its_seed_from_the_seeded_generator():
    a, b = LamaGymEnv("lama", 2, "random"), LamaGymEnv("lama", 2, "random")
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a.game_seed == b.game_seed != 5


def test_win_reward_is_the_seats_share_at_the_end():
    env = LamaGymEnv("lama", players=3, opponents="random")
    total = 0.0
    for step in run(env, seed=2)[1:]:
        total += step[2]
    winners = env.table.state.winners
    assert total == (1 / len(winners) if 0 in winners else 0.0)
    assert step[3]


def test_points_reward_sums_the_seats_round_rewards():
    from lama.envs.rewards import round_rewards

    env = LamaGymEnv("dice", players=3, opponents="random", seat=2, reward="points")
    total = sum(step[2] for step in run(env, seed=6)[1:])
    history = env.table.state.history
    start, want = [0, 0, 0], 0.0
    for scored in history:
        want += round_rewards(start, scored.scores)[2]
        start = list(scored.scores)
    assert len(history) >= 1
    assert total == pytest.approx(want)


def test_an_illegal_action_ends_the_episode_with_the_penalty_by_default():
    env = LamaGymEnv("lama", players=2, opponents="random", illegal_reward=-5)
    _obs, info = env.reset(seed=1)
    version = env.table.version
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, done, truncated, info = env.step(illegal)
    assert (reward, done, truncated) == (-5.0, True, False)
    assert info["illegal_action"] == illegal and not info["action_mask"].any()
    assert env.table.version == version  # nothing was played
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_illegal_raise_names_the_legal_ids_and_changes_nothing():
    env = LamaGymEnv("dice", players=2, opponents="random", illegal="raise")
    _obs, info = env.reset(seed=1)
    version = env.table.version
    legal = np.flatnonzero(info["action_mask"]).tolist()
    with pytest.raises(IllegalActionError, match=r"legal ids: \[0, 1\]"):
        env.step(127)
    assert env.table.version == version
    assert legal == [0, 1]
    env.step(0)  # still playable


def test_opponents_can_be_a_list_or_module_callables():
    env = LamaGymEnv("lama", players=3, opponents=["random", "lama.bots.heuristic:heuristic_bot"], seat=2)
    assert env.seats[2] is None and env.seats[0] is load_bot("random")
    assert env.seats[1] is load_bot("heuristic")
    env.reset(seed=0)
    with pytest.raises(ValueError, match="2 opponents"):
        LamaGymEnv("lama", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat"):
        LamaGymEnv("lama", players=3, seat=3)


def test_action_masks_and_render():
    env = LamaGymEnv("kadabra", players=2, opponents="random", render_mode="ansi")
    _obs, info = env.reset(seed=4)
    assert np.array_equal(env.action_masks(), info["action_mask"])
    text = env.render()
    assert f"hand of seat 1: {' '.join(env.table.view(0).hand)}" in text
    assert "hand of seat 2" not in text


def test_make_with_the_module_prefix_finds_the_ids():
    env = gymnasium.make("lama.envs:lama/Komarami-v0", players=2)
    obs, _info = env.reset(seed=1)
    assert obs.shape == (12 * 2 + 22,)
