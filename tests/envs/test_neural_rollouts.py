"""Policy iteration by rollouts (lama.envs.neural_rollouts): forks of the engine's rows play the
same future, every legal move's return is its own fork's, and a short run from a weak network
really improves it (it can fail)."""

from __future__ import annotations

import numpy as np
import pytest

from lama.bots.neural import feature_count, model, scores, slot_count
from lama.bots.neural_fit import initial
from lama.envs.neural_rl import Seats, greedy
from lama.envs.neural_rollouts import RolloutRecipe, advantages, fork, rollout_returns, train_rollouts


@pytest.mark.parametrize("game_id", ["lama", "komarami", "kadabra", "party", "dice"])
def test_a_fork_plays_the_same_future_as_its_row(game_id):
    """Common random numbers: a row forked twice and played the same way by both forks and by the
    row itself gives the same game to the end (the deck's, the dice's and the heuristic's random
    words are in the fork), while different first moves give different games."""
    weights = model(game_id) or initial([feature_count(game_id), 16, slot_count(game_id)], 3)  # dice: no model
    games = Seats(game_id, 4, 8, seed=21)
    forks = Seats(game_id, 4, 8, seed=99)
    rows = np.array([3, 3, 5])
    fork(forks, games, rows)
    assert forks.over.tolist() == [False] * 3 + [True] * 5
    assert (forks.x[:3] == games.x[rows]).all() and (forks.legal[:3] == games.legal[rows]).all()
    same = Seats(game_id, 4, 8, seed=21)
    for _ in range(60):
        slots = greedy(weights, forks.x, forks.legal, scores)
        forks.step(slots)
        same.step(greedy(weights, same.x, same.legal, scores))
        assert (forks.states[0] == forks.states[1]).all()
        assert (forks.states[0] == same.states[3]).all() and (forks.states[2] == same.states[5]).all()
    assert (forks.states[5:] == Seats(game_id, 4, 8, seed=99).states[5:]).all()  # the rest stood still


def test_every_legal_move_s_return_is_its_own_fork_s():
    """Rolled out together, each move returns what it returns rolled out alone: the forks do not
    touch one another, and illegal slots read 0."""
    weights = model("lama")
    games = Seats("lama", 4, 16, seed=5, reward="points")
    for _ in range(7):
        games.step(greedy(weights, games.x, games.legal, scores))
    rows = np.flatnonzero(games.legal.sum(axis=1) > 1)[:4]
    pytest.importorskip("torch")
    from lama.envs.neural_rl import mlp

    recipe = RolloutRecipe()
    policy = mlp(weights, [w.shape[1] for w in weights[:-2:2]], 68, 9)
    together, decisions = rollout_returns(Seats("lama", 4, 64, seed=1, reward="points"), games, rows, policy, recipe)
    assert decisions >= games.legal[rows].sum()
    assert (together[~games.legal[rows]] == 0).all()
    for i, row in enumerate(rows):
        for slot in np.flatnonzero(games.legal[row]):
            alone = Seats("lama", 4, 4, seed=2, reward="points")
            fork(alone, games, np.array([row]))
            slots = np.full(alone.rows, slot)
            total = 0.0
            while not alone.over[0]:
                rewards, _ = alone.step(slots)
                total += rewards[0] / recipe.points_scale + recipe.win * alone.wins[0]
                alone.over |= alone.rounds_ended
                slots[:1] = greedy(weights, alone.x[:1], alone.legal[:1], scores)
            assert together[i, slot] == pytest.approx(total, abs=1e-6)
    assert len({tuple(r) for r in together}) > 1


def test_advantages_are_centred_on_the_legal_moves():
    returns = np.array([[1.0, 3.0, 9.0], [2.0, 0.0, 4.0]], dtype=np.float32)
    legal = np.array([[True, True, False], [True, True, True]])
    assert advantages(returns, legal).tolist() == [[-1.0, 1.0, 0.0], [0.0, -2.0, 2.0]]


def test_a_short_run_improves_a_weak_network_and_is_determined_by_its_seed():
    """From a blank network (which plays about as badly as it can), one iteration over 20,000
    decisions must lift its win share against 3 heuristics by 8 points (the advantages alone, prior
    0); the result is the blank
    network and the advantages' network side by side, and the same seed gives the same run."""
    pytest.importorskip("torch")
    blank = initial([68, 32, 9], seed=4)

    def run(seed):
        recipe = RolloutRecipe(game="lama", players=4, seed=seed, steps=20_000, iterations=2, prior=0.0,
                               envs=128, forks=512, eval_games=400, threads=1)
        return train_rollouts(recipe, blank)

    (weights, info), (again, _) = run(3), run(3)
    (_, before), _, (_, after) = info["curve"]
    assert after > before + 0.08, info["curve"]
    assert [w.shape for w in weights] == [(68, 96), (96,), (96, 9), (9,)]
    assert all((a == b).all() for a, b in zip(weights, again, strict=True))
    assert info["steps"] == 20_000 and info["rollout_steps"] > info["steps"]
    with pytest.raises(ValueError, match="starts from a model"):
        train_rollouts(RolloutRecipe(steps=10), None)
