"""The `neural` bot on engine states, for batches of rows (the vector environments' opponents):
its inputs read from the rows (`inputs`, number for number bots/neural.features of the seat to
move's view: tests/bots/test_compiled_neural.py), then one numpy forward pass over the batch
and the best legal slot (`NeuralPolicy`).

As in the bot: one legal id is played at once; where the network has no slot for a legal id
(a K4 give, kadabra's stage) or the game ships no model, the heuristic plays (its compiled twin).
"""

from __future__ import annotations

import numpy as np

from lama.fast.common import penalty
from lama.fast.family import legal_ids
from lama.fast.kernel import njit
from lama.fast.layout import (
    CARDS,
    DISCARD_PILE,
    HAND_SIZES,
    HANDS,
    K_MAX,
    PILE_SIZE,
    POINTS,
    QUIT,
    R_FAMILY,
    R_K,
    R_N,
    R_TARGET,
    TO_MOVE,
    TOP,
)

from .. import neural
from ..neural import MAX_SEATS
from . import policies


@njit(cache=True)
def inputs(states, ru, rows, copies, id_slot, out, chosen, legal, scratch, memo):
    """For each row states[rows[j]] (a card game, a seat to move): out[j] = the network's
    inputs, and chosen[j] = the action id played without the network (the only legal one, or
    the heuristic's where a legal id has no slot; -1: the network decides). legal, scratch
    and memo: the heuristic's working memory (policies.choose)."""
    k = ru[R_K]
    n = ru[R_N]
    total = 0.0
    for kind in range(k):
        total += copies[kind]
    target = float(ru[R_TARGET])
    slots = k + 2
    for j in range(len(rows)):
        st = states[rows[j]]
        x = out[j]
        x[:] = 0.0
        seat = st[TO_MOVE]
        hand = HANDS + seat * K_MAX
        for kind in range(k):
            held, played, c = st[hand + kind], st[DISCARD_PILE + kind], copies[kind]
            x[kind] = held / 3.0
            x[2 * k + kind] = played / c
            x[3 * k + kind] = max(c - held - played, 0.0) / c
        if st[TOP] >= 0:
            x[k + st[TOP]] = 1.0
        at = 4 * k
        high = st[POINTS]
        active = 0
        for s in range(n):
            high = max(high, st[POINTS + s])
            if st[QUIT + s] == 0:
                active += 1
        x[at] = st[PILE_SIZE] / total
        x[at + 1] = st[HAND_SIZES + seat] / 10.0
        x[at + 2] = penalty(st, ru, seat) / 50.0
        x[at + 3] = st[POINTS + seat] / target
        x[at + 4] = high / target
        x[at + 5] = n / MAX_SEATS
        x[at + 6] = active / MAX_SEATS
        at += 7
        for i in range(1, n):
            s = (seat + i) % n
            x[at + 3 * (i - 1)] = st[HAND_SIZES + s] / 10.0
            x[at + 3 * (i - 1) + 1] = float(st[QUIT + s])
            x[at + 3 * (i - 1) + 2] = st[POINTS + s] / target
        at += 3 * (MAX_SEATS - 1)
        count = legal_ids(st, ru, legal)
        fits = True
        for i in range(count):
            slot = id_slot[legal[i]]
            if slot < 0:
                fits = False
            else:
                x[at + slot] = 1.0
        choice = policies.heuristic(st, ru, legal, count, scratch, memo)
        if count == 1 or not fits:
            chosen[j] = choice
        else:
            chosen[j] = -1
            x[at + slots + id_slot[choice]] = 1.0


class NeuralPolicy:
    """The neural bot's action ids for the seat to move in rows of a batch of engine states
    of `game` (rules `rules`), with the shipped model (or `weights`, as neural.model gives)."""

    def __init__(self, game, rules, weights=None):
        self.game, self.rules = game, rules
        self.weights = neural.model(game.id) if weights is None else weights
        if self.weights is None:
            raise ValueError(f"no neural model ships for {game.id}: play the heuristic there")
        if rules[R_FAMILY] != CARDS:
            raise ValueError(f"the neural bot reads card games' views, not {game.id}'s")
        codes = neural.card_codes(game.id)
        self.slots = len(codes) + 2
        self.size = neural.feature_count(game.id)
        self.copies = np.array(game.deck, dtype=np.float64)
        actions = game.num_distinct_actions()
        self.id_slot = np.full(actions, -1, dtype=np.int64)
        self.slot_id = np.zeros(self.slots, dtype=np.int64)
        for i in range(actions):
            slot = neural.slot_of(game.action_of(i), codes)
            if slot is not None:
                self.id_slot[i] = slot
                self.slot_id[slot] = i
        self._legal = np.zeros(max(policies.LEGAL_SIZE, actions), dtype=np.int64)
        self._scratch = np.zeros(policies.SCRATCH_SIZE, dtype=np.int64)
        self._memo = np.zeros(policies.MEMO_SIZE, dtype=np.float64)

    def __call__(self, states: np.ndarray, rows: np.ndarray) -> np.ndarray:
        rows = np.asarray(rows, dtype=np.int64)
        x = np.zeros((len(rows), self.size), dtype=np.float32)
        chosen = np.zeros(len(rows), dtype=np.int64)
        inputs(states, self.rules, rows, self.copies, self.id_slot, x, chosen, self._legal, self._scratch,
               self._memo)
        legal_at = self.size - 2 * self.slots
        out = neural.scores(self.weights, x)
        out[x[:, legal_at:legal_at + self.slots] == 0] = -np.inf
        actions = self.slot_id[np.argmax(out, axis=1)]
        return np.where(chosen >= 0, chosen, actions)
