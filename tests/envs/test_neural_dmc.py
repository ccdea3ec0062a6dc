"""Deep Monte-Carlo learning of the `neural` bot (lama.envs.neural_dmc): the games' points reward,
wins and round ends as the learner reads them, the returns it regresses on, and a short run
from a blank network that really learns (it must be able to fail)."""

from __future__ import annotations

import numpy as np
import pytest

from lama.envs.neural_dmc import DMCRecipe, Returns, check_until, train_dmc
from lama.envs.neural_rl import Seats


def gaps(env: Seats) -> np.ndarray:
    """Each row's learning seat: its points minus the others' mean."""
    return -env.potential(1.0) * env.game.target


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_points_reward_is_the_round_s_gap_and_the_win_comes_at_the_end(players):
    """C6 and the points reward (lama.envs.rewards): after a round that did not end the game, the
    learning seat's reward is what its points fell behind the others' mean in that round (in
    L.L.A.M.A. points change only when a round is scored); the win (1 shared) comes with the
    game's end and nowhere else."""
    env = Seats("lama", players, 64, seed=11, reward="points")
    rounds = games = won = 0
    for _ in range(300):
        before = gaps(env)
        rewards, ended = env.step(env.x[:, -9:].argmax(axis=1))
        after = gaps(env)
        between = env.rounds_ended & ~ended
        assert np.allclose(rewards[between], before[between] - after[between])
        assert (rewards[~env.rounds_ended] == 0).all()
        assert (env.rounds_ended[ended]).all()
        assert (env.wins[~ended] == 0).all()
        assert np.isin(env.wins[ended], [0.0] + [1 / k for k in range(1, players + 1)]).all()
        rounds += int(between.sum())
        games += int(ended.sum())
        won += int((env.wins > 0).sum())
    assert rounds > 64 and games > 16 and 0 < won < games


def test_the_win_reward_is_the_win_the_learner_reads():
    env = Seats("lama", 4, 64, seed=12, reward="win")
    seen = 0
    for _ in range(300):
        rewards, ended = env.step(env.x[:, -9:].argmax(axis=1))
        assert (rewards == env.wins).all()
        seen += int((rewards > 0).sum())
    assert seen > 4


def test_a_decision_s_return_is_the_rest_of_its_episode_given_once():
    ring = Returns(window=4, rows=2, features=1)
    x = np.array([[1.0], [2.0]], dtype=np.float32)
    ring.add(x, np.array([0, 1]), np.array([True, True]))
    ring.reward(np.array([0.5, 1.0]), np.array([False, True]))  # row 1's episode ends: its return 1.0
    ring.add(x + 10, np.array([2, 3]), np.array([True, False]))  # row 1's second decision is not learned from
    got = ring.ready()
    assert got[1].tolist() == [1] and got[2].tolist() == [1.0] and got[0].tolist() == [[2.0]]
    ring.reward(np.array([-2.0, 7.0]), np.array([True, False]))  # row 0: 0.5 - 2 from its first, -2 from its second
    x_ready, slots, returns = ring.ready()
    assert sorted(zip(slots.tolist(), returns.tolist())) == [(0, -1.5), (2, -2.0)]
    assert x_ready[slots == 2].tolist() == [[11.0]]
    assert [len(a) for a in ring.ready()] == [0, 0, 0]  # nothing twice


def test_a_decision_that_waits_longer_than_the_ring_is_dropped_and_counted():
    ring = Returns(window=3, rows=1, features=1)
    for _ in range(5):
        ring.add(np.zeros((1, 1), dtype=np.float32), np.array([0]), np.array([True]))
        ring.reward(np.array([1.0]), np.array([False]))
    assert ring.dropped == 2
    ring.reward(np.array([1.0]), np.array([True]))
    assert sorted(ring.ready()[2].tolist()) == [2.0, 3.0, 4.0]


def test_an_episode_is_a_round_or_a_game():
    assert check_until("game") == "game"
    with pytest.raises(ValueError, match="'round', 'game'"):
        check_until("match")


