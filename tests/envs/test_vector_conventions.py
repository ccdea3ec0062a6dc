"""Gymnasium's vector conventions: its vector observation wrappers and episode statistics take
the vector environment; masks are booleans and never all False, so a policy masking its logits
with -inf never meets a row with nothing legal; the vector environments pickle and copy at any
moment."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.vector import AutoresetMode  # noqa: E402
from gymnasium.wrappers.vector import (  # noqa: E402
    DtypeObservation,
    FlattenObservation,
    NormalizeObservation,
    RecordEpisodeStatistics,
)

import lama.envs  # noqa: E402,F401  (registers the ids)
from lama.envs import GYM_IDS  # noqa: E402
from lama.envs.vector import LamaVectorEnv, SelfPlay, autoreset_mode_of  # noqa: E402


def masked_softmax(logits, masks):
    z = np.where(masks, logits, -np.inf)
    z = np.exp(z - z.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


@pytest.mark.parametrize("game_id", sorted(GYM_IDS))
def test_gymnasiums_vector_wrappers_take_the_vector_env(game_id):
    envs = gymnasium.make_vec(GYM_IDS[game_id], num_envs=6, players=3, opponents="heuristic",
                              options={"target": 10})
    envs = RecordEpisodeStatistics(DtypeObservation(NormalizeObservation(FlattenObservation(envs)), np.float64))
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, infos = envs.reset(seed=1)
    assert obs.dtype == np.float64 and obs.shape == (6, envs.single_observation_space.shape[0])
    rng = np.random.default_rng(0)
    episodes = lengths = 0
    for _ in range(150):
        masks = infos["action_mask"]
        assert masks.dtype == np.bool_ and masks.any(axis=1).all()
        p = masked_softmax(rng.normal(size=masks.shape), masks)
        assert not np.isnan(p).any()
        obs, rewards, terminated, truncated, infos = envs.step(np.argmax(p, axis=1))
        assert np.isfinite(obs).all()
        if "episode" in infos:
            done = infos["_episode"]
            assert (done == terminated).all()
            episodes += int(done.sum())
            lengths += int(infos["episode"]["l"][done].sum())
            assert set(np.unique(infos["episode"]["r"][done])) <= {0.0, 1.0, 0.5, 1 / 3}
    assert episodes >= 3 and lengths >= episodes
    assert abs(float(envs.env.env.obs_rms.mean.mean())) > 0  # NormalizeObservation kept statistics


def test_the_same_step_mode_is_refused_by_observation_wrappers_and_named_clearly():
    envs = LamaVectorEnv("lama", 2, players=2, autoreset_mode="same_step")
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    with pytest.raises(ValueError, match="NEXT_STEP or DISABLED"):
        NormalizeObservation(envs)  # Gymnasium's own rule
    assert autoreset_mode_of("NextStep") == autoreset_mode_of("next_step") == AutoresetMode.NEXT_STEP
    with pytest.raises(ValueError, match="autoreset_mode must be"):
        LamaVectorEnv("lama", 2, players=2, autoreset_mode="sometimes")
    with pytest.raises(ValueError, match="reset_mask"):
        envs.reset(seed=0)
        envs.reset(options={"reset_mask": np.zeros(2, dtype=np.bool_)})


def test_a_finished_games_mask_is_all_true_and_its_action_ignored():
    """NEXT_STEP: the terminal step hands out the final observation with a mask of every action
    (whatever a policy picks there is ignored: the next step deals anew, reward 0)."""
    envs = LamaVectorEnv("kadabra", 8, players=2, options={"target": 5}, autoreset_mode="next_step")
    _, infos = envs.reset(seed=3)
    seen = 0
    for _ in range(300):
        masks = infos["action_mask"]
        obs, rewards, terminated, _, infos = envs.step(np.argmax(masks, axis=1))
        if terminated.any():
            assert infos["action_mask"][terminated].all()
            after, rewards, again, _, infos = envs.step(np.full(8, 10_000))  # ignored in those rows only
            assert (rewards[terminated] == 0).all() and not again[terminated].any()
            assert not infos["action_mask"][terminated].all()  # the new games' masks
            seen += 1
    assert seen >= 2


def run_vector(venv, steps: int, seed: int) -> list:
    rng = np.random.default_rng(seed)
    out = []
    masks = venv.action_masks()
    for _ in range(steps):
        obs, rewards, terminated, _, infos = venv.step(np.argmax(rng.random(masks.shape) * masks, axis=1))
        masks = infos["action_mask"]
        out.append((obs.tobytes(), masks.tobytes(), rewards.tobytes(), terminated.tobytes()))
        if venv.autoreset_mode == AutoresetMode.DISABLED and terminated.any():
            obs, infos = venv.reset(options={"reset_mask": terminated})
            masks = infos["action_mask"]
    return out


def first_legal(obs, masks):
    return np.argmax(masks, axis=1)


@pytest.mark.slow
@pytest.mark.parametrize("game_id,mode", [("lama", "next_step"), ("komarami", "same_step"), ("kadabra", "disabled"),
                                          ("dice", "next_step")])
def test_the_vector_env_copies_at_any_moment(game_id, mode):
    """A copy (pickle or deepcopy) made before the first reset or between any two steps, `hard`
    and a batched policy among the opponents, plays on exactly as the original."""
    venv = LamaVectorEnv(game_id, 4, players=3, opponents=["hard", first_legal], autoreset_mode=mode,
                         options={"target": 10})
    venv._hard.samples = 60
    copies = [pickle.loads(pickle.dumps(venv)), copy.deepcopy(venv)]  # before any reset
    for other in copies:
        other.reset(seed=1)
    venv.reset(seed=1)
    for at in range(0, 40, 13):
        twin = copy.deepcopy(venv)
        thawed = pickle.loads(pickle.dumps(venv))
        expected = run_vector(venv, 13, at)
        assert run_vector(twin, 13, at) == expected and run_vector(thawed, 13, at) == expected
    for other in copies:
        run_vector(other, 5, 0)


@pytest.mark.parametrize("game_id", sorted(GYM_IDS))
def test_self_play_copies_at_any_moment(game_id):
    sp = SelfPlay(game_id, 3, 4)
    obs, mask, _ = sp.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(20):
        obs, mask, *_ = sp.step(np.argmax(rng.random(mask.shape) * mask, axis=1))
    twin = pickle.loads(pickle.dumps(sp))
    for _ in range(30):
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
        out = sp.step(actions)
        other = twin.step(actions)
        assert all(np.array_equal(a, b) for a, b in zip(out, other))
        assert np.array_equal(sp.final_obs, twin.final_obs)
        mask = out[1]
    assert not twin.final_obs.flags.writeable and other[0].base is not None  # views again


@pytest.mark.parametrize("mode", ["next_step", "same_step"])
def test_an_illegal_action_ends_the_game_in_either_mode(mode):
    envs = LamaVectorEnv("lama", 3, players=3, illegal_reward=-2.0, autoreset_mode=mode)
    _, infos = envs.reset(seed=0)
    actions = np.argmax(infos["action_mask"], axis=1)
    actions[1] = int(np.flatnonzero(~infos["action_mask"][1])[0])
    obs, rewards, terminated, _, infos = envs.step(actions)
    assert terminated.tolist() == [False, True, False] and rewards[1] == -2.0
    if mode == "same_step":
        assert infos["_final_obs"].tolist() == [False, True, False]
        assert not infos["final_info"]["action_mask"][1].any()
        assert infos["action_mask"][1].sum() < infos["action_mask"].shape[1]  # the next game's
    else:
        assert infos["action_mask"][1].all()
        _, rewards, terminated, _, infos = envs.step(np.argmax(infos["action_mask"], axis=1))
        assert rewards[1] == 0 and not terminated[1]
