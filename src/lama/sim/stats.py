"""Estimates with 95% confidence intervals that respect duplicate deals.

The games of one deal are not independent: the same cards went round every
seating, which is the point (the luck of the cards cancels between them). So
the deal is the unit of sampling. Every figure is a ratio of sums over deals,
`sum(y_d) / sum(m_d)` (e.g. wins over seats played), and its standard error is
the cluster-robust (linearised) one:

    se^2 = D / (D - 1) * sum_d (y_d - r * m_d)^2 / (sum_d m_d)^2

over the D deals, with the normal interval r +- 1.96 se for means. A share (of
wins) gets Wilson's score interval instead, which never leaves [0, 1] nor shrinks
to a point: on the number of independent seats the deals are worth, p(1-p)/se^2
(at least one per deal; the number of deals when the share did not vary). With
fewer than MIN_DEALS deals the errors themselves are rough, and the table says so.
Treating each game as its own cluster instead gives the error one would have
without duplicate deals.
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the 97.5% normal quantile
Z80 = 0.8416212335729143  # the 80% normal quantile (power of a two-sided test)
MIN_DEALS = 10  # fewer deals than this: the standard errors (so the intervals) are rough


def ratio(ys: list[float], ms: list[float]) -> tuple[float | None, float | None]:
    """(estimate, standard error) of sum(ys)/sum(ms) over clusters; None where undefined."""
    total = sum(ms)
    if not total:
        return None, None
    r = sum(ys) / total
    d = len(ms)
    if d < 2:
        return r, None
    sq = sum((y - r * m) ** 2 for y, m in zip(ys, ms))
    return r, math.sqrt(d / (d - 1) * sq) / total


def interval(estimate: float | None, se: float | None, lo: float | None = None,
             hi: float | None = None) -> list[float] | None:
    """The 95% normal interval, clipped to [lo, hi] where given; None if no error is known."""
    if estimate is None or se is None:
        return None
    a, b = estimate - Z95 * se, estimate + Z95 * se
    if lo is not None:
        a = max(a, lo)
    if hi is not None:
        b = min(b, hi)
    return [a, b]


def wilson(p: float, n: float, z: float = Z95) -> list[float]:
    """Wilson's score interval of a proportion p observed over n (possibly effective) trials."""
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [max(0.0, centre - half), min(1.0, centre + half)]


def share_interval(share: float | None, se: float | None, deals: int) -> list[float] | None:
    """The 95% Wilson interval of a share estimated over `deals` clusters with standard error
    `se`: on the effective number of trials p(1-p)/se^2, never fewer than the deals."""
    if share is None or not deals:
        return None
    spread = share * (1 - share)
    n = deals if not se or not spread else max(deals, spread / (se * se))
    return wilson(share, n)


def games_to_tell_apart(games: int, se: float | None, difference: float | None) -> int | None:
    """Games needed before a two-sided 5% test sees `difference` 4 times in 5 (80% power).

    The standard error shrinks as 1/sqrt(games), so n = games * ((z95 + z80) se / difference)^2,
    rounded up (at least 1). None when there is no error to scale or no difference to see.
    """
    if se is None or not difference:
        return None
    return max(1, math.ceil(games * ((Z95 + Z80) * se / difference) ** 2))
