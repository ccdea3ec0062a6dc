"""Dice's heuristic compiled: the twin of heuristic_dice.py, decision for decision, with its
roll-value lookahead (roll_value) and the lookahead's memo, the Python heuristic's lru_cache; its
depths and margin imported from there. The dice search's playouts (compiled/dice.py) decide
with dice_rolls too.
"""

from __future__ import annotations

from lama.fast.common import highest_chip, penalty_of
from lama.fast.kernel import njit
from lama.fast.layout import (
    ANSWER_DISCARD,
    ANSWER_TAKE,
    N_IN,
    PENDING,
    POINTS,
    QUIT_ID_DICE,
    R_CLASS_COUNTS,
    R_CLASS_WEIGHT,
    R_CLASSES,
    R_DISCARD_COUNTS,
    R_K,
    R_LLAMA,
    ROLL_ID,
    ROW,
    TAKE_ID,
    TO_MOVE,
)

from .. import heuristic_dice as hd
from .policies_common import own_hand

# dice's working memory: the display, the row, then what each level of the lookahead discarded
DICE_K = 7
DICE_ROW = DICE_K
DICE_REMOVED = 2 * DICE_K


@njit(cache=True)
def heuristic_dice(st, ru, legal, count, scratch, memo):
    """heuristic_dice.choose: the largest discard (then the lowest penalty left), the take that
    adds least, or roll when the lookahead expects rolling to cost less than quitting now."""
    if st[PENDING] == ANSWER_DISCARD or st[PENDING] == ANSWER_TAKE:
        own_hand(st, ru, st[TO_MOVE], scratch)  # the display
        if st[PENDING] == ANSWER_DISCARD:
            return largest_discard(ru, legal, count, scratch)
        return cheapest_take(ru, legal, count, scratch)
    if dice_rolls(st, ru, hd.DEPTH, hd.DEPTH_HEADS_UP, scratch, memo):
        return ROLL_ID
    return QUIT_ID_DICE


@njit(cache=True)
def dice_rolls(st, ru, depth, heads_up, scratch, memo):
    """heuristic_dice.choose before a roll, for the seat to move: roll when rolling is expected
    to cost less than quitting now by more than MARGIN, looking `depth` rolls ahead (`heads_up`
    with one other seat in at most). scratch (DICE_REMOVED + (depth + 1) * DICE_K at least) and
    memo are roll_value's; the seat's display is in scratch[0:7] after it. The dice search's playouts (compiled/dice.py)
    decide with it too, at their own depth."""
    return roll_cost(st, ru, depth, heads_up, scratch, memo) < penalty_of(scratch, 0, ru, 0) - hd.MARGIN


@njit(cache=True)
def roll_cost(st, ru, depth, heads_up, scratch, memo):
    """What rolling now is expected to cost the seat to move (heuristic_dice.costs), looking `depth`
    rolls ahead (`heads_up` with one other seat in at most); its display is in scratch[0:7] and the
    row in scratch[DICE_ROW:] after it. The neural bot's dice features read it too (features_dice)."""
    seat = st[TO_MOVE]
    own_hand(st, ru, seat, scratch)  # the display
    for kind in range(ru[R_K]):
        scratch[DICE_ROW + kind] = st[ROW + kind]
    others = st[N_IN] - 1
    depth = depth if others >= 2 else heads_up
    return roll_value(ru, scratch, depth, depth, highest_chip(ru, st[POINTS + seat]), others == 0, memo)


@njit(cache=True)
def largest_discard(ru, legal, count, display):
    """The discard of the most cards, then the lowest penalty left; the first on a tie (D3b)."""
    best = -1
    b_cards, b_left = 0, 0
    for i in range(count):
        a = legal[i]
        at = R_DISCARD_COUNTS + a * 7
        n = 0
        for kind in range(ru[R_K]):
            n += ru[at + kind]
            display[kind] -= ru[at + kind]
        left = -penalty_of(display, 0, ru, 0)
        for kind in range(ru[R_K]):
            display[kind] += ru[at + kind]
        if best < 0 or (n, left) > (b_cards, b_left):
            best, b_cards, b_left = a, n, left
    return best


@njit(cache=True)
def cheapest_take(ru, legal, count, display):
    """The row card that adds the least penalty, the first in table order on a tie (D3c)."""
    best = -1
    b_cost = 0
    for i in range(count):
        kind = legal[i] - TAKE_ID
        display[kind] += 1
        cost = penalty_of(display, 0, ru, 0)
        display[kind] -= 1
        if best < 0 or cost < b_cost:
            best, b_cost = legal[i], cost
    return best