def test_a_short_run_from_a_blank_network_learns_to_win_more():
    """4 players, no heuristic input: a blank network wins almost never; 300,000 steps of DMC
    later about 12% (the fair share is 25%)."""
    pytest.importorskip("torch")
    recipe = DMCRecipe(game="lama", players=4, seed=1, steps=300_000, envs=256, evals=1, eval_games=400,
                       heuristic_input=False)
    weights, info = train_dmc(recipe, None, hidden=(64,))
    (_, before), (_, after) = info["curve"]
    assert after > before + 0.06, info["curve"]
    assert info["dropped"] == 0 and info["samples"] > 0.9 * info["steps"]
    assert len(weights) == 4


def test_a_run_is_determined_by_its_seed():
    pytest.importorskip("torch")

    def run(seed):
        recipe = DMCRecipe(game="lama", players=4, seed=seed, steps=4000, envs=128, evals=1, eval_games=40,
                           batch=256)
        return train_dmc(recipe, None, hidden=(16,))

    (a, info_a), (b, info_b), (c, _) = run(1), run(1), run(2)
    assert info_a["curve"] == info_b["curve"]
    assert all((x == y).all() for x, y in zip(a, b, strict=True))
    assert not all((x == y).all() for x, y in zip(a, c, strict=True))


def test_combined_networks_score_the_weighted_sum_of_theirs():
    """neural.combine: one network of the bot's shape (hidden layers side by side) whose scores are
    the weighted sum of the networks' scores, for networks of other widths; depths must agree."""
    from lama.bots.neural import combine, scores
    from lama.bots.neural_fit import initial

    a, b = initial([68, 32, 16, 9], seed=1), initial([68, 8, 24, 9], seed=2)
    for w in (a[1], a[3], a[5], b[1], b[3], b[5]):
        w += np.random.default_rng(3).standard_normal(w.shape).astype(np.float32)  # biases count too
    x = np.random.default_rng(4).standard_normal((50, 68)).astype(np.float32)
    both = combine([a, b], [0.5, 2.0])
    assert [w.shape for w in both] == [(68, 40), (40,), (40, 40), (40,), (40, 9), (9,)]
    assert np.allclose(scores(both, x), 0.5 * scores(a, x) + 2.0 * scores(b, x), atol=1e-4)
    with pytest.raises(ValueError, match="one depth"):
        combine([a, initial([68, 9], seed=5)], [1.0, 1.0])


def test_dmc_beside_a_fixed_prior_starts_at_the_prior_and_keeps_it():
    """--rl-prior: the imitation model stays as it is beside values learned from zero, so the curve
    starts exactly at the model's own play, the model's block of the result is the model, and the
    values (the other block) have learned something."""
    pytest.importorskip("torch")
    from lama.bots.neural import model
    from lama.envs.neural_rl import EVAL_SEED, win_share

    prior = model("lama")
    recipe = DMCRecipe(game="lama", players=4, seed=3, steps=6000, envs=128, evals=1, eval_games=200, prior=0.5)
    weights, info = train_dmc(recipe, prior, hidden=tuple(w.shape[1] for w in prior[:-2:2]))
    assert info["curve"][0][1] == win_share(prior, "lama", 4, 200, 3 * 10 + EVAL_SEED)[0]
    width = prior[0].shape[1]
    assert [w.shape[1] for w in weights[:-2:2]] == [2 * width, 2 * prior[2].shape[1]]
    assert (weights[0][:, :width] == prior[0]).all() and (weights[2][:width, :prior[2].shape[1]] == prior[2]).all()
    assert np.allclose(weights[-2][:prior[-2].shape[0]], 0.5 * prior[-2])
    assert np.abs(weights[-2][prior[-2].shape[0]:]).sum() > 0  # the values' output layer has left zero
    with pytest.raises(ValueError, match="needs a starting model"):
        train_dmc(recipe, None)
