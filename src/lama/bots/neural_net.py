"""The `neural` bot's network as arithmetic: its forward pass (`scores`: a batch by BLAS, one row
block by block, compiled where numba is), the widths of its hidden layers, and networks put side
by side as one (`combine`). lama.bots.neural reads and plays it; numpy only (numba optional).
"""

from __future__ import annotations

import weakref

import numpy as np

from lama.fast.kernel import COMPILED


def scores(weights, x: np.ndarray) -> np.ndarray:
    """The network's forward pass: ReLU between the layers, raw scores out. A batch of rows is
    multiplied by BLAS; one row (a bot's decision) block by block (a layer of networks side by
    side, `combine`, is zero between them), compiled where numba is (compiled/forward.py), else by
    einsum's own loop, not BLAS: BLAS's threads only wait on one another for a single row, several
    times slower on a busy machine."""
    last = len(weights) - 2
    if x.ndim != 1:
        for i in range(0, last + 2, 2):
            x = x @ weights[i] + weights[i + 1]
            if i < last:
                x = np.maximum(x, 0.0)
        return x
    return row_scores(weights, x) if COMPILED else row_scores_numpy(weights, x)


def row_scores(weights, x: np.ndarray) -> np.ndarray:
    """`scores` of one row in compiled code (numba: compiled/forward.py)."""
    from .compiled.forward import layer

    last = len(weights) - 2
    x = np.ascontiguousarray(x, dtype=np.float32)
    for i in range(0, last + 2, 2):
        out = np.empty(weights[i].shape[1], dtype=np.float32)
        layer(x, weights[i], weights[i + 1], _spans(weights[i]), out, i < last)
        x = out
    return x


def row_scores_numpy(weights, x: np.ndarray) -> np.ndarray:
    """`scores` of one row with numpy alone (without numba): einsum's loop, block by block."""
    last = len(weights) - 2
    for i in range(0, last + 2, 2):
        w = weights[i]
        spans = _spans(w)
        if len(spans) == 1:
            x = np.einsum("i,ij->j", x, w)
        else:
            x = np.concatenate([np.einsum("i,ij->j", x[r0:r1], w[r0:r1, c0:c1]) for r0, r1, c0, c1 in spans])
        x = x + weights[i + 1]
        if i < last:
            x = np.maximum(x, 0.0)
    return x


_SPANS: dict[int, tuple] = {}  # id of a layer's matrix: (a weak reference to it, its blocks)
MIN_BLOCK = 32  # narrower blocks are merged into their neighbour: each costs a call


def _spans(w: np.ndarray) -> np.ndarray:
    """The blocks of a layer's matrix `w` outside which it is 0, in order along its diagonal, as
    rows (first row, end row, first column, end column): one block for a dense matrix. Found once
    per matrix."""
    kept = _SPANS.get(id(w))
    if kept is not None and kept[0]() is w:
        return kept[1]
    if len(_SPANS) > 256:  # matrices of networks no longer played (training's checkpoints)
        for key in [k for k, (ref, _) in _SPANS.items() if ref() is None]:
            del _SPANS[key]
    spans = np.array(_diagonal_blocks(w), dtype=np.int64)
    _SPANS[id(w)] = (weakref.ref(w), spans)
    return spans


def _diagonal_blocks(w: np.ndarray) -> list[tuple[int, int, int, int]]:
    nonzero = w != 0
    rows, cols = w.shape
    # the last column (row) holding a non-zero in each row (column), -1 for none
    last_col = np.where(nonzero.any(1), cols - 1 - np.argmax(nonzero[:, ::-1], 1), -1)
    last_row = np.where(nonzero.any(0), rows - 1 - np.argmax(nonzero[::-1], 0), -1)
    spans: list[tuple[int, int, int, int]] = []
    r = c = 0
    while r < rows and c < cols:  # grow a block until no row in it reaches right of it, no column below
        r1, c1 = r + 1, c + 1
        while True:
            c2 = max(c1, int(last_col[r:r1].max()) + 1)
            r2 = max(r1, int(last_row[c:c2].max()) + 1)
            if (r2, c2) == (r1, c1):
                break
            r1, c1 = r2, c2
        if spans and (c1 - c < MIN_BLOCK or spans[-1][3] - spans[-1][2] < MIN_BLOCK):
            r, _, c, _ = spans.pop()
        spans.append((r, r1, c, c1))
        r, c = r1, c1
    r, _, c, _ = spans.pop() if spans else (0, 0, 0, 0)
    spans.append((r, rows, c, cols))  # with the rows or columns of zeros left at the end
    return spans


def hidden_widths(weights) -> tuple[int, ...]:
    """The widths of a network's hidden layers (the bot's layers w0, b0, w1, b1, ...)."""
    return tuple(w.shape[1] for w in weights[:-2:2])


def combine(networks, coefficients) -> tuple[np.ndarray, ...]:
    """One network of the bot's shape whose scores are the sum of `coefficients` times the scores of
    `networks` (each the bot's layers, all of the same depth): their hidden layers side by side
    (block-diagonal, so none reads another's units) and their outputs weighted into one. The
    reinforcement phase's prior and values play as one such network (envs.neural_dmc)."""
    depths = {len(n) for n in networks}
    if len(depths) != 1 or len(networks) != len(coefficients):
        raise ValueError("combine needs networks of one depth and a coefficient for each")
    layers: list[np.ndarray] = []
    last = len(networks[0]) - 2
    for i in range(0, last + 2, 2):
        ws, bs = [n[i] for n in networks], [n[i + 1] for n in networks]
        if i == last:
            layers += [np.concatenate([c * w for c, w in zip(coefficients, ws, strict=True)]),
                       sum(c * b for c, b in zip(coefficients, bs, strict=True))]
        elif i == 0:
            layers += [np.concatenate(ws, axis=1), np.concatenate(bs)]
        else:
            block = np.zeros((sum(w.shape[0] for w in ws), sum(w.shape[1] for w in ws)), dtype=np.float32)
            row = col = 0
            for w in ws:
                block[row:row + w.shape[0], col:col + w.shape[1]] = w
                row, col = row + w.shape[0], col + w.shape[1]
            layers += [block, np.concatenate(bs)]
    return tuple(np.asarray(w, dtype=np.float32) for w in layers)
