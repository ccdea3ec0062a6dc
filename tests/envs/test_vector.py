"""The vector environments (lama.envs.vector) against the single ones: game i of a batch and
a single environment, given the same chance (the row's generator drives the single
environment's deals, draws and rolls) and the same actions, give the same observations, masks,
seats, rewards and game ends, across auto-resets. Then the Gymnasium conventions."""

import os
import random

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import lama.envs  # noqa: E402,F401  (registers the ids)
from lama.envs import GYM_IDS, IllegalActionError  # noqa: E402
from lama.envs.aec import LamaAECEnv  # noqa: E402
from lama.envs.gym_env import LamaGymEnv  # noqa: E402
from lama.envs.vector import LamaVectorEnv, SelfPlay, row_words  # noqa: E402
from lama.fast.kernel import KernelRandom  # noqa: E402

CARD_AND_DICE = sorted(GYM_IDS)
STEPS = int(os.environ.get("LAMA_VECTOR_STEPS", "400"))


class KernelChance(KernelRandom):
    """A row's chance generator as the core's sample_chance uses one: draws (randrange) and
    rolls (choice) as the engine makes them, and a shuffle that puts the cards the engine's
    deal gives (seat by seat, card by card, then the first discard) first."""

    def __init__(self, words, game):
        super().__init__(words)
        self.kinds = game.kinds
        self.dealt = game.players * game.hand_size + (0 if hasattr(game, "dice") else 1)

    def shuffle(self, cards):
        index, codes = self.kinds.index, self.kinds.codes
        pile = [0] * self.kinds.size
        for code in cards:
            pile[index[code]] += 1
        left = len(cards)
        out = []
        for _ in range(self.dealt):
            x = self.randrange(left)
            kind = 0
            while x >= pile[kind]:
                x -= pile[kind]
                kind += 1
            pile[kind] -= 1
            left -= 1
            out.append(codes[kind])
        for kind, count in enumerate(pile):
            out += [codes[kind]] * count
        cards[:] = out


def kernel_chance(monkeypatch, module, chances):
    """`module.chance_rng(seed, round)` gives the chance generator of the row numbered `seed`."""
    monkeypatch.setattr(module, "chance_rng", lambda seed, _round: chances[seed])


def pick(mask, rng, quit_id):
    """A random legal id, quit seldom (long rounds)."""
    legal = np.flatnonzero(mask).tolist()
    keep = [a for a in legal if a != quit_id] or legal
    return rng.choice(keep if rng.random() < 0.9 else legal)


@pytest.mark.parametrize("reward", ["win", "points"])
@pytest.mark.parametrize("game_id,players", [("lama", 4), ("komarami", 2), ("kadabra", 3), ("kadabra", 6),
                                             ("dice", 5), ("lama", 6), ("party", 3), ("party", 5)])
def test_self_play_is_the_aec_environment_game_by_game(monkeypatch, game_id, players, reward):
    b, seed = 3, 11
    options = {"target": 15}  # short games: several auto-resets
    sp = SelfPlay(game_id, players, b, options=options, reward=reward)
    obs, mask, seat = sp.reset(seed=seed)
    game = sp.game
    chances = {i: KernelChance(row_words(seed, i)[0], game) for i in range(b)}
    import lama.match.table as table  # the environment's chance is the table's
    kernel_chance(monkeypatch, table, chances)
    envs = [LamaAECEnv(game_id, players, options, reward=reward) for _ in range(b)]
    for i, env in enumerate(envs):
        env.reset(seed=i)
    quit_id = envs[0].codec.quit_id
    rng = random.Random(seed)
    ends = rounds = 0
    for step in range(STEPS):
        actions = []
        for i, env in enumerate(envs):
            expected, _r, done, _t, _info = env.last()
            assert not done
            assert seat[i] == env.agent_seat[env.agent_selection], (i, step)
            assert np.array_equal(obs[i], expected["observation"]), (i, step)
            assert np.array_equal(mask[i], expected["action_mask"]), (i, step)
            actions.append(pick(mask[i], rng, quit_id))
        obs, mask, seat, rewards, terminated = sp.step(np.array(actions))
        for i, env in enumerate(envs):
            env.step(actions[i])
            assert rewards[i].tolist() == [env.rewards[a] for a in env.possible_agents], (i, step)
            rounds += any(rewards[i])
            assert terminated[i] == all(env.terminations.values()), (i, step)
            if terminated[i]:
                ends += 1
                for s, agent in enumerate(env.possible_agents):  # every seat's final observation
                    assert np.array_equal(sp.final_obs[i, s], env.observe(agent)["observation"]), (i, step, s)
                for _agent in env.agent_iter():
                    env.step(None)
                env.reset(seed=i)  # the row's generator goes on: so does the patched one
    assert ends >= STEPS // 200 and rounds >= ends


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["next_step", "same_step", "disabled"])
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
@pytest.mark.parametrize("game_id,players,seat", [("lama", 4, 0), ("komarami", 3, 2), ("kadabra", 4, 1),
                                                  ("dice", 3, 1), ("kadabra", 2, 0)])
