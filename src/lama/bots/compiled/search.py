"""What the compiled searches share (cards.py, dice.py): the value of a round's end, sequential
halving over the actions, the tally of a playout, the engine rules of a view's game kept per
game, and a search's result arrays read back as (action, statistics).

Without numba or with LAMA_NUMBA=0 the same functions run as plain Python (lama.fast.kernel).
"""

from __future__ import annotations

import json
import math

from lama.core.jsonform import jsonable
from lama.fast.kernel import float_zeros, njit, zeros
from lama.fast.layout import FINISHED, POINTS, R_N, R_TARGET, WINNERS
from lama.fast.rules import rules_of
from lama.games import game_of

from ..values import BIN

# -- the value of a round's end ----------------------------------------------------------------

@njit(cache=True)
def round_value(st, ru, me, temps):
    """rollout.round_values for seat `me` of a scored round (values.py): at the game's end its
    share of the win, else the softmax of the points at the temperature for the points left."""
    n = ru[R_N]
    if st[FINISHED]:
        if not (st[WINNERS] >> me) & 1:
            return 0.0
        winners = 0
        for s in range(n):
            winners += (st[WINNERS] >> s) & 1
        return 1.0 / winners
    low = st[POINTS]
    high = st[POINTS]
    for s in range(1, n):
        low = min(low, st[POINTS + s])
        high = max(high, st[POINTS + s])
    t = temps[min(max(ru[R_TARGET] - high - 1, 0), BIN * len(temps) - 1) // BIN]  # values.temperature_bin
    total = 0.0
    for s in range(n):
        total += math.exp((low - st[POINTS + s]) / t)
    return math.exp((low - st[POINTS + me]) / t) / total


# -- the search: sequential halving over the actions --------------------------------------------

@njit(cache=True)
def halving_phases(order, halving):
    """Puts the actions in legal order (order[i] = i); returns sequential halving's number of
    rounds (ceil(log2) of the number of actions), or 1 without halving."""
    for i in range(len(order)):
        order[i] = i
    if halving:
        return max(1, int(math.ceil(math.log2(len(order)))))
    return 1


@njit(cache=True)
def tally(a, value, gain, count, total, total_sq, gained):
    """One playout of action `a`: its value and the seat's points gained this round."""
    count[a] += 1
    total[a] += value
    total_sq[a] += value * value
    gained[a] += gain


@njit(cache=True)
def keep_better_half(order, alive, total, count):
    """Sequential halving: order[:alive] (action numbers, in legal order) becomes the better
    half by mean value (ties: legal order), again in legal order; returns its size."""
    for i in range(1, alive):  # stable insertion sort by mean, best first
        j = i
        while j > 0 and total[order[j]] / count[order[j]] > total[order[j - 1]] / count[order[j - 1]]:
            order[j], order[j - 1] = order[j - 1], order[j]
            j -= 1
    alive = max(1, (alive + 1) // 2)
    for i in range(1, alive):  # back to legal order
        j = i
        while j > 0 and order[j] < order[j - 1]:
            order[j], order[j - 1] = order[j - 1], order[j]
            j -= 1
    return alive


# -- from a view ---------------------------------------------------------------------------

_RULES: dict = {}


def game_and_rules(view):
    """The game of `view` (game_of) and its engine rules (rules_of), kept per game, player
    count and options: a search builds them once, not at every decision."""
    key = (view.game, view.players, json.dumps(jsonable(view.options), sort_keys=True))
    found = _RULES.get(key)
    if found is None:
        if len(_RULES) >= 64:  # a server may see many sets of options: keep the cache small
            _RULES.clear()
        game = game_of(view)
        found = _RULES[key] = (game, rules_of(game))
    return found


def result_arrays(a_n):
    """A search's result arrays, per action: playouts, sum of values, sum of squared values,
    sum of points this round."""
    return zeros(a_n), float_zeros(a_n), float_zeros(a_n), zeros(a_n)


def estimates(actions, results):
    """Each action with its (playouts, sum of values, sum of squared values, sum of points)."""
    count, total, total_sq, gained = results
    return [(a, (int(count[i]), float(total[i]), float(total_sq[i]), int(gained[i]))) for i, a in enumerate(actions)]
