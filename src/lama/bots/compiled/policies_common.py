"""What the compiled policies share (policies_cards.py, policies_kadabra.py, policies_dice.py and
the cards' search, compiled/cards.py): the seat's own hand copied to scratch, the legal ids
looked through, the plays among them, the seats still in, and heuristic_cards.run_length.
"""

from __future__ import annotations

from lama.fast.kernel import njit
from lama.fast.layout import (
    HAND_SIZES,
    HANDS,
    K_MAX,
    QUIT,
    R_K,
    R_N,
    R_ONE,
    R_PLAY_N,
    R_PLAY_ON,
    R_SAME,
    R_SAME_N,
)


@njit(cache=True)
def first_held(h, at, ru, kinds, counts, top):
    """The first kind in hand h[at:] of the table list ru[kinds + top * K_MAX:], ru[counts + top]
    long (R_SAME: sharing a value with `top`; R_PLAY_ON: playable on it, L3, K3); -1: none."""
    for i in range(ru[counts + top]):
        kind = ru[kinds + top * K_MAX + i]
        if h[at + kind]:
            return kind
    return -1


@njit(cache=True)
def own_hand(st, ru, seat, scratch):
    """The seat's own hand copied to scratch[0:K] (so that a play can be tried on it)."""
    at = HANDS + seat * K_MAX
    for kind in range(ru[R_K]):
        scratch[kind] = st[at + kind]


@njit(cache=True)
def is_play(ru, action):
    k = ru[R_K]
    return action < k or action >= k + 4


@njit(cache=True)
def card_of(ru, action):
    """The kind a play id plays (a 1 given to a seat: the 1)."""
    return action if action < ru[R_K] else ru[R_ONE]


@njit(cache=True)
def others_in(st, ru, seat):
    """How many seats other than `seat` are still in, and the fewest cards one of them holds."""
    count = 0
    fewest = 1 << 30
    for s in range(ru[R_N]):
        if s != seat and not st[QUIT + s]:
            count += 1
            fewest = min(fewest, st[HAND_SIZES + s])
    return count, fewest


@njit(cache=True)
def has(legal, count, action):
    for i in range(count):
        if legal[i] == action:
            return True
    return False


@njit(cache=True)
def run_length(scratch, ru, top):
    """heuristic_cards.run_length: how many of the hand in scratch[0:K] the seat could play in a
    row on kind `top` (copies of the top first, then up the cycle; each time the first such
    card in table order, as in a sorted hand), counted in scratch[K_MAX:2 * K_MAX]."""
    k = ru[R_K]
    for kind in range(k):
        scratch[K_MAX + kind] = scratch[kind]
    played = 0
    while True:
        pick = first_held(scratch, K_MAX, ru, R_SAME, R_SAME_N, top)
        if pick < 0:
            pick = first_held(scratch, K_MAX, ru, R_PLAY_ON, R_PLAY_N, top)
        if pick < 0:
            return played
        scratch[K_MAX + pick] -= 1
        played += 1
        top = pick

