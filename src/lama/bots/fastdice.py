"""The rollout search for L.A.M.A. Dice as one compiled loop, with the heuristic's own
judgement in the playouts.

In dice the roll-or-quit choice is nearly the whole game, and a playout that quits by a crude rule
misjudges it: a search on such playouts lost to the heuristic. Here every seat in a playout
decides as `heuristic_dice` does, from the exact odds of the dice looked `depth` of its own
rolls ahead (`_value`, the twin of heuristic_dice._roll), answers a match by discarding all the
roll allows and a miss by taking the row card that adds least. Nothing is hidden in dice, so
the search plays every legal action on from the very position, with common random numbers,
and values the round's end like the card games' search (fastcards._score).

The kernel's generator and compilation are fastcards.py's; without numba the same code runs
as Python, with the same results. Layout: a display is 7 counts (1..6, L); all displays are
one array, seat s at s * 7. An action is ROLL, QUIT, a discard (its counts per kind in base 4,
`discard_code`) or a take (TAKE - kind).
"""

from __future__ import annotations

import math

from lama.fast.kernel import array as _array, below, float_array as _float_array, njit, next32, seed_words
from lama.fast.kernel import zeros as _zeros
from lama.fast.rules import rules_of
from lama.games import game_of
from lama.games.dice import LL, TABLE
from lama.games.dice_odds import roll_classes

from .determinize import CannotDeterminize
from .fastcards import _estimates, _keep_better_half, _phases, _results, _tally
from .heuristic_dice import DEPTH_HEADS_UP, MARGIN
from .values import BIN, temperatures

K = 7  # kinds: 1..6 and L
# Own rolls a playout's seats look ahead: the heuristic's two (with two or more other seats in)
# cost about fifty times as much per playout.
PLAYOUT_DEPTH = 1
ROLL = -1
QUIT = -2
TAKE = -10  # TAKE - kind: take that row card (D3c)
ALL_QUIT, EMPTY, ROW_EMPTY = 0, 1, 2  # how a playout's round ended (a bust empties the row)


# -- interim, until the dice engine (lama.fast.dice) plays the rounds: C1, C3, C5-C7 ---------

@njit(cache=True)
def _penalty(hands, at, k, llama, masks, mask_sum, llama_each):
    """C7 for the display at hands[at:at + k]."""
    mask = 0
    llamas = 0
    for kind in range(k):
        c = hands[at + kind]
        if c:
            if llama[kind]:
                llamas += c
            else:
                mask |= masks[kind]
    if llamas and not llama_each:
        llamas = 1
    return mask_sum[mask] + 10 * llamas


@njit(cache=True)
def _highest_chip(points):
    return 10 if points >= 10 else (1 if points >= 1 else 0)


@njit(cache=True)
def _next_in(seat, quit, n):
    seat = (seat + 1) % n
    while quit[seat]:
        seat = (seat + 1) % n
    return seat


@njit(cache=True)
def _restart(n, k, hands, hands0, sizes, quit, quit0, points, points0):
    for s in range(n):
        quit[s] = quit0[s]
        points[s] = points0[s]
        sizes[s] = 0
        for kind in range(k):
            hands[s * k + kind] = hands0[s * k + kind]
            sizes[s] += hands0[s * k + kind]


