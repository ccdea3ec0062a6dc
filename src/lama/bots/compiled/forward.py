"""The `neural` bot's forward pass for one row (a bot's decision), compiled: each layer multiplies
only its blocks (a model of networks side by side, neural_net.combine, is zero between them) and skips
the inputs that are 0 (half the units after a ReLU). About ten times numpy's single-row product
on the 4-player models, with no BLAS threads to wait on (neural_net.scores).

Without numba the bot multiplies with numpy instead (neural_net.scores): the same network, its sums
added in another order, so a score may differ in its last bits.
"""

from __future__ import annotations

from lama.fast.kernel import njit


@njit(cache=True, fastmath=True)
def layer(x, w, b, spans, out, relu):
    """out = x @ w + b, then max(out, 0) if `relu`: w is 0 outside its blocks, each a row of
    `spans` (first row, end row, first column, end column)."""
    for j in range(len(out)):
        out[j] = b[j]
    for k in range(spans.shape[0]):
        r0, r1, c0, c1 = spans[k, 0], spans[k, 1], spans[k, 2], spans[k, 3]
        block = out[c0:c1]  # one-dimensional inner loops over slices: numba makes them SIMD
        for i in range(r0, r1):
            xi = x[i]
            if xi != 0.0:
                row = w[i, c0:c1]
                for j in range(c1 - c0):
                    block[j] += xi * row[j]
    if relu:
        for j in range(len(out)):
            if out[j] < 0.0:
                out[j] = 0.0
