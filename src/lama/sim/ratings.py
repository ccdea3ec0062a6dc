"""Elo ratings of a pool of bots from multi-player tables.

A table of n seats counts as every pair of seats held by different bots: the
seat with fewer final points beats the other, equal points are a draw (half a
win each). The ratings are the Bradley-Terry (Elo) model fitted to all these
pairs at once by maximum likelihood (Newton's method), on the Elo scale
(400 points = 10:1 odds) with mean 1500. Unlike the game-by-game Elo update,
the fit does not depend on the order of the games.

Every bot also gets one virtual draw against a 1500 bot (a weak prior) so that
a bot that won or lost every pair still has a finite rating. The 95% interval
comes from a bootstrap over deals (grouped into at most 50 blocks, resampled
200 times with a generator seeded by the tournament seed).
"""

from __future__ import annotations

import math
import random

BLOCKS = 50
RESAMPLES = 200


class Pairs:
    """Pairwise results: score[a][b] (wins, draws half) and count[a][b]."""

    def __init__(self, n: int):
        self.n = n
        self.score = [[0.0] * n for _ in range(n)]
        self.count = [[0] * n for _ in range(n)]

    def add_game(self, seat_bots: list[int], points: list[int]) -> None:
        for i in range(len(seat_bots)):
            for j in range(i + 1, len(seat_bots)):
                a, b = seat_bots[i], seat_bots[j]
                if a == b:
                    continue
                s = 1.0 if points[i] < points[j] else (0.5 if points[i] == points[j] else 0.0)
                self.score[a][b] += s
                self.score[b][a] += 1.0 - s
                self.count[a][b] += 1
                self.count[b][a] += 1

    def add(self, other: Pairs, times: int = 1) -> None:
        for a in range(self.n):
            for b in range(self.n):
                self.score[a][b] += times * other.score[a][b]
                self.count[a][b] += times * other.count[a][b]


def _loglik(pairs: Pairs, theta: list[float], prior: float) -> float:
    n, total = pairs.n, 0.0
    for a in range(n):
        total += prior * (0.5 * theta[a] - math.log1p(math.exp(theta[a])))
        for b in range(a + 1, n):
            c = pairs.count[a][b]
            if c:
                top = max(theta[a], theta[b])
                lse = top + math.log(math.exp(theta[a] - top) + math.exp(theta[b] - top))
                total += pairs.score[a][b] * theta[a] + pairs.score[b][a] * theta[b] - c * lse
    return total


def _solve(m: list[list[float]], v: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (m is small and positive definite)."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            for k in range(col, n + 1):
                a[r][k] -= f * a[col][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][k] * x[k] for k in range(r + 1, n))) / a[r][r]
    return x


def fit(pairs: Pairs, prior: float = 1.0, tol: float = 1e-10, max_iter: int = 100) -> list[float]:
    """Elo ratings (mean 1500) maximising the likelihood of the pairwise results.

    Newton's method on the log-strengths, halving a step that would lower the
    likelihood; the prior makes the likelihood strictly concave, so it converges.
    """
    n = pairs.n
    theta = [0.0] * n
    current = _loglik(pairs, theta, prior)
    for _ in range(max_iter):
        grad = [sum(pairs.score[a]) + prior / 2 for a in range(n)]
        neg_hess = [[0.0] * n for _ in range(n)]
        for a in range(n):
            sig = 1.0 / (1.0 + math.exp(-theta[a]))
            grad[a] -= prior * sig
            neg_hess[a][a] += prior * sig * (1 - sig)
            for b in range(n):
                c = pairs.count[a][b]
                if c and b != a:
                    p = 1.0 / (1.0 + math.exp(theta[b] - theta[a]))
                    grad[a] -= c * p
                    w = c * p * (1 - p)
                    neg_hess[a][a] += w
                    neg_hess[a][b] -= w
        step = _solve(neg_hess, grad)
        scale = 1.0
        while True:
            trial = [t + scale * d for t, d in zip(theta, step)]
            value = _loglik(pairs, trial, prior)
            if value >= current or scale < 1e-6:
                break
            scale /= 2
        theta, current = trial, value
        if max(abs(scale * d) for d in step) < tol:
            break
    mean = sum(theta) / n
    return [1500 + 400 / math.log(10) * (t - mean) for t in theta]


def ratings(per_deal: list[Pairs], n: int, seed: int) -> dict:
    """Ratings and their bootstrap 95% intervals from the pairwise results of each deal."""
    blocks = [Pairs(n) for _ in range(min(BLOCKS, len(per_deal)))]
    total = Pairs(n)
    for d, pairs in enumerate(per_deal):
        blocks[d % len(blocks)].add(pairs)
        total.add(pairs)
    return rated(blocks, total, n, seed)


def rated(blocks: list[Pairs], total: Pairs, n: int, seed: int) -> dict:
    """Ratings from the pairwise results of every deal (`total`) and their bootstrap 95% intervals
    over `blocks` (deal d in block d % len(blocks)): what `ratings` computes, from sums a
    tournament keeps as it goes. Scores are sums of halves and counts whole numbers, so the
    order in which they were added changes nothing."""
    elo = fit(total)
    ci = [None] * n
    if len(blocks) >= 2:
        rng = random.Random(f"lama-ratings:{seed}")
        samples = [[] for _ in range(n)]
        for _ in range(RESAMPLES):
            counts = [0] * len(blocks)
            for _ in blocks:
                counts[rng.randrange(len(blocks))] += 1
            resampled = Pairs(n)
            for block, times in zip(blocks, counts):
                if times:
                    resampled.add(block, times)
            for a, r in enumerate(fit(resampled)):
                samples[a].append(r)
        lo, hi = int(0.025 * RESAMPLES), int(0.975 * RESAMPLES) - 1
        ci = [[sorted(s)[lo], sorted(s)[hi]] for s in samples]
    return {"rating": elo, "rating_ci95": ci}
