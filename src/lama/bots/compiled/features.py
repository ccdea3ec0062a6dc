"""The `neural` bot's features (lama.bots.neural.features) read from engine states, for B games
at once: what lets its network be trained by reinforcement on the vector environments at the
engine's speed (lama.envs.neural_rl). tests/bots/test_neural_features.py holds the kernel to
`features(view)` at every decision of whole games, dice's (features_dice.py) among them.

Only what the seat may see is read: its own hand and the public fields (the top card, this
round's discard pile, the pile's size, hand sizes, quits, points; kadabra's stage and magic
chip); the heuristic's choice comes from its compiled twin (policies.heuristic), which sees no
more.

A slot is an action relative to the seat to move (kadabra's gives: to the seat so many places
after it), so the tables map ids and slots per seat: slot_of_id[seat, id], id_of_slot[seat, slot].
"""

from __future__ import annotations

import numpy as np

from lama.bots.neural import MAGIC_FEATURES
from lama.fast.common import penalty_of
from lama.fast.family import legal_ids
from lama.fast.kernel import njit
from lama.fast.layout import (
    DICE,
    DISCARD_PILE,
    HAND_SIZES,
    HANDS,
    K_MAX,
    MAGIC_CHIP,
    N_MAX,
    PILE_SIZE,
    POINTS,
    QUIT,
    R_DECK,
    R_EFFECTS,
    R_FAMILY,
    R_K,
    R_LLAMA_EACH,
    R_N,
    R_TARGET,
    STAGE_BLACKS,
    STAGE_WHITES,
    TOP,
)
from lama.games.stage import SHOW_CHIPS

from . import policies
from .features_dice import dice_inputs_row


def slot_table(game) -> tuple[np.ndarray, np.ndarray]:
    """Per seat to move (rows 0 .. players - 1): the slot of each action id, -1 for an id the
    network has no slot for; the action id of each slot, -1 for none (a give slot past the
    players); from lama.bots.neural.slot_of."""
    from lama.bots.neural import slot_count, slot_of

    ids, players = game.num_distinct_actions(), game.players
    slot_of_id = np.full((players, ids), -1, dtype=np.int64)
    id_of_slot = np.full((players, slot_count(game.id)), -1, dtype=np.int64)
    for seat in range(players):
        for i in range(ids):
            slot = slot_of(game.action_of(i), game.id, seat, players)
            if slot is not None:
                slot_of_id[seat, i] = slot
                id_of_slot[seat, slot] = i
    return slot_of_id, id_of_slot


@njit(cache=True)
def card_inputs_row(st, ru, seat, row):
    """row[:at] = card_inputs of the view of `seat` (kadabra's magic_features with them); at."""
    k = ru[R_K]
    n = ru[R_N]
    target = float(ru[R_TARGET])
    total = 0.0
    for kind in range(k):
        total += ru[R_DECK + kind]
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
    if ru[R_EFFECTS] != 0:
        whites = st[STAGE_WHITES]
        blacks = st[STAGE_BLACKS]
        row[at] = whites / 10.0
        row[at + 1] = blacks / 10.0
        row[at + 2] = (whites + 10 * blacks) / target
        row[at + 3] = 1.0 if whites + blacks >= SHOW_CHIPS else 0.0
        row[at + 4] = (st[POINTS + seat] % 10) / 10.0
        holder = st[MAGIC_CHIP]
        row[at + (5 if holder < 0 else 6 + (holder - seat) % n)] = 1.0
        at += MAGIC_FEATURES
    return at


@njit(cache=True)
def features_rows(states, ru, seats, over, slot_of_id, x, legal, fits, heuristic_id, ids, scratch, memo):
    """For each row i (its seat seats[i] to move): x[i] = features(view of that seat), legal[i] =
    its legal slots (bool), fits[i] = whether every legal id has a slot, heuristic_id[i] = the
    heuristic's action id; a row that `over` marks (a finished game) gets zeros, every slot
    legal and no fit. slot_of_id: slot_table's, per seat. ids, scratch, memo: working memory
    (policies.LEGAL_SIZE, SCRATCH_SIZE, MEMO_SIZE). The card games' inputs are card_inputs_row's,
    dice's features_dice.dice_inputs_row's."""
    slots = legal.shape[1]
    dice = ru[R_FAMILY] == DICE
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
        at = dice_inputs_row(st, ru, seat, row, scratch, memo) if dice else card_inputs_row(st, ru, seat, row)
        count = legal_ids(st, ru, ids)
        fits[i] = True
        for slot in range(slots):
            legal[i, slot] = False
        by_id = slot_of_id[seat]
        for m in range(count):
            slot = by_id[ids[m]]
            if slot < 0:
                fits[i] = False
            else:
                legal[i, slot] = True
                row[at + slot] = 1.0
        choice = policies.heuristic(st, ru, ids, count, scratch, memo)
        heuristic_id[i] = choice
        if by_id[choice] >= 0:
            row[at + slots + by_id[choice]] = 1.0
