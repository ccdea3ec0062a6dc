"""Fitting the `neural` bot's network to labeled positions, with numpy alone (no torch).

The network is the bot's own (neural.scores: ReLU between the layers, raw scores out), fitted by
minibatch Adam (Kingma and Ba 2015) with backpropagation written out, to one of two targets:

- `choice`: the index of the slot the search chose; masked cross-entropy (the scores of illegal
  slots never count), so the network learns a policy;
- `values`: the search's estimated win chance of every legal slot, less their mean over the
  legal slots; squared error on the legal slots of the scores so centred, so the network learns
  how much better each move is than the others and plays the best. A value carries more than a
  choice (how close the call was), and a near tie costs the network little when it misses it.

Deterministic for a seed: the initial weights and the minibatches come from numpy's generator.
"""

from __future__ import annotations

import numpy as np

TARGETS = ("choice", "values")


def initial(sizes: list[int], seed: int) -> list[np.ndarray]:
    """He-initialised layers (w0, b0, w1, b1, ...) for layer widths `sizes` (inputs first)."""
    rng = np.random.default_rng(seed)
    out = []
    for n_in, n_out in zip(sizes, sizes[1:], strict=False):
        out += [(rng.standard_normal((n_in, n_out)) * np.sqrt(2.0 / n_in)).astype(np.float32),
                np.zeros(n_out, dtype=np.float32)]
    return out


def forward(weights, x: np.ndarray) -> list[np.ndarray]:
    """Every layer's activation, the input first and the raw scores last."""
    acts = [x]
    for i in range(0, len(weights), 2):
        z = acts[-1] @ weights[i] + weights[i + 1]
        acts.append(np.maximum(z, 0.0) if i + 2 < len(weights) else z)
    return acts


def loss_and_grad(out: np.ndarray, legal: np.ndarray, target: np.ndarray, kind: str) -> tuple[float, np.ndarray]:
    """The mean loss of a batch's scores and its gradient with respect to them."""
    n = len(out)
    if kind == "choice":
        masked = np.where(legal, out, -1e9)
        masked = masked - masked.max(axis=1, keepdims=True)
        p = np.exp(masked)
        p /= p.sum(axis=1, keepdims=True)
        rows = np.arange(n)
        loss = float(-np.log(np.maximum(p[rows, target], 1e-12)).mean())
        p[rows, target] -= 1.0
        return loss, (p / n).astype(np.float32)
    # values: each row's scores and targets centred on their mean over the legal slots, so the
    # network learns how much better one move is than another, not the position's own value
    # (which moves the targets far more than the choice does, and says nothing about it)
    count = legal.sum(axis=1, keepdims=True)
    diff = np.where(legal, out - target, 0.0)
    diff = np.where(legal, diff - diff.sum(axis=1, keepdims=True) / count, 0.0)
    return float((diff * diff).sum() / n), (2.0 * diff / n).astype(np.float32)


def backward(weights, acts, grad: np.ndarray) -> list[np.ndarray]:
    """The gradients of (w0, b0, w1, b1, ...) from the gradient of the scores."""
    grads = [None] * len(weights)
    for i in range(len(weights) - 2, -1, -2):
        a = acts[i // 2]
        grads[i], grads[i + 1] = a.T @ grad, grad.sum(axis=0)
        if i:
            grad = (grad @ weights[i].T) * (a > 0)
    return grads


def choices(weights, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """The network's slot (the best-scored legal one) for each row."""
    out = forward(weights, x)[-1]
    return np.argmax(np.where(legal, out, -np.inf), axis=1)


def fit(weights, x: np.ndarray, legal: np.ndarray, target: np.ndarray, kind: str = "choice", epochs: int = 6,
        batch: int = 256, lr: float = 1e-3, seed: int = 0, best: np.ndarray | None = None):
    """Fit `weights` (a list, changed in place) to the rows; returns (loss over all rows, the share
    of rows whose best-scored legal slot is `best`'s: the target's choice, or the best value's)."""
    if kind not in TARGETS:
        raise ValueError(f"unknown target {kind!r}: {', '.join(TARGETS)}")
    rng = np.random.default_rng(seed)
    m = [np.zeros_like(w) for w in weights]
    v = [np.zeros_like(w) for w in weights]
    beta1, beta2, eps, t = 0.9, 0.999, 1e-8, 0
    for _ in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            idx = order[start:start + batch]
            acts = forward(weights, x[idx])
            _, grad = loss_and_grad(acts[-1], legal[idx], target[idx], kind)
            t += 1
            for k, g in enumerate(backward(weights, acts, grad)):
                m[k] = beta1 * m[k] + (1 - beta1) * g
                v[k] = beta2 * v[k] + (1 - beta2) * g * g
                step = lr * np.sqrt(1 - beta2 ** t) / (1 - beta1 ** t)
                weights[k] -= (step * m[k] / (np.sqrt(v[k]) + eps)).astype(np.float32)
    losses, agree = [], 0
    if best is None:
        best = target if kind == "choice" else np.argmax(np.where(legal, target, -np.inf), axis=1)
    for start in range(0, len(x), 65536):
        part = slice(start, start + 65536)
        out = forward(weights, x[part])[-1]
        losses.append(loss_and_grad(out, legal[part], target[part], kind)[0] * len(out))
        agree += int((np.argmax(np.where(legal[part], out, -np.inf), axis=1) == best[part]).sum())
    return sum(losses) / len(x), agree / len(x)
