"""The `neural` bot's network in L.A.M.A. Dice (layout DICE_LAYOUT): its slots and features.

A slot per distinct action of dice, the slot being the action's id (Game.all_actions: roll, quit,
a take of each kind from the row, then every discard of one to three cards): the same slot means
the same action at any seat and player count.

The features read only what is public (D2, D3: every display but the face-down ones of the seats
that quit, the row, the discards, the dice and the last roll); the undealt cards play no part in
a round, and the network never sees them. lama.bots.neural holds the other games' layouts and
routes dice's views here.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from lama.core.errors import IllegalAction
from lama.games.dice_roll import DECK, KINDS, N_DICE, N_FACES, ROW

from .heuristic_dice import costs

DICE = "dice"
DICE_LAYOUT = "dice-1"
"""Dice's layout (`dice_inputs`, `dice_slot_of`); a saved agent of dice records it."""
K = KINDS.size
PENALTY_SCALE = 50.0


@cache
def _game():
    """Dice's game: its action ids are the same for every player count and option."""
    from lama.games import new_game

    return new_game(DICE, 2)


def dice_slot_count() -> int:
    return _game().num_distinct_actions()


def dice_slot_of(action) -> int | None:
    """The slot of a dice action: its id (None for something that is no action of dice)."""
    try:
        return _game().action_id(action)
    except IllegalAction:
        return None


def dice_input_count(max_seats: int) -> int:
    """The seat's own block, the shared blocks, the other seats' and the scalars (`dice_inputs`)."""
    return (K + 3) + 5 * K + (max_seats - 1) * (K + 3) + 8


def dice_inputs(view, max_seats: int) -> np.ndarray:
    """What the network reads of a dice view of the seat to move before its legal slots and the
    heuristic's choice (neural.features adds those; float32, dice_input_count long).

    The seat's display per kind / 3, its size / 10, its penalty / 50 (C7) and the heuristic's
    expected cost of rolling now / 50 (heuristic_dice.costs: 0 after a roll); the row per kind
    (D1: one of each), the discards per kind / 5 (D3b), the last roll per kind / 3 when this
    decision answers it (D3b's discard or D3c's take; else zeros), the dice's faces per kind /
    18 (the option `dice`, D1) and, per kind, whether the roll's dice may still let a card of
    it go (the discard's caps, from the legal discards; zeros else); per other seat in turn
    order after the mover (max_seats - 1 blocks, zeros past the players): its display per kind
    / 3 (zeros when it quit: face down, D3), its size / 10, whether it quit, its points /
    target; the seat's own points / target, the leader's, the player count / max_seats, the
    seats still in / max_seats, the row's size / 7, whether the seat is the last one in (a miss
    is a bust, D3d), whether this decision answers a roll, whether it is a discard."""
    seat, players = view.seat, view.players
    counts_of = KINDS.counts_of
    display = np.array(counts_of(view.displays[seat]), dtype=np.float32)
    legal_actions = view.legal_actions
    kinds = {a.kind for a in legal_actions}
    answers = "discard" in kinds or "take" in kinds
    roll_cost, stop_cost = costs(view) if not answers else (0.0, KINDS.penalty(display.astype(int).tolist()))
    own = np.concatenate([display / 3.0, np.array([display.sum() / 10.0, stop_cost / PENALTY_SCALE,
                                                   roll_cost / PENALTY_SCALE], dtype=np.float32)])
    row = np.array(counts_of(view.row), dtype=np.float32) / np.array(ROW, dtype=np.float32)
    discards = np.array(counts_of(view.discard_pile), dtype=np.float32) / np.array(DECK, dtype=np.float32)
    roll = np.zeros(K, dtype=np.float32)
    if answers and view.roll:
        roll[:] = np.array(counts_of(view.roll), dtype=np.float32) / N_DICE
    faces = np.array(counts_of([f for die in view.dice for f in die]), dtype=np.float32) / (N_DICE * N_FACES)
    caps = np.zeros(K, dtype=np.float32)
    if "discard" in kinds:
        for a in legal_actions:
            for k, c in enumerate(counts_of(a.cards)):
                caps[k] = max(caps[k], c / N_DICE)
    target = float(view.target)
    others = np.zeros((max_seats - 1, K + 3), dtype=np.float32)
    for i in range(1, players):
        s = (seat + i) % players
        others[i - 1, :K] = np.array(counts_of(view.displays[s]), dtype=np.float32) / 3.0
        others[i - 1, K:] = view.hand_sizes[s] / 10.0, float(view.quit[s]), view.points[s] / target
    still_in = sum(not q for q in view.quit)
    scalars = np.array([
        view.points[seat] / target, max(view.points) / target, players / max_seats, still_in / max_seats,
        len(view.row) / float(sum(ROW)), float(still_in == 1), float(answers), float("discard" in kinds),
    ], dtype=np.float32)
    return np.concatenate([own, row, discards, roll, faces, caps, others.ravel(), scalars])
