"""Reinforcement learning of the `neural` bot (lama.envs.neural_rl): its games are the heuristic's
twins, and a short run from a blank network really learns (it must be able to fail)."""

from __future__ import annotations

import numpy as np
import pytest

from lama.envs.neural_rl import RLRecipe, Seats, greedy, train_rl, win_share

torch = pytest.importorskip("torch")


def test_every_row_is_at_a_decision_of_its_learning_seat_and_games_end():
    env = Seats("lama", 4, 16, seed=5)
    ended_games = 0
    for _ in range(400):
        assert env.legal.any(axis=1).all()
        heuristic_slots = env.x[:, -9:].argmax(axis=1)
        _, ended = env.step(heuristic_slots)
        ended_games += int(ended.sum())
    assert ended_games > 16


def test_the_heuristic_copied_wins_about_a_fair_share():
    """A network that plays the heuristic's choice (its last features) against 3 heuristics."""
    copy = (np.zeros((68, 9), dtype=np.float32), np.zeros(9, dtype=np.float32))
    copy[0][-9:, :] = np.eye(9, dtype=np.float32)
    share, decisions = win_share(copy, "lama", 4, 400, seed=7)
    assert 0.18 < share < 0.32 and decisions > 400


def test_a_short_run_from_a_blank_network_learns_to_win_more():
    """Heads-up against the heuristic: a blank network wins about 4%, 160,000 steps later about 12%."""
    recipe = RLRecipe(game="lama", players=2, seed=1, steps=160_000, envs=512, horizon=16, lr=3e-3, evals=1,
                      eval_games=400, minibatch=2048)
    weights, info = train_rl(recipe, None, hidden=(32,))
    (_, before), (_, after) = info["curve"]
    assert after > before + 0.06, info["curve"]
    assert greedy(weights, np.zeros((1, 68), dtype=np.float32), np.ones((1, 9), dtype=bool)).shape == (1,)


def test_the_games_are_the_same_on_any_number_of_threads():
    one, two = Seats("lama", 4, 64, seed=3, threads=1), Seats("lama", 4, 64, seed=3, threads=2)
    for _ in range(60):
        slots = one.x[:, -9:].argmax(axis=1)
        (r1, e1), (r2, e2) = one.step(slots), two.step(slots)
        assert (one.states == two.states).all() and (one.x == two.x).all() and (r1 == r2).all() and (e1 == e2).all()


def test_a_run_is_determined_by_its_seed():
    def run(seed):
        recipe = RLRecipe(game="lama", players=4, seed=seed, steps=4000, envs=128, horizon=8, evals=1,
                          eval_games=40, minibatch=256)
        return train_rl(recipe, None, hidden=(16,))

    (a, info_a), (b, info_b), (c, _) = run(1), run(1), run(2)
    assert info_a["curve"] == info_b["curve"]
    assert all((x == y).all() for x, y in zip(a, b, strict=True))
    assert not all((x == y).all() for x, y in zip(a, c, strict=True))