def test_the_vector_env_is_the_gymnasium_environment_game_by_game(monkeypatch, game_id, players, seat, opponents,
                                                                  mode):
    """In every autoreset mode, as Gymnasium documents it: NEXT_STEP hands out the final
    observation with terminated, then deals anew in the next step (its action ignored, reward 0;
    the mask in between is all True); SAME_STEP deals anew at once, the final observation and
    info in infos["final_obs"] and infos["final_info"]; DISABLED waits for a masked reset."""
    b, seed = 3, 5
    options = {"target": 15}
    venv = LamaVectorEnv(game_id, b, players=players, seat=seat, options=options, reward="points",
                         opponents=opponents, autoreset_mode=mode)
    obs, infos = venv.reset(seed=seed)
    game = venv.game
    chances = {i: KernelChance(row_words(seed, i)[0], game) for i in range(b)}
    import lama.match.table as table
    kernel_chance(monkeypatch, table, chances)

    def random_opponent(gen):  # the compiled "random" opponent, with the row's generator
        return lambda view, _rng: view.legal_actions[gen.randrange(len(view.legal_actions))]

    envs = []
    for i in range(b):
        gen = KernelRandom(row_words(seed, i)[1])
        bot = random_opponent(gen) if opponents == "random" else opponents  # the heuristic draws nothing
        envs.append(LamaGymEnv(game_id, players, opponents=bot, seat=seat, options=options, reward="points"))
    singles = [env.reset(seed=i) for i, env in enumerate(envs)]
    over = [False] * b  # NEXT_STEP: the row's game ended in the last step
    quit_id = envs[0].codec.quit_id
    rng = random.Random(seed)
    ends = 0
    for step in range(STEPS // 2):
        actions = []
        assert infos["action_mask"].dtype == np.bool_
        for i, (single_obs, single_info) in enumerate(singles):
            assert np.array_equal(obs[i], single_obs), (i, step)
            expected_mask = np.ones_like(single_info["action_mask"]) if over[i] else single_info["action_mask"]
            assert np.array_equal(infos["action_mask"][i], expected_mask), (i, step)
            actions.append(pick(infos["action_mask"][i], rng, quit_id))
        obs, rewards, terminated, truncated, infos = venv.step(np.array(actions))
        assert not truncated.any()
        for i, env in enumerate(envs):
            if over[i]:  # NEXT_STEP: the action is ignored, a new game is dealt
                single_obs, single_info = env.reset(seed=i)
                assert rewards[i] == 0 and not terminated[i], (i, step)
                over[i] = False
                singles[i] = (single_obs, single_info)
                continue
            single_obs, reward, done, _t, single_info = env.step(actions[i])
            assert rewards[i] == reward and terminated[i] == done, (i, step)
            if done:
                ends += 1
                if mode == "same_step":
                    assert infos["_final_obs"][i] and infos["_final_info"][i]
                    assert np.array_equal(infos["final_obs"][i], single_obs)
                    assert np.array_equal(infos["final_info"]["action_mask"][i], single_info["action_mask"])
                    single_obs, single_info = env.reset(seed=i)
                else:
                    over[i] = mode == "next_step"
            else:
                assert "_final_obs" not in infos or not infos["_final_obs"][i]
            singles[i] = (single_obs, single_info)
        if mode == "disabled" and terminated.any():
            with pytest.raises(RuntimeError, match="reset_mask"):
                venv.step(np.zeros(b, dtype=np.int64))
            obs, infos = venv.reset(options={"reset_mask": terminated})  # each row's generator goes on
            for i in np.flatnonzero(terminated):
                singles[i] = envs[i].reset(seed=int(i))
    assert ends >= STEPS // 200


@pytest.mark.parametrize("game_id", CARD_AND_DICE)
def test_make_vec_builds_the_vector_env(game_id):
    envs = gymnasium.make_vec(GYM_IDS[game_id], num_envs=8, players=3, opponents="random")
    assert isinstance(envs.unwrapped, LamaVectorEnv)
    assert envs.unwrapped.game.id == game_id and envs.num_envs == 8
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    obs, infos = envs.reset(seed=3)
    assert obs.shape == (8, envs.single_observation_space.shape[0]) and obs.dtype == np.float32
    assert envs.observation_space.contains(obs)
    masks = infos["action_mask"]
    assert masks.shape == (8, envs.single_action_space.n) and masks.dtype == np.bool_
    assert (masks.sum(axis=1) >= 1).all()
    rng = np.random.default_rng(0)
    for _ in range(50):
        actions = np.argmax(rng.random(masks.shape) * masks, axis=1)
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        masks = infos["action_mask"]
        assert envs.observation_space.contains(obs)
        assert (masks.sum(axis=1) >= 1).all()  # never a row with nothing legal (a game over: all True)
    assert isinstance(lama.envs.vector_env(game_id, 2, players=3), LamaVectorEnv)
    sync = gymnasium.make_vec(GYM_IDS[game_id], num_envs=2, vectorization_mode="sync", players=3,
                              opponents="random")
    assert sync.single_observation_space == envs.single_observation_space


def test_the_same_seed_gives_the_same_games_and_another_seed_others():
    def run(seed):
        sp = SelfPlay("kadabra", 4, 16)
        obs, mask, _seat = sp.reset(seed=seed)
        trace = [obs.copy()]
        for _ in range(30):
            obs, mask, _seat, rewards, _t = sp.step(np.argmax(mask, axis=1))
            trace.append(obs.copy())
        return np.array(trace)
    assert np.array_equal(run(4), run(4))
    assert not np.array_equal(run(4), run(5))


def test_an_illegal_action_loses_the_game_or_raises():
    sp = SelfPlay("lama", 3, 4, seed=1, illegal_reward=-2.0)
    obs, mask, seat = sp.reset()
    actions = np.argmax(mask, axis=1)
    bad = int(np.flatnonzero(mask[2] == 0)[0])
    actions[2] = bad
    actor = int(seat[2])
    _obs, mask, _seat, rewards, terminated = sp.step(actions)
    assert terminated.tolist() == [False, False, True, False]
    assert rewards[2].tolist() == [-2.0 if s == actor else 0.0 for s in range(3)]
    assert mask[2].sum() >= 1  # a new game
    strict = LamaVectorEnv("dice", 2, players=2, illegal="raise")
    _obs, infos = strict.reset(seed=0)
    actions = np.argmax(infos["action_mask"], axis=1)
    actions[1] = 10_000
    with pytest.raises(IllegalActionError, match="game 1"):
        strict.step(actions)
    before = strict.action_masks()
    actions[1] = int(np.flatnonzero(before[1] == 0)[0])
    with pytest.raises(IllegalActionError):
        strict.step(actions)
    assert np.array_equal(before, strict.action_masks())  # nothing was played
    with pytest.raises(ValueError, match="4 actions"):
        sp.step([0, 0])


def test_the_arrays_handed_out():
    sp = SelfPlay("lama", 4, 5)
    obs, mask, seat = sp.reset(seed=0)
    with pytest.raises(ValueError):
        obs[0, 0] = 1.0  # read-only views, rewritten by the next step
    venv = LamaVectorEnv("lama", 5, players=4, copy=True)
    obs, infos = venv.reset(seed=0)
    obs[:] = -1  # a copy: the environment's own is untouched
    again, _ = venv.reset(seed=0)
    assert (again >= 0).all()
    with pytest.raises(ValueError, match="an opponent is one of"):
        LamaVectorEnv("lama", 5, players=4, opponents="nobody")
    with pytest.raises(ValueError, match="num_envs"):
        SelfPlay("lama", 4, 0)


def test_bench_env_vector_reports_both_environments_with_their_spread(capsys):
    from lama.cli import main

    assert main(["bench-env", "--vector", "--game", "komarami", "--players", "3", "--num-envs", "8",
                 "--steps", "64", "--repeat", "3", "--json"]) == 0
    import json
    result = json.loads(capsys.readouterr().out)
    assert (result["game"], result["players"], result["num_envs"], result["runs"]) == ("komarami", 3, 8, 3)
    assert result["steps"] == 64 and result["observation_size"] == 12 * 3 + 22
    for key in ("self_play", "vector_env"):
        r = result[key]
        assert 0 < r["steps_per_s_min"] <= r["steps_per_s"] <= r["steps_per_s_max"]
        assert r["loop_steps_per_s"] <= r["steps_per_s_max"]
    assert main(["bench-env", "--vector", "--num-envs", "4", "--steps", "8", "--opponents", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "SelfPlay" in out and "LamaVectorEnv (one seat vs heuristic)" in out and "agent steps/s" in out
