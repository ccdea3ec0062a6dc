"""Dice's `neural` features (lama.bots.neural_dice.dice_inputs, layout dice-1) read from an engine
state, number for number: the compiled twin that lets dice's network be trained by reinforcement
and measured at the engine's speed (features.features_rows calls it for dice's rows;
tests/bots/test_neural_features.py holds it to `features(view)` at every decision of whole games).

Only what the seat may see is read: its display, the row, the discards, the dice and the roll it
answers, the other seats' displays unless they quit (face down, D3), their sizes, quits and
points. The expected cost of rolling is the heuristic's own lookahead (policies_dice.roll_cost,
its memo shared with the heuristic's choice).
"""

from __future__ import annotations

from lama.bots.neural_dice import PENALTY_SCALE
from lama.fast.common import penalty_of
from lama.fast.kernel import njit
from lama.fast.layout import (
    ANSWER_DISCARD,
    ANSWER_TAKE,
    CAPS,
    DISCARD_PILE,
    HAND_SIZES,
    HANDS,
    K_MAX,
    N_IN,
    N_MAX,
    PENDING,
    POINTS,
    QUIT,
    R_DECK,
    R_FACES,
    R_K,
    R_N,
    R_ROW,
    R_TARGET,
    ROLL_COUNTS,
    ROW,
)
from lama.games.dice_roll import N_DICE, N_FACES

from .. import heuristic_dice as hd
from .policies_common import own_hand
from .policies_dice import roll_cost


@njit(cache=True)
def dice_inputs_row(st, ru, seat, row, scratch, memo):
    """row[:at] = dice_inputs of the view of `seat` (to move in st), row zeros to begin with; at
    (neural_dice.dice_input_count). scratch and memo: roll_cost's working memory."""
    k = ru[R_K]
    n = ru[R_N]
    target = float(ru[R_TARGET])
    pending = st[PENDING]
    answers = pending in (ANSWER_DISCARD, ANSWER_TAKE)
    if answers:
        own_hand(st, ru, seat, scratch)  # the display
        cost = 0.0
    else:  # heuristic_dice.costs, the display left in scratch
        cost = roll_cost(st, ru, hd.DEPTH, hd.DEPTH_HEADS_UP, scratch, memo)
    size = 0
    for kind in range(k):
        size += scratch[kind]
        row[kind] = scratch[kind] / 3.0
    stop = penalty_of(scratch, 0, ru, 0)
    row[k] = size / 10.0
    row[k + 1] = stop / PENALTY_SCALE
    row[k + 2] = cost / PENALTY_SCALE
    at = k + 3
    row_size = 0
    full_row = 0
    for kind in range(k):
        row_size += st[ROW + kind]
        full_row += ru[R_ROW + kind]
        row[at + kind] = st[ROW + kind] / float(ru[R_ROW + kind])
        row[at + k + kind] = st[DISCARD_PILE + kind] / float(ru[R_DECK + kind])
        row[at + 2 * k + kind] = st[ROLL_COUNTS + kind] / float(N_DICE) if answers else 0.0
        row[at + 4 * k + kind] = st[CAPS + kind] / float(N_DICE) if pending == ANSWER_DISCARD else 0.0
    for face in range(N_DICE * N_FACES):
        row[at + 3 * k + ru[R_FACES + face]] += 1.0 / (N_DICE * N_FACES)
    at += 5 * k
    for j in range(1, n):
        s = (seat + j) % n
        block = at + (j - 1) * (k + 3)
        if st[QUIT + s] == 0:  # a seat that quit shows its display face down (D3)
            for kind in range(k):
                row[block + kind] = st[HANDS + s * K_MAX + kind] / 3.0
        row[block + k] = st[HAND_SIZES + s] / 10.0
        row[block + k + 1] = float(st[QUIT + s])
        row[block + k + 2] = st[POINTS + s] / target
    at += (N_MAX - 1) * (k + 3)
    most = st[POINTS]
    for s in range(n):
        most = max(most, st[POINTS + s])
    row[at] = st[POINTS + seat] / target
    row[at + 1] = most / target
    row[at + 2] = n / N_MAX
    row[at + 3] = st[N_IN] / N_MAX
    row[at + 4] = row_size / float(full_row)
    row[at + 5] = 1.0 if st[N_IN] == 1 else 0.0
    row[at + 6] = 1.0 if answers else 0.0
    row[at + 7] = 1.0 if pending == ANSWER_DISCARD else 0.0
    return at + 8
