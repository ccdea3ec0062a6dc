"""The neural bot's fitting (lama.bots.neural_fit): its gradients, its targets, and the labels
of lama train's imitation being the same on any number of worker processes."""

import numpy as np
import pytest

from lama.bots import neural_fit
from lama.bots.neural_train import Recipe, label_round


def _toy(n=400, seed=0):
    """Rows whose best legal slot is the one where a hidden linear score is highest."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, 6)).astype(np.float32)
    legal = rng.random((n, 4)) < 0.7
    legal[np.arange(n), rng.integers(0, 4, n)] = True
    values = 1 / (1 + np.exp(-(x @ rng.standard_normal((6, 4))))).astype(np.float32)
    values = np.where(legal, values, 0.0).astype(np.float32)
    choice = np.argmax(np.where(legal, values, -1.0), axis=1)
    return x, legal, choice, values


@pytest.mark.parametrize("kind", neural_fit.TARGETS)
def test_the_gradients_are_the_losses_slopes(kind):
    x, legal, choice, values = _toy(20)
    x, target = x.astype(np.float64), choice if kind == "choice" else values.astype(np.float64)
    w = [a.astype(np.float64) for a in neural_fit.initial([6, 5, 4], seed=1)]
    acts = neural_fit.forward(w, x)
    grads = neural_fit.backward(w, acts, neural_fit.loss_and_grad(acts[-1], legal, target, kind)[1])
    for k in range(len(w)):
        for flat in (0, w[k].size - 1):
            at = np.unravel_index(flat, w[k].shape)
            old, eps = float(w[k][at]), 1e-5
            w[k][at] = old + eps
            up = neural_fit.loss_and_grad(neural_fit.forward(w, x)[-1], legal, target, kind)[0]
            w[k][at] = old - eps
            down = neural_fit.loss_and_grad(neural_fit.forward(w, x)[-1], legal, target, kind)[0]
            w[k][at] = old
            assert grads[k][at] == pytest.approx((up - down) / (2 * eps), rel=1e-3, abs=1e-6)


@pytest.mark.parametrize("kind", neural_fit.TARGETS)
def test_fitting_learns_the_best_legal_slot_and_never_an_illegal_one(kind):
    x, legal, choice, values = _toy()
    w = neural_fit.initial([6, 32, 4], seed=0)
    before = (neural_fit.choices(w, x, legal) == choice).mean()
    loss, agreement = neural_fit.fit(w, x, legal, choice if kind == "choice" else values, kind, epochs=60,
                                     batch=32, lr=3e-3, seed=0)
    assert agreement > 0.85 and before < 0.6
    assert legal[np.arange(len(x)), neural_fit.choices(w, x, legal)].all()


def test_fitting_is_the_same_for_a_seed():
    x, legal, choice, _ = _toy()
    runs = []
    for _ in range(2):
        w = neural_fit.initial([6, 8, 4], seed=4)
        neural_fit.fit(w, x, legal, choice, "choice", epochs=2, seed=9)
        runs.append(w)
    assert all((a == b).all() for a, b in zip(*runs, strict=True))


def test_an_unknown_target_is_refused():
    x, legal, choice, _ = _toy(8)
    with pytest.raises(ValueError, match="unknown target 'ranks'"):
        neural_fit.fit(neural_fit.initial([6, 4], 0), x, legal, choice, "ranks")


def test_a_rounds_labels_are_the_same_on_one_or_two_workers():
    recipe = Recipe(players=3, games_per_round=3, samples=12, target="values", opponents="heuristic")
    one = list(label_round(recipe, 0, None))
    two = list(label_round(Recipe(**{**recipe.__dict__, "workers": 2}), 0, None))
    assert [steps for _, steps in one] == [steps for _, steps in two] and sum(len(r) for r, _ in one) > 0
    for (rows_1, _), (rows_2, _) in zip(one, two, strict=True):
        for a, b in zip(rows_1, rows_2, strict=True):
            assert all(np.array_equal(u, v) for u, v in zip(a, b, strict=True))
