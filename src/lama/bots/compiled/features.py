"""The `neural` bot's features (lama.bots.neural.features) read from engine states, for B games
at once: what lets its network be trained by reinforcement on the vector environments at the
engine's speed (lama.envs.neural_rl). tests/bots/test_neural_features.py holds the kernel to
`features(view)` at every decision of whole games.

Only what the seat may see is read: its own hand and the public fields (the top card, this
round's discard pile, the pile's size, hand sizes, quits, points); the heuristic's choice comes
from its compiled twin (policies.heuristic), which sees no more.
"""

from __future__ import annotations

import numpy as np

from lama.fast.common import penalty_of
from lama.fast.family import legal_ids
from lama.fast.kernel import njit
from lama.fast.layout import (
    DISCARD_PILE,
    HAND_SIZES,
    HANDS,
    K_MAX,
    N_MAX,
    PILE_SIZE,
    POINTS,
    QUIT,
    R_DECK,
    R_K,
    R_LLAMA_EACH,
    R_N,
    R_TARGET,
    TOP,
)

from . import policies


def slot_table(game) -> tuple[np.ndarray, np.ndarray]:
    """(slot of each action id, -1 for an id the network has no slot for; action id of each slot,
    -1 for none), from lama.bots.neural.slot_of."""
    from lama.bots.neural import card_codes, slot_count, slot_of

    codes = card_codes(game.id)
    ids = game.num_distinct_actions()
    slot_of_id = np.full(ids, -1, dtype=np.int64)
    id_of_slot = np.full(slot_count(game.id), -1, dtype=np.int64)
    for i in range(ids):
        slot = slot_of(game.action_of(i), codes)
        if slot is not None:
            slot_of_id[i] = slot
            id_of_slot[slot] = i
    return slot_of_id, id_of_slot


@njit(cache=True)
def features_rows(states, ru, seats, over, slot_of_id, x, legal, fits, heuristic_id, ids, scratch, memo):
    """For each row i (its seat seats[i] to move): x[i] = features(view of that seat), legal[i] =
    its legal slots (bool), fits[i] = whether every legal id has a slot, heuristic_id[i] = the
    heuristic's action id; a row that `over` marks (a finished game) gets zeros, every slot
    legal and no fit. ids, scratch, memo: working memory (policies.LEGAL_SIZE,
    SCRATCH_SIZE, MEMO_SIZE)."""
    k = ru[R_K]
    n = ru[R_N]
    slots = k + 2
    target = float(ru[R_TARGET])
    total = 0.0
    for kind in range(k):
        total += ru[R_DECK + kind]
    for i in range(len(states)):
        st = states[i]
        seat = seats[i]
        row = x[i]
        row[:] = 0.0
        if over[i]:
            legal[i, :] = True
            fits[i] = False
            heuristic_id[i] = -1
            continue
        hand_at = HANDS + seat * K_MAX
        held = 0
        for kind in range(k):
            copies = float(ru[R_DECK + kind])
            h = st[hand_at + kind]
            played = st[DISCARD_PILE + kind]
            held += h
            row[kind] = h / 3.0
            row[2 * k + kind] = played / copies
            row[3 * k + kind] = max(copies - h - played, 0.0) / copies
        if st[TOP] >= 0:
            row[k + st[TOP]] = 1.0
        at = 4 * k
        most = st[POINTS]
        active = 0
        for s in range(n):
            most = max(most, st[POINTS + s])
            active += st[QUIT + s] == 0
        row[at] = st[PILE_SIZE] / total
        row[at + 1] = held / 10.0
        row[at + 2] = penalty_of(st, hand_at, ru, ru[R_LLAMA_EACH]) / 50.0
        row[at + 3] = st[POINTS + seat] / target
        row[at + 4] = most / target
        row[at + 5] = n / N_MAX
        row[at + 6] = active / N_MAX
        at += 7
        for j in range(1, n):
            s = (seat + j) % n
            row[at + 3 * (j - 1)] = st[HAND_SIZES + s] / 10.0
            row[at + 3 * (j - 1) + 1] = float(st[QUIT + s])
            row[at + 3 * (j - 1) + 2] = st[POINTS + s] / target
        at += 3 * (N_MAX - 1)
        count = legal_ids(st, ru, ids)
        fits[i] = True
        for slot in range(slots):
            legal[i, slot] = False
        for m in range(count):
            slot = slot_of_id[ids[m]]
            if slot < 0:
                fits[i] = False
            else:
                legal[i, slot] = True
                row[at + slot] = 1.0
        choice = policies.heuristic(st, ru, ids, count, scratch, memo)
        heuristic_id[i] = choice
        if slot_of_id[choice] >= 0:
            row[at + slots + slot_of_id[choice]] = 1.0
