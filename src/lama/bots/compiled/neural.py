"""The `neural` bot on engine states, for batches of rows (the vector environments' opponents):
its inputs read from the rows by the compiled features (lama.bots.compiled.features, number for
number bots/neural.features of the seat to move's view; dice's by features_dice), then one numpy
forward pass over the batch and the best legal slot (`NeuralPolicy`;
tests/bots/test_compiled_neural.py holds its choice to the bot's).

As in the bot: where the network has no slot for a legal id (the puddle of option lachen) the
heuristic plays (its compiled twin), and a game that ships no model has no twin (unless given
`weights`). A slot maps back to an id by the seat to move (slot_table: kadabra's gives are to
seats relative to the mover; dice's slot is the action id).
"""

from __future__ import annotations

import numpy as np

from lama.fast.layout import TO_MOVE

from .. import neural
from . import policies
from .features import features_rows, slot_table


class NeuralPolicy:
    """The neural bot's action ids for the seat to move in rows of a batch of engine states
    of `game` (rules `rules`), with the shipped model (or `weights`, as neural.model gives)."""

    def __init__(self, game, rules, weights=None, heuristic_input: bool = True):
        self.game, self.rules = game, rules
        self.heuristic_input = heuristic_input
        self.weights = neural.model(game.id, game.players) if weights is None else weights
        if self.weights is None:
            raise ValueError(f"no neural model ships for {game.id}: play the heuristic there")
        self.slot_of_id, self.id_of_slot = slot_table(game)
        self.slots = self.id_of_slot.shape[1]
        self.size = neural.feature_count(game.id)
        self._ids = np.zeros(max(policies.LEGAL_SIZE, game.num_distinct_actions()), dtype=np.int64)
        self._scratch = np.zeros(policies.SCRATCH_SIZE, dtype=np.int64)
        self._memo = np.zeros(policies.MEMO_SIZE, dtype=np.float64)

    def __call__(self, states: np.ndarray, rows: np.ndarray) -> np.ndarray:
        at = states[np.asarray(rows, dtype=np.int64)]
        b = len(at)
        x = np.zeros((b, self.size), dtype=np.float32)
        legal = np.zeros((b, self.slots), dtype=np.bool_)
        fits = np.zeros(b, dtype=np.bool_)
        heuristic = np.zeros(b, dtype=np.int64)
        seats = at[:, TO_MOVE].copy()
        features_rows(at, self.rules, seats, np.zeros(b, dtype=np.bool_), self.slot_of_id, x,
                      legal, fits, heuristic, self._ids, self._scratch, self._memo)
        out = neural.scores(self.weights, x if self.heuristic_input else neural.blind(x, self.game.id))
        out[~legal] = -np.inf
        return np.where(fits, self.id_of_slot[np.maximum(seats, 0), np.argmax(out, axis=1)], heuristic)