@njit(cache=True)
def roll_value(ru, w, depth, rolled, chip, last, memo):
    """heuristic_dice._value: the points of the display w[0:7] (facing the row w[DICE_ROW:])
    if the seat stops now or rolls on, `depth` more rolls at most, whichever is expected to
    cost less; at depth == `rolled` what rolling once is expected to cost (heuristic_dice._roll).
    Each roll is answered well (D3): three llamas give back a chip, a match discards all it
    can (C5 if that empties the display), a miss takes the row card that leaves the least, a
    bust (every miss for the last seat in: `last`) takes the whole row; over the distinct rolls
    of the dice, weighted, in the Python heuristic's order, so that the sums round alike.
    w is changed and put back; w[DICE_REMOVED + depth * 7:] holds what a level discarded.
    (One function, recursing into itself only: numba cannot cache mutual recursion.)"""
    stop = float(penalty_of(w, 0, ru, 0))
    if depth == 0:
        return stop
    key = memo_key(ru, w, depth, chip, last)
    slot = 2 * memo_slot(key)
    if key >= 0 and memo[slot] == key:  # heuristic_dice._value's lru_cache
        cost = memo[slot + 1]
    else:  # heuristic_dice._roll: what rolling once is expected to cost
        k = ru[R_K]
        size = 0
        for kind in range(k):
            size += w[kind]
        llama = ru[R_LLAMA]
        total = 0.0
        weights = 0
        for c in range(ru[R_CLASSES]):
            weight = ru[R_CLASS_WEIGHT + c]
            shown = R_CLASS_COUNTS + c * 7
            weights += weight
            if ru[shown + llama] == 3:  # D3a: the display stays, the highest chip goes back
                total += (roll_value(ru, w, depth - 1, rolled, chip, last, memo) - chip) * weight
                continue
            most = 0
            for kind in range(k):
                most += min(w[kind], ru[shown + kind])
            if most:  # D3b: discard all it can (fewer cards never cost more)
                if most == size:
                    total -= chip * weight  # C5
                    continue
                removed = DICE_REMOVED + depth * DICE_K
                for kind in range(k):
                    w[removed + kind] = min(w[kind], ru[shown + kind])
                    w[kind] -= w[removed + kind]
                total += roll_value(ru, w, depth - 1, rolled, chip, last, memo) * weight
                for kind in range(k):
                    w[kind] += w[removed + kind]
                continue
            best = 0.0
            takes = 0
            if not last:  # D3c: the take that leaves the least (heuristic_dice._take)
                for kind in range(k):
                    if ru[shown + kind] and w[DICE_ROW + kind]:
                        w[kind] += 1
                        w[DICE_ROW + kind] -= 1
                        row_size = 0
                        for i in range(k):
                            row_size += w[DICE_ROW + i]
                        if row_size == 0:  # the row is empty: the round ends (D4)
                            value = float(penalty_of(w, 0, ru, 0))
                        else:
                            value = roll_value(ru, w, depth - 1, rolled, chip, last, memo)
                        w[kind] -= 1
                        w[DICE_ROW + kind] += 1
                        if takes == 0 or value < best:
                            best = value
                        takes += 1
            if takes:
                total += best * weight
            else:  # D3d: the whole row
                for kind in range(k):
                    w[kind] += w[DICE_ROW + kind]
                total += penalty_of(w, 0, ru, 0) * weight
                for kind in range(k):
                    w[kind] -= w[DICE_ROW + kind]
        cost = total / weights
        if key >= 0:
            memo[slot] = key
            memo[slot + 1] = cost
    return cost if depth == rolled or cost < stop else stop


# The lookahead's memo: what rolling costs for a display, row, depth, chip and last seat, the
# Python heuristic's lru_cache as a hash table of MEMO_SLOTS (key, value) pairs of floats. A key
# is exact below 2^53: 4 bits per display count, 1 per row card, 2 for the depth (1-3: deeper
# lookaheads, which only a search may ask for, go unremembered) and the chip (0, 1, 10), 1 for the
# last seat: 40 bits. Keys start at 1 (depth >= 1): 0.0 is an empty slot. The cost kept is the
# mean over the rolls, before the comparison with stopping, so it does not depend on `rolled`.
MEMO_SLOTS = 1 << 16
MEMO_SIZE = 2 * MEMO_SLOTS


@njit(cache=True)
def memo_key(ru, w, depth, chip, last):
    """The memo's key of a lookahead (-1: none, its counts or depth do not fit)."""
    if depth > 3:
        return -1
    key = 0
    for kind in range(ru[R_K]):
        if w[kind] > 15 or w[DICE_ROW + kind] > 1:
            return -1
        key = key * 32 + w[kind] * 2 + w[DICE_ROW + kind]
    return ((key * 4 + depth) * 4 + (2 if chip > 1 else chip)) * 2 + (1 if last else 0)


@njit(cache=True)
def memo_slot(key):
    return (key ^ (key >> 14) ^ (key >> 29)) & (MEMO_SLOTS - 1)