@njit(cache=True)
def _score(me, empty, ender, hands, points, n, k, target, temps, llama, masks, mask_sum, llama_each):
    for s in range(n):
        points[s] += _penalty(hands, s * k, k, llama, masks, mask_sum, llama_each)
    if empty:
        points[ender] -= _highest_chip(points[ender])
    low = points[0]
    high = points[0]
    for s in range(1, n):
        low = min(low, points[s])
        high = max(high, points[s])
    if high >= target:
        if points[me] != low:
            return 0.0
        winners = 0
        for s in range(n):
            if points[s] == low:
                winners += 1
        return 1.0 / winners
    t = temps[min(max(target - high - 1, 0), BIN * len(temps) - 1) // BIN]
    total = 0.0
    for s in range(n):
        total += math.exp((low - points[s]) / t)
    return math.exp((low - points[me]) / t) / total


def _penalty_tables(game):
    from lama.fast import layout as L
    ru = rules_of(game)
    k = game.table.size
    return (_array([ru[L.R_IS_LLAMA + i] for i in range(k)]), _array([ru[L.R_MASK + i] for i in range(k)]),
            _array([ru[L.R_MASK_SUM + m] for m in range(128)]))


# -- the heuristic's expected cost of rolling (heuristic_dice._roll) --------------------------

@njit(cache=True)
def _value(d, at, row, depth, rolled, chip, last, cls, weight, three, removed, llama, masks, mask_sum):
    """heuristic_dice._value and _roll: points for the display d[at:at + 7] if the seat stops
    now or rolls on (`depth` more rolls at most), whichever is expected to cost less; at
    depth == `rolled`, what rolling once more is expected to cost (heuristic_dice._roll): after one roll
    answered well, rolling on while that looks better, over the roll classes (dice showing each
    kind `cls[c * 7:]`, `weight[c]` of the rolls). `d` and `row` are changed and put back;
    `removed` holds what each level's discard took."""
    stop = float(_penalty(d, at, K, llama, masks, mask_sum, 0))
    if depth == 0:
        return stop
    total = 0.0
    weights = 0
    size = 0
    for k in range(K):
        size += d[at + k]
    for c in range(len(weight)):
        w = weight[c]
        weights += w
        shown = c * K
        if three[c]:  # D3a: the display stays, a chip goes back
            total += (_value(d, at, row, depth - 1, rolled, chip, last, cls, weight, three, removed, llama, masks,
                             mask_sum) - chip) * w
            continue
        most = 0
        for k in range(K):
            most += min(d[at + k], cls[shown + k])
        if most:  # D3b: discard all it can (fewer cards never cost more)
            if most == size:
                total -= chip * w  # C5
                continue
            base = depth * K
            for k in range(K):
                removed[base + k] = min(d[at + k], cls[shown + k])
                d[at + k] -= removed[base + k]
            total += _value(d, at, row, depth - 1, rolled, chip, last, cls, weight, three, removed, llama, masks,
                            mask_sum) * w
            for k in range(K):
                d[at + k] += removed[base + k]
            continue
        best = 0.0
        takes = 0
        if not last:  # D3c: the take that leaves the least
            for k in range(K):
                if cls[shown + k] and row[k]:
                    d[at + k] += 1
                    row[k] -= 1
                    if _row_size(row) == 0:  # the row is empty: the round ends (D4)
                        v = float(_penalty(d, at, K, llama, masks, mask_sum, 0))
                    else:
                        v = _value(d, at, row, depth - 1, rolled, chip, last, cls, weight, three, removed, llama,
                                   masks, mask_sum)
                    d[at + k] -= 1
                    row[k] += 1
                    if takes == 0 or v < best:
                        best = v
                    takes += 1
        if takes:
            total += best * w
        else:  # D3d: the whole row
            for k in range(K):
                d[at + k] += row[k]
            total += _penalty(d, at, K, llama, masks, mask_sum, 0) * w
            for k in range(K):
                d[at + k] -= row[k]
    cost = total / weights
    return cost if depth == rolled or cost < stop else stop


@njit(cache=True)
def _rolls(seat, displays, row, points, n_in, depth, heads_up, cls, weight, three, removed, llama, masks, mask_sum):
    """heuristic_dice.choose before a roll: roll when rolling is expected to cost less than
    quitting now by more than MARGIN (looking `depth` rolls ahead, `heads_up` with one other
    seat in at most)."""
    at = seat * K
    chip = _highest_chip(points[seat])
    others = n_in - 1
    depth = depth if others >= 2 else heads_up
    cost = _value(displays, at, row, depth, depth, chip, others == 0, cls, weight, three, removed, llama, masks,
                  mask_sum)
    return cost < _penalty(displays, at, K, llama, masks, mask_sum, 0) - MARGIN


# -- the playout ----------------------------------------------------------------------------

@njit(cache=True)
def _playout(first, seat, displays, sizes, row, quit, points, n, n_in, r, faces, depth, heads_up,
             cls, weight, three, removed, llama, masks, mask_sum):
    """Apply `first` for `seat`, then play the round out as the heuristic does; returns (how
    the round ended, the seat that ended it)."""
    action = first
    while True:
        at = seat * K
        if action == QUIT:
            quit[seat] = 1
            n_in -= 1
            if n_in == 0:
                return ALL_QUIT, seat
        elif action <= TAKE:  # D3c
            kind = TAKE - action
            row[kind] -= 1
            displays[at + kind] += 1
            sizes[seat] += 1
            if _row_size(row) == 0:
                return ROW_EMPTY, seat
        elif action >= 0:  # D3b: a discard, its counts in base 4
            code = action
            for k in range(K):
                c = code % 4
                code //= 4
                displays[at + k] -= c
                sizes[seat] -= c
            if sizes[seat] == 0:
                return EMPTY, seat
        else:  # roll, one face per die (as DiceState.sample_chance), then the heuristic's answer
            k0 = faces[below(r, 0, 6)]
            k1 = faces[6 + below(r, 0, 6)]
            k2 = faces[12 + below(r, 0, 6)]
            if k0 == LL and k1 == LL and k2 == LL:  # D3a
                points[seat] -= _highest_chip(points[seat])
            elif displays[at + k0] or displays[at + k1] or displays[at + k2]:  # D3b: all it can
                for k in range(K):
                    shown = (k0 == k) + (k1 == k) + (k2 == k)
                    c = min(displays[at + k], shown)
                    displays[at + k] -= c
                    sizes[seat] -= c
                if sizes[seat] == 0:
                    return EMPTY, seat
            elif (row[k0] or row[k1] or row[k2]) and n_in > 1:  # D3c: the card that adds least
                best, best_cost = -1, 0
                for k in range(K):
                    if row[k] and (k0 == k or k1 == k or k2 == k):
                        displays[at + k] += 1
                        cost = _penalty(displays, at, K, llama, masks, mask_sum, 0)
                        displays[at + k] -= 1
                        if best < 0 or cost < best_cost:
                            best, best_cost = k, cost
                row[best] -= 1
                displays[at + best] += 1
                sizes[seat] += 1
                if _row_size(row) == 0:
                    return ROW_EMPTY, seat
            else:  # D3d: the whole row; the round ends
                for k in range(K):
                    displays[at + k] += row[k]
                    sizes[seat] += row[k]
                    row[k] = 0
                return ROW_EMPTY, seat
        seat = _next_in(seat, quit, n)
        if _rolls(seat, displays, row, points, n_in, depth, heads_up, cls, weight, three, removed,
                  llama, masks, mask_sum):
            action = ROLL
        else:
            action = QUIT


@njit(cache=True)
def _row_size(row):
    size = 0
    for k in range(K):
        size += row[k]
    return size


@njit(cache=True)
def evaluate_dice(me, n, displays0, row0, quit0, points0, target, temps, actions, samples, halving, r,
                  faces, depth, heads_up, cls, weight, three,
                  displays, sizes, row, quit, points, removed, order, play_r, count, total, total_sq, gained,
                  llama, masks, mask_sum):
    """Flat Monte Carlo for seat `me` (to move) over `actions` (fastcards.evaluate_cards
    without the deal: nothing in dice is hidden). Results in count/total/total_sq/gained."""
    alive = len(actions)
    phases = _phases(order, halving)
    n_in0 = 0
    for s in range(n):
        n_in0 += 1 - quit0[s]
    for phase in range(phases):
        per_arm = max(1, samples // (alive * phases))
        for _ in range(per_arm):
            saved0, saved1, saved2, saved3 = next32(r, 0) | 1, next32(r, 0), next32(r, 0), next32(r, 0)
            for ai in range(alive):
                a = order[ai]
                _restart(n, K, displays, displays0, sizes, quit, quit0, points, points0)
                for k in range(K):
                    row[k] = row0[k]
                play_r[0], play_r[1], play_r[2], play_r[3] = saved0, saved1, saved2, saved3
                ended, ender = _playout(actions[a], me, displays, sizes, row, quit, points, n, n_in0, play_r, faces,
                                        depth, heads_up, cls, weight, three, removed, llama, masks, mask_sum)
                value = _score(me, ended == EMPTY, ender, displays, points, n, K, target, temps, llama, masks,
                               mask_sum, 0)
                _tally(a, value, points[me] - points0[me], count, total, total_sq, gained)
        if phase < phases - 1:
            alive = _keep_better_half(order, alive, total, count)


# -- from a view ---------------------------------------------------------------------------

def discard_code(counts) -> int:
    """A discard's counts per kind (each at most 3) as one number in base 4."""
    return sum(c * 4 ** k for k, c in enumerate(counts))


def action_code(action) -> int:
    kind = action.kind
    if kind == "roll":
        return ROLL
    if kind == "quit":
        return QUIT
    if kind == "take":
        return TAKE - TABLE.index[action.card]
    return discard_code(TABLE.counts_of(action.cards))


class DiceTables:
    """The dice's faces and roll classes as arrays (built once per set of dice)."""

    cache: dict = {}

    def __new__(cls, dice):
        dice = tuple(tuple(die) for die in dice)
        tables = cls.cache.get(dice)
        if tables is None:
            tables = object.__new__(cls)
            classes = roll_classes(dice)
            tables.faces = _array([TABLE.index[f] for die in dice for f in die])
            tables.cls = _array([c for counts, _ in classes for c in counts])
            tables.weight = _array([w for _, w in classes])
            tables.three = _array([int(counts[LL] == 3) for counts, _ in classes])
            cls.cache[dice] = tables
        return tables


def evaluate_view(view, rng, samples: int, halving: bool, depth: int = PLAYOUT_DEPTH,
                  heads_up: int = DEPTH_HEADS_UP):
    """`rollout.evaluate_actions` for a dice view with heuristic playouts (looking `depth` rolls
    ahead, `heads_up` with at most one other seat in): a list of (action, (playouts, sum of
    values, sum of squared values, sum of points this round))."""
    if view.to_move != view.seat or view.finished:
        raise CannotDeterminize("the seat is not to move")
    game = game_of(view)
    llama, masks, mask_sum = _penalty_tables(game)
    dice = DiceTables(game.dice)
    n = view.players
    actions = list(view.legal_actions)
    a_n = len(actions)

    results = _results(a_n)
    evaluate_dice(
        # the position
        view.seat, n, _array([c for d in view.displays for c in TABLE.counts_of(d)]),
        _array(TABLE.counts_of(view.row)), _array([int(q) for q in view.quit]), _array(view.points), view.target,
        _float_array(temperatures(view.game, n)),
        # the search and the playout policy
        _array([action_code(a) for a in actions]), int(samples), bool(halving), _array(seed_words(rng)),
        dice.faces, int(depth), int(heads_up), dice.cls, dice.weight, dice.three,
        # work space: a playout's displays, sizes, row, quit, points; the lookahead's discards;
        # the actions' order; a playout's generator
        _zeros(n * K), _zeros(n), _zeros(K), _zeros(n), _zeros(n), _zeros((max(depth, heads_up) + 1) * K),
        _zeros(a_n), _zeros(4),
        *results,
        llama, masks, mask_sum,
    )
    return _estimates(actions, results)


def compiled_search(view, rng, samples: int, halving: bool, infer: bool = False):
    """DiceGame.compiled_search: `evaluate_view` with the playouts' default depth (`infer` is
    ignored: nothing that matters is hidden in dice)."""
    return evaluate_view(view, rng, samples, halving)
